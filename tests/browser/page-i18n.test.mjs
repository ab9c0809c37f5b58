// The board page in English and Japanese, in Chromium on the built page:
// - a browser whose first language is Japanese gets the page in Japanese
//   (<html lang="ja">, the header, the controls, the settings, the level
//   names and descriptions, the engine and graph panels, the dialogs);
// - the header's language switch changes the page at once, without a reload
//   (the static text, the lists filled once, the side boxes, the squares'
//   spoken names), and the choice is kept: a reload shows the chosen language
//   whatever the browser's;
// - in both languages the converted parts of the page show no catalogue key,
//   and in Japanese none of the English catalogue's texts;
// - the Japanese text fits: no button, side box or dialog line overflows.
// Screenshots in Japanese (1280x800 and 390x844, light and dark, the new game
// and share dialogs) go to test-artifacts/i18n-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EN } from '../../www/i18n/en.js';
import { JA } from '../../www/i18n/ja.js';
import { artifact, openPage } from './page-support.mjs';

/** A browser whose languages are Japanese first (every load of the context, reloads too). */
function japaneseBrowser() {
  Object.defineProperty(navigator, 'languages', { get: () => ['ja-JP', 'ja', 'en-US'] });
  Object.defineProperty(navigator, 'language', { get: () => 'ja-JP' });
}

/**
 * The parts of the page this pass puts in both languages (the Moves and
 * Record panels, the result card and the status lines are another's).
 */
const AREAS = [
  'header.top', '.sides', '.controls', 'section[aria-labelledby="thinking-title"]',
  'section[aria-labelledby="graph-title"]',
  'section[aria-labelledby="settings-title"]', '#previous-title', 'footer.foot',
];

/**
 * Texts that the converted parts still get from app.js, which another pass
 * converts: the player's name in the side box ("You"), the settings' "You
 * play <side>" choices and the clock line ("No clock.").
 */
const FROM_APP = [/^You$/, /^You play /, /^No clock\.$/, /^Clock: /];

/**
 * The visible text of `selectors` (text nodes, select options, titles,
 * aria-labels and placeholders), one entry a piece: `{ where, text }`.
 */
function visibleTexts(page, selectors) {
  return page.evaluate((roots) => {
    const found = [];
    const add = (element, text, how) => {
      const trimmed = (text ?? '').replace(/\s+/g, ' ').trim();
      const name = element.id ? `#${element.id}` : element.tagName.toLowerCase();
      if (trimmed) found.push({ where: `${name}${how}`, text: trimmed });
    };
    for (const selector of roots) {
      for (const root of document.querySelectorAll(selector)) {
        if (!root.checkVisibility()) continue;
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (parent && parent.tagName !== 'OPTION' && parent.checkVisibility()) add(parent, node.textContent, '');
        }
        for (const element of [root, ...root.querySelectorAll('*')]) {
          const option = element.tagName === 'OPTION';
          if (!(option ? element.parentElement : element).checkVisibility()) continue;
          if (option) add(element.parentElement, element.textContent, ' option');
          for (const attribute of ['title', 'aria-label', 'placeholder']) {
            add(element, element.getAttribute(attribute), ` @${attribute}`);
          }
        }
      }
    }
    return found;
  }, selectors);
}

/**
 * The English catalogue's texts (those without placeholders, long enough to be words, not names: not a text
 * the Japanese catalogue uses too, such as the program Iago, also the English name of an opening).
 */
const JAPANESE_TEXTS = new Set(Object.values(JA));
const ENGLISH = new Set(Object.entries(EN)
  .filter(([key, value]) => typeof value === 'string' && !/\{/.test(value) && value !== JA[key]
    && !JAPANESE_TEXTS.has(value) && /[a-z]{3}/.test(value))
  .map(([, value]) => value));

/** A catalogue key shown as text: "settings.level", "page.title". */
const KEY = /^[a-z][\w-]*(\.[\w-]+)+$/;

/**
 * What is wrong with the texts of `found` in `language`: a catalogue key
 * shown, or (in Japanese) a text of the English catalogue, or a piece with
 * English words but no Japanese (names of programs and formats aside).
 */
function leftOver(found, language) {
  return found.filter(({ text }) => {
    if (FROM_APP.some((pattern) => pattern.test(text))) return false;
    if (KEY.test(text)) return true;
    if (language === 'en') return false;
    if (ENGLISH.has(text)) return true;
    const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/.test(text);
    // Names that read the same in Japanese: the programs, the formats, the build, keys, units.
    const words = text.replace(/\b(Iago|BILL|Norvig|Lazy SMP|WebAssembly|Enter|CS|GGF|OBF|ms|English)\b/g, '')
      .match(/[A-Za-z]{3,}/g);
    return !japanese && words !== null;
  }).map(({ where, text }) => `${where}: ${text}`);
}

/** Opens `dialog` with the button `open`, `check`s it, and closes it (Escape). */
async function withDialog(page, open, dialog, check) {
  await page.click(open);
  await page.waitForSelector(`${dialog}[open]`);
  try {
    await check();
  } finally {
    await page.keyboard.press('Escape');
    await page.waitForSelector(`${dialog}:not([open])`, { state: 'attached' });
  }
}

/**
 * Elements of `selector` whose content overflows them (wider or taller than
 * their box): `["#new-game: 120 > 100"]`.
 */
function overflowing(page, selector) {
  return page.$$eval(selector, (elements) => elements.filter((element) => element.checkVisibility()
    && (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1))
    .map((element) => `${element.id || element.className}: ${element.scrollWidth}x${element.scrollHeight} > `
      + `${element.clientWidth}x${element.clientHeight}`));
}

test('a Japanese browser gets the page in Japanese; the header switch changes it at once and is kept', async () => {
  const { page, close, problems } = await openPage({
    viewport: { width: 1280, height: 800 }, initScript: japaneseBrowser,
  });
  try {
    // Japanese from the browser's language.
    assert.equal(await page.getAttribute('html', 'lang'), 'ja');
    assert.equal(await page.textContent('h1'), JA['page.title']);
    assert.equal(await page.title(), JA['page.title']);
    assert.equal(await page.inputValue('#language'), 'ja');
    assert.equal((await page.textContent('#new-game')).trim(), JA['controls.newGame']);
    assert.equal((await page.textContent('#undo')).trim(), JA['controls.undo']);
    assert.equal(await page.textContent('#settings-title'), JA['settings.title']);
    assert.equal((await page.textContent('label:has(#show-legal)')).trim(), JA['settings.showLegal']);
    assert.equal(await page.textContent('#engine-state'), JA['engine.stateReady']);
    assert.equal(await page.getAttribute('#theme-toggle', 'title'), JA['theme.toDark']);
    // The level: its name in the list and the side box, its description.
    assert.equal(await page.$eval('#level', (select) => select.selectedOptions[0].textContent), JA['level.casual']);
    assert.equal(await page.textContent('#name-white'), JA['level.casual']);
    assert.equal(await page.textContent('#level-about'), JA['level.casual.about']);
    assert.equal(await page.$eval('#move-time', (select) => select.options[0].textContent), '約1秒');
    assert.match(await page.getAttribute('#board', 'aria-label'), /オセロ盤/);
    assert.match(await page.getAttribute('#board [aria-label^="d3"]', 'aria-label'), /^d3、空き、打てる$/);
    assert.deepEqual(leftOver(await visibleTexts(page, AREAS), 'ja'), []);

    // A move and the engine's reply: the engine panel and the side boxes in a game.
    await page.click('#board [aria-label^="d3"]');
    await page.waitForFunction(() => window.othelloPage.record.moves.length === 2
      && window.othelloPage.activity === null);
    assert.deepEqual(leftOver(await visibleTexts(page, AREAS), 'ja'), []);

    // The dialogs in Japanese, their text inside their boxes.
    await withDialog(page, '#new-game', '#new-game-dialog', async () => {
      assert.equal(await page.textContent('#new-game-title'), JA['newGame.title']);
      assert.equal(await page.$eval('#new-time-control', (select) => select.options[0].textContent), JA['time.none']);
      assert.match(await page.$eval('#new-level', (select) => select.selectedOptions[0].textContent), /中級/);
      assert.deepEqual(leftOver(await visibleTexts(page, ['#new-game-dialog']), 'ja'), []);
      assert.deepEqual(await overflowing(page, '#new-game-dialog button, #new-game-dialog label'), []);
      await page.screenshot({ path: await artifact('i18n-ja-new-game.png') });
    });
    await withDialog(page, '#share', '#share-dialog', async () => {
      assert.equal(await page.textContent('#share-link-label'), JA['share.link.game']);
      const texts = (await visibleTexts(page, ['#share-dialog'])).filter(({ where }) => where !== '#share-link');
      assert.deepEqual(leftOver(texts, 'ja'), []);
      assert.deepEqual(await overflowing(page, '#share-dialog button, #share-dialog label'), []);
      await page.screenshot({ path: await artifact('i18n-ja-share.png') });
    });

    // English at once, without a reload.
    const loads = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    await page.selectOption('#language', 'en');
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    assert.equal(await page.textContent('h1'), EN['page.title']);
    assert.equal((await page.textContent('#new-game')).trim(), EN['controls.newGame']);
    assert.equal(await page.textContent('#settings-title'), EN['settings.title']);
    assert.equal(await page.textContent('#name-white'), EN['level.casual']);
    assert.equal(await page.$eval('#level', (select) => select.selectedOptions[0].textContent), EN['level.casual']);
    assert.equal(await page.textContent('#level-about'), EN['level.casual.about']);
    assert.equal(await page.$eval('#move-time', (select) => select.options[0].textContent), '≈ 1 s');
    assert.equal(await page.$eval('#board-theme', (select) => select.options[1].textContent), EN['board.theme.wood']);
    assert.equal(await page.textContent('#engine-state'), EN['engine.stateReady']);
    assert.equal(await page.textContent('#theme-label'), EN['theme.dark']);
    assert.equal(await page.getAttribute('#board [aria-label^="d3"]', 'aria-label'), 'd3, black');
    assert.equal(await page.evaluate(() => performance.getEntriesByType('navigation').length), loads, 'no reload');
    assert.deepEqual(leftOver(await visibleTexts(page, AREAS), 'en'), []);

    // Kept: a reload shows English though the browser prefers Japanese.
    await page.reload();
    await page.waitForFunction(() => window.othelloPage?.record !== undefined);
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    assert.equal(await page.inputValue('#language'), 'en');
    assert.equal(await page.textContent('#settings-title'), EN['settings.title']);
    assert.equal(await page.evaluate(() => window.othelloPage.settings.language), 'en');

    // And back to Japanese.
    await page.selectOption('#language', 'ja');
    assert.equal(await page.getAttribute('html', 'lang'), 'ja');
    assert.equal(await page.textContent('#settings-title'), JA['settings.title']);
    assert.equal(await page.$eval('#board-theme', (select) => select.options[1].textContent), JA['board.theme.wood']);
    assert.equal(await page.textContent('#theme-label'), JA['theme.dark']);
    assert.equal(await page.getAttribute('#board [aria-label^="d3"]', 'aria-label'), 'd3、黒');
    assert.deepEqual(leftOver(await visibleTexts(page, AREAS), 'ja'), []);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('the Japanese page fits at 1280x800 and 390x844, light and dark', async () => {
  const { page, close, problems } = await openPage({
    viewport: { width: 1280, height: 800 }, initScript: japaneseBrowser,
  });
  try {
    // Hints on: their badges' words ("12手", "定石") inside their squares.
    await page.check('#hints');
    await page.waitForSelector('#board .hint');
    assert.match(await page.textContent('#board .hint small'), /^(\d+手|定石|完全|確定)$/);
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      for (const theme of ['light', 'dark']) {
        // The header's toggle, which names the theme it switches to.
        if ((await page.getAttribute('#theme-toggle', 'aria-pressed') === 'true') !== (theme === 'dark')) {
          await page.click('#theme-toggle');
        }
        assert.equal(await page.textContent('#theme-label'), JA[theme === 'dark' ? 'theme.light' : 'theme.dark']);
        const where = `${viewport.width}x${viewport.height} ${theme}`;
        const parts = '.controls button, .side, .side-who, header.top > *, .settings label, #board .hint';
        assert.deepEqual(await overflowing(page, parts), [], where);
        await page.screenshot({ path: await artifact(`i18n-ja-${viewport.width}-${theme}.png`), fullPage: true });
      }
    }
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

/** Holds back the page's own download of the engine's .wasm by `ms` (every load of the context). */
function slowEngine() {
  const original = window.fetch.bind(window);
  window.fetch = (input, init) => (String(input?.url ?? input).endsWith('.wasm')
    ? new Promise((resolve) => { setTimeout(resolve, 3000); }).then(() => original(input, init))
    : original(input, init));
}

test('the chosen language shows from the first paint, while the engine is still loading', async (t) => {
  // An English browser; the player chose Japanese; the engine's download is held back on every load.
  const session = await openPage({ viewport: { width: 1280, height: 800 }, initScript: slowEngine });
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#language', 'ja');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ja');
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.documentElement.lang === 'ja', null, { timeout: 2000 });
  const early = await page.evaluate(() => ({
    engine: window.othelloPage === undefined ? 'loading' : 'loaded',
    title: document.querySelector('h1').textContent,
    newGame: document.getElementById('new-game').textContent,
  }));
  assert.deepEqual(early, { engine: 'loading', title: JA['page.title'], newGame: JA['controls.newGame'] });
  await page.waitForFunction(() => window.othelloPage?.metrics.engineReadyMs !== undefined, null, { timeout: 30_000 });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ja');
  assert.deepEqual(problems, []);
});
