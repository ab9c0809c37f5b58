#!/usr/bin/env node
// The Node command-line tool: the same subcommands and output as the native
// `othello`, run by the wasm build.
import { readFileSync, readSync, writeSync } from 'node:fs';
import { MessageChannel, Worker } from 'node:worker_threads';
import {
  init, loadExplorer, runCli, cliUsage, setThreads,
} from './index.js';
import { THREADS } from './limits.js';
import { startPoolWorkers } from './pool.js';
import { initThreaded } from './threaded.js';

/**
 * Ends the process when a helper thread crashes: the command's thread may
 * be waiting for that helper by then, so a thread of its own listens.
 */
const CRASH_WATCH = `
const { parentPort } = require('node:worker_threads');
const { writeSync } = require('node:fs');
parentPort.on('message', (port) => port.on('message', ({ message }) => {
  writeSync(2, 'othello: ' + message + '\\n');
  process.kill(process.pid, 'SIGTERM');
}));`;

/**
 * The threads `--threads N` (or `--threads=N`) asks for, if a whole number
 * the engine takes; else 1 (the command's own parser then says what is wrong).
 */
function threadsAsked(args) {
  for (const [index, arg] of args.entries()) {
    let value;
    if (arg === '--threads') value = args[index + 1];
    else if (arg.startsWith('--threads=')) value = arg.slice('--threads='.length);
    else continue;
    const threads = Number(value);
    return Number.isInteger(threads) && threads >= THREADS.min && threads <= THREADS.max ? threads : 1;
  }
  return 1;
}

/**
 * Loads the threaded build with `threads - 1` pool workers (worker_threads
 * on its shared memory) and sets the engine's threads: those that joined in
 * time (a note on standard error says so when fewer did).
 */
async function startThreads(threads) {
  const { module, memory } = await initThreaded();
  const watch = new Worker(CRASH_WATCH, { eval: true });
  watch.unref();
  const reportPort = () => {
    const { port1, port2 } = new MessageChannel();
    watch.postMessage(port2, [port2]);
    return port1;
  };
  const failure = await startPoolWorkers(module, memory, threads - 1, reportPort, () => {});
  const inUse = setThreads(threads);
  if (failure !== null) console.error(`othello: a helper thread failed to start: ${failure}`);
  if (inUse < threads) console.error(`othello: only ${inUse - 1} of ${threads - 1} helper threads started; running on ${inUse}`);
}

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

const threads = threadsAsked(process.argv.slice(2));
if (threads > 1) await startThreads(threads);
else await init();
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
