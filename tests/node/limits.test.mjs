// The numbers the package checks, defined once: pkg/limits.js is written
// from the Rust constants (crates/wasm/src/limits.rs; `cargo test` fails when
// the committed file differs), the direct API and the worker client check
// their arguments against it (the client before any wasm is loaded), the
// engine refuses the same numbers, and the declarations spell them as it
// has them.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as direct from '../../pkg/index.js';
import { EngineClient } from '../../pkg/client.js';
import * as limits from '../../pkg/limits.js';

const {
  BOOK_VARIETY, CONFIDENCES, DEFAULT_TABLE_MB, DEPTHS, DEPTHS_96, LEVELS, LINES, PERFT_DEPTHS, SEEDS, TABLE_MB, THREADS,
} = limits;

const declarations = (file) => readFileSync(new URL(`../../pkg/${file}`, import.meta.url), 'utf8');

before(async () => {
  await direct.init();
});

test('the worker client checks its options against limits.js before any worker or wasm exists', () => {
  assert.equal(new EngineClient({ threads: THREADS.max, tableMb: TABLE_MB.max }).threads, null);
  for (const threads of [THREADS.min - 1, THREADS.max + 1]) {
    assert.throws(() => new EngineClient({ threads }),
      { name: 'RangeError', message: `EngineClient: threads must be a whole number from ${THREADS.min} to ${THREADS.max}, got ${threads}` });
  }
  for (const tableMb of [TABLE_MB.min - 1, TABLE_MB.max + 1]) {
    assert.throws(() => new EngineClient({ tableMb }),
      { name: 'RangeError', message: `EngineClient: tableMb must be a whole number of MiB from ${TABLE_MB.min} to ${TABLE_MB.max}, got ${tableMb}` });
  }
});

test('the direct API and the engine refuse the numbers just outside limits.js, and take the edges', () => {
  assert.throws(() => direct.perft(PERFT_DEPTHS.max + 1),
    { name: 'RangeError', message: new RegExp(`from ${PERFT_DEPTHS.min} to ${PERFT_DEPTHS.max} `) });
  assert.equal(direct.perft(PERFT_DEPTHS.min), 1);
  assert.throws(() => direct.playerMove('random', '', SEEDS.max + 2), { name: 'RangeError', message: new RegExp(`to ${SEEDS.max},`) });
  assert.equal(typeof direct.playerMove('random', '', SEEDS.max), 'string');
  assert.equal(SEEDS.max, Number.MAX_SAFE_INTEGER);
  // Refused by the engine itself (the facade checks only the type).
  assert.throws(() => direct.setThreads(THREADS.max + 1), { name: 'RangeError', message: new RegExp(`from ${THREADS.min} to ${THREADS.max}, got`) });
  assert.equal(direct.setThreads(THREADS.max), 1, 'the single-thread build runs one thread');
  assert.throws(() => direct.setTableSize(TABLE_MB.max + 1), { name: 'RangeError', message: new RegExp(`from ${TABLE_MB.min} to ${TABLE_MB.max}, got`) });
  assert.throws(() => direct.search('', { depth: DEPTHS.max + 1 }), { name: 'RangeError', message: new RegExp(`from ${DEPTHS.min} to ${DEPTHS.max}, got`) });
  assert.throws(() => direct.search('', { level: LEVELS.max + 1 }), { name: 'RangeError', message: new RegExp(`from ${LEVELS.min} to ${LEVELS.max}, got`) });
  assert.throws(() => direct.search('', { bookVariety: BOOK_VARIETY.max + 1 }),
    { name: 'RangeError', message: new RegExp(`from ${BOOK_VARIETY.min} to ${BOOK_VARIETY.max}, got`) });
  assert.throws(() => direct.analyze('', { lines: LINES.max + 1 }), { name: 'RangeError', message: new RegExp(`from ${LINES.min} to ${LINES.max}, got`) });
  assert.equal(direct.analyze('f5d6c3d3c4f4', { lines: LINES.max, depth: 2 }).length, LINES.max);
  assert.throws(() => direct.search('', { board: 96, depth: DEPTHS_96.max + 1 }),
    { name: 'RangeError', message: new RegExp(`from ${DEPTHS_96.min} to ${DEPTHS_96.max}, got`) });
  for (const confidence of CONFIDENCES) {
    assert.equal(direct.search('f5d6c3d3c4f4', { depth: 2, confidence, book: false }).depth, 2);
  }
  assert.throws(() => direct.search('', { depth: 2, confidence: 50 }), { code: 'ERR_OTHELLO_LIMITS' });
});

test('the declarations spell the limits as limits.js has them', () => {
  const index = declarations('index.d.ts');
  const client = declarations('client.d.ts');
  const union = index.match(/export type Confidence = ([\d |]+);/)?.[1];
  assert.deepEqual(union?.split('|').map(Number), [...CONFIDENCES], 'the Confidence union');
  const range = ({ min, max }) => `${min}-${max}`;
  const spelled = [
    [index, `Deepest iteration, ${range(DEPTHS_96)} (default 6; ${DEPTHS_96.max} when`, 'Limits96.depth'],
    [index, `Depth, ${range(DEPTHS_96)} (default 6)`, 'AnalyzeLimits96.depth'],
    [index, `plies below the start position: ${PERFT_DEPTHS.min} to ${PERFT_DEPTHS.max}, since`, 'perft'],
    [index, `Deepest iteration, ${range(DEPTHS)} (a depth`, 'Limits.depth'],
    [index, `A playing level, ${range(LEVELS)}.`, 'Limits.level'],
    [index, `the best may be played (${range(BOOK_VARIETY)},`, 'Limits.bookVariety'],
    [index, `its score and line (a whole number from ${LINES.min} to ${LINES.max},`, 'LinesLimits.lines'],
    [client, `The best \`limits.lines\` moves (${range(LINES)})`, 'EngineClient.analyze'],
    [index, `(a whole number from ${SEEDS.min} to 2^53 - 1, default 0)`, 'playerMove seed'],
    [index, `table size in MiB (${range(TABLE_MB)}, default ${DEFAULT_TABLE_MB})`, 'setTableSize'],
    [index, `on \`threads\` threads (${range(THREADS)})`, 'setThreads'],
    [client, `Threads to search on (${range(THREADS)})`, 'ClientOptions.threads'],
    [client, `Transposition table size in MiB (${range(TABLE_MB)}; default ${DEFAULT_TABLE_MB})`, 'ClientOptions.tableMb'],
    [client, `Counts the leaves \`depth\` (${range(PERFT_DEPTHS)}: deeper`, 'EngineClient.perft'],
    [client, `table size in MiB (${range(TABLE_MB)}) and clears it`, 'EngineClient.setTableSize'],
  ];
  for (const [text, phrase, where] of spelled) {
    assert.ok(text.replace(/\s*\n\s*\*\s*/g, ' ').includes(phrase), `${where}: "${phrase}"`);
  }
  assert.equal(SEEDS.max, 2 ** 53 - 1);
});
