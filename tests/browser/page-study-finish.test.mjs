// The page's study tools, finished:
// - the opening trainer's line in progress survives a reload: the trainer
//   is open again at the same position of the same opening, with the same
//   colour; a corrupt or stale saved line is dropped with no error shown;
// - while an opening line is trained the move list shows the line, and the
//   panels that would give its answers away (hints, best lines, tournament
//   games, the engine panel and evaluation) are hidden until the line is
//   analysed (the summary's Analyse this line) or the trainer closed;
// - the endgame trainer's answer is in no other panel before the player moves;
// - a share link carries the whole tree (variations, comments): it opens the
//   same tree, variation text identical; a tree too long for a link gives
//   the main line with a notice; a malformed link is refused with a message;
// - Delete from here offers an undo (the toast's button, Ctrl+Z while it
//   shows, not while typing in a field) that puts back the deleted moves
//   exactly: their variations, comments, the line on the board and the cursor.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { artifact, boardShown, bookMoves as bookMovesOf, engineReady, openPage } from './page-support.mjs';

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

/** The book moves of `position` by the package under Node, best first. */
const bookMoves = (/** @type {string} */ position) => bookMovesOf(engine, position);

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

/** The panels that would give a trained line's answers away, and whether each is visible. */
function answerPanels() {
  return page.evaluate(() => Object.fromEntries(
    ['#lines-panel', '#engine-panel', '#graph-panel', '#explorer', '#record-panel', '#hints']
    .map((selector) => [selector, document.querySelector(selector).checkVisibility()])));
}

/** The moves the move list shows (passes as the list writes them). */
function listedMoves() {
  return page.$$eval('#moves button[data-node] .sq', (squares) => squares.map((square) => square.textContent));
}

test('while a line is trained the move list shows it and the panels that give answers away are hidden', async () => {
  const hiddenAll = { '#lines-panel': false, '#engine-panel': false, '#graph-panel': false, '#explorer': false, '#record-panel': false,
    '#hints': false };
  const shownAll = { '#lines-panel': true, '#engine-panel': true, '#graph-panel': true, '#explorer': true, '#record-panel': true,
    '#hints': true };
  // A game of its own under the trainer.
  await page.click('#board [data-square="f5"]');
  await page.waitForFunction(() => window.othelloPage.record.moves.length >= 2, null, { timeout: 30_000 });
  await page.evaluate(() => { window.othelloPage.settings.hints = true; });
  const game = await page.evaluate(() => [...window.othelloPage.record.moves]);
  assert.deepEqual(await answerPanels(), shownAll);

  let state = await startLine('Tiger', 'black');
  state = await playBest(state);
  assert.deepEqual(await answerPanels(), hiddenAll);
  const prelude = await page.evaluate(() => window.othelloPage.openingTrainer.line.prelude);
  const line = [...prelude, ...state.moves].filter((move) => move !== 'pa');
  assert.deepEqual(await listedMoves(), line, 'the move list is the line trained');
  assert.equal(await page.isVisible('#opening-trainer-hidden'), true);
  // Nothing of the game is reached through the list meanwhile, by a click or the keys.
  const cursor = await page.evaluate(() => window.othelloPage.record.cursor);
  await page.click('#moves button[data-node]');
  for (const key of ['ArrowLeft', 'Home', 'ArrowUp']) await page.keyboard.press(key);
  assert.deepEqual(await page.evaluate(() => [...window.othelloPage.record.moves]), game);
  assert.equal(await page.evaluate(() => window.othelloPage.record.cursor), cursor);
  assert.equal(await page.isDisabled('#move-comment'), true);

  // The summary: still hidden, until the line is analysed; then every panel describes the line, now the game.
  await page.click('#opening-trainer-stop');
  await page.waitForSelector('#opening-trainer-analyse', { state: 'visible' });
  assert.deepEqual(await answerPanels(), hiddenAll);
  await page.click('#opening-trainer-analyse');
  assert.deepEqual(await answerPanels(), shownAll);
  assert.deepEqual(await page.evaluate(() => [...window.othelloPage.record.moves]), [...prelude, ...state.moves]);
  assert.deepEqual(await listedMoves(), line);

  // Closing the trainer in the middle of a line gives the panels and the game's list back at once.
  const analysed = await listedMoves();
  await startLine('Tiger', 'black');
  assert.deepEqual(await answerPanels(), hiddenAll);
  await page.click('#opening-trainer-toggle');
  assert.deepEqual(await answerPanels(), shownAll);
  assert.deepEqual(await listedMoves(), analysed);
});

test('the endgame trainer\'s answer is in no other panel before the player moves', async () => {
  await page.evaluate(() => { window.othelloPage.settings.hints = true; });
  await page.check('#hints');
  await page.click('#lines-toggle');
  await page.click('#endgame-trainer-toggle');
  await page.click('.endgame-band[data-band="10-12"]');
  await page.waitForFunction(() => {
    const frame = document.querySelector('.endgame-board');
    return frame?.dataset.position && frame.dataset.chosen === '';
  }, null, { timeout: 30_000 });
  const trainer = await page.$eval('.endgame-board', (frame) => {
    const board = [...frame.querySelectorAll('.square')].map((square) => {
      const disc = square.querySelector('.disc');
      return disc === null ? '-' : disc.classList.contains('black') ? 'X' : 'O';
    }).join('');
    return `${board} ${frame.dataset.toMove === 'black' ? 'X' : 'O'}`;
  });
  const trainerMoves = engine.status(trainer).moves;
  // Let the hints and the best lines of the game's position come.
  await page.waitForFunction(() => document.querySelectorAll('#board .hint').length > 0
    || document.querySelectorAll('#lines-list li').length > 0, null, { timeout: 30_000 });
  const gameLegal = await page.evaluate(() => window.othelloPage.record.state.moves);
  assert.deepEqual(await page.$$eval('.endgame-board .hint', (badges) => badges.length), 0, 'no score on the trainer\'s board');
  const hinted = await page.$$eval('#board .hint', (badges) => badges.map((badge) => badge.closest('.square').dataset.square));
  assert.ok(hinted.every((square) => gameLegal.includes(square)), 'the hints are the game\'s');
  const lines = await page.$$eval('#lines-list li', (items) => items.map((item) => item.textContent));
  for (const text of lines) {
    const first = /[a-h][1-8]/.exec(text)?.[0];
    assert.ok(gameLegal.includes(first), `the best lines are the game's (${text})`);
  }
  assert.notEqual(trainer, await page.evaluate(() => window.othelloPage.record.position));
  assert.ok(trainerMoves.length >= 2);
  await page.click('#lines-toggle');
  await page.click('#endgame-trainer-toggle');
});

/** A tree of the main line f5 d6 c3 d3 c4, two variations and comments (with braces, quotes and non-ASCII text). */
const TREE = '{Start: a \\} brace} f5 d6 (f4 {the "Parallel" & co} e3) c3 {Tiger: ×虎} (c5 f4) d3 c4';

/** The record on the page as variation text (the whole tree). */
const treeText = () => page.evaluate(() => window.othelloPage.record.variationText());

/** Loads `text` through the record panel. */
async function loadText(text) {
  await page.fill('#record-text', text);
  await page.click('#load');
  await page.waitForFunction(() => document.querySelector('#record-message').textContent !== '');
}

/**
 * Opens the share dialog and reads its link, label and notice (a screenshot saved as `picture` where given); closes it.
 * @param {string} [picture]
 */
async function shared(picture) {
  await page.click('#share');
  if (picture) await page.screenshot({ path: await artifact(picture) });
  const link = {
    url: await page.textContent('#share-link'), label: await page.textContent('#share-link-label'),
    notice: await page.isVisible('#share-link-notice') ? await page.textContent('#share-link-notice') : null,
  };
  await page.keyboard.press('Escape');
  return link;
}

test('a share link carries the whole tree, variations and comments, and opens it again as it was', async () => {
  await loadText(TREE);
  const tree = await treeText();
  assert.match(tree, /\(f4/);
  assert.match(tree, /\(c5/);
  const link = await shared();
  assert.match(link.url, /#tree=/);
  assert.equal(link.notice, null);
  assert.match(link.label, /variations and comments/);
  // Compact: no space between moves, URL-safe (nothing a URL would have to escape is left unescaped).
  const fragment = link.url.split('#tree=')[1];
  assert.match(fragment, /^[A-Za-z0-9%()_.!~*'-]+$/);
  assert.ok(decodeURIComponent(fragment).startsWith('{Start: a \\} brace}f5d6(f4{the "Parallel" & co}e3)c3'), fragment);

  await page.goto('about:blank');
  await page.goto(link.url);
  await engineReady(page);
  assert.equal(await treeText(), tree, 'the same tree, comments and all');
  assert.match(await page.textContent('#record-message'), /with its variations and comments: 5 moves/);
  assert.equal(await page.evaluate(() => location.hash), '', 'the link is taken out of the address');
});

test('a tree too long for a link gives the main line, and says so', async () => {
  await loadText(`f5 {${'a long comment '.repeat(150)}} d6 (f4) c3`);
  const link = await shared('study-share-too-long.png');
  assert.match(link.url, /#moves=f5d6c3$/);
  assert.match(link.label, /main line/);
  assert.match(link.notice, /more than 2000: it gives the main line only/);
});

test('a malformed tree link is refused with a message; the game on the board stays', async () => {
  await loadText(TREE);
  const tree = await treeText();
  const base = opened.url;
  // A GGF record is a game, but not a tree's link.
  const ggf = encodeURIComponent(await page.evaluate(() => window.othelloPage.record.ggf()));
  const cases = [
    [ggf, /holds no moves with variations/],
    ['f5d6(c3', /could not be opened/],
    ['f5(a1)', /could not be opened/],
    ['f5%E0%A4%A', /damaged/],
    ['', /holds no moves/],
  ];
  for (const [fragment, expected] of cases) {
    await page.goto('about:blank');
    await page.goto(`${base}#tree=${fragment}`);
    await engineReady(page);
    assert.match(await page.textContent('#record-message'), expected, fragment);
    assert.equal(await treeText(), tree, `${fragment}: the game stays`);
  }
});

test('Delete from here can be undone, by the toast\'s button or Ctrl+Z, restoring the subtree exactly', async () => {
  await loadText(TREE);
  await page.click('#moves button[data-ply="2"]');
  const before = await page.evaluate(() => {
    const record = window.othelloPage.record;
    return { tree: record.variationText(), moves: [...record.moves], cursor: record.cursor };
  });
  const now = () => page.evaluate(() => {
    const record = window.othelloPage.record;
    return { tree: record.variationText(), moves: [...record.moves], cursor: record.cursor };
  });
  const remove = async () => {
    await page.click('#delete-move');
    const after = await now();
    assert.doesNotMatch(after.tree, /Tiger/, 'd6 and what follows it are gone');
    assert.equal(await page.isVisible('#undo-toast'), true);
    assert.equal(await page.textContent('#undo-toast-text'), 'Deleted 6 moves.');
  };

  // The toast's button (on a phone too: the toast fits its window).
  await page.setViewportSize({ width: 390, height: 844 });
  await remove();
  const toast = await page.locator('#undo-toast').boundingBox();
  assert.ok(toast.x >= 0 && toast.x + toast.width <= 390 && toast.y + toast.height <= 844, JSON.stringify(toast));
  await page.screenshot({ path: await artifact('study-undo-toast-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: await artifact('study-undo-toast-1280.png') });
  await page.click('#undo-toast-button');
  assert.deepEqual(await now(), before);
  assert.equal(await page.isVisible('#undo-toast'), false);

  // Ctrl+Z while it shows; not while typing in the comment field (its own undo).
  await remove();
  await page.focus('#move-comment');
  await page.keyboard.press('Control+z');
  assert.doesNotMatch((await now()).tree, /Tiger/);
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press('Control+z');
  assert.deepEqual(await now(), before);
  assert.equal(await page.isVisible('#undo-toast'), false);
  // Once used, Ctrl+Z does nothing more.
  await page.keyboard.press('Control+z');
  assert.deepEqual(await now(), before);

  // The restored tree is the one saved.
  await page.reload();
  await engineReady(page);
  assert.equal((await now()).tree, before.tree);
});
