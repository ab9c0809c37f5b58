// The search under Node in wasm: FFO endgame problems solved exactly through
// the same `solve` command as the native tool, the search and analysis API,
// and its errors.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as othello from '../../pkg/index.js';

const ffo = (name) => new URL(`../data/ffo/${name}`, import.meta.url).pathname;

before(async () => {
  await othello.init();
});

/** Runs `solve` on a file and returns its printed lines and JSON summary. */
function solve(file) {
  const lines = [];
  othello.runCli(['solve', ffo(file)], (line) => lines.push(line), (path) => readFileSync(path, 'utf8'));
  return { lines, summary: JSON.parse(lines.at(-1)) };
}

test('FFO #1-#19 are solved exactly in wasm', () => {
  const { lines, summary } = solve('fforum-1-19.obf');
  assert.equal(summary.command, 'solve');
  assert.equal(summary.positions, 19);
  assert.equal(summary.correct, 19, lines.join('\n'));
});

test('FFO #20-#39 are solved exactly in wasm', () => {
  const { lines, summary } = solve('fforum-20-39.obf');
  assert.equal(summary.positions, 20);
  assert.equal(summary.correct, 20, lines.join('\n'));
});

function ffoPosition(file, index) {
  const line = readFileSync(ffo(file), 'utf8').split('\n')[index];
  const [position, ...entries] = line.split(';').map((part) => part.trim()).filter(Boolean);
  const scores = new Map(entries.map((entry) => {
    const [move, score] = entry.split(':');
    return [move.toLowerCase(), Number(score)];
  }));
  return { position, scores };
}

test('analyze gives every move of FFO #1 its exact score', () => {
  const { position, scores } = ffoPosition('fforum-1-19.obf', 0);
  const moves = othello.analyze(position, { book: false, exact: true });
  assert.equal(moves.length, scores.size);
  for (const move of moves) {
    assert.equal(move.kind, 'exact');
    assert.equal(move.score, scores.get(move.move), move.move);
  }
  assert.ok(moves.every((move, i) => i === 0 || moves[i - 1].score >= move.score));
});

test('win/loss/draw agrees with the exact score', () => {
  for (const index of [0, 3, 8]) {
    const { position, scores } = ffoPosition('fforum-1-19.obf', index);
    const best = Math.max(...scores.values());
    const result = othello.search(position, { book: false, wld: true });
    assert.equal(result.kind, 'wld');
    assert.equal(Math.sign(result.score), Math.sign(best));
  }
});

test('a depth-limited search reports every iteration and a legal principal variation', () => {
  const reports = [];
  const result = othello.search('f5d6c3d3c4', { book: false, depth: 5 }, { onProgress: (r) => reports.push(r) });
  assert.deepEqual(reports.map((r) => r.depth), [1, 2, 3, 4, 5]);
  assert.equal(result.depth, 5);
  assert.equal(result.kind, 'depth');
  assert.ok(othello.legalMoves('f5d6c3d3c4').includes(result.best));
  assert.equal(result.pv[0], result.best);
  let position = othello.parseGame('f5d6c3d3c4').position;
  for (const move of result.pv) position = othello.play(position, move);
  assert.ok(result.nodes > 0);
});

test('a node-limited search is reproducible', () => {
  const run = () => {
    othello.clearTable();
    return othello.search('f5d6c3d3c4f4f6f3e6e7', { book: false, nodes: 50000 });
  };
  const first = run();
  const second = run();
  assert.equal(first.nodes, second.nodes);
  assert.equal(first.best, second.best);
  assert.equal(first.score, second.score);
  assert.deepEqual(first.pv, second.pv);
  // The limit is checked at interior nodes: leaves below the last check may add a few.
  assert.ok(first.nodes >= 50000 && first.nodes <= 51000, `${first.nodes} nodes`);
});

test('shouldStop ends a search with a legal best move', () => {
  let polls = 0;
  const result = othello.search('f5d6c3d3c4f4f6f3e6e7', { book: false }, { shouldStop: () => ++polls > 20 });
  assert.ok(othello.legalMoves('f5d6c3d3c4f4f6f3e6e7').includes(result.best));
  assert.ok(polls > 20);
});

test('a forced pass and a finished game at the root', () => {
  const pass = `XOO${'-'.repeat(61)} O`;
  assert.equal(othello.search(pass, { book: false, depth: 3 }).best, 'pa');
  const over = `${'X'.repeat(64)} O`;
  const result = othello.search(over);
  assert.equal(result.best, null);
  assert.equal(result.kind, 'exact');
  assert.equal(result.score, -64);
  assert.deepEqual(othello.analyze(over), []);
});

test('a search or an analysis without limits plays at the default level and ends', () => {
  for (const limits of [{ book: false }, { book: false, confidence: 87 }, { book: false, evaluation: 'standin' }]) {
    const result = othello.search('f5d6c3', limits);
    assert.equal(result.depth, 13, JSON.stringify(limits));
    assert.equal(result.kind, 'depth');
    assert.equal(result.confidence, limits?.confidence ?? 73);
  }
  // In the book, no limits at all is the book's answer.
  assert.equal(othello.search('f5d6c3').kind, 'book');
  assert.equal(othello.search('f5d6c3', {}).kind, 'book');
  const moves = othello.analyze('f5d6c3d3c4f4f6f3e6e7', { book: false });
  assert.deepEqual(moves.map((m) => m.move).sort(), othello.legalMoves('f5d6c3d3c4f4f6f3e6e7').sort());
  assert.ok(moves.every((m) => m.depth === 13 && m.confidence === 73), JSON.stringify(moves));
  // Near the end, the level's exact solve (from 20 empties) gives exact scores.
  const [problem] = readFileSync(ffo('fforum-1-19.obf'), 'utf8').split('\n');
  const position = problem.split(';')[0];
  assert.equal(othello.search(position).kind, 'exact');
});

test('evaluate is a number of discs within -63..63', () => {
  // The start is even: exactly for the symmetric stand-in, within 3 discs for the learned tables.
  assert.equal(othello.evaluate('', 'standin'), 0);
  assert.ok(Math.abs(othello.evaluate('')) <= 3);
  const value = othello.evaluate('f5d6c3');
  assert.ok(Number.isInteger(value) && Math.abs(value) <= 63);
});

test('bad limits and options are answered with errors', () => {
  const rejects = (fn, pattern) => assert.throws(fn, (e) => e instanceof Error && pattern.test(e.message));
  rejects(() => othello.search('', { book: false, depth: 0 }), /^limits: depth must be a whole number from 1 to 60, got 0$/);
  rejects(() => othello.search('', { book: false, depth: 2.5 }), /^limits: depth must be a whole number/);
  rejects(() => othello.search('', { book: false, depth: '3' }), /^limits: depth must be a whole number from 1 to 60, got '3'$/);
  rejects(() => othello.search('', { book: false, timeMs: -5 }), /^limits: timeMs must be a positive number of milliseconds, got -5$/);
  rejects(() => othello.search('', { book: false, nodes: Infinity }), /^limits: nodes must be a whole number/);
  rejects(() => othello.search('', { book: false, exact: 'yes' }), /^limits: exact must be true or false, got 'yes'$/);
  rejects(() => othello.search('', { book: false, deep: 3 }), /^limits: unknown option 'deep'/);
  // A level sets depth and confidence itself: the order of the keys must not decide.
  rejects(() => othello.search('', { book: false, level: 5, depth: 3 }), /^limits: a level sets the depth: give a level or a depth, not both$/);
  rejects(() => othello.search('', { book: false, confidence: 95, level: 5 }), /^limits: a level sets the confidence/);
  rejects(() => othello.analyze('', { book: false, exact: true, wld: true }), /^limits: exact and wld exclude each other$/);
  assert.equal(othello.search('f5d6', { book: false, level: 2, exact: false, wld: false }).depth, 2);
  rejects(() => othello.search('', null), /^search: limits must be an object/);
  rejects(() => othello.search('', [3]), /^search: limits must be an object/);
  rejects(() => othello.search('', { book: false }, { onProgress: 3 }), /^search: onProgress must be a function, got number$/);
  rejects(() => othello.search('f5f5', { book: false, depth: 2 }), /^transcript: move 2 \(character 3\) f5 is illegal for White$/);
  rejects(() => othello.analyze(7), /^analyze: position must be a string, got number$/);
  rejects(() => othello.setTableSize(0), /^setTableSize: megabytes must be a whole number from 1 to 4096, got 0$/);
  rejects(() => othello.setTableSize('big'), /^setTableSize: megabytes must be a number, got string$/);
  rejects(() => othello.runCli(['solve', '/nonexistent.obf'], () => {}, (p) => readFileSync(p, 'utf8')), /ENOENT|no such file/);
  rejects(() => othello.runCli(['search', 'f5', '--depth', 'x'], () => {}), /^--depth must be a whole number from 1 to 60, got 'x'$/);
  // A progress callback that throws does not break the engine.
  const result = othello.search('f5d6', { book: false, depth: 3 }, { onProgress: () => { throw new Error('boom'); } });
  assert.equal(result.depth, 3);
  // A table too large for wasm memory is an Error, never a trap.
  try {
    othello.setTableSize(1024);
  } catch (error) {
    assert.match(error.message, /^setTableSize: cannot allocate a 1024 MiB transposition table$/);
  }
  // The largest size the options accept cannot fit in a 32-bit wasm memory.
  assert.throws(() => othello.setTableSize(4096), { message: "setTableSize: cannot allocate a 4096 MiB transposition table" });
  othello.setTableSize(8);
  assert.equal(othello.search('f5d6', { book: false, depth: 2 }).depth, 2);
});

test('the bench signature is the same in wasm and in the native build', async () => {
  const { execFileSync } = await import('node:child_process');
  const native = new URL('../../target/release/othello', import.meta.url).pathname;
  const nativeLines = execFileSync(native, ['bench'], { encoding: 'utf8' }).trim().split('\n');
  const wasmLines = [];
  othello.runCli(['bench'], (line) => wasmLines.push(line));
  const nativeSummary = JSON.parse(nativeLines.at(-1));
  const wasmSummary = JSON.parse(wasmLines.at(-1));
  assert.equal(wasmSummary.command, 'bench');
  assert.ok(wasmSummary.signature > 0);
  assert.equal(wasmSummary.signature, nativeSummary.signature);
  // Every position's line (best move, score, nodes) agrees too.
  assert.deepEqual(wasmLines.slice(0, -1), nativeLines.slice(0, -1));
});

test('search --player: the 2001 study\'s programs choose the same moves in wasm and natively', async () => {
  const { execFileSync } = await import('node:child_process');
  const native = new URL('../../target/release/othello', import.meta.url).pathname;
  for (const spec of ['study-minimax:2', 'study-alphabeta:3', 'study-negascout:3', 'study-rules:3', 'random']) {
    const args = ['search', 'f5d6c3d3c4f4f6', '--player', spec, '--seed', '4'];
    const nativeLines = execFileSync(native, args, { encoding: 'utf8' }).trim().split('\n');
    const wasmLines = [];
    othello.runCli(args, (line) => wasmLines.push(line));
    assert.equal(wasmLines[0], nativeLines[0]);
    const { ms: _wasmMs, ...wasm } = JSON.parse(wasmLines.at(-1));
    const { ms: _nativeMs, ...nativeSummary } = JSON.parse(nativeLines.at(-1));
    assert.deepEqual(wasm, nativeSummary);
    assert.equal(wasm.player, spec);
    assert.equal(wasm.best, othello.playerMove(spec, 'f5d6c3d3c4f4f6', 4));
  }
});

test('the Expert level reads and solves the squares its description promises, no more', async () => {
  const { LEVELS } = await import('../../www/levels.js');
  const expert = LEVELS.find((level) => level.id === 'expert');
  const promised = (pattern) => {
    const n = Number(pattern.exec(expert.about)?.[1]);
    assert.ok(n > 0, `${pattern} in ${expert.about}`);
    return n;
  };
  const ahead = promised(/Looks (\d+) moves ahead/);
  const exact = promised(/last (\d+) perfectly/);
  const outcome = promised(/knows who wins from (\d+)/);
  const selective = promised(/to the end of the game selectively from (\d+) squares left/);
  assert.ok(selective > outcome && outcome > exact, expert.about);
  const problems = ['fforum-20-39.obf', 'fforum-40-59.obf'].flatMap((file) =>
    readFileSync(ffo(file), 'utf8').split('\n').filter(Boolean).map((line, index) => ({ file, line, index })));
  const withEmpties = (n) => {
    const found = problems.find(({ line }) => (line.slice(0, 64).match(/-/g) ?? []).length === n);
    assert.ok(found, `an FFO problem with ${n} empties`);
    return ffoPosition(found.file, found.index);
  };
  // The level without its time cap: how it solves depends on the empties alone.
  const limits = { level: expert.limits.level, book: false };
  const best = (problem) => Math.max(...problem.scores.values());
  const solved = withEmpties(exact);
  const result = othello.search(solved.position, limits);
  assert.equal(result.kind, 'exact');
  assert.equal(result.score, best(solved));
  for (const empties of [exact + 1, outcome]) {
    const problem = withEmpties(empties);
    const known = othello.search(problem.position, limits);
    assert.equal(known.kind, 'wld', `${empties} empties`);
    assert.equal(Math.sign(known.score), Math.sign(best(problem)), `${empties} empties`);
  }
  // From the selective endgame's empties: to the end, at 95%; beyond them
  // a midgame search.
  for (const empties of [outcome + 1, selective]) {
    const problem = withEmpties(empties);
    const read = othello.search(problem.position, limits);
    assert.deepEqual([read.kind, read.depth, read.confidence], ['depth', empties, 95], `${empties} empties`);
  }
  const beyond = othello.search(withEmpties(selective + 1).position, limits);
  assert.deepEqual([beyond.kind, beyond.depth], ['depth', ahead], `${selective + 1} empties`);
});
