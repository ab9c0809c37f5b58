#!/usr/bin/env node
// The Node command-line tool: the same subcommands and output as the native
// `othello`, run by the wasm build.
import { readFileSync } from 'node:fs';
import { init, runCli, cliUsage } from './index.js';

await init();
try {
  runCli(process.argv.slice(2), (line) => console.log(line), (path) => readFileSync(path, 'utf8'));
} catch (error) {
  console.error(`othello: ${error.message}\n${cliUsage()}`);
  process.exitCode = 2;
}
