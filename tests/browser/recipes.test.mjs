// The package README's cross-origin isolation recipes, as written there:
// each block (a `_headers` file for Netlify and Cloudflare Pages, nginx's
// add_header lines, Vite's server and preview headers) is read from
// pkg/README.md, a page is served with exactly the headers it sets, and
// Chromium must find the page crossOriginIsolated with threads in use.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { launchChromium } from './harness.mjs';

const README = await readFile('pkg/README.md', 'utf8');

/** The code block of `language` that follows `heading text` in the README's isolation section. */
function block(after, language) {
  const section = README.slice(README.indexOf('### Cross-origin isolation on common hosts'));
  const start = section.indexOf(after);
  assert.notEqual(start, -1, `the README names ${after}`);
  const match = section.slice(start).match(new RegExp('```' + language + '\\n([\\s\\S]*?)```'));
  assert.ok(match, `a ${language} block after ${after}`);
  return match[1];
}

/** Each recipe's headers, read from its block. */
const RECIPES = {
  '_headers (Netlify, Cloudflare Pages)': Object.fromEntries([...block('Netlify and Cloudflare Pages', 'text')
    .matchAll(/^\s+([\w-]+):\s*(.+)$/gm)].map(([, name, value]) => [name, value.trim()])),
  nginx: Object.fromEntries([...block('nginx', 'nginx').matchAll(/add_header\s+([\w-]+)\s+([^\s;]+)\s+always;/g)]
    .map(([, name, value]) => [name, value])),
  'Vite server': JSON.parse(`{${block('Vite', 'js').match(/server: \{ headers: \{([^}]*)\}/)[1].replaceAll("'", '"')}}`),
  'Vite preview': JSON.parse(`{${block('Vite', 'js').match(/preview: \{ headers: \{([^}]*)\}/)[1].replaceAll("'", '"')}}`),
};

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
const PAGE = '<!doctype html><meta charset="utf-8"><title>recipe</title>';

/** Serves the repository with `headers` on every answer; `/page.html` is an empty page. */
function serveWith(headers) {
  const root = resolve('.');
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    if (path === '/page.html') {
      response.writeHead(200, { ...headers, 'Content-Type': 'text/html' });
      response.end(PAGE);
      return;
    }
    const file = normalize(join(root, path));
    const info = file.startsWith(root + sep) ? await stat(file).catch(() => null) : null;
    if (!info?.isFile()) {
      response.writeHead(404, headers);
      response.end();
      return;
    }
    response.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(await readFile(file));
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

let browser;
before(async () => {
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
});

for (const [name, headers] of Object.entries(RECIPES)) {
  test(`the README's ${name} headers isolate the page and the client searches on two threads`, async () => {
    assert.equal(headers['Cross-Origin-Opener-Policy'], 'same-origin', JSON.stringify(headers));
    assert.match(headers['Cross-Origin-Embedder-Policy'], /^(require-corp|credentialless)$/, JSON.stringify(headers));
    const server = await serveWith(headers);
    const page = await browser.newPage();
    try {
      await page.goto(`http://127.0.0.1:${server.address().port}/page.html`);
      const result = await page.evaluate(async () => {
        const { EngineClient } = await import('/pkg/client.js');
        const client = new EngineClient({ threads: 2 });
        const report = await client.search('f5d6c3', { book: false, depth: 5 });
        const threads = client.threads;
        client.terminate();
        return { isolated: crossOriginIsolated, depth: report.depth, threads };
      });
      assert.deepEqual(result, { isolated: true, depth: 5, threads: { threads: 2, build: 'threaded', note: null } });
    } finally {
      await page.close();
      server.close();
      server.closeAllConnections();
    }
  });
}
