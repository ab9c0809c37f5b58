// A fuzz test of the JS boundary: random and mutated inputs into every export
// of the direct API (pkg/index.js) and every method and constructor option of
// EngineClient (pkg/client.js). Strings start from real inputs (the WTHOR
// transcripts, FFO and held-out OBF lines of tests/data, GGF records written
// by formatGame, limits objects with the real option names) and are mutated
// (flips, insertions, deletions, truncation, duplication, surrogate halves,
// NUL, RTL marks, ~1 MB strings); other values are numbers (NaN, Infinity, -0,
// huge, fractions), BigInts, symbols, arrays, Proxies, getters and
// toString/valueOf that throw or return odd things. The 96-square board's
// calls (`{ board: 96 }`) get their own positions (96-square transcripts and
// position lines, random games walked with legalMoves and play) and limits.
//
// Every call must return a value of the documented shape or throw (reject)
// an Error whose message is a non-empty string: never a trap
// (WebAssembly.RuntimeError), never a non-Error, never a hang. After every
// batch of cases the engine must still answer correctly: perft from the start
// position against tests/data/perft.txt, the start position's moves (their
// number and their children's against perft 1 and 2), and the exact score of
// an FFO problem from tests/data/ffo.
//
// Inputs that would legitimately run long are kept out by the generators
// (perft deeper than 7, searches without a small node limit or on a clock of
// more than 200 ms, seed players deeper than a few plies, tables of more
// than 64 MiB, CLI benchmarks and soaks of more than one game): a call that
// takes long is then a bug.
//
// Case i of seed s is made from (s, i) alone, so one case can be run again.
// Environment:
//   FUZZ_SEED=123            the seed (default 1)
//   FUZZ_CASES=200000        cases into the direct API (default 12000)
//   FUZZ_CLIENT_CASES=N      bursts of requests into EngineClient (default FUZZ_CASES / 8)
//   FUZZ_ONLY=d:17 | c:17    only that case of the direct API (d) or the client (c)
//   FUZZ_SLOW_MS=8000        a call taking longer fails the run
//   FUZZ_HANG_MS=20000       a call taking longer is reported as a hang
//
// The direct API runs in a worker thread (this file again): a call that
// never returns cannot stop the watchdog here from reporting it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as directApi from '../../pkg/index.js';
import { initThreaded } from '../../pkg/threaded.js';
import { EngineClient } from '../../pkg/client.js';

/** The direct API with the threaded start (./threaded.js), which the fuzzed calls reach too. */
const othello = { ...directApi, initThreaded };

// ---------------------------------------------------------------- settings

function envInt(name, fallback, min = 0) {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < min) {
    throw new Error(`${name} must be a whole number of at least ${min}, got '${text}'`);
  }
  return n;
}

const SEED = envInt('FUZZ_SEED', 1);
const CASES = envInt('FUZZ_CASES', 12000);
const CLIENT_CASES = envInt('FUZZ_CLIENT_CASES', Math.ceil(CASES / 8));
const SLOW_MS = envInt('FUZZ_SLOW_MS', 8000, 1);
const HANG_MS = envInt('FUZZ_HANG_MS', 20000, 1);
const ONLY = (() => {
  const text = process.env.FUZZ_ONLY;
  if (text === undefined || text === '') return null;
  const match = /^([dc]):(\d+)$/.exec(text);
  if (!match) throw new Error(`FUZZ_ONLY must be d:<case> or c:<case>, got '${text}'`);
  return { kind: match[1], index: Number(match[2]) };
})();
/** Cases between two health checks. */
const BATCH = 250;
/** Cases into a direct API that is not loaded yet (before init). */
const UNLOADED_CASES = Math.min(150, Math.ceil(CASES / 20));

/** How to run a case again, for failure messages. */
const rerun = (kind, index) => (kind === 'u'
  // The cases before init run in order at the start of every run (each may leave the module changed).
  ? `FUZZ_SEED=${SEED} FUZZ_CASES=${CASES} node --test tests/node/fuzz.test.mjs`
  : `FUZZ_SEED=${SEED} FUZZ_ONLY=${kind}:${index} node --test tests/node/fuzz.test.mjs`);

// ---------------------------------------------------------------- the seeded generator

/** One step of splitmix32's mixer. */
function mix32(x) {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** sfc32, seeded from the run's seed and a stream (one per case). */
class Rng {
  constructor(seed, stream) {
    let s = mix32((seed >>> 0) ^ 0x9e3779b9) ^ mix32((Math.floor(seed / 2 ** 32) >>> 0) + 0x7f4a7c15)
      ^ mix32(Math.imul(stream + 1, 0x2545f491) ^ 0x68e31da4);
    const next = () => (s = mix32((s + 0x9e3779b9) | 0));
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.u32();
  }

  u32() {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) + t | 0;
    return t >>> 0;
  }

  float() { return this.u32() / 2 ** 32; }
  /** 0 to n - 1. */
  int(n) { return Math.floor(this.float() * n); }
  range(lo, hi) { return lo + this.int(hi - lo + 1); }
  chance(p) { return this.float() < p; }
  pick(list) { return list[this.int(list.length)]; }

  /** Calls the function of one of `choices` (`[weight, fn]` pairs), chosen by weight. */
  weighted(choices) {
    let total = 0;
    for (const [weight] of choices) total += weight;
    let x = this.float() * total;
    for (const [weight, fn] of choices) {
      x -= weight;
      if (x < 0) return fn();
    }
    return choices.at(-1)[1]();
  }
}

// Stream numbers of the three kinds of cases.
const UNLOADED_STREAM = 0x20000000;
const CLIENT_STREAM = 0x40000000;

// ---------------------------------------------------------------- rendering

/** What the generators made, in words, for values that cannot be shown as data. */
const described = new WeakMap();

function note(value, text) {
  described.set(value, text);
  return value;
}

function renderString(text) {
  if (text.length <= 240) return JSON.stringify(text);
  return `${JSON.stringify(text.slice(0, 100))} + …(${text.length} chars)… + ${JSON.stringify(text.slice(-60))}`;
}

/** A JSON-ish rendering of any value, which never runs a getter or a trap. */
function render(value, depth = 0) {
  try {
    if ((typeof value === 'object' && value !== null) || typeof value === 'function') {
      const text = described.get(value);
      if (text !== undefined) return text;
    }
    switch (typeof value) {
      case 'string': return renderString(value);
      case 'number': return Object.is(value, -0) ? '-0' : String(value);
      case 'bigint': return `${value}n`;
      case 'symbol': return value.toString();
      case 'undefined': return 'undefined';
      case 'boolean': return String(value);
      case 'function': return `[function ${value.name || 'anonymous'}]`;
      default: break;
    }
    if (value === null) return 'null';
    if (depth > 3) return '{…}';
    if (Array.isArray(value)) {
      const items = [];
      for (let i = 0; i < Math.min(value.length, 16); i++) {
        const d = Object.getOwnPropertyDescriptor(value, i);
        items.push(d === undefined ? '<hole>' : 'get' in d ? '<getter>' : render(d.value, depth + 1));
      }
      if (value.length > 16) items.push(`…${value.length - 16} more`);
      return `[${items.join(', ')}]`;
    }
    if (value instanceof Error) return `${value.name}(${renderString(String(value.message))})`;
    if (ArrayBuffer.isView(value)) return `${value.constructor.name}(${value.byteLength} bytes)`;
    if (value instanceof ArrayBuffer) return `ArrayBuffer(${value.byteLength} bytes)`;
    if (value instanceof WebAssembly.Module) return 'WebAssembly.Module';
    const proto = Object.getPrototypeOf(value);
    const prefix = proto === null ? 'Object.create(null) ' : proto === Object.prototype ? '' : `${proto.constructor?.name ?? '?'} `;
    const parts = Object.entries(Object.getOwnPropertyDescriptors(value)).map(([key, d]) =>
      ('get' in d ? `get ${JSON.stringify(key)}()` : `${JSON.stringify(key)}: ${render(d.value, depth + 1)}`));
    return `${prefix}{${parts.join(', ')}}`;
  } catch {
    return '<unrenderable>';
  }
}

const renderCall = (name, args) => `${name}(${args.map((arg) => render(arg)).join(', ')})`;

// ---------------------------------------------------------------- data nobody here wrote

const dataFile = (name) => readFileSync(new URL(`../data/${name}`, import.meta.url), 'utf8');
const lines = (text) => text.split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));

/** tests/data/perft.txt: leaves by depth, convention A (a pass costs a ply) and B. */
function readPerft() {
  const table = { A: [1], B: [1] };
  for (const line of lines(dataFile('perft.txt'))) {
    const [depth, a, b] = line.split(/\s+/).map(Number);
    table.A[depth] = a;
    table.B[depth] = b;
  }
  assert.ok(table.A.length > 8 && table.B.length > 8, 'perft.txt gives depths 1 to 8 at least');
  return table;
}

/** An OBF problem line: the position, its empties, and the best score and moves. */
function readProblem(line) {
  const [board, side] = line.split(/[\s;]+/);
  const scores = [...line.matchAll(/([A-Ha-h][1-8]):([+-]?\d+)/g)].map(([, move, score]) => ({ move: move.toLowerCase(), score: Number(score) }));
  const best = Math.max(...scores.map((s) => s.score));
  return {
    line,
    position: `${board} ${side}`,
    empties: [...board].filter((c) => c === '-').length,
    best,
    bestMoves: scores.filter((s) => s.score === best).map((s) => s.move),
  };
}

/** Seeds of the generators, read from tests/data and, for GGF, written by `engine.formatGame`. */
function readData(engine) {
  const games = lines(dataFile('wthor-first-games.txt')).map((line) => line.split(/\s+/)[3]);
  const ffo = ['ffo/fforum-1-19.obf', 'ffo/fforum-20-39.obf', 'ffo/fforum-40-59.obf']
    .flatMap((name) => lines(dataFile(name)).map(readProblem));
  const heldout = lines(dataFile('heldout-20-24.obf')).slice(0, 40);
  const transcripts = [];
  for (const game of games) {
    for (const plies of [0, 1, 2, 3, 6, 10, 17, 25, 33, 41, 50, 55, 57, 58, 59, 60]) {
      transcripts.push(game.slice(0, 2 * plies));
    }
  }
  transcripts.push(`${games[0].slice(0, 20).match(/../g).join(' ')}`, games[1].slice(0, 16).toUpperCase());
  const obf = [...ffo.map((p) => p.line), ...ffo.map((p) => p.position), ...heldout,
    `${'X'.repeat(64)} O`, `XO${'-'.repeat(62)} O`, `${'-'.repeat(27)}OX------XO${'-'.repeat(27)} X`];
  const data = { perft: readPerft(), games, ffo, transcripts, obf, ggf: [], positions: [], playable: [] };
  data.easy = ffo.filter((p) => p.empties <= 16);
  assert.ok(data.easy.length >= 5, 'tests/data/ffo has problems of 16 empties or fewer');
  if (engine !== null) {
    const tags = [{}, { PB: 'Black', PW: 'White' }, { PC: 'WTHOR 1977', RE: '+4', DT: '1977' }];
    transcripts.filter((_, i) => i % 3 === 0).forEach((t, i) => data.ggf.push(engine.formatGame(t, 'ggf', tags[i % 3])));
    data.ggf.push(engine.formatGame(ffo[0].position, 'ggf', { PB: 'a', PW: 'b' }), engine.formatGame(heldout[0], 'ggf'));
    for (const position of [...transcripts.filter((_, i) => i % 4 === 1), ...obf.slice(0, 30)]) {
      data.playable.push({ position, moves: engine.legalMoves(position) });
    }
  }
  data.variations = engine === null ? [] : variationTexts(engine, transcripts, ffo);
  data.positions = ['', ...transcripts, ...obf, ...data.ggf];
  data.positions96 = ['', 'e4', 'e4f4g5', 'f7g7h7f8f9', '1. e4 f4 2. g5', 'E4 F4 G5', 'e4d4c4g5g7d7h5g6f7g4f3g8g9e3d5c5b5b6c6a4',
    START96, START96.toLowerCase().replace(/-/g, '.'), `RW${'-'.repeat(94)} W`, `${'R'.repeat(96)} W`, `${'W'.repeat(95)}- R`];
  if (engine !== null) {
    // Random games walked with the 96-square rules, to the midgame and the endgame (few empties: the smart solver).
    const B = { board: 96 };
    for (let seed = 1; seed <= 8; seed++) {
      let position = '';
      let state = seed;
      for (let ply = 0; ply < [8, 30, 60, 76, 80, 82, 84, 88][seed - 1]; ply++) {
        const s = engine.status(position, B);
        if (s.status === 'gameover') break;
        state = (state * 1103515245 + 12345) % 2147483648;
        position = engine.play(position, s.status === 'pass' ? 'pa' : s.moves[state % s.moves.length], B);
      }
      data.positions96.push(position);
    }
  }
  return data;
}

/**
 * Variation text (formatVariations) made from the transcripts: each a main
 * line with, at a few of its plies, another legal move followed by the first
 * legal moves for a while, comments with odd characters, tags, and an FFO
 * position as a Start tag.
 */
function variationTexts(engine, transcripts, ffo) {
  const texts = [];
  const comments = ['', 'a}b', 'back\\slash', 'new\nline', '{nested}', '平行', ' spaced '];
  transcripts.filter((t) => t.length >= 12).slice(0, 24).forEach((transcript, index) => {
    const moves = engine.parseGame(transcript).moves;
    const root = { next: [] };
    let next = root.next;
    const nodes = [];
    for (const move of moves) {
      const node = { move, comment: comments[(nodes.length + index) % comments.length], next: [] };
      next.push(node);
      nodes.push({ node, before: next });
      next = node.next;
    }
    for (let ply = index % 3; ply < nodes.length; ply += 4 + (index % 5)) {
      const { before } = nodes[ply];
      const position = engine.parseGame(moves.slice(0, ply).join('')).position;
      const other = engine.legalMoves(position).find((move) => !before.some((node) => node.move === move));
      if (!other) continue;
      const variation = { move: other, comment: comments[ply % comments.length], next: [] };
      let after = engine.play(position, other);
      let tail = variation;
      for (let step = 0; step < 3 + (ply % 4); step++) {
        const state = engine.status(after);
        if (state.status === 'gameover') break;
        const move = state.status === 'pass' ? 'pa' : state.moves[0];
        const node = { move, comment: '', next: [] };
        tail.next.push(node);
        tail = node;
        after = engine.play(after, move);
      }
      before.push(variation);
    }
    const tags = index % 4 === 0 ? { Black: 'Tanaka "K"', White: 'Rose' } : {};
    texts.push(engine.formatVariations({ comment: comments[index % comments.length], tags, next: root.next }));
  });
  const start = ffo[0].position;
  const [first, second] = engine.legalMoves(start);
  texts.push(engine.formatVariations({ start, next: [{ move: first, comment: 'best?' }, { move: second }] }));
  texts.push('f5 d6 (f6 e6) c3 {x} (c5) d3', '1. f5 d6 2. c3 (2... c5 f4) d3 {the end}', '{start only}', '[Black "a"]\nf5');
  return texts;
}

// ---------------------------------------------------------------- value generators

const ODD_CHARS = ['\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\u200E', '\u200F', '\u202E', '\u2066', '\uFEFF',
  '\u0085', '\u00A0', '\u2028', '\u3000', '\u0301', 'é', 'ß', 'İ', 'ﬀ', '🙂', '\uFFFD', '\uFFFF', '\t', '\n', '\r',
  '\v', '\f', ' ', '"', "'", '\\', '`', '$', '{', '}', '%', '#', '５', '٣'];
const BOARD_CHARS = 'XO-xo*.@ 0123456789abcdefghABCDEFGHpPasS;:[](),+-=/';
const TOKENS = ['pa', 'PA', 'pass', 'ps', '--', 'f5', 'F5', 'a1', 'h8', 'i9', 'a0', ' X', ' O', ' X;', ' O;',
  'G8:+18;', ' A1:-64;', '(;', ';)', '(;GM[Othello]', 'GM[Othello]', 'GM[Chess]', 'BO[8 ', 'BO[10 ', 'TY[8]', 'TY[8r]',
  'B[f5]', 'W[d6]', 'B[pass]', 'W[PA]', 'B[f5//1.2]', 'PB[', ']', '[', 'RE[+10]', 'KM[', '\\]', '\\',
  '-'.repeat(27), 'O'.repeat(8), 'X'.repeat(9), ';', ':', '\u0000', '\uD800', '\u202E'];
const NUMBERS = [0, -0, 1, 2, 3, 4, 5, 6, 7, -1, -2, 0.5, 1.5, 2.5, -0.5, 1e-300, 5e-324, NaN, Infinity, -Infinity,
  2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 32 + 1, 2 ** 53 - 1, 2 ** 53, 2 ** 53 + 2, 2 ** 64, 1e16, 1e21, 1e300,
  Number.MAX_VALUE, -Number.MAX_VALUE, Number.EPSILON, 8, 12, 13, 15, 16, 19, 20, 21, 26, 29, 30, 31, 32, 59, 60,
  61, 63, 64, 65, 72, 73, 87, 95, 98, 99, 100, 101, 4096, 4097, 9e15, 9e15 + 2];
const ODD_KEYS = ['', ' ', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '0', '-1', 'depth ', 'Depth',
  'DEPTH', 'time_ms', 'time-ms', 'timems', 'passfree', 'onprogress', '\u0000', '\uD800', '🙂', 'k'.repeat(1000), 'nodes\u0000'];
const LIMIT_NAMES = ['depth', 'nodes', 'timeMs', 'exact', 'wld', 'confidence', 'level', 'evaluation', 'clock', 'book',
  'bookVariety', 'bookSeed'];
/** The limits of a search on the 96-square board. */
const LIMIT96_NAMES = ['board', 'depth', 'nodes', 'timeMs', 'algorithm', 'evaluation', 'clock', 'book'];
/** The 96-square board's start position line. */
const START96 = `${'-'.repeat(42)}WR${'-'.repeat(8)}RW${'-'.repeat(42)} R`;
const PAIP_EVALS = ['count-difference', 'weighted-squares', 'modified-weighted-squares', 'mobility'];
const CLI_FLAGS = ['--depth', '--time-ms', '--nodes', '--exact', '--wld', '--level', '--confidence', '--eval', '--no-book',
  '--book-variety', '--book-seed', '--table-mb', '--pass-free', '--games', '--seed', '--fresh-table', '--check-every',
  '--threads', '--bogus', '-d', '--', '--depth=3', '--Depth', '--board', '--algorithm'];
const CLI_VALUES = ['1', '2', '3', '4', '0', '-1', '61', '31', '1e2', '0x10', 'NaN', 'inf', '-inf', '1.5', '', ' 3', '3 ',
  'pattern', 'standin', 'file:/nonexistent', 'file:', '100', '99', '95', '73', '50', 'true', 'false',
  '9007199254740993', '18446744073709551616', '+3', '003', '96', '8', 'mtdf', 'greedy'];

/** Rust's `str::parse::<f64>()`, or null where it fails (JS's Number() reads more: hex, whitespace). */
function rustF64(text) {
  if (/^[+-]?(inf|infinity)$/i.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  if (/^[+-]?nan$/i.test(text)) return NaN;
  if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return Number(text);
  return null;
}

/** Rust's `str::parse::<u64>()` as a BigInt, or null. */
const rustWhole = (text) => (/^\+?\d+$/.test(text) ? BigInt(text) : null);

/** The generators of one case: `exotic` says whether it made values a worker message cannot carry as they are. */
class Gen {
  constructor(rng, data) {
    this.rng = rng;
    this.data = data;
    this.exotic = false;
  }

  oddChar() {
    return this.rng.chance(0.7) ? this.rng.pick(ODD_CHARS) : String.fromCharCode(this.rng.int(0x10000));
  }

  junk(max = 40) {
    const r = this.rng;
    let text = '';
    for (let i = r.int(max + 1); i > 0; i--) {
      text += r.weighted([[6, () => BOARD_CHARS[r.int(BOARD_CHARS.length)]], [2, () => this.oddChar()], [2, () => r.pick(TOKENS)]]);
    }
    return text;
  }

  /** `text` after one to four mutations. */
  mutate(text, times = 1 + this.rng.int(4)) {
    const r = this.rng;
    for (let t = 0; t < times; t++) {
      const at = r.int(text.length + 1);
      switch (r.int(10)) {
        case 0: text = text.slice(0, at) + (r.chance(0.5) ? BOARD_CHARS[r.int(BOARD_CHARS.length)] : this.oddChar()) + text.slice(at + 1); break;
        case 1: text = at < text.length ? text.slice(0, at) + String.fromCharCode(text.charCodeAt(at) ^ (1 << r.int(16))) + text.slice(at + 1) : text; break;
        case 2: text = text.slice(0, at) + r.pick(TOKENS) + text.slice(at); break;
        case 3: text = text.slice(0, at) + text.slice(at + 1 + r.int(8)); break;
        case 4: text = text.slice(0, at); break;
        case 5: {
          const from = r.int(text.length + 1);
          text = text.slice(0, at) + text.slice(from, from + 1 + r.int(20)) + text.slice(at);
          break;
        }
        case 6: {
          const end = at + 1 + r.int(10);
          const part = text.slice(at, end);
          text = text.slice(0, at) + (r.chance(0.5) ? part.toUpperCase() : part.toLowerCase()) + text.slice(end);
          break;
        }
        case 7: text = text.slice(0, at) + this.oddChar() + text.slice(at); break;
        case 8: text = text.slice(0, at) + r.pick(this.data.positions) + text.slice(at); break;
        default: text = text.replace(r.pick(['X', 'O', '-', ' ', '[', ']', ';', 'f', '5']), r.pick(['O', 'X', '-', '', '  ', ']', '[', 'pa', 'F']));
      }
    }
    return text;
  }

  /** A string of about a megabyte. */
  huge() {
    const r = this.rng;
    const size = 1 << 20;
    const base = r.pick(this.data.positions) || 'f5d6';
    return r.weighted([
      [2, () => base.repeat(Math.ceil(size / base.length))],
      [1, () => base + ' '.repeat(size)],
      [1, () => '-'.repeat(size) + ' X'],
      [1, () => `(;GM[Othello]PB[${'x'.repeat(size)}]BO[8 ${'-'.repeat(27)}OX------XO${'-'.repeat(27)} *]B[f5];)`],
      [1, () => `(;GM[Othello]${'B[f5]'.repeat(size / 5)};)`],
      [1, () => 'f5d6'.repeat(size / 4)],
      [1, () => this.mutate(base, 2) + '\u0000'.repeat(size)],
      [1, () => r.pick(['[', '(', ';', '\uD800', '🙂', 'pa ']).repeat(size / 2)],
      [1, () => `${'X'.repeat(64)} O;${' A1:+0;'.repeat(size / 7)}`],
    ]);
  }

  seedPosition() {
    return this.rng.pick(this.data.positions);
  }

  /** A string that names a position, or nearly. */
  positionString() {
    const r = this.rng;
    return r.weighted([
      [30, () => this.seedPosition()],
      [45, () => this.mutate(this.seedPosition())],
      [6, () => this.junk()],
      [4, () => r.pick(['', ' ', '\n', 'pa', 'f5 pa', 'f5d6pa', 'F5D6', 'f5,d6', 'f5-d6', '1. f5 d6', ';', '(;;)', '(;GM[Othello];)'])],
      [2, () => this.mutate(this.junk(), 2)],
      [0.6, () => this.huge()],
    ]);
  }

  /** Mostly a position string; sometimes anything. */
  position() {
    return this.rng.chance(0.9) ? this.positionString() : this.oddValue();
  }

  number() {
    const r = this.rng;
    if (r.chance(0.8)) return r.pick(NUMBERS);
    return r.chance(0.5) ? r.range(-100, 5000) : (r.float() - 0.5) * 10 ** r.range(-5, 20);
  }

  /** Something a function may throw. */
  thrown() {
    const r = this.rng;
    return r.weighted([
      [3, () => 'boom'], [1, () => ''], [1, () => null], [1, () => undefined], [1, () => 42], [1, () => ({})],
      [3, () => new Error('thrown on purpose')], [1, () => new Error('')], [1, () => new TypeError('typed on purpose')],
      [1, () => Symbol('thrown')],
      [1, () => {
        const error = new Error('x');
        Object.defineProperty(error, 'message', { get() { throw 'message getter'; } });
        return note(error, 'Error whose message getter throws');
      }],
      [1, () => {
        const error = new Error('x');
        error.message = 42;
        return note(error, 'Error whose message is 42');
      }],
      [1, () => note({ toString() { throw 'toString'; } }, '{ toString() throws }')],
      [1, () => note(new Proxy({}, { get() { throw 'trap'; }, getPrototypeOf() { throw 'trap'; } }), 'Proxy whose get and getPrototypeOf throw')],
    ]);
  }

  thrower(name = 'thrower') {
    const value = this.thrown();
    this.exotic = true;
    if (this.forClient) {
      // The client rethrows what its onProgress throws as an uncaught exception, as documented: not generated.
      return note({ [name]() { return value; } }[name], `function returning ${render(value)}`);
    }
    return note({ [name]() { throw value; } }[name], `function throwing ${render(value)}`);
  }

  /** An object whose conversions throw or give odd things. */
  trickyObject() {
    this.exotic = true;
    const r = this.rng;
    const t = this.thrown();
    const shown = render(t);
    return r.pick([
      () => note({ toString() { throw t; } }, `{ toString() throws ${shown} }`),
      () => note({ valueOf() { throw t; } }, `{ valueOf() throws ${shown} }`),
      () => note({ [Symbol.toPrimitive]() { throw t; } }, `{ [Symbol.toPrimitive]() throws ${shown} }`),
      () => note({ toString() { return {}; }, valueOf() { return {}; } }, '{ toString() and valueOf() return objects }'),
      () => note({ toString() { return 'f5'; } }, "{ toString() returns 'f5' }"),
      () => note({ valueOf() { return 3; } }, '{ valueOf() returns 3 }'),
      () => note({ [Symbol.toPrimitive]() { return Symbol('p'); } }, '{ [Symbol.toPrimitive]() returns a symbol }'),
      () => note({ toJSON() { throw t; } }, `{ toJSON() throws ${shown} }`),
      () => note(Object.create(null), 'Object.create(null)'),
    ])();
  }

  /** A Proxy of `target` whose traps misbehave (or pass through). */
  proxy(target, label = render(target)) {
    this.exotic = true;
    const r = this.rng;
    const t = this.thrown();
    const shown = render(t);
    const kinds = [
      ['passes through', {}],
      [`ownKeys throws ${shown}`, { ownKeys() { throw t; } }],
      [`get throws ${shown}`, { get() { throw t; } }],
      [`getOwnPropertyDescriptor throws ${shown}`, { getOwnPropertyDescriptor() { throw t; } }],
      [`getPrototypeOf throws ${shown}`, { getPrototypeOf() { throw t; } }],
      [`has throws ${shown}`, { has() { throw t; } }],
      ['lists a key it does not have', { ownKeys: (o) => [...Reflect.ownKeys(o), 'depth', 'PB'] }],
    ];
    if (r.chance(0.12)) {
      const { proxy, revoke } = Proxy.revocable(target, {});
      revoke();
      return note(proxy, `revoked Proxy of ${label}`);
    }
    const [what, handler] = r.pick(kinds);
    return note(new Proxy(target, handler), `Proxy of ${label} (${what})`);
  }

  /** A copy of the plain object `plain` whose properties are getters; one may throw. */
  getters(plain, label = render(plain)) {
    this.exotic = true;
    const keys = Object.keys(plain);
    const throwing = keys.length > 0 && this.rng.chance(0.5) ? this.rng.pick(keys) : null;
    const t = throwing === null ? undefined : this.thrown();
    const object = {};
    for (const key of keys) {
      Object.defineProperty(object, key, {
        enumerable: true,
        get: key === throwing ? () => { throw t; } : () => plain[key],
      });
    }
    return note(object, `getters of ${label}${throwing === null ? '' : ` (${JSON.stringify(throwing)} throws ${render(t)})`}`);
  }

  /** `plain` as given, or in a costume that keeps its values: frozen, without prototype, an instance, getters, a Proxy. */
  wrap(plain) {
    // Only the generator's plain objects are dressed (reading an odd value may throw).
    if (plain === null || typeof plain !== 'object' || described.has(plain)) return plain;
    const r = this.rng;
    const label = render(plain);
    return r.weighted([
      [70, () => plain],
      [3, () => Object.freeze(plain)],
      [3, () => { this.exotic = true; return note(Object.assign(Object.create(null), plain), `Object.create(null) with ${label}`); }],
      [2, () => { this.exotic = true; return note(Object.assign(new (class Options {})(), plain), `Options instance with ${label}`); }],
      [2, () => { this.exotic = true; this.hidden = true; return note(Object.create(plain), `an object inheriting ${label}`); }],
      [3, () => { this.exotic = true; const o = { ...plain, [Symbol('extra')]: 1 }; return note(o, `${label} with a symbol key`); }],
      [7, () => this.getters(plain, label)],
      [10, () => this.proxy(plain, label)],
    ]);
  }

  plainObject(depth = 0) {
    const r = this.rng;
    const object = {};
    for (let i = r.int(4); i > 0; i--) {
      const key = r.chance(0.5) ? r.pick(ODD_KEYS) : r.pick([...LIMIT_NAMES, 'passFree', 'onProgress', 'shouldStop', 'PB', 'timeoutMs', 'wasm']);
      Object.defineProperty(object, key, { value: depth < 3 && r.chance(0.3) ? this.oddValue(depth + 1) : this.number(), enumerable: true, writable: true, configurable: true });
    }
    return object;
  }

  builtin() {
    this.exotic = true;
    const r = this.rng;
    return r.pick([
      () => new Date(NaN), () => /f5/g, () => new Map([['depth', 3]]), () => new Set(['f5']), () => new Uint8Array(8),
      () => new ArrayBuffer(4), () => Promise.resolve('f5'), () => new Error('an error as a value'), () => new String('f5'),
      () => new Number(3), () => new Boolean(false), () => new WeakMap(), () => Object.freeze(['f5']),
      () => new (class Limits { constructor() { this.depth = 3; } })(),
    ])();
  }

  func() {
    this.exotic = true;
    const r = this.rng;
    return r.pick([
      () => note(function f5() { return 'f5'; }, "function returning 'f5'"),
      () => note(() => undefined, 'arrow function'),
      () => this.thrower(),
      () => note(class K {}, 'a class'),
    ])();
  }

  /** Anything at all. */
  oddValue(depth = 0) {
    const r = this.rng;
    return r.weighted([
      [3, () => undefined], [3, () => null], [2, () => r.chance(0.5)],
      [5, () => this.number()],
      [2, () => { this.exotic = true; return r.pick([0n, 3n, -1n, 2n ** 64n, 10n ** 30n]); }],
      [1, () => { this.exotic = true; return Symbol(r.pick(['f5', '', 'x'])); }],
      [5, () => this.positionString()],
      [3, () => r.pick([[], [this.seedPosition()], [1, 'f5'], [[['f5']]], new Array(3)])],
      [3, () => (depth < 3 ? this.plainObject(depth) : {})],
      [4, () => this.trickyObject()],
      [2, () => this.proxy(depth < 3 ? this.plainObject(depth) : {})],
      [2, () => this.getters(depth < 3 ? this.plainObject(depth) : { depth: 3 })],
      [2, () => this.builtin()],
      [2, () => this.func()],
    ]);
  }

  /** `args` with a trailing argument dropped or extra ones added, now and then. */
  arity(args) {
    const r = this.rng;
    if (r.chance(0.05) && args.length > 0) return args.slice(0, r.int(args.length));
    if (r.chance(0.05)) return [...args, this.oddValue()];
    return args;
  }

  // ---- the arguments of each function

  move() {
    const r = this.rng;
    return r.weighted([
      [2, () => r.pick(['pa', 'PA', 'Pa', 'pass', 'PASS', 'ps', '--', '-', 'p', 'pas'])],
      [3, () => `${'abcdefghABCDEFGH'[r.int(16)]}${r.range(1, 8)}`],
      [2, () => r.pick(['a0', 'a9', 'i1', 'z9', 'aa', '11', 'f', '5', ' f5', 'f5 ', '\tf5\n', 'f5d6', 'f5 d6', 'f５', 'f\u00005', ''])],
      [2, () => this.mutate(`${'abcdefgh'[r.int(8)]}${r.range(1, 8)}`, 1)],
      [1, () => this.junk(6)],
      [0.2, () => this.huge()],
      [1.5, () => this.oddValue()],
    ]);
  }

  play() {
    const r = this.rng;
    if (r.chance(0.6)) {
      const { position, moves } = r.pick(this.data.playable);
      const move = moves.length > 0 && r.chance(0.7) ? r.pick(moves) : this.move();
      return [r.chance(0.85) ? position : this.mutate(position), move];
    }
    return [this.position(), this.move()];
  }

  /** Variation text (parseVariations): a real one, mutated, or any position text. */
  variationText() {
    const r = this.rng;
    return r.weighted([
      [5, () => r.pick(this.data.variations)],
      [6, () => this.mutate(r.pick(this.data.variations))],
      [2, () => this.positionString()],
      [1, () => r.pick(['(', ')', '{', '}', '[', '[Start "x"]', '[Start "', 'f5 (', 'f5 ()', 'f5 (d6)', '((((f5', 'f5 {\\', '[a "b"]'])],
      [0.5, () => this.oddValue()],
    ]);
  }

  /** A game tree (formatVariations): a real one, with a field changed now and then, or anything. */
  tree() {
    const r = this.rng;
    if (r.chance(0.1)) return this.oddValue();
    let tree;
    try {
      tree = othello.parseVariations(r.pick(this.data.variations));
    } catch {
      return this.oddValue();
    }
    if (r.chance(0.5)) return tree;
    // A node somewhere in the tree, its field changed.
    let nodes = tree.next;
    let node = null;
    while (nodes.length > 0 && (node === null || r.chance(0.9))) {
      node = r.pick(nodes);
      nodes = node.next;
    }
    const target = node ?? tree;
    const field = r.pick(['move', 'comment', 'next', 'start', 'tags']);
    const value = r.weighted([
      [3, () => this.move()],
      [2, () => this.mutate(String(target[field] ?? ''), 1)],
      [1, () => [target]],
      [1, () => ({ Start: 'x' })],
      [2, () => this.oddValue()],
    ]);
    target[field] = value;
    return tree;
  }

  formatGame() {
    const r = this.rng;
    const text = r.chance(0.4) ? r.pick([...this.data.ggf, this.seedPosition()]) : this.position();
    const format = r.weighted([
      [8, () => r.pick(['obf', 'transcript', 'ggf'])],
      [2, () => r.pick(['OBF', 'ggf ', '', 'pgn', 'sgf', 'GGF', 'transcript\u0000'])],
      [1, () => this.oddValue()],
    ]);
    const tags = r.weighted([
      [4, () => undefined],
      [6, () => this.tags()],
      [1, () => this.oddValue()],
    ]);
    return this.arity(r.chance(0.1) ? [text, format] : [text, format, tags]);
  }

  tags() {
    const r = this.rng;
    const tags = {};
    for (let i = r.int(5); i > 0; i--) {
      const key = r.weighted([
        [6, () => r.pick(['PB', 'PW', 'RE', 'PC', 'DT', 'TI', 'KM', 'RB', 'RW', 'CO'])],
        [2, () => r.pick(['GM', 'TY', 'BO', 'B', 'W', 'pb', '', 'P B', 'P[', 'A'.repeat(1000), '0', 'É', 'PB\u0000'])],
        [1, () => r.pick(ODD_KEYS)],
      ]);
      const value = r.weighted([
        [6, () => r.pick(['Alice', 'Bob', '+10', '-64', '1977', '', 'x]y', '[', '\\', ';)', '(;', 'é🙂', '\u0000', '\uD800'])],
        [2, () => this.mutate(r.pick(['Alice', 'B[f5]', '(;GM[Othello];)']), 2)],
        [1, () => this.oddValue()],
        [0.2, () => 'v'.repeat(1 << 20)],
      ]);
      Object.defineProperty(tags, key, { value, enumerable: true, writable: true, configurable: true });
    }
    return this.wrap(tags);
  }

  perft() {
    const r = this.rng;
    const depth = r.weighted([
      [8, () => r.range(0, 7)],
      [3, () => r.pick([-1, -0, 21, 22, 100, 2.5, 0.5, NaN, Infinity, -Infinity, 2 ** 32, 1e21, -(2 ** 31)])],
      [2, () => r.pick(['3', '', ' 3', '0x3', [3]])],
      [2, () => this.oddValue()],
    ]);
    const flag = r.chance(0.5);
    const options = r.weighted([
      [3, () => undefined],
      [3, () => ({})],
      [5, () => this.wrap({ passFree: flag })],
      [2, () => ({ passFree: this.oddValue() })],
      [2, () => r.pick([{ passfree: true }, { pass_free: true }, { passFree: true, extra: 1 }, { passFree: undefined }, { convention: 'B' }])],
      [2, () => this.oddValue()],
    ]);
    // Every deeper perft would legitimately take long: keep valid depths at 7 or less.
    const args = this.arity(r.chance(0.2) ? [depth] : [depth, options]);
    if (typeof args[0] === 'number' && Number.isInteger(args[0]) && args[0] > 7 && args[0] <= 20) args[0] = 7;
    return args;
  }

  /**
   * A limits object of real option names, valid values mixed with wrong
   * ones, bounded (see boundLimits): `{ limits, bounded }`, where `bounded`
   * is false for limits that may leave a search at the default level (about
   * a second at most, more than the fuzzer should spend on one case).
   */
  limits() {
    const r = this.rng;
    if (r.chance(0.08)) return { limits: this.oddLimits(), bounded: false };
    const plain = {};
    const values = {
      depth: () => r.pick([1, 2, 3, 4, 5, 6, 8, 12, 60, 0, 61, -1, 2.5, NaN, Infinity, '3', null, true]),
      nodes: () => r.pick([1, 2, 100, 1000, 5000, 1e6, 9e15, 9e15 + 2, 0, -1, 0.5, NaN, Infinity, '1000', null, 2 ** 53]),
      timeMs: () => r.pick([1, 5, 20, 1e-300, 5e-324, 1000, 1e9, 0, -0, -5, NaN, Infinity, '10', null, false]),
      exact: () => r.pick([true, false, 'true', 1, 0, null]),
      wld: () => r.pick([true, false, 'yes', 1, null]),
      confidence: () => r.pick([100, 99, 98, 95, 87, 73, 90, 0, 101, 72, 99.5, -1, NaN, '95', null]),
      level: () => r.pick([1, 2, 5, 10, 13, 20, 30, 0, 31, 1.5, -1, NaN, '10', null]),
      evaluation: () => r.pick(['pattern', 'standin', 'Pattern', 'file:/x.bin', 'file:', '', 'neural', 3, null, true]),
      clock: () => r.weighted([
        [6, () => ({ remainingMs: r.pick([0, -0, 1, 10, 50, 200, 1e9, -1, NaN, Infinity, '100', null]), incrementMs: r.pick([undefined, 0, 10, 1e9, -1, NaN, Infinity, '5']) })],
        [2, () => r.pick([{}, { incrementMs: 5 }, { remainingMs: 50, extra: 1 }, { remainingms: 50 }, [], 100, 'fast', null, true])],
      ]),
      book: () => r.pick([true, false, 'false', 0, 1, null]),
      bookVariety: () => r.pick([0, 1, 4, 64, 65, -1, 2.5, NaN, '2', null]),
      bookSeed: () => r.pick([0, 1, 12345, 2 ** 53 - 1, 2 ** 53, -1, 0.5, NaN, Infinity, '7', null]),
    };
    for (let i = r.int(5); i > 0; i--) {
      const name = r.pick(LIMIT_NAMES);
      plain[name] = r.chance(0.85) ? values[name]() : this.oddValue(1);
    }
    if (r.chance(0.08)) plain[r.pick(ODD_KEYS)] = this.number();
    boundLimits(plain, r);
    if (plain.clock !== null && typeof plain.clock === 'object' && r.chance(0.2)) plain.clock = this.wrap(plain.clock);
    this.hidden = false;
    const limits = this.wrap(plain);
    return { limits, bounded: !this.hidden };
  }

  /**
   * Limits that are not a limits object: odd values whose own keys, if any,
   * name no limit (a plain odd object could hold `exact: true` or a huge
   * `timeMs` with no node limit, a search that legitimately runs long).
   */
  oddLimits() {
    const r = this.rng;
    const unknownKeys = () => Object.fromEntries(ODD_KEYS.filter(() => r.chance(0.2)).map((key) => [key, this.number()]));
    return r.weighted([
      [3, () => undefined], [2, () => null], [2, () => this.number()], [1, () => this.positionString()],
      [1, () => { this.exotic = true; return 3n; }], [2, () => r.pick([[], [{ depth: 3 }], ['nodes', 5]])],
      [2, () => this.trickyObject()], [2, () => this.builtin()], [1, () => this.func()], [1, () => ({})],
      [2, () => this.proxy(unknownKeys())], [2, () => this.getters(unknownKeys())],
    ]);
  }

  /** A 96-square position: a real one, mutated now and then, or any position text. */
  position96() {
    const r = this.rng;
    return r.weighted([
      [7, () => r.pick(this.data.positions96)],
      [2, () => this.mutate(r.pick(this.data.positions96), 1 + r.int(2))],
      [1, () => this.position()],
    ]);
  }

  /** The board option of a rules function: `{ board: 96 }` mostly, the 8x8 board, and wrong values. */
  boardOption() {
    const r = this.rng;
    return r.weighted([
      [12, () => ({ board: 96 })],
      [1, () => ({ board: 8 })],
      [1, () => undefined],
      [2, () => r.pick([{}, { board: '96' }, { board: 7 }, { board: 96.5 }, { board: NaN }, { board: null }, { board: 96, extra: 1 }, { Board: 96 }, []])],
      [2, () => this.wrap({ board: 96 })],
      [1, () => this.oddValue()],
    ]);
  }

  /** Arguments of a rules function (legalMoves, play, status, score, parseGame) on the 96-square board. */
  rules96(name) {
    const r = this.rng;
    const position = this.position96();
    if (name !== 'play') return this.arity([position, this.boardOption()]);
    const move = r.weighted([
      [5, () => r.pick(['e4', 'd5', 'g6', 'f7', 'pa', 'a1', 'j10', 'a10', 'c3', 'h8'])],
      [2, () => `${'abcdefghij'[r.int(10)]}${1 + r.int(10)}`],
      [1, () => this.move()],
      [1, () => this.oddValue()],
    ]);
    return this.arity([position, move, this.boardOption()]);
  }

  /** A time manager's memory for `clock.memory`: as a report gives it, or wrong. */
  clockMemory() {
    const r = this.rng;
    const cost = () => ({ depth: r.pick([4, 6, 8, 0, 65, 2.5]), nodes: r.pick([1, 1000, 40000, 0, -1, 2 ** 53]), timeMs: r.pick([1, 5, 40, 0, -1, NaN]) });
    return r.weighted([
      [4, () => ({ history: Array.from({ length: r.int(3) }, cost) })],
      [1, () => ({ history: Array.from({ length: 3 }, cost) })],
      [2, () => r.pick([null, {}, { history: null }, { history: [1] }, { history: [{}] }, { history: [{ depth: 8 }] }, { extra: [] }, [], 'memory'])],
      [1, () => this.oddValue(1)],
    ]);
  }

  /**
   * Limits of a 96-square search (or analysis), valid values mixed with
   * wrong ones, kept short: a search gets a node limit of at most 5000
   * unless its depth is 5 or less or it is on a clock (cut to 200 ms); an
   * analysis a depth of at most 3. `{ limits, bounded }` as for limits().
   */
  limits96(analyze) {
    const r = this.rng;
    const plain = { board: 96 };
    const values = {
      board: () => r.pick([96, 96, 8, '96', 7, null]),
      depth: () => r.pick([1, 2, 3, 4, 5, 6, 12, 30, 0, 31, -1, 2.5, NaN, Infinity, '3', null, true]),
      nodes: () => r.pick([1, 100, 1000, 5000, 1e6, 0, -1, 0.5, NaN, '1000', null, 2 ** 53]),
      timeMs: () => r.pick([1, 5, 20, 1e-300, 1000, 0, -5, NaN, Infinity, '10', null]),
      algorithm: () => r.pick(['alphabeta', 'negascout', 'mtdf', 'MTDF', 'minimax', '', 3, null]),
      evaluation: () => r.pick(['smart', 'greedy', 'smart-hand', 'smart-uniform', 'pattern', 'Smart', '', null, 1]),
      book: () => r.pick([true, false, false, 'yes', 1, null]),
      clock: () => r.weighted([
        [6, () => (r.chance(0.5) ? { remainingMs: r.pick([0, 1, 10, 50, 200, 1e9, -1, NaN, Infinity, '100', null]) }
          : { remainingMs: r.pick([0, 10, 200, 1e9]), memory: this.clockMemory() })],
        [2, () => r.pick([{}, { remainingMs: 50, incrementMs: 5 }, { remainingms: 50 }, [], 100, null, true])],
      ]),
    };
    for (let i = r.int(4); i > 0; i--) {
      const name = r.pick(analyze && r.chance(0.7) ? ['depth', 'evaluation'] : LIMIT96_NAMES);
      plain[name] = r.chance(0.9) ? values[name]() : this.oddValue(1);
    }
    if (r.chance(0.05)) plain[r.pick(ODD_KEYS)] = this.number();
    if (r.chance(0.05)) delete plain.board;
    const depth = plain.depth;
    const whole = typeof depth === 'number' && Number.isInteger(depth);
    if (analyze) {
      if (depth === undefined || (whole && depth > 3)) plain.depth = 1 + r.int(3);
    } else {
      const clock = plain.clock;
      if (clock !== null && typeof clock === 'object' && !described.has(clock) && typeof clock.remainingMs === 'number' && clock.remainingMs > 200) clock.remainingMs = r.pick([0, 10, 200]);
      const nodes = plain.nodes;
      if (clock === undefined && !(whole && depth <= 5)) {
        if (nodes === undefined) plain.nodes = 1 + r.int(5000);
        else if (typeof nodes === 'number' && Number.isInteger(nodes) && nodes > 5000) plain.nodes = 5000;
      }
    }
    this.hidden = false;
    const limits = this.wrap(plain);
    return { limits, bounded: !this.hidden };
  }

  /** A search or analysis on the 96-square board. */
  search96(analyze) {
    const r = this.rng;
    const violations = [];
    const { limits, bounded } = this.limits96(analyze);
    // Limits in a costume may hold anything: an opening then (searched fast at the default depth).
    const position = bounded ? this.position96() : r.pick(['', 'e4', 'e4f4g5']);
    const options = this.searchOptions(violations);
    const args = r.weighted([[3, () => [position, limits]], [6, () => [position, limits, options]]]);
    if (r.chance(0.05)) args.push(this.oddValue());
    return { args, violations };
  }

  /** The position of a search: any, or an opening (searched fast at the default level) when the limits may not bound it. */
  searchPosition(bounded) {
    const r = this.rng;
    if (!bounded) return r.pick(['', ...this.data.transcripts.filter((t) => t.length <= 34)]);
    return r.chance(0.75) ? (r.chance(0.7) ? this.seedPosition() : this.mutate(this.seedPosition(), 1)) : this.position();
  }

  /** The callbacks of a direct search: recorders, throwers, callers back into the engine. */
  searchOptions(violations) {
    const r = this.rng;
    const onProgress = () => r.weighted([
      [4, () => note((report) => checkReport(report, violations, 'onProgress'), 'onProgress recorder')],
      [2, () => this.thrower('onProgress')],
      [2, () => this.reentrant('onProgress')],
      [1, () => this.oddValue()],
    ]);
    const shouldStop = () => r.weighted([
      [2, () => note(() => false, 'shouldStop returning false')],
      [2, () => note(() => true, 'shouldStop returning true')],
      [2, () => { let calls = 0; return note(() => ++calls > 3, 'shouldStop true from the 4th call'); }],
      [1, () => { const value = this.oddValue(1); return note(() => value, `shouldStop returning ${render(value)}`); }],
      [2, () => this.thrower('shouldStop')],
      [2, () => this.reentrant('shouldStop')],
      [1, () => this.oddValue()],
    ]);
    return r.weighted([
      [3, () => undefined],
      [2, () => ({})],
      [4, () => this.wrap({ onProgress: onProgress() })],
      [3, () => this.wrap({ shouldStop: shouldStop() })],
      [3, () => this.wrap({ onProgress: onProgress(), shouldStop: shouldStop() })],
      [1, () => r.pick([{ onprogress: () => {} }, { stop: true }, { timeoutMs: 10 }])],
      [1, () => this.oddValue()],
    ]);
  }

  /** A callback that calls the engine again while it searches (which must answer or throw an Error). */
  reentrant(name) {
    this.exotic = true;
    const r = this.rng;
    const [what, call] = r.pick([
      ['legalMoves', () => othello.legalMoves('f5d6')],
      ['search', () => othello.search('f5d6', { depth: 2 })],
      ['analyze', () => othello.analyze('f5d6', { depth: 1 })],
      ['setTableSize(2)', () => othello.setTableSize(2)],
      ['clearTable', () => othello.clearTable()],
      ['perft(3)', () => othello.perft(3)],
      ["runCli(['perft', '2'])", () => othello.runCli(['perft', '2'], () => {})],
      ['playerMove', () => othello.playerMove('engine:depth=1', 'f5')],
    ]);
    const result = r.chance(0.5);
    const fn = { [name]() { call(); return name === 'shouldStop' ? result : undefined; } }[name];
    return note(fn, `${name} calling ${what}${name === 'shouldStop' ? ` then returning ${result}` : ''}`);
  }

  search() {
    const r = this.rng;
    const violations = [];
    const { limits, bounded } = this.limits();
    const position = this.searchPosition(bounded);
    const options = this.searchOptions(violations);
    const args = r.weighted([[1, () => [position, { nodes: 1 + r.int(3000) }]], [3, () => [position, limits]], [6, () => [position, limits, options]]]);
    if (r.chance(0.05)) args.push(this.oddValue());
    return { args, violations };
  }

  spec() {
    const r = this.rng;
    const spec = r.weighted([
      [2, () => 'random'],
      [2, () => `maximizer:${r.pick(PAIP_EVALS)}`],
      [2, () => `minimax:${r.range(1, 3)}:${r.pick(PAIP_EVALS)}`],
      [2, () => `alphabeta:${r.range(1, 5)}:${r.pick(PAIP_EVALS)}`],
      [2, () => `iago:${r.range(1, 4)}`],
      [2, () => `bill:${r.range(1, 4)}`],
      [3, () => `engine:${this.engineOptions()}`],
      [1, () => r.pick(['engine', 'engine:', 'random:', 'bogus', '', ':', 'minimax:0:mobility', 'minimax:9:mobility',
        'alphabeta:13:mobility', 'iago:0', 'bill:-1', 'iago:x', 'maximizer:', 'maximizer:speed', 'RANDOM', 'engine:depth',
        'engine:depth=', 'engine:=3', 'engine:,', 'engine:table-mb=4096,depth=1', 'engine:exact-from=60,time-ms=5'])],
    ]);
    const mutated = r.chance(0.4) ? this.mutate(spec, 1 + r.int(2)) : spec;
    return boundSpec(mutated);
  }

  engineOptions() {
    const r = this.rng;
    const pairs = [];
    for (let i = r.int(4); i > 0; i--) {
      pairs.push(r.pick([
        () => `depth=${r.pick(['1', '3', '6', '0', '61', 'x', '2.0', '+2', '1e0'])}`,
        () => `time-ms=${r.pick(['1', '5', '20', '0', '-1', 'inf', 'NaN', '1e-9'])}`,
        () => `nodes=${r.pick(['1', '100', '5000', '0', '9000000000000001', '1.5'])}`,
        () => `eval=${r.pick(['pattern', 'standin', 'file:/x', 'mobility', ''])}`,
        () => `table-mb=${r.pick(['1', '4', '16', '0', '4097', '4096', 'x'])}`,
        () => `confidence=${r.pick(['100', '95', '73', '90', '0', '101'])}`,
        () => `level=${r.pick(['1', '3', '5', '0', '31'])}`,
        () => `exact-from=${r.pick(['0', '6', '12', '61', '-1'])}`,
        () => `wld-from=${r.pick(['0', '8', '14', '61', 'x'])}`,
        () => `book=${r.pick(['true', 'false', 'maybe'])}`,
        () => `book-variety=${r.pick(['0', '3', '65'])}`,
        () => `book-seed=${r.pick(['0', '9', '-1', '9007199254740992'])}`,
        () => r.pick(['speed=3', 'depth', '=', 'exact=true', 'clock-ms=100', 'increment-ms=5', 'wld=true']),
      ])());
    }
    return pairs.join(r.chance(0.9) ? ',' : r.pick([';', ', ', ',,']));
  }

  playerMove() {
    const r = this.rng;
    const spec = r.chance(0.9) ? this.spec() : this.oddValue();
    const position = r.chance(0.7) ? this.seedPosition() : this.position();
    const seed = r.weighted([
      [4, () => undefined],
      [4, () => r.range(0, 1000)],
      [2, () => r.pick([2 ** 53 - 1, 2 ** 53, -1, -0, 1.5, NaN, Infinity, 1e300])],
      [1, () => this.oddValue()],
    ]);
    return this.arity(seed === undefined && r.chance(0.5) ? [spec, position] : [spec, position, seed]);
  }

  evaluate() {
    const r = this.rng;
    const evaluation = r.weighted([
      [4, () => undefined],
      [4, () => r.pick(['pattern', 'standin'])],
      [2, () => r.pick(['Pattern', 'file:/x', 'file:', '', 'neural', 'standin ', 'pattern\u0000'])],
      [1, () => this.oddValue()],
    ]);
    return this.arity(evaluation === undefined && r.chance(0.5) ? [this.position()] : [this.position(), evaluation]);
  }

  /** A table size: valid ones are kept at 32 MiB or less (a large table takes seconds and gigabytes). */
  tableMb() {
    const r = this.rng;
    const size = r.weighted([
      [5, () => r.pick([1, 2, 4, 8, 16, 32])],
      [4, () => r.pick([0, -0, -1, 0.5, 1.5, 4096.5, 4097, 4096, 1e10, NaN, Infinity, -Infinity, 2 ** 53])],
      [2, () => this.oddValue()],
    ]);
    // 4096 MiB cannot be had in wasm32 and is refused at once; the sizes between take up to seconds.
    return typeof size === 'number' && Number.isInteger(size) && size > 32 && size < 4096 ? 32 : size;
  }

  /** `runCli` arguments: the usage's commands with options, mutated, kept short (see boundCliArgs). */
  runCli() {
    const r = this.rng;
    const flags = () => {
      const out = [];
      for (let i = r.int(4); i > 0; i--) {
        out.push(r.pick(CLI_FLAGS));
        if (r.chance(0.8)) out.push(r.pick(CLI_VALUES));
      }
      return out;
    };
    let args = r.weighted([
      [3, () => ['perft', r.pick(['0', '1', '3', '5', '7', '21', '-1', 'x', '', '3.0', '+2']), ...(r.chance(0.3) ? ['--pass-free'] : [])]],
      [1, () => ['perft', r.pick(['0', '3', '7', '13', '14', '']), '--board', r.pick(['96', '96', '8', '7', ''])]],
      [1, () => ['search', r.pick(['f7g7h7f8f9', 'e4', '', 'f7c3', 'f5d6', this.positionString()]), '--board', '96', ...flags()]],
      [4, () => ['search', this.positionString(), ...flags()]],
      [3, () => ['analyze', this.positionString(), ...flags()]],
      [2, () => ['search', ...this.seedPosition().split(' '), ...flags()]],
      [2, () => ['solve', r.pick(['problems.obf', 'x.obf', '', '/dev/null']), ...flags()]],
      [2, () => ['book', r.pick(['stats', 'probe', 'build', 'check', '', 'STATS']), ...(r.chance(0.6) ? [this.positionString()] : [])]],
      [0.3, () => ['soak', ...flags()]],
      [2, () => ['nboard', ...(r.chance(0.3) ? flags() : [])]],
      [1, () => ['bench', ...flags()]],
      [1, () => [r.pick(['game', 'train', 'tournament', 'match', 'openings', 'evaltest', 'help', '--help', '-h', '', 'PERFT', 'perft\u0000'])]],
      [0.5, () => []],
    ]);
    for (let i = r.int(3); i > 0 && args.length > 0; i--) {
      const at = r.int(args.length);
      r.pick([
        () => { args[at] = this.mutate(args[at], 1); },
        () => { args.splice(at, 0, r.chance(0.5) ? r.pick(CLI_FLAGS) : r.pick(CLI_VALUES)); },
        () => { args.splice(at, 1); },
        () => { args.splice(at, 0, args[at]); },
      ])();
    }
    args = boundCliArgs(args, r);
    const violations = [];
    const list = r.weighted([
      [85, () => args],
      [3, () => { this.exotic = true; const holed = [...args]; delete holed[r.int(holed.length + 1)]; holed.length = Math.max(holed.length, 1); return note(holed, `${render(args)} with a hole`); }],
      [3, () => {
        this.exotic = true;
        const changing = [...args];
        const at = r.int(changing.length + 1);
        let reads = 0;
        const first = changing[at] ?? 'x';
        Object.defineProperty(changing, at, { enumerable: true, configurable: true, get: () => (++reads === 1 ? first : 42) });
        return note(changing, `${render(args)} whose element ${at} is a getter giving ${render(first)} then 42`);
      }],
      [3, () => this.proxy(args)],
      [2, () => [...args, this.oddValue()]],
      [2, () => this.oddValue()],
      [1, () => args.join(' ')],
    ]);
    const print = r.weighted([
      [8, () => note((line) => { if (typeof line !== 'string') violations.push(`print got ${render(line)}`); }, 'print recorder')],
      [1, () => this.thrower('print')],
      [1, () => this.oddValue()],
    ]);
    const readFile = r.weighted([
      [5, () => { const text = this.fileText(); return note(() => text, `readFile returning ${render(text)}`); }],
      [3, () => this.thrower('readFile')],
      [1, () => { const value = this.oddValue(); return note(() => value, `readFile returning ${render(value)}`); }],
      [1, () => this.oddValue()],
    ]);
    const readLine = r.weighted([
      [5, () => {
        const queue = this.nboardLines();
        const copy = [...queue];
        return note(() => (copy.length > 0 ? copy.shift() : null), `readLine giving ${render(queue)} then null`);
      }],
      [1, () => this.thrower('readLine')],
      [1, () => { const value = this.oddValue(1); let n = 0; return note(() => (++n > 3 ? null : value), `readLine giving ${render(value)} three times`); }],
      // Not a function, or one that ends the input at once (one that always gives a line is an endless session).
      [1, () => { const value = this.oddValue(); return typeof value === 'function' ? this.thrower('readLine') : value; }],
    ]);
    const count = r.weighted([[1, () => 1], [2, () => 2], [2, () => 3], [5, () => 4]]);
    return { args: this.arity([list, print, readFile, readLine].slice(0, count)), violations };
  }

  /** An OBF file for `solve`: problems of few empties, mutated now and then. */
  fileText() {
    const r = this.rng;
    const problems = [];
    for (let i = 1 + r.int(3); i > 0; i--) {
      const line = r.pick(this.data.easy).line;
      problems.push(r.chance(0.3) ? this.mutate(line, 1) : line);
    }
    if (r.chance(0.2)) problems.splice(r.int(problems.length), 0, r.pick(['# a comment', '', '   ', this.junk(20)]));
    let text = problems.join(r.pick(['\n', '\r\n', '\n\n']));
    if (r.chance(0.05)) text += this.huge();
    return text;
  }

  /** Lines for `nboard`, kept at search depths of 3 or less (see boundNboardLine). */
  nboardLines() {
    const r = this.rng;
    const out = ['nboard 2', 'set depth 2'];
    for (let i = r.int(7); i > 0; i--) {
      const line = r.pick([
        () => `set game ${r.pick(this.data.ggf)}`, () => 'set depth 1', () => 'set depth 3', () => 'set contempt 5',
        () => `move ${r.pick(['f5', 'd6', 'c3', 'pa', 'f5/0.5/1.2', 'z9', ''])}`, () => `hint ${r.pick(['1', '3', '0', '-1', '99999999999999999999', 'x'])}`,
        () => 'go', () => 'ping 7', () => 'learn', () => 'quit', () => 'nboard 1', () => 'set depth 0', () => 'set depth x', () => this.junk(10),
      ])();
      out.push(boundNboardLine(r.chance(0.3) ? this.mutate(line, 1) : line));
    }
    return out;
  }

  /** What `init` and `initSync` may be given before the engine is loaded: nothing that loads it. */
  badSource() {
    const r = this.rng;
    return r.weighted([
      [2, () => r.pick([null, 0, 42, true, {}, [], '', 'nonexistent.wasm', 'file:///nonexistent/othello.wasm', new URL('file:///nonexistent/othello.wasm')])],
      [2, () => r.pick([new Uint8Array([0, 97, 115, 109]), new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 99]), new Uint8Array(64), new ArrayBuffer(0)])],
      [3, () => note(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]), 'the bytes of an empty but valid wasm module')],
      [2, () => note(new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])), 'an empty compiled WebAssembly.Module')],
      [1, () => 'data:application/wasm;base64,AGFzbQEAAAA='],
      [1, () => note(new Response('not wasm'), "new Response('not wasm')")],
      [1, () => note(new Response(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]), { headers: { 'Content-Type': 'application/wasm' } }), 'a Response with an empty wasm module')],
      [1, () => { const p = Promise.reject(this.thrown()); p.catch(() => {}); return note(p, 'a rejected Promise'); }],
      [1, () => note(Promise.resolve(42), 'Promise.resolve(42)')],
      [2, () => this.oddValue()],
    ]);
  }
}

/**
 * Keeps a limits object from running long: a valid node limit of at most
 * 5000 is added when there is none (it binds with every other limit), and a
 * game clock's time is cut to 200 ms (a clock excludes a node limit).
 */
function boundLimits(limits, r) {
  const clock = limits.clock;
  if (clock !== undefined) {
    // Only the generator's plain clocks can be valid (its odd values have no remainingMs of their own).
    const remaining = clock !== null && typeof clock === 'object' && !described.has(clock) ? clock.remainingMs : undefined;
    if (typeof remaining === 'number' && Number.isFinite(remaining) && remaining > 200) clock.remainingMs = r.pick([0, 10, 200]);
    return;
  }
  const nodes = limits.nodes;
  if (nodes === undefined) limits.nodes = 1 + r.int(5000);
  else if (typeof nodes === 'number' && Number.isInteger(nodes) && nodes > 5000) limits.nodes = 5000;
}

/** Caps a (mutated) player spec's depths and limits where a valid value would run long. */
function boundSpec(spec) {
  const parts = spec.split(':');
  const cap = (text, max) => {
    const n = rustWhole(text);
    return n !== null && n > BigInt(max) && n <= 100n ? String(max) : text;
  };
  if (parts[0] === 'minimax' && parts.length === 3) parts[1] = cap(parts[1], 3);
  if (parts[0] === 'alphabeta' && parts.length === 3) parts[1] = cap(parts[1], 5);
  if ((parts[0] === 'iago' || parts[0] === 'bill') && parts.length === 2) parts[1] = cap(parts[1], 4);
  if (parts[0] !== 'engine') return parts.join(':');
  const caps = { depth: 6, nodes: 5000, 'time-ms': 20, level: 5, 'exact-from': 12, 'wld-from': 14, 'table-mb': 16 };
  const options = spec.slice('engine'.length).replace(/^:/, '');
  return `engine:${options.split(',').map((pair) => {
    const at = pair.indexOf('=');
    if (at < 0) return pair;
    const key = pair.slice(0, at);
    const value = rustF64(pair.slice(at + 1));
    return key in caps && value !== null && value > caps[key] && !(key === 'table-mb' && value > 4096)
      ? `${key}=${caps[key]}` : pair;
  }).join(',')}`;
}

/**
 * Keeps a CLI command line short: numbers between 64 and 4096 (tables,
 * times, counts; not the value of --board) become 16, perft deeper than 7 becomes 6 (on either board:
 * `perft 7 --board 96` counts 47,756 leaves), searches and
 * solves get a node limit, a soak plays one game of 1 ms moves, and a bench
 * gets a positional argument (which it refuses).
 */
function boundCliArgs(args, r) {
  const out = args.map((arg, i) => {
    const n = rustF64(arg);
    // The board named by --board (8 or 96) is kept.
    return n !== null && n > 64 && n < 4096 && args[i - 1] !== '--board' ? '16' : arg;
  });
  const command = out[0];
  if (command === 'perft') {
    for (let i = 1; i < out.length; i++) {
      const n = rustWhole(out[i]);
      if (n !== null && n > 7n && n <= 20n) out[i] = '6';
    }
  }
  if (command === 'search' || command === 'analyze' || command === 'solve') out.push('--nodes', String(1 + r.int(3000)));
  if (command === 'soak') {
    for (let i = 1; i < out.length; i++) out[i] = out[i].replace(/\d+/g, (digits) => (BigInt(digits) > 1n ? '1' : digits));
    out.push('--games', '1', '--time-ms', '1');
  }
  // The benchmark takes seconds: it always gets a word it refuses.
  if (command === 'bench') out.push('now');
  return out;
}

/** An NBoard line that could set a search depth above 3 becomes `set depth 2`. */
function boundNboardLine(line) {
  if (!/depth/i.test(line)) return line;
  return (line.match(/\d+/g) ?? []).some((digits) => BigInt(digits) > 3n) ? 'set depth 2' : line;
}

// ---------------------------------------------------------------- the cases

/** Names of the direct API's exports and how a case calls each. */
const DIRECT = {
  legalMoves: (g) => ({ args: g.arity([g.position()]) }),
  play: (g) => ({ args: g.arity(g.play()) }),
  status: (g) => ({ args: g.arity([g.position()]) }),
  score: (g) => ({ args: g.arity([g.position()]) }),
  parseGame: (g) => ({
    args: g.arity([g.rng.weighted([[3, () => g.rng.pick(g.data.ggf)], [1, () => g.variationText()], [6, () => g.position()]])]),
  }),
  formatGame: (g) => ({ args: g.formatGame() }),
  parseVariations: (g) => ({ args: g.arity([g.variationText()]) }),
  formatVariations: (g) => ({ args: g.arity([g.tree()]) }),
  perft: (g) => ({ args: g.perft() }),
  runCli: (g) => g.runCli(),
  search: (g) => g.search(),
  analyze: (g) => g.search(),
  playerMove: (g) => ({ args: g.playerMove() }),
  evaluate: (g) => ({ args: g.evaluate() }),
  setTableSize: (g) => ({ args: g.arity([g.tableMb()]) }),
  clearTable: (g) => ({ args: g.arity([]) }),
  cliUsage: (g) => ({ args: g.arity([]) }),
  // The explorer: any board option (96 is refused); the index is the package's or junk, loaded once.
  explore: (g) => ({ args: g.arity(g.rng.weighted([[5, () => [g.position()]], [1, () => [g.position(), g.rng.pick([{ board: 8 }, { board: 96 }, {}])]], [1, () => [g.position(), g.oddValue()]]])) }),
  loadExplorer: (g) => ({ args: g.arity([g.rng.chance(0.5) ? undefined : g.badSource()]) }),
  // Once the engine is loaded, init and initSync return at once whatever they are given.
  init: (g) => ({ args: g.arity([g.rng.chance(0.5) ? undefined : g.badSource()]) }),
  initSync: (g) => ({ args: g.arity([g.badSource()]) }),
  // Once the engine is loaded, initThreaded rejects whatever it is given.
  initThreaded: (g) => ({ args: g.arity([g.rng.chance(0.5) ? undefined : g.badSource()]) }),
  setThreads: (g) => ({ args: g.arity([g.rng.weighted([[3, () => g.rng.pick([1, 2, 4, 64])], [2, () => g.number()], [1, () => g.oddValue()]])]) }),
  poolWorkers: (g) => ({ args: g.arity([]) }),
  compiledModule: (g) => ({ args: g.arity([]) }),
  __crashForTests: (g) => ({ args: g.arity([]) }),
  isOthelloError: (g) => ({ args: g.arity([g.oddValue()]) }),
  // The 96-square board: the exports above with `{ board: 96 }` (the name without 96 is called).
  legalMoves96: (g) => ({ args: g.rules96('legalMoves') }),
  play96: (g) => ({ args: g.rules96('play') }),
  status96: (g) => ({ args: g.rules96('status') }),
  score96: (g) => ({ args: g.rules96('score') }),
  parseGame96: (g) => ({ args: g.rules96('parseGame') }),
  search96: (g) => g.search96(false),
  analyze96: (g) => g.search96(true),
};
/** The export a case calls: `search96` is `search` with the 96-square board's arguments. */
const exportOf = (name) => name.replace(/96$/, '');
const DIRECT_WEIGHTS = {
  legalMoves: 6, play: 6, status: 5, score: 4, parseGame: 7, formatGame: 7, parseVariations: 3, formatVariations: 3,
  perft: 4, runCli: 7, search: 8,
  analyze: 5, playerMove: 6, evaluate: 4, setTableSize: 2, clearTable: 1, cliUsage: 1, explore: 3, loadExplorer: 0.5,
  init: 1, initSync: 1, __crashForTests: 0.5,
  initThreaded: 0.5, setThreads: 1, poolWorkers: 0.5, isOthelloError: 0.5, compiledModule: 0.3,
  legalMoves96: 3, play96: 3, status96: 2, score96: 2, parseGame96: 2, search96: 5, analyze96: 3,
};

/** Case `index` of the direct API: `{ name, args, violations }`. */
function directCase(data, index) {
  const g = new Gen(new Rng(SEED, index), data);
  const name = g.rng.weighted(Object.entries(DIRECT_WEIGHTS).map(([fn, weight]) => [weight, () => fn]));
  const made = DIRECT[name](g);
  return { name, args: made.args, violations: made.violations ?? [], exotic: g.exotic };
}

/** Case `index` before init: any function with any arguments, or init/initSync with something that does not load. */
function unloadedCase(data, index) {
  const g = new Gen(new Rng(SEED, UNLOADED_STREAM + index), data);
  // isOthelloError needs no engine: it answers before init too.
  const names = Object.keys(DIRECT).filter((name) => !['isOthelloError', 'compiledModule'].includes(name));
  const loaders = ['init', 'initSync', 'initThreaded'];
  const name = g.rng.chance(0.3) ? g.rng.pick(loaders) : g.rng.pick(names);
  if (!loaders.includes(name)) {
    return { name, args: Array.from({ length: g.rng.int(4) }, () => g.oddValue()), violations: [] };
  }
  // Never undefined: init() or initThreaded() without a source would load the engine.
  const source = g.badSource();
  return { name, args: [source === undefined ? null : source], violations: [] };
}

// ---------------------------------------------------------------- the properties

const START = `${'-'.repeat(27)}OX------XO${'-'.repeat(27)} X`;
const SQUARE = /^[a-h][1-8]$/;
const OBF = /^[XO-]{64} [XO]$/;
const KINDS = ['depth', 'wld', 'exact', 'book'];
const CONFIDENCES = [100, 99, 98, 95, 87, 73];
const squareIndex = (name) => (name.charCodeAt(1) - 49) * 8 + (name.charCodeAt(0) - 97);

/** Whether `error` is what a failed call may throw: an Error with a message, not a trap. */
function badError(error) {
  if (error instanceof WebAssembly.RuntimeError) return `a trap (WebAssembly.RuntimeError): ${error.message}`;
  if (!(error instanceof Error)) return `a non-Error was thrown: ${render(error)}`;
  if (typeof error.message !== 'string' || error.message.length === 0) return `an Error with an empty message (${error.name})`;
  // The engine's own failures, leaking instead of a message about the input.
  if (/unwrap|panicked|RuntimeError|Cannot read properties|is not a function|Cannot convert|Maximum call stack/.test(error.message)) {
    return `an internal error leaked: ${error.name}: ${error.message}`;
  }
  return null;
}

function sameKeys(object, keys, what) {
  assert.ok(object !== null && typeof object === 'object' && Object.getPrototypeOf(object) === Object.prototype, `${what} is a plain object`);
  assert.deepEqual(Object.keys(object).sort(), [...keys].sort(), `${what}'s keys`);
}

function checkMoves(moves, what) {
  assert.ok(Array.isArray(moves), `${what} is an array`);
  moves.forEach((m) => assert.match(m, SQUARE, `${what} holds square names`));
  for (let i = 1; i < moves.length; i++) assert.ok(squareIndex(moves[i - 1]) < squareIndex(moves[i]), `${what} a1 first, no repeat`);
}

const SQUARE96 = /^[a-j](10|[1-9])$/;
const LINE96 = /^[RW-]{96} [RW]$/;
const B96 = { board: 96 };
const square96Index = (name) => (Number(name.slice(1)) - 1) * 10 + (name.charCodeAt(0) - 97);

function checkMoves96(moves, what) {
  assert.ok(Array.isArray(moves), `${what} is an array`);
  moves.forEach((m) => assert.match(m, SQUARE96, `${what} holds square names`));
  for (let i = 1; i < moves.length; i++) assert.ok(square96Index(moves[i - 1]) < square96Index(moves[i]), `${what} in reading order, no repeat`);
}

/** A 96-square search report (Search96Report); `clock`: whether it was on a game clock (undefined: not known). */
function checkReport96(report, violations, what, clock = undefined) {
  try {
    const keys = ['board', 'best', 'score', 'value', 'kind', 'depth', 'pv', 'nodes', 'nps', 'elapsedMs', 'algorithm', 'evaluation'];
    const onClock = clock ?? 'clockMemory' in report;
    sameKeys(report, onClock ? [...keys, 'clockMemory', 'budgetMs'] : keys, what);
    assert.equal(report.board, 96);
    assert.ok(report.best === null || SQUARE96.test(report.best) || report.best === 'pa', `${what}.best`);
    assert.ok(['depth', 'exact', 'book'].includes(report.kind), `${what}.kind`);
    assert.ok(Number.isFinite(report.score) && Number.isInteger(report.value), `${what}.score and value`);
    if (report.kind === 'exact') assert.ok(Number.isInteger(report.score) && Math.abs(report.score) <= 96, `${what}.score ${report.score}`);
    assert.ok(Number.isInteger(report.depth) && report.depth >= 0 && report.depth <= 96, `${what}.depth ${report.depth}`);
    assert.ok(Array.isArray(report.pv) && report.pv.every((m) => SQUARE96.test(m) || m === 'pa'), `${what}.pv`);
    if (report.best !== null) assert.equal(report.pv[0], report.best, `${what}.pv starts with the best move`);
    for (const key of ['nodes', 'nps', 'elapsedMs']) assert.ok(Number.isFinite(report[key]) && report[key] >= 0, `${what}.${key}`);
    assert.ok(['alphabeta', 'negascout', 'mtdf'].includes(report.algorithm) && ['greedy', 'smart', 'smart-hand', 'smart-uniform'].includes(report.evaluation), `${what} names its search`);
    if (onClock) {
      sameKeys(report.clockMemory, ['history'], `${what}.clockMemory`);
      assert.ok(report.clockMemory.history.length <= 2, `${what}.clockMemory holds at most two searches`);
      assert.ok(Number.isFinite(report.budgetMs) && report.budgetMs >= 0, `${what}.budgetMs`);
    }
  } catch (error) {
    violations.push(`${what}: ${error.message}`);
  }
}

/**
 * The board a call's options (or limits) name: 96, 8, or null when they
 * are in a costume (a Proxy, getters) and the call may have read either.
 */
function boardNamed(value) {
  if (value === undefined) return 8;
  if (value === null || typeof value !== 'object' || described.has(value)) return null;
  return value.board === 96 ? 96 : 8;
}

/** checkResult for the 96-square board's calls (`name` without 96). */
function checkResult96(engine, name, args, value, stopped) {
  const [first] = args;
  switch (name) {
    case 'legalMoves':
      checkMoves96(value, 'legalMoves');
      assert.deepEqual(value, engine.status(first, B96).moves, 'legalMoves as status gives them');
      break;
    case 'play': {
      assert.match(value, LINE96, 'play gives a position line');
      const before = engine.status(first, B96);
      assert.equal(engine.score(value, B96).empties, before.empties - (before.status === 'pass' ? 0 : 1), 'play fills one cell (none for a pass)');
      break;
    }
    case 'status': {
      sameKeys(value, ['board', 'position', 'cells', 'toMove', 'moves', 'status', 'red', 'white', 'empties'], 'status');
      assert.equal(value.board, 96);
      assert.match(value.position, LINE96);
      assert.equal(value.cells, value.position.slice(0, 96));
      assert.equal(value.position.at(-1), value.toMove === 'red' ? 'R' : 'W');
      checkMoves96(value.moves, 'status.moves');
      assert.equal(value.red, [...value.cells].filter((c) => c === 'R').length);
      assert.equal(value.white, [...value.cells].filter((c) => c === 'W').length);
      assert.equal(value.red + value.white + value.empties, 96);
      assert.equal(value.status, value.moves.length > 0 ? 'moves' : value.status === 'pass' ? 'pass' : 'gameover');
      if (value.status === 'pass') assert.ok(engine.legalMoves(engine.play(value.position, 'pa', B96), B96).length > 0, 'after a pass the other side can move');
      if (value.status === 'gameover') assert.throws(() => engine.play(value.position, 'pa', B96), /the game is already over/);
      break;
    }
    case 'score': {
      sameKeys(value, ['red', 'white', 'empties', 'discDifference', 'final', 'gameOver'], 'score');
      const s = engine.status(first, B96);
      assert.deepEqual([value.red, value.white, value.empties], [s.red, s.white, s.empties]);
      assert.equal(value.discDifference, value.red - value.white);
      assert.equal(value.gameOver, s.status === 'gameover');
      const winnerGets = value.discDifference > 0 ? value.empties : value.discDifference < 0 ? -value.empties : 0;
      assert.equal(value.final, value.discDifference + winnerGets);
      break;
    }
    case 'parseGame': {
      sameKeys(value, ['format', 'start', 'moves', 'position', 'transcript'], 'parseGame');
      assert.ok(['transcript', 'line'].includes(value.format));
      assert.match(value.start, LINE96);
      assert.match(value.position, LINE96);
      assert.ok(value.moves.every((m) => SQUARE96.test(m) || m === 'pa'), 'parseGame.moves');
      assert.equal(value.moves.reduce((p, m) => engine.play(p, m, B96), value.start), value.position, 'the moves lead from start to position');
      assert.equal(engine.parseGame(value.position, B96).position, value.position, 'the position line reads back');
      if (value.start === START96) assert.equal(engine.parseGame(value.transcript, B96).position, value.position, 'the transcript reads back');
      break;
    }
    case 'search': {
      const violations = [];
      const limits = args[1];
      const clock = boardNamed(limits) === 96 ? limits.clock !== undefined : undefined;
      checkReport96(value, violations, 'search', clock);
      assert.deepEqual(violations, []);
      const state = engine.status(first, B96);
      if (state.status === 'gameover') assert.equal(value.best, null, 'no move when the game is over');
      else if (state.status === 'pass') assert.equal(value.best, 'pa', 'a forced pass');
      else assert.ok(state.moves.includes(value.best), `search's best ${value.best} is legal`);
      if (value.kind === 'exact' && state.empties <= 14 && value.evaluation === 'smart' && state.status !== 'gameover') assert.equal(value.depth, state.empties);
      break;
    }
    case 'analyze': {
      assert.ok(Array.isArray(value));
      value.forEach((m, i) => {
        sameKeys(m, ['move', 'score', 'value', 'kind', 'depth'], `analyze[${i}]`);
        assert.ok(Number.isFinite(m.score) && Number.isInteger(m.value), `analyze[${i}] score and value`);
        assert.ok(['depth', 'exact'].includes(m.kind), `analyze[${i}].kind`);
        if (i > 0) assert.ok(value[i - 1].value >= m.value, 'analyze is best first');
      });
      const state = engine.status(first, B96);
      const expected = state.status === 'moves' ? state.moves : state.status === 'pass' ? ['pa'] : [];
      // A stop (shouldStop) ends an analysis with the moves valued so far.
      const moves = value.map((m) => m.move);
      assert.ok(moves.every((m) => expected.includes(m)) && new Set(moves).size === moves.length, 'analyze values legal moves, each once');
      if (!stopped && (args[2] === undefined || described.has(args[2]) || args[2]?.shouldStop === undefined)) {
        assert.deepEqual([...moves].sort(), [...expected].sort(), 'analyze values every legal move');
      }
      break;
    }
    default:
      assert.fail(`no 96-square check for ${name}`);
  }
}

/** A progress report or the result of a search (SearchReport), `clock`: whether it was on a game clock. */
function checkReport(report, violations, what, clock = undefined) {
  if (report !== null && typeof report === 'object' && report.board === 96) {
    checkReport96(report, violations, what);
    return;
  }
  try {
    const keys = ['best', 'score', 'kind', 'depth', 'confidence', 'pv', 'nodes', 'nps', 'elapsedMs'];
    sameKeys(report, clock === undefined && 'budgetMs' in report ? [...keys, 'budgetMs'] : clock ? [...keys, 'budgetMs'] : keys, what);
    assert.ok(report.best === null || SQUARE.test(report.best) || report.best === 'pa', `${what}.best`);
    assert.ok(Number.isInteger(report.score) && Math.abs(report.score) <= 64, `${what}.score ${report.score}`);
    assert.ok(KINDS.includes(report.kind), `${what}.kind`);
    // An iteration or a solve goes as deep as the empties (an OBF line may have up to 64).
    assert.ok(Number.isInteger(report.depth) && report.depth >= 0 && report.depth <= 64, `${what}.depth ${report.depth}`);
    assert.ok(CONFIDENCES.includes(report.confidence), `${what}.confidence`);
    assert.ok(Array.isArray(report.pv) && report.pv.every((m) => SQUARE.test(m) || m === 'pa'), `${what}.pv`);
    for (const key of ['nodes', 'nps', 'elapsedMs']) assert.ok(Number.isFinite(report[key]) && report[key] >= 0, `${what}.${key}`);
    if ('budgetMs' in report) assert.ok(Number.isFinite(report.budgetMs) && report.budgetMs >= 0, `${what}.budgetMs`);
  } catch (error) {
    violations.push(`${what}: ${error.message}`);
  }
}

/** The side to move's state of a position the engine accepted: `{ moves, status }`. */
function stateOf(engine, position) {
  const s = engine.status(position);
  return { moves: s.moves, status: s.status, position: s.position };
}

/** Whether the limits object as generated (before any costume) asked for a game clock that was accepted. */
const validClock = (limits) => limits !== null && typeof limits === 'object' && limits.clock !== undefined;

/**
 * Asserts that `value`, returned by `engine[name](...args)`, has the
 * documented shape and agrees with the engine's other answers on the same
 * input. `engine` is the direct API (for the client, the main thread's).
 */
function checkResult(engine, data, name, args, value, stopped = false) {
  const [first] = args;
  if (name.endsWith('96')) {
    const base = exportOf(name);
    const options = ['search', 'analyze', 'play'].includes(base) ? (base === 'play' ? args[2] : args[1]) : args[1];
    const board = boardNamed(options);
    if (board === 96) checkResult96(engine, base, args, value, stopped);
    else if (board === 8) checkResult(engine, data, base, args, value);
    else {
      // Options in a costume may have said either board: the answer must be right for one of them.
      try {
        checkResult96(engine, base, args, value, stopped);
      } catch (error96) {
        try {
          checkResult(engine, data, base, args, value);
        } catch {
          throw error96;
        }
      }
    }
    return;
  }
  switch (name) {
    case 'explore': {
      const results = ['games', 'blackWins', 'draws', 'whiteWins', 'averageDisc'];
      sameKeys(value, [...results, 'moves', 'samples'], 'explore');
      const addsUp = (r, what) => {
        assert.ok(results.every((key) => Number.isFinite(r[key])), `${what}: numbers`);
        assert.equal(r.blackWins + r.draws + r.whiteWins, r.games, `${what}: wins and draws add up to the games`);
        assert.ok(Math.abs(r.averageDisc) <= 64 && (r.games > 0 || r.averageDisc === 0), `${what}: the mean disc difference`);
      };
      addsUp(value, 'explore');
      // The moves are legal where the side to move plays (after its pass when it has no move).
      let status = engine.status(first);
      if (status.status === 'pass') status = engine.status(engine.play(first, 'pa'));
      let sum = 0;
      value.moves.forEach((m, i) => {
        sameKeys(m, [...results, 'move', 'book', 'symmetric'], 'explore move');
        addsUp(m, `explore move ${m.move}`);
        assert.ok(status.moves.includes(m.move), `explore: ${m.move} is legal`);
        assert.ok(m.symmetric.every((s) => status.moves.includes(s) && squareIndex(s) > squareIndex(m.move)), 'explore: a merged move is named by its first square');
        assert.ok(m.games >= 1 && (i === 0 || m.games <= value.moves[i - 1].games), 'explore: most played first');
        assert.ok(m.book === null || Number.isInteger(m.book), 'explore: the book value');
        sum += m.games;
      });
      assert.ok(sum <= value.games, 'explore: the moves were played by games that reached the position');
      assert.ok(value.samples.length >= value.moves.length && value.samples.length <= value.moves.length + 1, 'explore: a sample a move');
      value.samples.forEach((sample, i) => {
        sameKeys(sample, ['game', 'year', 'blackDiscs', 'whiteDiscs', 'move'], 'explore sample');
        assert.equal(sample.move, value.moves[i]?.move ?? null, 'explore: the samples in the order of the moves');
        assert.ok(sample.blackDiscs + sample.whiteDiscs <= 64 && sample.year >= 1977, 'explore: a game of the database');
      });
      break;
    }
    case 'loadExplorer': {
      sameKeys(value, ['games', 'positions', 'minGames'], 'loadExplorer');
      assert.ok(value.positions > 0 && value.games > 0 && value.minGames === 2, 'loadExplorer: the package\'s index');
      break;
    }
    case 'legalMoves': {
      checkMoves(value, 'legalMoves');
      assert.deepEqual(value, engine.status(first).moves, 'legalMoves as status gives them');
      break;
    }
    case 'play': {
      assert.match(value, OBF, 'play gives an OBF line');
      const before = engine.status(first);
      assert.equal(engine.score(value).empties, before.empties - (before.status === 'pass' ? 0 : 1), 'play fills one square (none for a pass)');
      break;
    }
    case 'status': {
      sameKeys(value, ['position', 'board', 'toMove', 'moves', 'status', 'black', 'white', 'empties'], 'status');
      assert.match(value.position, OBF);
      assert.equal(value.board, value.position.slice(0, 64));
      assert.ok(['black', 'white'].includes(value.toMove));
      assert.equal(value.position.at(-1), value.toMove === 'black' ? 'X' : 'O');
      checkMoves(value.moves, 'status.moves');
      assert.equal(value.black, [...value.board].filter((c) => c === 'X').length);
      assert.equal(value.white, [...value.board].filter((c) => c === 'O').length);
      assert.equal(value.black + value.white + value.empties, 64);
      assert.equal(value.status, value.moves.length > 0 ? 'moves' : value.status === 'pass' ? 'pass' : 'gameover');
      if (value.status === 'pass') assert.ok(engine.legalMoves(engine.play(value.position, 'pa')).length > 0, 'after a pass the other side can move');
      if (value.status === 'gameover') assert.throws(() => engine.play(value.position, 'pa'), /game is already over/);
      break;
    }
    case 'score': {
      sameKeys(value, ['black', 'white', 'empties', 'discDifference', 'final', 'gameOver'], 'score');
      const s = engine.status(first);
      assert.deepEqual([value.black, value.white, value.empties], [s.black, s.white, s.empties]);
      assert.equal(value.discDifference, value.black - value.white);
      assert.equal(value.gameOver, s.status === 'gameover');
      const winnerGets = value.discDifference > 0 ? value.empties : value.discDifference < 0 ? -value.empties : 0;
      assert.equal(value.final, value.discDifference + winnerGets);
      break;
    }
    case 'parseGame': {
      if (value?.format === 'variations') {
        sameKeys(value, ['format', 'start', 'moves', 'position', 'transcript', 'ggf', 'tree'], 'parseGame');
        assert.deepEqual(value.tree, engine.parseVariations(first), 'parseGame gives the tree parseVariations reads');
        let line = value.tree.next;
        for (const move of value.moves) {
          assert.equal(line[0]?.move, move, 'parseGame\'s moves are the main line');
          line = line[0].next;
        }
        assert.equal(line.length, 0, 'the main line ends where the moves do');
      } else {
        sameKeys(value, ['format', 'start', 'moves', 'position', 'transcript', 'ggf'], 'parseGame');
      }
      assert.ok(['transcript', 'obf', 'ggf', 'variations'].includes(value.format));
      assert.match(value.start, OBF);
      assert.match(value.position, OBF);
      assert.ok(value.moves.every((m) => SQUARE.test(m) || m === 'pa'), 'parseGame.moves');
      assert.equal(engine.parseGame(value.ggf).position, value.position, 'the GGF record reads back to the same position');
      if (value.start === START) assert.equal(engine.parseGame(value.transcript).position, value.position, 'the transcript reads back');
      break;
    }
    case 'parseVariations':
      sameKeys(value, ['start', 'comment', 'tags', 'next'], 'parseVariations');
      assert.match(value.start, OBF);
      assert.deepEqual(engine.parseVariations(engine.formatVariations(value)), value, 'the tree written reads back the same');
      break;
    case 'formatVariations': {
      assert.equal(typeof value, 'string');
      assert.equal(engine.formatVariations(engine.parseVariations(value)), value, 'the text read is written the same');
      break;
    }
    case 'formatGame': {
      assert.equal(typeof value, 'string');
      const position = engine.parseGame(first).position;
      if (args[1] === 'obf') assert.equal(value, position, 'formatGame obf is the position parseGame gives');
      else assert.equal(engine.parseGame(value).position, position, `formatGame ${args[1]} reads back to the same position`);
      if (args[1] === 'ggf') assert.match(value, /^\(;GM\[Othello\][\s\S]*;\)$/);
      break;
    }
    case 'perft': {
      assert.ok(Number.isSafeInteger(value) && value >= 1, 'perft gives a count');
      const options = args[1];
      const rule = options === undefined || (typeof options === 'object' && options !== null && described.get(options) === undefined && !options.passFree) ? 'A'
        : (typeof options === 'object' && options !== null && described.get(options) === undefined && options.passFree === true) ? 'B' : null;
      const depth = Number(first);
      if (depth <= 15) {
        const expected = rule === null ? [data.perft.A[depth], data.perft.B[depth]] : [data.perft[rule][depth]];
        assert.ok(expected.includes(value), `perft(${depth}) ${value}, tests/data/perft.txt says ${expected.join(' or ')}`);
      }
      break;
    }
    case 'search': {
      const violations = [];
      const limits = args[1];
      checkReport(value, violations, 'search', described.get(limits) === undefined && validClock(limits) ? true : undefined);
      assert.deepEqual(violations, []);
      const state = stateOf(engine, first);
      if (state.status === 'gameover') assert.equal(value.best, null, 'no move when the game is over');
      else if (state.status === 'pass') assert.equal(value.best, 'pa', 'a forced pass');
      else assert.ok(state.moves.includes(value.best), `search's best ${value.best} is legal`);
      break;
    }
    case 'analyze': {
      assert.ok(Array.isArray(value));
      value.forEach((m, i) => {
        sameKeys(m, ['move', 'score', 'kind', 'depth', 'confidence'], `analyze[${i}]`);
        assert.ok(Number.isInteger(m.score) && Math.abs(m.score) <= 64);
        assert.ok(KINDS.includes(m.kind) && CONFIDENCES.includes(m.confidence), `analyze[${i}] kind and confidence`);
        assert.ok(Number.isInteger(m.depth) && m.depth >= 0 && m.depth <= 64, `analyze[${i}].depth ${m.depth}`);
        if (i > 0) assert.ok(value[i - 1].score >= m.score, 'analyze is best first');
      });
      const state = stateOf(engine, first);
      const expected = state.status === 'moves' ? state.moves : state.status === 'pass' ? ['pa'] : [];
      assert.deepEqual(value.map((m) => m.move).sort(), [...expected].sort(), 'analyze scores every legal move');
      break;
    }
    case 'playerMove': {
      const state = stateOf(engine, args[1]);
      assert.notEqual(state.status, 'gameover');
      if (state.status === 'pass') assert.equal(value, 'pa');
      else assert.ok(state.moves.includes(value), `playerMove ${value} is legal`);
      break;
    }
    case 'evaluate':
      assert.ok(Number.isInteger(value), `evaluate gives a whole number, got ${render(value)}`);
      break;
    case 'cliUsage':
      assert.ok(typeof value === 'string' && value.startsWith('usage:'), 'cliUsage');
      break;
    case 'setThreads':
      assert.equal(value, 1, 'the direct API runs the single-thread build: one thread');
      break;
    case 'poolWorkers':
      assert.equal(value, 0, 'the single-thread build has no pool workers');
      break;
    case 'compiledModule':
      assert.ok(value instanceof WebAssembly.Module, 'the module of the loaded build');
      break;
    case 'isOthelloError': {
      // A value that cannot be read (a Proxy whose traps throw) is none of the package's errors.
      let expected = false;
      try {
        expected = first instanceof Error && typeof first.code === 'string' && first.code.startsWith('ERR_OTHELLO_');
      } catch {
        expected = false;
      }
      assert.equal(value, expected);
      break;
    }
    case 'initThreaded':
      assert.fail('initThreaded loaded a second build over the first');
      break;
    case 'setTableSize':
    case 'clearTable':
    case 'runCli':
    case 'initSync':
    case 'init':
    case '__crashForTests':
      assert.equal(value, undefined, `${name} returns nothing`);
      break;
    default:
      assert.fail(`no check for ${name}`);
  }
}

/** The engine still answers correctly (perft from tests/data, the start's moves, an FFO problem's exact score). */
async function healthCheck(engine, data, round) {
  const depth = 1 + (round % 7);
  for (const [rule, passFree] of [['A', false], ['B', true]]) {
    assert.equal(await engine.perft(depth, { passFree }), data.perft[rule][depth], `perft(${depth}) convention ${rule}`);
  }
  const moves = await engine.legalMoves('');
  assert.equal(moves.length, data.perft.A[1], 'the start position has perft(1) moves');
  let children = 0;
  for (const move of moves) children += (await engine.legalMoves(await engine.play('', move))).length;
  assert.equal(children, data.perft.A[2], 'their replies number perft(2)');
  // The 96-square board: its start's moves and their replies (perft 1 and 2 of crates/board96/tests/data/perft96.txt).
  const moves96 = await engine.legalMoves('', B96);
  assert.deepEqual(moves96, ['e4', 'd5', 'g6', 'f7'], 'the 96-square start position has 4 moves');
  let replies96 = 0;
  for (const move of moves96) replies96 += (await engine.legalMoves(await engine.play('', move, B96), B96)).length;
  assert.equal(replies96, 12, 'and 12 replies');
  const problem = data.easy[round % data.easy.length];
  await engine.clearTable();
  const result = await engine.search(problem.position, { exact: true, book: false });
  assert.equal(result.kind, 'exact');
  assert.equal(result.score, problem.best, `the exact score of ${problem.line}`);
  assert.ok(problem.bestMoves.includes(result.best), `${result.best} is a best move of ${problem.line}`);
}

// ---------------------------------------------------------------- the direct API, in a worker

/** An error message without its particulars (quoted text, numbers), to count the kinds of errors reached. */
function messageShape(message) {
  return message.replace(/'[^']*'|"[^"]*"|\[[^\]]*\]|[+-]?\d+(\.\d+)?(e[+-]?\d+)?/g, '_').slice(0, 120);
}

/** The direct API's functions that return a promise. */
const ASYNC = new Set(['init', 'initThreaded', 'explore', 'loadExplorer']);

async function callDirect(name, args) {
  try {
    const value = othello[exportOf(name)](...args);
    return { value: ASYNC.has(name) ? await value : value };
  } catch (error) {
    return { error };
  }
}

async function runDirectWorker({ progress }) {
  const beat = new Int32Array(progress);
  const post = (message) => parentPort.postMessage(message);
  const stats = { calls: 0, errors: 0, byName: {}, slowest: { ms: 0, call: '' }, messages: new Set() };
  const at = (phase, index) => {
    Atomics.store(beat, 0, phase);
    Atomics.store(beat, 1, index);
    Atomics.add(beat, 2, 1);
  };
  const fail = (what, message) => {
    post({ type: 'fail', message: `${what}\n${message}` });
    return false;
  };
  const runCase = async (kind, index, made) => {
    const shown = renderCall(made.name, made.args);
    const started = performance.now();
    const outcome = await callDirect(made.name, made.args);
    const ms = performance.now() - started;
    stats.calls++;
    if (ms > stats.slowest.ms) stats.slowest = { ms, call: shown.slice(0, 300) };
    const where = `seed ${SEED}, case ${kind}:${index}: ${shown}\nrun it again: ${rerun(kind, index)}`;
    if (ms > SLOW_MS) return fail(where, `took ${ms.toFixed(0)} ms (more than FUZZ_SLOW_MS=${SLOW_MS})`);
    if (made.violations.length > 0) return fail(where, made.violations.join('\n'));
    if ('error' in outcome) {
      stats.errors++;
      if (outcome.error instanceof Error) stats.messages.add(messageShape(outcome.error.message));
      const bad = badError(outcome.error);
      return bad === null ? true : fail(where, bad);
    }
    return [outcome.value];
  };

  // Before init: every function throws an Error, and init or initSync given
  // something that is not the engine loads nothing and leaves the engine loadable.
  const bare = readData(null);
  let only = ONLY;
  if (only === null || only.kind === 'd') {
    for (let i = 0; i < (only === null ? UNLOADED_CASES : 0); i++) {
      at(1, i);
      const made = unloadedCase(bare, i);
      const result = await runCase('u', i, made);
      if (result === false) return;
      if (result !== true) return fail(`seed ${SEED}, case u:${i}: ${renderCall(made.name, made.args)}`, `answered ${render(result[0])} before the engine was loaded`);
    }
  }
  at(2, 0);
  await othello.init();
  const data = readData(othello);
  try {
    await healthCheck(othello, data, 0);
  } catch (error) {
    return fail(`seed ${SEED}: the engine does not answer correctly after ${UNLOADED_CASES} calls before init (and init)`, error.stack);
  }
  const first = only?.kind === 'd' ? only.index : 0;
  const last = only?.kind === 'd' ? only.index + 1 : only === null ? CASES : 0;
  for (let i = first; i < last; i++) {
    at(3, i);
    const made = directCase(data, i);
    stats.byName[made.name] = (stats.byName[made.name] ?? 0) + 1;
    const result = await runCase('d', i, made);
    if (result === false) return;
    if (result !== true) {
      try {
        checkResult(othello, data, made.name, made.args, result[0]);
      } catch (error) {
        return fail(`seed ${SEED}, case d:${i}: ${renderCall(made.name, made.args)}\nrun it again: ${rerun('d', i)}`,
          `returned ${render(result[0])}\n${error.message}`);
      }
    }
    if ((i + 1) % BATCH === 0 || i + 1 === last) {
      at(4, i);
      try {
        await healthCheck(othello, data, Math.floor(i / BATCH) + 1);
      } catch (error) {
        return fail(`seed ${SEED}: the engine no longer answers correctly after case d:${i} (cases d:${Math.max(first, i + 1 - BATCH)} to d:${i} ran since the last check)`, error.stack);
      }
      post({ type: 'batch', done: i + 1 - first });
    }
  }
  const messages = [...stats.messages].sort();
  post({ type: 'done', cases: last - first, unloaded: only === null ? UNLOADED_CASES : 0, stats: { ...stats, messages } });
}

/** What the worker was doing when it stopped answering, made again from the seed. */
function describeHang(data, bare, phase, index) {
  switch (phase) {
    case 1: { const made = unloadedCase(bare, index); return `case u:${index}: ${renderCall(made.name, made.args)}`; }
    case 2: return 'init() and the first health check';
    case 3: { const made = directCase(data, index); return `case d:${index}: ${renderCall(made.name, made.args)}\nrun it again: ${rerun('d', index)}`; }
    case 4: return `the health check after case d:${index}`;
    default: return 'starting';
  }
}

/** In a fresh worker: init and initSync given a foreign wasm module or a rejected promise, then init(). */
async function initRegression() {
  const empty = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]);
  const outcomes = [];
  for (const attempt of [() => othello.initSync(empty), () => othello.init(empty), () => othello.init(new WebAssembly.Module(empty)),
    () => othello.init(Promise.reject('boom'))]) {
    try {
      await attempt();
      outcomes.push('loaded');
    } catch (error) {
      outcomes.push(error instanceof Error ? `${error.name}: ${error.message}` : `a non-Error: ${render(error)}`);
    }
  }
  await othello.init();
  parentPort.postMessage({ outcomes, moves: othello.legalMoves('') });
}

if (!isMainThread && workerData?.role === 'init-regression') initRegression();

if (!isMainThread && workerData?.role === 'fuzz-direct') {
  runDirectWorker(workerData).catch((error) => {
    const beat = new Int32Array(workerData.progress);
    const at = `phase ${Atomics.load(beat, 0)}, case ${Atomics.load(beat, 1)}`;
    parentPort.postMessage({ type: 'fail', message: `seed ${SEED}: the fuzzer itself failed at ${at}: ${render(error)}\n${error?.stack ?? ''}` });
  });
}

// ---------------------------------------------------------------- the client

const WORKER_URL = new URL('../../pkg/worker.js', import.meta.url);
const WASM_PATH = fileURLToPath(new URL('../../pkg/wasm/othello_bg.wasm', import.meta.url));
const TEST_WASM_PATH = fileURLToPath(new URL('../../pkg/wasm-test/othello_bg.wasm', import.meta.url));
const THREADS_WASM_PATH = fileURLToPath(new URL('../../pkg/wasm-threads/othello_bg.wasm', import.meta.url));
const FIXTURES = ['broken-worker.mjs', 'exiting-worker.mjs'].map((name) => new URL(`fixtures/${name}`, import.meta.url));
/** Files a client may be given as its worker or wasm: the real ones, the fixtures, and paths that do not exist. */
const ALLOWED_FILES = new Set([fileURLToPath(WORKER_URL), WASM_PATH, TEST_WASM_PATH, THREADS_WASM_PATH, ...FIXTURES.map((url) => fileURLToPath(url))]);
/** A client request that may not answer within this is a hang. */
const CLIENT_BOUND_MS = Math.min(HANG_MS, 15000);
/** A request with a timeout shorter than this may time out; a longer one must not. */
const SHORT_TIMEOUT_MS = 1000;
/** Methods of EngineClient the fuzzer calls. */
const CLIENT_METHODS = ['legalMoves', 'play', 'status', 'score', 'parseGame', 'formatGame', 'explore', 'playerMove', 'perft',
  'evaluate', 'setTableSize', 'clearTable', 'cliUsage', 'search', 'analyze', 'stop', 'abort', 'terminate', '__crashForTests',
  'ready'];
/** Results the client must give exactly as the direct API does (given the same plain arguments). */
const DETERMINISTIC = new Set(['legalMoves', 'play', 'status', 'score', 'parseGame', 'formatGame', 'explore', 'perft', 'evaluate', 'cliUsage', 'playerMove',
  'legalMoves96', 'play96', 'status96', 'score96', 'parseGame96']);

/** A path or URL for a worker or wasm option: junk is fine, another existing file is not (it would be run or read). */
function safePath(value, fallback) {
  if (typeof value !== 'string' && (described.has(value) || !(value instanceof URL))) return value;
  const text = value instanceof URL ? value.href : value;
  if (/^(https?|blob|ftp|ws):/i.test(text)) return fallback;
  let path = text;
  try {
    if (text.startsWith('file:')) path = fileURLToPath(text);
  } catch {
    return value;
  }
  return existsSync(path) && !ALLOWED_FILES.has(path) ? fallback : value;
}

/** Arguments of a client request: those of the direct API's function, with the client's own options for searches. */
function clientRequest(g, name) {
  const r = g.rng;
  g.forClient = true;
  if (name === 'search96' || name === 'analyze96') {
    const { limits, bounded } = g.limits96(name === 'analyze96');
    const position = bounded ? g.position96() : r.pick(['', 'e4']);
    const options = r.weighted([
      [4, () => undefined],
      [3, () => g.wrap({ onProgress: note(() => {}, 'onProgress doing nothing') })],
      [1, () => ({ timeoutMs: r.pick([60000, 1, 50, 0, NaN, '100']) })],
      [1, () => g.oddValue()],
    ]);
    return [position, limits, options];
  }
  if (name === 'search' || name === 'analyze') {
    const { limits, bounded } = g.limits();
    const position = g.searchPosition(bounded);
    const options = r.weighted([
      [4, () => undefined],
      [2, () => ({})],
      [3, () => g.wrap({ onProgress: note(() => {}, 'onProgress doing nothing') })],
      [2, () => ({ timeoutMs: r.pick([60000, 1, 5, 50, 0, -1, NaN, Infinity, '100', null]) })],
      [1, () => r.pick([{ shouldStop: () => true }, { stop: true }, { onprogress: () => {} }])],
      [1, () => g.oddValue()],
    ]);
    return r.weighted([[1, () => [position, { nodes: 1 + r.int(3000) }]], [2, () => [position, limits]], [5, () => [position, limits, options]]]);
  }
  return DIRECT[name](g).args;
}

/** A client's options: `{ options, usable }`, usable when its requests should be answered by the engine. */
function clientOptions(g) {
  const r = g.rng;
  const plain = {};
  const fields = {
    wasm: () => r.weighted([
      [4, () => r.pick([WASM_PATH, new URL(`file://${WASM_PATH}`), TEST_WASM_PATH])],
      [2, () => safePath(g.mutate(WASM_PATH, 1), '/nonexistent/othello.wasm')],
      [2, () => r.pick(['/nonexistent/othello.wasm', '', 'data:application/wasm;base64,AGFzbQEAAAA=', new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]), new Uint8Array(3), new ArrayBuffer(0)])],
      [0.5, () => {
        const buffer = new ArrayBuffer(8);
        structuredClone(buffer, { transfer: [buffer] });
        return note(buffer, 'a detached ArrayBuffer');
      }],
      [1, () => g.oddValue()],
    ]),
    worker: () => r.weighted([
      [4, () => r.pick([WORKER_URL, WORKER_URL.href, fileURLToPath(WORKER_URL)])],
      [2, () => r.pick(FIXTURES)],
      [2, () => safePath(g.mutate(fileURLToPath(WORKER_URL), 1), '/nonexistent/worker.js')],
      [1, () => r.pick(['', '/nonexistent/worker.js', 'worker.js'])],
      [1, () => g.oddValue()],
    ]),
    timeoutMs: () => r.pick([60000, 30000, 1, 10, 0, -1, NaN, Infinity, 2 ** 40, '100', null, true]),
    tableMb: () => g.tableMb(),
    sharedStop: () => r.pick([true, false, 'yes', 0, 1, null]),
    threads: () => r.pick([1, 2, 3, 8, 0, 65, 1.5, -1, '2', null, NaN]),
    wasmThreads: () => r.weighted([
      [2, () => r.pick([THREADS_WASM_PATH, WASM_PATH])],
      [1, () => r.pick(FIXTURES)],
      [1, () => g.oddValue()],
    ]),
  };
  for (const key of Object.keys(fields)) if (r.chance(0.35)) plain[key] = fields[key]();
  if (r.chance(0.05)) plain[r.pick(ODD_KEYS)] = g.number();
  for (const key of ['wasm', 'worker', 'wasmThreads']) if (key in plain) plain[key] = safePath(plain[key], `/nonexistent/${key}`);
  return r.weighted([[12, () => g.wrap(plain)], [1, () => undefined], [1, () => g.oddValue()]]);
}

/**
 * What may happen to the requests of a client made with `options`: `usable`
 * (it answers as the direct API), `mayFail` (a worker or wasm that is not the
 * engine's: its start may fail or crash), `bigTable` (a table too large to
 * start with), `testWasm` (the test build, whose crash hook works),
 * `timeoutMs` (its own timeout).
 */
function clientContext(options) {
  const known = options === undefined || (options !== null && typeof options === 'object' && !described.has(options));
  // Options in a costume: any timeout, worker or wasm may be in them.
  if (!known) return { options: render(options), usable: false, mayFail: true, bigTable: true, testWasm: false, timeoutMs: 0 };
  const { wasm, worker, timeoutMs, tableMb } = options ?? {};
  const realWasm = wasm === undefined || wasm === WASM_PATH || (!described.has(wasm) && wasm instanceof URL && fileURLToPath(wasm) === WASM_PATH);
  const realWorker = worker === undefined || worker === WORKER_URL || worker === WORKER_URL.href || worker === fileURLToPath(WORKER_URL);
  return {
    options: render(options),
    usable: realWasm && realWorker && timeoutMs === undefined && (tableMb === undefined || tableMb <= 64),
    mayFail: !(realWasm || wasm === TEST_WASM_PATH) || !realWorker,
    // A table the wasm memory cannot hold: the worker's start fails with setTableSize's Error.
    bigTable: typeof tableMb === 'number' && tableMb > 64,
    testWasm: wasm === TEST_WASM_PATH,
    timeoutMs,
  };
}

/** Settles `promise` within CLIENT_BOUND_MS: `{ value }`, `{ error }` or `{ hang: true }`. */
function bounded(promise) {
  let timer;
  return Promise.race([
    Promise.resolve(promise).then((value) => ({ value }), (error) => ({ error })),
    new Promise((resolve) => { timer = setTimeout(() => resolve({ hang: true }), CLIENT_BOUND_MS); }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * A burst of 1 to 4 requests to `client` made at once (with stop, abort or
 * terminate among them now and then); each must settle within the bound,
 * resolving to what the direct API gives or rejecting with an Error.
 */
async function clientBurst(client, data, index, context) {
  const g = new Gen(new Rng(SEED, CLIENT_STREAM + index), data);
  g.forClient = true;
  const r = g.rng;
  const calls = [];
  const events = { abort: false, terminate: false, crash: false, stop: false };
  for (let n = r.weighted([[3, () => 1], [3, () => 2], [2, () => 3], [1, () => 4]]); n > 0; n--) {
    const name = r.weighted([
      ...['legalMoves', 'play', 'status', 'score', 'parseGame', 'formatGame', 'playerMove', 'perft', 'evaluate'].map((m) => [4, () => m]),
      [1, () => 'setTableSize'], [1, () => 'clearTable'], [1, () => 'cliUsage'], [2, () => 'explore'], [8, () => 'search'], [5, () => 'analyze'],
      [2, () => 'stop'], [1.5, () => 'abort'], [0.3, () => 'terminate'], [0.3, () => '__crashForTests'], [0.5, () => 'ready'],
      ...['legalMoves96', 'play96', 'status96', 'parseGame96'].map((m) => [1.5, () => m]), [4, () => 'search96'], [2, () => 'analyze96'],
    ]);
    g.exotic = false;
    const args = ['stop', 'abort', 'terminate', '__crashForTests', 'ready'].includes(name) ? g.arity([]) : clientRequest(g, name);
    if (name === 'abort') events.abort = true;
    if (name === 'stop') events.stop = true;
    if (name === 'terminate') events.terminate = true;
    if (name === '__crashForTests') events.crash = true;
    const made = { name, args, exotic: g.exotic };
    let promise;
    try {
      promise = client[exportOf(name)](...args);
    } catch (error) {
      promise = Promise.reject(error);
    }
    // Awaited below in turn: the rules, answered in this thread, may reject before the calls made earlier settle.
    promise?.catch?.(() => {});
    calls.push({ made, promise });
  }
  const where = (made) => `seed ${SEED}, client case c:${index} (${context.options ?? 'the long-lived client'}): ${renderCall(`client.${made.name}`, made.args)}\nrun it again: ${rerun('c', index)}`;
  for (const { made, promise } of calls) {
    const outcome = await bounded(promise);
    const { name, args } = made;
    if (outcome.hang) assert.fail(`${where(made)}\nno answer within ${CLIENT_BOUND_MS} ms`);
    if (name === 'terminate') {
      assert.equal(outcome.value, undefined, `${where(made)}\nterminate() returns nothing`);
      continue;
    }
    if ('error' in outcome) {
      const bad = badError(outcome.error);
      if (bad !== null) assert.fail(`${where(made)}\nrejected with ${bad}`);
      const { name: errorName, message } = outcome.error;
      if (errorName === 'TimeoutError') {
        const options = args[2];
        const given = options !== null && typeof options === 'object' && !described.has(options) ? options.timeoutMs : undefined;
        const own = given ?? context.timeoutMs;
        assert.ok(typeof own === 'number' && own < SHORT_TIMEOUT_MS, `${where(made)}\ntimed out: ${message}`);
      }
      if (errorName === 'AbortError') assert.ok(events.abort, `${where(made)}\naborted without abort(): ${message}`);
      if (/terminated/.test(message)) assert.ok(events.terminate, `${where(made)}\n${message}`);
      if (/crashed/.test(message)) {
        assert.ok(context.mayFail || (events.crash && context.testWasm), `${where(made)}\nthe engine crashed: ${message}`);
      }
      if (/could not be started/.test(message)) {
        assert.ok(context.mayFail || context.bigTable, `${where(made)}\nthe engine did not start: ${message}`);
      }
      if (context.usable && !made.exotic && DETERMINISTIC.has(name) && !/terminated|crashed|could not be started|aborted|no answer within/.test(message)
        && !(name === 'playerMove' && (typeof args[0] === 'string' && args[0].includes('engine')))) {
        const direct = await callDirect(name, args);
        assert.ok('error' in direct, `${where(made)}\nthe client rejected (${message}) where the direct API answered ${render(direct.value)}`);
        assert.equal(message, direct.error.message, `${where(made)}\nthe client's message differs from the direct API's`);
      }
      continue;
    }
    if (name === 'stop' || name === 'abort') {
      assert.equal(outcome.value, undefined, `${where(made)}\n${name}() resolves to nothing`);
      continue;
    }
    if (name === 'ready') {
      const { threads, build } = outcome.value ?? {};
      assert.ok(Number.isInteger(threads) && threads >= 1 && ['single', 'threaded'].includes(build), `${where(made)}\nready() resolved ${render(outcome.value)}`);
      continue;
    }
    if (name === '__crashForTests') assert.fail(`${where(made)}\nresolved ${render(outcome.value)}`);
    try {
      checkResult(othello, data, name, args, outcome.value, events.stop);
    } catch (error) {
      assert.fail(`${where(made)}\nresolved ${render(outcome.value)}\n${error.message}`);
    }
    if (context.usable && !made.exotic && DETERMINISTIC.has(name) && !(name === 'playerMove' && (typeof args[0] === 'string' && args[0].includes('engine')))) {
      const direct = await callDirect(name, args);
      assert.ok(!('error' in direct), `${where(made)}\nthe client answered where the direct API threw ${direct.error?.message}`);
      assert.deepEqual(outcome.value, direct.value, `${where(made)}\nthe client's answer differs from the direct API's`);
    }
  }
  return calls.length;
}

// ---------------------------------------------------------------- the tests

if (isMainThread) {
  test('the fuzzer calls every export of the direct API and every method of EngineClient', () => {
    const exported = Object.keys(DIRECT).filter((name) => exportOf(name) === name);
    const functions = Object.keys(othello).filter((name) => typeof othello[name] === 'function');
    assert.deepEqual(functions.sort(), exported.sort(), 'a generator for each function of pkg/index.js');
    for (const name of Object.keys(DIRECT)) assert.ok(exportOf(name) in othello, `${name} calls an export`);
    const declared = [...readFileSync(new URL('../../pkg/index.d.ts', import.meta.url), 'utf8').matchAll(/^export function (\w+)/gm)].map((m) => m[1]);
    for (const name of declared) assert.ok(name in DIRECT, `pkg/index.d.ts declares ${name}`);
    const methods = Object.getOwnPropertyNames(EngineClient.prototype).filter((name) => !['constructor', 'stopMode', 'threads'].includes(name));
    assert.deepEqual(methods.sort(), [...CLIENT_METHODS].sort(), 'every method of EngineClient');
  });

  test('the generators bound what would legitimately run long', () => {
    assert.equal(boundSpec('minimax:8:mobility'), 'minimax:3:mobility');
    assert.equal(boundSpec('minimax:9:mobility'), 'minimax:3:mobility');
    assert.equal(boundSpec('engine:depth=6e1,time-ms=inf,nodes=+90000,table-mb=2048'), 'engine:depth=6,time-ms=20,nodes=5000,table-mb=16');
    assert.equal(boundSpec('engine:table-mb=4097'), 'engine:table-mb=4097');
    assert.deepEqual(boundCliArgs(['perft', '+15'], new Rng(1, 0)), ['perft', '6']);
    assert.deepEqual(boundCliArgs(['soak', '--games', '300', '--time-ms', '5-900'], new Rng(1, 0)), ['soak', '--games', '1', '--time-ms', '1-1', '--games', '1', '--time-ms', '1']);
    assert.equal(boundNboardLine('set\u0085depth +30'), 'set depth 2');
    const limits = { exact: true };
    boundLimits(limits, new Rng(1, 0));
    assert.ok(limits.nodes >= 1 && limits.nodes <= 5000);
  });

  /** Asserts that `fn` throws an Error of `kind` whose message matches `pattern`. */
  const throwsError = (fn, kind, pattern) => assert.throws(fn, (error) => {
    assert.ok(error instanceof kind, `not a ${kind.name}: ${render(error)}`);
    assert.match(error.message, pattern);
    return true;
  });

  test('regressions: Proxy traps, getters and sparse arrays read by the engine throw Errors and never break it', async () => {
    await othello.init();
    const trap = new Proxy({}, { ownKeys() { throw 'boom'; } });
    // Each of these used to throw 'boom' itself, unwinding through the wasm
    // module and leaking its stack: a few hundred calls and it trapped.
    for (let i = 0; i < 1000; i++) {
      throwsError(() => othello.search('f5d6c3', trap), Error, /^limits could not be read: boom$/);
      throwsError(() => othello.formatGame('f5', 'ggf', trap), Error, /^formatGame: tags could not be read: boom$/);
      throwsError(() => othello.search('', { clock: trap }), Error, /^limits: clock could not be read: boom$/);
      // A hole passed the check (every() skips holes) and trapped the module after 341 calls.
      throwsError(() => othello.runCli([, 'perft'], () => {}), TypeError, /^runCli: args must be an array of strings$/);
    }
    const { proxy: revoked, revoke } = Proxy.revocable({}, {});
    revoke();
    throwsError(() => othello.formatGame('f5', 'ggf', revoked), Error, /^formatGame: tags could not be read: .*revoked/);
    throwsError(() => othello.search('', revoked), Error, /^limits could not be read: .*revoked/);
    // A throwing getter was read as undefined: this exact solve from the start had no node limit and never ended.
    throwsError(() => othello.search('', { exact: true, get nodes() { throw new Error('no nodes'); } }), Error, /^limits\.nodes could not be read: no nodes$/);
    throwsError(() => othello.search('', { depth: 2 }, { get onProgress() { throw 'oops'; } }), TypeError, /^search: options could not be read: oops$/);
    throwsError(() => othello.perft(2, new Proxy({}, { ownKeys() { throw null; } })), TypeError, /^perft: options could not be read: a thrown null$/);
    // An element that is a string when checked and a number when read: the engine gets the checked copy.
    let reads = 0;
    const changing = ['perft'];
    Object.defineProperty(changing, 1, { enumerable: true, get: () => (++reads === 1 ? '2' : 2) });
    const lines = [];
    othello.runCli(changing, (line) => lines.push(line));
    const data = readPerft();
    assert.match(lines[1], new RegExp(`^perft  2 +${data.A[2]}$`));
    // What readFile throws: an Error whose message cannot be read, or is not a string.
    const unreadable = new Error('x');
    Object.defineProperty(unreadable, 'message', { get() { throw 'message getter'; } });
    const numbered = new Error('x');
    numbered.message = 42;
    for (const thrown of [unreadable, numbered]) {
      throwsError(() => othello.runCli(['solve', 'x.obf'], () => {}, () => { throw thrown; }), Error, /^x\.obf: cannot be read$/);
    }
    // perft's depth was shown with String(), which runs the caller's toString.
    throwsError(() => othello.perft({ toString() { throw 'x'; } }), RangeError, /^perft: depth must be a whole number from 0 to 13 .*, got object$/);
    throwsError(() => othello.perft(Object.create(null)), RangeError, /got object$/);
    throwsError(() => othello.perft(3n), RangeError, /got bigint$/);
    await healthCheck(othello, readData(othello), 5);
  });

  test('regressions: a foreign .wasm given to init or initSync is refused and the engine still loads', async () => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { role: 'init-regression' } });
    const [answer] = await Promise.race([
      new Promise((resolve, reject) => { worker.once('message', (m) => resolve([m])); worker.once('error', reject); }),
      new Promise((resolve) => { setTimeout(() => resolve([null]), CLIENT_BOUND_MS).unref(); }),
    ]);
    await worker.terminate();
    assert.ok(answer !== null, 'the worker answered');
    // Before, the glue kept the empty module it had instantiated and init() never loaded the engine.
    assert.deepEqual(answer.outcomes, [
      "Error: initSync: not the engine's .wasm (it exports no memory, __wbindgen_start, legalMoves, search, runCli)",
      "Error: init: not the engine's .wasm (it exports no memory, __wbindgen_start, legalMoves, search, runCli)",
      "Error: init: not the engine's .wasm (it exports no memory, __wbindgen_start, legalMoves, search, runCli)",
      'Error: init: the engine could not be loaded: boom',
    ]);
    assert.equal(answer.moves.length, readPerft().A[1]);
  });

  test('regressions: EngineClient settles requests whose arguments or options throw, and takes long timeouts', async () => {
    await othello.init();
    // The rules sent to the worker (answered in this thread, they never need cloning: see below).
    const client = new EngineClient({ localRules: false });
    try {
      // Cloning an argument whose getter throws null used to leave the request pending forever (and an unhandled rejection).
      const nulled = await bounded(client.legalMoves({ get x() { throw null; } }));
      assert.ok(nulled.error instanceof TypeError, render(nulled));
      assert.match(nulled.error.message, /^legalMoves: the arguments cannot be sent to the worker \(a thrown null\)$/);
      const named = await bounded(client.legalMoves({ get x() { throw 'boom'; } }));
      assert.match(named.error?.message, /^legalMoves: the arguments cannot be sent to the worker \(boom\)$/);
      // An options getter's exception was the rejection itself (a string).
      const options = await bounded(client.search('', { depth: 2 }, { get onProgress() { throw 'oops'; } }));
      assert.ok(options.error instanceof TypeError, render(options));
      assert.match(options.error.message, /^search: options could not be read: oops$/);
      assert.deepEqual((await bounded(client.legalMoves(''))).value, othello.legalMoves(''));
    } finally {
      client.terminate();
    }
    // Answered in this thread, the same arguments are refused as the direct API refuses them.
    const local = new EngineClient();
    try {
      const refused = await bounded(local.legalMoves({ get x() { throw null; } }));
      assert.ok(refused.error instanceof TypeError, render(refused));
      assert.equal(refused.error.message, 'legalMoves: position must be a string, got object');
    } finally {
      local.terminate();
    }
    throwsError(() => new EngineClient(new Proxy({}, { ownKeys() { throw 'boom'; } })), TypeError, /^EngineClient: options could not be read: boom$/);
    throwsError(() => new EngineClient({ wasm: new Proxy({}, { getPrototypeOf() { throw 'boom'; } }) }), TypeError, /wasm must be a URL/);
    // A timeout beyond setTimeout's 2^31 - 1 ms fired at once.
    const patient = new EngineClient({ timeoutMs: 2 ** 40 });
    try {
      assert.deepEqual((await bounded(patient.legalMoves(''))).value, othello.legalMoves(''));
    } finally {
      patient.terminate();
    }
    // A detached buffer as the wasm could not be sent to the worker: an unhandled rejection and a request that never settled.
    const buffer = new ArrayBuffer(8);
    structuredClone(buffer, { transfer: [buffer] });
    const detached = new EngineClient({ wasm: buffer, localRules: false });
    try {
      const outcome = await bounded(detached.legalMoves(''));
      assert.match(outcome.error?.message, /^legalMoves: the engine could not be started: the wasm cannot be sent to the worker/);
    } finally {
      detached.terminate();
    }
  });

  test('direct API: random and mutated inputs never trap, hang or throw a non-Error, and the engine stays correct', async (t) => {
    const progress = new SharedArrayBuffer(12);
    const beat = new Int32Array(progress);
    const worker = new Worker(new URL(import.meta.url), { workerData: { role: 'fuzz-direct', progress } });
    const started = performance.now();
    const outcome = await new Promise((resolve) => {
      let last = -1;
      let since = performance.now();
      const watchdog = setInterval(() => {
        const now = Atomics.load(beat, 2);
        if (now !== last) {
          last = now;
          since = performance.now();
        } else if (performance.now() - since > HANG_MS) {
          clearInterval(watchdog);
          resolve({ hang: { phase: Atomics.load(beat, 0), index: Atomics.load(beat, 1) } });
        }
      }, 200);
      worker.on('message', (message) => {
        if (message.type === 'batch') return;
        clearInterval(watchdog);
        resolve(message);
      });
      worker.on('error', (error) => {
        clearInterval(watchdog);
        resolve({ type: 'fail', message: `the fuzzing worker failed: ${error.stack}` });
      });
      worker.on('exit', (code) => {
        clearInterval(watchdog);
        resolve({ type: 'fail', message: `the fuzzing worker exited with code ${code}` });
      });
    });
    await worker.terminate();
    if (outcome.hang) {
      await othello.init();
      const what = describeHang(readData(othello), readData(null), outcome.hang.phase, outcome.hang.index);
      assert.fail(`seed ${SEED}: no answer within FUZZ_HANG_MS=${HANG_MS} ms to ${what}`);
    }
    if (outcome.type === 'fail') assert.fail(outcome.message);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const { stats } = outcome;
    t.diagnostic(`direct API: seed ${SEED}, ${outcome.cases} cases (+${outcome.unloaded} before init) in ${seconds} s, ${stats.errors} answered by an Error (${stats.messages.length} kinds of message); slowest ${stats.slowest.ms.toFixed(0)} ms: ${stats.slowest.call}`);
    if (process.env.FUZZ_VERBOSE) for (const message of stats.messages) t.diagnostic(`error message: ${message}`);
    t.diagnostic(`direct API calls by function: ${Object.entries(stats.byName).sort().map(([k, v]) => `${k} ${v}`).join(', ')}`);
  });

  test('EngineClient: random and mutated requests and options settle in time with an answer or an Error', async (t) => {
    await othello.init();
    const data = readData(othello);
    const unhandled = [];
    const onUnhandled = (reason) => unhandled.push(render(reason));
    process.on('unhandledRejection', onUnhandled);
    const started = performance.now();
    let requests = 0;
    let clients = 0;
    let main = new EngineClient();
    try {
      const first = ONLY?.kind === 'c' ? ONLY.index : 0;
      const last = ONLY?.kind === 'c' ? ONLY.index + 1 : ONLY === null ? CLIENT_CASES : 0;
      for (let i = first; i < last; i++) {
        const g = new Gen(new Rng(SEED, CLIENT_STREAM + 0x1000000 + i), data);
        g.forClient = true;
        if (g.rng.chance(0.06)) {
          // A client of fuzzed options: the constructor throws an Error or the client works (or fails to start) with Errors.
          const options = clientOptions(g);
          let client = null;
          try {
            client = new EngineClient(options);
          } catch (error) {
            const bad = badError(error);
            assert.equal(bad, null, `seed ${SEED}, client case c:${i}: new EngineClient(${render(options)}) threw ${bad}\nrun it again: ${rerun('c', i)}`);
          }
          if (client !== null) {
            clients++;
            try {
              requests += await clientBurst(client, data, i, clientContext(options));
            } finally {
              client.terminate();
            }
          }
        } else {
          requests += await clientBurst(main, data, i, { usable: true, mayFail: false, bigTable: false, testWasm: false });
        }
        if ((i + 1) % Math.ceil(BATCH / 4) === 0 || i + 1 === last) {
          try {
            await healthCheck(main, data, i);
            await healthCheck(othello, data, i + 3);
          } catch (error) {
            assert.fail(`seed ${SEED}: the engine no longer answers correctly after client case c:${i}\n${error.stack}`);
          }
        }
      }
      assert.deepEqual(unhandled, [], 'no unhandled rejection');
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      t.diagnostic(`EngineClient: seed ${SEED}, ${last - first} bursts, ${requests} requests (${clients} clients of fuzzed options) in ${seconds} s`);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      main.terminate();
    }
  });
}
