// The built page on the dev server (www/serve.mjs) in Chromium: the wasm comes
// compressed, and a reload revalidates it (304) instead of sending it again.
// The server's own responses are counted, so the figures are the bytes that
// went over the wire.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineReady, stopServer } from './page-support.mjs';
import { launchChromium } from './harness.mjs';
import { startServer } from '../../www/serve.mjs';

/** The engine's wasm: the threaded build (an isolated page on more than one core) or the single-thread one. */
const WASM = /^\/pkg\/wasm(-threads)?\/othello_bg\.wasm$/;

test('the wasm is sent compressed on the first visit and revalidated with a 304 on reload', async (t) => {
  const server = await startServer('dist', 0);
  const url = `http://127.0.0.1:${server.address().port}/`;
  const context = await launchChromium();
  t.after(async () => {
    await context.close();
    await stopServer(server);
  });
  // Every answer for the wasm: the visit it belongs to, status, encoding asked and sent, bytes sent.
  const answers = [];
  let visit = 'first';
  server.on('request', (request, response) => {
    if (!WASM.test(new URL(request.url, url).pathname)) return;
    const accepted = request.headers['accept-encoding'] ?? '';
    response.on('finish', () => answers.push({
      visit,
      status: response.statusCode,
      accepted,
      encoding: response.getHeader('content-encoding'),
      bytes: response.statusCode === 200 ? Number(response.getHeader('content-length')) : 0,
    }));
  });
  const page = context.pages()[0] ?? await context.newPage();
  await page.goto(url);
  await engineReady(page);
  // The service worker's install (which fetches every file) is over once it is ready.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  visit = 'reload';
  await page.reload();
  await engineReady(page);

  const first = answers.filter((answer) => answer.visit === 'first');
  const reload = answers.filter((answer) => answer.visit === 'reload');
  const sum = (list) => list.reduce((total, answer) => total + answer.bytes, 0);
  t.diagnostic(`wasm answers: ${JSON.stringify(answers)}`);
  t.diagnostic(`wasm bytes sent: first visit ${sum(first)} in ${first.length} responses; reload ${sum(reload)} in ${reload.length}`);

  assert.ok(first.some((answer) => answer.status === 200), 'the first visit downloads the wasm');
  for (const answer of first.filter((each) => each.status === 200)) {
    assert.match(answer.accepted, /\b(br|gzip)\b/, 'Chromium asks for a compressed body');
    assert.match(String(answer.encoding), /^(br|gzip)$/, 'the wasm is sent compressed');
  }
  assert.ok(reload.length >= 1, 'the reload asks the server about the wasm (no-cache)');
  assert.deepEqual(reload.map((answer) => answer.status), reload.map(() => 304), 'the reload gets 304s only');
  assert.equal(sum(reload), 0, 'the wasm body is not sent again');
});
