// The board page under faults, in Chromium: an engine worker that never
// answers, an engine whose wasm fails to load in its worker, a page whose
// wasm fails to load, a full local storage, and saved games that cannot be
// read. Each is recovered from or told to the player, and nothing of the
// game is lost: its moves, its clock, its settings and the games it replaced.
// (A worker killed mid-search and a panic in the engine are in
// page-engine.test.mjs; a corrupt saved analysis in page-analysis.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { artifact, engineReady, newGameFromDialog, openPage, recordState } from './page-support.mjs';
import { pageCopy } from './harness.mjs';

const GAME_KEY = 'othello-page-v1';
const ANALYSIS_KEY = 'othello-analysis-v3';
const PREVIOUS_KEY = 'othello-previous-games-v1';
const START = '---------------------------OX------XO--------------------------- X';

/** Waits until the record has at least `count` moves. */
function movesReach(page, count, timeout = 30_000) {
  return page.waitForFunction((n) => window.othelloPage.record.moves.length >= n, count, { timeout });
}

/** Waits until the engine does nothing. */
function engineIdle(page) {
  return page.waitForFunction(() => window.othelloPage.activity === null, null, { timeout: 30_000 });
}

/** What local storage holds under `key`, parsed (null when nothing; the text when it is not JSON). */
function storedValue(page, key) {
  return page.evaluate((name) => {
    const text = localStorage.getItem(name);
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }, key);
}

/** The notice over the page: its text, or null when it is hidden. */
function noticeShown(page) {
  return page.evaluate(() => {
    const notice = document.getElementById('notice');
    const lines = [...document.querySelectorAll('#notice-text p')].map((line) => line.textContent);
    return notice.hidden ? null : lines.join(' ');
  });
}

/** Plays the first legal move of the side to move and waits for the engine's reply. */
async function playAndGetReply(page) {
  const { legal, moves } = await recordState(page);
  await page.click(`[data-square="${legal[0]}"]`);
  await movesReach(page, moves.length + 2);
  await engineIdle(page);
}

/** Fills local storage up to its quota with filler keys; returns how many it wrote. */
function fillStorage(page) {
  return page.evaluate(() => {
    let size = 1 << 22;
    let count = Object.keys(localStorage).filter((key) => key.startsWith('filler-')).length;
    while (size >= 8) {
      try {
        localStorage.setItem(`filler-${count}`, 'x'.repeat(size));
        count += 1;
      } catch (error) {
        if (error.name !== 'QuotaExceededError') throw error;
        size = Math.floor(size / 2);
      }
    }
    return count;
  });
}


test('an engine worker that never answers is replaced twice, then the game pauses and says so; its moves and clock are kept', async (t) => {
  // Lets the test make the engine's workers swallow every search, as a hung worker would.
  const initScript = () => {
    const post = Worker.prototype.postMessage;
    window.swallowed = 0;
    Worker.prototype.postMessage = function postMessage(message, ...rest) {
      if (window.silentEngine && message?.type === 'call' && (message.method === 'search' || message.method === 'analyze')) {
        window.swallowed += 1;
        return undefined;
      }
      return post.call(this, message, ...rest);
    };
  };
  const session = await openPage({ initScript });
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#level', 'novice');
  await page.evaluate(() => {
    window.othelloPage.settings.timeControl = '5+0';
  });
  await newGameFromDialog(page);
  assert.equal(await page.evaluate(() => window.othelloPage.clock?.initialMs), 300_000, 'a game on a 5-minute clock');
  const settings = await page.evaluate(() => ({ ...window.othelloPage.settings }));
  await page.evaluate(() => { window.silentEngine = true; });
  const clickedAt = await page.evaluate(() => performance.now());
  await page.click('[data-square="f5"]');
  const blackLeft = await page.evaluate(() => window.othelloPage.clock.remaining.black);
  await page.waitForFunction(() => /stopped answering/.test(document.getElementById('announce').textContent), null, { timeout: 15_000 });
  // The first try and two new workers, 4 s of silence each: then the game waits for the player.
  await page.waitForSelector('#go', { state: 'visible', timeout: 30_000 });
  assert.equal(await page.evaluate(() => window.swallowed), 3, 'the search was sent to three workers');
  assert.match(await page.textContent('#announce'), /The engine could not move: press “Engine, play” to try again/);
  assert.match(await page.textContent('#engine-state'), /^Engine error: .*terminated/);
  assert.match(await page.textContent('#status'), /White \(engine\) to move — paused/);
  const state = await recordState(page);
  assert.deepEqual(state.moves, ['f5'], 'the move played is kept');
  assert.deepEqual(await page.evaluate(() => ({ ...window.othelloPage.settings })), settings, 'the settings are kept');
  // The clock stopped while the game waits; Black's time is what it was after f5.
  const clock = await page.evaluate(() => ({
    running: window.othelloPage.clock.running, ...window.othelloPage.clock.remaining, sinceClick: performance.now(),
  }));
  clock.sinceClick -= clickedAt;
  assert.equal(clock.running, null);
  assert.equal(clock.black, blackLeft);
  // White's clock ran through the three silences of 4 s (more than 10 s), and no longer than the time since f5.
  const whiteSpent = 300_000 - clock.white;
  assert.ok(whiteSpent > 10_000 && whiteSpent <= clock.sinceClick,
    `White's clock ran ${whiteSpent} ms while the engine hung (${clock.sinceClick.toFixed(0)} ms since f5)`);
  delete clock.sinceClick;
  await page.waitForTimeout(500);
  assert.deepEqual(await page.evaluate(() => ({ ...window.othelloPage.clock.remaining })), { black: clock.black, white: clock.white });
  await page.screenshot({ path: await artifact('fault-engine-silent.png') });

  // What was saved is the same game, paused, with its clock.
  const saved = await storedValue(page, GAME_KEY);
  assert.deepEqual(saved.game.moves, ['f5']);
  assert.equal(saved.paused, true);
  assert.deepEqual(saved.clock.remaining, { black: clock.black, white: clock.white });

  // The engine answers again: "Engine, play" goes on from there.
  await page.evaluate(() => { window.silentEngine = false; });
  await page.click('#go');
  await movesReach(page, 2);
  assert.deepEqual((await recordState(page)).moves.slice(0, 1), ['f5']);
  assert.match(await page.textContent('#engine-state'), /^Engine ready/);
  assert.equal(await page.evaluate(() => window.othelloPage.clock.running), 'black', 'the clock runs for the player again');
  assert.ok(await page.evaluate(() => window.othelloPage.clock.remaining.white) <= clock.white);
  assert.deepEqual(problems, []);
});

test('an engine whose wasm fails to load in its worker: the page says so, the board still plays, and the engine comes back', async (t) => {
  // Every engine worker is given broken wasm bytes while window.brokenWasm is set (from the start).
  const initScript = () => {
    const post = Worker.prototype.postMessage;
    window.brokenWasm = true;
    Worker.prototype.postMessage = function postMessage(message, ...rest) {
      const broken = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 99]);
      // Both builds: the threaded one (an isolated page) and the single-thread one it falls back to.
      const sent = window.brokenWasm && message?.type === 'init'
        ? { ...message, wasm: broken, wasmThreads: message.wasmThreads === undefined ? undefined : broken }
        : message;
      return post.call(this, sent, ...rest);
    };
  };
  const session = await openPage({ initScript, ready: false });
  t.after(session.close);
  const { page, problems } = session;
  await page.waitForFunction(() => /could not be started/.test(document.getElementById('engine-state').textContent), null, { timeout: 30_000 });
  assert.match(await page.textContent('#engine-state'), /^Engine error: legalMoves: the engine could not be started: /);
  assert.match(await page.textContent('#announce'), /The engine could not be started: you can still play on the board/);
  await page.selectOption('#level', 'novice');
  // The rules run on the page: the player's move is played; the engine's fails three times and the game waits.
  await page.click('[data-square="f5"]');
  await page.waitForSelector('#go', { state: 'visible', timeout: 30_000 });
  assert.deepEqual((await recordState(page)).moves, ['f5']);
  assert.match(await page.textContent('#announce'), /The engine could not move: press “Engine, play” to try again/);
  assert.match(await page.textContent('#engine-state'), /^Engine error: search: the engine could not be started: /);
  await page.screenshot({ path: await artifact('fault-worker-wasm.png') });
  assert.deepEqual((await storedValue(page, GAME_KEY)).game.moves, ['f5'], 'the game is saved');

  await page.evaluate(() => { window.brokenWasm = false; });
  await page.click('#go');
  await movesReach(page, 2);
  assert.deepEqual((await recordState(page)).moves[0], 'f5');
  assert.match(await page.textContent('#engine-state'), /^Engine ready/);
  assert.deepEqual(problems, []);
});

test('a page whose wasm fails to load says so, turns its controls off and keeps the saved game for the next visit', async (t) => {
  const dir = await pageCopy(t, 'othello-bad-wasm-');
  const session = await openPage({ dir });
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#level', 'novice');
  await page.check('#hints');
  await playAndGetReply(page);
  const moves = (await recordState(page)).moves;
  await page.uncheck('#hints');
  await engineIdle(page);
  const saved = await storedValue(page, GAME_KEY);
  assert.deepEqual(saved.game.moves, moves);

  // The next visit gets a damaged wasm, in both builds (the page falls back
  // from the threaded one to the single-thread one).
  const builds = ['pkg/wasm/othello_bg.wasm', 'pkg/wasm-threads/othello_bg.wasm'];
  for (const build of builds) await writeFile(join(dir, build), 'this is not a wasm module');
  await page.reload();
  await page.waitForFunction(() => /could not be loaded/.test(document.getElementById('status').textContent), null, { timeout: 30_000 });
  assert.equal(await page.textContent('#status'), 'The engine could not be loaded, so the game cannot be shown or played.');
  assert.match(await page.textContent('#announce'), /^Your saved game and settings are kept: reload the page to try again\. \(WebAssembly\.compile\(\): /);
  assert.equal(await page.textContent('#engine-state'), 'Engine unavailable');
  const enabled = await page.$$eval('button, select, input, textarea', (controls) => controls
    .filter((control) => !control.disabled).map((control) => control.id || control.outerHTML.slice(0, 60)));
  assert.deepEqual(enabled, [], 'no control is left that would do nothing');
  assert.deepEqual(await storedValue(page, GAME_KEY), saved, 'the saved game is untouched');
  await page.screenshot({ path: await artifact('fault-page-wasm.png') });

  // Repaired: the game comes back as it was.
  for (const build of builds) await cp(join('dist', build), join(dir, build));
  await page.reload();
  await engineReady(page);
  assert.deepEqual((await recordState(page)).moves, moves);
  assert.equal(await page.inputValue('#level'), 'novice', 'the settings came back too');
  assert.deepEqual(problems.filter((problem) => !/WebAssembly\.compile/.test(problem)), []);
  assert.ok(problems.length > 0, 'the failure was reported on the console');
});

test('a full storage: the game goes on in memory and the page says it is not saved; replaced games stay listed; saving resumes when there is room', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#level', 'novice');
  await playAndGetReply(page);

  // A big saved analysis, then a full storage: the analysis gives way to the game, which is still saved.
  await page.evaluate((key) => localStorage.setItem(key, JSON.stringify({ limits: {}, positions: {}, padding: 'x'.repeat(200_000) })), ANALYSIS_KEY);
  assert.ok(await fillStorage(page) > 0);
  await playAndGetReply(page);
  let moves = (await recordState(page)).moves;
  assert.equal(moves.length, 4);
  assert.equal(await noticeShown(page), null, 'nothing to tell while the game is saved');
  assert.deepEqual((await storedValue(page, GAME_KEY)).game.moves, moves);
  assert.equal(typeof (await storedValue(page, ANALYSIS_KEY))?.padding, 'undefined', 'the saved analysis made room');

  // No room at all (and no analysis to give way): the game goes on, the page says it is not saved.
  await page.evaluate((key) => localStorage.removeItem(key), ANALYSIS_KEY);
  await fillStorage(page);
  await playAndGetReply(page);
  moves = (await recordState(page)).moves;
  assert.equal(moves.length, 6);
  const full = await noticeShown(page);
  assert.match(full ?? '', /storage for the page is full, so the game is no longer saved: it goes on here, but it would be lost if the page were closed or reloaded/);
  assert.equal(await page.getAttribute('#notice', 'role'), 'alert');
  const lagging = (await storedValue(page, GAME_KEY)).game.moves;
  assert.ok(lagging.length < 6, `the saved game is one from before (${lagging.length} moves)`);
  assert.deepEqual(lagging, moves.slice(0, lagging.length));
  await page.selectOption('#level', 'beginner');
  assert.equal(await page.evaluate(() => window.othelloPage.settings.level), 'beginner', 'a setting changes in memory');
  await page.screenshot({ path: await artifact('fault-storage-full.png') });

  // A new game keeps the old one under Previous games, in memory; it can be opened again.
  await newGameFromDialog(page);
  assert.deepEqual((await recordState(page)).moves, []);
  const listed = page.locator('#previous button[data-previous]');
  assert.equal(await listed.count(), 1);
  assert.match(await listed.first().textContent(), /6 moves/);
  // (The new game, smaller than the old one, may fit where the old one was: then only the list is not saved.)
  assert.match(await noticeShown(page) ?? '', /the game is no longer saved|“Previous games” could not be saved .*: they are kept only until the page is closed/);
  await listed.first().click();
  assert.deepEqual((await recordState(page)).moves, moves, 'the replaced game comes back');
  // Reopened, it is reviewed until the player plays on from it (as Black, against the engine).
  await page.selectOption('#review-sides', 'human-engine');
  await page.click('#play-from-here');
  assert.match(await noticeShown(page) ?? '', /the game is no longer saved/);

  // Closed, the notice stays closed while nothing changes.
  await page.click('#notice-close');
  assert.equal(await noticeShown(page), null);
  await playAndGetReply(page);
  assert.equal(await noticeShown(page), null);
  moves = (await recordState(page)).moves;

  // Room again: the next change is saved.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('filler-')) localStorage.removeItem(key);
  });
  await playAndGetReply(page);
  moves = (await recordState(page)).moves;
  assert.equal(await noticeShown(page), null);
  const saved = await storedValue(page, GAME_KEY);
  assert.deepEqual(saved.game.moves, moves);
  assert.equal(saved.settings.level, 'beginner');
  assert.deepEqual(problems, []);
});

test('a saved game that cannot be read is set aside with a message, its legal moves are kept, and the page works', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#mode', 'human-human');
  await page.fill('#record-text', 'f5d6c3d3c4');
  await page.click('#load');
  const real = await page.evaluate((key) => localStorage.getItem(key), GAME_KEY);
  const game = (moves, extra = {}) => JSON.stringify({ game: { start: START, moves, cursor: moves.length }, ...extra });
  const cases = [
    { name: 'truncated JSON', text: real.slice(0, Math.floor(real.length / 2)), kept: [], reason: 'it is not complete or not readable' },
    { name: 'garbage', text: 'ÿþ garbage \u0000 not json', kept: [], reason: 'it is not complete or not readable' },
    { name: 'null', text: 'null', kept: [], reason: 'it holds no game record' },
    { name: 'an array', text: '[1,2,3]', kept: [], reason: 'it holds no game record' },
    { name: 'wrong types', text: JSON.stringify({ game: { start: 42, moves: 'f5d6' } }), kept: [], reason: 'saved game: not a game record' },
    { name: 'a bad start position', text: JSON.stringify({ game: { start: 'no board', moves: [] } }), kept: [], reason: /not a transcript, OBF line or GGF record/ },
    { name: 'a move of the wrong type', text: game(['f5', 7, 'c3']), kept: ['f5'], reason: /./ },
    { name: 'an illegal move', text: game(['f5', 'd6', 'a1', 'c4']), kept: ['f5', 'd6'], reason: 'move: a1 is illegal for Black' },
  ];
  for (const { name, text, kept, reason } of cases) {
    await page.evaluate(([key, value]) => {
      localStorage.removeItem(`${key}-unreadable`);
      localStorage.setItem(key, value);
    }, [GAME_KEY, text]);
    await page.reload();
    await engineReady(page);
    assert.equal(await page.locator('#board .square').count(), 64, `${name}: the board is drawn`);
    assert.deepEqual((await recordState(page)).moves, kept, `${name}: the legal moves are kept`);
    const notice = await noticeShown(page);
    const said = kept.length > 0
      ? `The saved game could not be read past move ${kept.length} (`
      : 'The saved game could not be read (';
    assert.ok(notice?.startsWith(said), `${name}: ${notice}`);
    const why = notice.slice(said.length, notice.indexOf(kept.length > 0 ? '): its first' : '), so a new game starts'));
    if (typeof reason === 'string') assert.equal(why, reason, name);
    else assert.match(why, reason, name);
    assert.match(notice, /Its saved text is kept aside in this browser's storage \(under “othello-page-v1-unreadable”\)\.$/);
    assert.equal(await page.evaluate((key) => localStorage.getItem(`${key}-unreadable`), GAME_KEY), text, `${name}: set aside as it was`);
    assert.deepEqual((await storedValue(page, GAME_KEY)).game.moves, kept, `${name}: what is on the board is saved`);
    if (name === 'an illegal move') await page.screenshot({ path: await artifact('fault-saved-game-unreadable.png') });
  }

  // The page plays on; the notice can be closed.
  await page.click('[data-square="c3"]');
  assert.deepEqual((await recordState(page)).moves.slice(0, 3), ['f5', 'd6', 'c3']);
  await page.click('#notice-close');
  assert.equal(await noticeShown(page), null);
  // The engine (White by the default settings of the games planted above)
  // answers c3 and saves: wait for it, or its save could land after the next
  // planted game and replace it.
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 4);

  // A readable game whose clock is not: the game is kept without a clock, and the player is told.
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [GAME_KEY,
    game(['f5', 'd6'], { settings: { mode: 'human-human', level: ['x'], moveTime: '7' }, clock: { initialMs: 'soon' } })]);
  await page.reload();
  await engineReady(page);
  assert.deepEqual((await recordState(page)).moves, ['f5', 'd6']);
  assert.equal(await page.evaluate(() => window.othelloPage.clock), null);
  assert.equal(await noticeShown(page), 'The saved game\'s clock could not be read: the game goes on without a clock. '
    + 'Some saved data could not be read and was reset: the settings (the level, the time per move).');
  const settings = await page.evaluate(() => ({ ...window.othelloPage.settings }));
  assert.equal(settings.mode, 'human-human');
  assert.equal(settings.level, 'casual', 'a setting of the wrong type is the default');
  assert.equal(settings.moveTime, 5);

  // A list of previous games that cannot be read: the page loads, and the list is set aside before a new one replaces it.
  await page.evaluate((key) => localStorage.setItem(key, '[{"title": "cut sh'), PREVIOUS_KEY);
  await page.reload();
  await engineReady(page);
  assert.equal(await page.locator('#previous button[data-previous]').count(), 0);
  await newGameFromDialog(page);
  assert.equal(await page.locator('#previous button[data-previous]').count(), 1);
  assert.equal(await page.evaluate((key) => localStorage.getItem(`${key}-unreadable`), PREVIOUS_KEY), '[{"title": "cut sh');
  assert.deepEqual(problems, []);
});
