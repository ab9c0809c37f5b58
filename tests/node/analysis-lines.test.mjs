// analyze with `lines`: the best N moves with their lines, in the direct API,
// the worker client (one thread and the threaded build) and the Node tool
// (`node pkg/cli.mjs analyze <position> --lines 3`, the same lines as the
// native one). Solved lines are checked against the FFO files' published
// scores of every move (tests/data/ffo); lines at a depth against the
// analysis of every move at that depth; one line against the search.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { EngineClient } from '../../pkg/client.js';
import * as othello from '../../pkg/index.js';
import { LINES } from '../../pkg/limits.js';

const cliPath = new URL('../../pkg/cli.mjs', import.meta.url).pathname;
const native = new URL('../../target/release/othello', import.meta.url).pathname;
const noNative = !existsSync(native) && 'no target/release/othello (./build.sh)';

/** FFO positions with every move's published score: `{ position, scores: [{ move, score }] }`, best first. */
function ffo(file, count) {
  return readFileSync(new URL(`../data/ffo/${file}`, import.meta.url), 'utf8').trim().split('\n').slice(0, count)
    .map((line) => {
      const [position, ...moves] = line.split(';').map((part) => part.trim()).filter(Boolean);
      const scores = moves.map((entry) => {
        const [move, score] = entry.split(':');
        return { move: move.toLowerCase(), score: Number(score) };
      });
      return { position, scores };
    });
}

/** Positions of WTHOR games (tests/data/wthor-first-games.txt) after 12, 24 and 36 moves. */
function wthorPositions() {
  const games = readFileSync(new URL('../data/wthor-first-games.txt', import.meta.url), 'utf8').trim().split('\n');
  return games.slice(0, 2).flatMap((line) => {
    const moves = line.trim().split(/\s+/).at(-1);
    return [12, 24, 36].map((plies) => moves.slice(0, 2 * plies));
  });
}

/** The checks every set of lines passes: `wanted` of them (or the moves), best first, each line starting with its move. */
function checkLines(lines, wanted, moves) {
  assert.equal(lines.length, Math.min(wanted, moves));
  for (let i = 1; i < lines.length; i += 1) assert.ok(lines[i - 1].score >= lines[i].score, JSON.stringify(lines));
  for (const line of lines) {
    assert.equal(line.pv[0], line.move);
    assert.deepEqual(Object.keys(line).sort(), ['confidence', 'depth', 'kind', 'move', 'pv', 'score']);
  }
  assert.equal(new Set(lines.map((line) => line.move)).size, lines.length);
}

/** Solved lines are the file's best scores, each move with its published score. */
function checkSolved({ position, scores }, lines, wanted) {
  checkLines(lines, wanted, scores.length);
  assert.deepEqual(lines.map((line) => line.score), scores.slice(0, lines.length).map((s) => s.score), position);
  for (const line of lines) {
    assert.equal(line.kind, 'exact');
    assert.equal(scores.find((s) => s.move === line.move)?.score, line.score, `${position}: ${line.move}`);
  }
}

before(async () => {
  await othello.init();
});

test('the direct API: solved lines are the FFO files\' best moves with their published scores', () => {
  for (const problem of ffo('fforum-1-19.obf', 4)) {
    const reports = [];
    const lines = othello.analyze(problem.position, { lines: 3, exact: true }, { onProgress: (r) => reports.push(r) });
    checkSolved(problem, lines, 3);
    // The last report carries the result's lines.
    assert.deepEqual(reports.at(-1).lines, lines);
  }
});

test('the direct API: lines at a depth are the best of every move, and every report carries them all', () => {
  for (const position of wthorPositions()) {
    const every = othello.analyze(position, { depth: 6, book: false });
    for (const wanted of [2, LINES.max]) {
      const reports = [];
      const lines = othello.analyze(position, { lines: wanted, depth: 6 }, { onProgress: (r) => reports.push(r) });
      checkLines(lines, wanted, every.length);
      assert.deepEqual(lines.map((l) => l.score), every.slice(0, lines.length).map((m) => m.score), position);
      for (const line of lines) assert.equal(every.find((m) => m.move === line.move).score, line.score);
      const withLines = reports.filter((r) => r.lines !== undefined);
      assert.deepEqual(withLines.map((r) => r.depth), [1, 2, 3, 4, 5, 6]);
      for (const report of withLines) {
        checkLines(report.lines, wanted, every.length);
        assert.deepEqual([report.lines[0].move, report.lines[0].score, report.lines[0].pv], [report.best, report.score, report.pv]);
      }
    }
  }
});

test('the direct API: one line is the search at the same depth', () => {
  for (const position of wthorPositions()) {
    // From the same (empty) table, the same search.
    othello.clearTable();
    const search = othello.search(position, { depth: 8, book: false });
    othello.clearTable();
    const [line] = othello.analyze(position, { lines: 1, depth: 8 });
    assert.deepEqual([line.move, line.score, line.depth, line.pv], [search.best, search.score, search.depth, search.pv]);
    assert.equal(search.lines, undefined, 'a search reports no lines');
  }
});

test('the direct API: bad lines and lines given to a search are refused with typed errors', () => {
  for (const [lines, name] of [[0, 'RangeError'], [LINES.max + 1, 'RangeError'], [2.5, 'RangeError'], ['3', 'TypeError'], [true, 'TypeError']]) {
    assert.throws(() => othello.analyze('f5d6', { lines }), (error) => error.name === name
      && /^limits: lines must be a whole number from 1 to 5/.test(error.message), String(lines));
  }
  assert.throws(() => othello.search('f5d6', { lines: 3 }), (error) => error.code === othello.ERROR_CODES.LIMITS
    && error.message === 'limits: lines is for analyze, which gives the best moves each with its line (a search finds the best move alone)');
  assert.throws(() => othello.analyze('f5d6', { lines: 3, clock: { remainingMs: 1000 } }), /analyze does not take a clock/);
  // A finished game has no line; a forced pass one.
  assert.deepEqual(othello.analyze(`${'X'.repeat(64)} O`, { lines: 3 }), []);
  assert.deepEqual(othello.analyze(`XOO${'-'.repeat(61)} O`, { lines: 3, depth: 3 }).map((l) => l.move), ['pa']);
});

test('the worker client on two threads solves the same lines, reports them, and stop() ends an endless analysis with its lines', async (t) => {
  const client = new EngineClient({ threads: 2 });
  t.after(() => client.terminate());
  await client.ready();
  assert.equal(client.threads.threads, 2);
  for (const problem of ffo('fforum-1-19.obf', 6).slice(3)) {
    const reports = [];
    const lines = await client.analyze(problem.position, { lines: 3, exact: true }, { onProgress: (r) => reports.push(r) });
    checkSolved(problem, lines, 3);
    assert.ok(reports.some((r) => r.lines?.length === 3));
  }
  // Deepening until stopped: stop() resolves with the lines of the last completed iteration.
  const position = wthorPositions()[1];
  let deepest = null;
  const running = client.analyze(position, { lines: 3, depth: 60 }, {
    onProgress: (report) => {
      if (report.lines !== undefined) deepest = report;
      if (report.depth >= 5 && report.lines !== undefined) client.stop();
    },
  });
  const lines = await running;
  checkLines(lines, 3, othello.status(position).moves.length);
  assert.ok(lines[0].depth >= 5);
  assert.deepEqual(lines, deepest.lines);
});

test('the worker client without shared memory: stop() resolves at once with the last report\'s lines', async (t) => {
  const client = new EngineClient({ sharedStop: false });
  t.after(() => client.terminate());
  assert.equal(client.stopMode, 'terminate');
  const position = wthorPositions()[0];
  let last = null;
  const lines = await client.analyze(position, { lines: 2, depth: 60 }, {
    onProgress: (report) => {
      if (report.lines === undefined) return;
      last = report;
      if (report.depth >= 4) client.stop();
    },
  });
  assert.deepEqual(lines, last.lines);
  assert.equal(lines.length, 2);
});

/** The lines `node pkg/cli.mjs args` prints. */
function nodeLines(args) {
  return execFileSync(process.execPath, [cliPath, ...args], { encoding: 'utf8' }).trim().split('\n');
}

test('node pkg/cli.mjs analyze --lines 3 ends with the lines as JSON, as the native tool does', () => {
  const [problem] = ffo('fforum-1-19.obf', 1);
  const args = ['analyze', problem.position, '--lines', '3', '--exact'];
  const printed = nodeLines(args);
  const summary = JSON.parse(printed.at(-1));
  assert.equal(summary.command, 'analyze');
  checkSolved(problem, summary.lines.map((line) => ({ ...line, pv: line.pv.split(' ') })), 3);
  assert.ok(printed.some((line) => line.startsWith('depth 14 exact lines g8 +18, h1 +12, ')), printed.join('\n'));
  if (!noNative) {
    const nat = execFileSync(native, [...args, '--threads', '1'], { encoding: 'utf8' }).trim().split('\n');
    const untimed = (line) => {
      const { ms, nps, ...rest } = JSON.parse(line);
      return rest;
    };
    assert.deepEqual(nat.slice(0, -1), printed.slice(0, -1));
    assert.deepEqual(untimed(nat.at(-1)), untimed(printed.at(-1)));
  }
});
