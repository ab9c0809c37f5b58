#!/usr/bin/env node
// Runs a command of the Node CLI (`node pkg/cli.mjs ...`) in Chromium: the
// single-thread wasm build of pkg/ (run `bash build.sh` first) loaded by a
// page, as the board page's engine runs, so that a browser's wasm speed
// can be set beside the native tool's and Node's in one window. Prints
// the command's lines (the last one its JSON summary).
//
//   node scripts/browser-solve.mjs solve F.obf --threads 1 --table-mb 64
//
// The files the command names are read here and handed to the page.
// Chromium is Debian's (/usr/bin/chromium, or $CHROMIUM), driven by
// playwright-core; the command runs on the page's main thread.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../www/serve.mjs';

const args = process.argv.slice(2);
if (args.length === 0) {
  console.error('usage: node scripts/browser-solve.mjs <command> [arguments]   (a command of node pkg/cli.mjs)');
  process.exit(2);
}
// Every argument that names a readable file, read now: the page has no disk.
const files = {};
for (const arg of args) {
  try {
    files[arg] = readFileSync(arg, 'utf8');
  } catch {
    // Not a file: an option or a value.
  }
}

const server = await startServer(resolve(new URL('../pkg', import.meta.url).pathname), 0);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  // Any file of the package gives the page its origin; the module is imported there.
  await page.goto(`http://127.0.0.1:${server.address().port}/package.json`);
  const result = await page.evaluate(async ({ args, files }) => {
    const { init, runCli } = await import('/index.js');
    await init();
    const lines = [];
    try {
      runCli(args, (line) => lines.push(line), (path) => {
        if (!(path in files)) throw new Error('no such file');
        return files[path];
      });
      return { lines };
    } catch (error) {
      return { lines, error: error.message };
    }
  }, { args, files });
  for (const line of result.lines) console.log(line);
  if (result.error !== undefined) {
    console.error(`othello: ${result.error}`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await new Promise((done) => server.close(done));
}
