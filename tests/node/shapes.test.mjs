// The result objects have the shapes pkg/index.d.ts declares: the interfaces
// Status, Score, ParsedGame, SearchReport, MoveScore, Exploration and AnalysisLine (and the 96-square
// board's Status96, Score96, ParsedGame96, Search96Report with its
// ClockMemory96, and MoveScore96) are read from the declarations, and every object the real functions return has exactly the
// declared properties (an optional one only where it is given), each of its
// declared type: numbers, never BigInt; `null`, never undefined; plain arrays
// and plain objects. A field renamed on either side fails here.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as othello from '../../pkg/index.js';

const declarations = readFileSync(new URL('../../pkg/index.d.ts', import.meta.url), 'utf8');

/** The declarations without their comments (which may hold braces and colons). */
const code = declarations.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

/** `export type Name = ...;` aliases: name to type text. */
const aliases = new Map(
  [...code.matchAll(/export type (\w+)\s*=\s*([^;]+);/g)].map(([, name, type]) => [name, type.trim()]),
);

/** The properties of `export interface name`: `{ name, optional, type }` in declared order. */
function declaredProperties(name) {
  const match = code.match(new RegExp(`export interface ${name} \\{([\\s\\S]*?)\\n\\}`));
  assert.ok(match, `pkg/index.d.ts declares no interface ${name}`);
  const properties = [...match[1].matchAll(/^\s*(\w+)(\??):\s*([^;]+);\s*$/gm)]
    .map(([, key, optional, type]) => ({ key, optional: optional === '?', type: type.trim() }));
  assert.ok(properties.length > 0, `interface ${name} has no properties`);
  return properties;
}

/** The alternatives of a union type, at its top level. */
function alternatives(type) {
  return type.split('|').map((part) => part.trim()).filter(Boolean);
}

/** Whether `value` is of the declared `type` (the few kinds these interfaces use). */
function isOfType(value, type) {
  return alternatives(type).some((alternative) => {
    if (alternative === 'string' || alternative === 'number' || alternative === 'boolean') {
      return typeof value === alternative;
    }
    if (alternative === 'null') return value === null;
    // `${File}${Rank}`: a square of the 8x8 board.
    if (alternative === 'Square') return typeof value === 'string' && /^[a-h][1-8]$/.test(value);
    if (/^'[^']*'$/.test(alternative)) return value === alternative.slice(1, -1);
    if (alternative.endsWith('[]')) {
      return Array.isArray(value) && Object.getPrototypeOf(value) === Array.prototype
        && value.every((item) => isOfType(item, alternative.slice(0, -2)));
    }
    if (/^\d+$/.test(alternative)) return value === Number(alternative);
    if (aliases.has(alternative)) return isOfType(value, aliases.get(alternative));
    if (new RegExp(`export interface ${alternative} \\{`).test(code)) return hasShape(value, alternative);
    throw new Error(`shapes.test.mjs cannot check the type '${alternative}': teach isOfType about it`);
  });
}

/** Whether `value` is a plain object with the properties of interface `name` (each optional one may be absent). */
function hasShape(value, name) {
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  const properties = declaredProperties(name);
  const required = properties.filter((p) => !p.optional).map((p) => p.key);
  return required.every((key) => key in value)
    && Object.keys(value).every((key) => properties.some((p) => p.key === key && isOfType(value[key], p.type)));
}

/**
 * Asserts that `object` is a plain object with exactly the properties of
 * `interfaceName`: every required one, the optional ones named in
 * `optionalGiven` and nothing else, each of its declared type.
 */
function assertShape(object, interfaceName, optionalGiven = []) {
  const properties = declaredProperties(interfaceName);
  assert.ok(object !== null && typeof object === 'object', `${interfaceName}: not an object`);
  assert.equal(Object.getPrototypeOf(object), Object.prototype, `${interfaceName}: not a plain object`);
  for (const key of optionalGiven) {
    assert.ok(properties.some((p) => p.key === key && p.optional), `${interfaceName}.${key} is not declared optional`);
  }
  const expected = properties
    .filter((p) => !p.optional || optionalGiven.includes(p.key))
    .map((p) => p.key);
  assert.deepEqual(Object.keys(object).sort(), [...expected].sort(), `${interfaceName}: own keys differ from pkg/index.d.ts`);
  for (const { key, type } of properties) {
    if (!(key in object)) continue;
    assert.ok(isOfType(object[key], type), `${interfaceName}.${key} is ${JSON.stringify(object[key])} (${typeof object[key]}), declared ${type}`);
  }
}

/** Black a1, White b1 and c1: White to move must pass. */
const PASS = `XOO${'-'.repeat(61)} O`;
const OVER = `${'X'.repeat(64)} O`;
const OPENING = 'f5d6c3d3c4f4';

before(async () => {
  await othello.init();
});

test('the declarations are read: each interface has the properties it documents', () => {
  assert.deepEqual(declaredProperties('Score').map((p) => p.key),
    ['black', 'white', 'empties', 'discDifference', 'final', 'gameOver']);
  assert.deepEqual(declaredProperties('SearchReport').filter((p) => p.optional).map((p) => p.key), ['budgetMs', 'lines']);
  assert.equal(declaredProperties('SearchReport').find((p) => p.key === 'best').type, 'Move | null');
  assert.ok(isOfType('pa', 'Move') && isOfType('h8', 'Move') && !isOfType('i9', 'Move') && !isOfType('pass', 'Move'));
  assert.ok(isOfType(73, 'Confidence') && !isOfType(90, 'Confidence'));
  assert.ok(isOfType('gameover', declaredProperties('Status').find((p) => p.key === 'status').type));
  assert.ok(!isOfType('over', declaredProperties('Status').find((p) => p.key === 'status').type));
  assert.ok(!isOfType(3n, 'number'));
});

test('status has the shape of Status', () => {
  for (const position of ['', OPENING, PASS, OVER]) {
    assertShape(othello.status(position), 'Status');
  }
  assert.deepEqual(othello.status(PASS).moves, []);
});

test('score has the shape of Score', () => {
  for (const position of ['', OPENING, PASS, OVER]) {
    assertShape(othello.score(position), 'Score');
  }
});

test('parseGame has the shape of ParsedGame in every notation', () => {
  const ggf = othello.formatGame(OPENING, 'ggf', { PB: 'Alice' });
  for (const text of [OPENING, '', othello.play(OPENING, 'e3'), ggf, PASS]) {
    assertShape(othello.parseGame(text), 'ParsedGame');
  }
});

test('search results and progress reports have the shape of SearchReport', () => {
  const reports = [];
  const result = othello.search(OPENING, { book: false, depth: 4 }, { onProgress: (report) => reports.push(report) });
  assert.ok(reports.length > 0);
  for (const report of [...reports, result]) assertShape(report, 'SearchReport');
  assert.equal(typeof result.best, 'string');
  // No move: best is null, present.
  const over = othello.search(OVER);
  assertShape(over, 'SearchReport');
  assert.equal(over.best, null);
  assertShape(othello.search(PASS, { book: false, depth: 3 }), 'SearchReport');
});

test('a search on a clock adds budgetMs to its result and reports', () => {
  const reports = [];
  const result = othello.search(OPENING, { book: false, clock: { remainingMs: 5000 } }, { onProgress: (report) => reports.push(report) });
  for (const report of [...reports, result]) assertShape(report, 'SearchReport', ['budgetMs']);
  assert.ok(result.budgetMs > 0);
});

test('analyze gives plain arrays of MoveScore', () => {
  for (const position of [OPENING, PASS, OVER]) {
    const moves = othello.analyze(position, { book: false, depth: 3 });
    assert.ok(Array.isArray(moves) && Object.getPrototypeOf(moves) === Array.prototype);
    for (const move of moves) assertShape(move, 'MoveScore');
  }
  assert.deepEqual(othello.analyze(PASS, { book: false, depth: 3 }).map((m) => m.move), ['pa']);
});

test('explore gives an Exploration of ExploredMove and ExploredGame objects', async () => {
  // The start (a merged move), an opening, a position one game reached, a pass and a finished game.
  for (const position of ['', OPENING, 'f5d6c3d3c4f4f6f7', PASS, OVER]) {
    assertShape(await othello.explore(position), 'Exploration');
  }
  const start = await othello.explore('');
  assertShape(start.moves[0], 'ExploredMove');
  assertShape(start.samples[0], 'ExploredGame');
});

test('analyze with lines gives plain arrays of AnalysisLine, and its reports add lines', () => {
  for (const position of [OPENING, PASS, OVER]) {
    const reports = [];
    const lines = othello.analyze(position, { lines: 3, depth: 3 }, { onProgress: (report) => reports.push(report) });
    assert.ok(Array.isArray(lines) && Object.getPrototypeOf(lines) === Array.prototype);
    for (const line of lines) assertShape(line, 'AnalysisLine');
    // The first report (before an iteration ends) and a finished game's have no lines.
    for (const report of reports) assertShape(report, 'SearchReport', report.lines === undefined ? [] : ['lines']);
  }
  assert.equal(othello.analyze(OPENING, { lines: 3, depth: 3 }).length, 3);
});

test('the 96-square board: status, score, parseGame, search and analyze have the shapes of their interfaces', () => {
  const B = { board: 96 };
  const must = `RW${'-'.repeat(94)} W`;
  const over = `${'R'.repeat(96)} W`;
  for (const position of ['', 'e4f4g5', must, over]) {
    assertShape(othello.status(position, B), 'Status96');
    assertShape(othello.score(position, B), 'Score96');
    assertShape(othello.parseGame(position, B), 'ParsedGame96');
  }
  const reports = [];
  const result = othello.search('e4f4g5', { board: 96, book: false, depth: 3 }, { onProgress: (report) => reports.push(report) });
  for (const report of [...reports, result]) assertShape(report, 'Search96Report');
  assertShape(othello.search('e4f4g5', B), 'Search96Report');
  assertShape(othello.search(over, B), 'Search96Report');
  assert.equal(othello.search(over, B).best, null);
  const clocked = [];
  const onClock = othello.search('e4', { board: 96, book: false, clock: { remainingMs: 2000 } }, { onProgress: (report) => clocked.push(report) });
  for (const report of [...clocked, onClock]) assertShape(report, 'Search96Report', ['clockMemory', 'budgetMs']);
  assert.equal(onClock.clockMemory.history.length, 1);
  // A book answer on the clock: the manager's memory goes through unchanged.
  const fromBook = othello.search('e4', { board: 96, clock: { remainingMs: 2000, memory: onClock.clockMemory } });
  assertShape(fromBook, 'Search96Report', ['clockMemory', 'budgetMs']);
  assert.equal(fromBook.kind, 'book');
  assert.deepEqual(fromBook.clockMemory, onClock.clockMemory);
  for (const position of ['e4f4g5', must]) {
    const moves = othello.analyze(position, { board: 96, depth: 2 });
    assert.ok(Array.isArray(moves) && Object.getPrototypeOf(moves) === Array.prototype);
    for (const move of moves) assertShape(move, 'MoveScore96');
  }
  assert.ok(!hasShape({ history: [{ depth: 8 }] }, 'ClockMemory96'));
});
