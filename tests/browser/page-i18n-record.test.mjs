// The game flow and the record in Japanese, in Chromium on the built page
// (dist/): with the page in Japanese, a game played against the engine, a
// resignation, a pasted game with passes (the paste message, its result
// card, the review bar, the move list and sheet, the review status), a pass
// announced while playing, a game finished on the board with its card and
// its analysed review line, and the record panel's copy messages all read in
// Japanese: each shows Japanese text and none of the English catalogue's
// words (aria-labels and titles included). Screenshots of each state, at
// 1280x800 and 390x844, light and dark, go to test-artifacts/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { artifact, load, openPage, splitMoves, wthorGames } from './page-support.mjs';
import { EN } from '../../www/i18n/en.js';

/** A WTHOR game of 60 moves and three passes, won by White 47–17. */
const PASS_GAME = wthorGames(3)[2].moves;
/** Nine moves: after c5 White has no disc left (Black wins 64–0, 13–0 on the board). */
const SHORT_GAME = 'e6f4e3f6g5d6e7f5c5';

/** The words of the English catalogue, lower-cased (3 letters or more, with a lower-case letter: not GGF, OBF). */
const ENGLISH = new Set(Object.values(EN)
  .flatMap((value) => [1, 2].map((count) => (typeof value === 'function'
    ? value({ count, loss: count, empties: count, moves: count, kept: count, minutes: count }) : value)))
  .flatMap((text) => text.match(/[A-Za-z]{3,}/g) ?? [])
  .filter((word) => /[a-z]/.test(word))
  .map((word) => word.toLowerCase()));

/** Japanese script: kana or kanji. */
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

let session;
before(async () => {
  // Once the page chooses its language at start-up, the browser's languages pick Japanese.
  session = await openPage({
    viewport: { width: 1280, height: 800 },
    initScript: () => Object.defineProperty(navigator, 'languages', { get: () => ['ja-JP', 'ja'] }),
  });
  // The page shown in Japanese from now on: its static text, and what it draws on its next change.
  await session.page.evaluate(async () => {
    const i18n = await import('./i18n.js');
    i18n.setLanguage('ja');
    i18n.translatePage();
  });
});
after(async () => session.close());

/** The text of `selector` with its aria-labels, titles and placeholders, as one string. */
async function shown(page, selector) {
  return page.$eval(selector, (element) => [element.textContent,
    ...[element, ...element.querySelectorAll('*')].flatMap((node) => ['aria-label', 'title', 'placeholder']
      .map((name) => node.getAttribute(name) ?? ''))].join(' '));
}

/** Asserts that `selector` shows Japanese and no English word of the catalogue; returns its text. */
async function japanese(page, selector) {
  const text = await shown(page, selector);
  assert.match(text, JAPANESE, `${selector} in Japanese: ${text}`);
  // Words in capitals are notation (GGF, OBF), the same in every language.
  const english = (text.match(/[A-Za-z]{3,}/g) ?? [])
    .filter((word) => /[a-z]/.test(word) && ENGLISH.has(word.toLowerCase()));
  assert.deepEqual(english, [], `${selector} has English words: ${text}`);
  return page.textContent(selector);
}

/** Sets the theme ('light' or 'dark') through the page's toggle. */
async function theme(page, wanted) {
  const dark = await page.evaluate(() => document.documentElement.dataset.theme === 'dark');
  if (dark !== (wanted === 'dark')) await page.click('#theme-toggle');
}

/**
 * Saves `name`-{1280,390}-{light,dark}.png, `at` (a selector: its panel) at
 * the top of the view (default: the page's top); asserts that no text of the page's
 * panels runs out of its box.
 */
async function shots(page, name, at = null) {
  for (const [width, height] of [[1280, 800], [390, 844]]) {
    await page.setViewportSize({ width, height });
    for (const shade of ['light', 'dark']) {
      await theme(page, shade);
      await page.evaluate((selector) => {
        const element = selector && document.querySelector(selector);
        if (element) (element.closest('.panel') ?? element).scrollIntoView({ block: 'start' });
        else window.scrollTo(0, 0);
      }, at);
      await page.waitForFunction(() => document.getAnimations().every((run) => run.playState !== 'running'));
      const overflowing = await page.$$eval('#result-card, #resign-confirm, .review-bar, .moves-head, #record-message, '
        + '#status, #announce, #record-title ~ .buttons button, .result-card button', (elements) => elements
        .filter((element) => element.offsetParent !== null && element.scrollWidth > element.clientWidth + 1)
        .map((element) => element.id || element.className));
      assert.deepEqual(overflowing, [], `${name} at ${width}px, ${shade}: text runs out of its box`);
      await page.screenshot({ path: await artifact(`i18n-ja-${name}-${width}-${shade}.png`) });
    }
  }
  await theme(page, 'light');
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a game against the engine in Japanese: messages, status, announcements, resignation and its card', async () => {
  const { page, problems } = session;
  await page.selectOption('#level', 'novice');
  await page.click('#load');
  assert.equal(await japanese(page, '#record-message'),
    '読み込むものがありません。先に棋譜、OBF 行または GGF 記録を貼り付けてください。');
  await japanese(page, '#record-title');
  await page.click('[data-square="f5"]');
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 2 && window.othelloPage.activity === null,
    null, { timeout: 30_000 });
  assert.equal(await japanese(page, '#status'), '黒（あなた）の手番です。');
  const reply = await page.evaluate(() => window.othelloPage.record.moves[1]);
  assert.equal(await japanese(page, '#announce'), `白が${reply}に打ちました。`);
  await japanese(page, '#moves');
  await shots(page, 'playing');

  await page.click('#resign');
  await japanese(page, '#resign-confirm');
  assert.equal(await page.textContent('#resign-question'), '黒として投了しますか？');
  await shots(page, 'resign-confirm', '#board-frame');
  await page.click('#resign-black');
  await page.waitForSelector('#result-card', { state: 'visible' });
  assert.equal(await page.textContent('#result-title'), '白の勝ち（投了）');
  assert.equal(await page.textContent('#result-rule'), '黒が2手目のあとに投了しました。');
  await japanese(page, '#result-card');
  assert.equal(await japanese(page, '#status'), '終局: 白の勝ち（投了）。');
  await shots(page, 'card-resignation');
  assert.deepEqual(problems, []);
});

test('a pasted game with passes in Japanese: the paste message, its card, the review bar, list and sheet', async () => {
  const { page, problems } = session;
  await load(page, PASS_GAME);
  assert.equal(await japanese(page, '#record-message'), '60手を読み込みました（棋譜）。');
  await page.waitForSelector('#result-card', { state: 'visible' });
  assert.equal(await page.textContent('#result-title'), '白の勝ち');
  await japanese(page, '#result-card');
  assert.match(await japanese(page, '#status'), /^終局: 白の勝ち 47–17/);
  await japanese(page, '#review-bar');
  await japanese(page, '#moves');
  assert.ok((await page.$$eval('#moves li', (items) => items.map((item) => item.textContent)))
    .some((text) => text.includes('パス')), 'a pass is written パス in the list');
  await shots(page, 'card-discs-pasted');

  await page.click('#result-close');
  await page.click('#moves button[data-ply="20"]');
  assert.match(await japanese(page, '#status'), /^検討中: (黒|白)の手番です。$/);
  await shots(page, 'review', '#review-bar');
  await page.click('#moves-view-sheet');
  await japanese(page, '#moves-sheet');
  await shots(page, 'sheet', '#moves-title');
  await page.click('#moves-view-list');
  assert.deepEqual(problems, []);
});

test('a pass announced while playing, in Japanese', async () => {
  const { page, problems } = session;
  await load(page, PASS_GAME);
  const moves = await page.evaluate(() => window.othelloPage.record.moves);
  const pass = moves.indexOf('pa');
  await load(page, moves.slice(0, pass - 1).join(''));
  await page.selectOption('#review-sides', 'human-human');
  await page.click('#play-from-here');
  await page.click(`[data-square="${moves[pass - 1]}"]`);
  await page.waitForFunction((length) => window.othelloPage.record.moves.length === length, pass + 1);
  const passed = await page.evaluate(() => window.othelloPage.record.positions.at(-2).endsWith('X') ? '黒' : '白');
  assert.match(await japanese(page, '#announce'), new RegExp(`^${passed}は打てる場所がないのでパスします。$`));
  await japanese(page, '#status');
  await japanese(page, '#moves');
  await shots(page, 'pass');
  assert.deepEqual(problems, []);
});

test('a game finished on the board in Japanese: its card, the analysed review line, the copy messages', async () => {
  const { page, problems } = session;
  const moves = splitMoves(SHORT_GAME);
  await load(page, moves.slice(0, -1).join(''));
  await page.selectOption('#review-sides', 'human-human');
  await page.click('#play-from-here');
  await page.click(`[data-square="${moves.at(-1)}"]`);
  await page.waitForSelector('#result-card', { state: 'visible' });
  assert.deepEqual([await page.textContent('#result-title'), await page.textContent('#result-score'),
    await page.textContent('#result-rule')], ['黒の勝ち', '64–0', '盤上: 黒 13・白 0。空きマス51個は勝者に加算されます。']);
  await japanese(page, '#result-card');
  assert.equal(await japanese(page, '#status'), '終局: 黒の勝ち 64–0（盤上 13–0、空きマス51個は勝者に加算）。');
  await shots(page, 'card-discs');

  const analysed = page.evaluate(() => new Promise((resolve) => {
    document.addEventListener('othello:analysed', (event) => resolve(event.detail), { once: true });
  }));
  await page.click('#result-analyse');
  assert.deepEqual(await analysed, { finished: true });
  assert.equal(await japanese(page, '#announce'), '対局の解析が終わりました。');
  await page.click('#moves button[data-ply="4"]');
  assert.match(await japanese(page, '#review'), /^4手目（白 f6）: /);
  await shots(page, 'review-line', '#review');

  await page.click('#copy-ggf');
  await page.waitForFunction(() => /GGF/.test(document.getElementById('record-message').textContent));
  assert.match(await japanese(page, '#record-message'), /対局全体（9手、黒の勝ち 64–0、GGF）/);
  assert.match(await page.inputValue('#record-text'), /RE\[\+64\]/);
  await page.click('#copy-transcript');
  await page.waitForFunction(() => /棋譜）/.test(document.getElementById('record-message').textContent));
  await japanese(page, '#record-message');
  await shots(page, 'record-panel', '#record-title');
  assert.deepEqual(problems, []);
});
