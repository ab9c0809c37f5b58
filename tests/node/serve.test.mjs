// The page's static server (www/serve.mjs) on a temporary folder: validators
// and 304s, a new ETag for a changed file, brotli and gzip bodies that
// decompress to the file's bytes, HEAD, 404 (also for a path out of the
// folder) and 405. Node's fetch decompresses by itself and sends its own
// Accept-Encoding, so the encoding checks use node:http.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startServer } from '../../www/serve.mjs';

// Compressible bytes: random words from a small alphabet, as a wasm body would be.
const WASM = Buffer.from(Array.from(randomBytes(20_000), (byte) => 97 + (byte % 4)));
const SCRIPT = `export const answer = 42;\n${'// padding so that compression pays\n'.repeat(50)}`;
const HTML = `<!doctype html><title>test</title>\n${'<p>hello</p>\n'.repeat(50)}`;

let folder;
let server;
let base;

before(async () => {
  folder = await mkdtemp(join(tmpdir(), 'othello-serve-'));
  await mkdir(join(folder, 'site', 'pkg'), { recursive: true });
  await writeFile(join(folder, 'site', 'pkg', 'engine.wasm'), WASM);
  await writeFile(join(folder, 'site', 'app.js'), SCRIPT);
  await writeFile(join(folder, 'site', 'index.html'), HTML);
  await writeFile(join(folder, 'secret.txt'), 'outside the served folder\n');
  server = await startServer(join(folder, 'site'));
  base = `http://127.0.0.1:${server.address().port}`;
});

after(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  await rm(folder, { recursive: true, force: true });
});

/** A raw request (no automatic decompression, the path sent as written): { status, headers, body }. */
function raw(path, { method = 'GET', headers = {} } = {}) {
  return new Promise((done, fail) => {
    const outgoing = request({ host: '127.0.0.1', port: server.address().port, path, method, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => done({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.on('error', fail);
    outgoing.end();
  });
}

test('a 200 has a strong ETag, Last-Modified, no-cache, the isolation headers and Content-Length', async () => {
  const response = await raw('/pkg/engine.wasm');
  assert.equal(response.status, 200);
  assert.match(response.headers.etag, /^"[A-Za-z0-9_-]+"$/);
  assert.ok(!Number.isNaN(Date.parse(response.headers['last-modified'])));
  assert.equal(response.headers['content-type'], 'application/wasm');
  assert.equal(response.headers['cache-control'], 'no-cache');
  assert.equal(response.headers['cross-origin-opener-policy'], 'same-origin');
  assert.equal(response.headers['cross-origin-embedder-policy'], 'require-corp');
  assert.equal(response.headers['content-length'], String(WASM.length));
  assert.deepEqual(response.body, WASM);
  // The folder's index.html answers for the folder.
  const index = await fetch(`${base}/`);
  assert.equal(index.status, 200);
  assert.equal(await index.text(), HTML);
});

test('If-None-Match (one tag, a list, a weak tag, *) and If-Modified-Since give a 304 with no body', async () => {
  const first = await raw('/app.js');
  const { etag } = first.headers;
  for (const ifNoneMatch of [etag, `"other", ${etag}`, `W/${etag}`, '*']) {
    const response = await raw('/app.js', { headers: { 'If-None-Match': ifNoneMatch } });
    assert.equal(response.status, 304, ifNoneMatch);
    assert.equal(response.body.length, 0);
    assert.equal(response.headers.etag, etag);
    // Its Content-Length is that of the 200 it stands for (RFC 9110, 8.6).
    assert.equal(response.headers['content-length'], first.headers['content-length']);
  }
  const since = await raw('/app.js', { headers: { 'If-Modified-Since': first.headers['last-modified'] } });
  assert.equal(since.status, 304);
  assert.equal(since.body.length, 0);
  // An older date, or a tag that does not match, gets the file.
  const older = await raw('/app.js', { headers: { 'If-Modified-Since': new Date(0).toUTCString() } });
  assert.equal(older.status, 200);
  assert.equal(older.body.toString(), SCRIPT);
  // If-None-Match takes precedence: a stale tag gets a 200 even with a fresh date.
  const stale = await raw('/app.js', {
    headers: { 'If-None-Match': '"stale"', 'If-Modified-Since': first.headers['last-modified'] },
  });
  assert.equal(stale.status, 200);
  // fetch (the browser's API) sees the same 304.
  const fetched = await fetch(`${base}/app.js`, { headers: { 'If-None-Match': etag, 'Accept-Encoding': 'identity' } });
  assert.equal(fetched.status, 304);
  assert.equal(await fetched.text(), '');
});

test('a changed file gets a new ETag and a 200 for the old one', async () => {
  const path = join(folder, 'site', 'changed.js');
  await writeFile(path, 'export const version = 1;\n');
  const before = await raw('/changed.js');
  await writeFile(path, 'export const version = 2;\n');
  // The same size: a later mtime alone must be enough to see the change.
  const later = new Date(Date.now() + 5_000);
  await utimes(path, later, later);
  const after = await raw('/changed.js', { headers: { 'If-None-Match': before.headers.etag } });
  assert.equal(after.status, 200);
  assert.notEqual(after.headers.etag, before.headers.etag);
  assert.equal(after.body.toString(), 'export const version = 2;\n');
});

test('brotli is preferred, then gzip; the bodies decompress to the file and each encoding has its own ETag', async () => {
  const plain = await raw('/pkg/engine.wasm');
  const br = await raw('/pkg/engine.wasm', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
  assert.equal(br.headers['content-encoding'], 'br');
  assert.deepEqual(brotliDecompressSync(br.body), WASM);
  assert.equal(br.headers['content-length'], String(br.body.length));
  assert.ok(br.body.length < WASM.length / 2, `${br.body.length} bytes in brotli`);
  const gz = await raw('/pkg/engine.wasm', { headers: { 'Accept-Encoding': 'gzip, br;q=0' } });
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.deepEqual(gunzipSync(gz.body), WASM);
  assert.equal(gz.headers['content-length'], String(gz.body.length));
  const tags = [plain, br, gz].map((response) => response.headers.etag);
  assert.equal(new Set(tags).size, 3, tags.join(' '));
  for (const response of [plain, br, gz]) assert.equal(response.headers.vary, 'Accept-Encoding');
  // The tag of one encoding does not validate another.
  const mixed = await raw('/pkg/engine.wasm', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': gz.headers.etag } });
  assert.equal(mixed.status, 200);
  const same = await raw('/pkg/engine.wasm', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.etag } });
  assert.equal(same.status, 304);
  // The other text types are compressed too; q values choose between the two.
  const html = await raw('/', { headers: { 'Accept-Encoding': 'br;q=0.5, gzip;q=0.8' } });
  assert.equal(html.headers['content-encoding'], 'gzip');
  assert.equal(gunzipSync(html.body).toString(), HTML);
  const any = await raw('/app.js', { headers: { 'Accept-Encoding': '*' } });
  assert.equal(any.headers['content-encoding'], 'br');
  assert.equal(brotliDecompressSync(any.body).toString(), SCRIPT);
});

test('no compression without Accept-Encoding, or when it refuses both (q=0)', async () => {
  for (const headers of [{}, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'br;q=0, gzip;q=0' }, { 'Accept-Encoding': '*;q=0' }]) {
    const response = await raw('/pkg/engine.wasm', { headers });
    assert.equal(response.headers['content-encoding'], undefined, JSON.stringify(headers));
    assert.equal(response.headers.vary, 'Accept-Encoding');
    assert.deepEqual(response.body, WASM);
  }
});

test('HEAD sends the headers of GET and no body', async () => {
  const get = await raw('/app.js', { headers: { 'Accept-Encoding': 'gzip' } });
  const head = await raw('/app.js', { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip' } });
  assert.equal(head.status, 200);
  assert.equal(head.body.length, 0);
  for (const name of ['etag', 'last-modified', 'content-length', 'content-encoding', 'content-type']) {
    assert.equal(head.headers[name], get.headers[name], name);
  }
});

test('404 for a missing file and for paths out of the folder; 405 with Allow for other methods', async () => {
  for (const path of ['/missing.js', '/../secret.txt', '/pkg/../../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt']) {
    const response = await raw(path);
    assert.equal(response.status, 404, path);
    assert.equal(response.headers['content-length'], String(response.body.length));
    assert.doesNotMatch(response.body.toString(), /outside/);
  }
  const post = await fetch(`${base}/app.js`, { method: 'POST', body: 'x' });
  assert.equal(post.status, 405);
  assert.match(post.headers.get('allow'), /GET/);
  assert.match(post.headers.get('allow'), /HEAD/);
  assert.equal(post.headers.get('cross-origin-opener-policy'), 'same-origin');
});
