#!/usr/bin/env node
// The Node command-line tool: the same subcommands and output as the native
// `othello`, run by the wasm build.
import { readFileSync, readSync, writeSync } from 'node:fs';
import { init, loadExplorer, runCli, cliUsage } from './index.js';

/** Reads standard input a line at a time, synchronously (for `nboard`). */
function lineReader() {
  const chunk = Buffer.alloc(65536);
  let pending = Buffer.alloc(0);
  let ended = false;
  return () => {
    for (;;) {
      const end = pending.indexOf(10);
      if (end >= 0) {
        const line = pending.subarray(0, end).toString('utf8').replace(/\r$/, '');
        pending = pending.subarray(end + 1);
        return line;
      }
      if (ended) {
        if (pending.length === 0) return null;
        const line = pending.toString('utf8');
        pending = Buffer.alloc(0);
        return line;
      }
      let count;
      try {
        count = readSync(0, chunk, 0, chunk.length, null);
      } catch (error) {
        if (error.code === 'EAGAIN') continue;
        if (error.code === 'EOF') count = 0;
        else throw error;
      }
      if (count === 0) ended = true;
      else pending = Buffer.concat([pending, chunk.subarray(0, count)]);
    }
  };
}

/** Writes a line to standard output at once, so a GUI reading the pipe sees
 * each answer before the tool blocks reading the next command. */
function printLine(line) {
  const bytes = Buffer.from(`${line}\n`, 'utf8');
  let written = 0;
  while (written < bytes.length) {
    try {
      written += writeSync(1, bytes, written);
    } catch (error) {
      if (error.code !== 'EAGAIN') throw error;
    }
  }
}

await init();
try {
  // `explore` reads the explorer's index, next to the package's index.js
  // (`explore build` is the native tool's, which says so).
  const [command, step] = process.argv.slice(2);
  if (command === 'explore' && step !== 'build') await loadExplorer();
  runCli(
    process.argv.slice(2),
    printLine,
    (path) => readFileSync(path, 'utf8'),
    lineReader(),
  );
} catch (error) {
  // As the native tool: a wrong command line gets the usage and status 2,
  // an error of the work (a file, an input, a failed check) its message and 1.
  if (error.code === 'ERR_OTHELLO_ARGUMENT') {
    console.error(`othello: ${error.message}\n${cliUsage()}`);
    process.exitCode = 2;
  } else {
    console.error(`othello: ${error.message}`);
    process.exitCode = 1;
  }
}
