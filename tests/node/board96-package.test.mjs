// The package's 96-square board (`{ board: 96 }`): the rules through the
// direct API against the committed perft counts of crates/board96, status,
// score and parseGame on known positions, search and analyze (their values,
// progress, stop, the smart player's solver, the clocked player's time
// manager), every bad argument as an Error, the worker client (stop and
// abort included), and native = wasm: `othello search|analyze --board 96`
// from target/release/othello and from `node pkg/cli.mjs` print the same
// lines, and the direct API's search gives their value, best move and nodes.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as othello from '../../pkg/index.js';
import * as wasm from '../../pkg/wasm/othello.js';
import { EngineClient } from '../../pkg/client.js';

const B = { board: 96 };
/** Searches every position (the opening book is tested on its own). */
const S = { board: 96, book: false };
const START = `${'-'.repeat(42)}WR${'-'.repeat(8)}RW${'-'.repeat(42)} R`;
const SQUARE = /^[a-j](10|[1-9])$/;
const native = new URL('../../target/release/othello', import.meta.url).pathname;
const cliPath = new URL('../../pkg/cli.mjs', import.meta.url).pathname;
const noNative = !existsSync(native) && 'no target/release/othello (./build.sh)';

before(async () => {
  await othello.init();
});

/** The committed perft counts of the 96-square board: depth -> count. */
function perftTable() {
  const table = new Map();
  const text = readFileSync(new URL('../../crates/board96/tests/data/perft96.txt', import.meta.url), 'utf8');
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const [depth, count] = line.trim().split(/\s+/);
    table.set(Number(depth), Number(count));
  }
  return table;
}

/** Move paths of `depth` plies from `position` through legalMoves and play (a pass is a ply; a finished game is a leaf). */
function walk(position, depth) {
  if (depth === 0) return 1;
  const state = othello.status(position, B);
  if (state.status === 'gameover') return 1;
  const moves = state.status === 'pass' ? ['pa'] : othello.legalMoves(position, B);
  let total = 0;
  for (const move of moves) total += walk(othello.play(position, move, B), depth - 1);
  return total;
}

/** A seeded random game on the 96-square board: its moves (passes as 'pa') and the positions after each. */
function randomGame(seed, plies = Infinity) {
  let state = seed;
  let position = '';
  const moves = [];
  const positions = [];
  while (moves.length < plies) {
    const s = othello.status(position, B);
    if (s.status === 'gameover') break;
    state = (state * 1103515245 + 12345) % 2147483648;
    const move = s.status === 'pass' ? 'pa' : s.moves[state % s.moves.length];
    position = othello.play(position, move, B);
    moves.push(move);
    positions.push(position);
  }
  return { moves, positions, position };
}

/** A position after about `plies` moves of a seeded random game where the side to move can play (more than 14 empties). */
function midgame(seed, plies) {
  for (let s = seed; ; s++) {
    const { positions } = randomGame(s, plies);
    const position = positions.at(-1);
    const state = othello.status(position, B);
    if (state.status === 'moves' && state.empties > 14) return position;
  }
}

/** The first position of a seeded random game with at most `empties` empty cells where the side to move can play. */
function endgame(seed, empties) {
  const game = randomGame(seed);
  return game.positions.find((p) => {
    const s = othello.status(p, B);
    return s.empties <= empties && s.status === 'moves';
  });
}

test('legalMoves and play walk the committed perft counts to depth 5', () => {
  const table = perftTable();
  for (let depth = 1; depth <= 5; depth++) assert.equal(walk('', depth), table.get(depth), `depth ${depth}`);
  assert.deepEqual(othello.legalMoves('', B), ['e4', 'd5', 'g6', 'f7']);
  assert.deepEqual(othello.legalMoves(START, B), ['e4', 'd5', 'g6', 'f7']);
});

test('status, score and parseGame on known positions', () => {
  assert.deepEqual(othello.status('', B), {
    board: 96, position: START, cells: START.slice(0, 96), toMove: 'red', moves: ['e4', 'd5', 'g6', 'f7'],
    status: 'moves', red: 2, white: 2, empties: 92,
  });
  const afterE4 = othello.play('', 'e4', B);
  assert.equal(afterE4, `${'-'.repeat(32)}R${'-'.repeat(9)}RR${'-'.repeat(8)}RW${'-'.repeat(42)} W`);
  assert.deepEqual(othello.score(afterE4, B), { red: 4, white: 1, empties: 91, discDifference: 3, final: 94, gameOver: false });
  // White has no move, Red has c1: White must pass.
  const mustPass = `RW${'-'.repeat(94)} W`;
  assert.equal(othello.status(mustPass, B).status, 'pass');
  assert.deepEqual(othello.legalMoves(mustPass, B), []);
  assert.deepEqual(othello.legalMoves(othello.play(mustPass, 'pa', B), B), ['c1']);
  // A finished game: Red's final score with the empties to the winner.
  const over = `${'R'.repeat(95)}- W`;
  assert.equal(othello.status(over, B).status, 'gameover');
  assert.deepEqual(othello.score(over, B), { red: 95, white: 0, empties: 1, discDifference: 95, final: 96, gameOver: true });
  // parseGame: a transcript (passes implicit, given back as 'pa') and a position line.
  const game = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((seed) => randomGame(seed)).find((g) => g.moves.includes('pa'));
  assert.ok(game, 'a random game with a pass');
  const transcript = game.moves.filter((m) => m !== 'pa').join('');
  const parsed = othello.parseGame(transcript, B);
  assert.deepEqual(parsed, { format: 'transcript', start: START, moves: game.moves, position: game.position, transcript });
  assert.deepEqual(othello.parseGame(game.position, B), {
    format: 'line', start: game.position, moves: [], position: game.position, transcript: '',
  });
  assert.equal(othello.parseGame('1. e4 f4 2. G5', B).position, othello.parseGame('e4f4g5', B).position);
  // The final score of a finished random game is the disc count's.
  const { red, white, empties, final } = othello.score(game.position, B);
  assert.equal(final, red - white + Math.sign(red - white) * empties);
});

test('search: iterative deepening with progress after each depth, the pv from the table, and a stop', () => {
  const reports = [];
  const result = othello.search('e4f4g5', { board: 96, book: false, depth: 5 }, { onProgress: (r) => reports.push(r) });
  assert.deepEqual(reports.map((r) => r.depth), [1, 2, 3, 4, 5]);
  const { elapsedMs, nps, ...last } = reports.at(-1);
  const { elapsedMs: finalMs, nps: finalNps, ...final } = result;
  assert.deepEqual(last, final);
  assert.ok(finalMs >= elapsedMs);
  assert.deepEqual(Object.keys(result).sort(), ['algorithm', 'best', 'board', 'depth', 'elapsedMs', 'evaluation', 'kind',
    'nodes', 'nps', 'pv', 'score', 'value'].sort());
  assert.equal(result.kind, 'depth');
  assert.equal(result.evaluation, 'smart');
  assert.equal(result.algorithm, 'alphabeta');
  assert.equal(result.score, result.value / 100, 'the smart evaluation in discs');
  assert.ok(othello.legalMoves('e4f4g5', B).includes(result.best));
  // The pv is a line of legal moves starting with the best move.
  assert.equal(result.pv[0], result.best);
  result.pv.reduce((position, move) => othello.play(position, move, B), othello.parseGame('e4f4g5', B).position);
  // The default: depth 6, smart.
  const byDefault = othello.search('e4f4g5', S);
  assert.equal(byDefault.depth, 6);
  // A stop at the first poll (after 1024 nodes): the deepest completed depth.
  let polls = 0;
  const stopped = othello.search('e4f4g5', { board: 96, book: false, depth: 30 }, {
    shouldStop: () => ++polls > 2,
    onProgress: (r) => reports.push(r),
  });
  assert.ok(stopped.depth >= 1 && stopped.depth < 30, `depth ${stopped.depth}`);
  assert.equal(reports.at(-1).depth, stopped.depth);
  // A node limit alone deepens until it is reached.
  const limited = othello.search('e4', { board: 96, book: false, nodes: 3000 });
  assert.ok(limited.depth > 1 && limited.depth < 30 && limited.nodes < 10_000, JSON.stringify(limited));
  // The three algorithms agree on the value.
  const values = ['alphabeta', 'negascout', 'mtdf'].map((algorithm) => othello.search('f7g7', { board: 96, book: false, depth: 4, algorithm }).value);
  assert.deepEqual(values, [values[0], values[0], values[0]]);
});

test('a long depth is reported at least every 250 ms (the last completed depth, more nodes)', () => {
  const reports = [];
  const start = performance.now();
  const result = othello.search('e4', { board: 96, book: false, depth: 30 }, {
    onProgress: (r) => reports.push(r),
    shouldStop: () => performance.now() - start > 1500,
  });
  assert.ok(result.depth < 30);
  // Beyond the completed depths, heartbeats: the same depth again, with more nodes and time.
  const repeats = reports.filter((r, i) => i > 0 && r.depth === reports[i - 1].depth);
  assert.ok(repeats.length >= 2, `${reports.length} reports, depths ${reports.map((r) => r.depth).join(' ')}`);
  for (let i = 1; i < reports.length; i++) {
    assert.ok(reports[i].elapsedMs >= reports[i - 1].elapsedMs);
    assert.ok(reports[i].nodes >= reports[i - 1].nodes);
    if (reports[i].depth === reports[i - 1].depth) assert.equal(reports[i].best, reports[i - 1].best);
  }
});

test('the smart evaluation solves from 14 empties; greedy searches to its depth; a forced pass and a finished game', () => {
  const positions = [1, 2, 3].map((seed) => endgame(seed, 12));
  for (const position of positions) {
    const { empties } = othello.status(position, B);
    const solved = othello.search(position, S);
    assert.equal(solved.kind, 'exact');
    assert.equal(solved.depth, empties);
    assert.equal(solved.score, solved.value);
    // The solved score is what the analysis gives the best move, every move solved.
    const analysis = othello.analyze(position, B);
    assert.ok(analysis.every((m) => m.kind === 'exact' && m.depth === empties));
    assert.equal(analysis[0].score, solved.score);
    assert.ok(analysis.some((m) => m.move === solved.best && m.score === solved.score));
    // Playing the best move, the other side's exact score is the negation.
    const after = othello.play(position, solved.best, B);
    const reply = othello.search(after, S);
    if (othello.status(after, B).status === 'gameover') {
      const final = othello.score(after, B).final;
      assert.equal(solved.score, othello.status(position, B).toMove === 'red' ? final : -final);
    } else {
      assert.equal(reply.kind, 'exact');
      assert.equal(-reply.score, solved.score);
    }
    const greedy = othello.search(position, { board: 96, book: false, depth: 2, evaluation: 'greedy' });
    assert.equal(greedy.kind, 'depth');
    assert.equal(greedy.depth, 2);
  }
  const mustPass = `RW${'-'.repeat(94)} W`;
  const pass = othello.search(mustPass, { board: 96, book: false, depth: 3, evaluation: 'greedy' });
  assert.equal(pass.best, 'pa');
  assert.deepEqual(othello.analyze(mustPass, { board: 96, book: false, depth: 3, evaluation: 'greedy' }).map((m) => [m.move, m.score]), [['pa', pass.score]]);
  const over = `${'R'.repeat(96)} W`;
  const finished = othello.search(over, S);
  assert.equal(finished.best, null);
  assert.equal(finished.score, -96);
  assert.equal(finished.kind, 'exact');
  assert.throws(() => othello.analyze(over, B), { message: "analyze: the game is over (Red's final score +96): no move to analyze" });
});

test('analyze values every move, best first, with the search value at the same depth', () => {
  const game = midgame(5, 20);
  for (const [depth, evaluation] of [[1, 'greedy'], [3, 'greedy'], [3, 'smart-hand'], [3, 'smart']]) {
    const analysis = othello.analyze(game, { board: 96, book: false, depth, evaluation });
    assert.deepEqual(analysis.map((m) => m.move).sort(), [...othello.legalMoves(game, B)].sort());
    for (let i = 1; i < analysis.length; i++) assert.ok(analysis[i - 1].value >= analysis[i].value);
    assert.ok(analysis.every((m) => m.depth === depth && m.kind === 'depth'));
    const search = othello.search(game, { board: 96, book: false, depth, evaluation });
    assert.equal(analysis[0].value, search.value);
    assert.ok(analysis.some((m) => m.move === search.best && m.value === search.value));
    // Each move's value is the negated search of the position after it, one
    // ply less (not with the learned weights: a search values its leaves
    // with the weights of the colour at its root, Red's or White's).
    if (depth > 1 && evaluation !== 'smart') {
      for (const m of analysis.slice(0, 3)) {
        const after = othello.search(othello.play(game, m.move, B), { board: 96, book: false, depth: depth - 1, evaluation });
        assert.equal(m.value, -after.value, `${m.move} at depth ${depth}`);
      }
    }
  }
});

test('on the clock: the time manager chooses the depth, its memory travels with the reports', () => {
  // The first two searches are at depth 8 (the report's default), given time.
  let position = othello.play('', 'e4', B);
  const first = othello.search(position, { board: 96, book: false, clock: { remainingMs: 60_000 } });
  assert.equal(first.depth, 8);
  assert.equal(first.kind, 'depth');
  assert.equal(first.clockMemory.history.length, 1);
  assert.equal(first.clockMemory.history[0].depth, 8);
  assert.ok(first.budgetMs > 0);
  position = othello.play(othello.play(position, first.best, B), othello.legalMoves(othello.play(position, first.best, B), B)[0], B);
  const second = othello.search(position, { board: 96, book: false, clock: { remainingMs: 59_000, memory: first.clockMemory } });
  assert.equal(second.depth, 8);
  assert.equal(second.clockMemory.history.length, 2);
  assert.deepEqual(second.clockMemory.history[0], first.clockMemory.history[0]);
  // With almost no time, the memory makes it search shallow (depth 4).
  const hurried = othello.search(position, { board: 96, book: false, clock: { remainingMs: 1, memory: second.clockMemory } });
  assert.equal(hurried.depth, 4);
  assert.ok(othello.legalMoves(position, B).includes(hurried.best));
  // A fresh memory with little time: depth 8 abandoned past twice the allocation, restarted shallower.
  const tight = othello.search(position, { board: 96, book: false, clock: { remainingMs: 20 } });
  assert.ok(tight.depth < 8, `depth ${tight.depth}`);
  // JSON round trip (a page keeps it in storage).
  const again = othello.search(position, { board: 96, book: false, clock: { remainingMs: 1, memory: JSON.parse(JSON.stringify(second.clockMemory)) } });
  assert.equal(again.depth, 4);
});

test('every bad argument is an Error that says what was wrong, and the engine still answers', () => {
  const throwsWith = (fn, kind, message) => assert.throws(fn, (error) => {
    assert.ok(error instanceof kind, `${error.constructor.name}: ${error.message}`);
    assert.ok(message instanceof RegExp ? message.test(error.message) : error.message === message, error.message);
    return true;
  });
  throwsWith(() => othello.legalMoves('', { board: 7 }), RangeError, 'legalMoves: board must be 8 or 96, got 7');
  throwsWith(() => othello.search('', { board: '96' }), TypeError, "search: board must be 8 or 96, got '96'");
  throwsWith(() => othello.status('', { board: 96, depth: 3 }), TypeError, "status: unknown option 'depth' (expected board)");
  throwsWith(() => othello.score('', 96), TypeError, 'score: options must be an object such as { board: 96 }, got number');
  throwsWith(() => othello.play('', 'a1', B), Error, 'move: a1 is illegal for Red');
  throwsWith(() => othello.play('', 'pa', B), Error, 'move: pass is illegal for Red, who has a legal move');
  throwsWith(() => othello.play(`${'R'.repeat(96)} W`, 'pa', B), Error, 'move: the game is already over');
  throwsWith(() => othello.play('', 'k1', B), Error, "move: 'k1' is not a square or pass");
  throwsWith(() => othello.legalMoves('f7c3', B), Error, "transcript: move 2 'c3' (character 3) is not a square");
  throwsWith(() => othello.status('RW-- R', B), Error, 'position: board has 4 cells, expected 96 (holes left out)');
  // A 96-square position given to the 8x8 functions: the 8x8 error with a hint.
  throwsWith(() => othello.legalMoves(START), Error, /pass \{ board: 96 \}\)$/);
  throwsWith(() => othello.search('e4f4j10'), Error, /pass \{ board: 96 \}\)$/);
  throwsWith(() => othello.search('', { board: 96, depth: 0 }), Error, 'limits: depth must be a whole number from 1 to 30, got 0');
  throwsWith(() => othello.search('', { board: 96, nodes: 1.5 }), Error, 'limits: nodes must be a whole number from 1 to 2^53 - 1, got 1.5');
  throwsWith(() => othello.search('', { board: 96, timeMs: -1 }), Error, /^limits: timeMs must be a finite number of milliseconds/);
  throwsWith(() => othello.search('', { board: 96, algorithm: 'minimax' }), Error, "limits: algorithm must be 'alphabeta', 'negascout', 'mtdf', got 'minimax'");
  throwsWith(() => othello.search('', { board: 96, evaluation: 'pattern' }), Error, "limits: evaluation must be 'greedy', 'smart', 'smart-hand', 'smart-uniform', got 'pattern'");
  throwsWith(() => othello.search('', { board: 96, exact: true }), Error, /^limits: unknown option 'exact' for the 96-square board/);
  throwsWith(() => othello.search('', { board: 96, clock: { remainingMs: 100 }, depth: 4 }), Error, /^limits: clock cannot be combined with depth/);
  throwsWith(() => othello.search('', { board: 96, clock: { remainingMs: 100 }, evaluation: 'greedy' }), Error, /^limits: clock cannot be combined with evaluation/);
  throwsWith(() => othello.search('', { board: 96, clock: {} }), Error, /^limits: clock.remainingMs is missing/);
  throwsWith(() => othello.search('', { board: 96, clock: { remainingMs: 100, incrementMs: 5 } }), Error, "limits: clock: unknown key 'incrementMs' (expected remainingMs or memory)");
  throwsWith(() => othello.search('', { board: 96, clock: { remainingMs: 100, memory: { history: [{ depth: 8 }] } } }), Error, /^limits: clock.memory.history\[0\]: needs depth, nodes and timeMs/);
  throwsWith(() => othello.search('', { board: 96, clock: { remainingMs: 100, memory: { history: [1, 2, 3] } } }), Error, 'limits: clock.memory.history holds at most 2 searches, got 3');
  throwsWith(() => othello.analyze('e4', { board: 96, nodes: 100 }), Error, /^limits: unknown option 'nodes' for an analysis on the 96-square board/);
  throwsWith(() => othello.search('', { board: 96, get depth() { throw new Error('no depth'); } }), Error, 'limits.depth could not be read: no depth');
  throwsWith(() => othello.search('', { board: 96 }, { onProgress: 3 }), TypeError, 'search: onProgress must be a function, got number');
  // A callback that throws: progress goes on, a throwing shouldStop stops.
  const report = othello.search('e4', { board: 96, book: false, depth: 3 }, { onProgress: () => { throw new Error('x'); } });
  assert.equal(report.depth, 3);
  const stopped = othello.search('e4', { board: 96, book: false, depth: 30 }, { shouldStop: () => { throw new Error('stop'); } });
  assert.ok(stopped.depth < 30);
  // The 8x8 board is unchanged, with or without { board: 8 }.
  assert.deepEqual(othello.legalMoves('f5', { board: 8 }), othello.legalMoves('f5'));
  assert.deepEqual(othello.search('f5d6', { board: 8, depth: 3, book: false }).best, othello.search('f5d6', { depth: 3, book: false }).best);
  assert.deepEqual(othello.legalMoves('', B), ['e4', 'd5', 'g6', 'f7']);
});

test('the wasm module has one export a function for both boards: the board argument, else the text, tells which', () => {
  // othello.init() loaded this module: the package calls the same exports.
  for (const name of ['legalMoves96', 'play96', 'status96', 'score96', 'parseGame96', 'search96', 'analyze96']) {
    assert.equal(wasm[name], undefined, `${name} is still exported`);
  }
  const line = othello.play('', 'e4', B);
  // The board named: 96 or 8.
  assert.deepEqual(wasm.legalMoves('', 96), ['e4', 'd5', 'g6', 'f7']);
  assert.deepEqual(wasm.legalMoves('', 8), ['d3', 'c4', 'f5', 'e6']);
  assert.equal(wasm.play('', 'e4', 96), line);
  assert.deepEqual(wasm.status(line, 96), othello.status(line, B));
  assert.deepEqual(wasm.score(line, 96), othello.score(line, B));
  assert.deepEqual(wasm.parseGame('e4f4g5', 96), othello.parseGame('e4f4g5', B));
  // No board: the text tells. The start and moves both boards read are the 8x8 board's.
  assert.deepEqual(wasm.status(line), othello.status(line, B));
  assert.deepEqual(wasm.legalMoves('e4d4c4'), othello.legalMoves('e4d4c4', B));
  assert.deepEqual(wasm.status(''), othello.status(''));
  assert.deepEqual(wasm.legalMoves('f5'), othello.legalMoves('f5'));
  const { elapsedMs, nps, ...found } = wasm.search(line, { depth: 3, book: false });
  const { elapsedMs: e2, nps: n2, ...direct } = othello.search(line, { board: 96, depth: 3, book: false });
  assert.deepEqual(found, direct);
  assert.equal(found.board, 96);
  assert.deepEqual(wasm.analyze(line, { board: 96, depth: 2 }), othello.analyze(line, { board: 96, depth: 2 }));
  assert.deepEqual(wasm.analyze(line, { depth: 2 }, undefined, undefined, 96), othello.analyze(line, { board: 96, depth: 2 }));
  assert.equal(wasm.search('f5', { depth: 2, book: false }).board, undefined);
  // Garbage is refused with a clear error, typed as the package's.
  const throwsWith = (fn, kind, message) => assert.throws(fn, (error) => {
    assert.ok(error instanceof kind, `${error.constructor.name}: ${error.message}`);
    assert.ok(message instanceof RegExp ? message.test(error.message) : error.message === message, error.message);
    return true;
  });
  throwsWith(() => wasm.status('', 7), RangeError, 'status: board must be 8 or 96, got 7');
  throwsWith(() => wasm.legalMoves('', '96'), TypeError, "legalMoves: board must be 8 or 96, got '96'");
  throwsWith(() => wasm.play('', 'e4', {}), TypeError, 'play: board must be 8 or 96, got object');
  throwsWith(() => wasm.search('', { board: 9 }), RangeError, 'search: board must be 8 or 96, got 9');
  throwsWith(() => wasm.search('', { board: 96 }, undefined, undefined, 8), RangeError, 'limits: board must be 8 for the 8x8 board, got 96');
  throwsWith(() => wasm.analyze('', { get board() { throw new Error('no board'); } }), TypeError, 'analyze: limits.board could not be read: no board');
  throwsWith(() => wasm.status('zz'), Error, 'not a transcript, OBF line or GGF record: "zz"');
  throwsWith(() => wasm.status(line, 8), Error, /pass \{ board: 96 \}\)$/);
  throwsWith(() => wasm.status('e4c3', 96), Error, "transcript: move 2 'c3' (character 3) is not a square");
});

test('the worker client: the same answers, progress, stop and abort on the 96-square board', async () => {
  for (const sharedStop of [true, false]) {
    const client = new EngineClient({ threads: 1, sharedStop });
    try {
      const game = midgame(9, 30);
      assert.deepEqual(await client.legalMoves(game, B), othello.legalMoves(game, B));
      assert.equal(await client.play(game, othello.legalMoves(game, B)[0], B), othello.play(game, othello.legalMoves(game, B)[0], B));
      assert.deepEqual(await client.status(game, B), othello.status(game, B));
      assert.deepEqual(await client.score(game, B), othello.score(game, B));
      assert.deepEqual(await client.parseGame('e4f4', B), othello.parseGame('e4f4', B));
      const limits = { board: 96, depth: 4, algorithm: 'negascout' };
      const { elapsedMs, nps, ...inWorker } = await client.search(game, limits);
      const { elapsedMs: e2, nps: n2, ...direct } = othello.search(game, limits);
      assert.deepEqual(inWorker, direct);
      assert.deepEqual(await client.analyze(game, { board: 96, book: false, depth: 2 }), othello.analyze(game, { board: 96, book: false, depth: 2 }));
      await assert.rejects(client.play('', 'a1', B), { message: 'move: a1 is illegal for Red' });
      await assert.rejects(client.search('', { board: 96, depth: 31 }), { message: 'limits: depth must be a whole number from 1 to 30, got 31' });
      // stop() ends a deep search with a completed depth (its last progress report when the worker is replaced).
      const progress = [];
      const search = client.search('e4', { board: 96, book: false, depth: 30 }, { onProgress: (r) => progress.push(r) });
      while (!progress.some((r) => r.depth >= 5)) await new Promise((resolve) => setTimeout(resolve, 5));
      await client.stop();
      const found = await search;
      assert.ok(found.depth >= 5 && found.depth < 30, `depth ${found.depth}`);
      assert.ok(othello.legalMoves('e4', B).includes(found.best));
      if (!sharedStop) assert.deepEqual(found, progress.at(-1));
      // abort() rejects with an AbortError; the next request is answered.
      const dropped = client.search('e4', { board: 96, book: false, depth: 30 });
      await new Promise((resolve) => setTimeout(resolve, 50));
      await client.abort();
      await assert.rejects(dropped, { name: 'AbortError', message: 'search: aborted' });
      assert.deepEqual(await client.legalMoves('e4', B), othello.legalMoves('e4', B));
      // A stopped analysis: the moves valued so far (flag), or all of them again at depth 1 (worker replaced).
      const analysis = client.analyze('e4f4g5', { board: 96, book: false, depth: 12 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await client.stop();
      const moves = await analysis;
      const legal = othello.legalMoves('e4f4g5', B);
      assert.ok(moves.every((m) => legal.includes(m.move)));
      if (!sharedStop) assert.deepEqual(moves, othello.analyze('e4f4g5', { board: 96, book: false, depth: 1 }));
      // On the clock in the worker: the memory comes back.
      const clocked = await client.search('e4', { board: 96, book: false, clock: { remainingMs: 5000 } });
      assert.equal(clocked.clockMemory.history.length, 1);
    } finally {
      client.terminate();
    }
  }
});

test('the threaded build has the 96-square exports: a client on two threads searches the 96-square board', async () => {
  const client = new EngineClient({ threads: 2 });
  try {
    const game = midgame(12, 24);
    const limits = { board: 96, depth: 4 };
    const { elapsedMs, nps, ...inWorker } = await client.search(game, limits);
    assert.equal(client.threads.build, 'threaded', JSON.stringify(client.threads));
    const { elapsedMs: e2, nps: n2, ...direct } = othello.search(game, limits);
    assert.deepEqual(inWorker, direct);
    assert.deepEqual(await client.analyze(game, { board: 96, book: false, depth: 2 }), othello.analyze(game, { board: 96, book: false, depth: 2 }));
    assert.deepEqual(await client.status(game, B), othello.status(game, B));
  } finally {
    client.terminate();
  }
});

/** The lines `args` print from the native tool. */
function nativeLines(args) {
  return execFileSync(native, args, { encoding: 'utf8' }).trim().split('\n');
}

/** The lines `node pkg/cli.mjs args` prints. */
function nodeLines(args) {
  return execFileSync(process.execPath, [cliPath, ...args], { encoding: 'utf8' }).trim().split('\n');
}

/** A JSON summary without its timing fields. */
function untimed(line) {
  const { ms, nps, ...rest } = JSON.parse(line);
  return rest;
}

test('native = wasm: search and analyze --board 96 print the same lines, and the direct API finds the same', { skip: noNative }, () => {
  const middle = midgame(4, 40);
  const late = endgame(2, 12);
  const cases = [
    ['e4', ['--depth', '5']],
    ['f7g7h7f8f9', ['--depth', '4', '--algorithm', 'mtdf', '--eval', 'greedy']],
    [middle, ['--depth', '4', '--algorithm', 'negascout']],
    [middle, ['--depth', '5', '--eval', 'greedy']],
    [middle, ['--nodes', '20000']],
    [late, []],
    [late, ['--eval', 'greedy', '--depth', '3']],
    [`RW${'-'.repeat(94)} W`, ['--depth', '3', '--eval', 'greedy']],
  ];
  for (const [position, options] of cases) {
    const args = ['search', ...position.split(' '), '--board', '96', ...options];
    const nat = nativeLines(args);
    const node = nodeLines(args);
    assert.deepEqual(node.slice(0, -1), nat.slice(0, -1), args.join(' '));
    assert.deepEqual(untimed(node.at(-1)), untimed(nat.at(-1)), args.join(' '));
    // The direct API: the same value, best move, depth, kind and nodes.
    const summary = untimed(nat.at(-1));
    const limits = { board: 96 };
    for (let i = 0; i < options.length; i += 2) {
      const [name, value] = [options[i], options[i + 1]];
      if (name === '--depth') limits.depth = Number(value);
      if (name === '--nodes') limits.nodes = Number(value);
      if (name === '--algorithm') limits.algorithm = value;
      if (name === '--eval') limits.evaluation = value;
    }
    const report = othello.search(position, limits);
    assert.deepEqual(
      { best: report.best ?? '--', value: report.value, kind: report.kind, depth: report.depth, nodes: report.nodes, algorithm: report.algorithm, eval: report.evaluation },
      { best: summary.best, value: summary.value, kind: summary.kind, depth: summary.depth, nodes: summary.nodes, algorithm: summary.algorithm, eval: summary.eval },
      args.join(' '),
    );
  }
  for (const [position, options] of [['e4f4g5', ['--depth', '3']], [middle, ['--depth', '3', '--eval', 'greedy']], [late, []]]) {
    const args = ['analyze', ...position.split(' '), '--board', '96', ...options];
    const nat = nativeLines(args);
    const node = nodeLines(args);
    assert.deepEqual(node.slice(0, -1), nat.slice(0, -1), args.join(' '));
    assert.deepEqual(untimed(node.at(-1)), untimed(nat.at(-1)), args.join(' '));
    const limits = { board: 96 };
    if (options.includes('--depth')) limits.depth = Number(options[options.indexOf('--depth') + 1]);
    if (options.includes('--eval')) limits.evaluation = options[options.indexOf('--eval') + 1];
    const analysis = othello.analyze(position, limits);
    assert.deepEqual(analysis.map((m) => ({ move: m.move, value: m.value })), untimed(nat.at(-1)).moves, args.join(' '));
  }
});

test('square names are the 96-square board\'s', () => {
  const moves = new Set();
  for (const seed of [1, 2, 3]) for (const m of randomGame(seed).moves) if (m !== 'pa') moves.add(m);
  assert.ok([...moves].every((m) => SQUARE.test(m)));
  assert.ok(!['c3', 'h3', 'c8', 'h8'].some((hole) => moves.has(hole)), 'never a hole');
  assert.ok([...moves].some((m) => /^[ij]|10$/.test(m)), 'squares beyond the 8x8 board');
});

test('the opening book answers its positions at once (kind book), through the client too, unless book: false', async () => {
  const fromBook = othello.search('e4', B);
  assert.equal(fromBook.kind, 'book');
  assert.equal(fromBook.nodes, 0);
  assert.equal(fromBook.depth, 12);
  assert.ok(othello.legalMoves('e4', B).includes(fromBook.best));
  assert.deepEqual(fromBook.pv, [fromBook.best]);
  // The same as the native tool's book line.
  const summary = JSON.parse(nativeLines(['search', 'e4', '--board', '96']).at(-1));
  assert.deepEqual([summary.kind, summary.best, summary.value], ['book', fromBook.best, fromBook.value]);
  const searched = othello.search('e4', { board: 96, book: false, depth: 2 });
  assert.equal(searched.kind, 'depth');
  assert.ok(searched.nodes > 0);
  // Greedy searches are never answered from the book; analyze searches every move.
  assert.equal(othello.search('e4', { board: 96, evaluation: 'greedy', depth: 2 }).kind, 'depth');
  assert.ok(othello.analyze('e4', { board: 96, depth: 2, book: true }).every((m) => m.kind === 'depth'));
  assert.throws(() => othello.search('e4', { board: 96, book: 'no' }), { message: "limits: book must be true or false, got 'no'" });
  const client = new EngineClient({ threads: 1 });
  try {
    const inWorker = await client.search('e4', B);
    assert.deepEqual([inWorker.kind, inWorker.best, inWorker.value], ['book', fromBook.best, fromBook.value]);
  } finally {
    client.terminate();
  }
});
