// What the full screenshot sweep (tests/browser/screenshot-sweep.mjs) found
// wrong on the page, in Chromium on the built page, each checked by
// geometry, computed styles or the page's text:
// - on a phone held sideways (844x390, 932x430, 667x375) the new-game dialog
//   fits the window without scrolling inside itself, its Start button in
//   view, in English and Japanese, also at its tallest (Master without a
//   clock) but on the smallest phone (and still fits on a desktop and a
//   phone);
// - on a phone held sideways the announcement of a pass, below the status
//   line, is inside the window, the page is no wider than the window (a
//   16:9 phone puts the panels below the board) and the moves fit their
//   buttons in the list beside the board;
// - on a phone the header's title stays on one line and the engine's state
//   reads in full while the engine thinks (no ellipsis), in both languages,
//   and the board does not move;
// - a running clock's figures have 4.5:1 contrast on its colour, also when
//   time is low, light and dark;
// - while a position is set up after a loss on time, the page offers no
//   "Play on without clock" (it comes back when the set-up is cancelled);
// - a loss on time before the first move says so (not "after move 0");
// - in Japanese no sentence is followed by a space (the result card, the
//   96-square board's score legend, the set-up panel);
// - the 96-square board's score legend names its sides, Red and White.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EN } from '../../www/i18n/en.js';
import { JA } from '../../www/i18n/ja.js';
import { contrast, fill, load, luminance, openPage, setTheme, startGame } from './page-support.mjs';

const CATALOGUES = { en: EN, ja: JA };
/** The sizes of phones held sideways. */
const LANDSCAPE = [{ width: 844, height: 390 }, { width: 932, height: 430 }, { width: 667, height: 375 }];
/** A tournament game up to a position where Black, to move, has no legal move: Black passes at once. */
const BLACK_MUST_PASS = 'f5f6e6f4e3c5c6d3c4f3e2c2d2e7g3c3g6g5g4d6c7d7f8e8b3h6c1b4a5a4f7d8b6b5a3a6a7c8h5h4g7h3b8e1d1'
  + 'f1f2b1b2h8h7g8h2h1b7a1a2g2';

/** The box of `selector` in the window: `{ x, y, width, height }`. */
function box(page, selector) {
  return page.$eval(selector, (element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    return { x, y, width, height };
  });
}

const inside = (found, viewport) => found.x >= -0.5 && found.y >= -0.5 && found.x + found.width <= viewport.width + 0.5
  && found.y + found.height <= viewport.height + 0.5;

/** Japanese sentences followed by a space in the text shown now (`。 ` or `、 `): the pieces around each. */
function spacedSentences(page) {
  return page.evaluate(() => [...document.body.innerText.matchAll(/.{0,12}[。、] .{0,12}/g)]
    .map((match) => match[0]));
}

test('the new-game dialog fits a phone held sideways without scrolling inside, in English and Japanese', async (t) => {
  const session = await openPage({ viewport: LANDSCAPE[0] });
  t.after(session.close);
  const { page, problems } = session;
  // A game in progress: the dialog also says where that game goes (its tallest form).
  await startGame(page, { level: 'casual' });
  await page.click('[data-square="f5"]');
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 2
    && window.othelloPage.activity === null);
  for (const language of ['en', 'ja']) {
    await page.setViewportSize(LANDSCAPE[0]);
    await page.selectOption('#language', language);
    for (const viewport of [...LANDSCAPE, { width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      await page.setViewportSize(viewport);
      await page.click('#new-game');
      await page.waitForSelector('#new-game-dialog[open]');
      assert.notEqual(await page.textContent('#new-game-warning'), '', 'the dialog says where the game goes');
      // As it opens, then at its tallest: Master (the longest description) without a clock (a time per move asked);
      // on the smallest phone the tallest form may scroll inside.
      const choices = viewport.height < 390 ? ['as opened'] : ['as opened', 'Master, no clock'];
      for (const choice of choices) {
        if (choice !== 'as opened') {
          await page.selectOption('#new-level', 'full');
          await page.selectOption('#new-time-control', 'none');
          assert.equal(await page.isVisible('#new-move-time'), true);
        }
        const where = `${viewport.width}x${viewport.height} (${language}, ${choice})`;
        const dialog = await page.$eval('#new-game-dialog', (element) => ({
          scrollHeight: element.scrollHeight, clientHeight: element.clientHeight,
        }));
        assert.ok(dialog.scrollHeight <= dialog.clientHeight + 1,
          `the dialog does not scroll inside at ${where}: ${JSON.stringify(dialog)}`);
        assert.ok(inside(await box(page, '#new-game-dialog'), viewport), `the dialog is inside the window at ${where}`);
        const controls = ['#new-game-start', '#new-game-switch', '#new-game-cancel', '#new-level', '#new-time-control'];
        for (const control of controls) {
          assert.ok(inside(await box(page, control), viewport), `${control} is in view at ${where}`);
        }
      }
      await page.keyboard.press('Escape');
    }
  }
  assert.deepEqual(problems, []);
});

test('on a phone held sideways a pass is announced inside the window', async (t) => {
  const session = await openPage({ viewport: LANDSCAPE[0] });
  t.after(session.close);
  const { page, problems } = session;
  for (const language of ['en', 'ja']) {
    await page.setViewportSize(LANDSCAPE[0]);
    await page.selectOption('#language', language);
    await load(page, BLACK_MUST_PASS);
    await page.waitForSelector('#review-bar', { state: 'visible' });
    assert.equal(await page.textContent('#announce'), fill(CATALOGUES[language]['flow.passes'], {
      side: CATALOGUES[language]['side.black'],
    }));
    for (const viewport of LANDSCAPE) {
      await page.setViewportSize(viewport);
      await page.evaluate(() => window.scrollTo(0, 0));
      const where = `${viewport.width}x${viewport.height} (${language})`;
      const widths = await page.evaluate(() => [
        document.documentElement.scrollWidth, document.documentElement.clientWidth,
      ]);
      assert.ok(widths[0] <= widths[1], `no horizontal scroll at ${where}: ${widths}`);
      // The narrower move list: each move's number, disc, square and time inside its button.
      const cut = await page.$$eval('#moves button', (buttons) => buttons
        .filter((button) => button.scrollWidth > button.clientWidth + 1).map((button) => button.textContent));
      assert.deepEqual(cut, [], `the moves fit their buttons at ${where}`);
      for (const selector of ['#status', '#announce', '#board-frame', '#new-game', '#share']) {
        const found = await box(page, selector);
        assert.ok(inside(found, viewport), `${selector} is inside the window at ${where}: ${JSON.stringify(found)}`);
      }
    }
  }
  assert.deepEqual(problems, []);
});

test('on a phone the title stays on one line and the engine state reads in full while the engine thinks', async (t) => {
  const session = await openPage({ viewport: { width: 390, height: 844 } });
  t.after(session.close);
  const { page, problems } = session;
  if (await page.isChecked('#book')) await page.uncheck('#book');
  for (const language of ['en', 'ja']) {
    await page.selectOption('#language', language);
    await startGame(page, { level: 'full', clock: '5+0' });
    const start = await box(page, '#board-frame');
    await page.click('[data-square="f5"]');
    const thinking = CATALOGUES[language]['flow.activityMove'];
    await page.waitForFunction((text) => window.othelloPage.activity === 'move'
      && document.getElementById('engine-state').textContent === text, thinking, { timeout: 30_000 });
    const header = await page.evaluate(() => {
      const title = document.querySelector('.top h1');
      const state = document.getElementById('engine-state');
      return {
        titleHeight: title.getBoundingClientRect().height, titleSize: parseFloat(getComputedStyle(title).fontSize),
        cut: state.scrollWidth > state.clientWidth + 1 || state.scrollHeight > state.clientHeight + 1,
        state: state.textContent,
      };
    });
    assert.ok(header.titleHeight < 2 * header.titleSize,
      `the title is on one line (${language}): ${JSON.stringify(header)}`);
    assert.equal(header.cut, false, `the engine's state reads in full (${language}): ${JSON.stringify(header)}`);
    assert.deepEqual(await box(page, '#board-frame'), start,
      `the board does not move while the engine thinks (${language})`);
    await page.click('#move-now');
    await page.waitForFunction(() => window.othelloPage.record.moves.length === 2
      && window.othelloPage.activity !== 'move');
  }
  await page.check('#book');
  assert.deepEqual(problems, []);
});

test('a running clock reads at 4.5:1, also with little time left, light and dark', async (t) => {
  const session = await openPage({ viewport: { width: 1280, height: 800 } });
  t.after(session.close);
  const { page, problems } = session;
  const clockColours = () => page.$eval('#clock-black', (clock) => {
    const style = getComputedStyle(clock);
    return { ink: style.color, back: style.backgroundColor, classes: clock.className };
  });
  for (const theme of ['light', 'dark']) {
    await setTheme(page, theme);
    await startGame(page, { level: 'casual', clock: '1+0' });
    await page.waitForSelector('#clock-black.running');
    const running = await clockColours();
    assert.ok(contrast(running.ink, running.back) >= 4.5,
      `${theme}: the running clock ${JSON.stringify(running)}: ${contrast(running.ink, running.back).toFixed(2)}:1`);
    await page.evaluate(() => { window.othelloPage.clock.remaining.black = 9_000; });
    await page.waitForSelector('#clock-black.running.low');
    const low = await clockColours();
    assert.ok(contrast(low.ink, low.back) >= 4.5, `${theme}: the running clock low on time ${JSON.stringify(low)}: `
      + `${contrast(low.ink, low.back).toFixed(2)}:1`);
  }
  await setTheme(page, 'light');
  assert.deepEqual(problems, []);
});

test('a loss on time before the first move says so, set-up offers no play on, Japanese is unspaced', async (t) => {
  const session = await openPage({ viewport: { width: 1280, height: 800 } });
  t.after(session.close);
  const { page, problems } = session;
  for (const language of ['en', 'ja']) {
    const words = CATALOGUES[language];
    await page.selectOption('#language', language);
    await startGame(page, { level: 'casual', clock: '1+0' });
    await page.evaluate(() => { window.othelloPage.clock.remaining.black = 1; });
    await page.waitForSelector('#play-on', { state: 'visible' });
    const rule = await page.textContent('#result-rule');
    const flagged = fill(words['result.flaggedFirst'], { loser: words['side.black'] });
    assert.equal(rule, fill(words['text.sentences'], { first: flagged, second: words['result.playOn'] }));
    assert.doesNotMatch(rule, /move 0|0手目/);
    if (language === 'ja') assert.deepEqual(await spacedSentences(page), [], 'the result card');

    // Setting up a position: the lost game's "play on" is not offered; cancelled, it comes back.
    await page.click('#setup');
    await page.waitForSelector('#setup-panel', { state: 'visible' });
    assert.equal(await page.isVisible('#play-on'), false, `no play on while setting up (${language})`);
    assert.ok(!(await page.textContent('#announce')).includes(words['layout.flagPlayOn']),
      `the announcement does not offer play on while setting up (${language})`);
    await page.click('[data-square="c4"]');
    if (language === 'ja') assert.deepEqual(await spacedSentences(page), [], 'the set-up panel');
    await page.click('#setup-cancel');
    assert.equal(await page.isVisible('#play-on'), true, 'the lost game offers play on again');
    await page.click('#result-close');
  }
  await page.selectOption('#language', 'en');
  assert.deepEqual(problems, []);
});

test('the 96-square board\'s score legend names Red and White, joined as each language joins sentences', async (t) => {
  const session = await openPage({ viewport: { width: 1280, height: 800 } });
  t.after(session.close);
  const { page, problems } = session;
  await startGame(page, { board: '96', colour: 'human-human' });
  const legend = () => page.textContent('#score-legend');
  // The new board's legend comes once its game has started, which can be
  // after the dialog closes (the 96-square engine loads first).
  const legendNames = (name) => page.waitForFunction(
    (text) => document.getElementById('score-legend')?.textContent.includes(text), name);
  await legendNames('Red');
  assert.match(await legend(), /“Red \+4”, “White \+2”/);
  assert.doesNotMatch(await legend(), /Black/);
  assert.ok((await legend()).includes(EN['score.legend96']));
  await page.selectOption('#language', 'ja');
  await legendNames('赤');
  assert.match(await legend(), /「赤 \+4」「白 \+2」/);
  assert.doesNotMatch(await legend(), /黒/);
  assert.deepEqual(await spacedSentences(page), [], 'the legend');
  await page.selectOption('#language', 'en');
  // Back on the 8x8 board, the legend names Black again.
  await startGame(page, { colour: 'human-human' });
  await legendNames('Black');
  assert.match(await legend(), /“Black \+4”, “White \+2”/);
  assert.deepEqual(problems, []);
});
