// The package in a bundled app: a tiny Vite app that imports both entry
// points by name (installed offline from the `npm pack` tarball, as in
// tests/node/pack.test.mjs) is built with Vite's default settings, and the
// built dist/ runs in Chromium. Proves what pkg/README.md says about
// bundlers: with no option given, Vite finds the `.wasm` of init() and of
// the worker, and bundles the worker of EngineClient as a chunk of its own,
// and the worker's pool workers (the threaded build) as another. An app
// that uses the direct API alone gets the single-thread `.wasm` alone: the
// threaded build is the worker's, and Vite emits nothing of it there.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { appWithPackedPackage, launchChromium, serve } from './harness.mjs';
import * as direct from '../../pkg/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

const INDEX_HTML = `<!doctype html>
<meta charset="utf-8">
<title>bundled othello-wasm-engine</title>
<link rel="icon" href="data:,">
<pre id="log"></pre>
<script type="module" src="./main.js"></script>
`;

// What a user would write: no URL of the worker or of the .wasm anywhere.
const MAIN_JS = `
import { init, legalMoves } from 'othello-wasm-engine';
import { EngineClient } from 'othello-wasm-engine/client';

const log = document.getElementById('log');
await init();
const moves = legalMoves('f5d6');
log.textContent = 'legal moves: ' + moves.join(' ');
const client = new EngineClient();
const result = await client.search('f5d6c3', { book: false, depth: 6 });
const threads = client.threads;
client.terminate();
const out = document.createElement('pre');
out.id = 'out';
out.textContent = JSON.stringify({ moves, search: result, threads, cores: navigator.hardwareConcurrency });
document.body.append(out);
`;

// An app of the direct API alone: no client, no worker, no threads.
const DIRECT_MAIN_JS = `
import { init, legalMoves } from 'othello-wasm-engine';

await init();
const out = document.createElement('pre');
out.id = 'out';
out.textContent = JSON.stringify({ moves: legalMoves('f5d6') });
document.body.append(out);
`;

let dir;

before(async () => {
  await direct.init();
  dir = await mkdtemp(join(tmpdir(), 'othello-vite-'));
});

after(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/**
 * The names of the package's builds among `files` (relative to `outDir`)
 * that end in `.wasm`, by their bytes: 'single' (wasm/), 'threaded'
 * (wasm-threads/), or the file's name for a `.wasm` that is neither.
 */
async function emittedBuilds(outDir, files) {
  const single = await readFile(join(root, 'pkg/wasm/othello_bg.wasm'));
  const threaded = await readFile(join(root, 'pkg/wasm-threads/othello_bg.wasm'));
  const wasmFiles = files.filter((file) => file.endsWith('.wasm'));
  const builds = await Promise.all(wasmFiles.map(async (file) => {
    const bytes = await readFile(join(outDir, file));
    if (bytes.equals(single)) return 'single';
    if (bytes.equals(threaded)) return 'threaded';
    return file;
  }));
  return builds.sort();
}

/** Every file under `folder`, as paths relative to it with '/' separators. */
async function listFiles(folder) {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath ?? entry.path, entry.name)).split('\\').join('/'))
    .sort();
}

test('Vite bundles the package: the worker is a chunk of its own, the .wasm is copied, and the app runs in Chromium', async (t) => {
  const started = performance.now();

  // The package as published, installed offline into an empty app.
  const app = await appWithPackedPackage(dir, 'bundled-app');
  await writeFile(join(app, 'index.html'), INDEX_HTML);
  await writeFile(join(app, 'main.js'), MAIN_JS);
  const installed = performance.now();

  // Vite's production build with its defaults (no config file, no worker or asset option).
  const outDir = join(app, 'dist');
  await build({ root: app, configFile: false, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  const built = performance.now();

  const files = await listFiles(outDir);
  t.diagnostic(`built files: ${files.join(', ')}`);
  assert.deepEqual(await emittedBuilds(outDir, files), ['single', 'threaded'],
    `an app with the client emits both builds, once each: ${files.join(', ')}`);
  const wasmFiles = files.filter((file) => file.endsWith('.wasm'));
  const single = await readFile(join(root, 'pkg/wasm/othello_bg.wasm'));
  const threaded = await readFile(join(root, 'pkg/wasm-threads/othello_bg.wasm'));
  const contents = await Promise.all(wasmFiles.map((file) => readFile(join(outDir, file))));
  const wasmFile = wasmFiles[contents.findIndex((bytes) => bytes.equals(single))];
  const threadedFile = wasmFiles[contents.findIndex((bytes) => bytes.equals(threaded))];
  assert.ok(wasmFile && threadedFile, 'the two .wasm in dist are the package\'s two builds');

  const html = await readFile(join(outDir, 'index.html'), 'utf8');
  const entry = html.match(/<script type="module"[^>]*src="\/([^"]+\.js)"/)?.[1];
  assert.ok(entry && files.includes(entry), `the entry chunk of index.html: ${html}`);
  const entryCode = await readFile(join(outDir, entry), 'utf8');
  // The worker is bundled apart from the entry: the chunk that new Worker() starts
  // holds the engine itself (it names the .wasm), not imports of the package's files.
  const workerFile = entryCode.match(/new Worker\(new URL\([`'"]\/?([^`'"]+\.js)[`'"]/)?.[1];
  assert.ok(workerFile && files.includes(workerFile) && workerFile !== entry,
    `new Worker(new URL(...)) in the entry chunk names a chunk of its own: ${workerFile}`);
  const workerCode = await readFile(join(outDir, workerFile), 'utf8');
  assert.ok(workerCode.includes(wasmFile.split('/').pop()), 'the worker chunk loads the copied .wasm');
  assert.ok(workerCode.includes(threadedFile.split('/').pop()), 'the worker chunk loads the threaded .wasm');
  const poolFile = workerCode.match(/[`'"]\/?([^`'"]*pool-worker[^`'"]*\.js)[`'"]/)?.[1];
  assert.ok(poolFile && files.includes(poolFile) && poolFile !== workerFile,
    `the worker starts its pool workers from a chunk of their own: ${poolFile}`);
  assert.doesNotMatch(await readFile(join(outDir, poolFile), 'utf8'), /from\s*['"`]\.\/wasm-threads\//,
    'the pool worker chunk is bundled, not the raw pool-worker.js');
  assert.doesNotMatch(workerCode, /from\s*['"`]\.\/index\.js['"`]/, 'the worker chunk is bundled, not the raw worker.js');
  const workerScripts = files.filter((file) => /(^|\/)worker-[\w-]+\.js$/.test(file));
  assert.deepEqual(workerScripts, [workerFile], 'one worker script: no unused raw copy of worker.js beside the bundled one');

  // The built app in Chromium, from the same static server as the other browser tests.
  const server = await serve(outDir);
  const context = await launchChromium();
  t.after(async () => {
    await context.close();
    await server.close();
  });
  const page = context.pages()[0] ?? await context.newPage();
  const problems = [];
  const requests = [];
  const workers = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('worker', (worker) => workers.push(worker.url()));
  context.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`));
  context.on('response', (response) => {
    requests.push(response.url());
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.goto(server.url);
  await page.waitForSelector('#out', { state: 'attached', timeout: 60_000 })
    .catch(async (error) => {
      const log = await page.textContent('#log').catch(() => '');
      assert.fail(`no #out: ${error.message}\nlog: ${log}\nproblems: ${problems.join('\n')}`);
    });
  const shown = JSON.parse(await page.textContent('#out'));
  const loaded = performance.now();

  assert.deepEqual(shown.moves, direct.legalMoves('f5d6'));
  assert.deepEqual(shown.moves, ['c3', 'c4', 'c5', 'c6', 'c7']);
  const afterC3 = direct.legalMoves('f5d6c3');
  assert.deepEqual(afterC3, ['d3', 'f3', 'f4', 'g5']);
  assert.ok(afterC3.includes(shown.search.best), `best move ${shown.search.best} is legal after f5d6c3`);
  assert.equal(shown.search.depth, 6);
  assert.equal(shown.search.kind, 'depth');
  // The app's server sends the headers of cross-origin isolation: threads.
  const expected = Math.min(8, shown.cores);
  assert.deepEqual(shown.threads, { threads: expected, build: expected > 1 ? 'threaded' : 'single', note: expected > 1 ? null : shown.threads.note });

  // The page started the bundled worker chunk, and fetched the copied .wasm.
  assert.equal(workers[0], new URL(workerFile, server.url).href);
  const used = expected > 1 ? threadedFile : wasmFile;
  assert.ok(requests.includes(new URL(used, server.url).href), `the .wasm was fetched: ${requests.join(', ')}`);
  assert.ok(requests.every((url) => url.startsWith(server.url)), `every request stays on the app's origin: ${requests.join(', ')}`);
  assert.deepEqual(problems, [], 'no console error, page error or failed request');

  t.diagnostic(`pack + install ${(installed - started).toFixed(0)} ms, vite build ${(built - installed).toFixed(0)} ms, ` +
    `page ${(loaded - built).toFixed(0)} ms; search: ${shown.search.best} ${shown.search.score} at depth ${shown.search.depth}`);
});

test('Vite bundles an app of the direct API alone with the single-thread .wasm only, and it runs in Chromium', async (t) => {
  const app = await appWithPackedPackage(dir, 'direct-app');
  await writeFile(join(app, 'index.html'), INDEX_HTML);
  await writeFile(join(app, 'main.js'), DIRECT_MAIN_JS);
  const outDir = join(app, 'dist');
  await build({ root: app, configFile: false, logLevel: 'silent', build: { outDir, emptyOutDir: true } });

  const files = await listFiles(outDir);
  t.diagnostic(`built files: ${files.join(', ')}`);
  assert.deepEqual(await emittedBuilds(outDir, files), ['single'],
    `the single-thread .wasm alone, not the threaded one (about 1.4 MB unused): ${files.join(', ')}`);
  const code = (await Promise.all(files.filter((file) => file.endsWith('.js'))
    .map((file) => readFile(join(outDir, file), 'utf8')))).join('\n');
  assert.doesNotMatch(code, /poolWorkerMain|wasm-threads/, 'no chunk holds the threaded build\'s glue');

  const server = await serve(outDir);
  const context = await launchChromium();
  t.after(async () => {
    await context.close();
    await server.close();
  });
  const page = context.pages()[0] ?? await context.newPage();
  const problems = [];
  const requests = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  context.on('response', (response) => {
    requests.push(new URL(response.url()).pathname);
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.goto(server.url);
  await page.waitForSelector('#out', { state: 'attached', timeout: 60_000 });
  assert.deepEqual(JSON.parse(await page.textContent('#out')), { moves: ['c3', 'c4', 'c5', 'c6', 'c7'] });
  assert.deepEqual(requests.filter((path) => path.endsWith('.wasm')).length, 1, `one .wasm fetched: ${requests.join(', ')}`);
  assert.deepEqual(problems, [], 'no page error or failed request');
});
