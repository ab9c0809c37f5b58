// The board page and its engine worker in Chromium: the page stays
// responsive during a 30-second search and shows its thinking, "move now"
// ends the search long before its own deadline (also on a plain server, where
// a move played during hints aborts them), a killed or crashed worker is replaced and
// the game goes on, an engine that keeps failing pauses the game until asked
// again, a frozen or hidden page is not taken for a hung engine, think-ahead,
// and the page works offline after the first visit and picks up a new build.
// Times (the book reply, "move now", the longest frame during a search) are
// reported, not asserted: tests/browser/responsiveness.mjs measures them
// against targets, by hand (docs/benchmarks.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  artifact, boardShown, engineReady, illegalPlies, longestFrame, openPage, recordState, splitMoves, stopServer, wthorGames,
} from './page-support.mjs';
import { pageCopy } from './harness.mjs';

/** Waits until the engine is searching for a move and has reported at least `depth`. */
function searching(page, depth = 2) {
  return page.waitForFunction((minimum) => window.othelloPage.activity === 'move' &&
    parseInt(document.getElementById('think-depth').textContent, 10) >= minimum, depth, { timeout: 30_000 });
}

/** The thinking panel's fields as shown. */
function thinkingPanel(page) {
  return page.evaluate(() => Object.fromEntries(['depth', 'score', 'nps', 'time', 'pv', 'threads']
    .map((field) => [field, document.getElementById(`think-${field}`).textContent])));
}

/** "350 k" or "1.2 M" as nodes per second. */
function parseNps(text) {
  const [number, unit] = text.split(' ');
  return Number(number) * (unit === 'M' ? 1e6 : 1e3);
}

/** The page's time now (ms), to compare with times taken in the page. */
function pageNow(page) {
  return page.evaluate(() => performance.now());
}

/**
 * Clicks "move now" and resolves with the page's times of the click, of the
 * engine's stop (the client's `stop()`, null if it was not called) and of the
 * move played after it.
 */
function clickMoveNow(page) {
  return page.evaluate(async () => {
    const { client } = window.othelloPage.engine;
    let stoppedAt = null;
    client.stop = function stop(...args) {
      stoppedAt ??= performance.now();
      return Object.getPrototypeOf(client).stop.apply(this, args);
    };
    try {
      const played = new Promise((done) => {
        document.addEventListener('othello:played', () => done(performance.now()), { once: true });
      });
      const clickedAt = performance.now();
      document.getElementById('move-now').click();
      const playedAt = await played;
      return { clickedAt, stoppedAt, playedAt };
    } finally {
      delete client.stop;
    }
  });
}

/**
 * Asserts that "move now" (`times` from clickMoveNow) ended a search begun
 * after `searchBegan` with a `moveTimeMs` limit: the stop was asked for, and
 * the move came after it and before the search's own deadline, which nothing
 * but the stop could bring forward (a search of a time alone runs to it).
 */
function assertMovedNow(times, searchBegan, moveTimeMs) {
  assert.notEqual(times.stoppedAt, null, 'move now asked the engine to stop');
  assert.ok(times.stoppedAt >= times.clickedAt && times.playedAt >= times.stoppedAt, JSON.stringify(times));
  assert.ok(times.playedAt - searchBegan < moveTimeMs,
    `the move came ${(times.playedAt - searchBegan).toFixed(0)} ms after the search began: not before its ${moveTimeMs} ms`);
}

/**
 * Clicks the element `selector` in the page and resolves with the time from
 * the click to the `count`-th move played after it (ms).
 */
function clickUntilMoves(page, selector, count = 1) {
  return page.evaluate(async ({ selector, count }) => {
    let seen = 0;
    const played = new Promise((done) => {
      const listener = () => {
        seen += 1;
        if (seen < count) return;
        document.removeEventListener('othello:played', listener);
        done(performance.now());
      };
      document.addEventListener('othello:played', listener);
    });
    const began = performance.now();
    document.querySelector(selector).click();
    return (await played) - began;
  }, { selector, count });
}

test('in the opening the engine plays its book at once, and the thinking panel says so', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#level', 'full');
  await page.selectOption('#move-time', '10');
  // The player's f5, then the engine's reply: from the book (no node searched), not after 10 s.
  const replyMs = await clickUntilMoves(page, '[data-square="f5"]', 2);
  const lastMove = await page.evaluate(() => window.othelloPage.metrics.lastMove);
  assert.equal(lastMove.kind, 'book');
  assert.equal(lastMove.nodes, 0);
  assert.ok(replyMs < 10_000, `the book reply took ${replyMs.toFixed(0)} ms, as long as the search it replaces`);
  t.diagnostic(`book reply: ${replyMs.toFixed(0)} ms`);
  const panel = await thinkingPanel(page);
  assert.equal(panel.depth, 'book');
  assert.equal(panel.nps, '–', 'a book move has no search speed');
  assert.match(panel.score, /^(White|Black) \+\d+$|^Even$/);
  const state = await recordState(page);
  assert.equal(state.moves.length, 2);
  assert.ok(['d6', 'f6', 'f4'].includes(state.moves[1]), `a reply to f5: ${state.moves[1]}`);
  await page.screenshot({ path: await artifact('page-book-move.png') });
  // Without the book the engine searches its reply.
  await page.uncheck('#book');
  await page.click('[data-square="' + (await recordState(page)).legal[0] + '"]');
  await searching(page, 3);
  assert.match((await thinkingPanel(page)).depth, /^\d+(@\d+%)?$/);
  assert.deepEqual(problems, []);
});

test('during a 30-second search the page stays responsive, and "move now" ends it long before its deadline', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#level', 'full');
  await page.uncheck('#book'); // the engine searches from the first move
  await page.selectOption('#move-time', '30');
  const searchBegan = await pageNow(page);
  await page.selectOption('#mode', 'engine-human');
  await searching(page, 4);
  // Frames keep coming and clicks are handled while the worker searches (the
  // longest frame is reported; responsiveness.mjs measures it against its target).
  const worstFrameMs = await longestFrame(page);
  const responsiveness = await page.evaluate(() => {
    const clickStart = performance.now();
    document.getElementById('show-legal').click();
    const toggled = !document.getElementById('board').classList.contains('show-legal');
    document.getElementById('show-legal').click();
    return { clickMs: performance.now() - clickStart, toggled };
  });
  assert.equal(responsiveness.toggled, true);
  // The thinking panel: depth, score for the side searching, the line, nodes/s and time.
  const panel = await thinkingPanel(page);
  assert.match(panel.depth, /^\d+(@\d+%)?$/);
  assert.match(panel.score, /^((Black|White) \+\d+|Even|(Black|White) wins|Draw)$/);
  assert.match(panel.pv, /^[a-h][1-8]( ([a-h][1-8]|pa))*$/);
  assert.ok(['d3', 'c4', 'f5', 'e6'].includes(panel.pv.split(' ')[0]), `the line starts with a legal move: ${panel.pv}`);
  assert.match(panel.nps, /^(\d+ k|\d+\.\d M)$/);
  assert.ok(parseNps(panel.nps) > 0, `nodes/s: ${panel.nps}`);
  assert.match(panel.time, /^\d+\.\d s$/);
  // The page is cross-origin isolated (www/serve.mjs): the engine searches on the machine's cores (at most 8).
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  assert.equal(panel.threads, String(Math.min(8, cores)), 'the thinking panel shows the threads in use');
  assert.deepEqual(await page.evaluate(() => window.othelloPage.metrics.threads),
    { threads: Math.min(8, cores), build: cores > 1 ? 'threaded' : 'single', note: null });
  await page.screenshot({ path: await artifact('page-thinking.png') });
  await page.setViewportSize({ width: 700, height: 900 });
  await page.selectOption('#move-time', '30');
  assert.equal(await page.evaluate(() => window.othelloPage.activity), 'move', 'still searching after resizing and menus');

  const times = await clickMoveNow(page);
  const state = await recordState(page);
  assert.equal(state.moves.length, 1);
  assert.ok(['d3', 'c4', 'f5', 'e6'].includes(state.moves[0]));
  assertMovedNow(times, searchBegan, 30_000);
  const elapsed = times.playedAt - times.clickedAt;
  t.diagnostic(`move now: ${elapsed.toFixed(0)} ms; longest frame during a search: ${worstFrameMs.toFixed(0)} ms`);
  assert.deepEqual(problems, []);
});

test('killing the worker mid-search, or a panic in it, loses nothing of the game', async (t) => {
  // Keeps every Worker the page starts, so the test can kill the engine's.
  const initScript = () => {
    const Original = window.Worker;
    window.testWorkers = [];
    window.Worker = class extends Original {
      constructor(...args) {
        super(...args);
        window.testWorkers.push(this);
      }
    };
  };
  // The page as served, with the package's test build of the engine (which
  // has a deliberate panic) in place of the shipped one.
  const dir = await pageCopy(t, 'othello-test-hooks-');
  await cp('pkg/wasm-test/othello_bg.wasm', join(dir, 'pkg/wasm/othello_bg.wasm'));
  await cp('pkg/wasm-threads-test/othello_bg.wasm', join(dir, 'pkg/wasm-threads/othello_bg.wasm'));
  const session = await openPage({ dir, initScript });
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#level', 'full');
  await page.uncheck('#book'); // the engine searches from the first move
  await page.selectOption('#move-time', '10');
  await page.selectOption('#mode', 'human-human');
  await page.fill('#record-text', 'f5d6c3d3c4f4');
  await page.click('#load');
  const before = await recordState(page);
  const board = await boardShown(page);
  await page.selectOption('#mode', 'human-engine');
  await page.selectOption('#mode', 'engine-human');
  await searching(page, 3);
  const workers = await page.evaluate(() => window.testWorkers.length);
  await page.evaluate(() => window.testWorkers.at(-1).terminate());
  // The page notices the silence, starts a new worker and searches again.
  await page.waitForFunction(() => /stopped answering/.test(document.getElementById('announce').textContent), null, { timeout: 15_000 });
  assert.deepEqual(await recordState(page), before, 'the game is unchanged');
  assert.equal(await boardShown(page), board);
  await searching(page, 1);
  assert.ok(await page.evaluate(() => window.testWorkers.length) > workers, 'a new worker was started');
  await page.click('#move-now');
  await page.waitForFunction((count) => window.othelloPage.record.moves.length === count + 1, before.moves.length);
  const after = await recordState(page);
  assert.deepEqual(after.moves.slice(0, before.moves.length), before.moves);
  assert.ok(before.legal.includes(after.moves.at(-1)));

  // A panic inside the wasm: the crash is reported, the next request gets a new worker.
  await page.selectOption('#level', 'novice');
  await page.evaluate(() => window.othelloPage.engine.client.__crashForTests().catch(() => {}));
  await page.waitForFunction(() => /crashed/.test(document.getElementById('announce').textContent), null, { timeout: 15_000 });
  const legal = (await recordState(page)).legal;
  await page.click(`[data-square="${legal[0]}"]`);
  await page.waitForFunction((count) => window.othelloPage.record.moves.length >= count + 2 &&
    window.othelloPage.record.state.toMove === 'white', after.moves.length, { timeout: 30_000 });
  const final = await recordState(page);
  assert.deepEqual(final.moves.slice(0, after.moves.length), after.moves);
  await page.screenshot({ path: await artifact('page-recovered.png') });
  // The panic message is the worker's own console error; nothing else.
  assert.deepEqual(problems.filter((problem) => !/panicked|crashForTests|unreachable/i.test(problem)), []);
});

test('on a plain static server: move now ends the search, and a move played during hints aborts them', async (t) => {
  // Records the method of every call the page posts to its engine workers.
  const initScript = () => {
    const post = Worker.prototype.postMessage;
    window.postedCalls = [];
    Worker.prototype.postMessage = function postMessage(message, ...rest) {
      if (message?.type === 'call') window.postedCalls.push(message.method);
      return post.call(this, message, ...rest);
    };
  };
  const session = await openPage({ plain: true, initScript });
  t.after(session.close);
  const { page, problems } = session;
  assert.equal(await page.evaluate(() => window.othelloPage.engine.client.stopMode), 'terminate');
  // No shared memory without isolation: one thread, and the panel's field says why.
  await page.waitForFunction(() => document.getElementById('think-threads').textContent !== '–');
  assert.equal(await page.textContent('#think-threads'), '1');
  assert.equal(await page.getAttribute('#think-threads', 'title'), 'one thread: the page is not cross-origin isolated');
  await page.selectOption('#level', 'full');
  await page.uncheck('#book'); // the engine searches from the first move
  await page.selectOption('#move-time', '30');
  const searchBegan = await pageNow(page);
  await page.selectOption('#mode', 'engine-human');
  await searching(page, 3);
  const times = await clickMoveNow(page);
  assertMovedNow(times, searchBegan, 30_000);
  const moveNow = times.playedAt - times.clickedAt;
  assert.equal((await recordState(page)).moves.length, 1);

  // A midgame (Black, the player, to move) with hints on: the move comes while the hint analysis runs.
  await page.selectOption('#mode', 'human-human');
  await page.fill('#record-text', splitMoves(wthorGames(1)[0].moves).slice(0, 20).join(''));
  await page.click('#load');
  await page.selectOption('#level', 'novice');
  await page.selectOption('#mode', 'human-engine');
  await page.check('#hints');
  const { legal } = await recordState(page);
  const { reply, hintDepth, calls } = await page.evaluate(async (square) => {
    // Waits in the page (no round trip) until the hints have searched a while, then plays.
    const shown = () => parseInt(document.getElementById('think-depth').textContent, 10);
    const began = performance.now();
    while (!(window.othelloPage.activity === 'hints' && shown() >= 4 && performance.now() - began > 400)) {
      await new Promise((done) => requestAnimationFrame(done));
    }
    const depth = shown();
    let seen = 0;
    const replied = new Promise((done) => {
      document.addEventListener('othello:played', function listener() {
        seen += 1;
        if (seen < 2) return;
        document.removeEventListener('othello:played', listener);
        done(performance.now());
      });
    });
    // Each abort() of the client, named by the job it ends, goes into the same list as the calls.
    const { engine } = window.othelloPage;
    engine.client.abort = function abort(...args) {
      window.postedCalls.push(`abort ${engine.job?.kind ?? 'none'}`);
      return Object.getPrototypeOf(engine.client).abort.apply(this, args);
    };
    const from = window.postedCalls.length;
    const clicked = performance.now();
    document.querySelector(`[data-square="${square}"]`).click();
    const reply = (await replied) - clicked;
    delete engine.client.abort;
    return { reply, hintDepth: depth, calls: window.postedCalls.slice(from) };
  }, legal[0]);
  const searches = calls.filter((method) => method === 'search' || method === 'analyze');
  assert.equal(searches[0], 'search', `after the move the engine searched its reply, not the hints again: ${calls.join(', ')}`);
  // The hints' analysis was aborted before the reply was asked for: the reply did not wait for it to end.
  const aborted = calls.indexOf('abort analyze');
  assert.ok(aborted >= 0 && aborted < calls.indexOf('search'), `the hints were aborted for the reply: ${calls.join(', ')}`);
  assert.deepEqual(await illegalPlies(page), []);
  t.diagnostic(`plain server: move now ${moveNow.toFixed(0)} ms; reply ${reply.toFixed(0)} ms after a move made during hints at depth ${hintDepth}`);
  assert.deepEqual(problems, []);
});

test('when the engine keeps failing the page says so and pauses; "Engine, play" goes on and clears the message', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#level', 'novice');
  // Every search fails as a crashed worker would, through the first try and both restarts.
  await page.evaluate(() => {
    const { client } = window.othelloPage.engine;
    window.failedSearches = 0;
    client.search = () => {
      window.failedSearches += 1;
      return Promise.reject(new Error('search: the engine crashed: a failure made by the test'));
    };
  });
  await page.click('[data-square="f5"]');
  await page.waitForSelector('#go', { state: 'visible', timeout: 30_000 });
  assert.equal(await page.evaluate(() => window.failedSearches), 3, 'the first try and two restarts');
  assert.match(await page.textContent('#engine-state'), /^Engine error: search: the engine crashed: a failure made by the test/);
  assert.match(await page.textContent('#announce'), /press “Engine, play” to try again/);
  assert.match(await page.textContent('#status'), /White \(engine\) to move — paused/);
  // Other renders (a setting changed) keep the message.
  await page.uncheck('#show-legal');
  assert.match(await page.textContent('#engine-state'), /^Engine error/);

  await page.evaluate(() => { delete window.othelloPage.engine.client.search; });
  await page.click('#go');
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 2, null, { timeout: 30_000 });
  assert.match(await page.textContent('#engine-state'), /^Engine ready/);
  assert.equal(await page.isVisible('#go'), false);
  assert.deepEqual(problems, []);
});

test('a page frozen for a while, or hidden and shown again, does not take the engine for hung', async (t) => {
  // Lets the test hold back the workers' progress reports, as a frozen tab holds back its worker.
  const initScript = () => {
    const add = Worker.prototype.addEventListener;
    Worker.prototype.addEventListener = function addEventListener(type, listener, options) {
      if (type !== 'message') return add.call(this, type, listener, options);
      const filtered = (event) => {
        if (!(window.holdProgress && event.data?.type === 'progress')) listener(event);
      };
      return add.call(this, type, filtered, options);
    };
  };
  const session = await openPage({ initScript });
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#level', 'full');
  await page.uncheck('#book'); // the engine searches from the first move
  await page.selectOption('#move-time', '30');
  await page.selectOption('#mode', 'engine-human');
  await searching(page, 3);
  const restarts = await page.evaluate(() => window.othelloPage.engine.restarts);
  // The page's own thread stops for 5 s and hears nothing from the engine (a frozen
  // tab): the watchdog's next tick comes late and does not count that time.
  await page.evaluate(async () => {
    window.holdProgress = true;
    const end = performance.now() + 5_000;
    while (performance.now() < end) { /* frozen */ }
    await new Promise((done) => setTimeout(done, 800));
    window.holdProgress = false;
  });
  await page.waitForTimeout(1_000);
  assert.doesNotMatch(await page.textContent('#announce'), /stopped answering/);
  assert.equal(await page.evaluate(() => window.othelloPage.engine.restarts), restarts);
  assert.equal(await page.evaluate(() => window.othelloPage.activity), 'move');
  // Shown again after a long time hidden: the silence is counted from now.
  const forgiven = await page.evaluate(() => {
    const { job } = window.othelloPage.engine;
    job.lastSign -= 60_000;
    const shownAt = performance.now();
    document.dispatchEvent(new Event('visibilitychange'));
    return { lastSign: job.lastSign, shownAt };
  });
  assert.ok(forgiven.lastSign >= forgiven.shownAt, `the silence is counted from when the tab was shown: ${JSON.stringify(forgiven)}`);
  await page.click('#move-now');
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 1, null, { timeout: 30_000 });
  assert.deepEqual(problems, []);
});

test('think-ahead searches on the player\'s time and its search becomes the engine\'s move', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#level', 'full');
  await page.uncheck('#book'); // the engine searches from the first move
  await page.selectOption('#move-time', '2');
  await page.check('#think-ahead');
  // Black (the player) to move: the engine predicts the move and searches the position after it.
  await page.waitForFunction(() => window.othelloPage.activity === 'ahead' && window.othelloPage.ahead !== null &&
    parseInt(document.getElementById('think-depth').textContent, 10) >= 3, null, { timeout: 30_000 });
  assert.match(await page.textContent('#engine-state'), /thinking ahead on your time/);
  assert.doesNotMatch(await page.textContent('#engine-state'), /expects/, 'with hints off the expected move is not shown');
  const predicted = await page.evaluate(() => window.othelloPage.ahead.predicted);
  await page.waitForTimeout(1500);
  await page.click(`[data-square="${predicted}"]`);
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 2, null, { timeout: 30_000 });
  const metrics = await page.evaluate(() => window.othelloPage.metrics);
  assert.equal(metrics.thinkAheadHits, 1);
  // A search begun after the player's move would fit within the wait for its answer.
  assert.ok(metrics.lastMove.elapsedMs > metrics.lastMove.answerMs,
    `the move's search (${metrics.lastMove.elapsedMs} ms) began on the player's time (answer after ${metrics.lastMove.answerMs} ms)`);
  t.diagnostic(`think-ahead: the engine answered ${metrics.lastMove.answerMs} ms after the expected move, from a ${Math.round(metrics.lastMove.elapsedMs)} ms search at depth ${metrics.lastMove.depth}`);

  // An unexpected move: the engine searches afresh and still answers.
  await page.selectOption('#level', 'novice');
  await page.waitForFunction(() => window.othelloPage.activity === 'ahead' && window.othelloPage.ahead !== null, null, { timeout: 30_000 });
  const state = await recordState(page);
  const expectedMove = await page.evaluate(() => window.othelloPage.ahead.predicted);
  const move = state.legal.find((candidate) => candidate !== expectedMove) ?? expectedMove;
  await page.click(`[data-square="${move}"]`);
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 4, null, { timeout: 30_000 });
  assert.equal((await page.evaluate(() => window.othelloPage.metrics)).thinkAheadHits, 1, 'a fixed level searches afresh');
  assert.deepEqual(problems, []);
});

test('after the first visit the page works with the network cut, and a new build replaces the cached one', async (t) => {
  const dir = await pageCopy(t, 'othello-dist-');
  const session = await openPage({ dir });
  t.after(session.close);
  const { page, context, server, problems } = session;
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.selectOption('#level', 'novice');
  await page.click('[data-square="f5"]');
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 2, null, { timeout: 30_000 });
  const before = await recordState(page);

  // A new build (marked in its head: the title is the page's, in its language): the next visit online shows it.
  const index = join(dir, 'index.html');
  const build = () => page.getAttribute('meta[name="build"]', 'content');
  await writeFile(index, (await readFile(index, 'utf8')).replace('<head>', '<head>\n<meta name="build" content="new">'));
  await page.reload();
  await engineReady(page);
  assert.equal(await build(), 'new');

  // The network gone: the server stopped and the browser offline.
  await stopServer(server);
  await context.setOffline(true);
  await page.reload();
  await engineReady(page);
  assert.equal(await build(), 'new', 'the cache holds the new build');
  assert.match(await page.textContent('#engine-state'), /offline/);
  assert.deepEqual((await recordState(page)).moves, before.moves, 'the game kept in local storage');
  const legal = (await recordState(page)).legal;
  await page.click(`[data-square="${legal[0]}"]`);
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 4, null, { timeout: 30_000 });
  await page.screenshot({ path: await artifact('page-offline.png') });
  assert.deepEqual(problems, []);
});

test('the service worker caches every file the page needs', async () => {
  const worker = await readFile('dist/sw.js', 'utf8');
  const listed = new Set(JSON.parse(worker.match(/const FILES = (\[[^\]]*\])/)[1].replaceAll("'", '"').replace(/,\s*\]/, ']')));
  const files = (await readdir('dist', { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name).slice('dist/'.length))
    // The package's API reference (dist/api/) is served with the page but is not the page. The opening
    // explorer's index and games are fetched when the explorer first opens (1.8 MB the first visit need not
    // pay) and cached then, as the service worker caches every answer of the page's origin; so are the endgame
    // trainer's positions when it first opens.
    .filter((file) => !file.endsWith('.d.ts') && file !== 'sw.js' && !file.startsWith('api/'))
    .filter((file) => file !== 'pkg/explorer.bin' && !file.startsWith('games/') && !file.startsWith('trainer/'));
  const missing = files.filter((file) => !listed.has(file));
  assert.deepEqual(missing, [], 'files of the page that would be missing offline');
  assert.ok(listed.has('./') && listed.has('pkg/worker.js') && listed.has('pkg/wasm/othello_bg.wasm'));
});
