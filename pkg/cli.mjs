#!/usr/bin/env node
// The Node command-line tool: the same subcommands and output as the native
// `othello`, run by the wasm build.
import { init, runCli, cliUsage } from './index.js';

await init();
try {
  runCli(process.argv.slice(2), (line) => console.log(line));
} catch (error) {
  console.error(`othello: ${error.message}\n${cliUsage()}`);
  process.exitCode = 2;
}
