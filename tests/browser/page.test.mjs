// The board page in Chromium: loading (no console error, no request outside
// its origin, on the dev server and on a plain static server), a whole game
// against the engine and against a seed player, undo and redo, keyboard play,
// the record (paste equals play, bad pastes change nothing, copy, set-up,
// kept across reloads, bad saved settings), hints and the evaluation graph. Screenshots of the main screens go to test-artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  artifact, boardShown, engineReady, illegalPlies, openPage, playBlackToTheEnd, recordState, splitMoves, wthorGames,
} from './page-support.mjs';

const START_BOARD = '---------------------------OX------XO---------------------------';


/** Starts a new game through the new-game dialog, with the settings as they are. */
async function startNewGame(page, problems) {
  await page.evaluate(() => { window.previousRecord = window.othelloPage.record; });
  await page.click('#new-game');
  await page.click('#new-game-start');
  // The new game replaces the old one as the dialog closes: wait for it
  // (a clean-clone CI run once read the board before it was replaced, and
  // once saw no new game in 30 s: say what the page shows if that happens).
  try {
    await page.waitForFunction(() => window.othelloPage.record !== window.previousRecord, null, { timeout: 15_000 });
  } catch (error) {
    await page.screenshot({ path: await artifact('page-new-game-not-started.png') });
    const shown = await page.evaluate(() => {
      const dialog = document.getElementById('new-game-dialog');
      return {
        dialogOpen: dialog.open,
        returnValue: dialog.returnValue,
        moves: window.othelloPage.record.moves.length,
        sameRecord: window.othelloPage.record === window.previousRecord,
        activity: window.othelloPage.activity,
        status: document.getElementById('status').textContent,
        focused: document.activeElement?.id,
      };
    });
    throw new Error(`the new game did not start: ${JSON.stringify(shown)}; page problems: ${JSON.stringify(problems)}`, { cause: error });
  }
}

test('the page loads with no console error and no request outside its origin', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, url, problems, requests, bytes } = session;
  assert.equal(await boardShown(page), START_BOARD);
  assert.match(await page.textContent('#status'), /Black \(you\) to move/);
  assert.equal(await page.locator('#board .square.legal').count(), 4);
  // The engine answers from its worker: the first move is played against it.
  await page.click('[data-square="f5"]');
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 2, null, { timeout: 30_000 });
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.screenshot({ path: await artifact('page-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: await artifact('page-phone.png'), fullPage: true });
  const origin = new URL(url).origin;
  const outside = requests.filter((request) => !request.startsWith(origin) && !request.startsWith('data:') && !request.startsWith('blob:'));
  assert.deepEqual(outside, [], 'requests outside the origin');
  assert.ok(requests.some((request) => request.endsWith('/pkg/worker.js')), 'the worker script was loaded');
  assert.equal(session.pageRequests.filter((request) => request.endsWith('.wasm')).length, 1, 'the wasm is fetched once, for the page and its worker');
  assert.deepEqual(problems, []);
  const metrics = await page.evaluate(() => window.othelloPage.metrics);
  const weight = [...bytes.values()].reduce((sum, size) => sum + size, 0);
  t.diagnostic(`time to first engine answer: ${metrics.engineReadyMs} ms; page weight: ${(weight / 1024).toFixed(0)} KiB in ${bytes.size} responses`);
});

test('the page works from a plain static file server (no isolation headers)', async (t) => {
  const session = await openPage({ plain: true });
  t.after(session.close);
  const { page, problems } = session;
  assert.equal(await page.evaluate(() => window.othelloPage.engine.client.stopMode), 'terminate');
  await page.click('[data-square="f5"]');
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 2, null, { timeout: 30_000 });
  const state = await recordState(page);
  assert.equal(state.toMove, 'black');
  assert.deepEqual(problems, []);
});

test('a full game against the engine at the fastest level is played to the end', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#level', 'novice');
  await playBlackToTheEnd(page, 7);
  const end = await recordState(page);
  assert.equal(end.status, 'gameover');
  // The board shown, the counts and the result agree with each other.
  const board = await boardShown(page);
  const black = [...board].filter((cell) => cell === 'X').length;
  const white = [...board].filter((cell) => cell === 'O').length;
  assert.equal(await page.textContent('#count-black'), String(black));
  assert.equal(await page.textContent('#count-white'), String(white));
  const statusText = await page.textContent('#status');
  // The result, winner first, the empty squares to the winner (and the discs on the board said where there are empties).
  const empties = 64 - black - white;
  const [high, low] = [Math.max(black, white), Math.min(black, white)];
  const expected = black === white ? `Game over: Draw ${black}–${white}` : `Game over: ${black > white ? 'Black' : 'White'} wins ${high + empties}–${low}`;
  assert.ok(statusText.startsWith(expected), `${statusText} should say ${expected}`);
  if (empties > 0 && black !== white) assert.ok(statusText.includes(`(${high}–${low} on the board;`), statusText);
  // Every ply alternates or is a pass, as the engine's own parser agrees.
  const transcript = await page.evaluate(() => window.othelloPage.record.transcript());
  assert.equal(splitMoves(transcript).length, end.moves.filter((move) => move !== 'pa').length);
  await page.screenshot({ path: await artifact('page-game-over.png') });
  assert.deepEqual(problems, []);
});

test('a whole game against a seed player level (BILL 4), a reply of the 2001 study\'s program, and random play that differs between games', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  const levels = await page.$$eval('#level option', (options) => options.map((option) => option.value));
  assert.deepEqual(levels, ['random', 'greedy', 'novice', 'paip-alphabeta-4', 'study-alphabeta-2', 'beginner', 'iago-4', 'bill-4', 'casual', 'club', 'expert', 'full'],
    'the levels in the order of the measured round robin, weakest first');
  await page.selectOption('#level', 'bill-4');
  const replies = await playBlackToTheEnd(page, 11);
  const end = await recordState(page);
  assert.equal(end.status, 'gameover');
  assert.ok(replies >= 20, `BILL replied ${replies} times`);
  assert.deepEqual(await illegalPlies(page), []);
  assert.equal((await page.evaluate(() => window.othelloPage.metrics.lastMove)).player, 'bill:4');
  const final = end.black > end.white ? 'Black wins' : end.black < end.white ? 'White wins' : 'Draw';
  const [high, low] = [Math.max(end.black, end.white), Math.min(end.black, end.white)];
  // Winner first: the winner's discs and the empty squares, or the discs on the board in brackets when there are empties.
  assert.match(await page.textContent('#status'), new RegExp(`^Game over: ${final} (${high}–${low}\\.|\\d+–${low} \\(${high}–${low} on the board;)`));
  assert.doesNotMatch(await page.textContent('#engine-state'), /error/i);

  // The 2001 study's alpha-beta answers a move.
  await page.selectOption('#level', 'study-alphabeta-2');
  await startNewGame(page, problems);
  await page.click(`[data-square="${(await recordState(page)).legal[0]}"]`);
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 2, null, { timeout: 30_000 });
  assert.equal((await page.evaluate(() => window.othelloPage.metrics.lastMove)).player, 'study-alphabeta:2');
  assert.deepEqual(await illegalPlies(page), []);

  // Random as Black: its first moves from three new games (answering with the first legal move).
  await page.selectOption('#level', 'random');
  await page.selectOption('#mode', 'engine-human');
  const openings = [];
  for (let game = 0; game < 3; game += 1) {
    await startNewGame(page, problems);
    for (let ply = 1; ply <= 5; ply += 2) {
      await page.waitForFunction((count) => window.othelloPage.record.moves.length === count, ply, { timeout: 30_000 });
      if (ply < 5) await page.click(`[data-square="${(await recordState(page)).legal[0]}"]`);
    }
    assert.deepEqual(await illegalPlies(page), []);
    openings.push((await recordState(page)).moves.join(''));
  }
  assert.ok(new Set(openings).size > 1, `random played the same in every game: ${openings}`);
  t.diagnostic(`random's openings: ${openings.join(', ')}`);
  assert.deepEqual(problems, []);
});

test('undo and redo against the engine, and keyboard play', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#level', 'novice');
  // Keyboard: the focus starts on d3; arrows move it, Enter plays.
  await page.focus('[data-square="d3"]');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'f5');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 2, null, { timeout: 30_000 });
  const afterReply = await recordState(page);
  const boardAfterReply = await boardShown(page);
  assert.equal(afterReply.moves[0], 'f5');
  // The engine's reply is marked as the last move, and the discs it flipped are ringed.
  assert.deepEqual(await page.$$eval('#board .square.last', (squares) => squares.map((square) => square.dataset.square)), [afterReply.moves[1]]);
  const flipped = await page.$$eval('#board .disc.flipped', (discs) => discs.map((disc) => disc.classList.contains('white')));
  assert.ok(flipped.length >= 1 && flipped.every(Boolean), 'White\'s reply flipped discs to white');
  assert.equal(flipped.length, afterReply.white - 2, 'White had 1 disc after f5, then the reply and its flips');

  await page.click('#undo');
  let state = await recordState(page);
  assert.equal(state.cursor, 0, 'undo goes back to the player\'s move, past the engine\'s reply');
  assert.equal(await boardShown(page), START_BOARD);
  assert.equal(await page.locator('#moves button.future').count(), 2, 'undone moves stay listed for redo');
  await page.waitForTimeout(300);
  assert.equal((await recordState(page)).cursor, 0, 'the engine does not move after undo on the player\'s turn');

  await page.click('#redo');
  state = await recordState(page);
  assert.equal(state.cursor, 2);
  assert.equal(await boardShown(page), boardAfterReply);

  // U undoes from the keyboard; a different move then replaces the redo line.
  await page.locator('body').press('u');
  assert.equal((await recordState(page)).cursor, 0);
  await page.click('[data-square="d3"]');
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 2 && window.othelloPage.record.cursor === 2, null, { timeout: 30_000 });
  state = await recordState(page);
  assert.equal(state.moves[0], 'd3');
  assert.equal(await page.isDisabled('#redo'), true);

  // Jump to any move in the list.
  await page.click('#moves button[data-ply="1"]');
  state = await recordState(page);
  assert.equal(state.cursor, 1);
  assert.equal(await page.isVisible('#go'), true, 'on the engine\'s turn after a jump the engine waits');
  await page.click('#go');
  await page.waitForFunction(() => window.othelloPage.record.cursor === 2, null, { timeout: 30_000 });
  assert.deepEqual(problems, []);
});

test('pasting a transcript reaches the same position as playing it; a bad paste changes nothing', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  const [game] = wthorGames(1);
  const moves = splitMoves(game.moves);
  await page.selectOption('#mode', 'human-human');
  for (const move of moves.slice(0, 24)) await page.click(`[data-square="${move}"]`);
  const played = await recordState(page);
  const playedBoard = await boardShown(page);
  assert.equal(played.cursor, 24);

  // Bad pastes: a message that names the problem, and the game stays.
  await page.fill('#record-text', `${moves.slice(0, 5).join('')}c9`);
  await page.click('#load');
  assert.match(await page.textContent('#record-message'), /c9/);
  await page.fill('#record-text', 'f5f5');
  await page.click('#load');
  assert.match(await page.textContent('#record-message'), /illegal/);
  const badPastes = [
    // An OBF line a square short, and one with a side to move that is neither X nor O.
    [`${'-'.repeat(27)}OX------XO${'-'.repeat(26)} X`, /^Not loaded: obf: board has 63 squares, expected 64\. The game on the board is unchanged\.$/],
    [`${'-'.repeat(27)}OX------XO${'-'.repeat(27)} Z`, /^Not loaded: obf: side to move 'Z' is not X or O\./],
    // A GGF record with an illegal move, one cut short, and one of another game.
    [`(;GM[Othello]PB[a]PW[b]TY[8]BO[8 ${'-'.repeat(27)}O*------*O${'-'.repeat(27)} *]B[f5]W[f5];)`, /^Not loaded: ggf: move 2 f5 is illegal for White\./],
    [`(;GM[Othello]BO[8 ${'-'.repeat(27)}O*------*O${'-'.repeat(27)} *]B[f5]W[d6]`, /^Not loaded: ggf: a game record starts with '\(;' and ends with ';\)'/],
    ['(;GM[Chess]B[f5];)', /^Not loaded: ggf: GM\[Chess\] is not 8x8 Othello/],
  ];
  for (const [text, reason] of badPastes) {
    await page.fill('#record-text', text);
    await page.click('#load');
    assert.match(await page.textContent('#record-message'), reason, text);
    assert.equal(await page.getAttribute('#record-message', 'class'), 'message error');
  }
  assert.deepEqual(await recordState(page), played);
  assert.equal(await boardShown(page), playedBoard);
  await page.screenshot({ path: await artifact('page-bad-paste.png') });

  await startNewGame(page, problems);
  assert.equal(await boardShown(page), START_BOARD);
  await page.fill('#record-text', moves.slice(0, 24).join(''));
  await page.click('#load');
  const pasted = await recordState(page);
  assert.equal(pasted.position, played.position);
  assert.equal(await boardShown(page), playedBoard);

  // Copy gives back what was pasted, in each notation.
  await page.click('#copy-transcript');
  assert.equal(await page.inputValue('#record-text'), moves.slice(0, 24).join(''));
  await page.click('#copy-obf');
  assert.equal(await page.inputValue('#record-text'), played.position);
  await page.click('#copy-ggf');
  const ggf = await page.inputValue('#record-text');
  assert.match(ggf, /^\(;GM\[Othello\]/);
  await startNewGame(page, problems);
  await page.click('#load');
  assert.equal((await recordState(page)).position, played.position, 'the GGF copy loads back');
  await page.fill('#record-text', played.position);
  await page.click('#load');
  const fromObf = await recordState(page);
  assert.equal(fromObf.position, played.position, 'an OBF line loads as a set-up position');
  assert.deepEqual(fromObf.moves, []);
  assert.match(await page.textContent('#moves'), /set-up position/);

  // The whole tournament game: the page's result is the one recorded.
  await page.fill('#record-text', game.moves);
  await page.click('#load');
  const end = await recordState(page);
  assert.equal(end.status, 'gameover');
  assert.equal(end.black, game.black);
  assert.equal(end.white, game.white);
  const winner = game.black > game.white ? 'Black' : 'White';
  const score = `${Math.max(game.black, game.white)}–${Math.min(game.black, game.white)}`;
  assert.equal(await page.textContent('#status'), `Game over: ${winner} wins ${score}.`, 'the recorded result, winner first');

  // The current game is kept across a reload.
  await page.click('#moves button[data-ply="30"]');
  await page.reload();
  await engineReady(page);
  const reloaded = await recordState(page);
  assert.equal(reloaded.cursor, 30);
  assert.deepEqual(reloaded.moves, end.moves);
  assert.equal(await page.inputValue('#mode'), 'human-human');
  assert.deepEqual(problems, []);
});

test('setting up a position', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#mode', 'human-human');
  await page.click('[data-square="f5"]');
  await page.click('[data-square="d6"]');
  await page.click('#undo');
  const before = await recordState(page);
  await page.click('#setup');
  // U, R and M belong to the game: in set-up mode they change nothing.
  for (const key of ['u', 'r', 'm', 'U']) await page.locator('body').press(key);
  assert.deepEqual(await recordState(page), before, 'the record is unchanged by keys during set-up');
  await page.click('#setup-clear');
  await page.selectOption('#setup-side', 'X');
  // Black d4 and e5, White e4 (one click: black, two: white); Black to move.
  for (const [square, clicks] of [['d4', 1], ['e4', 2], ['e5', 1]]) {
    for (let click = 0; click < clicks; click += 1) await page.click(`[data-square="${square}"]`);
  }
  await page.click('#setup-done');
  const state = await recordState(page);
  assert.equal(state.position, `${'-'.repeat(27)}XO${'-'.repeat(7)}X${'-'.repeat(27)} X`);
  assert.deepEqual(state.legal, ['e3', 'f4']);
  assert.match(await page.textContent('#moves'), /set-up position/);
  await page.click('#copy-transcript');
  assert.match(await page.textContent('#record-message'), /standard start/);
  await page.click('[data-square="f4"]');
  assert.equal((await recordState(page)).status, 'gameover', 'White is wiped out');
  assert.match(await page.textContent('#status'), /Black wins 64–0/);
  assert.deepEqual(problems, []);
});

test('a saved game with an unknown mode or level falls back to the defaults', async (t) => {
  // What an older or tampered page left in local storage.
  const initScript = () => {
    if (location.protocol !== 'http:' || sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('othello-page-v1', JSON.stringify({
      game: { start: '---------------------------OX------XO--------------------------- X', moves: [], cursor: 0 },
      settings: { mode: 'robot-robot', level: 'grandmaster', moveTime: 7, hints: 'yes' },
      paused: false,
    }));
  };
  const session = await openPage({ initScript });
  t.after(session.close);
  const { page, problems } = session;
  const settings = await page.evaluate(() => ({ ...window.othelloPage.settings }));
  assert.equal(settings.mode, 'human-engine');
  assert.equal(settings.level, 'casual');
  assert.equal(settings.moveTime, 5);
  assert.equal(settings.hints, false);
  assert.equal(await page.inputValue('#mode'), 'human-engine');
  assert.match(await page.textContent('#status'), /Black \(you\) to move/);
  await page.click('[data-square="f5"]');
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 2, null, { timeout: 30_000 });
  assert.deepEqual(problems, []);
});

test('hints show a score on every legal move', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#mode', 'human-human');
  await page.fill('#record-text', 'f5d6c3d3c4f4');
  await page.click('#load');
  const waitHints = page.evaluate(() => new Promise((done) => document.addEventListener('othello:hints', done, { once: true })));
  await page.check('#hints');
  await waitHints;
  const state = await recordState(page);
  const badges = await page.$$eval('#board .square', (squares) => squares
    .filter((square) => square.querySelector('.hint'))
    .map((square) => ({ square: square.dataset.square, text: square.querySelector('.hint').textContent, score: Number(square.querySelector('.hint').dataset.score), best: square.querySelector('.hint').classList.contains('best') })));
  assert.deepEqual(badges.map((badge) => badge.square).sort(), [...state.legal].sort());
  for (const badge of badges) assert.match(badge.text, /^([+-]?\d+(d\d+|exact|book)|(win|loss|draw)proven)$/);
  // The Tiger is in the opening book: its book moves show their book values.
  assert.ok(badges.some((badge) => badge.text.endsWith('book')), JSON.stringify(badges));
  const best = badges.filter((badge) => badge.best);
  assert.equal(best.length, 1);
  assert.equal(best[0].score, Math.max(...badges.map((badge) => badge.score)));
  await page.screenshot({ path: await artifact('page-hints.png') });
  // Near the end the hints are exact.
  await page.fill('#record-text', wthorGames(1)[0].moves.slice(0, 2 * 50));
  const waitExact = page.evaluate(() => new Promise((done) => document.addEventListener('othello:hints', done, { once: true })));
  await page.click('#load');
  await waitExact;
  const exact = await page.$$eval('#board .hint small', (smalls) => smalls.map((small) => small.textContent));
  assert.ok(exact.length > 0 && exact.every((kind) => kind === 'exact' || kind === 'proven'), `exact hints with 10 empties: ${exact}`);
  assert.deepEqual(problems, []);
});

test('the analysis graph fills position by position, and analysis can be stopped', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  const [game] = wthorGames(1);
  await page.selectOption('#mode', 'human-human');
  await page.fill('#record-text', game.moves);
  await page.click('#load');
  const plies = (await recordState(page)).moves.length;

  // Stopped early: part of the graph, the button back.
  await page.click('#analyse');
  await page.waitForFunction(() => Number(document.getElementById('analyse-progress').value) >= 3);
  const stopped = page.evaluate(() => new Promise((done) => document.addEventListener('othello:analysed', (event) => done(event.detail), { once: true })));
  await page.click('#analyse-stop');
  assert.deepEqual(await stopped, { finished: false });
  const partial = Number(await page.getAttribute('#graph', 'data-scored'));
  assert.ok(partial >= 3 && partial < plies + 1, `graph after stop: ${partial} of ${plies + 1}`);
  assert.equal(await page.isVisible('#analyse'), true);

  const done = page.evaluate(() => new Promise((resolve) => document.addEventListener('othello:analysed', (event) => resolve(event.detail), { once: true })));
  await page.click('#analyse');
  assert.deepEqual(await done, { finished: true });
  assert.equal(Number(await page.getAttribute('#graph', 'data-scored')), plies + 1);
  const last = await page.evaluate(() => {
    const record = window.othelloPage.record;
    return window.othelloPage.evals.get(record.positions[record.positions.length - 1]);
  });
  assert.equal(last.black, game.black - game.white, 'the final score as recorded');
  assert.equal(last.kind, 'exact');
  // Mistakes are marked where one analysis of the position (every move scored
  // alike) says the played move lost 4 discs or more against the best one.
  const marks = await page.$$eval('#moves button[data-ply]', (buttons) => buttons
    .filter((button) => button.querySelector('.mistake'))
    .map((button) => ({ ply: Number(button.dataset.ply), mark: button.querySelector('.mistake').textContent })));
  const losses = await page.evaluate(() => {
    const { record, analyses } = window.othelloPage;
    return record.moves.map((move, index) => {
      const list = analyses.get(record.positions[index]);
      if (move === 'pa') return 0;
      if (!list) throw new Error(`position ${index} was not analysed`);
      const played = list.find((entry) => entry.move === move);
      const best = list[0];
      if (best.kind === 'wld' || played.kind === 'wld') return 0;
      return best.score - played.score;
    });
  });
  const expectedMarks = losses.flatMap((loss, index) => loss >= 4 ? [{ ply: index + 1, mark: loss >= 8 ? '??' : '?' }] : []);
  assert.deepEqual(marks, expectedMarks);
  t.diagnostic(`moves marked as mistakes in the tournament game: ${marks.map((entry) => `${entry.ply}${entry.mark}`).join(' ') || 'none'}`);
  // Clicking the graph jumps to that move.
  const box = await page.locator('#graph').boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const cursor = (await recordState(page)).cursor;
  assert.ok(cursor > 10 && cursor < plies - 10, `graph click jumped to ply ${cursor}`);
  await page.screenshot({ path: await artifact('page-analysis.png') });
  assert.deepEqual(problems, []);
});

test('a pass is announced and played', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  const [game] = wthorGames(1);
  await page.selectOption('#mode', 'human-human');
  await page.fill('#record-text', game.moves);
  await page.click('#load');
  const { moves } = await recordState(page);
  const pass = moves.indexOf('pa');
  assert.ok(pass > 0, 'the tournament game has a pass');
  const passer = pass % 2 === 0 ? 'Black' : 'White';
  await page.fill('#record-text', moves.slice(0, pass - 1).filter((move) => move !== 'pa').join(''));
  await page.click('#load');
  await page.click(`[data-square="${moves[pass - 1]}"]`);
  assert.equal(await page.textContent('#announce'), `${passer} has no legal move and passes.`);
  const state = await recordState(page);
  assert.deepEqual(state.moves, moves.slice(0, pass + 1));
  assert.equal(state.toMove, passer === 'Black' ? 'white' : 'black');
  assert.match(await page.textContent('#moves'), /pass/);
  assert.deepEqual(problems, []);
});

test('engine against engine plays on its own', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#level', 'novice');
  await page.selectOption('#mode', 'engine-engine');
  await page.waitForFunction(() => window.othelloPage.record.moves.length >= 8, null, { timeout: 30_000 });
  // Undo pauses it; "Engine, play" resumes.
  await page.click('#undo');
  await page.waitForSelector('#go', { state: 'visible' });
  const paused = (await recordState(page)).cursor;
  await page.waitForTimeout(600);
  assert.equal((await recordState(page)).cursor, paused);
  await page.click('#go');
  await page.waitForFunction((ply) => window.othelloPage.record.cursor >= ply + 3, paused, { timeout: 30_000 });
  assert.deepEqual(problems, []);
});

test('on a phone screen: the board fits, a tap plays, colour-blind view', async (t) => {
  const session = await openPage({ viewport: { width: 360, height: 740 } });
  t.after(session.close);
  const { page, context, problems } = session;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling (${overflow} px too wide)`);
  const box = await page.locator('#board').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 360, 'the whole board is on the screen');
  assert.ok(box.width >= 280, `the board is ${box.width} px wide`);
  // A real touch on f5 (touchstart/touchend, then the click it makes).
  const square = await page.locator('[data-square="f5"]').boundingBox();
  const point = { x: square.x + square.width / 2, y: square.y + square.height / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 2, null, { timeout: 30_000 });
  assert.equal((await recordState(page)).moves[0], 'f5');
  await page.screenshot({ path: await artifact('page-phone-game.png') });
  await cdp.send('Emulation.setEmulatedVisionDeficiency', { type: 'deuteranopia' });
  await page.check('#hints');
  await page.waitForSelector('#board .hint');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: await artifact('page-deuteranopia.png') });
  await cdp.send('Emulation.setEmulatedVisionDeficiency', { type: 'achromatopsia' });
  await page.screenshot({ path: await artifact('page-achromatopsia.png') });
  assert.deepEqual(problems, []);
});
