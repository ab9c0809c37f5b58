// The board page's defences, in Chromium: the Content-Security-Policy it is
// served with is strict and enforced; text pasted into any of its inputs and
// strings planted in its saved data are shown as text, never run or parsed
// as HTML; and its service worker caches only its own origin's responses,
// never a cross-origin or opaque one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { artifact, launchChromium } from './harness.mjs';
import { engineReady, openPage, recordState, stopServer } from './page-support.mjs';
import { startServer } from '../../www/serve.mjs';

const GAME_KEY = 'othello-page-v1';
const ANALYSIS_KEY = 'othello-analysis-v3';
const PREVIOUS_KEY = 'othello-previous-games-v1';
const START = '---------------------------OX------XO--------------------------- X';

/** Markup that runs code if it is ever parsed as HTML (each sets window.__xss). */
const PAYLOADS = [
  '<img src=x onerror="window.__xss=1">',
  '<svg onload="window.__xss=2"><circle r=1></svg>',
  '"><script>window.__xss=3</script>',
  '\'><img src=x onerror=window.__xss=4>',
  'javascript:window.__xss=5',
  '<a href="javascript:window.__xss=6">x</a>',
  '<iframe srcdoc="<script>parent.__xss=7</script>"></iframe>',
  '<style>body{display:none}</style><marquee>moving</marquee>',
];

/** Records every Content-Security-Policy violation the page reports (before any of its scripts run). */
function recordViolations() {
  window.violations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.violations.push({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample });
  });
}

/** A policy's directives: Map of name -> list of sources (lower case). */
function parsePolicy(text) {
  const directives = new Map();
  for (const part of text.split(';')) {
    const [name, ...sources] = part.trim().toLowerCase().split(/\s+/);
    if (name && !directives.has(name)) directives.set(name, sources);
  }
  return directives;
}

/** The sources that apply to `name`, following CSP's fallbacks. */
function effective(policy, name) {
  const fallbacks = {
    'script-src-elem': ['script-src'], 'script-src-attr': ['script-src'],
    'style-src-elem': ['style-src'], 'style-src-attr': ['style-src'],
    'worker-src': ['child-src', 'script-src'], 'frame-src': ['child-src'],
  };
  for (const candidate of [name, ...(fallbacks[name] ?? []), 'default-src']) {
    if (policy.has(candidate)) return policy.get(candidate);
  }
  return null;
}

/**
 * What the page shows of injected markup, after it was pasted or loaded:
 * whether anything ran, elements that must not be there, event-handler
 * attributes, script-kind policy violations, and the HTML of the body
 * (which shows text as escaped text).
 */
function injectionReport(page) {
  return page.evaluate(() => {
    const handlers = [];
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        if (/^on/i.test(attribute.name) || /^\s*javascript:/i.test(attribute.value)) handlers.push(`${element.tagName} ${attribute.name}`);
      }
    }
    return {
      xss: window.__xss,
      foreign: [...document.querySelectorAll('img, iframe, object, embed, a, style, marquee, circle:not(.mini-disc), script:not([src]), svg:not(#graph):not(.mini-board)')]
        .map((element) => element.outerHTML.slice(0, 80)),
      scripts: [...document.scripts].map((script) => new URL(script.src).pathname),
      handlers,
      violations: window.violations.filter((violation) => violation.directive.startsWith('script')),
      html: document.body.innerHTML,
    };
  });
}

function assertNothingInjected(report, when) {
  assert.equal(report.xss, undefined, `${when}: injected code ran`);
  assert.deepEqual(report.foreign, [], `${when}: elements from the text`);
  assert.deepEqual(report.scripts, ['/app.js'], `${when}: scripts`);
  assert.deepEqual(report.handlers, [], `${when}: event handlers or javascript: URLs`);
  assert.deepEqual(report.violations, [], `${when}: blocked scripts (nothing should even try)`);
  for (const tag of ['<img', '<svg onload', '<script>', '<iframe', '<a href', '<style>', '<marquee>']) {
    assert.ok(!report.html.includes(tag), `${when}: ${tag} in the page's HTML`);
  }
}

test('the page is served with a strict Content-Security-Policy, and Chromium enforces it', async (t) => {
  const server = await startServer('dist', 0);
  t.after(() => stopServer(server));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const response = await fetch(url);
  const html = await response.text();
  const metas = [...html.matchAll(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"\s*>/gi)];
  assert.equal(metas.length, 1, 'one policy in the page');
  const text = metas[0][1];
  assert.equal(text, (await readFile('www/index.html', 'utf8')).match(/http-equiv="Content-Security-Policy"\s+content="([^"]*)"/)[1],
    'the built page has the policy of the source');
  // A policy in a header must be as strict; the meta tag must come before anything it governs.
  const header = response.headers.get('content-security-policy');
  const policies = [text, ...(header ? [header] : [])].map(parsePolicy);
  const head = html.slice(0, html.indexOf('</head>'));
  const governed = head.search(/<script|<link[^>]+rel="(stylesheet|manifest|icon|modulepreload)"|<style/i);
  assert.ok(head.indexOf(metas[0][0]) < governed, 'the policy comes before the first script, style or link');

  for (const policy of policies) {
    assert.deepEqual(policy.get('default-src'), ["'self'"]);
    for (const name of ['script-src', 'script-src-elem', 'script-src-attr']) {
      const sources = effective(policy, name);
      assert.ok(sources?.length > 0, `${name} is restricted`);
      const unexpected = sources.filter((source) => !["'self'", "'wasm-unsafe-eval'", "'none'"].includes(source));
      assert.deepEqual(unexpected, [], `${name} allows only this origin's files (and compiling wasm)`);
    }
    assert.deepEqual(policy.get('object-src'), ["'none'"]);
    assert.ok(["'self'", "'none'"].includes(policy.get('base-uri')?.join(' ')), 'base-uri is locked');
    assert.deepEqual(policy.get('form-action'), ["'none'"]);
    for (const name of ['connect-src', 'worker-src', 'manifest-src', 'frame-src', 'style-src', 'style-src-attr', 'font-src', 'media-src']) {
      assert.deepEqual(effective(policy, name), ["'self'"], `${name} is this origin only`);
    }
    assert.deepEqual(effective(policy, 'img-src').filter((source) => !["'self'", 'data:'].includes(source)), []);
    for (const [name, sources] of policy) {
      const loose = sources.filter((source) => source === '*' || /^(https?|blob|filesystem|ws|wss):/.test(source) || source.includes('.')
        || ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "'strict-dynamic'"].includes(source));
      assert.deepEqual(loose, [], `${name} has no wildcard, host, scheme or unsafe source`);
    }
  }

  // In Chromium: the page runs under the policy without a single violation; eval, inline scripts and handlers are refused.
  const session = await openPage({ initScript: recordViolations });
  t.after(session.close);
  const { page, problems } = session;
  assert.equal(await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]').content), text);
  await page.click('[data-square="f5"]');
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 2, null, { timeout: 30_000 });
  assert.deepEqual(await page.evaluate(() => window.violations), [], 'the page itself needs nothing the policy refuses');
  const refused = await page.evaluate(async () => {
    const attempt = (run) => {
      try {
        run();
        return 'ran';
      } catch (error) {
        return error.name;
      }
    };
    // In a task of the page's own (DevTools lets code it evaluates itself use eval).
    const later = (run) => new Promise((done) => setTimeout(() => done(attempt(run)), 0));
    const results = {
      eval: await later(() => eval('1')),
      newFunction: await later(() => new Function('return 1')),
      stringTimer: await later(() => setTimeout('window.__ran = "timer"', 0)),
    };
    const script = document.createElement('script');
    script.textContent = 'window.__ran = "inline script"';
    document.body.append(script);
    const holder = document.createElement('div');
    holder.innerHTML = '<img src="missing.png" onerror="window.__ran = \'handler\'">';
    document.body.append(holder);
    results.crossOrigin = await fetch('http://localhost:9/elsewhere').then(() => 'fetched', (error) => error.name);
    await new Promise((done) => setTimeout(done, 300));
    holder.remove();
    script.remove();
    results.ran = window.__ran ?? null;
    results.violations = [...new Set(window.violations.map((violation) => violation.directive))].sort();
    return results;
  });
  assert.deepEqual(refused, {
    eval: 'EvalError', newFunction: 'EvalError', stringTimer: 'ran', crossOrigin: 'TypeError', ran: null,
    violations: ['connect-src', 'script-src', 'script-src-attr', 'script-src-elem'],
  });
  assert.deepEqual(problems.filter((problem) => !/Content Security Policy|Failed to load resource|Failed to fetch/i.test(problem)), []);
});

test('text pasted into every input of the page is never run or parsed as HTML', async (t) => {
  const session = await openPage({ initScript: recordViolations });
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#mode', 'human-human');
  // The opening trainer's search box is made when its panel opens.
  await page.click('#opening-trainer-toggle');
  await page.waitForSelector('#opening-trainer-filter', { state: 'visible' });
  // Every text input the page has (a new one is covered here by its Enter key, or fails the test below).
  const inputs = await page.$$eval('input, textarea, [contenteditable]', (elements) => elements
    .filter((element) => !['checkbox', 'radio', 'hidden', 'range', 'color', 'submit', 'button'].includes(element.type))
    .map((element) => element.id));
  assert.ok(inputs.includes('record-text'), `the paste box is found: ${inputs.join(', ')}`);
  assert.ok(inputs.every(Boolean), 'every text input has an id');
  const ggf = (tag, value) => `(;GM[Othello]PC[p]DT[2024.01.01]PB[b]PW[w]RE[+2]TY[8]BO[8 ${START.slice(0, 64).replaceAll('X', '*')} *]B[f5]W[d6];)`
    .replace(new RegExp(`${tag}\\[[^\\]]*\\]`), `${tag}[${value}]`);
  const pasted = [];
  for (const payload of PAYLOADS) {
    pasted.push(payload, `f5d6${payload}`, `${START.slice(0, 64)} ${payload}`);
    for (const tag of ['PB', 'PW', 'PC', 'DT', 'TY', 'RE']) pasted.push(ggf(tag, payload.replaceAll(']', ')')));
  }
  let loaded = 0;
  for (const id of inputs) {
    for (const text of pasted) {
      await page.fill(`#${id}`, text);
      if (id === 'record-text') await page.click('#load');
      else await page.press(`#${id}`, 'Enter');
      if (id !== 'record-text') continue;
      const message = await page.textContent('#record-message');
      if (message.startsWith('Loaded')) {
        loaded += 1;
        assert.deepEqual((await recordState(page)).moves, ['f5', 'd6'], `the game of ${text}`);
      } else {
        // A refusal quotes the start of the text: as text.
        assert.match(message, /^Not loaded: .*The game on the board is unchanged\.$/);
        const quoted = message.match(/"(.*)\.\.\."|'([^']*)'|\[(.*)\]/);
        if (quoted) assert.ok(text.includes(quoted[1] ?? quoted[2] ?? quoted[3]), `${message} quotes ${text}`);
      }
      assertNothingInjected(await injectionReport(page), `after pasting ${text} into #${id}`);
    }
  }
  assert.ok(loaded >= 5 * PAYLOADS.length, `games with odd GGF tags still load (${loaded})`);
  // The players' names are the record's (the last game pasted: b and w); every other tag the page writes is its own.
  await page.click('#copy-ggf');
  const copied = await page.inputValue('#record-text');
  assert.match(copied, /PB\[b\]PW\[w\]/);
  for (const payload of PAYLOADS) assert.ok(!copied.includes(payload.replaceAll(']', ')')));
  await page.fill('#record-text', PAYLOADS[0]);
  await page.click('#load');
  assert.ok((await page.textContent('#record-message')).includes('"<img src=x onerror='), 'the refused paste is quoted as text');
  await page.screenshot({ path: await artifact('xss-pasted.png') });
  assertNothingInjected(await injectionReport(page), 'at the end');
  assert.deepEqual(problems, []);
});

test('strings planted in the saved data are shown as text after a reload, never run', async (t) => {
  const session = await openPage({ initScript: recordViolations });
  t.after(session.close);
  const { page, problems } = session;
  const titles = PAYLOADS.map((payload, index) => `${payload} · game ${index}`);
  await page.evaluate(({ payloads, titles, keys, start }) => {
    const [injected] = payloads;
    localStorage.setItem(keys.previous, JSON.stringify(titles.map((title, index) => ({
      title, savedAt: Date.now() - index, game: { start, moves: ['f5', 'd6'].slice(0, 1 + (index % 2)), cursor: 1 + (index % 2) },
    }))));
    localStorage.setItem(keys.game, JSON.stringify({
      game: { start, moves: ['f5', injected, 'c3'], cursor: 3 },
      settings: { mode: injected, level: payloads[1], theme: payloads[2], timeControl: payloads[3], moveTime: 5, sound: false },
      paused: false, clock: null,
    }));
    localStorage.setItem(keys.analysis, JSON.stringify({
      limits: {}, positions: {
        [start]: { moves: [[injected, 1, 'depth', 1, 100]], score: { black: injected, kind: 'depth', depth: 1, confidence: 100 } },
        [injected]: { score: { black: 0, kind: 'depth', depth: 1, confidence: 100 } },
      },
    }));
  }, { payloads: PAYLOADS, titles, keys: { game: GAME_KEY, previous: PREVIOUS_KEY, analysis: ANALYSIS_KEY }, start: START });
  await page.reload();
  await engineReady(page);

  // The unreadable game: its legal move kept, the reason quoted as text.
  assert.deepEqual((await recordState(page)).moves, ['f5']);
  const notice = await page.textContent('#notice-text');
  assert.ok(notice.includes(`(move: '${PAYLOADS[0]}' is not a square or pass)`), notice);
  const settings = await page.evaluate(() => ({ ...window.othelloPage.settings }));
  assert.deepEqual([settings.mode, settings.level, settings.theme, settings.timeControl], ['human-engine', 'casual', 'auto', 'none']);
  // The previous games' titles, as text.
  const shown = await page.$$eval('#previous .previous-players', (lines) => lines.map((line) => line.textContent));
  assert.deepEqual(shown, titles);
  assertNothingInjected(await injectionReport(page), 'after the reload');
  // Long words of stored text wrap: the page keeps its width.
  assert.deepEqual(await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]), [1200, 1200]);
  await page.screenshot({ path: await artifact('xss-stored.png') });
  await page.locator('#previous').screenshot({ path: await artifact('xss-stored-previous.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: await artifact('xss-stored-phone.png') });

  // Opening one of them works and keeps the others listed as text.
  await page.click('#previous button[data-previous="1"]');
  assert.deepEqual((await recordState(page)).moves, ['f5', 'd6']);
  const after = await page.$$eval('#previous .previous-players', (lines) => lines.map((line) => line.textContent));
  assert.ok(after.includes(titles[0]) && !after.includes(titles[1]));
  assertNothingInjected(await injectionReport(page), 'after opening a previous game');
  assert.deepEqual(problems, []);
});

/** A static server for `dir` with no policy headers, plus a page with no CSP and two redirects to `other`. */
function startProbeServer(dir, other) {
  const root = resolve(dir);
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.webmanifest': 'application/manifest+json' };
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    const redirects = { '/out-cors': 'cors-data', '/out-opaque': 'opaque-data', '/out-image': 'image-data' };
    if (redirects[path]) {
      response.writeHead(302, { Location: `${other()}${redirects[path]}` });
      response.end();
      return;
    }
    if (path === '/probe.html') {
      // A page of this origin without the board page's policy, so that it can reach the other origin.
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end('<!doctype html><meta charset="utf-8"><title>probe</title><p>probe</p>');
      return;
    }
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    const info = file.startsWith(root + sep) ? await stat(file).catch(() => null) : null;
    if (!info?.isFile()) {
      response.writeHead(404);
      response.end('not found');
      return;
    }
    response.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
    response.end(await readFile(file));
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

test('the service worker caches only this origin\'s own responses: never a cross-origin or an opaque one', async (t) => {
  // The other origin: another port, answering anything, readable by any origin.
  const seen = [];
  const otherServer = createServer((request, response) => {
    seen.push(request.url);
    response.writeHead(200, {
      'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin',
    });
    response.end(`from the other origin: ${request.url}`);
  });
  await new Promise((done) => otherServer.listen(0, '127.0.0.1', done));
  const other = `http://127.0.0.1:${otherServer.address().port}/`;
  const server = await startProbeServer('dist', () => other);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const context = await launchChromium();
  t.after(async () => {
    await context.close();
    await stopServer(server);
    await stopServer(otherServer);
  });
  const page = context.pages()[0] ?? await context.newPage();
  await page.goto(`${origin}/`);
  await engineReady(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await page.goto(`${origin}/probe.html`);
  const fetched = await page.evaluate(async (elsewhere) => {
    const kind = (promise) => promise.then((response) => `${response.type} ${new URL(response.url || location.href).origin === location.origin ? 'here' : 'elsewhere'}`,
      (error) => `error ${error.message}`);
    const image = (src) => new Promise((done) => {
      const element = new Image();
      element.onload = () => done('loaded');
      element.onerror = () => done('error');
      element.src = src;
    });
    return {
      controlled: navigator.serviceWorker.controller !== null,
      crossCors: await kind(fetch(`${elsewhere}cross-cors`)),
      crossOpaque: await kind(fetch(`${elsewhere}cross-opaque`, { mode: 'no-cors' })),
      redirectedCors: await kind(fetch('/out-cors')),
      redirectedOpaque: await kind(fetch('/out-opaque', { mode: 'no-cors' })),
      redirectedImage: await image('/out-image'),
      sameOrigin: await kind(fetch('/index.html?probe')),
      missing: await kind(fetch('/missing.js')),
    };
  }, other);
  assert.deepEqual(fetched, {
    controlled: true,
    crossCors: 'cors elsewhere',
    crossOpaque: 'opaque here',
    redirectedCors: 'cors elsewhere',
    redirectedOpaque: 'opaque here',
    redirectedImage: 'error',
    sameOrigin: 'basic here',
    missing: 'basic here',
  });
  assert.deepEqual(seen.sort(), ['/cors-data', '/cross-cors', '/cross-opaque', '/image-data', '/opaque-data'], 'every request reached the other origin');

  const cached = await page.evaluate(async () => {
    const entries = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries.push({ url: request.url, from: response.url, type: response.type, status: response.status });
      }
    }
    return entries;
  });
  assert.ok(cached.some((entry) => entry.url === `${origin}/index.html?probe`), 'the service worker does cache what it fetches');
  assert.ok(cached.some((entry) => /^\/pkg\/wasm(-threads)?\/othello_bg\.wasm$/.test(new URL(entry.url).pathname)), 'the engine\'s wasm is cached');
  const foreign = cached.filter((entry) => new URL(entry.url).origin !== origin || (entry.from && new URL(entry.from).origin !== origin)
    || entry.type !== 'basic' || entry.status !== 200);
  assert.deepEqual(foreign, [], 'cached responses that are not this origin\'s own');
});
