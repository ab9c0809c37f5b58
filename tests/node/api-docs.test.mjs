// The API reference the build writes into dist/api/ (TypeDoc over the
// package's declarations): every function and class the package declares
// has its page, and the page of EngineClient documents its methods.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';

const API = new URL('../../dist/api/', import.meta.url);

/** The names after `export function` / `export class` in a declaration file, less the @internal ones. */
async function declared(file) {
  const text = await readFile(new URL(`../../pkg/${file}`, import.meta.url), 'utf8');
  const names = new Set();
  for (const match of text.matchAll(/(\/\*\*(?:(?!\*\/)[\s\S])*\*\/\s*)?export (?:function|class) (\w+)/g)) {
    if (!match[1]?.includes('@internal')) names.add(match[2]);
  }
  return [...names];
}

test('the API reference has a page for every declared function and class', async () => {
  const pages = new Set([
    ...(await readdir(new URL('functions/', API))).map((file) => file.split('.').at(-2)),
    ...(await readdir(new URL('classes/', API))).map((file) => file.split('.').at(-2)),
  ]);
  for (const file of ['index.d.ts', 'client.d.ts', 'threaded.d.ts']) {
    const missing = (await declared(file)).filter((name) => !pages.has(name));
    assert.deepEqual(missing, [], `${file}: declared without a page in dist/api/`);
  }
  assert.ok(pages.has('search') && pages.has('EngineClient') && pages.has('initThreaded'));
  assert.ok(!pages.has('poolWorkers') && !pages.has('compiledModule'), 'the @internal functions are left out');
});

test('the EngineClient page documents its methods, signal and the error codes', async () => {
  const [file] = (await readdir(new URL('classes/', API))).filter((name) => name.endsWith('EngineClient.html'));
  const html = await readFile(new URL(`classes/${file}`, API), 'utf8');
  for (const method of ['search', 'analyze', 'legalMoves', 'ready', 'stop', 'abort', 'terminate']) {
    assert.match(html, new RegExp(`id="${method.toLowerCase()}"`), `EngineClient.${method}`);
  }
  assert.match(html, /RequestOptions\.html/, 'the client page links its request options');
  const options = await readFile(new URL('interfaces/client.RequestOptions.html', API), 'utf8');
  assert.match(options, /id="signal"/, 'RequestOptions documents signal');
  const modules = await readFile(new URL('modules/index.html', API), 'utf8');
  assert.match(modules, /ERROR_CODES/);
});
