// The threaded build under Node: EngineClient on more than one thread runs
// the threaded wasm (pkg/wasm-threads/) on a pool of worker_threads sharing
// its memory. Its exact scores are those of one thread and of the FFO files
// (tests/data/ffo, from the FFO test suite's published scores); node-limited
// searches stay reproducible; stop() ends every thread; the direct API's
// setThreads is validated. The process ending at all shows that terminate()
// ends the pool workers too.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EngineClient } from '../../pkg/client.js';
import * as direct from '../../pkg/index.js';

/** FFO positions with their exact scores: `{ position, score, best }` (best: the moves with that score). */
function ffo(file, count) {
  return readFileSync(new URL(`../data/ffo/${file}`, import.meta.url), 'utf8').trim().split('\n').slice(0, count)
    .map((line) => {
      const [position, ...moves] = line.split(';').map((part) => part.trim()).filter(Boolean);
      const scored = moves.map((entry) => {
        const [move, score] = entry.split(':');
        return { move: move.toLowerCase(), score: Number(score) };
      });
      const score = Math.max(...scored.map((entry) => entry.score));
      return { position, score, best: scored.filter((entry) => entry.score === score).map((entry) => entry.move) };
    });
}

const POSITIONS = ffo('fforum-1-19.obf', 8);

before(async () => {
  await direct.init();
});

test('EngineClient on two threads runs the threaded build, with the exact scores of one thread', async (t) => {
  const threaded = new EngineClient({ threads: 2 });
  const single = new EngineClient({ threads: 1 });
  t.after(() => {
    threaded.terminate();
    single.terminate();
  });
  assert.equal(threaded.threads, null, 'unknown before the worker started');
  await threaded.ready();
  await single.ready();
  assert.deepEqual(threaded.threads, { threads: 2, build: 'threaded', note: null });
  assert.deepEqual(single.threads, { threads: 1, build: 'single', note: null });
  for (const [index, { position, score, best }] of POSITIONS.entries()) {
    await threaded.clearTable();
    const many = await threaded.search(position, { exact: true });
    const one = await single.search(position, { exact: true });
    assert.equal(many.kind, 'exact', `FFO #${index + 1}`);
    assert.equal(many.score, score, `FFO #${index + 1} on two threads`);
    assert.equal(one.score, score, `FFO #${index + 1} on one thread`);
    assert.ok(best.includes(many.best), `FFO #${index + 1}: ${many.best} is not one of ${best}`);
  }
  // An exact analysis shares the moves out between the threads: every move's score as on one thread.
  const { position } = POSITIONS[0];
  const sorted = (moves) => moves.map(({ move, score }) => `${move}:${score}`).sort();
  assert.deepEqual(sorted(await threaded.analyze(position, { exact: true })), sorted(await single.analyze(position, { exact: true })));
});

test('a node-limited search on the threaded build stays on one thread and reproducible', async (t) => {
  const threaded = new EngineClient({ threads: 2 });
  const single = new EngineClient({ threads: 1 });
  t.after(() => {
    threaded.terminate();
    single.terminate();
  });
  const limits = { nodes: 200_000, book: false };
  const position = 'f5d6c3d3c4f4f6f3e6e7';
  const [a, b] = [await threaded.search(position, limits), await single.search(position, limits)];
  assert.deepEqual([a.best, a.score, a.nodes, a.pv], [b.best, b.score, b.nodes, b.pv]);
});

test('stop() ends a threaded search with its best move so far, and the engine searches on', async (t) => {
  const client = new EngineClient({ threads: 2 });
  t.after(() => client.terminate());
  await client.ready();
  assert.equal(client.stopMode, 'flag');
  const position = 'f5d6c3d3c4f4f6f3e6e7';
  let reports = 0;
  const running = client.search(position, { depth: 40, book: false }, { onProgress: () => { reports += 1; } });
  while (reports < 2) await new Promise((resolve) => { setTimeout(resolve, 5); });
  await client.stop();
  const stopped = await running;
  assert.ok(direct.legalMoves(position).includes(stopped.best), `${stopped.best} is legal`);
  assert.ok(stopped.depth < 40);
  // The helpers stopped with the main thread: the next search runs and proves its score.
  const { position: solved, score } = POSITIONS[1];
  assert.equal((await client.search(solved, { exact: true })).score, score);
});

test('the threads option and the direct API\'s setThreads are checked', async () => {
  for (const threads of [0, 65, 1.5, -1]) {
    assert.throws(() => new EngineClient({ threads }), { name: 'RangeError', message: /threads must be a whole number from 1 to 64/ });
  }
  assert.throws(() => new EngineClient({ threads: '2' }), { name: 'RangeError', message: /got string/ });
  assert.throws(() => new EngineClient({ wasmThreads: 7 }), { name: 'TypeError', message: /wasmThreads must be a URL/ });
  // The direct API runs the single-thread build: one thread, whatever is asked.
  assert.equal(direct.setThreads(4), 1);
  assert.equal(direct.poolWorkers(), 0);
  assert.throws(() => direct.setThreads('4'), { name: 'TypeError', message: /setThreads: threads must be a whole number/ });
  assert.throws(() => direct.setThreads(0), /setThreads: threads/);
  assert.throws(() => direct.setThreads(Number.NaN), /setThreads: threads/);
  assert.equal(direct.setThreads(1), 1);
});

test('a threaded client given only a single-thread wasm says why it uses one thread', async (t) => {
  const client = new EngineClient({ threads: 2, wasm: new URL('../../pkg/wasm/othello_bg.wasm', import.meta.url) });
  t.after(() => client.terminate());
  assert.deepEqual(await client.ready(), { threads: 1, build: 'single', note: 'one thread: a single-thread wasm was given without its threaded build' });
});

test('a panic in a helper thread is a crash the client hears at once; the next request runs on a new pool', async (t) => {
  // The test builds (a deliberate panic on request); the engine's worker waits for the dead helper for
  // good, so the crash report comes from the pool worker straight to the client.
  const client = new EngineClient({
    threads: 2,
    wasm: new URL('../../pkg/wasm-test/othello_bg.wasm', import.meta.url),
    wasmThreads: new URL('../../pkg/wasm-threads-test/othello_bg.wasm', import.meta.url),
  });
  t.after(() => client.terminate());
  assert.deepEqual(await client.ready(), { threads: 2, build: 'threaded', note: null });
  const crashed = new Promise((resolve) => {
    client.addEventListener('crash', (event) => resolve(event.detail.message), { once: true });
  });
  const crash = client.__crashForTests('helper-thread');
  const queued = client.perft(3);
  await assert.rejects(crash,
    /^Error: crashForTests: the engine crashed: a helper thread panicked: .*crashForTests: a deliberate panic in a helper thread/);
  assert.match(await crashed, /a helper thread panicked/);
  await assert.rejects(queued, /perft: the engine crashed before this request ran/);
  // A new worker with a new pool: exact scores again.
  const { position, score } = POSITIONS[2];
  assert.equal((await client.search(position, { exact: true })).score, score);
  assert.deepEqual(client.threads, { threads: 2, build: 'threaded', note: null });
});

test('node pkg/cli.mjs solve --threads N runs on N threads, with the published scores, and says so', () => {
  const cli = fileURLToPath(new URL('../../pkg/cli.mjs', import.meta.url));
  const file = fileURLToPath(new URL('../data/ffo/fforum-1-19.obf', import.meta.url));
  const solve = (...args) => spawnSync(process.execPath, [cli, 'solve', file, '--table-mb', '16', ...args], { encoding: 'utf8' });
  for (const [args, threads] of [[[], 1], [['--threads', '2'], 2], [['--threads=3'], 3]]) {
    const run = solve(...args);
    assert.equal(run.status, 0, run.stderr);
    const summary = JSON.parse(run.stdout.trim().split('\n').at(-1));
    assert.deepEqual([summary.positions, summary.correct, summary.threads], [19, 19, threads], `${args}`);
  }
  const refused = solve('--threads', '0');
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /threads/);
});
