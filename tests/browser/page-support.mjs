// Shared set-up of the board page tests (page*.test.mjs): Chromium on the
// built page, with every request, console error and page error recorded.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { artifact, launchChromium } from './harness.mjs';
import { startServer } from '../../www/serve.mjs';

export { artifact };

const TYPES = {
  '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml', '.webmanifest': 'application/manifest+json',
};

/**
 * A plain static file server (no cross-origin isolation headers, no cache
 * headers), as any web host would serve the page.
 */
export function startPlainServer(dir) {
  const root = resolve(dir);
  const server = createServer(async (request, response) => {
    let path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(root, path));
    const info = file.startsWith(root + sep) ? await stat(file).catch(() => null) : null;
    if (!info?.isFile()) {
      response.writeHead(404);
      response.end('not found');
      return;
    }
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(await readFile(file));
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

/** Stops a server at once, closing the browser's kept-alive connections. */
export function stopServer(server) {
  return new Promise((done) => {
    server.close(() => done());
    server.closeAllConnections?.();
  });
}

/**
 * Opens the page from `dir` (default dist/) in a fresh Chromium profile.
 * Returns { page, context, server, url, problems, requests, bytes, close }:
 * `problems` collects console errors and uncaught page errors, `requests`
 * every URL the page, its worker and its service worker asked for
 * (`pageRequests` the same without the service worker's), `bytes`
 * the body sizes of the responses by URL. `ready: false` does not wait for
 * the engine's first answer (for a page whose engine cannot start).
 */
export async function openPage({ dir = 'dist', plain = false, viewport = { width: 1200, height: 900 }, initScript, ready = true } = {}) {
  const server = plain ? await startPlainServer(dir) : await startServer(dir, 0);
  const url = `http://127.0.0.1:${server.address().port}/`;
  const context = await launchChromium();
  if (initScript) await context.addInitScript(initScript);
  const page = context.pages()[0] ?? await context.newPage();
  const problems = [];
  const requests = [];
  const bytes = new Map();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const pageRequests = [];
  context.on('request', (request) => {
    requests.push(request.url());
    if (!request.serviceWorker()) pageRequests.push(request.url());
  });
  page.on('response', async (response) => {
    try {
      bytes.set(response.url(), (await response.body()).length);
    } catch {
      // Redirects and aborted responses have no body.
    }
  });
  await page.setViewportSize(viewport);
  await page.goto(url);
  if (ready) await engineReady(page);
  const close = async () => {
    await context.close();
    if (server.listening) await stopServer(server);
  };
  return { page, context, server, url, problems, requests, pageRequests, bytes, close };
}

/** Waits until the page has its first answer from the engine's worker. */
export function engineReady(page) {
  return page.waitForFunction(() => window.othelloPage?.metrics.engineReadyMs !== undefined, null, { timeout: 30_000 });
}

/** The board as the page shows it: 64 characters of X (black disc), O (white disc) and -. */
export function boardShown(page) {
  return page.$$eval('#board .square', (squares) => squares.map((square) => {
    const disc = square.querySelector('.disc');
    if (!disc) return '-';
    return disc.classList.contains('black') ? 'X' : 'O';
  }).join(''));
}

/** The state of the record on the page. */
export function recordState(page) {
  return page.evaluate(() => {
    const record = window.othelloPage.record;
    const state = record.state;
    return {
      moves: [...record.moves], cursor: record.cursor, position: record.position,
      status: state.status, toMove: state.toMove, legal: state.moves, black: state.black, white: state.white,
    };
  });
}

/**
 * The plies of the record on the page that are not legal in their position
 * (a pass counts only when the side has no move), checked by the page's own
 * engine: `["12. a1", ...]`, empty when every ply is legal.
 */
export function illegalPlies(page) {
  return page.evaluate(async () => {
    const { status } = await import('./pkg/index.js');
    const record = window.othelloPage.record;
    return record.moves.flatMap((move, ply) => {
      const state = status(record.positions[ply]);
      const legal = move === 'pa' ? state.status === 'pass' : state.moves.includes(move);
      return legal ? [] : [`${ply + 1}. ${move}`];
    });
  });
}

/** Tournament games nobody here wrote: `{ black, white, moves }`, from tests/data/wthor-first-games.txt (at most 5). */
export function wthorGames(count = 5) {
  const text = readFileSync(new URL('../data/wthor-first-games.txt', import.meta.url), 'utf8');
  return text.trim().split('\n').slice(0, count).map((line) => {
    const [, black, white, moves] = line.trim().split(/\s+/);
    return { black: Number(black), white: Number(white), moves };
  });
}

/** Splits a transcript into its moves. */
export function splitMoves(transcript) {
  return transcript.match(/[a-h][1-8]/g) ?? [];
}

/**
 * Plays Black against the page's engine until the game ends: each turn, a
 * legal move chosen by a seeded generator. Returns how many times the
 * engine (White) had replied when Black was to move.
 */
export async function playBlackToTheEnd(page, seed) {
  let replies = 0;
  for (let turn = 0; turn < 80; turn += 1) {
    await page.waitForFunction(() => {
      const state = window.othelloPage.record.state;
      return state.status === 'gameover' || (state.toMove === 'black' && window.othelloPage.activity !== 'move');
    }, null, { timeout: 30_000 });
    const state = await recordState(page);
    if (state.status === 'gameover') break;
    if (state.cursor > 0) replies += 1;
    seed = (seed * 1103515245 + 12345) % 2147483648;
    await page.click(`[data-square="${state.legal[seed % state.legal.length]}"]`);
    await page.waitForFunction((ply) => window.othelloPage.record.cursor > ply, state.cursor);
  }
  return replies;
}

/** Starts a new game from the New game dialog with the current settings; waits until the page has it. */
export async function newGameFromDialog(page) {
  await page.evaluate(() => { window.recordBeforeDialog = window.othelloPage.record; });
  await page.click('#new-game');
  await page.waitForFunction(() => document.getElementById('new-game-dialog').open);
  await page.click('#new-game-start');
  await page.waitForFunction(() => !document.getElementById('new-game-dialog').open
    && window.othelloPage.record !== window.recordBeforeDialog);
}

/** Resolves with the detail of the page's next `othello:<name>` event (null when it has none). */
export function nextEvent(page, name) {
  return page.evaluate((type) => new Promise((done) => {
    document.addEventListener(type, (event) => done(event.detail ?? null), { once: true });
  }), `othello:${name}`);
}

/** Pastes `text` into the record box and loads it. */
export async function load(page, text) {
  await page.fill('#record-text', text);
  await page.click('#load');
}

/** Starts a game from the New game dialog: `board` 8 or 96, `colour` a mode, `level` an id, `clock` a time control. */
export async function startGame(page, { board = '8', colour = 'human-engine', level, clock = 'none' } = {}) {
  await page.click('#new-game');
  await page.check(`input[name="board"][value="${board}"]`);
  await page.check(`input[name="colour"][value="${colour}"]`);
  if (level) await page.selectOption('#new-level', level);
  if (board === '8') await page.selectOption('#new-time-control', clock);
  await page.click('#new-game-start');
  await page.waitForFunction(() => !document.getElementById('new-game-dialog').open);
}

/** Sets the page's theme ('light' or 'dark') with its toggle. */
export async function setTheme(page, theme) {
  const dark = await page.evaluate(() => document.documentElement.dataset.theme === 'dark');
  if (dark !== (theme === 'dark')) await page.click('#theme-toggle');
}

/** The relative luminance of a CSS `rgb()`/`rgba()` colour (WCAG 2). */
export function luminance(css) {
  const [r, g, b] = css.match(/[\d.]+/g).slice(0, 3).map(Number).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two CSS colours. */
export function contrast(a, b) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The catalogue's `template` with its `{name}` placeholders filled from `params`.
 * @param {string} template
 * @param {Record<string, string | number>} params
 */
export function fill(template, params) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => String(params[name] ?? whole));
}

/**
 * The opening book's moves of `position` by the package under Node, best first.
 * @param {{ analyze: Function }} engine the package (`pkg/index.js`, after `init()`)
 * @param {string} position
 */
export function bookMoves(engine, position) {
  return engine.analyze(position, { depth: 1 }).filter((entry) => entry.kind === 'book').sort((a, b) => b.score - a.score);
}

/**
 * The longest gap between two animation frames of `page` over `ms` milliseconds.
 * @param {import('playwright-core').Page} page
 * @param {number} [ms]
 */
export function longestFrame(page, ms = 1500) {
  return page.evaluate(async (span) => {
    let worst = 0;
    let last = performance.now();
    const end = last + span;
    while (performance.now() < end) {
      await new Promise((done) => requestAnimationFrame(done));
      const now = performance.now();
      worst = Math.max(worst, now - last);
      last = now;
    }
    return worst;
  }, ms);
}
