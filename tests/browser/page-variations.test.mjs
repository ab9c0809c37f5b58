// The analysis board with variations, in Chromium on the built page (dist/):
// - in a game analysed (loaded, or over), a move at an earlier position adds
//   a variation and the board stays in it; the game (its main line) is kept;
// - in a game being played, a different move after undo still replaces the
//   moves taken back; "Play from here" makes the line on the board the game;
// - the move list shows the variations under the move they replace (nested,
//   foldable) and the comments; the arrows move along the line, up and down
//   between variations; promote and delete;
// - the tree and the line on the board survive a reload; an old saved game
//   (one line, no tree) and an old previous game load;
// - "Copy with variations" gives text that the package's parseVariations
//   reads to the same tree and the page loads back; transcript and GGF are
//   the main line.
// Screenshots of the move list with nested variations and comments at 1280x800
// and 390x844, light and dark, English and Japanese go to test-artifacts/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  artifact, engineReady, load, newGameFromDialog, openPage, recordState, setTheme, splitMoves, wthorGames,
} from './page-support.mjs';

/** A tournament game nobody here wrote (60 moves, two passes near its end). */
const GAME = wthorGames(1)[0].moves;
/** @type {string[]} its moves, passes included (read by the page's engine) */
let MAIN;
/** Nine moves: after c5 White has no disc left. */
const SHORT_GAME = 'e6f4e3f6g5d6e7f5c5';

let session;
before(async () => {
  session = await openPage({ viewport: { width: 1280, height: 800 } });
  MAIN = await session.page.evaluate(async (game) => (await import('./pkg/index.js')).parseGame(game).moves, GAME);
});
after(async () => session.close());

/** Where the board is: the move on it, its ply on the line, whether that is the main line, the line's moves. */
function where(page) {
  return page.evaluate(() => {
    const record = window.othelloPage.record;
    return { move: record.current.move, ply: record.cursor, main: record.onMainLine, line: [...record.moves] };
  });
}

/** The record's tree as the package's game tree: `{ comment, next: [{ move, comment, next }] }`. */
function treeOf(page) {
  return page.evaluate(() => {
    const children = (node) => node.children.map((child) => ({ move: child.move, comment: child.comment, next: children(child) }));
    const record = window.othelloPage.record;
    // As JSON: deeper than the test channel carries objects.
    return JSON.stringify({ comment: record.root.comment, next: children(record.root) });
  }).then(JSON.parse);
}

/** The id of the move reached by `moves` from the start (game-tree.js), for the list's data-node. */
function idOf(page, moves) {
  return page.evaluate((path) => {
    let node = window.othelloPage.record.root;
    for (const move of path) node = node.children.find((child) => child.move === move);
    return node.id;
  }, moves);
}

/** Clicks the list's button of the move reached by `moves`. */
async function select(page, moves) {
  await page.click(`#moves button[data-node="${await idOf(page, moves)}"]`);
}

/** Plays `move` on the board (a square). */
async function play(page, move) {
  const before = await page.evaluate(() => window.othelloPage.record.current.id);
  await page.click(`[data-square="${move}"]`);
  await page.waitForFunction((id) => window.othelloPage.record.current.id !== id, before);
}

/** A legal move of the position on the board other than `not`. */
async function otherMove(page, ...not) {
  const { legal } = await recordState(page);
  const move = legal.find((square) => !not.includes(square));
  assert.ok(move, `a legal move other than ${not.join(', ')}`);
  return move;
}

/** Presses `key` with the focus on the move list's current move. */
async function key(page, name) {
  await page.focus('#moves button.current');
  await page.keyboard.press(name);
}

/** The variations at ply 20 of GAME made by the first test: [first move, second, third] of the first, the nested one. */
const built = {};

test('a loaded game: a move at an earlier position adds a variation, the game stays, the keys move through the tree', async () => {
  const { page, problems } = session;
  await load(page, GAME);
  assert.equal(await page.isVisible('#review-bar'), true, 'a loaded game is reviewed');
  await page.click('#moves button[data-ply="20"]');
  const other = await otherMove(page, MAIN[20]);
  await play(page, other);
  assert.equal(await page.evaluate(() => window.othelloPage.record.transcript()), GAME, 'the game is the same');
  assert.deepEqual(await where(page), { move: other, ply: 21, main: false, line: [...MAIN.slice(0, 20), other] });
  // The list: the variation under move 21, the board's move marked in it; the game's move 22 right of "…".
  assert.deepEqual(await page.$$eval('#moves li.variations button.current .sq', (squares) => squares.map((s) => s.textContent)), [other]);
  assert.equal(await page.textContent('#moves li.variations button.current .n'), '21');
  const after = await page.$$eval('#moves > li', (items) => items.map((item) => item.className || item.textContent.trim().slice(0, 8)));
  const at = after.indexOf('variations');
  assert.equal(after[at + 1], 'gap', 'White\'s move 22 keeps its column after the variation');
  // Two more moves: they go on in the variation (the board stays in it).
  const second = await otherMove(page);
  await play(page, second);
  const third = await otherMove(page);
  await play(page, third);
  assert.deepEqual(await where(page), { move: third, ply: 23, main: false, line: [...MAIN.slice(0, 20), other, second, third] });
  Object.assign(built, { other, second, third });

  // Left and right along the line on the board (it stays the variation); up to the main line's move, down back.
  await key(page, 'ArrowLeft');
  await key(page, 'ArrowLeft');
  assert.equal((await where(page)).move, other);
  await key(page, 'ArrowRight');
  assert.deepEqual(await where(page), { move: second, ply: 22, main: false, line: [...MAIN.slice(0, 20), other, second, third] });
  await key(page, 'ArrowUp');
  assert.deepEqual(await where(page), { move: MAIN[20], ply: 21, main: true, line: MAIN }, 'up: the move the variation replaces');
  await key(page, 'ArrowDown');
  assert.deepEqual(await where(page), { move: other, ply: 21, main: false, line: [...MAIN.slice(0, 20), other, second, third] });
  await key(page, 'End');
  assert.equal((await where(page)).move, third);
  await key(page, 'Home');
  assert.equal((await where(page)).ply, 0);
  assert.deepEqual(problems, []);

  // A second variation of move 21, after the first; a nested one in the first, instead of its second move.
  await select(page, MAIN.slice(0, 20));
  const another = await otherMove(page, MAIN[20], other);
  await play(page, another);
  await select(page, [...MAIN.slice(0, 20), other]);
  const nested = await otherMove(page, second);
  await play(page, nested);
  Object.assign(built, { another, nested });
  assert.deepEqual(await page.$$eval('#moves > li.variations > .variation', (boxes) => boxes.map((box) => box.querySelector('button[data-node] .sq').textContent)),
    [other, another], 'the variations of move 21 in the order they were made');
  assert.deepEqual(await page.$$eval('#moves .variation .variation button.current .sq', (squares) => squares.map((s) => s.textContent)), [nested],
    'the nested variation inside the first');
  await key(page, 'ArrowUp');
  assert.equal((await where(page)).move, second, 'up from the nested variation: the move it replaces');
  // Up from a move without alternatives goes to the nearest move before it that has some.
  await select(page, [...MAIN.slice(0, 20), other, second, third]);
  await key(page, 'ArrowDown');
  assert.equal((await where(page)).move, nested);
  const text = await page.evaluate(() => window.othelloPage.record.variationText());
  assert.equal(text, `${MAIN.slice(0, 21).join(' ')} (${other} ${second} (${nested}) ${third}) (${another}) ${MAIN.slice(21).filter((move) => move !== 'pa').join(' ')}`, 'passes implicit');
  assert.deepEqual(problems, []);
});

test('fold, comment, promote and delete', async () => {
  const { page, problems } = session;
  const { other, second, third, another, nested } = built;
  // Folding the variation the board is in: the board goes to where it starts; the fold shows its first move only.
  const fold = `#moves button[data-fold="${await idOf(page, [...MAIN.slice(0, 20), other])}"]`;
  assert.equal(await page.getAttribute(fold, 'aria-expanded'), 'true');
  await page.click(fold);
  assert.deepEqual(await where(page), { move: MAIN[19], ply: 20, main: true, line: MAIN });
  assert.equal(await page.getAttribute(fold, 'aria-expanded'), 'false');
  const folded = await page.$eval(fold, (button) => button.closest('.variation').textContent);
  assert.ok(folded.includes(other) && !folded.includes(third), `only its first move: "${folded}"`);
  assert.match(folded, /\+3 moves/);
  await page.click(fold);
  assert.equal(await page.getAttribute(fold, 'aria-expanded'), 'true');

  // Comments: on a move of a variation (shown after it) and on a move of the main line (a row under it).
  await select(page, [...MAIN.slice(0, 20), other]);
  assert.equal(await page.getAttribute('#move-comment', 'aria-label'), `Comment on move 21 (${other})`);
  assert.equal(await page.getAttribute('#move-comment', 'placeholder'), `Comment on move 21 (${other})`);
  await page.fill('#move-comment', 'A try {with braces} \\ and a backslash');
  assert.deepEqual(await page.$$eval('#moves .variation .comment', (comments) => comments.map((c) => c.textContent)),
    ['A try {with braces} \\ and a backslash']);
  await select(page, MAIN.slice(0, 10));
  assert.equal(await page.inputValue('#move-comment'), '', 'the field shows the comment of the move on the board');
  await page.fill('#move-comment', 'The game\'s move 10');
  assert.equal(await page.textContent('#moves li.comment'), 'The game\'s move 10');
  await select(page, [...MAIN.slice(0, 20), other]);
  assert.equal(await page.inputValue('#move-comment'), 'A try {with braces} \\ and a backslash');

  // Promote: the variation's line becomes the main line, the game's moves a variation of it.
  await select(page, [...MAIN.slice(0, 20), other, second]);
  assert.equal(await page.isDisabled('#promote'), false);
  await page.click('#promote');
  const main = await page.evaluate(() => window.othelloPage.record.mainLine.map((node) => node.move));
  assert.deepEqual(main, [...MAIN.slice(0, 20), other, second, third]);
  assert.equal((await where(page)).main, true);
  assert.equal(await page.isDisabled('#promote'), true, 'the main line cannot be promoted');
  const variations = await page.$$eval('#moves > li.variations > .variation', (boxes) => boxes.map((box) => box.querySelector('button[data-node] .sq').textContent));
  assert.deepEqual(variations, [MAIN[20], another, nested], 'the former main line is a variation now (the nested one is under move 22 now)');

  // Delete: the move and the moves after it go; the board shows the move before it.
  await select(page, [...MAIN.slice(0, 20), another]);
  await page.click('#delete-move');
  assert.deepEqual(await where(page), { move: MAIN[19], ply: 20, main: true, line: main });
  const alternatives = await page.evaluate((path) => {
    let node = window.othelloPage.record.root;
    for (const move of path) node = node.children.find((child) => child.move === move);
    return node.children.map((child) => child.move);
  }, MAIN.slice(0, 20));
  assert.deepEqual(alternatives, [other, MAIN[20]], 'the deleted variation is gone');
  assert.deepEqual(await page.$$eval('#moves > li.variations > .variation', (boxes) => boxes.map((box) => box.querySelector('button[data-node] .sq').textContent)),
    [MAIN[20], nested]);
  // Put the game back as the main line for the tests that follow.
  await select(page, MAIN);
  await page.click('#promote');
  assert.equal(await page.evaluate(() => window.othelloPage.record.transcript()), GAME);
  assert.deepEqual(problems, []);
});

test('the tree, its comments, folds and the line on the board survive a reload', async () => {
  const { page, problems } = session;
  const { other, second } = built;
  // The board in the variation of move 21, the one nested in it folded.
  await select(page, [...MAIN.slice(0, 20), other, second]);
  const fold = async () => `#moves button[data-fold="${await idOf(page, [...MAIN.slice(0, 20), other, built.nested])}"]`;
  await page.click(await fold());
  const before = { tree: await treeOf(page), at: await where(page), text: await page.evaluate(() => window.othelloPage.record.variationText()) };
  await page.reload();
  await engineReady(page);
  assert.deepEqual(await treeOf(page), before.tree);
  assert.deepEqual(await where(page), before.at);
  assert.equal(await page.evaluate(() => window.othelloPage.record.variationText()), before.text);
  assert.equal(await page.getAttribute(await fold(), 'aria-expanded'), 'false', 'a folded variation stays folded');
  await page.click(await fold());
  assert.deepEqual(problems, []);
});

test('"Copy with variations" reads back to the same tree, in the package and on the page; transcript and GGF are the main line', async () => {
  const { page, problems } = session;
  const tree = await treeOf(page);
  await page.click('#copy-variations');
  await page.waitForFunction(() => /variations/.test(document.getElementById('record-message').textContent));
  assert.match(await page.textContent('#record-message'), /the game with its variations and comments \(60 moves in the main line\)/);
  const text = await page.inputValue('#record-text');
  assert.match(text, /^\[Black "Black"\]\n\[White "White"\]\n/, 'the players as tags');
  // The package reads it to the same tree.
  const parsed = await page.evaluate(async (written) => {
    const { parseVariations, parseGame } = await import('./pkg/index.js');
    const read = parseVariations(written);
    return JSON.stringify({ tree: { comment: read.comment, next: read.next }, game: parseGame(written) });
  }, text).then(JSON.parse);
  assert.deepEqual(parsed.tree, tree);
  assert.equal(parsed.game.transcript, GAME, 'parseGame reads the main line');
  // The page loads it back: the same tree, reviewed, on the main line's end.
  await newGameFromDialog(page);
  assert.deepEqual((await treeOf(page)).next, []);
  await load(page, text);
  assert.match(await page.textContent('#record-message'), /^Loaded 60 moves \(with variations\)\.$/);
  assert.deepEqual(await treeOf(page), tree);
  assert.deepEqual(await where(page), { move: MAIN.at(-1), ply: MAIN.length, main: true, line: MAIN });
  // Transcript and GGF: the main line, whatever line the board shows.
  await select(page, [...MAIN.slice(0, 20), built.other]);
  await page.click('#copy-transcript');
  await page.waitForFunction(() => /transcript/.test(document.getElementById('record-message').textContent));
  assert.equal(await page.inputValue('#record-text'), GAME);
  await page.click('#copy-ggf');
  await page.waitForFunction(() => /GGF/.test(document.getElementById('record-message').textContent));
  const ggf = await page.inputValue('#record-text');
  assert.equal(await page.evaluate(async (record) => (await import('./pkg/index.js')).parseGame(record).transcript, ggf), GAME);
  assert.deepEqual(problems, []);
});

test('an old saved game (one line, no tree) and an old previous game load, and take variations', async () => {
  const { page, problems } = session;
  const moves = MAIN.slice(0, 30);
  await page.evaluate(({ moves, game }) => {
    const start = window.othelloPage.record.start;
    const old = { start, moves, cursor: 12, times: moves.map((_, ply) => 1000 + ply), names: null, ending: null };
    // As an older page kept them: no tab, no tree.
    localStorage.setItem('othello-page-v1', JSON.stringify({ game: old, settings: { mode: 'human-human' }, paused: false, clock: null }));
    const previous = { start, moves: game, cursor: game.length, times: [], names: { black: 'Old', white: 'Game' }, ending: null };
    localStorage.setItem('othello-previous-games-v1', JSON.stringify([{ id: 'old-1', game: previous, savedAt: 1, title: 'old', names: null, name: '' }]));
    for (const key of Object.keys(localStorage)) if (key.startsWith('othello-tab-game-v1:')) localStorage.removeItem(key);
  }, { moves, game: MAIN });
  await page.reload();
  await engineReady(page);
  assert.deepEqual(await where(page), { move: MAIN[11], ply: 12, main: true, line: moves });
  assert.deepEqual(await page.evaluate(() => window.othelloPage.record.times), moves.map((_, ply) => 1000 + ply));
  assert.equal(await page.isVisible('#notice'), false, `no notice: the old game was read (${await page.textContent('#notice-text')})`);
  // A game being played (two players): a different move at ply 12 replaces the moves after it, as before.
  const replacing = await otherMove(page, MAIN[12]);
  await play(page, replacing);
  assert.deepEqual(await where(page), { move: replacing, ply: 13, main: true, line: [...MAIN.slice(0, 12), replacing] });
  assert.equal(await page.evaluate(() => window.othelloPage.record.hasVariations), false);
  // The old previous game reopens (reviewed), and takes a variation.
  await page.click('#previous button[data-previous]');
  assert.equal(await page.isVisible('#review-bar'), true);
  assert.equal(await page.evaluate(() => window.othelloPage.record.transcript()), GAME);
  await page.click('#moves button[data-ply="5"]');
  await play(page, await otherMove(page, MAIN[5]));
  assert.equal((await where(page)).main, false);
  assert.equal(await page.evaluate(() => window.othelloPage.record.transcript()), GAME);
  assert.deepEqual(problems, []);
});

test('a game being played: undo then another move replaces; over, it is analysed; "Play from here" makes the line the game', async () => {
  const { page, problems } = session;
  await page.selectOption('#mode', 'human-human');
  await newGameFromDialog(page);
  for (const move of ['f5', 'd6', 'c3', 'd3']) await play(page, move);
  await page.locator('body').press('u');
  await page.locator('body').press('u');
  await play(page, 'c5');
  assert.deepEqual(await where(page), { move: 'c5', ply: 3, main: true, line: ['f5', 'd6', 'c5'] });
  assert.equal(await page.evaluate(() => window.othelloPage.record.hasVariations), false, 'a takeback leaves no variation');

  // Played to its end, the game is analysed: a move at an earlier position is a variation, the game and its result stay.
  await newGameFromDialog(page);
  for (const move of splitMoves(SHORT_GAME)) await play(page, move);
  await page.waitForSelector('#result-card', { state: 'visible' });
  await page.click('#result-close');
  await page.click('#moves button[data-ply="4"]');
  await play(page, await otherMove(page, splitMoves(SHORT_GAME)[4]));
  const state = await page.evaluate(() => {
    const record = window.othelloPage.record;
    return { transcript: record.transcript(), finished: record.finished, main: record.onMainLine };
  });
  assert.deepEqual(state, { transcript: SHORT_GAME, finished: true, main: false });
  assert.equal(await page.isVisible('#resign'), false, 'nobody resigns a finished game');
  assert.equal(await page.isVisible('#result-card'), false, 'a variation has no result card');

  // A loaded game with the engine chosen: "Play from here" in a variation makes that line the game, and the engine plays on.
  await page.selectOption('#mode', 'human-engine');
  await page.selectOption('#level', 'novice');
  await load(page, MAIN.slice(0, 20).join(''));
  await page.click('#moves button[data-ply="10"]');
  const branch = await otherMove(page, MAIN[10]);
  await play(page, branch);
  assert.equal(await page.evaluate(() => window.othelloPage.activity), null, 'the engine plays nothing in a variation');
  await page.selectOption('#review-sides', await page.evaluate(() => (window.othelloPage.record.state.toMove === 'black' ? 'engine-human' : 'human-engine')));
  await page.click('#play-from-here');
  await page.waitForFunction(() => window.othelloPage.record.cursor === 12, null, { timeout: 30_000 });
  const line = await page.evaluate(() => window.othelloPage.record.mainLine.map((node) => node.move));
  assert.deepEqual(line.slice(0, 11), [...MAIN.slice(0, 10), branch], 'the variation is the game now');
  assert.equal(line.length, 12, 'the engine replied on it');
  assert.deepEqual(problems, []);
});

test('screenshots: the move list with nested variations and comments, desktop and phone, light and dark, English and Japanese', async () => {
  const { page, problems } = session;
  await load(page, GAME);
  // Variations at move 13 (one nested, one with a pass-free line), comments on the start, moves and a variation.
  await page.click('#moves button[data-ply="12"]');
  const first = await otherMove(page, MAIN[12]);
  await play(page, first);
  await play(page, await otherMove(page));
  await play(page, await otherMove(page));
  const commented = (await where(page)).line;
  await page.fill('#move-comment', 'Quieter: keeps the edge open');
  await select(page, [...MAIN.slice(0, 12), first]);
  await play(page, await otherMove(page, (await where(page)).line[13]));
  await select(page, MAIN.slice(0, 12));
  const second = await otherMove(page, MAIN[12], first);
  await play(page, second);
  await play(page, await otherMove(page));
  await play(page, await otherMove(page));
  // The second variation folded: its first move and how many more.
  await page.click(`#moves button[data-fold="${await idOf(page, [...MAIN.slice(0, 12), second])}"]`);
  await select(page, MAIN.slice(0, 14));
  await page.fill('#move-comment', 'The game move: strong');
  await select(page, [...MAIN.slice(0, 12), first]);
  await page.click('#moves button[data-ply="0"]');
  await page.fill('#move-comment', 'WTHOR 1977');
  // The board on the commented move of the first variation, its comment open.
  await select(page, commented);
  assert.equal(await page.inputValue('#move-comment'), 'Quieter: keeps the edge open');
  for (const [width, height] of [[1280, 800], [390, 844]]) {
    await page.setViewportSize({ width, height });
    for (const language of ['en', 'ja']) {
      await page.selectOption('#language', language);
      for (const theme of ['light', 'dark']) {
        await setTheme(page, theme);
        await page.evaluate(() => {
          const list = document.getElementById('moves');
          list.closest('.panel').scrollIntoView({ block: 'start' });
          // The list itself from a little above the variations.
          const variations = /** @type {HTMLElement} */ (list.querySelector('li.variations'));
          list.scrollTop = variations.offsetTop - list.offsetTop - 70;
        });
        await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
        const list = await page.$eval('#moves', (element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
        assert.ok(list.scroll <= list.client + 1, `the list is not wider than its box at ${width}x${height} (${list.scroll} > ${list.client})`);
        await page.screenshot({ path: await artifact(`variations-${width}x${height}-${theme}-${language}.png`) });
      }
    }
  }
  await page.selectOption('#language', 'en');
  await setTheme(page, 'light');
  await page.setViewportSize({ width: 1280, height: 800 });
  assert.deepEqual(problems, []);
});
