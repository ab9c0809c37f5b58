// The game record as players see it, in Chromium on the built page (dist/):
// - moves are numbered 1-60 by discs placed, a pass taking no number, in the
//   move list, the review, the paste message and the GGF export;
// - the moves as a list or as a transcript sheet (the board with each
//   square's move number), the current move marked, a number a jump;
// - a pasted GGF record keeps its players' names (list of previous games,
//   export) and opens in review (the engine does not move, the page says
//   so) until "Play from here";
// - one statement of the result in the card, the status and the export,
//   also for a finished pasted game, a resignation and a loss on time;
// - resigning asks first, ends the game and is written RE[...:r];
// - each move's time is kept and exported (B[f5//3.20]);
// - a record message goes when the game changes.
// Screenshots of the list, the sheet, the cards and the review go to test-artifacts/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { artifact, load, openPage, recordState, splitMoves, wthorGames } from './page-support.mjs';

/** A WTHOR game of 60 moves and three passes, won by White 47–17. */
const PASS_GAME = wthorGames(3)[2].moves;
/** Nine moves: after c5 White has no disc left (Black wins 64–0, 13–0 on the board). */
const SHORT_GAME = 'e6f4e3f6g5d6e7f5c5';
const START_GGF_BOARD = '---------------------------O*------*O--------------------------- *';

let session;
before(async () => {
  session = await openPage({ viewport: { width: 1280, height: 800 } });
});
after(async () => session.close());

/** A new game from the dialog (the colour, level and time control given). */
async function newGame(page, { colour = 'human-human', level, timeControl } = {}) {
  await page.evaluate(() => { window.recordBeforeDialog = window.othelloPage.record; });
  await page.click('#new-game');
  await page.waitForFunction(() => document.getElementById('new-game-dialog').open);
  await page.check(`input[name="colour"][value="${colour}"]`);
  if (level) await page.selectOption('#new-level', level);
  if (timeControl) await page.selectOption('#new-time-control', timeControl);
  await page.click('#new-game-start');
  await page.waitForFunction(() => !document.getElementById('new-game-dialog').open
    && window.othelloPage.record !== window.recordBeforeDialog);
}

/** Copies the game as GGF and returns the record's text and the message. */
async function copyGgf(page) {
  await page.click('#copy-ggf');
  await page.waitForFunction(() => /GGF/.test(document.getElementById('record-message').textContent));
  return { ggf: await page.inputValue('#record-text'), message: await page.textContent('#record-message') };
}

/** Saves a screenshot once the discs' animations are over; `at`: the element at the top of the view (default: the page's top). */
async function shot(page, name, at = null) {
  await page.evaluate((selector) => {
    if (selector) document.querySelector(selector).closest('.panel').scrollIntoView({ block: 'start' });
    else window.scrollTo(0, 0);
  }, at);
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await page.screenshot({ path: await artifact(name) });
}

/** Sets the theme ('light' or 'dark') through the page's toggle. */
async function theme(page, wanted) {
  const dark = await page.evaluate(() => document.documentElement.dataset.theme === 'dark');
  if (dark !== (wanted === 'dark')) await page.click('#theme-toggle');
}

/** The card's three lines. */
async function card(page) {
  await page.waitForSelector('#result-card', { state: 'visible' });
  return {
    title: await page.textContent('#result-title'), score: await page.textContent('#result-score'),
    rule: await page.textContent('#result-rule'),
  };
}

test('moves are numbered by discs placed: a 60-move game with passes ends on 60 in the list, the review, the paste message and GGF', async () => {
  const { page, problems } = session;
  await load(page, PASS_GAME);
  const state = await recordState(page);
  assert.equal(state.moves.length, 63, 'the record keeps the three passes');
  assert.match(await page.textContent('#record-message'), /^Loaded 60 moves \(transcript\)\.$/);
  const numbers = await page.$$eval('#moves button[data-ply]', (buttons) => buttons.slice(1)
    .map((button) => button.querySelector('.n').textContent));
  assert.equal(numbers.length, 63);
  assert.equal(numbers.at(-1), '60', 'the last move is number 60');
  assert.deepEqual(numbers.filter((number) => number !== '').map(Number), Array.from({ length: 60 }, (_, index) => index + 1));
  assert.deepEqual(state.moves.flatMap((move, ply) => (move === 'pa' ? [numbers[ply]] : [])), ['', '', ''], 'a pass has no number');
  const passLabel = await page.getAttribute(`#moves button[data-ply="${state.moves.indexOf('pa') + 1}"]`, 'aria-label');
  assert.match(passLabel, /^(Black|White) passes$/);
  assert.match(await page.getAttribute('#moves button[data-ply="63"]', 'aria-label'), /^move 60, /);

  // The review of a move after the passes says its number, not its ply.
  const ply = 58; // after the first two passes (plies 53 and 55)
  const move = state.moves[ply];
  assert.notEqual(move, 'pa');
  await page.evaluate(({ ply, move }) => {
    const record = window.othelloPage.record;
    // A move list of that position as the game analysis leaves it: a better move, and the one played 8 discs worse.
    window.othelloPage.analyses.set(record.positions[ply], [
      { move: move === 'a1' ? 'h8' : 'a1', score: 6, kind: 'exact', depth: 20, confidence: 100 },
      { move, score: -2, kind: 'exact', depth: 20, confidence: 100 },
    ]);
  }, { ply, move });
  await page.click(`#moves button[data-ply="${ply + 1}"]`);
  const number = await page.evaluate((ply) => window.othelloPage.record.moveNumber(ply), ply);
  assert.equal(number, 57);
  const mover = await page.evaluate((ply) => (window.othelloPage.record.positions[ply].endsWith('X') ? 'Black' : 'White'), ply);
  assert.match(await page.textContent('#review'), new RegExp(`^Move 57 \\(${mover} ${move}\\): best was .*8 discs lost\\.$`));
  const [mark] = await page.$$eval(`#moves button[data-ply="${ply + 1}"] .mistake`, (marks) => marks.map((m) => m.textContent));
  assert.equal(mark, '??', 'the analysis mark sits on move 57');

  // The GGF export has the 60 moves and the passes, and its message counts the 60.
  await page.click('#moves button[data-ply="63"]');
  const { ggf, message } = await copyGgf(page);
  const plies = [...ggf.matchAll(/(?<![A-Z])[BW]\[([^\]]*)\]/g)].map((found) => found[1].toLowerCase());
  assert.equal(plies.filter((entry) => entry !== 'pa').length, 60);
  assert.equal(plies.length, 63);
  assert.match(message, /^Copied the whole game \(60 moves; White wins 47–17\) as GGF\.$/);
  await page.click('#copy-transcript');
  await page.waitForFunction(() => /transcript/.test(document.getElementById('record-message').textContent));
  assert.match(await page.textContent('#record-message'), /\(60 moves; White wins 47–17\) as a transcript/);
  assert.deepEqual(problems, []);
});

test('the moves as a list or as a transcript sheet: numbers on their squares, the current move marked, a number jumps there', async () => {
  const { page, problems } = session;
  await load(page, 'f5d6c3d3c4');
  await page.click('#moves-view-sheet');
  assert.equal(await page.isHidden('#moves'), true, 'one view at a time');
  const numbers = await page.$$eval('#moves-sheet button[data-square]', (buttons) => Object.fromEntries(
    buttons.map((button) => [button.dataset.square, button.textContent])));
  assert.deepEqual(numbers, { f5: '1', d6: '2', c3: '3', d3: '4', c4: '5' });
  assert.equal(await page.locator('#moves-sheet .start-disc').count(), 4, 'the four start discs are drawn');
  assert.equal(await page.getAttribute('#moves-sheet .num.current', 'data-square'), 'c4', 'the last move is current');
  assert.deepEqual(await page.$$eval('#moves-sheet .num.black', (buttons) => buttons.map((b) => b.dataset.square).sort()), ['c3', 'c4', 'f5']);
  // The sheet's squares are laid out as the board: f5 sits right of and below c3.
  const [f5, c3] = await Promise.all(['f5', 'c3'].map((square) => page.locator(`#moves-sheet [data-square="${square}"]`).boundingBox()));
  assert.ok(f5.x > c3.x && f5.y > c3.y, 'f5 is right of and below c3');
  await page.click('#moves-sheet [data-square="c3"]');
  assert.equal((await recordState(page)).cursor, 3, 'clicking 3 jumps to move 3');
  assert.equal(await page.getAttribute('#moves-sheet .num.current', 'data-square'), 'c3');
  assert.deepEqual(await page.$$eval('#moves-sheet .num.future', (buttons) => buttons.map((b) => b.dataset.square).sort()), ['c4', 'd3']);
  await page.click('#moves-view-list');
  assert.equal(await page.isVisible('#moves'), true);
  assert.equal(await page.isHidden('#moves-sheet'), true);
  await page.click('#moves button[data-ply="5"]');
  assert.equal((await recordState(page)).cursor, 5);

  // A whole game, in each view, each theme, on a laptop and a phone: nothing clipped, the list uses its room.
  await load(page, PASS_GAME);
  await page.click('#moves button[data-ply="40"]');
  for (const [width, height] of [[1280, 800], [390, 844]]) {
    await page.setViewportSize({ width, height });
    for (const shade of ['light', 'dark']) {
      await theme(page, shade);
      await page.click('#moves-view-list');
      const clipped = await page.$$eval('#moves button', (buttons) => buttons
        .filter((button) => button.scrollWidth > button.clientWidth + 1).map((button) => button.textContent));
      assert.deepEqual(clipped, [], `nothing cut off in the list at ${width} px`);
      const rows = await page.evaluate(() => {
        const list = document.getElementById('moves');
        return list.clientHeight / list.querySelector('li:not(.start)').offsetHeight;
      });
      assert.ok(rows >= 7, `at least 7 rows of moves shown at ${width}x${height}: ${rows.toFixed(1)}`);
      const at = width < 600 ? '#moves' : null;
      await shot(page, `record-list-${width}-${shade}.png`, at);
      await page.click('#moves-view-sheet');
      await shot(page, `record-sheet-${width}-${shade}.png`, at);
    }
  }
  await theme(page, 'light');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.click('#moves-view-list');
  assert.deepEqual(problems, []);
});

test('a pasted GGF keeps its players, opens in review (the engine waits, the page says so) until "Play from here"', async () => {
  const { page, problems } = session;
  await newGame(page, { colour: 'human-engine', level: 'novice' });
  const ggf = `(;GM[Othello]PC[Tokyo]PB[Tanaka Kaoru]PW[Brian Rose]RE[?]TY[8]BO[8 ${START_GGF_BOARD}]B[f5//12.5]W[d6//3]B[c3];)`;
  await load(page, ggf);
  assert.match(await page.textContent('#record-message'), /^Loaded 3 moves \(GGF\)\.$/);
  assert.equal(await page.textContent('#name-black'), 'Tanaka Kaoru');
  assert.equal(await page.textContent('#name-white'), 'Brian Rose');
  assert.equal(await page.isVisible('#review-bar'), true, 'the page says it is reviewing');
  assert.match(await page.textContent('#review-mode'), /^Reviewing Tanaka Kaoru – Brian Rose: the engine does not play/);
  assert.equal(await page.textContent('#status'), 'Reviewing: White to move.');
  assert.equal(await page.isVisible('#go'), false, 'no "Engine, play": the engine plays neither side');
  await page.waitForTimeout(600);
  assert.equal((await recordState(page)).moves.length, 3, 'the engine did not move');
  assert.equal(await page.evaluate(() => window.othelloPage.activity), null);
  assert.deepEqual(await page.evaluate(() => window.othelloPage.record.toJSON().names), { black: 'Tanaka Kaoru', white: 'Brian Rose' });
  assert.deepEqual(await page.evaluate(() => window.othelloPage.record.times), [12_500, 3000, null], 'the record\'s move times are read');
  const { ggf: exported } = await copyGgf(page);
  assert.match(exported, /PB\[Tanaka Kaoru\]PW\[Brian Rose\]/);
  await shot(page, 'record-review-loaded.png');
  await page.screenshot({ path: await artifact('record-review-loaded-full.png'), fullPage: true });

  // Replaced by a new game, it is listed under its players and comes back with them, still in review.
  await newGame(page, { colour: 'human-engine', level: 'novice' });
  assert.equal(await page.textContent('#record-message'), '', 'the paste message went with the game');
  assert.equal(await page.textContent('#previous li:first-child .previous-players'), 'Tanaka Kaoru – Brian Rose');
  assert.equal(await page.textContent('#previous li:first-child .previous-result'), 'unfinished, 3 moves');
  await page.click('#previous button[data-previous="0"]');
  assert.equal(await page.textContent('#name-black'), 'Tanaka Kaoru');
  assert.equal(await page.isVisible('#review-bar'), true);
  assert.match((await copyGgf(page)).ggf, /PB\[Tanaka Kaoru\]PW\[Brian Rose\]/);

  // Play from here: the player takes Black; the engine (Novice) White, and moves at once.
  await page.selectOption('#review-sides', 'human-engine');
  await page.click('#play-from-here');
  assert.equal(await page.isHidden('#review-bar'), true);
  assert.equal(await page.textContent('#name-black'), 'You');
  // The side box names the engine by its level, "Engine" below it (the record says "Engine (Novice)").
  assert.equal(await page.textContent('#name-white'), 'Novice');
  assert.equal(await page.textContent('#role-white'), 'Engine');
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 4, null, { timeout: 30_000 });
  assert.equal(await page.evaluate(() => window.othelloPage.record.names), null);
  assert.match((await copyGgf(page)).ggf, /PB\[You\]PW\[Engine \(Novice\)\]/);
  assert.deepEqual(problems, []);
});

test('one result everywhere: card, status and export agree, for a game finished on the board and for a finished pasted one', async () => {
  const { page, problems } = session;
  // A pasted finished game shows its card.
  await load(page, PASS_GAME);
  const pasted = await card(page);
  assert.deepEqual(pasted, {
    title: 'White wins', score: '47–17', rule: 'Every square is filled: Black 17 · White 47.',
  });
  assert.equal(await page.textContent('#status'), 'Game over: White wins 47–17.');
  const { ggf, message } = await copyGgf(page);
  assert.match(ggf, /RE\[-30\]/);
  assert.match(message, /White wins 47–17/);

  // Finished by a click, with empty squares: they go to the winner, said once, winner first.
  const moves = splitMoves(SHORT_GAME);
  await load(page, moves.slice(0, -1).join(''));
  assert.equal(await page.textContent('#previous li:first-child .previous-players'), 'Black – White');
  assert.equal(await page.textContent('#previous li:first-child .previous-result'), 'White wins 47–17 · 60 moves',
    'the replaced game is listed with its result, said as everywhere else');
  assert.equal(await page.isHidden('#result-card'), true, 'no card before the end');
  await page.click(`[data-square="${moves.at(-1)}"]`);
  const finished = await card(page);
  assert.deepEqual(finished, {
    title: 'Black wins', score: '64–0', rule: 'On the board: Black 13 · White 0; the 51 empty squares go to the winner.',
  });
  assert.equal(await page.textContent('#status'), 'Game over: Black wins 64–0 (13–0 on the board; the 51 empty squares go to the winner).');
  const short = await copyGgf(page);
  assert.match(short.ggf, /RE\[\+64\]/);
  assert.match(short.message, /Black wins 64–0/);
  await shot(page, 'record-card-discs.png');
  assert.deepEqual(problems, []);
});

test('resigning asks first, ends the game with its card, is kept in the record and written RE[-64:r]', async () => {
  const { page, problems } = session;
  await newGame(page, { colour: 'human-engine', level: 'novice' });
  assert.equal(await page.isHidden('#resign'), true, 'nothing to resign before a move');
  await page.click('[data-square="f5"]');
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 2 && window.othelloPage.activity === null,
    null, { timeout: 30_000 });
  await page.click('#resign');
  assert.equal(await page.isVisible('#resign-confirm'), true, 'resigning asks first');
  assert.equal(await page.textContent('#resign-question'), 'Resign this game as Black?');
  assert.equal(await page.isHidden('#resign-white'), true, 'only the player\'s side resigns');
  await page.click('#resign-cancel');
  assert.equal(await page.isHidden('#resign-confirm'), true);
  assert.equal((await recordState(page)).status, 'moves', 'cancel keeps the game');
  await page.click('#resign');
  await page.click('#resign-black');
  const resigned = await card(page);
  assert.deepEqual(resigned, { title: 'White wins by resignation', score: 'Black 3 · White 3', rule: 'Black resigned after move 2.' });
  assert.equal(await page.textContent('#status'), 'Game over: White wins by resignation.');
  assert.equal(await page.isHidden('#resign'), true);
  assert.deepEqual(await page.evaluate(() => window.othelloPage.record.toJSON().ending), { how: 'resignation', loser: 'black' });
  assert.equal(await page.locator('#board .square.legal').count(), 0, 'the board takes no more moves');
  await shot(page, 'record-card-resignation.png');
  const { ggf, message } = await copyGgf(page);
  assert.match(ggf, /RE\[-64:r\]/);
  assert.match(message, /\(2 moves; White wins by resignation\) as GGF/);
  // Saved, it comes back resigned.
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('othello-page-v1')).game.ending);
  assert.deepEqual(saved, { how: 'resignation', loser: 'black' });

  // Two players: either side may resign.
  await newGame(page, { colour: 'human-human' });
  await page.click('[data-square="f5"]');
  await page.click('#resign');
  assert.equal(await page.textContent('#resign-question'), 'Who resigns?');
  await page.click('#resign-white');
  assert.equal((await card(page)).title, 'Black wins by resignation');
  assert.match((await copyGgf(page)).ggf, /RE\[\+64:r\]/);
  assert.deepEqual(problems, []);
});

test('a loss on time: the card says so in its small line, the score line holds the counts, GGF writes :t', async () => {
  const { page, problems } = session;
  await newGame(page, { colour: 'human-engine', level: 'novice', timeControl: '5+0' });
  await page.click('[data-square="f5"]');
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 2 && window.othelloPage.activity === null,
    null, { timeout: 30_000 });
  await page.evaluate(() => { window.othelloPage.clock.remaining.black = 50; });
  const flagged = await card(page);
  assert.equal(flagged.title, 'White wins on time');
  assert.equal(flagged.score, 'Black 3 · White 3');
  assert.equal(flagged.rule, 'Black ran out of time after move 2. You may play on without the clock, or start again.');
  assert.equal(await page.textContent('#status'), 'Game over: White wins on time.');
  await shot(page, 'record-card-time.png');
  assert.match((await copyGgf(page)).ggf, /RE\[-64:t\]/);
  await page.click('#play-on');
  assert.equal(await page.evaluate(() => window.othelloPage.record.ending), null, 'played on, the game is on again');
  assert.match((await copyGgf(page)).ggf, /RE\[\?\]/);
  assert.deepEqual(problems, []);
});

test('each move\'s time is recorded, shown in the list and written in GGF (B[f5//s.ss])', async () => {
  const { page, problems } = session;
  await newGame(page, { colour: 'human-engine', level: 'novice' });
  await page.waitForTimeout(300);
  await page.click('[data-square="f5"]');
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 2 && window.othelloPage.activity === null,
    null, { timeout: 30_000 });
  const times = await page.evaluate(() => window.othelloPage.record.times);
  assert.equal(times.length, 2);
  assert.ok(times.every((time) => Number.isInteger(time) && time >= 0), `a time for the player's and the engine's move: ${times}`);
  const shown = await page.$$eval('#moves button[data-ply] .time', (spans) => spans.map((span) => span.textContent));
  assert.equal(shown.length, 2);
  assert.ok(shown.every((text) => /^\d+(\.\d)? s$/.test(text)), shown.join());
  const { ggf } = await copyGgf(page);
  const written = [...ggf.matchAll(/(?<![A-Z])([BW])\[([a-h][1-8])\/\/(\d+\.\d\d)\]/g)].map((found) => [found[1], found[2], Number(found[3])]);
  assert.deepEqual(written, [['B', 'f5', Number((times[0] / 1000).toFixed(2))], ['W', written[1]?.[1], Number((times[1] / 1000).toFixed(2))]]);
  // Saved with the record.
  assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem('othello-page-v1')).game.times), times);
  assert.deepEqual(problems, []);
});

test('a record message goes when the game changes', async () => {
  const { page, problems } = session;
  await load(page, splitMoves(PASS_GAME).slice(0, 25).join(''));
  assert.match(await page.textContent('#record-message'), /^Loaded 25 moves/);
  await newGame(page);
  assert.equal(await page.textContent('#record-message'), '');
  assert.deepEqual(problems, []);
});
