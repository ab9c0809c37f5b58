#!/usr/bin/env node
// Times the opening explorer in wasm under Node, as
// crates/engine/examples/explorer_timing.rs does natively: reading the
// index (pkg/explorer.bin) into the engine, the first lookup (which decodes
// the embedded opening book), then every position of the match openings
// (data/openings.txt). Prints one JSON line. `node scripts/explorer-timing.mjs`
import { readFileSync } from 'node:fs';
import * as othello from '../pkg/index.js';

await othello.init();
const openings = readFileSync(new URL('../data/openings.txt', import.meta.url), 'utf8')
  .split('\n').filter((line) => /^[a-h]/.test(line));
const lines = openings.flatMap((line) => Array.from({ length: line.length / 2 + 1 }, (_, plies) => line.slice(0, 2 * plies)));
/** Milliseconds of CPU this process spent since `since` (process.cpuUsage()), which a busy machine does not inflate. */
const cpuMs = (since) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};
let start = performance.now();
let cpu = process.cpuUsage();
const index = await othello.loadExplorer();
const loadMs = performance.now() - start;
const loadCpuMs = cpuMs(cpu);
start = performance.now();
await othello.explore('');
const firstMs = performance.now() - start;
const times = [];
let games = 0;
cpu = process.cpuUsage();
for (const line of lines) {
  start = performance.now();
  games += (await othello.explore(line)).games;
  times.push(performance.now() - start);
}
const lookupsCpuMs = cpuMs(cpu);
times.sort((a, b) => a - b);
const round = (ms) => Math.round(ms * 1000) / 1000;
console.log(JSON.stringify({
  index_bytes: readFileSync(new URL('../pkg/explorer.bin', import.meta.url)).length,
  positions: index.positions,
  load_ms: round(loadMs),
  load_cpu_ms: round(loadCpuMs),
  first_lookup_ms: round(firstMs),
  lookups: times.length,
  games_found: games,
  lookup_ms_median: round(times[times.length >> 1]),
  lookup_ms_mean: round(times.reduce((a, b) => a + b, 0) / times.length),
  lookup_ms_p99: round(times[Math.floor(times.length * 0.99)]),
  lookup_ms_max: round(times.at(-1)),
  lookup_cpu_ms_mean: round(lookupsCpuMs / times.length),
}));
