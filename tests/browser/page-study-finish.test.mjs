// The page's study tools, finished:
// - the opening trainer's line in progress survives a reload: the trainer
//   is open again at the same position of the same opening, with the same
//   colour; a corrupt or stale saved line is dropped with no error shown;
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { boardShown, engineReady, openPage } from './page-support.mjs';

const engine = await import('../../pkg/index.js');
await engine.init();

/** Where the opening trainer keeps its line in progress (www/storage.js). */
const LINE_KEY = 'othello-opening-line-v1';

let opened;
let page;

before(async () => {
  opened = await openPage({ viewport: { width: 1280, height: 800 } });
  page = opened.page;
});

after(async () => {
  assert.deepEqual(opened.problems, []);
  await opened.close();
});

/**
 * The book moves of `position` by the package under Node, best first.
 * @param {string} position
 */
function bookMoves(position) {
  return engine.analyze(position, { depth: 1 }).filter((entry) => entry.kind === 'book').sort((a, b) => b.score - a.score);
}

/** The opening trainer's line on the page, or null. */
function line() {
  return page.evaluate(() => {
    const shown = window.othelloPage.openingTrainer.line;
    return shown && {
      phase: shown.phase, position: shown.position, moves: shown.moves, byEngine: shown.byEngine, color: shown.color,
      opening: shown.opening, judged: shown.judged.length, valued: shown.options !== null,
    };
  });
}

/** Waits until the line waits for the player in a valued position, is flagged or is over. */
async function settled() {
  await page.waitForFunction(() => {
    const shown = window.othelloPage.openingTrainer.line;
    return shown && ((shown.phase === 'player' && shown.options !== null) || shown.phase === 'flagged' || shown.phase === 'over');
  }, null, { timeout: 30_000 });
  return line();
}

/**
 * Opens the trainer (if closed) and starts a line of `opening` as `color`.
 * @param {string} opening
 * @param {'black' | 'white'} color
 */
async function startLine(opening, color) {
  if (await page.getAttribute('#opening-trainer-toggle', 'aria-expanded') !== 'true') await page.click('#opening-trainer-toggle');
  await page.evaluate(() => { window.othelloPage.openingTrainer.seed = 7; });
  await page.selectOption('#opening-trainer-opening', opening);
  await page.check(`input[name="opening-trainer-colour"][value="${color}"]`);
  await page.selectOption('#opening-trainer-length', '16');
  await page.click('#opening-trainer-start');
  return settled();
}

/**
 * Plays the book's best move in the line's position, and waits for the line to settle again.
 * @param {{ position: string, moves: string[] }} state
 */
async function playBest(state) {
  await page.click(`#board [data-square="${bookMoves(state.position)[0].move}"]`);
  await page.waitForFunction((count) => window.othelloPage.openingTrainer.line.moves.length > count + 1, state.moves.length);
  return settled();
}

test('a line in progress survives a reload: same opening, colour and position, and it goes on from there', async () => {
  let state = await startLine('Tiger', 'white');
  state = await playBest(state);
  state = await playBest(state);
  assert.equal(state.phase, 'player');
  assert.equal(state.judged, 2);
  const board = await boardShown(page);

  await page.reload();
  await engineReady(page);
  const resumed = await settled();
  assert.equal(resumed.opening, 'Tiger');
  assert.equal(resumed.color, 'white');
  assert.equal(resumed.position, state.position);
  assert.deepEqual(resumed.moves, state.moves);
  assert.equal(resumed.judged, 2);
  assert.equal(await boardShown(page), board);
  // The panel is open at the line, its heading naming the opening and the player's moves so far.
  assert.equal(await page.isVisible('#opening-trainer-line'), true);
  assert.match(await page.textContent('#opening-trainer-line .trainer-heading'), /Tiger.*2 of 16/);
  // And the line goes on: a best move is judged and answered by the book.
  const next = await playBest(resumed);
  assert.equal(next.judged, 3);
  await page.click('#opening-trainer-stop');
  assert.equal(await page.evaluate((key) => localStorage.getItem(key), LINE_KEY), null, 'a line over is forgotten');
});

test('a corrupt or stale saved line is dropped without a word, and the page works', async () => {
  const stale = {
    color: 'black', opening: 'Tiger', length: 8, seed: 1, start: '', prelude: [], moves: ['a1'], byEngine: [false], judged: [],
  };
  for (const value of ['{"color":"black",', JSON.stringify(stale), JSON.stringify({ ...stale, opening: 'No such opening' }), '[1,2]']) {
    await page.evaluate(([key, text]) => localStorage.setItem(key, text), [LINE_KEY, value]);
    await page.reload();
    await engineReady(page);
    assert.equal(await page.evaluate(() => window.othelloPage.openingTrainer.line), null, value);
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), LINE_KEY), null, `${value} is forgotten`);
    assert.equal(await page.isVisible('#notice'), false);
    assert.equal(await page.textContent('#record-message'), '');
  }
  // The page plays on.
  await page.click('#board [data-square="f5"]');
  await page.waitForFunction(() => window.othelloPage.record.moves.length >= 1);
});
