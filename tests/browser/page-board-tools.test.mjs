// The board's view and getting a game out of the page, in Chromium: the
// board turned round (h8 top left, coordinates reversed, a click on a square
// plays that square, arrow keys move in the direction shown, square names
// unchanged, kept across a reload, on the 96-square board too); share links
// (`#moves=<transcript>` and `#board=<OBF>` open the game in a fresh page,
// through hashchange too, and leave the address; a bad link says why and
// changes nothing); the .ggf, .txt and .png downloads (their content; the
// image's size and the colours at square centres); the board themes and the
// coordinates, applied and kept across a reload, the high-contrast theme's
// discs at 4.5:1 or more against its board in light and dark mode.
// Screenshots of each theme (light and dark), the turned board, the share
// dialog and the exported image, at 1280x800 and 390x844.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFile, readFile } from 'node:fs/promises';
import { artifact, engineReady, openPage, recordState, splitMoves, wthorGames } from './page-support.mjs';

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** The first 20 moves of a tournament game. */
const GAME = wthorGames(1)[0].moves.slice(0, 40);
/** A set-up position (not reachable from the start by a transcript here): White to move. */
const SET_UP = '--XXXX----XOOX--XXOOXOX-XXXOOXXXXXOXOXX--XOOOXX---OOOO-----OOO-- O';
/** Pixels of a square and of the margin around the squares in the exported image (board-image.js). */
const SQUARE_PX = 64;
const MARGIN_PX = 28;

let session;
let page;
let problems;

before(async () => {
  session = await openPage({ viewport: WIDE });
  ({ page, problems } = session);
  // Two players: no engine move changes the board under the test.
  await page.selectOption('#mode', 'human-human');
});

after(() => session?.close());

/** Pastes `text` into the record box and loads it (a dialog left open by a failed test is closed first). */
async function load(text) {
  await page.evaluate(() => document.querySelectorAll('dialog[open]').forEach((dialog) => dialog.close()));
  await page.fill('#record-text', text);
  await page.click('#load');
  await page.waitForFunction(() => /^Loaded/.test(document.getElementById('record-message').textContent));
}

/** The squares as laid out on the screen: `{ name, x, y, width, height }` each, and the board's box. */
async function layout() {
  return page.evaluate(() => {
    const box = (element) => {
      const rect = element.getBoundingClientRect();
      return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    };
    return {
      board: box(document.getElementById('board')),
      squares: [...document.querySelectorAll('#board .square')].map((square) => ({ name: square.dataset.square, ...box(square) })),
    };
  });
}

/** The square names in the order the screen shows them: top row first, left to right. */
async function readingOrder() {
  const { squares } = await layout();
  return squares.sort((a, b) => Math.round(a.y) - Math.round(b.y) || a.x - b.x).map((square) => square.name);
}

/** The coordinate labels: the top row's letters and the left column's numbers. */
function coordinateLabels() {
  return page.evaluate(() => ({
    files: [...document.querySelectorAll('.coord-row')[0].children].map((label) => label.textContent),
    ranks: [...document.querySelectorAll('.coord-col')[0].children].map((label) => label.textContent),
  }));
}

/** Sets the flip as wanted (the Flip button toggles). */
async function setFlipped(flipped) {
  if ((await page.getAttribute('#flip', 'aria-pressed')) !== String(flipped)) await page.click('#flip');
  await page.waitForFunction((want) => document.getElementById('board-frame').dataset.flipped === String(want), flipped);
}

/** The page's light or dark mode, set through the header's toggle. */
async function setPageTheme(dark) {
  if ((await page.getAttribute('#theme-toggle', 'aria-pressed')) !== String(dark)) await page.click('#theme-toggle');
}

/** '#rgb', '#rrggbb' or 'rgb(r, g, b)' as [r, g, b]. */
function rgb(colour) {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(colour);
  if (short) return short.slice(1).map((part) => parseInt(part + part, 16));
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (hex) return hex.slice(1).map((part) => parseInt(part, 16));
  const numbers = colour.match(/\d+(\.\d+)?/g);
  assert.ok(numbers && numbers.length >= 3, `a colour: ${colour}`);
  return numbers.slice(0, 3).map(Number);
}

/** WCAG's contrast ratio of two colours. */
function contrast(first, second) {
  const luminance = (colour) => {
    const [r, g, b] = rgb(colour).map((value) => {
      const channel = value / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

/** Clicks `selector` and returns the file it downloads: `{ name, bytes }`. */
async function downloadOf(selector) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path), path };
}

test('the board turned round: h8 top left, coordinates reversed, clicks and arrow keys follow, names unchanged, kept on reload', async () => {
  await page.click('#new-game');
  await page.check('input[name="colour"][value="human-human"]');
  await page.click('#new-game-start');
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 0);
  await setFlipped(false);
  const straight = await readingOrder();
  assert.equal(straight[0], 'a1');
  assert.equal(straight.at(-1), 'h8');
  const labelsBefore = await page.$$eval('#board .square', (squares) => squares.map((square) => square.getAttribute('aria-label')));

  await setFlipped(true);
  const turned = await readingOrder();
  assert.equal(turned[0], 'h8', 'h8 is top left');
  assert.equal(turned[7], 'a8', 'a8 is top right');
  assert.equal(turned.at(-1), 'a1', 'a1 is bottom right');
  assert.deepEqual(turned, [...straight].reverse(), 'the board is turned by 180 degrees');
  assert.deepEqual(await coordinateLabels(), { files: [...'hgfedcba'], ranks: [...'87654321'] });
  assert.deepEqual(await page.$$eval('#board .square', (squares) => squares.map((square) => square.getAttribute('aria-label'))),
    labelsBefore, 'the squares keep their names for screen readers');
  assert.match(await page.getAttribute('#board', 'aria-label'), /h8 top left, a1 bottom right/);
  assert.equal(await page.getAttribute('#flip', 'aria-pressed'), 'true');
  await page.screenshot({ path: await artifact('board-tools-flipped-1280.png') });

  // The square shown in the 4th row, 3rd column of the turned board is f5 (row 8 - 4 = 4 from the top, column h - 2 = f).
  const { board } = await layout();
  const side = board.width / 8;
  await page.mouse.click(board.x + 2.5 * side, board.y + 3.5 * side);
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 1);
  assert.deepEqual((await recordState(page)).moves, ['f5'], 'a click on the square shown there plays f5');

  // Arrow keys move in the direction shown: right on the turned board goes from d3 to c3, up from c3 to c4.
  await page.focus('[data-square="d3"]');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'c3');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'c4');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'd4');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'd3');

  await page.reload();
  await engineReady(page);
  assert.equal(await page.getAttribute('#board-frame', 'data-flipped'), 'true', 'the turned board is kept with the game');
  assert.equal((await readingOrder())[0], 'h8');
  assert.deepEqual((await recordState(page)).moves, ['f5']);
  await setFlipped(false);
  assert.equal((await readingOrder())[0], 'a1');
  assert.deepEqual(await coordinateLabels(), { files: [...'abcdefgh'], ranks: [...'12345678'] });
  assert.deepEqual(problems, []);
});

test('share links open the game in a fresh page: #moves= a game, #board= a position; the address is cleared', async () => {
  await load(GAME);
  await page.click('#share');
  await page.waitForSelector('#share-dialog[open]');
  const link = await page.textContent('#share-link');
  const address = await page.evaluate(() => location.href.split('#')[0]);
  assert.equal(link, `${address}#moves=${GAME}`);
  assert.match(await page.textContent('#share-link-label'), /Link to this game/);
  await page.click('#share-copy');
  await page.waitForFunction(() => document.getElementById('share-message').textContent !== '');
  assert.match(await page.textContent('#share-message'), /Link copied|link above is selected/);
  assert.equal(await page.evaluate(() => getSelection().toString()), link, 'the link is selected to copy by hand');
  await page.screenshot({ path: await artifact('board-tools-share-1280.png') });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: await artifact('board-tools-share-390.png') });
  // The header's toggle is behind the modal dialog: the dark colours are set as the toggle sets them.
  await page.evaluate(() => { document.documentElement.dataset.theme = 'dark'; });
  await page.screenshot({ path: await artifact('board-tools-share-dark-390.png') });
  await page.evaluate(() => { document.documentElement.dataset.theme = 'light'; });
  await page.setViewportSize(WIDE);
  await page.click('#share-close');

  const fresh = await openPage({ viewport: WIDE, ready: false });
  try {
    await fresh.page.goto(`${fresh.url}#moves=${GAME}`);
    await engineReady(fresh.page);
    await fresh.page.waitForFunction((count) => window.othelloPage.record.moves.length === count, splitMoves(GAME).length);
    const opened = await recordState(fresh.page);
    assert.deepEqual(opened.moves, splitMoves(GAME), 'the link opens the same game');
    assert.equal(opened.position, (await recordState(page)).position);
    assert.equal(await fresh.page.evaluate(() => location.hash), '', 'the game is taken out of the address');
    assert.match(await fresh.page.textContent('#record-message'), /Opened the game from the link: 20 moves/);

    // A set-up position: its link holds the position, which opens as it is (through hashchange in an open page).
    await fresh.page.fill('#record-text', SET_UP);
    await fresh.page.click('#load');
    await fresh.page.waitForFunction((position) => window.othelloPage.record.position === position, SET_UP);
    await fresh.page.click('#share');
    const positionLink = await fresh.page.textContent('#share-link');
    assert.equal(positionLink, `${fresh.url}#board=${encodeURIComponent(SET_UP)}`);
    assert.match(await fresh.page.textContent('#share-link-label'), /position on the board/);
    await fresh.page.click('#share-close');
    await page.evaluate((hash) => { location.hash = hash; }, positionLink.slice(positionLink.indexOf('#')));
    await page.waitForFunction((position) => window.othelloPage.record.position === position, SET_UP);
    assert.equal((await recordState(page)).moves.length, 0);
    assert.equal(await page.evaluate(() => location.hash), '');
    assert.match(await page.textContent('#record-message'), /Opened the position from the link/);
    assert.deepEqual(fresh.problems, []);
  } finally {
    await fresh.close();
  }
  assert.deepEqual(problems, []);
});

test('a link the page cannot read says why and changes nothing, without a page error', async () => {
  await load(GAME);
  const before = await recordState(page);
  for (const [hash, why] of [
    ['#moves=f5d6zz', /could not be opened/],
    ['#moves=f5f5', /could not be opened/],
    ['#board=%E0%A4%A', /damaged/],
    ['#board=', /no moves and no position/],
    ['#game=f5d6', /does not hold a game/],
  ]) {
    await page.evaluate(() => { document.getElementById('record-message').textContent = ''; });
    await page.evaluate((value) => { location.hash = value; }, hash);
    await page.waitForFunction(() => document.getElementById('record-message').textContent !== '');
    const text = await page.textContent('#record-message');
    assert.match(text, why, `${hash}: ${text}`);
    assert.match(text, /The game on the board is unchanged/);
    assert.match(await page.getAttribute('#record-message', 'class'), /error/);
    assert.deepEqual(await recordState(page), before, `${hash} leaves the game as it was`);
    assert.equal(await page.evaluate(() => location.hash), '');
  }
  assert.deepEqual(problems, []);
});

test('the game downloads as .ggf and .txt with its moves, and the board as a PNG of the position shown', async () => {
  await load(GAME);
  await page.click('#share');
  const ggf = await downloadOf('#share-ggf');
  assert.match(ggf.name, /^othello-\d{4}-\d\d-\d\d-\d{4}\.ggf$/);
  const ggfText = ggf.bytes.toString('utf8');
  assert.match(ggfText, /^\(;GM\[Othello\]/);
  const ggfMoves = [...ggfText.matchAll(/[BW]\[([a-h][1-8]|pa)\]/gi)].map((found) => found[1].toLowerCase());
  assert.deepEqual(ggfMoves, splitMoves(GAME));
  assert.match(await page.textContent('#share-message'), /Saved othello-.*\.ggf/);

  const txt = await downloadOf('#share-txt');
  assert.match(txt.name, /\.txt$/);
  assert.equal(txt.bytes.toString('utf8'), `${GAME}\n`);

  // The image of the board as shown: turned round, coordinates on, classic green, light mode.
  await page.click('#share-close');
  await setPageTheme(false);
  await setFlipped(true);
  await page.click('#share');
  const png = await downloadOf('#share-png');
  assert.match(png.name, /\.png$/);
  await copyFile(png.path, await artifact('board-tools-export.png'));
  assert.deepEqual([...png.bytes.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'a PNG file');
  const side = 8 * SQUARE_PX + 2 * MARGIN_PX;
  assert.equal(png.bytes.readUInt32BE(16), side, 'its width');
  assert.equal(png.bytes.readUInt32BE(20), side, 'its height');

  const palette = await page.evaluate(() => {
    const style = getComputedStyle(document.getElementById('board-frame'));
    return { felt: style.getPropertyValue('--felt').trim(), black: style.getPropertyValue('--disc-black').trim(),
      white: style.getPropertyValue('--disc-white').trim() };
  });
  const { board } = await recordState(page).then((state) => ({ board: state.position.slice(0, 64) }));
  const samples = {};
  for (const cell of ['X', 'O', '-']) {
    const index = board.indexOf(cell);
    const [row, column] = [Math.floor(index / 8), index % 8];
    // Turned round: the square's place counts from the other corner.
    samples[cell] = { x: MARGIN_PX + (7 - column + 0.5) * SQUARE_PX, y: MARGIN_PX + (7 - row + 0.5) * SQUARE_PX, index };
  }
  const pixels = await page.evaluate(async ({ data, points }) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    return Object.fromEntries(Object.entries(points).map(([cell, { x, y }]) => [cell, [...context.getImageData(x, y, 1, 1).data]]));
  }, { data: png.bytes.toString('base64'), points: samples });
  assert.deepEqual(pixels.X.slice(0, 3), rgb(palette.black), `a black disc at its square's centre (${JSON.stringify(samples.X)})`);
  assert.deepEqual(pixels.O.slice(0, 3), rgb(palette.white), 'a white disc');
  assert.deepEqual(pixels['-'].slice(0, 3), rgb(palette.felt), 'an empty square');

  // With move numbers: the last move's square shows its number over the disc (its centre is no longer the disc's colour).
  await page.check('#share-numbers');
  const numbered = await downloadOf('#share-png');
  await copyFile(numbered.path, await artifact('board-tools-export-numbers.png'));
  assert.equal(numbered.bytes.readUInt32BE(16), side);
  assert.notDeepEqual(numbered.bytes, png.bytes, 'the numbers change the image');
  await page.uncheck('#share-numbers');
  await page.click('#share-close');
  await setFlipped(false);
  assert.deepEqual(problems, []);
});

test('board themes and coordinates: applied, kept across a reload, high contrast at 4.5:1 in light and dark', async () => {
  await load(GAME);
  const themes = await page.$$eval('#board-theme option', (options) => options.map((option) => option.value));
  assert.deepEqual(themes, ['green', 'wood', 'contrast']);
  const felts = new Set();
  for (const theme of themes) {
    await page.selectOption('#board-theme', theme);
    assert.equal(await page.getAttribute('#board-frame', 'data-board-theme'), theme);
    for (const dark of [false, true]) {
      await setPageTheme(dark);
      const colours = await page.evaluate(() => {
        const colour = (selector, property = 'backgroundColor') => getComputedStyle(document.querySelector(selector))[property];
        return {
          felt: colour('#board .square:not(.legal):not(:has(.disc))'), frame: colour('#board-frame'),
          coordinates: colour('.coord', 'color'),
          black: getComputedStyle(document.getElementById('board-frame')).getPropertyValue('--disc-black').trim(),
          white: getComputedStyle(document.getElementById('board-frame')).getPropertyValue('--disc-white').trim(),
          blackShown: colour('#board .disc.black', 'backgroundImage') === 'none' ? colour('#board .disc.black') : null,
          whiteShown: colour('#board .disc.white', 'backgroundImage') === 'none' ? colour('#board .disc.white') : null,
        };
      });
      felts.add(colours.felt);
      assert.ok(contrast(colours.coordinates, colours.frame) >= 4.5, `${theme}: coordinates readable on the frame`);
      if (theme === 'contrast') {
        assert.ok(colours.blackShown && colours.whiteShown, 'flat discs in high contrast');
        for (const disc of [colours.blackShown, colours.whiteShown]) {
          const ratio = contrast(disc, colours.felt);
          assert.ok(ratio >= 4.5, `${theme} ${dark ? 'dark' : 'light'}: disc ${disc} on ${colours.felt}: ${ratio.toFixed(2)}:1`);
        }
      }
      for (const [name, viewport] of [['1280', WIDE], ['390', PHONE]]) {
        await page.setViewportSize(viewport);
        await page.screenshot({ path: await artifact(`board-tools-theme-${theme}-${dark ? 'dark' : 'light'}-${name}.png`) });
      }
      await page.setViewportSize(WIDE);
    }
  }
  assert.ok(felts.size >= 4, `the themes look different: ${[...felts].join(', ')}`);

  // Wood and coordinates off are kept across a reload.
  await setPageTheme(false);
  await page.selectOption('#board-theme', 'wood');
  const withCoordinates = await page.locator('#board-frame').boundingBox();
  await page.uncheck('#coordinates');
  assert.equal(await page.locator('.coord-row').first().isVisible(), false, 'no coordinates');
  const without = await page.locator('#board-frame').boundingBox();
  assert.ok(without.width < withCoordinates.width - 10, 'the frame is thin without coordinates');
  await page.reload();
  await engineReady(page);
  assert.equal(await page.getAttribute('#board-frame', 'data-board-theme'), 'wood');
  assert.equal(await page.inputValue('#board-theme'), 'wood');
  assert.equal(await page.isChecked('#coordinates'), false);
  assert.equal(await page.locator('.coord-row').first().isVisible(), false);
  await page.screenshot({ path: await artifact('board-tools-no-coordinates-1280.png') });
  await page.check('#coordinates');
  await setFlipped(true);
  assert.equal(await page.locator('.coord-row').first().isVisible(), true);
  assert.deepEqual(await coordinateLabels(), { files: [...'hgfedcba'], ranks: [...'87654321'] }, 'coordinates follow the flip');
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: await artifact('board-tools-flipped-390.png'), fullPage: true });
  await page.setViewportSize(WIDE);
  await setFlipped(false);
  await page.selectOption('#board-theme', 'green');
  assert.deepEqual(problems, []);
});

test('the 96-square board turns round too: j10 top left, holes in their places; its link opens it over an 8x8 game', async () => {
  await page.evaluate(() => document.querySelectorAll('dialog[open]').forEach((dialog) => dialog.close()));
  await page.click('#new-game');
  await page.check('input[name="board"][value="96"]');
  await page.check('input[name="colour"][value="human-human"]');
  await page.click('#new-game-start');
  await page.waitForFunction(() => window.othelloPage.record.kind.id === 96);
  await page.click('[data-square="e4"]');
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 1);
  await setFlipped(true);
  const order = await readingOrder();
  assert.equal(order[0], 'j10');
  assert.equal(order.at(-1), 'a1');
  // The hole c3 is shown where h8 is unturned: just right of and below d4 (on the unturned board it is left of and above d4).
  const holes = await page.$$eval('#board .hole', (elements) => elements.map((hole) => {
    const rect = hole.getBoundingClientRect();
    return { name: hole.dataset.hole, x: rect.x, y: rect.y };
  }));
  const d4 = (await layout()).squares.find((square) => square.name === 'd4');
  const c3 = holes.find((hole) => hole.name === 'c3');
  assert.ok(Math.abs(c3.x - (d4.x + d4.width)) <= 4 && Math.abs(c3.y - (d4.y + d4.height)) <= 4,
    `the hole c3 is right of and below d4: ${JSON.stringify({ c3, d4 })}`);
  await page.screenshot({ path: await artifact('board-tools-flipped-96-1280.png') });
  await page.click('#share');
  const link = await page.textContent('#share-link');
  assert.match(link, /#moves96=e4$/, 'the link says its board');
  assert.equal(await page.isVisible('#share-ggf'), false, 'no GGF for the 96-square board');
  await page.click('#share-close');
  await setFlipped(false);
  // Opened over an 8x8 game, the link brings its board back.
  await load(GAME);
  assert.equal(await page.evaluate(() => window.othelloPage.record.kind.id), 8);
  await page.evaluate((hash) => { location.hash = hash; }, link.slice(link.indexOf('#')));
  await page.waitForFunction(() => window.othelloPage.record.kind.id === 96);
  assert.deepEqual((await recordState(page)).moves, ['e4']);
  assert.deepEqual(problems, []);
});
