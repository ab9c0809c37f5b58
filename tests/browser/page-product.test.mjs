// The board page as a player meets it: each test here proves a fix or a
// feature of the rewritten page. The board keeps its 8x8 geometry while the
// engine thinks (desktop and phone) and shows no legal-move dots then; the
// announcements of a pass and of the engine's moves stay until the player
// acts; the game analysis marks only real mistakes and lists every legal
// move; copying after a jump back exports the whole game; a one-minute game
// on the clock is played to the end with no flag; a new game asks first and
// keeps the old one; paste messages; the set-up counts; think-ahead keeps its
// guess to itself without hints; accessibility (announcements, square names,
// unique landmarks, a keyboard graph); the layout at four screen sizes;
// drop-downs never cut off; dark
// mode; the result card; opening names in every orientation. Screenshots of
// each screen go to test-artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  artifact, boardShown, illegalPlies, load, nextEvent, openPage, recordState, splitMoves, wthorGames,
} from './page-support.mjs';

/**
 * A tournament game (WTHOR) up to a position where White is to move and,
 * whatever White plays, Black then has no legal move while White has one:
 * the engine's move, Black's pass and the engine's next move follow at once.
 */
const PASS_GAME = 'f5d6c5f4e3c6e6g5f6f3c4b5g4c3b4a3d7c7a5e8e7e2d3a4a2b6f2f8h5d2c8g3f7h6h7g6h2b3c1d1e1c2b1g1a6d8b2h3h4a1g2b8g8h8b7';
/** A tournament game (WTHOR) up to a position where Black, to move, has no legal move (White has). */
const BLACK_MUST_PASS = 'f5f6e6f4e3c5c6d3c4f3e2c2d2e7g3c3g6g5g4d6c7d7f8e8b3h6c1b4a5a4f7d8b6b5a3a6a7c8h5h4g7h3b8e1d1f1f2b1b2h8h7g8h2h1b7a1a2g2';
/** A game of nine moves: after c5 White has no disc left (Black wins 64-0, with 51 empty squares). */
const SHORT_GAME = 'e6f4e3f6g5d6e7f5c5';
/** A short game the analysis has to judge honestly: d6, c3, d3 and c4 are main-line moves (the Tiger). */
const TIGER_GAME = 'f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1';

/** Plays on from the loaded game under review, with `mode`'s players ('human-engine': the player takes Black). */
async function playFromHere(page, mode) {
  await page.selectOption('#review-sides', mode);
  await page.click('#play-from-here');
}

/** Saves a screenshot to test-artifacts/`name` once the discs' turning and placing animations are over. */
async function shot(page, name) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await page.screenshot({ path: await artifact(name) });
}

/** Waits until the record has `count` moves or more. */
function movesReach(page, count, timeout = 30_000) {
  return page.waitForFunction((n) => window.othelloPage.record.moves.length >= n, count, { timeout });
}

/** Waits until the engine does `activity` ('move', 'ahead', ...; null: nothing). */
function activityIs(page, activity, timeout = 30_000) {
  return page.waitForFunction((wanted) => window.othelloPage.activity === wanted, activity, { timeout });
}

/** Opens the new-game dialog, chooses who plays, the level and the time control, and starts. */
async function newGameFromDialog(page, { colour, level, timeControl, button = '#new-game-start' } = {}) {
  await page.evaluate(() => { window.recordBeforeDialog = window.othelloPage.record; });
  await page.click('#new-game');
  await page.waitForFunction(() => document.getElementById('new-game-dialog').open);
  if (colour) await page.check(`input[name="colour"][value="${colour}"]`);
  if (level) await page.selectOption('#new-level', level);
  if (timeControl) await page.selectOption('#new-time-control', timeControl);
  await page.click(button);
  // The dialog's close event (which starts the game) comes a task after it closes.
  await page.waitForFunction(() => !document.getElementById('new-game-dialog').open
    && window.othelloPage.record !== window.recordBeforeDialog);
}

/**
 * The board's geometry as drawn: the board's box, each square's box (a1 to
 * h8), each disc's box and whether it can be seen, the engine's activity
 * at that moment and the board's classes.
 */
function boardGeometry(page) {
  return page.evaluate(() => {
    const box = (element) => {
      const rect = element.getBoundingClientRect();
      return { x: rect.left, y: rect.top, width: rect.width, height: rect.height };
    };
    const board = document.getElementById('board');
    const discs = [...board.querySelectorAll('.disc')].map((disc) => {
      const style = getComputedStyle(disc);
      return {
        square: disc.parentElement.dataset.square, ...box(disc),
        visible: style.display !== 'none' && style.visibility !== 'hidden' && Number(style.opacity) > 0,
      };
    });
    return {
      activity: window.othelloPage.activity,
      classes: board.className,
      board: box(board),
      squares: [...board.querySelectorAll('.square')].map((square) => ({ name: square.dataset.square, ...box(square) })),
      discs,
    };
  });
}

/** The distinct values of `values`, values within `tolerance` of each other counting once. */
function distinct(values, tolerance = 1) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.filter((value, index) => index === 0 || value - sorted[index - 1] > tolerance);
}

/** Checks that `geometry` is an 8x8 board of equal squares inside the board, every disc visible. */
function assertEightByEight(geometry, where) {
  const { board, squares, discs } = geometry;
  assert.equal(squares.length, 64, `${where}: 64 squares`);
  assert.ok(!/\bthinking\b/.test(geometry.classes), `${where}: the board has no "thinking" class (${geometry.classes})`);
  const columns = distinct(squares.map((square) => square.x));
  const rows = distinct(squares.map((square) => square.y));
  assert.equal(columns.length, 8, `${where}: 8 columns of squares, found x = ${columns.map(Math.round)}`);
  assert.equal(rows.length, 8, `${where}: 8 rows of squares, found y = ${rows.map(Math.round)}`);
  const widths = squares.map((square) => square.width);
  const heights = squares.map((square) => square.height);
  assert.ok(Math.max(...widths) - Math.min(...widths) <= 1, `${where}: equal widths ${Math.min(...widths)}..${Math.max(...widths)}`);
  assert.ok(Math.max(...heights) - Math.min(...heights) <= 1, `${where}: equal heights ${Math.min(...heights)}..${Math.max(...heights)}`);
  assert.ok(Math.abs(widths[0] - heights[0]) <= 1, `${where}: square squares (${widths[0]} x ${heights[0]})`);
  // a1 top left, h1 top right, a8 bottom left.
  const at = (name) => squares.find((square) => square.name === name);
  assert.ok(at('h1').x > at('a1').x && Math.abs(at('h1').y - at('a1').y) <= 1, `${where}: h1 is right of a1`);
  assert.ok(at('a8').y > at('a1').y && Math.abs(at('a8').x - at('a1').x) <= 1, `${where}: a8 is below a1`);
  for (const square of squares) {
    const inside = square.x >= board.x - 0.5 && square.y >= board.y - 0.5
      && square.x + square.width <= board.x + board.width + 0.5 && square.y + square.height <= board.y + board.height + 0.5;
    assert.ok(inside, `${where}: ${square.name} lies inside the board`);
  }
  assert.ok(discs.length >= 4, `${where}: discs are drawn (${discs.length})`);
  for (const disc of discs) {
    assert.ok(disc.visible && disc.width > 0 && disc.height > 0, `${where}: the disc on ${disc.square} is visible (${JSON.stringify(disc)})`);
  }
}

/** Measures the board 3 times while the engine chooses its move (`activity` 'move'). */
async function measureWhileThinking(page, where) {
  const samples = [];
  for (let moment = 0; moment < 3; moment += 1) {
    await activityIs(page, 'move');
    const geometry = await boardGeometry(page);
    assert.equal(geometry.activity, 'move', `${where}: measured while the engine thinks`);
    assertEightByEight(geometry, `${where}, moment ${moment + 1}`);
    samples.push(geometry.board);
    if (moment < 2) await page.waitForTimeout(300);
  }
  return samples;
}

test('the board keeps its 8x8 geometry while the engine thinks, on a desktop and on a phone', async (t) => {
  const session = await openPage({ viewport: { width: 1280, height: 800 } });
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#level', 'full');
  await page.uncheck('#book'); // the engine searches from the first move
  await page.selectOption('#move-time', '2');
  assertEightByEight(await boardGeometry(page), 'before the first move');
  await page.click('[data-square="f5"]');
  const desktop = await measureWhileThinking(page, 'desktop');
  assert.ok(desktop.every((box) => Math.abs(box.width - desktop[0].width) <= 1), 'the board keeps its size while the engine thinks');
  await shot(page, 'page-thinking.png');
  await movesReach(page, 2);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForFunction(() => window.innerWidth === 390);
  await activityIs(page, null);
  const { legal } = await recordState(page);
  await page.click(`[data-square="${legal[0]}"]`);
  const phone = await measureWhileThinking(page, 'phone');
  assert.ok(phone[0].x >= 0 && phone[0].x + phone[0].width <= 390, `the board is on the phone's screen (${JSON.stringify(phone[0])})`);
  await shot(page, 'page-phone-thinking.png');
  await movesReach(page, 4);
  assert.deepEqual(problems, []);
});

test('while the engine thinks the board shows no legal-move dots; they come back on the player\'s turn', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#level', 'full');
  await page.uncheck('#book'); // the engine searches from the first move
  await page.selectOption('#move-time', '1');
  assert.ok(await page.locator('#board.show-legal .square.legal').count() > 0, 'dots on the player\'s turn');
  await page.click('[data-square="f5"]');
  await activityIs(page, 'move');
  const shown = await page.evaluate(() => {
    const board = document.getElementById('board');
    const dots = [...board.querySelectorAll('.square:not(.last)')]
      .filter((square) => getComputedStyle(square, '::after').content !== 'none')
      .map((square) => square.dataset.square);
    return {
      activity: window.othelloPage.activity, showLegal: board.classList.contains('show-legal'),
      legal: board.querySelectorAll('.square.legal').length, dots,
    };
  });
  assert.equal(shown.activity, 'move');
  assert.ok(!shown.showLegal || shown.legal === 0, `no legal squares marked while the engine thinks: ${JSON.stringify(shown)}`);
  assert.deepEqual(shown.dots, [], 'no square draws a dot');
  await movesReach(page, 2);
  await page.waitForFunction(() => document.querySelectorAll('#board.show-legal .square.legal').length > 0);
  assert.deepEqual(problems, []);
});

test('a pass and the engine\'s moves stay announced until the player acts', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#mode', 'human-engine');
  await page.selectOption('#level', 'novice');
  await load(page, PASS_GAME);
  let state = await recordState(page);
  // The record has the game's earlier passes too.
  assert.deepEqual(state.moves.filter((move) => move !== 'pa'), splitMoves(PASS_GAME));
  const pasted = state.moves.length;
  assert.equal(state.toMove, 'white');
  assert.equal(await page.isVisible('#review-bar'), true, 'the engine waits after a paste: the game is reviewed');
  await playFromHere(page, 'human-engine');
  // White moves, Black has no move and passes, White moves again.
  await page.waitForFunction((count) => {
    const page = window.othelloPage;
    const end = page.record.state;
    return page.record.moves.length >= count + 3 && page.activity !== 'move'
      && (end.status === 'gameover' || end.toMove === 'black');
  }, pasted, { timeout: 30_000 });
  state = await recordState(page);
  const [first, pass, second] = state.moves.slice(pasted, pasted + 3);
  assert.match(first, /^[a-h][1-8]$/, `White moves first: ${state.moves.slice(pasted)}`);
  assert.equal(pass, 'pa', 'then Black passes');
  assert.match(second, /^[a-h][1-8]$/, 'then White moves again');
  t.diagnostic(`after the paste: ${state.moves.slice(pasted).join(' ')}`);
  // A second later the whole story is still there.
  await page.waitForTimeout(1000);
  const text = await page.textContent('#announce');
  assert.match(text, /Black has no legal move and passes\./, `the pass is still announced: "${text}"`);
  // The line keeps the latest events (at most three): the pass and White's move after it.
  const latest = state.moves.filter((move) => move !== 'pa').at(-1);
  assert.ok(text.includes(`White plays ${latest}.`), `White's latest move is announced: "${text}"`);
  assert.ok(text.lastIndexOf('passes') < text.indexOf(`White plays ${latest}.`), `in the order they happened: "${text}"`);
  if (state.moves.length === pasted + 3) {
    assert.ok(text.includes(`White plays ${first}.`), `White's first move is announced: "${text}"`);
  }
  await shot(page, 'page-pass.png');
  // The player's next action clears them.
  await page.click('#undo');
  assert.equal((await page.textContent('#announce')).trim(), '');
  assert.deepEqual(problems, []);
});

test('a pasted game where the player must pass: the pass is played and the engine still waits to be asked', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#mode', 'human-engine');
  await page.selectOption('#level', 'novice');
  await load(page, BLACK_MUST_PASS);
  const state = await recordState(page);
  assert.equal(state.moves.at(-1), 'pa', 'Black\'s pass is played at once');
  assert.equal(state.toMove, 'white');
  assert.match(await page.textContent('#announce'), /Black has no legal move and passes\./);
  // After a load the engine waits for "Play from here", also when a pass made it the engine's turn.
  await page.evaluate(() => new Promise((done) => setTimeout(done, 500)));
  assert.equal((await recordState(page)).moves.length, state.moves.length, 'the engine did not move by itself after the paste');
  assert.equal(await page.isVisible('#play-from-here'), true, '"Play from here" is offered');
  assert.match(await page.textContent('#status'), /^Reviewing: White to move\.$/);
  await playFromHere(page, 'human-engine');
  await movesReach(page, state.moves.length + 1);
  assert.deepEqual(problems, []);
});

test('the game analysis marks no main-line move as a mistake and scores every legal move', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#mode', 'human-human');
  await load(page, TIGER_GAME);
  const started = Date.now();
  const analysed = nextEvent(page, 'analysed');
  await page.click('#analyse');
  await page.waitForSelector('#analyse-stop', { state: 'visible' });
  assert.deepEqual(await analysed, { finished: true });
  t.diagnostic(`analysis of ${splitMoves(TIGER_GAME).length} moves: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await page.waitForSelector('#analyse', { state: 'visible' });

  const marks = await page.$$eval('#moves button[data-ply]', (buttons) => buttons
    .filter((button) => button.querySelector('.mistake'))
    .map((button) => `${button.dataset.ply}${button.textContent.replace(/^\d+/, '')}`));
  t.diagnostic(`marked: ${marks.join(', ') || 'none'}`);
  for (const ply of [2, 3, 4, 5]) {
    const mark = await page.locator(`#moves button[data-ply="${ply}"] .mistake`).count();
    assert.equal(mark, 0, `move ${ply} (${splitMoves(TIGER_GAME)[ply - 1]}) is a Tiger main-line move, not a mistake: marks ${marks}`);
  }
  // Every position has a move list with every legal move, and a graph score.
  const lists = await page.evaluate(async () => {
    const { status } = await import('./pkg/index.js');
    const record = window.othelloPage.record;
    return record.positions.map((position, ply) => {
      const state = status(position);
      const list = window.othelloPage.analyses.get(position);
      return {
        ply, status: state.status, legal: [...state.moves].sort(), listed: list ? list.map((entry) => entry.move).sort() : null,
        scored: window.othelloPage.evals.has(position),
      };
    });
  });
  for (const entry of lists) {
    assert.ok(entry.scored, `position ${entry.ply} has a graph score`);
    if (entry.status !== 'moves') continue;
    assert.deepEqual(entry.listed, entry.legal, `the analysis of position ${entry.ply} lists every legal move`);
  }
  assert.equal(Number(await page.getAttribute('#graph', 'data-scored')), lists.length, 'the graph shows a score for every position');
  // The review of a move says what it was.
  await page.click('#moves button[data-ply="3"]');
  const review = await page.textContent('#review');
  assert.match(review, /^Move 3 \(Black c3\)/, review);
  assert.ok(review.includes('c3'), `the review of move 3 names c3: "${review}"`);
  // c3 is a book move of the Tiger: its score is the book's, and the review says so.
  assert.match(review, /((Black|White) \+\d+|Even) book/, `the review marks the book move: "${review}"`);
  await shot(page, 'page-analysis-review.png');
  assert.deepEqual(problems, []);
});

test('copying after jumping back in the game exports the whole game', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  const game = 'f5d6c3d3c4f4f6f3e6e7';
  await page.selectOption('#mode', 'human-human');
  for (const move of splitMoves(game)) await page.click(`[data-square="${move}"]`);
  assert.equal((await recordState(page)).moves.join(''), game);
  await page.click('#moves button[data-ply="3"]');
  assert.equal((await recordState(page)).cursor, 3);

  await page.click('#copy-transcript');
  await page.waitForFunction(() => document.getElementById('record-message').textContent !== '');
  assert.equal((await page.inputValue('#record-text')).toLowerCase(), game, 'the transcript is the whole game, not the moves up to the cursor');
  assert.match(await page.textContent('#record-message'), /whole game \(10 moves\)/);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'record-text', 'the text is selected for copying');
  assert.equal(await page.evaluate(() => {
    const area = document.getElementById('record-text');
    return area.selectionEnd - area.selectionStart === area.value.length;
  }), true, 'the whole text is selected');

  await page.click('#copy-ggf');
  await page.waitForFunction(() => document.getElementById('record-text').value.startsWith('(;'));
  const ggf = await page.inputValue('#record-text');
  const moves = [...ggf.matchAll(/[BW]\[([A-Ha-h][1-8])/g)].map((match) => match[1].toLowerCase());
  assert.deepEqual(moves, splitMoves(game), `the GGF record has every move: ${ggf}`);
  for (const tag of ['PB[', 'PW[', 'RE[', 'DT[']) assert.ok(ggf.includes(tag), `the GGF record has ${tag}: ${ggf}`);
  assert.equal((await recordState(page)).cursor, 3, 'copying does not move in the game');
  assert.deepEqual(problems, []);
});

test('a one-minute game on the clock is played to the end by the engine on both sides, with no flag', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  const started = Date.now();
  await newGameFromDialog(page, { colour: 'engine-engine', level: 'full', timeControl: '1+0' });
  assert.equal(await page.inputValue('#mode'), 'engine-engine');
  await page.waitForSelector('#clock-black', { state: 'visible' });
  await page.waitForFunction(() => {
    const page = window.othelloPage;
    return page.record.state.status === 'gameover' || page.clock?.flagged;
  }, null, { timeout: 170_000, polling: 250 });
  const end = await page.evaluate(() => {
    const { clock, record } = window.othelloPage;
    const now = performance.now();
    return {
      status: record.state.status, flagged: clock.flagged, plies: record.moves.length,
      black: clock.left('black', now), white: clock.left('white', now),
    };
  });
  t.diagnostic(`game over after ${((Date.now() - started) / 1000).toFixed(0)} s, ${end.plies} plies; left: Black ${(end.black / 1000).toFixed(1)} s, White ${(end.white / 1000).toFixed(1)} s`);
  assert.equal(end.flagged, null, 'no side lost on time');
  assert.equal(end.status, 'gameover');
  assert.ok(end.black > 0 && end.white > 0, `both clocks have time left: ${JSON.stringify(end)}`);
  assert.deepEqual(await illegalPlies(page), []);
  await page.waitForSelector('#result-card', { state: 'visible' });
  assert.match(await page.textContent('#result-title'), /^(Black wins|White wins|Draw)$/);
  assert.equal(await page.getAttribute('#clock-black', 'class').then((value) => /\brunning\b/.test(value)), false, 'the clocks stop at the end');
  await shot(page, 'page-clock-game-over.png');

  // Against the engine, the player's clock runs on the player's turn.
  await page.click('#result-close');
  await newGameFromDialog(page, { colour: 'human-engine', level: 'novice', timeControl: '1+0' });
  await page.waitForSelector('#clock-black.running');
  const before = await page.textContent('#clock-black');
  assert.equal(before, '1:00');
  assert.equal(await page.locator('#clock-white.running').count(), 0, 'the engine\'s clock waits');
  await page.waitForFunction(() => document.getElementById('clock-black').textContent === '0:59', null, { timeout: 5_000 });
  const left = await page.evaluate(() => window.othelloPage.clock.left('black', performance.now()));
  assert.ok(left < 60_000, `Black's time runs: ${left} ms left`);
  assert.equal(await page.evaluate(() => window.othelloPage.clock.left('white', performance.now())), 60_000);
  assert.deepEqual(problems, []);
});

test('watching the engine play itself, the announcement line stays short and names the latest move', async (t) => {
  const session = await openPage({ viewport: { width: 1280, height: 800 } });
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#level', 'novice');
  await page.selectOption('#mode', 'engine-engine');
  await movesReach(page, 24);
  const shown = await page.evaluate(() => {
    const announce = document.getElementById('announce');
    const lineHeight = parseFloat(getComputedStyle(announce).lineHeight) || 20;
    const button = document.getElementById('new-game').getBoundingClientRect();
    const { moves } = window.othelloPage.record;
    return {
      text: announce.textContent, lines: Math.round(announce.getBoundingClientRect().height / lineHeight),
      newGameBottom: button.bottom, height: window.innerHeight, last: moves.at(-1), plies: moves.length,
    };
  });
  t.diagnostic(`after ${shown.plies} plies: ${shown.lines} lines of announcements`);
  assert.ok(shown.text.includes(`plays ${shown.last}.`) || shown.last === 'pa', `the latest move is announced: "${shown.text.slice(-80)}"`);
  assert.ok(shown.lines <= 3, `the announcement line holds the latest events, not the whole game: ${shown.lines} lines, "${shown.text.slice(0, 120)}…"`);
  assert.ok(shown.newGameBottom <= shown.height, `the controls stay on the screen (New game at ${Math.round(shown.newGameBottom)} px of ${shown.height})`);
  assert.deepEqual(problems, []);
});

test('on a desktop the engine-thinking figures are shown whole, not cut off', async (t) => {
  const session = await openPage({ viewport: { width: 1280, height: 800 } });
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#level', 'full');
  await page.uncheck('#book'); // the engine searches from the first move
  await page.selectOption('#move-time', '2');
  await page.click('[data-square="f5"]');
  await page.waitForFunction(() => window.othelloPage.activity === 'move'
    && /@/.test(document.getElementById('think-depth').textContent)
    && /[kM]/.test(document.getElementById('think-nps').textContent));
  assert.deepEqual(await cutFigures(page), [], 'figures cut off in the thinking panel at 1280 px');
  await movesReach(page, 2);

  // A big score ("White +50") at 1200 px, the engine's figures kept after its move.
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.waitForFunction(() => window.innerWidth === 1200);
  await page.selectOption('#level', 'novice');
  await load(page, PASS_GAME);
  const pasted = (await recordState(page)).moves.length;
  await playFromHere(page, 'human-engine');
  await movesReach(page, pasted + 1);
  await page.waitForFunction(() => /^(Black|White) \+\d+$/.test(document.getElementById('think-score').textContent));
  t.diagnostic(`figures: ${await page.$$eval('#thinking dd', (cells) => cells.map((cell) => cell.textContent).join(' | '))}`);
  assert.deepEqual(await cutFigures(page), [], 'figures cut off in the thinking panel at 1200 px');
  assert.deepEqual(problems, []);
});

/** The thinking panel's labels and figures that do not fit their box: ["+50 White (80 px in 60)", ...]. */
function cutFigures(page) {
  return page.$$eval('#thinking dt, #thinking dd', (cells) => cells
    .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
    .map((cell) => `${cell.textContent} (${cell.scrollWidth} px in ${cell.clientWidth})`));
}

test('a new game asks first, keeps the old game under Previous games, and can switch colours', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#level', 'novice');
  await page.click('[data-square="f5"]');
  await movesReach(page, 2);
  await activityIs(page, null);
  const old = (await recordState(page)).moves;
  const oldBoard = await boardShown(page);

  // Cancel keeps the game.
  await page.click('#new-game');
  assert.equal(await page.evaluate(() => document.getElementById('new-game-dialog').open), true, 'the dialog opens');
  assert.match(await page.textContent('#new-game-warning'), /Previous games/);
  assert.equal(await page.isVisible('#new-game-warning'), true);
  await page.click('#new-game-cancel');
  await page.waitForFunction(() => !document.getElementById('new-game-dialog').open);
  await page.evaluate(() => new Promise((done) => setTimeout(done, 50))); // past the dialog's close event
  assert.deepEqual((await recordState(page)).moves, old, 'cancel keeps the game');
  assert.equal(await boardShown(page), oldBoard);

  // Start: an empty new game, the old one listed.
  await newGameFromDialog(page);
  let state = await recordState(page);
  assert.deepEqual(state.moves, []);
  assert.equal(state.toMove, 'black');
  const listed = page.locator('#previous button[data-previous]');
  assert.equal(await listed.count(), 1);
  assert.match(await listed.first().textContent(), /2 moves/);
  await listed.first().click();
  state = await recordState(page);
  assert.deepEqual(state.moves, old, 'the previous game comes back');
  assert.equal(await boardShown(page), oldBoard);

  // Switch colours: the engine plays Black and moves first.
  await newGameFromDialog(page, { colour: 'human-engine', button: '#new-game-switch' });
  assert.equal(await page.inputValue('#mode'), 'engine-human');
  await movesReach(page, 1);
  state = await recordState(page);
  assert.equal(state.toMove, 'white', 'the engine (Black) moved first');
  assert.match(await page.textContent('#side-black'), /Engine/);
  assert.match(await page.textContent('#name-white'), /You/);
  assert.ok(await listed.count() >= 1, 'the reopened game is kept again');
  assert.deepEqual(problems, []);
});

test('pasting: a message for text that is no game, a numbered transcript, an OBF position', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#mode', 'human-human');
  await load(page, 'hello world');
  assert.match(await page.textContent('#record-message'), /not a transcript, OBF line or GGF record/);
  assert.deepEqual((await recordState(page)).moves, [], 'the game is unchanged');
  await load(page, '1. f5 d6 2. c3 d3');
  assert.match(await page.textContent('#record-message'), /Loaded 4 moves/);
  assert.deepEqual((await recordState(page)).moves, ['f5', 'd6', 'c3', 'd3']);
  await load(page, '---------------------------OX------XO--------------------------- O');
  assert.match(await page.textContent('#record-message'), /Loaded the position: White to move/);
  const state = await recordState(page);
  assert.equal(state.toMove, 'white');
  assert.deepEqual(state.moves, []);
  assert.deepEqual(problems, []);
});

test('set-up shows the counts of the board being edited and refuses an empty board', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#mode', 'human-human');
  await page.click('[data-square="f5"]');
  const board = await boardShown(page);
  assert.equal(await page.textContent('#count-black'), '4');
  assert.equal(await page.textContent('#count-white'), '1');

  await page.click('#setup');
  await page.waitForSelector('#setup-panel', { state: 'visible' });
  // The editor sits beside the board, its buttons on the first screen.
  const done = await page.locator('#setup-done').boundingBox();
  const viewport = page.viewportSize();
  assert.ok(done.y + done.height <= viewport.height && done.x + done.width <= viewport.width,
    `"Use this position" is on screen: ${JSON.stringify(done)} in ${JSON.stringify(viewport)}`);
  assert.match(await page.textContent('#setup-counts'), /Black 4, White 1/);
  await page.click('[data-square="a1"]'); // empty -> black
  assert.equal(await page.textContent('#count-black'), '5');
  assert.equal(await page.textContent('#count-white'), '1');
  assert.match(await page.textContent('#setup-counts'), /Black 5, White 1/);
  await page.click('[data-square="a1"]'); // black -> white
  assert.equal(await page.textContent('#count-black'), '4');
  assert.equal(await page.textContent('#count-white'), '2');
  assert.match(await page.textContent('#setup-counts'), /Black 4, White 2/);
  await page.click('[data-square="f5"]'); // black -> white
  assert.equal(await page.textContent('#count-black'), '3');
  assert.equal(await page.textContent('#count-white'), '3');
  await shot(page, 'page-setup.png');

  await page.click('#setup-clear');
  assert.equal(await page.textContent('#count-black'), '0');
  assert.equal(await page.textContent('#count-white'), '0');
  assert.match(await page.textContent('#setup-counts'), /Black 0, White 0/);
  await page.click('#setup-done');
  assert.match(await page.textContent('#setup-message'), /empty/, 'the reason is shown in the set-up panel');
  assert.equal(await page.isVisible('#setup-panel'), true, 'the editor stays open');
  assert.deepEqual((await recordState(page)).moves, ['f5'], 'the game is unchanged');
  await page.click('#setup-cancel');
  await page.waitForSelector('#setup-panel', { state: 'hidden' });
  assert.equal(await boardShown(page), board);
  assert.equal(await page.textContent('#count-black'), '4');
  assert.equal(await page.textContent('#count-white'), '1');
  assert.deepEqual(problems, []);
});

test('thinking ahead keeps its expected reply to itself unless hints are on', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#level', 'full');
  await page.uncheck('#book'); // the engine searches from the first move
  await page.selectOption('#move-time', '1');
  await page.check('#think-ahead');
  await page.click('[data-square="f5"]');
  await movesReach(page, 2);
  await activityIs(page, 'ahead');
  const state = await page.textContent('#engine-state');
  assert.match(state, /thinking ahead/);
  assert.doesNotMatch(state, /expects/, `with hints off the guess is not shown: "${state}"`);
  await page.check('#hints');
  await page.waitForFunction(() => /expects [a-h][1-8]/.test(document.getElementById('engine-state').textContent), null, { timeout: 30_000 });
  const expected = (await page.textContent('#engine-state')).match(/expects ([a-h][1-8])/)[1];
  assert.ok((await recordState(page)).legal.includes(expected), `the expected reply ${expected} is a legal move`);
  await page.uncheck('#hints');
  await page.waitForFunction(() => !/expects/.test(document.getElementById('engine-state').textContent));
  assert.deepEqual(problems, []);
});

test('accessibility: the engine\'s move is announced, squares are named first, landmarks are unique, the graph takes keys', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, context, problems } = session;
  await page.selectOption('#level', 'novice');
  await page.click('[data-square="f5"]');
  await movesReach(page, 2);
  const reply = (await recordState(page)).moves[1];
  assert.equal((await page.textContent('#announce')).trim(), `White plays ${reply}.`);
  assert.equal(await page.getAttribute('#announce', 'aria-live'), 'polite');

  const labels = await page.$$eval('#board .square', (squares) => squares.map((square) => [square.dataset.square, square.getAttribute('aria-label')]));
  assert.equal(labels.length, 64);
  for (const [name, label] of labels) assert.ok(label?.startsWith(name), `the label of ${name} starts with it: "${label}"`);
  // Four strips around the game's board (the endgame trainer's board has its own), every strip on the page hidden.
  const mainStrips = await page.$eval('#board', (board) => board.parentElement.querySelectorAll(':scope > .coord-row, :scope > .coord-col').length);
  assert.equal(mainStrips, 4);
  const strips = await page.$$eval('.coord-row, .coord-col', (elements) => elements.map((element) => element.getAttribute('aria-hidden')));
  assert.deepEqual(strips, strips.map(() => 'true'), 'the coordinate strips are hidden from screen readers');

  // Landmarks as the browser's accessibility tree has them: every one named, no two alike.
  const cdp = await context.newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  const LANDMARKS = new Set(['region', 'main', 'complementary', 'banner', 'contentinfo', 'navigation', 'form', 'search']);
  const landmarks = nodes.filter((node) => !node.ignored && LANDMARKS.has(node.role?.value))
    .map((node) => `${node.role.value}: ${node.name?.value ?? ''}`);
  t.diagnostic(`landmarks: ${landmarks.join(' | ')}`);
  assert.ok(landmarks.some((entry) => entry.startsWith('main')), 'there is a main landmark');
  const regions = landmarks.filter((entry) => entry.startsWith('region') || entry.startsWith('complementary'));
  for (const entry of regions) assert.notEqual(entry.split(': ')[1], '', `the landmark ${entry} has a name`);
  assert.deepEqual(landmarks.filter((entry, index) => landmarks.indexOf(entry) !== index), [], 'no two landmarks share a name');
  const headings = await page.$$eval('[aria-labelledby]', (elements) => elements.map((element) => {
    const label = document.getElementById(element.getAttribute('aria-labelledby'));
    return label ? label.textContent.trim() : `missing ${element.getAttribute('aria-labelledby')}`;
  }));
  assert.ok(!headings.some((heading) => heading.startsWith('missing')), `every aria-labelledby names an element: ${headings}`);
  assert.deepEqual(headings.filter((heading, index) => headings.indexOf(heading) !== index), [], `labelling headings are unique: ${headings}`);

  // The graph is a slider: End, ArrowLeft and Home step through the game.
  await page.focus('#graph');
  await page.keyboard.press('End');
  assert.equal(await page.getAttribute('#graph', 'aria-valuenow'), '2');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.getAttribute('#graph', 'aria-valuenow'), '1');
  assert.equal((await recordState(page)).cursor, 1);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'graph', 'the graph keeps the focus');
  await page.keyboard.press('Home');
  assert.equal(await page.getAttribute('#graph', 'aria-valuenow'), '0');
  assert.equal((await recordState(page)).cursor, 0);
  await page.keyboard.press('End');
  assert.equal((await recordState(page)).cursor, 2);
  assert.match(await page.getAttribute('#graph', 'aria-valuetext'), /^move 2 of 2/);
  assert.deepEqual(problems, []);
});

/** The box of each of `selectors` on the page ({ x, y, width, height, bottom, right }), and the page's scroll state. */
function layout(page, selectors) {
  return page.evaluate((list) => {
    const boxes = {};
    for (const selector of list) {
      const rect = document.querySelector(selector).getBoundingClientRect();
      boxes[selector] = { x: rect.left, y: rect.top, width: rect.width, height: rect.height, right: rect.right, bottom: rect.bottom };
    }
    return {
      boxes, scrollY: window.scrollY, width: window.innerWidth, height: window.innerHeight,
      overflow: document.documentElement.scrollWidth - window.innerWidth,
    };
  }, selectors);
}

function assertInside(shown, selector, { top = false } = {}) {
  const box = shown.boxes[selector];
  const inside = box.x >= -0.5 && box.y >= -0.5 && box.right <= shown.width + 0.5
    && (top ? box.y + 20 <= shown.height : box.bottom <= shown.height + 0.5);
  assert.ok(inside, `${selector} is ${top ? 'shown (its top)' : 'wholly'} inside the ${shown.width}x${shown.height} screen: ${JSON.stringify(box)}`);
}

test('layout: desktop, phone, tablet and phone landscape show the board and the controls without scrolling', async (t) => {
  const session = await openPage({ viewport: { width: 1280, height: 800 } });
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#mode', 'human-human');
  await load(page, 'f5d6c3d3c4f4f6f3e6e7');
  const movesPanel = '#moves-title';
  await page.evaluate(() => document.getElementById('moves').closest('section').setAttribute('data-test', 'moves-panel'));
  const panel = '[data-test="moves-panel"]';

  const resize = async (width, height) => {
    await page.setViewportSize({ width, height });
    await page.waitForFunction(([w, h]) => window.innerWidth === w && window.innerHeight === h, [width, height]);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  };

  // Desktop.
  let shown = await layout(page, ['#board-frame', '#side-black', '#side-white', '#undo', '#new-game', panel]);
  assert.equal(shown.scrollY, 0);
  for (const selector of Object.keys(shown.boxes)) assertInside(shown, selector);
  assert.ok(shown.overflow <= 0, `no sideways scrolling on a desktop (${shown.overflow} px)`);
  await shot(page, 'page-desktop.png');

  // Phone, portrait.
  await resize(390, 844);
  shown = await layout(page, ['#board-frame', '#side-black', '#side-white', '#new-game', movesPanel]);
  assert.equal(shown.scrollY, 0);
  for (const selector of ['#board-frame', '#side-black', '#side-white', '#new-game']) assertInside(shown, selector);
  assertInside(shown, movesPanel, { top: true });
  assert.ok(shown.overflow <= 0, `no sideways scrolling on a phone (${shown.overflow} px)`);
  await shot(page, 'page-phone.png');

  // Tablet, portrait: the board in the middle.
  await resize(768, 1024);
  shown = await layout(page, ['#board-frame', '#side-black', '#side-white', '#new-game']);
  const board = shown.boxes['#board-frame'];
  const left = board.x;
  const right = shown.width - board.right;
  assert.ok(Math.abs(left - right) <= 20, `the board is centred on a tablet: ${left.toFixed(0)} px left, ${right.toFixed(0)} px right`);
  for (const selector of Object.keys(shown.boxes)) assertInside(shown, selector);
  assert.ok(shown.overflow <= 0, `no sideways scrolling on a tablet (${shown.overflow} px)`);
  await shot(page, 'page-tablet.png');

  // Phone, landscape: the whole board and both counts.
  await resize(844, 390);
  shown = await layout(page, ['#board-frame', '#count-black', '#count-white']);
  for (const selector of Object.keys(shown.boxes)) assertInside(shown, selector);
  assert.ok(shown.overflow <= 0, `no sideways scrolling on a phone in landscape (${shown.overflow} px)`);
  assert.ok(shown.boxes['#board-frame'].height >= 250, `the board uses the height: ${shown.boxes['#board-frame'].height} px`);
  await shot(page, 'page-phone-landscape.png');
  assert.deepEqual(problems, []);
});

/**
 * The shown drop-downs that are narrower than their longest choice, which
 * Chromium then cuts off ("about …" for "about 5 s"): ["move-time: 104 px of 118", ...].
 * Each is measured against a copy of itself laid out with no width limit.
 */
function squeezedSelects(page) {
  return page.evaluate(() => [...document.querySelectorAll('select')]
    .filter((select) => select.getClientRects().length > 0)
    .map((select) => {
      const copy = select.cloneNode(true);
      copy.removeAttribute('id');
      copy.style.cssText = 'position: absolute; left: 0; top: 0; width: auto; min-width: 0; max-width: none; visibility: hidden';
      select.parentElement.append(copy);
      const natural = copy.getBoundingClientRect().width;
      copy.remove();
      return { id: select.id, width: select.getBoundingClientRect().width, natural };
    })
    .filter(({ width, natural }) => width < natural - 0.5)
    .map(({ id, width, natural }) => `${id}: ${width.toFixed(0)} px of ${natural.toFixed(0)}`));
}

test('every drop-down shows its choices whole, in the side panel and the new-game dialog, at five screen sizes', async (t) => {
  const session = await openPage({ viewport: { width: 1200, height: 900 } });
  t.after(session.close);
  const { page, problems } = session;
  const sizes = [[1200, 900], [1280, 800], [768, 1024], [390, 844], [844, 390]];
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height });
    await page.waitForFunction(([w, h]) => window.innerWidth === w && window.innerHeight === h, [width, height]);
    assert.deepEqual(await squeezedSelects(page), [], `drop-downs cut off in the side panel at ${width}x${height}`);
  }
  const labels = await page.$$eval('#move-time option', (options) => options.map((option) => option.text));
  assert.ok(labels.includes('≈ 5 s'), `the time per move reads "≈ 5 s": ${labels.join(', ')}`);
  await page.click('#new-game');
  await page.waitForFunction(() => document.getElementById('new-game-dialog').open);
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height });
    await page.waitForFunction(([w, h]) => window.innerWidth === w && window.innerHeight === h, [width, height]);
    assert.deepEqual(await squeezedSelects(page), [], `drop-downs cut off in the new-game dialog at ${width}x${height}`);
    if (width === 1200) await shot(page, 'page-new-game.png');
  }
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1200, height: 900 });
  await shot(page, 'page-side-panel.png');
  assert.deepEqual(problems, []);
});

/** The relative luminance (0 black .. 1 white) of a CSS rgb() colour. */
function luminance(colour) {
  const [r, g, b] = colour.match(/[\d.]+/g).slice(0, 3).map(Number).map((value) => {
    const channel = value / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const bodyBackground = (page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const bodyInk = (page) => page.evaluate(() => getComputedStyle(document.body).color);

test('dark mode follows the system, the toggle switches it, and a finished game reads well in it', async (t) => {
  const session = await openPage({ viewport: { width: 1280, height: 800 } });
  t.after(session.close);
  const { page, problems } = session;
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => document.getElementById('theme-toggle').getAttribute('aria-pressed') === 'true');
  assert.ok(luminance(await bodyBackground(page)) < 0.05, `a dark background: ${await bodyBackground(page)}`);
  assert.ok(luminance(await bodyInk(page)) > 0.6, `light text: ${await bodyInk(page)}`);
  await shot(page, 'page-dark.png');

  await page.click('#theme-toggle');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
  assert.equal(await page.getAttribute('#theme-toggle', 'aria-pressed'), 'false');
  assert.ok(luminance(await bodyBackground(page)) > 0.7, `a light background: ${await bodyBackground(page)}`);
  await page.click('#theme-toggle');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  assert.equal(await page.getAttribute('#theme-toggle', 'aria-pressed'), 'true');
  assert.ok(luminance(await bodyBackground(page)) < 0.05, `dark again: ${await bodyBackground(page)}`);

  // A tournament game finished by a click: the result card in the dark.
  const [game] = wthorGames(1);
  const moves = splitMoves(game.moves);
  await page.selectOption('#mode', 'human-human');
  await load(page, moves.slice(0, -1).join(''));
  await page.click(`[data-square="${moves.at(-1)}"]`);
  await page.waitForSelector('#result-card', { state: 'visible' });
  const card = await page.evaluate(() => {
    const style = getComputedStyle(document.getElementById('result-card'));
    return { background: style.backgroundColor, ink: style.color };
  });
  assert.ok(luminance(card.background) < 0.1 && luminance(card.ink) > 0.6, `the card is dark with light text: ${JSON.stringify(card)}`);
  await shot(page, 'page-dark-game-over.png');
  assert.deepEqual(problems, []);
});

test('the result card: the winner, the score with the empty squares, rematch and close', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#mode', 'human-human');
  const moves = splitMoves(SHORT_GAME);
  await load(page, moves.slice(0, -1).join(''));
  assert.equal(await page.isHidden('#result-card'), true, 'no card before the end');
  await page.click(`[data-square="${moves.at(-1)}"]`);
  await page.waitForSelector('#result-card', { state: 'visible' });
  assert.equal(await page.textContent('#result-title'), 'Black wins');
  assert.equal(await page.textContent('#result-score'), '64–0');
  assert.equal(await page.textContent('#result-rule'), 'On the board: Black 13 · White 0; the 51 empty squares go to the winner.');
  assert.equal(await page.textContent('#status'), 'Game over: Black wins 64–0 (13–0 on the board; the 51 empty squares go to the winner).');
  // The card sits over the board.
  const [cardBox, boardBox] = await Promise.all([page.locator('#result-card').boundingBox(), page.locator('#board').boundingBox()]);
  assert.ok(cardBox.x >= boardBox.x - 1 && cardBox.x + cardBox.width <= boardBox.x + boardBox.width + 1, 'the card is over the board');

  await page.click('#result-close');
  await page.waitForSelector('#result-card', { state: 'hidden' });
  assert.equal((await recordState(page)).status, 'gameover', 'closing keeps the finished game');

  // Played again to the end, then a rematch.
  await page.click('#undo');
  await page.click(`[data-square="${moves.at(-1)}"]`);
  await page.waitForSelector('#result-card', { state: 'visible' });
  await page.click('#result-rematch');
  await page.waitForSelector('#result-card', { state: 'hidden' });
  const state = await recordState(page);
  assert.deepEqual(state.moves, []);
  assert.equal(state.status, 'moves');
  assert.equal(await page.inputValue('#mode'), 'human-human', 'a rematch keeps the players');
  assert.ok(await page.locator('#previous button[data-previous]').count() >= 1, 'the finished game is kept');
  assert.deepEqual(problems, []);
});

test('opening names: the Tiger, and the same opening played in its mirror image', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#mode', 'human-human');
  const tiger = ['f5', 'd6', 'c3', 'd3', 'c4'];
  for (const move of tiger) await page.click(`[data-square="${move}"]`);
  assert.match(await page.textContent('#opening'), /Tiger/);
  assert.deepEqual(await page.$$eval('#moves li.opening-end button', (buttons) => buttons.map((button) => button.dataset.ply)), ['5']);

  // The Tiger reflected in the a1-h8 diagonal (file and rank swapped): e6 f4 c3 c4 d3.
  const mirror = tiger.map((move) => `${'abcdefgh'[Number(move[1]) - 1]}${'abcdefgh'.indexOf(move[0]) + 1}`);
  assert.deepEqual(mirror, ['e6', 'f4', 'c3', 'c4', 'd3']);
  await newGameFromDialog(page, { colour: 'human-human' });
  assert.equal(await page.textContent('#opening'), '');
  for (const move of mirror) await page.click(`[data-square="${move}"]`);
  assert.deepEqual((await recordState(page)).moves, mirror);
  assert.match(await page.textContent('#opening'), /Tiger/);
  assert.deepEqual(await page.$$eval('#moves li.opening-end button', (buttons) => buttons.map((button) => button.dataset.ply)), ['5']);
  assert.deepEqual(problems, []);
});
