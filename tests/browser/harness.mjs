// Shared set-up for the browser tests: Debian's Chromium driven by
// playwright-core, and the built page (dist/) served on a free port.
import { chromium } from 'playwright-core';
import { cp, mkdtemp, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer } from '../../www/serve.mjs';

/** Where tests save screenshots and other artifacts (gitignored). */
export const ARTIFACTS = resolve('test-artifacts');

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];

/**
 * Launches Debian's Chromium with a fresh profile. Returns a persistent
 * context (a service worker needs a profile that keeps its caches); closing
 * it removes the profile.
 */
export async function launchChromium() {
  const profile = await mkdtemp(join(tmpdir(), 'othello-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: FLAGS,
  });
  const close = context.close.bind(context);
  context.close = async (...options) => {
    try {
      await close(...options);
    } finally {
      await rm(profile, { recursive: true, force: true });
    }
  };
  return context;
}

/**
 * A copy of the built page in a fresh temporary folder, removed when the
 * test `t` ends; returns the folder.
 */
export async function pageCopy(t, prefix) {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  t.after(() => rm(dir, { recursive: true, force: true }));
  await cp('dist', dir, { recursive: true });
  return dir;
}

/** Serves `dir` (default: the built page) on a free port; returns its URL and a close function. */
export async function serve(dir = 'dist') {
  const server = await startServer(dir, 0);
  const url = `http://127.0.0.1:${server.address().port}/`;
  return { url, close: () => new Promise((done) => server.close(done)) };
}

/** The path of an artifact file, creating the folder. */
export async function artifact(name) {
  await mkdir(ARTIFACTS, { recursive: true });
  return join(ARTIFACTS, name);
}

/**
 * An empty app in `dir/<name>` with the package installed offline from its
 * `npm pack` tarball, as a user's project gets it; returns the app's folder.
 */
export async function appWithPackedPackage(dir, name) {
  const { execFile } = await import('node:child_process');
  const { mkdir, writeFile } = await import('node:fs/promises');
  const { promisify } = await import('node:util');
  const run = promisify(execFile);
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: resolve('pkg') });
  const [packed] = JSON.parse(stdout);
  const app = join(dir, name);
  await mkdir(app);
  await writeFile(join(app, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(dir, packed.filename)], { cwd: app });
  return app;
}
