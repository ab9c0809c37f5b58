// The package where web developers first stumble: the worker client run
// from `node --input-type=module -e` (its worker does not inherit the flag
// that only means something for -e), and the worker scripts imported by
// mistake in the main thread (a message that says what to import instead,
// not a TypeError from inside), and CommonJS code that require()s both
// layers (Node's require of ES modules, which `engines` asks for).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

const CLIENT = new URL('../../pkg/client.js', import.meta.url).href;

/** Runs `script` as `node --input-type=module -e <script>`. */
function evalModule(script) {
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
}

test('the worker client runs under node --input-type=module -e', () => {
  const run = evalModule(`import { EngineClient } from ${JSON.stringify(CLIENT)};
const client = new EngineClient();
const report = await client.search('f5d6', { depth: 3, book: false });
console.log(report.depth, (await client.ready()).threads >= 1);
client.terminate();`);
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout.trim(), '3 true');
});

for (const script of ['worker.js', 'pool-worker.js']) {
  test(`importing ${script} in the main thread says what to import instead`, () => {
    const run = evalModule(`import ${JSON.stringify(new URL(`../../pkg/${script}`, import.meta.url).href)};`);
    assert.notEqual(run.status, 0);
    assert.match(run.stderr, /othello-wasm-engine\/(worker|pool-worker) is .*import EngineClient from othello-wasm-engine\/client/);
    assert.doesNotMatch(run.stderr, /Cannot read properties of null/);
  });
}

test('CommonJS code requires the direct API and the client', () => {
  const index = new URL('../../pkg/index.js', import.meta.url).pathname;
  const client = new URL('../../pkg/client.js', import.meta.url).pathname;
  const run = spawnSync(process.execPath, ['-e', `
const othello = require(${JSON.stringify(index)});
const { EngineClient } = require(${JSON.stringify(client)});
othello.init().then(async () => {
  const engine = new EngineClient();
  const report = await engine.search('f5d6', { depth: 3, book: false });
  console.log(othello.legalMoves('').join(' '), report.depth);
  engine.terminate();
});`], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout.trim(), 'd3 c4 f5 e6 3');
});
