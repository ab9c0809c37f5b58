// The board page and its engine worker in Chromium: the page stays
// responsive during a 10-second search, "move now" answers within 300 ms,
// a killed or crashed worker is replaced and the game goes on, think-ahead,
// and the page works offline after the first visit and picks up a new build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { artifact, boardShown, engineReady, openPage, recordState, stopServer } from './page-support.mjs';

/** Waits until the engine is searching for a move and has reported at least `depth`. */
function searching(page, depth = 2) {
  return page.waitForFunction((minimum) => window.othelloPage.activity === 'move' &&
    Number(document.getElementById('think-depth').textContent) >= minimum, depth, { timeout: 30_000 });
}

test('during a 10-second search the page stays responsive, and "move now" answers within 300 ms', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#level', 'full');
  await page.selectOption('#move-time', '10');
  await page.selectOption('#mode', 'engine-human');
  await searching(page, 4);
  // Frames keep coming and clicks are handled while the worker searches.
  const responsiveness = await page.evaluate(async () => {
    let worst = 0;
    let last = performance.now();
    const end = last + 1500;
    while (performance.now() < end) {
      await new Promise((done) => requestAnimationFrame(done));
      const now = performance.now();
      worst = Math.max(worst, now - last);
      last = now;
    }
    const clickStart = performance.now();
    document.getElementById('show-legal').click();
    const toggled = !document.getElementById('board').classList.contains('show-legal');
    document.getElementById('show-legal').click();
    return { worstFrameMs: worst, clickMs: performance.now() - clickStart, toggled };
  });
  assert.equal(responsiveness.toggled, true);
  assert.ok(responsiveness.worstFrameMs < 250, `longest frame during the search: ${responsiveness.worstFrameMs} ms`);
  await page.screenshot({ path: await artifact('page-thinking.png') });
  await page.setViewportSize({ width: 700, height: 900 });
  await page.selectOption('#move-time', '10');
  assert.equal(await page.evaluate(() => window.othelloPage.activity), 'move', 'still searching after resizing and menus');

  const elapsed = await page.evaluate(async () => {
    const played = new Promise((done) => {
      document.addEventListener('othello:played', () => done(performance.now()), { once: true });
    });
    const start = performance.now();
    document.getElementById('move-now').click();
    return (await played) - start;
  });
  const state = await recordState(page);
  assert.equal(state.moves.length, 1);
  assert.ok(['d3', 'c4', 'f5', 'e6'].includes(state.moves[0]));
  assert.ok(elapsed < 300, `move now took ${elapsed} ms`);
  t.diagnostic(`move now: ${elapsed.toFixed(0)} ms; longest frame during a search: ${responsiveness.worstFrameMs.toFixed(0)} ms`);
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
  const session = await openPage({ initScript });
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#level', 'full');
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

test('think-ahead searches on the player\'s time and its search becomes the engine\'s move', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#level', 'full');
  await page.selectOption('#move-time', '2');
  await page.check('#think-ahead');
  // Black (the player) to move: the engine predicts the move and searches the position after it.
  await page.waitForFunction(() => window.othelloPage.activity === 'ahead' && window.othelloPage.ahead !== null &&
    Number(document.getElementById('think-depth').textContent) >= 3, null, { timeout: 30_000 });
  assert.match(await page.textContent('#engine-state'), /thinking ahead on your time \(expects [a-h][1-8]\)/);
  const predicted = await page.evaluate(() => window.othelloPage.ahead.predicted);
  await page.waitForTimeout(1500);
  await page.click(`[data-square="${predicted}"]`);
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 2, null, { timeout: 30_000 });
  const metrics = await page.evaluate(() => window.othelloPage.metrics);
  assert.equal(metrics.thinkAheadHits, 1);
  assert.ok(metrics.lastMove.elapsedMs > metrics.lastMove.answerMs + 1000,
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
  const dir = await mkdtemp(join(tmpdir(), 'othello-dist-'));
  await cp('dist', dir, { recursive: true });
  const session = await openPage({ dir });
  t.after(session.close);
  const { page, context, server, problems } = session;
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.selectOption('#level', 'novice');
  await page.click('[data-square="f5"]');
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 2, null, { timeout: 30_000 });
  const before = await recordState(page);

  // A new build: the next visit online shows it.
  const index = join(dir, 'index.html');
  await writeFile(index, (await readFile(index, 'utf8')).replace('<title>Othello</title>', '<title>Othello (new build)</title>'));
  await page.reload();
  await engineReady(page);
  assert.equal(await page.title(), 'Othello (new build)');

  // The network gone: the server stopped and the browser offline.
  await stopServer(server);
  await context.setOffline(true);
  await page.reload();
  await engineReady(page);
  assert.equal(await page.title(), 'Othello (new build)', 'the cache holds the new build');
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
    .filter((file) => !file.endsWith('.d.ts') && file !== 'sw.js');
  const missing = files.filter((file) => !listed.has(file));
  assert.deepEqual(missing, [], 'files of the page that would be missing offline');
  assert.ok(listed.has('./') && listed.has('pkg/worker.js') && listed.has('pkg/wasm/othello_bg.wasm'));
});
