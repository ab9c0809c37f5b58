// Shared set-up for the browser tests: Debian's Chromium driven by
// playwright-core, and the built page (dist/) served on a free port.
import { chromium } from 'playwright-core';
import { mkdtemp, mkdir } from 'node:fs/promises';
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
 * context (a service worker needs a profile that keeps its caches).
 */
export async function launchChromium() {
  const profile = await mkdtemp(join(tmpdir(), 'othello-chromium-'));
  return chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: FLAGS,
  });
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
