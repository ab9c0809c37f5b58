// The React example (examples/react/: the useOthelloEngine hook and a small
// app) as a React developer builds it: the package installed offline from
// its `npm pack` tarball, React from this workspace, Vite's production
// build with its defaults; the built app runs in Chromium, searches the
// transcript typed in, and a new transcript replaces the running search.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { appWithPackedPackage, launchChromium, serve } from './harness.mjs';
import * as direct from '../../pkg/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
let dir;

before(async () => {
  await direct.init();
  dir = await mkdtemp(join(tmpdir(), 'othello-react-'));
});

after(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('the React example builds with Vite and its hook searches, replacing a search when the moves change', async () => {
  const app = await appWithPackedPackage(dir, 'react-app');
  for (const name of ['react', 'react-dom', 'scheduler']) {
    await symlink(join(root, 'node_modules', name), join(app, 'node_modules', name), 'dir');
  }
  await cp(join(root, 'examples/react'), app, { recursive: true });
  const outDir = join(app, 'dist');
  await build({ root: app, configFile: false, logLevel: 'silent', build: { outDir, emptyOutDir: true } });

  const server = await serve(outDir);
  const browser = await launchChromium();
  const problems = [];
  try {
    const page = await browser.newPage();
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => { if (message.type() === 'error') problems.push(message.text()); });
    await page.goto(server.url);
    const finished = (moves) => page.waitForFunction((wanted) => {
      const best = document.getElementById('best');
      return document.getElementById('moves').value === wanted && document.getElementById('state').textContent === 'Done'
        && best?.dataset.depth === '10';
    }, moves, { timeout: 60_000 });
    await finished('f5d6c3');
    const first = await page.textContent('#best');
    const firstMove = first.match(/^Best ([a-h][1-8])/)?.[1];
    assert.ok(direct.legalMoves('f5d6c3').includes(firstMove), first);
    // Two new transcripts at once: the hook aborts the first one's search and answers the second.
    await page.fill('#moves', 'f5d6c3d3');
    await page.fill('#moves', 'f5d6c3d3c4');
    await finished('f5d6c3d3c4');
    const second = await page.textContent('#best');
    assert.ok(direct.legalMoves('f5d6c3d3c4').includes(second.match(/^Best ([a-h][1-8])/)?.[1]), second);
    assert.match(await page.textContent('#threads'), /^\d+ threads?$/);
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    await server.close();
  }
});
