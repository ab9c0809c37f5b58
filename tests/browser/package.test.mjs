// The package in Chromium: the direct API in the page, and the worker client
// in a cross-origin isolated page (stop through a shared flag) and in a plain
// one (stop by replacing the worker), with its error paths: bad position,
// illegal move, invalid limits, stop during a search, timeout, crash
// recovery, a worker that never answers or is killed from outside. Also the
// page's copy in dist/pkg, the example page, and the time to the first
// answer (worker start + wasm load + first legalMoves).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { launchChromium, artifact } from './harness.mjs';
import * as direct from '../../pkg/index.js';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };
const BLANK = '<!doctype html><meta charset="utf-8"><title>package test</title><p>package test</p>';

/**
 * Serves the files under `dir` (and an empty page at /blank.html), with the
 * headers of cross-origin isolation or without them.
 */
function serveFiles(dir, { isolated, cors = false }) {
  const root = resolve(dir);
  const server = createServer(async (request, response) => {
    const headers = isolated
      ? { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' }
      : {};
    // As a CDN serves files: readable by pages of any origin.
    if (cors) Object.assign(headers, { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' });
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    if (path === '/blank.html') {
      response.writeHead(200, { ...headers, 'Content-Type': 'text/html' });
      response.end(BLANK);
      return;
    }
    const file = normalize(join(root, path));
    const info = file.startsWith(root + sep) ? await stat(file).catch(() => null) : null;
    if (!info?.isFile()) {
      response.writeHead(404, headers);
      response.end('not found');
      return;
    }
    response.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(await readFile(file));
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done({
    url: `http://127.0.0.1:${server.address().port}/`,
    // A connection the browser keeps open (keep-alive, a request it gave
    // up on) must not hold the test: closed with the server.
    close: () => new Promise((closed) => {
      server.close(closed);
      server.closeAllConnections();
    }),
  })));
}

let browser;
let isolated;
let plain;
let dist;

before(async () => {
  await direct.init();
  browser = await launchChromium();
  isolated = await serveFiles('.', { isolated: true });
  plain = await serveFiles('.', { isolated: false });
  dist = await serveFiles('dist', { isolated: true });
});

after(async () => {
  await browser?.close();
  await Promise.all([isolated, plain, dist].map((server) => server?.close()));
});

/** A new tab on the empty page of `server`; page errors fail the test. */
async function openPage(t, server) {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  t.after(async () => {
    await page.close();
    assert.deepEqual(errors, [], 'errors in the page');
  });
  await page.goto(`${server.url}blank.html`);
  return page;
}

/** Code run in the page before each test body: the modules and a helper for rejections. */
const PRELUDE = `
  const direct = await import('/pkg/index.js');
  const { EngineClient } = await import('/pkg/client.js');
  await direct.init();
  const failure = async (promise) => {
    try { await promise; return null; }
    catch (error) { return { isError: error instanceof Error, name: error.name, message: error.message }; }
  };
  const progressAt = (client, depth) => new Promise((resolve) => {
    const listener = (event) => {
      if (event.detail.depth >= depth) { client.removeEventListener('progress', listener); resolve(event.detail); }
    };
    client.addEventListener('progress', listener);
  });
`;

/** Runs `body` (the text of an async function body, after PRELUDE) in the page. */
function inPage(page, body) {
  return page.evaluate(`(async () => { ${PRELUDE} ${body} })()`);
}

test('a worker started again (stop() on a page without shared memory) reuses the compiled module: no second download', async (t) => {
  const page = await openPage(t, plain);
  const fetched = [];
  page.context().on('request', (request) => {
    if (request.url().endsWith('/othello_bg.wasm')) fetched.push(request.url());
  });
  const result = await inPage(page, `
    const client = new EngineClient({ localRules: false });
    const first = await client.search('f5d6', { book: false, depth: 3 });
    const searching = client.search('', { book: false, depth: 60 });
    await progressAt(client, 2);
    await client.stop();
    const stopped = await searching;
    const after = await client.search('f5d6c3', { book: false, depth: 3 });
    client.terminate();
    return { mode: client.stopMode, first: first.depth, stopped: stopped.best !== null, after: after.depth };
  `);
  assert.deepEqual(result, { mode: 'terminate', first: 3, stopped: true, after: 3 });
  // One download for the page's own direct API (the prelude's init) and one for the first worker.
  assert.equal(fetched.length, 2, fetched.join('\n'));
});

test('the package loaded from another origin (a CDN) starts its workers and threads', async (t) => {
  // One server, two origins: the page on 127.0.0.1, the package on localhost, with a CDN's CORS headers.
  const server = await serveFiles('.', { isolated: true, cors: true });
  t.after(() => server.close());
  const cdn = server.url.replace('127.0.0.1', 'localhost');
  const page = await openPage(t, server);
  const result = await page.evaluate(async (base) => {
    const { EngineClient } = await import(`${base}pkg/client.js`);
    const threaded = new EngineClient({ threads: 2 });
    const single = new EngineClient({ threads: 1 });
    const found = [await threaded.search('f5d6c3', { book: false, depth: 6 }), await single.search('f5d6c3', { book: false, depth: 6 })];
    const moves = await threaded.legalMoves('f5d6');
    const info = [threaded.threads, single.threads];
    threaded.terminate();
    single.terminate();
    return { origin: location.origin, isolated: crossOriginIsolated, depths: found.map((r) => r.depth), moves, info };
  }, cdn);
  assert.notEqual(new URL(cdn).origin, result.origin, 'the package is on another origin than the page');
  assert.equal(result.isolated, true);
  assert.deepEqual(result.depths, [6, 6]);
  assert.deepEqual(result.moves, direct.legalMoves('f5d6'));
  assert.deepEqual(result.info, [{ threads: 2, build: 'threaded', note: null }, { threads: 1, build: 'single', note: null }]);
});

test('the worker scripts imported in the page itself say what to import instead', async (t) => {
  const page = await openPage(t, isolated);
  const messages = await page.evaluate(async () => Promise.all(['/pkg/worker.js', '/pkg/pool-worker.js'].map(
    (url) => import(url).then(() => 'imported', (error) => error.message))));
  for (const message of messages) {
    assert.match(message, /^othello-wasm-engine\/(worker|pool-worker) is .*import EngineClient from othello-wasm-engine\/client/);
  }
});

test('the direct API runs in the page', async (t) => {
  const page = await openPage(t, isolated);
  const result = await inPage(page, `
    const report = direct.search('f5d6c3', { book: false, depth: 6 });
    // The start position's replies come from the embedded book.
    const book = ['', 'f5', 'd3', 'c4', 'e6'].map((position) => direct.search(position, { timeMs: 1000 }));
    let error = null;
    try { direct.play('f5d6', 'a1'); } catch (e) { error = e.message; }
    return { moves: direct.legalMoves('f5d6'), report, book, error,
             ggf: direct.formatGame('f5d6', 'transcript'), legal: direct.legalMoves('f5d6c3') };
  `);
  assert.deepEqual(result.moves, direct.legalMoves('f5d6'));
  assert.equal(result.error, 'move: a1 is illegal for Black');
  assert.equal(result.ggf, 'f5d6');
  assert.equal(result.report.depth, 6);
  for (const report of result.book) {
    assert.equal(report.kind, 'book');
    assert.equal(report.nodes, 0);
  }
  assert.ok(result.legal.includes(result.report.best));
});

test('the answers of a worker client match the direct API', async (t) => {
  const page = await openPage(t, isolated);
  const result = await inPage(page, `
    const client = new EngineClient();
    const game = 'f5d6c3d3c4f4f6';
    const same = {
      legalMoves: JSON.stringify(await client.legalMoves(game)) === JSON.stringify(direct.legalMoves(game)),
      status: JSON.stringify(await client.status(game)) === JSON.stringify(direct.status(game)),
      parseGame: JSON.stringify(await client.parseGame(game)) === JSON.stringify(direct.parseGame(game)),
      perft: (await client.perft(6)) === direct.perft(6),
      evaluate: (await client.evaluate(game)) === direct.evaluate(game),
      analyze: JSON.stringify(await client.analyze(game, { book: false, depth: 4 })) === JSON.stringify(direct.analyze(game, { book: false, depth: 4 })),
    };
    client.terminate();
    return { isolated: crossOriginIsolated, mode: client.stopMode, same };
  `);
  assert.equal(result.isolated, true);
  assert.equal(result.mode, 'flag');
  assert.deepEqual(result.same, { legalMoves: true, status: true, parseGame: true, perft: true, evaluate: true, analyze: true });
});

test('time to the first answer in a new page (worker start, wasm load, first legalMoves)', async (t) => {
  const runs = [];
  for (let run = 0; run < 5; run += 1) {
    // A new origin each time: nothing of it is in the browser's cache.
    const server = await serveFiles('.', { isolated: true });
    const page = await browser.newPage();
    try {
      await page.goto(`${server.url}blank.html`);
      runs.push(await page.evaluate(async () => {
        const start = performance.now();
        const { EngineClient } = await import('/pkg/client.js');
        const created = performance.now();
        // The worker's first answer (the rules alone would answer in this thread).
        const client = new EngineClient({ localRules: false });
        const moves = await client.legalMoves('');
        const answered = performance.now();
        client.terminate();
        return { moves, fromImportMs: answered - start, fromClientMs: answered - created };
      }));
    } finally {
      await page.close();
      await server.close();
    }
  }
  for (const run of runs) assert.deepEqual(run.moves, direct.legalMoves(''));
  const median = (key) => {
    const values = runs.map((run) => run[key]).sort((a, b) => a - b);
    return Math.round(values[2] * 10) / 10;
  };
  const timing = {
    runs: runs.length,
    medianFromClientMs: median('fromClientMs'),
    medianFromImportMs: median('fromImportMs'),
    fromClientMs: runs.map((run) => Math.round(run.fromClientMs * 10) / 10),
  };
  t.diagnostic(`time to the first answer (median of ${runs.length} cold loads from localhost): ${timing.medianFromClientMs} ms from new EngineClient(), ${timing.medianFromImportMs} ms including the import of client.js`);
  await writeFile(await artifact('package-first-answer.json'), `${JSON.stringify(timing)}\n`);
});

test('errors reject with Error objects that say what was wrong', async (t) => {
  const page = await openPage(t, isolated);
  const result = await inPage(page, `
    const client = new EngineClient();
    const failures = {
      position: await failure(client.legalMoves('f5d6h9')),
      illegal: await failure(client.play('f5d6', 'a1')),
      limits: await failure(client.search('', { book: false, depth: 61 })),
      option: await failure(client.analyze('', { book: false, depth: 2 }, { timeoutMs: 0 })),
      clone: await failure(client.search('', { book: false, depth: () => 3 })),
    };
    const after = await client.legalMoves('f5');
    client.terminate();
    return { failures, after };
  `);
  const { failures } = result;
  assert.ok(Object.values(failures).every((f) => f?.isError), JSON.stringify(failures));
  assert.equal(failures.position.message, "transcript: move 3 'h9' (character 5) is not a square");
  assert.equal(failures.illegal.message, 'move: a1 is illegal for Black');
  assert.equal(failures.limits.message, 'limits: depth must be a whole number from 1 to 60, got 61');
  assert.equal(failures.option.name, 'RangeError');
  assert.match(failures.option.message, /^analyze: timeoutMs must be a positive number of milliseconds, got 0$/);
  assert.match(failures.clone.message, /^search: the arguments cannot be sent to the worker/);
  assert.deepEqual(result.after, direct.legalMoves('f5'));
});

for (const [name, server, mode] of [['a cross-origin isolated page', () => isolated, 'flag'], ['a plain page', () => plain, 'terminate']]) {
  test(`stop() during a search and an analysis, and abort(), in ${name}`, async (t) => {
    const page = await openPage(t, server());
    const result = await inPage(page, `
      const client = new EngineClient();
      const progress = [];
      const search = client.search('', { book: false, depth: 60 }, { onProgress: (report) => progress.push(report) });
      const reached = await progressAt(client, 5);
      await client.stop();
      const found = await search;
      const analysis = client.analyze('f5d6', { book: false, depth: 60 });
      const analysed = await progressAt(client, 3);
      client.stop();
      const moves = await analysis;
      const next = await client.legalMoves('f5d6');
      // A depth-60 analysis has no end of its own: only abort() lets the next request be answered.
      const dropped = client.analyze('f5d6c3', { book: false, depth: 60 });
      await progressAt(client, 3);
      const abortedAt = performance.now();
      const settled = Promise.race([client.abort().then(() => failure(dropped)),
        new Promise((done) => setTimeout(() => done('not aborted after 20 s'), 20_000))]);
      const aborted = await settled;
      const afterAbort = typeof aborted === 'string' ? null : await client.legalMoves('f5d6c3');
      const abortMs = performance.now() - abortedAt;
      client.terminate();
      return { isolated: crossOriginIsolated, mode: client.stopMode, reached, found, last: progress.at(-1),
               analysed, moves, next, aborted, afterAbort, abortMs };
    `);
    assert.equal(result.mode, mode);
    assert.equal(result.isolated, mode === 'flag');
    assert.ok(direct.legalMoves('').includes(result.found.best), result.found.best);
    assert.ok(result.found.depth >= result.reached.depth && result.found.depth < 60);
    if (mode === 'terminate') assert.deepEqual(result.found, result.last);
    assert.deepEqual(result.moves.map((m) => m.move).sort(), [...result.next].sort());
    assert.ok(result.moves.every((m) => m.depth === result.moves[0].depth && m.depth >= result.analysed.depth));
    assert.deepEqual(result.aborted, { isError: true, name: 'AbortError', message: 'analyze: aborted' });
    assert.deepEqual(result.afterAbort, direct.legalMoves('f5d6c3'));
    t.diagnostic(`abort() and the next answer: ${result.abortMs.toFixed(0)} ms`);
  });
}

test('the 96-square board through EngineClient in the browser: rules, a search with progress, an analysis, stop', async (t) => {
  const page = await openPage(t, isolated);
  const B = { board: 96 };
  const result = await inPage(page, `
    const B = { board: 96 };
    const client = new EngineClient();
    const progress = [];
    const report = await client.search('e4f4g5', { board: 96, depth: 5, algorithm: 'negascout' }, { onProgress: (r) => progress.push(r.depth) });
    const analysis = await client.analyze('e4f4g5', { board: 96, depth: 3, evaluation: 'greedy' });
    const moves = await client.legalMoves('e4f4g5', B);
    const status = await client.status('e4f4g5', B);
    const played = await client.play('e4f4g5', moves[0], B);
    const clocked = await client.search('e4', { board: 96, book: false, clock: { remainingMs: 10000 } });
    const deep = client.search('e4', { board: 96, book: false, depth: 30 });
    const reached = await progressAt(client, 5);
    await client.stop();
    const stopped = await deep;
    const eightBoard = await client.legalMoves('f5');
    const illegal = await failure(client.play('', 'a1', B));
    client.terminate();
    return { report, progress, analysis, moves, status, played, clocked, reached, stopped, eightBoard, illegal };
  `);
  const { elapsedMs, nps, ...found } = result.report;
  const { elapsedMs: e2, nps: n2, ...expected } = direct.search('e4f4g5', { board: 96, depth: 5, algorithm: 'negascout' });
  assert.deepEqual(found, expected, 'the same value, move, pv and nodes as under Node');
  assert.deepEqual(result.progress, [1, 2, 3, 4, 5]);
  assert.deepEqual(result.analysis, direct.analyze('e4f4g5', { board: 96, depth: 3, evaluation: 'greedy' }));
  assert.deepEqual(result.moves, direct.legalMoves('e4f4g5', B));
  assert.deepEqual(result.status, direct.status('e4f4g5', B));
  assert.equal(result.played, direct.play('e4f4g5', result.moves[0], B));
  assert.equal(result.clocked.depth, 8);
  assert.equal(result.clocked.clockMemory.history.length, 1);
  assert.ok(result.stopped.depth >= result.reached.depth && result.stopped.depth < 30, JSON.stringify(result.stopped));
  assert.ok(direct.legalMoves('e4', B).includes(result.stopped.best));
  assert.deepEqual(result.eightBoard, direct.legalMoves('f5'));
  assert.deepEqual(result.illegal, { isError: true, name: 'Error', message: 'move: a1 is illegal for Red' });
});

test('a timeout rejects and a crash is recovered from, in the browser', async (t) => {
  const page = await openPage(t, isolated);
  const result = await inPage(page, `
    const shipped = new EngineClient();
    const noHook = await failure(shipped.__crashForTests());
    shipped.terminate();
    // The package's test build of the engine, which has a deliberate panic.
    const client = new EngineClient({ wasm: '/pkg/wasm-test/othello_bg.wasm', localRules: false });
    const timedOut = await failure(client.search('', { book: false, depth: 60 }, { timeoutMs: 300 }));
    const afterTimeout = await client.legalMoves('f5');
    const crashes = [];
    client.addEventListener('crash', (event) => crashes.push(event.detail.message));
    const crashing = failure(client.__crashForTests());
    const queued = failure(client.status('f5'));
    const crashed = [await crashing, await queued];
    const afterCrash = await client.search('f5d6', { book: false, depth: 5 });
    client.terminate();
    return { noHook, timedOut, afterTimeout, crashes, crashed, afterCrash };
  `);
  assert.match(result.noHook.message, /^__crashForTests: this build of the engine has no test hooks/);
  assert.equal(result.timedOut.name, 'TimeoutError');
  assert.equal(result.timedOut.message, 'search: no answer within 300 ms (the worker was restarted)');
  assert.deepEqual(result.afterTimeout, direct.legalMoves('f5'));
  assert.equal(result.crashes.length, 1);
  assert.match(result.crashes[0], /^the engine panicked: panicked at crates\/wasm\/src\/test_hooks\.rs:\d+:\d+: crashForTests: a deliberate panic$/);
  assert.match(result.crashed[0].message, /^crashForTests: the engine crashed: the engine panicked/);
  assert.match(result.crashed[1].message, /^status: the engine crashed before this request ran/);
  assert.equal(result.afterCrash.depth, 5);
});

test('a worker that never answers, or is killed from outside, times out and is replaced; the requests behind it are answered', async (t) => {
  const page = await openPage(t, isolated);
  const result = await inPage(page, `
    // A worker that never answers, not even to load the engine.
    const silent = new EngineClient({ worker: '/tests/browser/fixtures/silent-worker.js', timeoutMs: 400, localRules: false });
    const began = performance.now();
    const hung = [await failure(silent.legalMoves('')), await failure(silent.search('f5', { depth: 3 }))];
    const hungMs = performance.now() - began;
    silent.terminate();
    // The engine's own worker, killed mid-search by something else (no error event comes).
    const workers = [];
    const Original = globalThis.Worker;
    globalThis.Worker = class extends Original {
      constructor(...args) {
        super(...args);
        workers.push(this);
      }
    };
    try {
      const client = new EngineClient({ timeoutMs: 1500, localRules: false });
      await client.ready();
      const searching = failure(client.search('', { book: false, depth: 60 }));
      const queued = client.legalMoves('f5');
      await progressAt(client, 2);
      workers.at(-1).terminate();
      const killed = await searching;
      const afterKill = await queued;
      const searched = await client.search('f5d6', { book: false, depth: 4 });
      client.terminate();
      return { hung, hungMs, killed, afterKill, depth: searched.depth, workers: workers.length };
    } finally {
      globalThis.Worker = Original;
    }
  `);
  assert.deepEqual(result.hung, [
    { isError: true, name: 'TimeoutError', message: 'legalMoves: no answer within 400 ms (the worker was restarted)' },
    { isError: true, name: 'TimeoutError', message: 'search: no answer within 400 ms (the worker was restarted)' },
  ]);
  // Neither timeout fired before its 400 ms (a timer is never early; load only makes it later).
  assert.ok(result.hungMs >= 800, `two timeouts of 400 ms took ${result.hungMs} ms`);
  t.diagnostic(`two timeouts of 400 ms: ${result.hungMs.toFixed(0)} ms`);
  assert.deepEqual(result.killed, { isError: true, name: 'TimeoutError', message: 'search: no answer within 1500 ms (the worker was restarted)' });
  assert.deepEqual(result.afterKill, direct.legalMoves('f5'));
  assert.equal(result.depth, 4);
  assert.equal(result.workers, 2, 'one worker replaced the killed one');
});

test('the wasm by URL or from bytes; a missing worker script is reported', async (t) => {
  const page = await openPage(t, isolated);
  const result = await inPage(page, `
    const bytes = await (await fetch('/pkg/wasm/othello_bg.wasm')).arrayBuffer();
    const answers = [];
    for (const wasm of ['pkg/wasm/othello_bg.wasm', new URL('/pkg/wasm/othello_bg.wasm', location.href), bytes,
                        new Uint8Array(bytes), await WebAssembly.compile(bytes)]) {
      const client = new EngineClient({ wasm, localRules: false });
      answers.push(await client.legalMoves('f5d6'));
      client.terminate();
    }
    const missingWasm = new EngineClient({ wasm: '/nowhere/othello.wasm', localRules: false });
    const noWasm = await failure(missingWasm.legalMoves(''));
    const missingWorker = new EngineClient({ worker: '/nowhere/worker.js', localRules: false });
    let crash = null;
    missingWorker.addEventListener('crash', (event) => { crash = event.detail.message; });
    const noWorker = await failure(missingWorker.legalMoves(''));
    return { answers, noWasm, noWorker, crash };
  `);
  assert.equal(result.answers.length, 5);
  for (const answer of result.answers) assert.deepEqual(answer, direct.legalMoves('f5d6'));
  assert.match(result.noWasm.message, /^legalMoves: the engine could not be started: /);
  assert.match(result.noWorker.message, /^legalMoves: the engine crashed: the worker failed/);
  assert.match(result.crash, /^the worker failed/);
});

test("the page's copy in dist/pkg has everything the client needs", async (t) => {
  const page = await openPage(t, dist);
  const result = await page.evaluate(async () => {
    const { EngineClient } = await import('/pkg/client.js');
    const client = new EngineClient();
    const found = await client.search('f5d6c3', { book: false, depth: 4 });
    client.terminate();
    return found;
  });
  assert.equal(result.depth, 4);
});

test('the example page shows legal moves and a best move', async (t) => {
  const page = await browser.newPage();
  t.after(() => page.close());
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${plain.url}examples/page.html`);
  await page.waitForFunction(() => document.getElementById('legal').textContent.startsWith('Legal moves:'));
  assert.equal(await page.textContent('#legal'), `Legal moves: ${direct.legalMoves('f5d6c3d3c4').join(' ')}`);
  await page.fill('#game', 'f5d6h9');
  await page.waitForFunction(() => document.getElementById('legal').textContent.includes('h9'));
  assert.equal(await page.textContent('#legal'), "transcript: move 3 'h9' (character 5) is not a square");
  await page.fill('#game', 'f5d6c3d3c4');
  await page.click('#think');
  await page.waitForFunction(() => document.getElementById('out').textContent.includes('Best move'), null, { timeout: 10_000 });
  // The Tiger is in the opening book: the answer is the book's.
  assert.match(await page.textContent('#out'), /^book: [a-h][1-8]/);
  const best = (await page.textContent('#out')).match(/Best move ([a-h][1-8]), score -?\d+ \(book\)$/);
  assert.ok(best && direct.legalMoves('f5d6c3d3c4').includes(best[1]), await page.textContent('#out'));
  assert.deepEqual(errors, []);
});

/** The first FFO positions with their exact scores (tests/data/ffo, the FFO test suite's published scores). */
async function ffoPositions(count) {
  const lines = (await readFile('tests/data/ffo/fforum-1-19.obf', 'utf8')).trim().split('\n').slice(0, count);
  return lines.map((line) => {
    const [position, ...moves] = line.split(';').map((part) => part.trim()).filter(Boolean);
    return { position, score: Math.max(...moves.map((entry) => Number(entry.split(':')[1]))) };
  });
}

test('threads in an isolated page: the threaded build on a pool of Web Workers, with the exact scores of one thread', async (t) => {
  const positions = await ffoPositions(6);
  const page = await openPage(t, isolated);
  const result = await inPage(page, `
    const positions = ${JSON.stringify(positions)};
    const threaded = new EngineClient({ threads: 2 });
    const single = new EngineClient({ threads: 1 });
    const scores = [];
    let nodes = [0, 0];
    for (const { position } of positions) {
      const many = await threaded.search(position, { exact: true });
      const one = await single.search(position, { exact: true });
      scores.push([many.kind, many.score, one.score]);
      nodes = [nodes[0] + many.nodes, nodes[1] + one.nodes];
    }
    // stop() ends every thread: the next search answers.
    const running = threaded.search('f5d6c3d3c4f4f6f3e6e7', { book: false, depth: 40 });
    await progressAt(threaded, 6);
    await threaded.stop();
    const stopped = await running;
    const after = await threaded.search(positions[0].position, { exact: true });
    const info = { threaded: threaded.threads, single: single.threads };
    threaded.terminate();
    single.terminate();
    return { scores, nodes, stopped: { best: stopped.best, depth: stopped.depth }, after: after.score, info, cores: navigator.hardwareConcurrency };
  `);
  assert.deepEqual(result.info, { threaded: { threads: 2, build: 'threaded', note: null }, single: { threads: 1, build: 'single', note: null } });
  assert.deepEqual(result.scores, positions.map(({ score }) => ['exact', score, score]));
  assert.ok(direct.legalMoves('f5d6c3d3c4f4f6f3e6e7').includes(result.stopped.best));
  assert.ok(result.stopped.depth >= 6 && result.stopped.depth < 40);
  assert.equal(result.after, positions[0].score);
  t.diagnostic(`FFO #1-#6 in Chromium: 2 threads ${result.nodes[0]} nodes, 1 thread ${result.nodes[1]}; ${result.cores} cores`);
});

test('threads in a page that is not isolated: one thread, and the client says why', async (t) => {
  const page = await openPage(t, plain);
  const result = await inPage(page, `
    const client = new EngineClient({ threads: 4 });
    const found = await client.search('${(await ffoPositions(1))[0].position}', { exact: true });
    const info = client.threads;
    client.terminate();
    return { info, score: found.score, isolated: crossOriginIsolated };
  `);
  assert.equal(result.isolated, false);
  assert.deepEqual(result.info, { threads: 1, build: 'single', note: 'one thread: the page is not cross-origin isolated' });
  assert.equal(result.score, (await ffoPositions(1))[0].score);
});

test('a panic in a helper thread in the browser: the client hears the crash from the pool worker, and a new pool answers', async (t) => {
  const page = await openPage(t, isolated);
  const result = await inPage(page, `
    const client = new EngineClient({ threads: 2, wasm: '/pkg/wasm-test/othello_bg.wasm', wasmThreads: '/pkg/wasm-threads-test/othello_bg.wasm' });
    await client.ready();
    const before = client.threads;
    const crashed = new Promise((resolve) => client.addEventListener('crash', (event) => resolve(event.detail.message), { once: true }));
    const rejected = await failure(client.__crashForTests('helper-thread'));
    const message = await crashed;
    const after = await client.search('${(await ffoPositions(1))[0].position}', { exact: true });
    const threads = client.threads;
    client.terminate();
    return { before, rejected, message, score: after.score, threads };
  `);
  assert.deepEqual(result.before, { threads: 2, build: 'threaded', note: null });
  assert.match(result.rejected.message, /^crashForTests: the engine crashed: a helper thread panicked: .*a deliberate panic in a helper thread/);
  assert.match(result.message, /a helper thread panicked/);
  assert.equal(result.score, (await ffoPositions(1))[0].score);
  assert.deepEqual(result.threads, { threads: 2, build: 'threaded', note: null });
});
