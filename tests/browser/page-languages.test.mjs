// The page's languages finished, in Chromium on the built page:
// - on a phone held sideways (844x390, 932x430, 667x375) the language and
//   theme switches are shown, inside the window, clear of the board and the
//   main buttons, and they work (a click changes the language and the theme);
//   the whole board stays in the window;
// - with the page in Japanese (in an English browser, so that nothing comes
//   from the browser's own language), no English is left: through the states
//   of a game (start, the engine thinking on a clock, hints, a resignation
//   asked, a pass, review, game over, a previous game reopened, a loss on
//   time, the 96-square board), each dialog and panel (new game, share and
//   its downloads, settings, the engine's facts, previous games with renaming
//   and undo, a copy, pasted games the engine cannot read, set-up), offline,
//   and an engine that cannot start, every visible text, option, aria-label,
//   aria-valuetext, title and placeholder, the document's title and
//   description hold no word of Latin letters but square names and notation
//   (f5, d3c5), a download's file name and an explicit short list of names
//   (formats, programs, keys, units);
// - the engine's errors are told by their code in Japanese, the original
//   message kept in the console;
// - the opening names have a Japanese name each, in both catalogues;
// - the default players' names (You, Engine (Club), Black) stay English in
//   exported records (GGF PB/PW) and in what storage keeps, and follow the
//   page's language where the page shows them (the previous games, the
//   review line, the side boxes).
// Screenshots in Japanese (1280x800, 390x844 and 844x390, light and dark: the
// start, game over, review and each dialog) go to test-artifacts/languages-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { EN } from '../../www/i18n/en.js';
import { JA } from '../../www/i18n/ja.js';
import { OPENING_NAMES } from '../../www/opening-names.js';
import { openingKey } from '../../www/openings.js';
import { artifact, fill, load, nextEvent, openPage, setTheme, startGame, wthorGames } from './page-support.mjs';

/** The sizes of phones held sideways. */
const LANDSCAPE = [{ width: 844, height: 390 }, { width: 932, height: 430 }, { width: 667, height: 375 }];

/** What the switches must leave clear: the board, the side boxes and the main buttons. */
const CLEAR = ['#board-frame', '#side-black', '#side-white', '#undo', '#redo', '#move-now', '#new-game', '#flip', '#share'];

/** A tournament game up to a position where Black, to move, has no legal move (White has). */
const BLACK_MUST_PASS = 'f5f6e6f4e3c5c6d3c4f3e2c2d2e7g3c3g6g5g4d6c7d7f8e8b3h6c1b4a5a4f7d8b6b5a3a6a7c8h5h4g7h3b8e1d1'
  + 'f1f2b1b2h8h7g8h2h1b7a1a2g2';

/**
 * Words of Latin letters a Japanese player may see: formats and file types
 * (GGF, OBF, PNG, .ggf, .txt, .png), programs and builds (Iago, BILL,
 * Norvig's, WebAssembly, Lazy SMP, the CS 221 report), keys (Enter, U, R, M),
 * units (k, M nodes a second), the language switch's own name of English,
 * and the letters in the Japanese names of openings (FJT定石, Sローズ, Fローズ).
 */
const ALLOWED = new Set([
  'GGF', 'OBF', 'PNG', 'ggf', 'txt', 'png', 'Iago', 'BILL', 'Norvig', 'WebAssembly', 'Lazy', 'SMP', 'CS',
  'Enter', 'U', 'R', 'M', 'k', 'English', 'FJT', 'S', 'F',
]);

/** Square names and notation (a1-j10, a move list such as f5d6c3), a downloaded file's name. */
const NOTATION = /\b(?:[a-j](?:10|[1-9]))+\b|\bothello-[\d-]+\.(?:ggf|txt|png)\b/gi;

/**
 * The words of Latin letters in `text` that are neither notation nor allowed.
 * @param {string} text
 * @returns {string[]}
 */
function englishWords(text) {
  // A file's letter alone: the coordinates around the board and the transcript sheet.
  if (/^[a-j]$/.test(text)) return [];
  return (text.replace(NOTATION, ' ').match(/[A-Za-z]+/g) ?? []).filter((word) => !ALLOWED.has(word));
}

/**
 * Every text a player sees or hears on the page now: the document's title
 * and description, the text of every rendered element (the options of a
 * shown list included), and the titles, aria-labels, aria-valuetexts and
 * placeholders of the rendered elements: `{ where, text }`. `skip`: selectors
 * of parts that show data rather than words (the share link's address).
 */
function pageTexts(page, skip = ['#share-link']) {
  return page.evaluate((skipped) => {
    const found = [];
    const name = (element) => (element.id ? `#${element.id}` : `${element.tagName.toLowerCase()}.${element.className}`);
    const add = (where, text) => {
      const trimmed = (text ?? '').replace(/\s+/g, ' ').trim();
      if (trimmed) found.push({ where, text: trimmed });
    };
    add('title', document.title);
    add('meta description', document.querySelector('meta[name="description"]')?.getAttribute('content'));
    const skippedHere = (element) => skipped.some((selector) => element.closest(selector));
    const shown = (element) => (element.tagName === 'OPTION' ? element.closest('select') : element)?.checkVisibility();
    for (const element of document.body.querySelectorAll('*')) {
      if (!shown(element) || skippedHere(element)) continue;
      for (const node of element.childNodes) if (node.nodeType === Node.TEXT_NODE) add(name(element), node.textContent);
      for (const attribute of ['title', 'aria-label', 'aria-valuetext', 'placeholder']) {
        add(`${name(element)} @${attribute}`, element.getAttribute(attribute));
      }
    }
    return found;
  }, skip);
}

/**
 * Collects what of the page in state `state` is English: adds `"state: where: text"` lines to `found`.
 * @param {import('playwright-core').Page} page
 * @param {string} state
 * @param {string[]} found
 */
async function noteEnglish(page, state, found) {
  for (const { where, text } of await pageTexts(page)) {
    const words = englishWords(text);
    // Each piece once, in the first state it was seen in.
    const seen = found.some((line) => line.endsWith(`: ${where}: ${text}`));
    if (words.length > 0 && !seen) found.push(`${state}: ${where}: ${text}`);
  }
}

/** A screenshot of the top of the page, once the discs' animations are over. */
async function shot(page, name) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await page.screenshot({ path: await artifact(`languages-${name}.png`) });
}

/** The box of `selector` in the window, rounded to tenths of a pixel: `{ x, y, width, height }`. */
function box(page, selector) {
  return page.$eval(selector, (element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    const round = (value) => Math.round(value * 10) / 10;
    return { x: round(x), y: round(y), width: round(width), height: round(height) };
  });
}

const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (a, viewport) => a.x >= 0 && a.y >= 0 && a.x + a.width <= viewport.width
  && a.y + a.height <= viewport.height;

test('on a phone held sideways the language and theme switches are shown, clear of the board, and work', async (t) => {
  const session = await openPage({ viewport: LANDSCAPE[0] });
  t.after(session.close);
  const { page, problems } = session;
  for (const viewport of LANDSCAPE) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    const where = `${viewport.width}x${viewport.height}`;
    for (const selector of ['#language', '#theme-toggle']) {
      assert.ok(await page.isVisible(selector), `${selector} is shown at ${where}`);
      const found = await box(page, selector);
      assert.ok(inside(found, viewport), `${selector} is inside the ${where} window: ${JSON.stringify(found)}`);
      for (const main of CLEAR) {
        const other = await box(page, main);
        const boxes = `${JSON.stringify(found)}, ${main} ${JSON.stringify(other)}`;
        assert.ok(!overlap(found, other), `${selector} is clear of ${main} at ${where}: ${boxes}`);
      }
      // Nothing lies over it: the point at its middle is the control.
      const onTop = await page.$eval(selector, (element) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        return element.contains(document.elementFromPoint(x + width / 2, y + height / 2));
      });
      assert.ok(onTop, `${selector} is not covered at ${where}`);
    }
    assert.ok(inside(await box(page, '#board-frame'), viewport), `the whole board is in the ${where} window`);
    // The switches work: Japanese, then the other theme, by clicks; and back.
    const dark = await page.evaluate(() => document.documentElement.dataset.theme === 'dark');
    await page.click('#theme-toggle', { timeout: 2000 });
    const darkNow = await page.evaluate(() => document.documentElement.dataset.theme === 'dark');
    assert.equal(darkNow, !dark, `the theme toggle works at ${where}`);
    await page.selectOption('#language', 'ja', { timeout: 2000 });
    assert.equal(await page.getAttribute('html', 'lang'), 'ja');
    const newGame = (await page.textContent('#new-game')).trim();
    assert.equal(newGame, JA['controls.newGame'], `the page is in Japanese at ${where}`);
    await shot(page, `landscape-${where}-${dark ? 'light' : 'dark'}`);
    await page.click('#theme-toggle');
    await shot(page, `landscape-${where}-${dark ? 'dark' : 'light'}`);
    await page.selectOption('#language', 'en');
    assert.equal((await page.textContent('#new-game')).trim(), EN['controls.newGame']);
  }
  assert.deepEqual(problems, []);
});

test('in Japanese no English is left in any state of a game, dialog or panel', async (t) => {
  const session = await openPage({ viewport: { width: 1280, height: 800 } });
  t.after(session.close);
  const { page, problems } = session;
  const found = [];
  await page.selectOption('#language', 'ja');
  await page.click('#engine-about summary');
  await noteEnglish(page, 'start', found);

  // The engine thinking on a clock (the strongest level without its book), then hints on the player's move.
  if (await page.isChecked('#book')) await page.uncheck('#book');
  await startGame(page, { level: 'full', clock: '5+3' });
  await page.click('[data-square="f5"]');
  await page.waitForFunction(() => window.othelloPage.activity === 'move'
    && document.getElementById('think-depth').textContent !== '–', null, { timeout: 30_000 });
  await noteEnglish(page, 'thinking', found);
  await page.click('#move-now');
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 2
    && window.othelloPage.activity !== 'move');
  const hinted = nextEvent(page, 'hints');
  await page.check('#hints');
  await hinted;
  await noteEnglish(page, 'hints', found);
  await page.uncheck('#hints');
  // Resigning asks first.
  await page.click('#resign');
  await noteEnglish(page, 'resign asked', found);
  await page.click('#resign-cancel');

  // A pasted game whose Black must pass (reviewed), an earlier move of it, then a finished game.
  await load(page, BLACK_MUST_PASS);
  await page.waitForSelector('#review-bar', { state: 'visible' });
  await noteEnglish(page, 'pass', found);
  await page.click('#moves button[data-ply="3"]');
  await noteEnglish(page, 'review', found);
  await load(page, wthorGames(1)[0].moves);
  await page.waitForSelector('#result-card', { state: 'visible' });
  await noteEnglish(page, 'game over', found);
  // A game of the list of previous games reopened: reviewed under its players' names.
  await page.click('#previous .previous-open');
  await page.waitForSelector('#review-bar', { state: 'visible' });
  await noteEnglish(page, 'previous game reopened', found);
  // A loss on time.
  await startGame(page, { level: 'casual', clock: '1+0' });
  await page.evaluate(() => { window.othelloPage.clock.remaining.black = 1; });
  await page.waitForSelector('#play-on', { state: 'visible' });
  await noteEnglish(page, 'lost on time', found);
  await page.click('#result-close');
  // The 96-square board.
  await startGame(page, { board: '96', colour: 'human-human' });
  await noteEnglish(page, '96-square board', found);
  await page.click('#new-game');
  await page.waitForSelector('#new-game-dialog[open]');
  await noteEnglish(page, 'new game dialog on the 96-square board', found);
  await page.keyboard.press('Escape');
  await startGame(page, { level: 'casual' });

  // The dialogs: a new game, sharing and a download.
  await page.click('#new-game');
  await page.waitForSelector('#new-game-dialog[open]');
  await noteEnglish(page, 'new game dialog', found);
  await page.keyboard.press('Escape');
  await page.click('#share');
  await page.waitForSelector('#share-dialog[open]');
  await noteEnglish(page, 'share dialog', found);
  await page.click('#share-ggf');
  await page.waitForFunction(() => document.getElementById('share-message').textContent !== '');
  await noteEnglish(page, 'share dialog, downloaded', found);
  await page.keyboard.press('Escape');

  // The record panel: a copy, a paste the engine cannot read, an empty paste.
  await page.click('#copy-ggf');
  await page.waitForFunction(() => document.getElementById('record-message').textContent !== '');
  await noteEnglish(page, 'copied', found);
  // The engine's notation errors, told by their code and what the message names (checked at the end).
  const notLoaded = (reason) => fill(JA['flow.notLoaded'], { reason });
  const told = [];
  const tell = async (text, expected) => {
    await load(page, text);
    told.push({ text, said: await page.textContent('#record-message'), expected: notLoaded(expected) });
    await noteEnglish(page, `paste ${text}`, found);
  };
  await tell('f5f5', fill(JA['errors.illegalAt'], { number: 2, move: 'f5', side: JA['flow.sideWhite'] }));
  await tell('f5d6i9', fill(JA['errors.notSquare'], { number: 3, move: 'i9' }));
  await tell(`${'-'.repeat(27)}OX------XO${'-'.repeat(26)} X`, fill(JA['errors.notationIn'], { format: 'OBF' }));
  await tell('hello', JA['errors.notRecord']);
  await load(page, '');
  await noteEnglish(page, 'nothing pasted', found);

  // The previous games: renaming one, deleting one (with its undo line).
  await page.click('#previous .previous-rename');
  await noteEnglish(page, 'previous game renamed', found);
  await page.keyboard.press('Escape');
  await page.click('#previous .previous-delete');
  await noteEnglish(page, 'previous game deleted', found);
  await page.click('#previous .previous-undo');

  // Offline: the header says so.
  await session.context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
  await noteEnglish(page, 'offline', found);
  assert.match(await page.textContent('#engine-state'), /オフライン/);
  await session.context.setOffline(false);

  // Setting up a position.
  await page.click('#setup');
  await noteEnglish(page, 'set-up', found);
  await page.click('#setup-clear');
  await page.click('#setup-done');
  await noteEnglish(page, 'set-up refused', found);
  await page.click('#setup-cancel');

  assert.deepEqual(found, []);
  for (const { text, said, expected } of told) assert.equal(said, expected, `the paste "${text}"`);
  assert.deepEqual(problems, []);
});

test('in Japanese an engine that cannot start is told in Japanese, its message kept in the console', async (t) => {
  // Every engine worker is given broken wasm bytes: the engine cannot start (ERR_OTHELLO_LOAD).
  const initScript = () => {
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function postMessage(message, ...rest) {
      const broken = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 99]);
      const sent = message?.type === 'init'
        ? { ...message, wasm: broken, wasmThreads: message.wasmThreads === undefined ? undefined : broken }
        : message;
      return post.call(this, sent, ...rest);
    };
  };
  const session = await openPage({ initScript, ready: false });
  t.after(session.close);
  const { page } = session;
  const logged = [];
  page.on('console', (message) => logged.push(message.text()));
  // Japanese chosen, kept, and shown from the start of the next load.
  await page.waitForFunction(() => window.othelloPage !== undefined);
  await page.selectOption('#language', 'ja');
  await page.reload();
  await page.waitForFunction(() => document.getElementById('announce').textContent !== '', null, { timeout: 30_000 });
  assert.equal(await page.getAttribute('html', 'lang'), 'ja');
  assert.equal(await page.textContent('#announce'), JA['flow.notStarted']);
  assert.equal(await page.textContent('#engine-state'), fill(JA['flow.engineError'], { message: JA['errors.load'] }));
  const found = [];
  await noteEnglish(page, 'engine not started', found);
  assert.deepEqual(found, []);
  const original = logged.some((line) => /could not be started/.test(line));
  assert.ok(original, `the original message is in the console: ${logged}`);
});

test('every named opening has its name in both catalogues, the Japanese one without English', () => {
  const key = openingKey;
  const keys = OPENING_NAMES.map(([, name]) => key(name));
  assert.equal(new Set(keys).size, keys.length, 'one key a name');
  for (const [line, name] of OPENING_NAMES) {
    assert.equal(EN[key(name)], name, `${line}: English`);
    const japanese = JA[key(name)];
    assert.match(japanese ?? '', /[\u3040-\u30ff\u4e00-\u9fff]/, `${line} ${name}: Japanese "${japanese}"`);
    assert.deepEqual(englishWords(japanese), [], `${line} ${name}: "${japanese}"`);
  }
  const others = Object.keys(EN).filter((entry) => entry.startsWith('opening.') && !keys.includes(entry));
  assert.deepEqual(others, [], 'no other names');
});

test('the default names stay English in records and storage, and follow the language on the page', async (t) => {
  const session = await openPage({ viewport: { width: 1280, height: 800 } });
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#language', 'ja');
  await startGame(page, { level: 'casual' });
  await page.click('[data-square="f5"]');
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 2
    && window.othelloPage.activity === null);
  assert.equal(await page.textContent('#name-black'), JA['flow.you']);
  assert.equal(await page.textContent('#name-white'), JA['level.casual']);

  // GGF, copied and downloaded: the default names in English.
  await page.click('#copy-ggf');
  await page.waitForFunction(() => document.getElementById('record-message').textContent !== '');
  const copied = await page.inputValue('#record-text');
  assert.match(copied, /PB\[You\]/, copied);
  assert.match(copied, /PW\[Engine \(Club\)\]/, copied);
  await page.click('#share');
  const downloaded = page.waitForEvent('download');
  await page.click('#share-ggf');
  const file = await readFile(await (await downloaded).path(), 'utf8');
  assert.match(file, /PB\[You\]PW\[Engine \(Club\)\]|PB\[You\][^]*PW\[Engine \(Club\)\]/, file);
  await page.keyboard.press('Escape');

  // The game, replaced by a pasted one, is kept with English names and listed with Japanese ones.
  await load(page, 'f5d6c3');
  const kept = () => page.evaluate(async () => {
    const { previousGames } = await import('./storage.js');
    return previousGames().map((entry) => entry.names);
  });
  assert.deepEqual((await kept())[0], { black: 'You', white: 'Engine (Club)' });
  const engine = fill(JA['flow.engineNamed'], { level: JA['level.casual'] });
  const listed = fill(JA['previous.players'], { black: JA['flow.you'], white: engine });
  assert.equal(await page.textContent('#previous .previous-players'), listed);

  // Reopened: reviewed under the names in Japanese; the pasted game (the sides' names) is kept in English.
  await page.click('#previous .previous-open');
  await page.waitForSelector('#review-bar', { state: 'visible' });
  assert.ok((await page.textContent('#review-mode')).startsWith(`${listed} `), await page.textContent('#review-mode'));
  assert.equal(await page.textContent('#name-white'), engine);
  assert.deepEqual((await kept())[0], { black: 'Black', white: 'White' });
  const sides = fill(JA['previous.players'], { black: JA['side.black'], white: JA['side.white'] });
  assert.equal(await page.textContent('#previous .previous-players'), sides);
  await page.click('#copy-ggf');
  assert.match(await page.inputValue('#record-text'), /PB\[You\][^]*PW\[Engine \(Club\)\]/);

  // In English the same names in English.
  await page.selectOption('#language', 'en');
  assert.ok((await page.textContent('#review-mode')).startsWith('Reviewing You – Engine (Club):'));
  assert.equal(await page.textContent('#previous .previous-players'), 'Black – White');
  assert.deepEqual(problems, []);
});

test('screenshots of the Japanese page: start, game over, review and the dialogs, desktop and phone', async (t) => {
  const session = await openPage({ viewport: { width: 1280, height: 800 } });
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#language', 'ja');
  const [game] = wthorGames(1);
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }, { width: 844, height: 390 }]) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark']) {
      await setTheme(page, theme);
      const name = (state) => `${state}-${viewport.width}x${viewport.height}-${theme}`;
      await startGame(page, { level: 'casual' });
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, name('start'));
      await load(page, game.moves);
      await page.waitForSelector('#result-card', { state: 'visible' });
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, name('game-over'));
      await page.click('#result-close');
      await page.click('#moves button[data-ply="20"]');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, name('review'));
      for (const [button, dialog] of [['#new-game', '#new-game-dialog'], ['#share', '#share-dialog']]) {
        await page.click(button);
        await page.waitForSelector(`${dialog}[open]`);
        // Every line of the dialog inside it, no button or label overflowing.
        const parts = ['button', 'label', 'legend', 'p'].map((part) => `${dialog} ${part}`).join(', ');
        const overflowing = await page.$$eval(parts, (elements) => elements
          .filter((element) => element.checkVisibility()
            && (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1))
          .map((element) => `${element.id || element.textContent}: ${element.scrollWidth}x${element.scrollHeight}`));
        assert.deepEqual(overflowing, [], `${dialog} at ${name('')}`);
        await shot(page, name(dialog.slice(1)));
        await page.keyboard.press('Escape');
      }
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await shot(page, name('panels-bottom'));
    }
  }
  await setTheme(page, 'light');
  assert.deepEqual(problems, []);
});
