// A small static file server for the built page: `node www/serve.mjs <dir> <port>`.
// The tests import `startServer` to serve the page on a free port.
//
// What it sends, and why:
// - `Cross-Origin-Opener-Policy: same-origin` and
//   `Cross-Origin-Embedder-Policy: require-corp` on every response: the page
//   is cross-origin isolated, so the engine shares memory with the page for
//   its stop flag (without them "stop" replaces the worker).
// - `Cache-Control: no-cache` with validators (a strong `ETag`, a hash of the
//   bytes sent, and `Last-Modified`): the browser and the page's service
//   worker revalidate every file, so a new build shows at once, and an
//   unchanged file costs a `304 Not Modified` with no body instead of the
//   whole wasm again. `If-None-Match` takes precedence over
//   `If-Modified-Since` (RFC 9110, 13.2.2).
// - brotli or gzip for text and wasm when `Accept-Encoding` allows it, with
//   `Vary: Accept-Encoding` and an ETag per encoding (`-br`, `-gz`) so that
//   caches never mix them. Files and their compressed bodies are kept in
//   memory by path, mtime and size: each file is compressed once.
// - `Content-Length` on every response; HEAD gets the headers only; other
//   methods get 405 with `Allow`.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.ts': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.bin': 'application/octet-stream',
};

/** The types worth compressing (PNG and icons are compressed already). */
const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.wasm', '.webmanifest', '.ts', '.txt', '.bin']);

/**
 * The encodings this server knows, preferred first on equal q: name, ETag
 * suffix, compressor. Brotli at quality 9, not 11: on the 834 KB wasm 11 takes
 * about 4 s (every test starts a server) for 2% fewer bytes.
 */
const encoders = [
  ['br', '-br', (body) => promisify(brotliCompress)(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  })],
  ['gzip', '-gz', (body) => promisify(gzip)(body, { level: 9 })],
];

const common = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cache-Control': 'no-cache',
};

async function fileFor(root, urlPath) {
  const decoded = decodeURIComponent(urlPath.split('?')[0]);
  const path = normalize(join(root, decoded));
  if (path !== root && !path.startsWith(root + sep)) return null;
  const info = await stat(path).catch(() => null);
  if (info?.isDirectory()) return fileFor(root, join(decoded, 'index.html'));
  return info?.isFile() ? { path, info } : null;
}

/** The q value that `Accept-Encoding` gives `name` (0 when absent; `*` covers the others). */
function quality(acceptEncoding, name) {
  let wildcard = 0;
  for (const part of acceptEncoding.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim().match(/^q=([\d.]+)$/)).find(Boolean);
    const value = q ? Number(q[1]) : 1;
    if (token === name) return value;
    if (token === '*') wildcard = value;
  }
  return wildcard;
}

/** Whether an `If-None-Match` list matches `etag` (weak comparison, as RFC 9110 asks for GET). */
function noneMatch(header, etag) {
  if (header.trim() === '*') return true;
  const opaque = (tag) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** Whether the file is unchanged since the `If-Modified-Since` date (HTTP dates have whole seconds). */
function notModifiedSince(header, mtimeMs) {
  const since = Date.parse(header);
  return !Number.isNaN(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
}

/** Serves the files under `dir` on `port` (0: a free one); resolves to the listening server. */
export function startServer(dir, port = 0) {
  const root = resolve(dir);
  // path -> { version, loaded: Promise<{ body, etag }>, encoded: Map(encoding -> Promise<Buffer>) }.
  const files = new Map();

  /** The file's bytes and ETag, read and hashed once per version (mtime and size). */
  function entryFor(path, info) {
    const version = `${info.mtimeMs}:${info.size}`;
    let entry = files.get(path);
    if (entry?.version !== version) {
      const loaded = readFile(path).then((body) => ({
        body, etag: createHash('sha256').update(body).digest('base64url').slice(0, 27),
      }));
      entry = { version, loaded, encoded: new Map() };
      files.set(path, entry);
      loaded.catch(() => files.delete(path));
    }
    return entry;
  }

  /** The body in the encoding given, compressed once per version. */
  function encodedBody(entry, body, [name, , compress]) {
    if (!entry.encoded.has(name)) entry.encoded.set(name, compress(body));
    return entry.encoded.get(name);
  }

  /** Sends the answer; headers are set one by one so that `request` listeners can read them. */
  function send(request, response, status, headers, body) {
    for (const [name, value] of Object.entries({ ...common, ...headers })) response.setHeader(name, value);
    response.writeHead(status);
    response.end(request.method === 'HEAD' || status === 304 ? undefined : body);
  }

  async function answer(request, response) {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const body = 'method not allowed\n';
      send(request, response, 405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain', 'Content-Length': body.length }, body);
      return;
    }
    const found = await fileFor(root, request.url ?? '/').catch(() => null);
    if (!found) {
      const body = 'not found\n';
      send(request, response, 404, { 'Content-Type': 'text/plain', 'Content-Length': body.length }, body);
      return;
    }
    const { path, info } = found;
    const entry = entryFor(path, info);
    let { body, etag } = await entry.loaded;
    const headers = {
      'Content-Type': types[extname(path)] ?? 'application/octet-stream',
      'Last-Modified': new Date(info.mtimeMs).toUTCString(),
    };
    if (compressible.has(extname(path))) {
      headers.Vary = 'Accept-Encoding';
      const accept = request.headers['accept-encoding'] ?? '';
      const best = encoders
        .map((encoder) => ({ encoder, q: quality(accept, encoder[0]) }))
        .filter(({ q }) => q > 0)
        .sort((a, b) => b.q - a.q)[0];
      const encoded = best && await encodedBody(entry, body, best.encoder);
      if (encoded && encoded.length < body.length) {
        headers['Content-Encoding'] = best.encoder[0];
        body = encoded;
        etag += best.encoder[1];
      }
    }
    headers.ETag = `"${etag}"`;
    headers['Content-Length'] = body.length;
    const ifNoneMatch = request.headers['if-none-match'];
    const ifModifiedSince = request.headers['if-modified-since'];
    const unchanged = ifNoneMatch !== undefined
      ? noneMatch(ifNoneMatch, headers.ETag)
      : ifModifiedSince !== undefined && notModifiedSince(ifModifiedSince, info.mtimeMs);
    // A 304's Content-Length is that of the 200 it stands for (RFC 9110, 8.6).
    send(request, response, unchanged ? 304 : 200, headers, body);
  }

  const server = createServer((request, response) => {
    answer(request, response).catch((error) => {
      if (response.headersSent) return response.destroy(error);
      const body = 'server error\n';
      send(request, response, 500, { 'Content-Type': 'text/plain', 'Content-Length': body.length }, body);
    });
  });
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? 'dist';
  const port = Number(process.argv[3] ?? process.env.PORT ?? 8080);
  const server = await startServer(dir, port);
  console.log(`serving ${resolve(dir)} at http://localhost:${server.address().port}/`);
}
