// The board page's 96-square game (the CS 221 report's board: 10x10 without
// c3, h3, c8, h8, red against white, red first; docs/board96.md) in
// Chromium: the new-game dialog offers it with its levels; the board has 96
// playable squares and 4 holes that are not buttons, coordinates a-j and
// 1-10; a move by click and by keyboard (over the holes), the engine's
// answer from its worker; a forced pass; game over with the result; undo and
// redo; hints equal to the engine's analysis; copy and paste of the
// transcript; the game, its clock and the clock agent's memory across a
// reload; and the 8x8 game still starts by default. The transcripts below
// were found by random play and checked with the package's direct API
// (`status(..., { board: 96 })`): PASS_GAME leaves Red without a move
// (White has some), WIPE_OUT leaves White without a disc.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { artifact, load, openPage, recordState } from './page-support.mjs';

/** After its 12th move (White's c2) Red has no legal move and White has: Red passes. */
const PASS_GAME = 'e4d4c4f4g6e3e2d2g3e1c1c2';
/** After its 11th move (Red's i5) White has no disc: Red wins 15-0, 96-0 with the 81 empty squares. */
const WIPE_OUT = 'e4d4c4g5g7d5h4b3a2h5i5';
const START_96 = '------------------------------------------WR--------RW------------------------------------------ R';
const LEVELS_96 = ['b96-greedy-2', 'b96-greedy-4', 'b96-smart-4', 'b96-smart-6', 'b96-smart-8', 'b96-clock'];

/** Starts a 96-square game from the new-game dialog with `mode` and `level`. */
async function newGame96(page, { mode = 'human-engine', level = 'b96-greedy-2' } = {}) {
  await page.click('#new-game');
  await page.check('input[name="board"][value="96"]');
  await page.check(`input[name="colour"][value="${mode}"]`);
  await page.selectOption('#new-level', level);
  await page.click('#new-game-start');
  await page.waitForFunction(() => window.othelloPage.record.kind.id === 96 && window.othelloPage.record.moves.length === 0);
}

/** The board as the page shows it: 96 characters of R, W and - in reading order (holes left out). */
function board96Shown(page) {
  return page.$$eval('#board .square', (squares) => squares.map((square) => {
    const disc = square.querySelector('.disc');
    if (!disc) return '-';
    return disc.classList.contains('red') ? 'R' : 'W';
  }).join(''));
}

/** The page's record checked move by move by the engine's 96-square rules: the plies that are not legal. */
function illegalPlies96(page) {
  return page.evaluate(async () => {
    const { status } = await import('./pkg/index.js');
    const record = window.othelloPage.record;
    return record.moves.flatMap((move, ply) => {
      const state = status(record.positions[ply], { board: 96 });
      const legal = move === 'pa' ? state.status === 'pass' : state.moves.includes(move);
      return legal ? [] : [`${ply + 1}. ${move}`];
    });
  });
}

test('the 8x8 game starts by default; the new-game dialog offers the 96-square board with its own levels', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  assert.equal(await page.evaluate(() => window.othelloPage.record.kind.id), 8);
  assert.equal(await page.locator('#board .square').count(), 64);
  assert.equal(await page.locator('#board .hole').count(), 0);
  assert.equal(await page.locator('#board .star').count(), 4);
  await page.click('#new-game');
  assert.ok(await page.isChecked('input[name="board"][value="8"]'), 'the dialog opens on the board on the page');
  assert.ok(await page.isVisible('#new-time-control'));
  await page.check('input[name="board"][value="96"]');
  assert.match(await page.textContent('label:has(input[name="board"][value="96"])'), /96-square board\s+10×10 without four squares/);
  const levels = await page.$$eval('#new-level option', (options) => options.map((option) => option.value));
  assert.deepEqual(levels, LEVELS_96);
  assert.match(await page.textContent('label:has(input[value="human-engine"])'), /Red \(moves first\)/);
  // The 96-square board's clock comes with its clock level: no time control or time per move to choose.
  assert.equal(await page.isVisible('#new-time-control'), false, 'the time control is hidden for the 96-square board');
  assert.equal(await page.isVisible('#new-move-time'), false);
  await page.screenshot({ path: await artifact('page96-dialog.png') });
  await page.check('input[name="board"][value="8"]');
  // Back to the 8x8 levels: those the side panel offers for the 8x8 game on the page.
  const levels8 = await page.$$eval('#level option', (options) => options.map((option) => option.value));
  assert.ok(!levels8.some((level) => LEVELS_96.includes(level)), `the side panel has the 8x8 levels: ${levels8}`);
  assert.deepEqual(await page.$$eval('#new-level option', (options) => options.map((option) => option.value)), levels8, 'back to the 8x8 levels');
  await page.click('#new-game-cancel');

  // A 96-square game of one move, replaced by a new one, is listed as "1 move" (it said "1 moves").
  await newGame96(page, { mode: 'human-human' });
  await page.click('[data-square="e4"]');
  await newGame96(page, { mode: 'human-human' });
  assert.equal(await page.textContent('#previous .previous-players'), 'Red – White');
  assert.equal(await page.textContent('#previous .previous-result'), 'unfinished, 1 move');
  assert.deepEqual(problems, []);
});

test('a 96-square game: 96 squares, 4 holes that are not buttons, coordinates, a move by click and by keyboard, the engine answers', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await newGame96(page, { level: 'b96-greedy-2' });
  const state = await recordState(page);
  assert.equal(state.position, START_96);
  assert.equal(await board96Shown(page), START_96.slice(0, 96));
  assert.equal(await page.locator('#board .square').count(), 96);
  assert.equal(await page.locator('#board button').count(), 96, 'every square is a button, nothing else');
  const holes = await page.$$eval('#board .hole', (list) => list.map((hole) => ({
    name: hole.dataset.hole, tag: hole.tagName, hidden: hole.getAttribute('aria-hidden'),
  })));
  assert.deepEqual(holes, ['c3', 'h3', 'c8', 'h8'].map((name) => ({ name, tag: 'SPAN', hidden: 'true' })));
  for (const hole of ['c3', 'h3', 'c8', 'h8']) assert.equal(await page.locator(`[data-square="${hole}"]`).count(), 0);
  assert.equal(await page.locator('#board .star').count(), 0);
  // The holes are drawn in the frame's colour, not as felt.
  const colours = await page.evaluate(() => ({
    hole: getComputedStyle(document.querySelector('#board .hole')).backgroundColor,
    frame: getComputedStyle(document.getElementById('board-frame')).backgroundColor,
    square: getComputedStyle(document.querySelector('#board .square')).backgroundColor,
  }));
  assert.equal(colours.hole, colours.frame);
  assert.notEqual(colours.hole, colours.square);
  const strip = (selector) => page.$eval(selector, (element) => [...element.children].map((label) => label.textContent));
  assert.deepEqual(await strip('.coord-row'), [...'abcdefghij']);
  assert.deepEqual(await strip('.coord-col'), ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  assert.match(await page.getAttribute('#board', 'aria-label'), /96-square board.*j10 bottom right/);
  assert.equal(await page.getAttribute('[data-square="e5"]', 'aria-label'), 'e5, white');
  assert.equal(await page.getAttribute('[data-square="f5"]', 'aria-label'), 'f5, red');
  assert.equal(await page.getAttribute('[data-square="e4"]', 'aria-label'), 'e4, empty, legal');
  assert.equal(await page.getAttribute('[data-square="j10"]', 'aria-label'), 'j10, empty');
  assert.match(await page.textContent('#status'), /^Red \(you\) to move/);
  assert.equal(await page.getAttribute('#dot-black', 'class'), 'dot red');

  // A click plays, and the engine (White) answers from its worker with a legal move.
  await page.click('[data-square="e4"]');
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 2, null, { timeout: 30_000 });
  assert.equal((await recordState(page)).toMove, 'black');
  assert.equal(await page.evaluate(() => window.othelloPage.metrics.lastMove.board), 96);
  assert.equal(await page.evaluate(() => window.othelloPage.metrics.lastMove.evaluation), 'greedy');
  assert.match(await page.textContent('#announce'), /^White plays [a-j]\d+\.$/);

  // The keyboard: arrows move over the squares and step over a hole; Enter plays.
  await page.focus('[data-square="c2"]');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'c4', 'c3 is a hole: the focus goes on to c4');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'c2');
  // A legal move with a square on its left: the focus goes there, then one step right.
  const legal = (await recordState(page)).legal;
  const HOLES = ['c3', 'h3', 'c8', 'h8'];
  const left = (square) => 'abcdefghij'['abcdefghij'.indexOf(square[0]) - 1] + square.slice(1);
  const target = legal.find((square) => square[0] !== 'a' && !HOLES.includes(left(square)));
  await page.focus(`[data-square="${left(target)}"]`);
  await page.keyboard.press('ArrowRight');
  const focused = await page.evaluate(() => document.activeElement.dataset.square);
  assert.equal(focused, target);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.othelloPage.record.moves.length >= 3);
  assert.equal((await recordState(page)).moves[2], focused);
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 4, null, { timeout: 30_000 });
  assert.deepEqual(await illegalPlies96(page), []);
  assert.deepEqual(problems, []);
});

test('on the 96-square board a forced pass is played and announced, and game over shows the result', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await newGame96(page, { mode: 'human-human' });
  await load(page, PASS_GAME.slice(0, -2));
  assert.match(await page.textContent('#record-message'), /Loaded 11 moves/);
  await page.click('[data-square="c2"]');
  assert.equal(await page.textContent('#announce'), 'Red has no legal move and passes.');
  const passed = await recordState(page);
  assert.deepEqual(passed.moves.slice(-2), ['c2', 'pa']);
  assert.equal(passed.toMove, 'white');
  assert.match(await page.textContent('#moves'), /pass/);
  assert.match(await page.textContent('#status'), /^Reviewing: White to move/, 'a pasted game is reviewed');
  await page.screenshot({ path: await artifact('page96-pass.png') });

  await load(page, WIPE_OUT.slice(0, -2));
  await page.click('[data-square="i5"]');
  const end = await recordState(page);
  assert.equal(end.status, 'gameover');
  assert.equal(await page.textContent('#count-black'), '15');
  assert.equal(await page.textContent('#count-white'), '0');
  assert.equal(await page.textContent('#status'), 'Game over: Red wins 96–0 (15–0 on the board; the 81 empty squares go to the winner).');
  assert.ok(await page.isVisible('#result-card'));
  assert.equal(await page.textContent('#result-title'), 'Red wins');
  assert.equal(await page.textContent('#result-score'), '96–0');
  // The 96-square board has no whole-game analysis (yet): the card does not offer it.
  assert.equal(await page.isVisible('#result-analyse'), false);
  await page.screenshot({ path: await artifact('page96-game-over.png') });
  assert.deepEqual(problems, []);
});

test('96-square board: undo and redo, hints as the engine analyses, copy and paste of the transcript, kept across a reload', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await newGame96(page, { level: 'b96-greedy-4' });
  await page.click('[data-square="e4"]');
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 2, null, { timeout: 30_000 });
  const played = await recordState(page);
  await page.click('#undo');
  assert.equal((await recordState(page)).cursor, 0, 'undo takes back the engine\'s move and the player\'s');
  assert.equal(await board96Shown(page), START_96.slice(0, 96));
  await page.click('#redo');
  assert.equal((await recordState(page)).position, played.position);

  // Hints: every legal move gets the score the engine's analysis gives it.
  await page.check('#hints');
  await page.waitForFunction(() => document.querySelectorAll('#board .hint').length > 0, null, { timeout: 30_000 });
  const shown = await page.$$eval('#board .hint', (badges) => Object.fromEntries(
    badges.map((badge) => [badge.closest('.square').dataset.square, Number(badge.dataset.score)]),
  ));
  const expected = await page.evaluate(async () => {
    const { analyze } = await import('./pkg/index.js');
    const list = analyze(window.othelloPage.record.position, { board: 96, depth: 6, evaluation: 'smart' });
    return Object.fromEntries(list.map((entry) => [entry.move, entry.score]));
  });
  assert.deepEqual(shown, expected);
  assert.deepEqual(Object.keys(shown).sort(), [...played.legal].sort());
  assert.match(await page.getAttribute(`[data-square="${Object.keys(shown)[0]}"]`, 'aria-label'), /empty, legal, hint [+-]?\d/);
  await page.uncheck('#hints');

  // Copy writes the transcript; pasted over an 8x8 game, it brings the 96-square game back.
  await page.click('#copy-transcript');
  const transcript = await page.inputValue('#record-text');
  assert.equal(transcript, played.moves.join(''));
  assert.equal(await page.isVisible('#copy-obf'), false);
  assert.equal(await page.isVisible('#copy-ggf'), false);
  assert.equal(await page.isVisible('#setup'), false);
  await page.click('#new-game');
  await page.check('input[name="board"][value="8"]');
  await page.click('#new-game-start');
  await page.waitForFunction(() => window.othelloPage.record.kind.id === 8);
  assert.equal(await page.locator('#board .square').count(), 64);
  await page.selectOption('#mode', 'human-human');
  await load(page, transcript);
  assert.match(await page.textContent('#record-message'), /^Loaded 2 moves \(transcript\) on the 96-square board \(CS 221\)\.$/);
  const pasted = await recordState(page);
  assert.deepEqual(pasted.moves, played.moves);
  assert.equal(pasted.position, played.position);
  assert.equal(await page.locator('#board .square').count(), 96);

  // A reload brings back the 96-square game as it was.
  await page.reload();
  await page.waitForFunction(() => window.othelloPage?.record !== undefined);
  const reloaded = await recordState(page);
  assert.deepEqual(reloaded.moves, played.moves);
  assert.equal(reloaded.position, played.position);
  assert.equal(await board96Shown(page), played.position.slice(0, 96));
  assert.equal(await page.locator('#board .hole').count(), 4);
  assert.deepEqual(problems, []);
});

test('the 96-square clock level: both clocks shown, the agent moves on its clock, and its time manager\'s memory survives a reload', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await newGame96(page, { level: 'b96-clock' });
  assert.equal(await page.textContent('#clock-black'), '2:00');
  assert.equal(await page.textContent('#clock-white'), '2:00');
  assert.ok(await page.isVisible('#clock-black'));
  assert.equal(await page.getAttribute('#clock-black', 'aria-label'), 'Red\'s clock: 2:00');
  assert.equal(await page.textContent('#time-control-shown'), 'Clock: 2 minutes a side.');
  assert.match(await page.textContent('#name-white'), /Full agent/);
  // What the agent is told: its time left less a 10 s reserve for its
  // overruns. (The agent answers the first plies from its opening book,
  // which passes the memory through unchanged: here the book is turned off
  // so that its time manager searches; the package's tests cover the book.)
  await page.evaluate(() => {
    const engine = window.othelloPage.engine;
    const run = engine.run.bind(engine);
    window.toldClocks = [];
    engine.run = (kind, position, limits, onProgress) => {
      window.toldClocks.push({ told: limits.clock?.remainingMs, left: window.othelloPage.clock.left('white', performance.now()) });
      return run(kind, position, { ...limits, book: false }, onProgress);
    };
  });
  await page.click('[data-square="e4"]');
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 2, null, { timeout: 60_000 });
  // The page read White's clock between the start of White's turn (2:00 left)
  // and the call: what it told (in whole ms), plus the reserve, lies between those two readings.
  const [told] = await page.evaluate(() => window.toldClocks);
  assert.ok(told.told + 10_000 <= 120_000 && told.told + 10_000 > told.left - 1, `told ${told.told} ms of ${told.left} ms`);
  const memory = await page.evaluate(() => window.othelloPage.clockMemory);
  assert.equal(memory.black, null);
  assert.ok(Array.isArray(memory.white?.history) && memory.white.history.length === 1, JSON.stringify(memory));
  const lastMove = await page.evaluate(() => window.othelloPage.metrics.lastMove);
  assert.equal(lastMove.depth, memory.white.history[0].depth);
  const left = await page.evaluate(() => window.othelloPage.clock.left('white', performance.now()));
  assert.ok(left < 120_000 && left > 100_000, `White's clock was charged: ${left} ms left`);
  await page.screenshot({ path: await artifact('page96-clock.png') });

  await page.reload();
  await page.waitForFunction(() => window.othelloPage?.record !== undefined);
  assert.deepEqual(await page.evaluate(() => window.othelloPage.clockMemory), memory);
  assert.ok(await page.isVisible('#clock-white'));
  await page.evaluate(() => {
    const engine = window.othelloPage.engine;
    const run = engine.run.bind(engine);
    engine.run = (kind, position, limits, onProgress) => run(kind, position, { ...limits, book: false }, onProgress);
  });
  // Its next move hands the memory back: the time manager's history grows to two searches.
  await page.click(`[data-square="${(await recordState(page)).legal[0]}"]`);
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 4, null, { timeout: 60_000 });
  const after = await page.evaluate(() => window.othelloPage.clockMemory.white);
  assert.equal(after.history.length, 2, JSON.stringify(after));
  assert.deepEqual(after.history[0], memory.white.history[0]);
  assert.deepEqual(await illegalPlies96(page), []);
  assert.deepEqual(problems, []);
});

test('a long search of the 96-square agent on its clock, silent until it ends, is not taken for a hung engine', async (t) => {
  // The agent's time manager reports nothing while it searches (it may abandon
  // searches and start again shallower): with a memory that promises cheap
  // nodes it picks a deep search, runs past its budget and searches for
  // several seconds in silence. The page used to take that for a hung worker
  // after 4 s, kill it three times and stop with "The engine could not move".
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await newGame96(page, { level: 'b96-clock' });
  await page.click('[data-square="e4"]');
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 2, null, { timeout: 60_000 });
  const cheap = { history: [{ depth: 8, nodes: 60_000, timeMs: 20 }, { depth: 8, nodes: 60_000, timeMs: 20 }] };
  await page.evaluate((memory) => {
    const saved = JSON.parse(localStorage.getItem('othello-page-v1'));
    saved.clockMemory.white = memory;
    localStorage.setItem('othello-page-v1', JSON.stringify(saved));
  }, cheap);
  await page.reload();
  await page.waitForFunction(() => window.othelloPage?.record !== undefined);
  assert.deepEqual(await page.evaluate(() => window.othelloPage.clockMemory.white), cheap);
  // Out of the opening book, so that the time manager searches (from its
  // book the agent answers at once, and the silence this test is about never comes).
  await page.evaluate(() => {
    const engine = window.othelloPage.engine;
    const run = engine.run.bind(engine);
    engine.run = (kind, position, limits, onProgress) => run(kind, position, { ...limits, book: false }, onProgress);
  });
  const started = Date.now();
  await page.click(`[data-square="${(await recordState(page)).legal[0]}"]`);
  await page.waitForFunction(() => window.othelloPage.activity === 'move');
  assert.match(await page.textContent('#think-pv'), /reports when its move is chosen/, 'the thinking panel says why it is empty');
  await page.waitForFunction(
    () => window.othelloPage.record.moves.length === 4 || /could not move/.test(document.getElementById('announce').textContent),
    null, { timeout: 120_000 },
  );
  const waited = Date.now() - started;
  assert.doesNotMatch(await page.textContent('#announce'), /could not move|stopped answering/);
  assert.equal((await recordState(page)).moves.length, 4, 'the agent moved');
  assert.equal(await page.evaluate(() => window.othelloPage.engine.restarts), 0, 'no worker was replaced');
  t.diagnostic(`the agent's silent move took ${waited} ms`);
  assert.deepEqual(problems, []);
});
