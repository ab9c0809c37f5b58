// Searches on a game clock under Node in wasm: `search(position, { clock })`
// plays with the engine's game-clock time manager (the one `othello game
// --clock-ms` uses). A move comes well inside its clock, even with no time
// left; whole games on a clock never flag; options that would override the
// manager and bad clocks are refused with an Error naming them; the worker
// client takes the clock too.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as othello from '../../pkg/index.js';
import { EngineClient } from '../../pkg/client.js';

before(async () => {
  await othello.init();
});

// How far a search runs past its budget is a figure of the machine's load,
// not asserted here: `soak` measures it (docs/reliability.md). These tests
// check the budgets' values, that nothing but the budget ended a search, and
// bounds tens of times above the time a move takes.

/** Runs `search` and measures its wall time, call overhead included. */
function timedSearch(position, limits) {
  const started = performance.now();
  const report = othello.search(position, limits);
  return { report, wallMs: performance.now() - started };
}

/** The position (an OBF line) after `plies` moves of depth-2 searches from the start. */
function afterPlies(plies) {
  let position = '';
  for (let i = 0; i < plies && othello.status(position).status !== 'gameover'; i++) {
    position = othello.play(position, othello.search(position, { book: false, depth: 2 }).best);
  }
  return position;
}

/** Asserts that `report.best` is a legal move of `position` (or the pass it must make). */
function assertLegal(position, report) {
  const { status, moves } = othello.status(position);
  if (status === 'pass') assert.equal(report.best, 'pa');
  else assert.ok(moves.includes(report.best), `${report.best} is not one of ${moves.join(' ')}`);
}

test('a move on a 2-second clock comes inside it, ended by its budget', (t) => {
  const { report, wallMs } = timedSearch('', { book: false, clock: { remainingMs: 2000 } });
  assertLegal('', report);
  assert.equal(typeof report.budgetMs, 'number');
  assert.ok(report.budgetMs > 0 && report.budgetMs <= 2000 - 50, `budget ${report.budgetMs} ms`);
  // Nothing else limits a search of the start position: its budget ended it, short of a solve.
  assert.equal(report.kind, 'depth');
  assert.ok(report.depth < 60, `depth ${report.depth}`);
  // The move came inside the clock (a bound tens of times above its budget).
  assert.ok(wallMs < 2000, `took ${wallMs.toFixed(0)} ms of a 2000 ms clock`);
  t.diagnostic(`budget ${report.budgetMs.toFixed(1)} ms, searched ${report.elapsedMs.toFixed(1)} ms, call ${wallMs.toFixed(1)} ms`);
  assert.equal(report.confidence, 95, 'a move on a clock is selective unless told');
});

test('with no time left a legal move still comes at once', (t) => {
  // The opening, the midgame, and the endgame where the manager would solve.
  for (const position of ['', afterPlies(20), afterPlies(44), afterPlies(56)]) {
    // The engine's own elapsed time, which leaves out the one-time decoding
    // of the book and the evaluation (the first search of the process pays
    // it, slower the busier the machine).
    const report = othello.search(position, { clock: { remainingMs: 0 } });
    assertLegal(position, report);
    assert.ok(report.budgetMs <= 1, `budget ${report.budgetMs} ms`);
    // A bound hundreds of times above the budget: a search that ignored it would deepen far longer.
    assert.ok(report.elapsedMs < 1000, `${report.elapsedMs} ms for a budget of ${report.budgetMs} ms`);
    t.diagnostic(`${othello.status(position).moves.length} legal moves: searched ${report.elapsedMs.toFixed(1)} ms, ${report.nodes} nodes`);
  }
});

test('more time on the clock and an increment give a larger budget', () => {
  const position = 'f5d6c3d3c4f4f6f3e6e7';
  const small = othello.search(position, { book: false, clock: { remainingMs: 1000 } });
  const large = othello.search(position, { book: false, clock: { remainingMs: 3000 } });
  const increment = othello.search(position, { book: false, clock: { remainingMs: 1000, incrementMs: 500 } });
  assert.ok(large.budgetMs > small.budgetMs, `${large.budgetMs} <= ${small.budgetMs}`);
  assert.ok(increment.budgetMs > small.budgetMs, `${increment.budgetMs} <= ${small.budgetMs}`);
});

test('a confidence goes with the clock (selective search; 95% unless told)', () => {
  const report = othello.search('f5d6c3d3c4', { book: false, clock: { remainingMs: 2000 }, confidence: 87, evaluation: 'pattern' });
  assertLegal('f5d6c3d3c4', report);
  assert.equal(report.kind, 'depth');
  assert.equal(report.confidence, 87);
  const full = othello.search('f5d6c3d3c4', { book: false, clock: { remainingMs: 2000 }, confidence: 100 });
  assert.equal(full.confidence, 100, 'confidence 100: no selective cut');
  const timed = othello.search('f5d6c3d3c4', { book: false, timeMs: 50 });
  assert.equal(timed.confidence, 95, 'a time per move is selective unless told');
  // Options given as false or undefined are not given.
  const plain = othello.search('f5d6c3d3c4', { book: false, clock: { remainingMs: 500 }, exact: false, wld: false, depth: undefined });
  assertLegal('f5d6c3d3c4', plain);
});

test('progress reports on a clock carry the budget', () => {
  const reports = [];
  const result = othello.search('f5d6c3', { book: false, clock: { remainingMs: 5000 } }, { onProgress: (r) => reports.push(r) });
  assert.ok(reports.length > 0);
  assert.ok(reports.every((r) => r.budgetMs === result.budgetMs));
  // A search without a clock has no budget.
  assert.equal(othello.search('f5d6c3', { book: false, depth: 2 }).budgetMs, undefined);
});

/**
 * Plays a whole game engine against engine, both on `clock` (`startMs` per
 * side, `incrementMs` after each move): each move's wall time, call
 * included, comes off the mover's clock, then the increment goes on.
 */
function playOnClock(startMs, incrementMs) {
  const left = { black: startMs, white: startMs };
  const moves = [];
  let position = '';
  while (othello.status(position).status !== 'gameover') {
    const side = othello.status(position).toMove;
    const clock = { remainingMs: left[side], incrementMs };
    // Without the book, whose moves take no time: the time manager's share is measured.
    const { report, wallMs } = timedSearch(position, { book: false, clock });
    left[side] -= wallMs;
    assert.ok(left[side] >= 0, `${side} flagged at move ${moves.length + 1}: ${left[side].toFixed(1)} ms`);
    left[side] += incrementMs;
    assertLegal(position, report);
    moves.push({ side, report, wallMs, leftMs: left[side] });
    position = othello.play(position, report.best);
  }
  return { moves, left, position };
}

test('a 10-second sudden-death game never flags and every move has a report', () => {
  othello.clearTable();
  const { moves, left, position } = playOnClock(10_000, 0);
  assert.equal(othello.score(position).gameOver, true);
  assert.ok(moves.length >= 58, `${moves.length} moves`);
  assert.ok(moves.every(({ report }) => typeof report.best === 'string' && report.budgetMs > 0));
  assert.ok(left.black >= 0 && left.white >= 0, JSON.stringify(left));
  // The clock is used: more than a tenth of it, not only depth-1 moves.
  const spent = moves.reduce((sum, m) => sum + m.wallMs, 0);
  assert.ok(spent > 2_000, `${spent.toFixed(0)} ms spent of 20000`);
});

test('a 2-second game with a 100 ms increment never flags and spends the increment', () => {
  const { moves, left } = playOnClock(2_000, 100);
  assert.ok(left.black >= 0 && left.white >= 0, JSON.stringify(left));
  // Without the increment about 60% of the 4 s would be spent; with it,
  // about 60% of the 10 s given.
  const spent = moves.reduce((sum, m) => sum + m.wallMs, 0);
  const given = 2 * 2_000 + 100 * moves.length;
  assert.ok(spent > 0.4 * given, `${spent.toFixed(0)} ms spent of ${given}`);
});

test('every option that sets when the search stops is refused with a clock, naming both', () => {
  const clock = { remainingMs: 1000 };
  for (const [name, value] of [['timeMs', 100], ['depth', 5], ['nodes', 1000], ['level', 5], ['exact', true], ['wld', true]]) {
    for (const limits of [{ clock, [name]: value }, { [name]: value, clock }]) {
      assert.throws(() => othello.search('f5d6', limits), (error) => {
        assert.ok(error instanceof Error);
        assert.match(error.message, /^limits: /);
        assert.ok(error.message.includes('clock') && error.message.includes(name), error.message);
        return true;
      }, JSON.stringify(limits));
    }
  }
  assert.throws(() => othello.search('f5d6', { book: false, clock, depth: 5 }),
    { message: /^limits: clock and depth exclude each other/ });
});

test('bad clocks are refused with an Error naming the field and the value', () => {
  const cases = [
    [{ remainingMs: -1 }, /clock\.remainingMs must be a finite number of milliseconds, 0 or more, got -1$/],
    [{ remainingMs: NaN }, /clock\.remainingMs .* got NaN$/],
    [{ remainingMs: Infinity }, /clock\.remainingMs .* got Infinity$/],
    [{ remainingMs: '1000' }, /clock\.remainingMs .* got '1000'$/],
    [{ remainingMs: null }, /clock\.remainingMs .* got null$/],
    [{ remainingMs: 1000, incrementMs: -5 }, /clock\.incrementMs .* got -5$/],
    [{ remainingMs: 1000, incrementMs: NaN }, /clock\.incrementMs .* got NaN$/],
    [{ remainingMs: 1000, incrementMs: 'x' }, /clock\.incrementMs .* got 'x'$/],
    [{}, /clock\.remainingMs is missing/],
    [{ incrementMs: 100 }, /clock\.remainingMs is missing/],
    [{ remainingMs: 1000, incrementsMs: 100 }, /clock: unknown option 'incrementsMs' \(expected remainingMs or incrementMs\)/],
    [5000, /clock must be an object such as \{ remainingMs: 60000, incrementMs: 0 \}, got 5000$/],
    [null, /clock must be an object .* got null$/],
    [[1000], /clock must be an object .* got an array$/],
    ['1000', /clock must be an object .* got '1000'$/],
  ];
  for (const [clock, pattern] of cases) {
    assert.throws(() => othello.search('', { book: false, clock }), (error) => {
      assert.ok(error instanceof Error);
      assert.match(error.message, /^limits: /);
      assert.match(error.message, pattern);
      return true;
    }, JSON.stringify(clock));
  }
});

test('analyze refuses a clock', () => {
  assert.throws(() => othello.analyze('f5d6', { book: false, clock: { remainingMs: 1000 } }),
    { message: /^limits: analyze does not take a clock/ });
});

test('the worker client searches on a clock, and its errors are the same', async () => {
  const client = new EngineClient();
  try {
    const remainingMs = 1500;
    // The request's timeout leaves the clock plus a margin for starting the worker.
    const report = await client.search('f5d6c3', { book: false, clock: { remainingMs, incrementMs: 0 } }, { timeoutMs: remainingMs + 5000 });
    assertLegal('f5d6c3', report);
    assert.ok(report.budgetMs > 0 && report.budgetMs < remainingMs);
    assert.ok(report.elapsedMs < remainingMs, `searched ${report.elapsedMs} ms of a ${remainingMs} ms clock`);
    const selective = await client.search('f5d6c3', { book: false, clock: { remainingMs }, confidence: 87 });
    assert.equal(selective.confidence, 87);
    await assert.rejects(client.search('f5d6c3', { book: false, clock: { remainingMs }, timeMs: 100 }),
      { message: /^limits: clock and timeMs exclude each other/ });
    await assert.rejects(client.search('f5d6c3', { book: false, clock: { remainingMs: -3 } }),
      { message: /clock\.remainingMs .* got -3$/ });
    await assert.rejects(client.analyze('f5d6c3', { book: false, clock: { remainingMs } }),
      { message: /^limits: analyze does not take a clock/ });
  } finally {
    client.terminate();
  }
});

test('stop() of a clock search on a replaced worker answers at once with a legal move', async () => {
  const client = new EngineClient({ sharedStop: false });
  try {
    // A minute at 30 empties: a budget of seconds, stopped before it starts.
    const position = afterPlies(30);
    const running = client.search(position, { book: false, clock: { remainingMs: 60_000 } });
    await client.stop();
    const report = await running;
    assertLegal(position, report);
    // The answer is the search again on a clock of at most 250 ms, not the minute's budget of seconds.
    assert.ok(report.budgetMs <= 250, `budget ${report.budgetMs} ms`);
  } finally {
    client.terminate();
  }
});
