// init() under Node, given the .wasm as a web developer would resolve it:
// an absolute path, a relative path, a file: URL as a string and as a URL
// object all load the engine (each in a fresh process, since a process
// loads the engine once), and a missing file is refused with its path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { relative } from 'node:path';

const INDEX = new URL('../../pkg/index.js', import.meta.url).href;
const WASM = fileURLToPath(new URL('../../pkg/wasm/othello_bg.wasm', import.meta.url));

/** Runs `init(<source expression>)` then `legalMoves('')` in a fresh Node; returns { status, stdout, stderr }. */
function initWith(sourceExpression) {
  const script = `import { init, legalMoves } from ${JSON.stringify(INDEX)};
await init(${sourceExpression});
console.log(legalMoves('').join(' '));`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
}

for (const [name, expression] of [
  ['an absolute path', JSON.stringify(WASM)],
  ['a path relative to the working directory', JSON.stringify(relative(process.cwd(), WASM))],
  ['a file: URL string', JSON.stringify(pathToFileURL(WASM).href)],
  ['a file: URL object', `new URL(${JSON.stringify(pathToFileURL(WASM).href)})`],
]) {
  test(`init() under Node loads the engine from ${name}`, () => {
    const run = initWith(expression);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout.trim(), 'd3 c4 f5 e6');
  });
}

test('init() under Node refuses a missing file with its path, not a URL error', () => {
  const run = initWith(JSON.stringify('/no/such/dir/othello_bg.wasm'));
  assert.notEqual(run.status, 0);
  assert.match(run.stderr, /no\/such\/dir\/othello_bg\.wasm/);
  assert.doesNotMatch(run.stderr, /Failed to parse URL|fetch failed/);
  // The same missing file as a file: URL.
  const url = initWith(JSON.stringify('file:///no/such/dir/othello_bg.wasm'));
  assert.match(url.stderr, /no\/such\/dir\/othello_bg\.wasm/);
});
