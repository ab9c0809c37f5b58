// A small static file server for the built page: `node www/serve.mjs <dir> <port>`.
// The tests import `startServer` to serve the page on a free port.
// It sends the headers that make the page cross-origin isolated, so the
// engine can later share memory with the page for a stop flag.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

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
};

async function fileFor(root, urlPath) {
  const decoded = decodeURIComponent(urlPath.split('?')[0]);
  const path = normalize(join(root, decoded));
  if (path !== root && !path.startsWith(root + sep)) return null;
  const info = await stat(path).catch(() => null);
  if (info?.isDirectory()) return fileFor(root, join(decoded, 'index.html'));
  return info?.isFile() ? path : null;
}

/** Serves the files under `dir` on `port` (0: a free one); resolves to the listening server. */
export function startServer(dir, port = 0) {
  const root = resolve(dir);
  const server = createServer(async (request, response) => {
  const path = await fileFor(root, request.url ?? '/').catch(() => null);
  const headers = {
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Embedder-Policy': 'require-corp',
    'Cache-Control': 'no-cache',
  };
  if (!path) {
    response.writeHead(404, { ...headers, 'Content-Type': 'text/plain' });
    response.end('not found\n');
    return;
  }
  const body = await readFile(path);
  response.writeHead(200, { ...headers, 'Content-Type': types[extname(path)] ?? 'application/octet-stream' });
  response.end(body);
  });
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? 'dist';
  const port = Number(process.argv[3] ?? process.env.PORT ?? 8080);
  const server = await startServer(dir, port);
  console.log(`serving ${resolve(dir)} at http://localhost:${server.address().port}/`);
}
