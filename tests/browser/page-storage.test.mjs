// What the board page keeps in the browser, in Chromium: corrupt or foreign
// data in every key the page stores loads with defaults for what cannot be
// read, keeps what can and says what was dropped in one notice, never a
// page error; a full storage gives up the oldest previous games (said so),
// never the game in progress; two tabs each keep their own game (a reload
// of each gets it back, a new tab the game written last) and see each
// other's previous games; the Previous games list shows each game's
// players, result, opening, moves, date and final position, and reopens,
// renames and deletes (with undo) them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  artifact, engineReady, newGameFromDialog, openPage, recordState, wthorGames,
} from './page-support.mjs';

const GAME_KEY = 'othello-page-v1';
const ANALYSIS_KEY = 'othello-analysis-v3';
const PREVIOUS_KEY = 'othello-previous-games-v1';
const TAB_GAME_PREFIX = 'othello-tab-game-v1:';
const START = '---------------------------OX------XO--------------------------- X';

/**
 * Writes local storage before the page's scripts run: on the next load
 * after `plant(page, entries)`, storage is cleared and holds only
 * `entries` (`[key, text]`).
 */
const plantingScript = () => {
  const planted = sessionStorage.getItem('planted');
  if (planted === null) return;
  sessionStorage.removeItem('planted');
  localStorage.clear();
  for (const [key, text] of JSON.parse(planted)) localStorage.setItem(key, text);
};

/** Loads the page again with local storage holding only `entries` (`[key, text]`, written before the page runs). */
async function plant(page, entries) {
  await page.evaluate((text) => sessionStorage.setItem('planted', text), JSON.stringify(entries));
  await page.reload();
  await engineReady(page);
}

/** The notice over the page: its lines, or null when it is hidden. */
function noticeShown(page) {
  return page.evaluate(() => {
    const notice = document.getElementById('notice');
    const lines = [...document.querySelectorAll('#notice-text p')].map((line) => line.textContent);
    return notice.hidden ? null : lines;
  });
}

/** A saved game of the page's format with `moves` from the start and `settings`. */
const savedGame = (moves, settings = { mode: 'human-human' }, extra = {}) => JSON.stringify({
  game: { start: START, moves, cursor: moves.length }, settings, paused: false, clock: null, ...extra,
});

/** A previous game entry of the page's format. */
const previousEntry = (moves, fields = {}) => ({
  title: `planted · ${moves.length} moves`, savedAt: Date.UTC(2026, 10, 20, 12, 0), game: { start: START, moves, cursor: moves.length }, ...fields,
});

/** What the Previous games list shows: per game, its lines of text. */
function previousShown(page) {
  return page.$$eval('#previous .previous-game', (items) => items.map((item) => ({
    id: item.dataset.gameId,
    name: item.querySelector('.previous-name')?.textContent ?? null,
    date: item.querySelector('.previous-date')?.textContent ?? null,
    players: item.querySelector('.previous-players')?.textContent ?? null,
    result: item.querySelector('.previous-result')?.textContent ?? null,
    opening: item.querySelector('.previous-opening')?.textContent ?? null,
    discs: [...item.querySelectorAll('svg.mini-board circle')].map((disc) => disc.getAttribute('class')),
  })));
}


/** Loads `transcript` through the record panel. */
async function loadGame(page, transcript) {
  await page.fill('#record-text', transcript);
  await page.click('#load');
  await page.waitForFunction((text) => window.othelloPage.record.moves.filter((move) => move !== 'pa').join('') === text, transcript);
}

test('corrupt or foreign saved data: defaults for what cannot be read, the rest kept, one notice, no page error', async (t) => {
  const session = await openPage({ initScript: plantingScript });
  t.after(session.close);
  const { page, problems } = session;
  const valid = previousEntry(['f5', 'd6', 'c3']);
  const defaults = await page.evaluate(() => ({ ...window.othelloPage.settings }));
  const cases = [
    {
      name: 'settings of the wrong type and unknown values',
      entries: [[GAME_KEY, savedGame(['f5', 'd6'], {
        mode: 'human-human', level: 'grandmaster', moveTime: '7', sound: 'yes', theme: 'neon', hints: true,
      })]],
      moves: ['f5', 'd6'],
      settings: { mode: 'human-human', hints: true, level: defaults.level, moveTime: defaults.moveTime, sound: false, theme: 'auto' },
      notice: ['Some saved data could not be read and was reset: the settings (the level, the time per move, the click sound, the theme).'],
    },
    {
      name: 'settings that are a number, not an object',
      entries: [[GAME_KEY, savedGame(['f5', 'd6'], 42)]],
      moves: ['f5', 'd6'],
      settings: defaults,
      notice: ['Some saved data could not be read and was reset: the settings.'],
    },
    {
      name: 'a previous games list with junk among its games',
      entries: [[PREVIOUS_KEY, JSON.stringify([1, 'game', null, { title: 5 }, valid, previousEntry(['f5', 'a1']), [], valid])]],
      moves: [],
      previous: 2,
      notice: ['Some saved data could not be read and was reset: 6 previous games.'],
    },
    {
      name: 'a truncated previous games list',
      entries: [[PREVIOUS_KEY, JSON.stringify([valid]).slice(0, 30)]],
      moves: [],
      previous: 0,
      notice: ['Some saved data could not be read and was reset: the list of previous games.'],
    },
    {
      name: 'a previous games list that is an object',
      entries: [[PREVIOUS_KEY, JSON.stringify({ games: [valid] })]],
      moves: [],
      previous: 0,
      notice: ['Some saved data could not be read and was reset: the list of previous games.'],
    },
    {
      name: 'an analysis that is a list of junk',
      entries: [[ANALYSIS_KEY, JSON.stringify([1, 2, { positions: 'x' }])]],
      moves: [],
      notice: ['Some saved data could not be read and was reset: the saved analysis.'],
    },
    {
      name: 'another tab\'s game that is cut short',
      entries: [[`${TAB_GAME_PREFIX}zz99zz99`, '{"game": {"start": "---'], [GAME_KEY, savedGame(['f5'])]],
      moves: ['f5'],
      notice: ['Some saved data could not be read and was reset: the game of another tab.'],
    },
    {
      name: 'an older version\'s data (no tab, no clock, old keys)',
      entries: [
        [GAME_KEY, JSON.stringify({
          game: { start: START, moves: ['f5', 'f6'], cursor: 2 },
          settings: { mode: 'human-human', level: 'casual', moveTime: 5, showLegal: true, hints: false, thinkAhead: false },
          paused: false,
        })],
        ['othello-analysis-v1', JSON.stringify({ positions: {} })],
        ['othello-analysis-v2', '{"limits":'],
        [PREVIOUS_KEY, JSON.stringify([{ title: 'Nov 1, 2026 · You – Engine (Club) · 3 moves', savedAt: 1, game: valid.game }])],
      ],
      moves: ['f5', 'f6'],
      previous: 1,
      notice: null,
    },
    {
      name: 'a truncated saved game',
      entries: [[GAME_KEY, savedGame(['f5', 'd6']).slice(0, 40)]],
      moves: [],
      notice: [/^The saved game could not be read \(it is not complete or not readable\), so a new game starts\./],
    },
    {
      name: 'everything at once',
      entries: [
        [GAME_KEY, savedGame(['f5', 'd6', 'c3'], { mode: 'human-human', level: 7 })],
        [PREVIOUS_KEY, JSON.stringify([valid, { savedAt: 'yesterday' }, 'x'])],
        [ANALYSIS_KEY, '42'],
      ],
      moves: ['f5', 'd6', 'c3'],
      previous: 1,
      notice: ['Some saved data could not be read and was reset: the settings (the level), 2 previous games, the saved analysis.'],
    },
  ];
  for (const { name, entries, moves, settings, previous, notice } of cases) {
    await plant(page, entries);
    assert.equal(await page.locator('#board .square').count(), 64, `${name}: the board is drawn`);
    assert.deepEqual((await recordState(page)).moves, moves, `${name}: the game`);
    if (settings) {
      const shown = await page.evaluate(() => ({ ...window.othelloPage.settings }));
      for (const [key, value] of Object.entries(settings)) assert.equal(shown[key], value, `${name}: setting ${key}`);
    }
    if (previous !== undefined) assert.equal(await page.locator('#previous .previous-game').count(), previous, `${name}: previous games`);
    const lines = await noticeShown(page);
    if (notice === null) assert.equal(lines, null, `${name}: no notice`);
    else {
      assert.equal(lines?.length, notice.length, `${name}: ${lines}`);
      notice.forEach((expected, index) => {
        if (typeof expected === 'string') assert.equal(lines[index], expected, name);
        else assert.match(lines[index], expected, name);
      });
    }
    if (name === 'everything at once') await page.screenshot({ path: await artifact('storage-corrupt-notice.png') });
    // What could not be read is not told again: the next load finds it reset.
    await page.reload();
    await engineReady(page);
    assert.equal(await noticeShown(page), null, `${name}: told once`);
    assert.deepEqual((await recordState(page)).moves, moves, `${name}: the game after a reload`);
  }
  assert.equal(await page.evaluate(() => localStorage.getItem('othello-analysis-v1')), null, 'an older version\'s analysis is removed');
  assert.deepEqual(problems, []);
});

/** Lets a test set a quota on local storage: `window.quotaBytes` (characters of keys and values), none when unset. */
const quotaScript = () => {
  const setItem = Storage.prototype.setItem;
  const size = (storage, except) => Object.keys(storage).reduce(
    (total, key) => total + (key === except ? 0 : key.length + storage.getItem(key).length), 0,
  );
  Storage.prototype.setItem = function setItemWithQuota(key, value) {
    if (this === window.localStorage && window.quotaBytes !== undefined
      && size(this, String(key)) + String(key).length + String(value).length > window.quotaBytes) {
      throw new DOMException(`the quota of ${window.quotaBytes} is reached`, 'QuotaExceededError');
    }
    return setItem.call(this, key, value);
  };
  window.storageUsed = () => size(window.localStorage, null);
};

test('a full storage removes the oldest previous games, says how many, and keeps the game in progress', async (t) => {
  const session = await openPage({ initScript: quotaScript });
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#mode', 'human-human');
  const games = Array.from({ length: 10 }, (_, index) => previousEntry(['f5', 'd6', 'c3', 'd3', 'c4'], {
    id: `planted-${index + 1}`, name: `Game ${index + 1}`, savedAt: Date.UTC(2026, 10, 20, 12, 10 - index),
  }));
  await page.evaluate(([key, text]) => localStorage.setItem(key, text), [PREVIOUS_KEY, JSON.stringify(games)]);
  await page.reload();
  await engineReady(page);
  assert.equal(await page.locator('#previous button[data-previous]').count(), 10);

  // Room for the game as it is and a little more: a longer game needs the room of some previous games.
  await page.evaluate(() => { window.quotaBytes = window.storageUsed() + 40; });
  const transcript = wthorGames(1)[0].moves.slice(0, 60);
  await loadGame(page, transcript);
  const lines = await noticeShown(page);
  assert.equal(lines?.length, 1, String(lines));
  const removed = Number(/^The (\d+) oldest previous games were removed to make room\.$/.exec(lines[0])?.[1]);
  assert.ok(removed >= 2 && removed < 10, lines[0]);
  const shown = await previousShown(page);
  assert.deepEqual(shown.map((game) => game.name), games.slice(0, 10 - removed).map((game) => game.name), 'the newest are kept');
  const saved = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)), GAME_KEY);
  assert.deepEqual(saved.game.moves, (await recordState(page)).moves, 'the game in progress is saved');
  assert.equal(JSON.parse(await page.evaluate((key) => localStorage.getItem(key), PREVIOUS_KEY)).length, 10 - removed);
  await page.screenshot({ path: await artifact('storage-trimmed.png') });
  await page.click('#notice-close');

  // No room even without the previous games: they stay listed (in memory), and the page says the game is not saved.
  await page.evaluate(() => { window.quotaBytes = window.storageUsed() - 2_000; });
  await loadGame(page, 'f5d6c3d3c4f4');
  const notice = (await noticeShown(page)) ?? [];
  assert.ok(notice.some((line) => /storage for the page is full, so the game is no longer saved/.test(line)), String(notice));
  assert.ok(!notice.some((line) => /oldest previous games were removed/.test(line)), String(notice));
  const listed = await previousShown(page);
  assert.equal(listed.length, 10 - removed + 1, 'the replaced game joins the list, nothing is dropped');
  assert.equal(listed[0].result, 'unfinished, 30 moves', 'the replaced game is first');
  assert.deepEqual(problems, []);
});

test('two tabs keep their own games: a reload of each gets it back, a new tab the game written last, and each sees the other\'s previous games', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page: first, context, url, problems } = session;
  await first.selectOption('#mode', 'human-human');
  await loadGame(first, 'f5d6');
  const second = await context.newPage();
  second.on('pageerror', (error) => problems.push(`second tab: ${error.message}`));
  await second.goto(url);
  await engineReady(second);
  assert.deepEqual((await recordState(second)).moves, ['f5', 'd6'], 'a new tab opens the game written last');

  const [one, two] = (await recordState(first)).legal;
  await first.click(`[data-square="${one}"]`);
  await second.click(`[data-square="${two}"]`);
  await first.waitForFunction(() => window.othelloPage.record.moves.length === 3);
  await second.waitForFunction(() => window.othelloPage.record.moves.length === 3);
  for (const [page, move] of [[first, one], [second, two]]) {
    await page.reload();
    await engineReady(page);
    assert.deepEqual((await recordState(page)).moves, ['f5', 'd6', move], `the tab that played ${move} keeps its game`);
  }

  // The first tab plays on: its game is the one written last, which a new tab opens.
  const reply = (await recordState(first)).legal[0];
  await first.click(`[data-square="${reply}"]`);
  await first.waitForFunction(() => window.othelloPage.record.moves.length === 4);
  const third = await context.newPage();
  await third.goto(url);
  await engineReady(third);
  assert.deepEqual((await recordState(third)).moves, ['f5', 'd6', one, reply]);
  await third.close();

  // A new game in the first tab keeps its old one under Previous games, which the second tab shows at once.
  await newGameFromDialog(first);
  await second.waitForFunction(() => document.querySelectorAll('#previous .previous-game').length === 1);
  assert.equal((await previousShown(second))[0].result, 'unfinished, 4 moves');
  // The second tab's game is untouched, and reopening the first tab's old game there takes it out of both lists.
  assert.deepEqual((await recordState(second)).moves, ['f5', 'd6', two]);
  await second.click('#previous .previous-open');
  assert.deepEqual((await recordState(second)).moves, ['f5', 'd6', one, reply]);
  await first.waitForFunction(() => [...document.querySelectorAll('#previous .previous-result')].map((line) => line.textContent).join('|')
    === 'unfinished, 3 moves');
  // Nothing lost: each tab's game after a reload.
  await first.reload();
  await engineReady(first);
  assert.deepEqual((await recordState(first)).moves, []);
  await second.reload();
  await engineReady(second);
  assert.deepEqual((await recordState(second)).moves, ['f5', 'd6', one, reply]);
  assert.equal((await previousShown(second))[0].result, 'unfinished, 3 moves');
  assert.deepEqual(problems, []);
});

test('previous games show players, result, opening, moves, date and the final position; they reopen, rename and delete with undo', async (t) => {
  const session = await openPage({ viewport: { width: 1280, height: 800 } });
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#mode', 'human-human');
  const finished = wthorGames(1)[0].moves;
  await loadGame(page, finished);
  // A record that carries its players' names (GameRecord.names) keeps them.
  await page.evaluate(() => { window.othelloPage.record.names = { black: 'Ann', white: 'Ben' }; });
  await loadGame(page, 'f5d6c3d3c4');
  await loadGame(page, 'f5f6');
  await loadGame(page, 'e6');
  const shown = await previousShown(page);
  assert.equal(shown.length, 3);
  const expected = await page.evaluate(async ([first]) => {
    const { openingName } = await import('./openings.js');
    const { score } = await import('./board-kind.js');
    const { GameRecord } = await import('./record.js');
    const record = GameRecord.parse(first);
    const end = score(record.positions.at(-1));
    return {
      opening: openingName(record.moves)?.name ?? null, moves: record.movesPlayed(), black: end.black, white: end.white, final: end.final,
      tiger: openingName(['f5', 'd6', 'c3', 'd3', 'c4']).name, diagonal: openingName(['f5', 'f6'])?.name ?? null,
    };
  }, [finished]);
  const winner = expected.final > 0 ? 'Black' : 'White';
  assert.deepEqual(shown.map(({ players, result, opening }) => ({ players, result, opening })), [
    { players: 'Black – White', result: 'unfinished, 2 moves', opening: expected.diagonal },
    { players: 'Black – White', result: 'unfinished, 5 moves', opening: expected.tiger },
    { players: 'Ann – Ben', result: `${winner} wins ${expected.black}–${expected.white} · ${expected.moves} moves`, opening: expected.opening },
  ]);
  for (const game of shown) {
    assert.equal(game.name, null);
    assert.ok(game.date.length > 5 && /\d/.test(game.date), game.date);
  }
  // The picture: one disc per disc of the final position.
  assert.equal(shown[2].discs.filter((disc) => disc.endsWith('black')).length, expected.black);
  assert.equal(shown[2].discs.filter((disc) => disc.endsWith('white')).length, expected.white);
  assert.equal(shown[0].discs.length, 6);
  for (const [width, height] of [[1280, 800], [390, 844]]) {
    await page.setViewportSize({ width, height });
    for (const theme of ['light', 'dark']) {
      if ((await page.evaluate(() => document.documentElement.dataset.theme ?? 'light')) !== theme) await page.click('#theme-toggle');
      await page.locator('#previous').scrollIntoViewIfNeeded();
      await page.locator('#previous').screenshot({ path: await artifact(`storage-previous-${width}-${theme}.png`) });
      assert.deepEqual(await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]), [width, width]);
    }
  }
  await page.click('#theme-toggle');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Rename: a text field in place of the date; Enter keeps the name, which stays after a reload.
  await page.click('#previous .previous-game:nth-child(2) .previous-rename');
  const field = page.locator('#previous input.previous-name-field');
  assert.equal(await field.count(), 1);
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('previous-name-field')), true);
  await field.fill('Tiger practice');
  await page.locator('#previous').screenshot({ path: await artifact('storage-rename.png') });
  await field.press('Enter');
  let list = await previousShown(page);
  assert.equal(list[1].name, 'Tiger practice');
  assert.equal(list[1].date, null);
  // Escape leaves the name as it was.
  await page.click('#previous .previous-game:nth-child(2) .previous-rename');
  await page.locator('#previous input.previous-name-field').fill('something else');
  await page.locator('#previous input.previous-name-field').press('Escape');
  await page.reload();
  await engineReady(page);
  list = await previousShown(page);
  assert.equal(list[1].name, 'Tiger practice');

  // Delete, then undo: the game is back in its place; delete again: gone after a reload too.
  await page.click('#previous .previous-game:nth-child(1) .previous-delete');
  assert.equal((await previousShown(page)).length, 2);
  assert.match(await page.textContent('#previous .previous-deleted'), /^Deleted: .*\.Undo$/);
  await page.click('#previous .previous-undo');
  assert.deepEqual((await previousShown(page)).map((game) => game.id), list.map((game) => game.id));
  await page.click('#previous .previous-game:nth-child(1) .previous-delete');
  await page.reload();
  await engineReady(page);
  assert.deepEqual((await previousShown(page)).map((game) => game.id), list.slice(1).map((game) => game.id));

  // Reopen: the named game comes back on the board; the game it replaces joins the list.
  await page.click('#previous .previous-game:nth-child(1) .previous-open');
  assert.deepEqual((await recordState(page)).moves, ['f5', 'd6', 'c3', 'd3', 'c4']);
  list = await previousShown(page);
  assert.deepEqual(list.map((game) => game.result), ['unfinished, 1 move', list[1].result]);
  assert.equal(list[1].players, 'Ann – Ben');
  assert.deepEqual(problems, []);
});
