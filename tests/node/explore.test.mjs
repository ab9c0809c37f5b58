// The opening explorer in the package and the Node tool: `explore()` (the
// direct API and EngineClient) and `node pkg/cli.mjs explore` against a
// recount straight from data/wthor-games.txt.gz that shares no code with
// the explorer (explorer-recount.mjs: the games are matched to the position
// in its eight orientations square by square, replayed by the package's
// rules). Also: the index loads lazily and
// once, bad input and a bad index are refused with typed errors, and the
// Node tool prints what the native tool prints.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as othello from '../../pkg/index.js';
import { EngineClient } from '../../pkg/client.js';
import { readGames, recounter } from './explorer-recount.mjs';

const root = new URL('../../', import.meta.url);
const cliPath = new URL('pkg/cli.mjs', root).pathname;
const native = new URL('target/release/othello', root).pathname;
const games = readGames();
const recount = recounter(othello, games);

const round = (value) => Math.round(value * 100) / 100;

/** Asserts that `found` (an Exploration) is the recount of `line`. */
function assertRecounted(found, line) {
  const counted = recount(line);
  const counts = (t) => [t.games, t.blackWins, t.draws, t.whiteWins];
  assert.deepEqual(counts(found), counts(counted), `${line}: the games that reached it`);
  assert.equal(found.averageDisc, round(counted.discSum / counted.games), line);
  assert.deepEqual(found.moves.map((m) => m.move).sort(), [...counted.moves.keys()].sort(), `${line}: the moves played`);
  for (const m of found.moves) {
    const t = counted.moves.get(m.move);
    assert.deepEqual(counts(m), counts(t), `${line} ${m.move}`);
    assert.equal(m.averageDisc, round(t.discSum / t.games), `${line} ${m.move}`);
    const sample = found.samples.find((s) => s.move === m.move);
    assert.equal(sample.game, t.latest, `${line} ${m.move}: the most recent game`);
    assert.deepEqual([sample.year, sample.blackDiscs, sample.whiteDiscs],
      [games[t.latest].year, games[t.latest].black, games[t.latest].white]);
  }
  for (let i = 1; i < found.moves.length; i += 1) assert.ok(found.moves[i - 1].games >= found.moves[i].games, 'most played first');
  return counted;
}

/** The lines `node pkg/cli.mjs` prints for `args`. */
function nodeCli(args) {
  return execFileSync(process.execPath, [cliPath, ...args], { encoding: 'utf8' }).trim().split('\n');
}

before(async () => {
  await othello.init();
});

test('before its index is loaded: runCli explore says so; a bad index is refused and may be tried again', async () => {
  assert.throws(() => othello.runCli(['explore', 'f5'], () => {}), { code: 'ERR_OTHELLO_ENGINE', message: /index is not loaded/ });
  await assert.rejects(othello.loadExplorer(new Uint8Array([1, 2, 3])), { code: 'ERR_OTHELLO_LOAD', message: /too short/ });
  const bytes = readFileSync(new URL('pkg/explorer.bin', root));
  const damaged = Uint8Array.from(bytes);
  damaged[damaged.length >> 1] ^= 1;
  await assert.rejects(othello.loadExplorer(damaged), { code: 'ERR_OTHELLO_LOAD', message: /checksum/ });
  await assert.rejects(othello.loadExplorer('/no/such/explorer.bin'), { code: 'ERR_OTHELLO_LOAD' });
  await assert.rejects(othello.loadExplorer(42), { code: 'ERR_OTHELLO_ARGUMENT' });
  const index = await othello.loadExplorer();
  assert.equal(index.games, games.length);
  assert.equal(index.minGames, 2);
  // Loaded once: a second call resolves with the same index, whatever it is given.
  assert.deepEqual(await othello.loadExplorer(new Uint8Array(1)), index);
});

test('counts equal a recount from the games file', async () => {
  // The tiger, a position reached by many move orders, one of three games.
  for (const line of ['f5d6c3d3c4', 'f5f6e6f4e3c5c6d3f3d2e2', 'f5f6e6f4g5h6g6d6h5h4']) {
    assertRecounted(await othello.explore(line), line);
  }
  // The tiger in another orientation: the same games, its moves named in that orientation.
  const tiger = await othello.explore('f5d6c3d3c4');
  const mirrored = assertRecounted(await othello.explore('e6f4c3c4d3'), 'e6f4c3c4d3');
  assert.equal(mirrored.games, tiger.games);
  // Given as an OBF line: the same answer.
  const obf = othello.parseGame('f5d6c3d3c4').position;
  assert.deepEqual(await othello.explore(obf), tiger);
});

test('the start: every game, its four moves one move named d3', async () => {
  const start = await othello.explore('');
  assert.equal(start.games, games.length);
  assert.deepEqual(start.moves.map((m) => [m.move, m.symmetric, m.games]), [['d3', ['c4', 'f5', 'e6'], games.length]]);
  assert.equal(start.blackWins, games.filter((g) => g.black > g.white).length);
  // Each of them leads to the same position.
  const f5 = await othello.explore('f5');
  for (const move of ['c4', 'd3', 'e6']) assert.equal((await othello.explore(move)).games, f5.games);
  assert.equal(f5.games, games.length);
});

test('the book\'s value of each move, beside its games', async () => {
  const found = await othello.explore('f5d6');
  const book = JSON.parse((() => {
    const lines = [];
    othello.runCli(['book', 'probe', 'f5d6'], (l) => lines.push(l));
    return lines.at(-1);
  })()).moves;
  for (const m of found.moves) {
    assert.equal(m.book, book.find((b) => b.move === m.move)?.score ?? null, m.move);
  }
  assert.ok(found.moves.some((m) => m.book !== null));
});

test('a position outside the index: none, or the one game a move from the index names', async () => {
  const line = 'f5d6c3d3c4f4f6';
  const counted = recount(line);
  const [name, t] = [...counted.moves].find(([, tally]) => tally.games === 1);
  const after = await othello.explore(line + name);
  assert.deepEqual([after.games, after.blackWins, after.draws, after.whiteWins], [1, t.blackWins, t.draws, t.whiteWins]);
  assert.equal(recount(line + name).games, 1);
  assert.deepEqual(after.samples.map((s) => [s.game, s.move]), [[t.latest, null]]);
  assert.deepEqual(after.moves, []);
  const board = await othello.explore(othello.parseGame(line + name).position);
  assert.equal(board.games, 0);
  // A position no game reached: the start with a disc on a1.
  const start = othello.parseGame('').position;
  assert.deepEqual(await othello.explore(`X${start.slice(1)}`), {
    games: 0, blackWins: 0, draws: 0, whiteWins: 0, averageDisc: 0, moves: [], samples: [],
  });
});

test('bad arguments are refused with typed errors', async () => {
  await assert.rejects(othello.explore(42), { name: 'TypeError', code: 'ERR_OTHELLO_ARGUMENT' });
  await assert.rejects(othello.explore('zz'), { code: 'ERR_OTHELLO_NOTATION' });
  await assert.rejects(othello.explore('f5f5'), { code: 'ERR_OTHELLO_NOTATION' });
  await assert.rejects(othello.explore('f5', { board: 96 }), { name: 'RangeError', code: 'ERR_OTHELLO_RANGE', message: /8x8/ });
  await assert.rejects(othello.explore('f5', { depth: 3 }), { name: 'TypeError', message: /unknown option 'depth'/ });
  await assert.rejects(othello.explore('f5', null), { name: 'TypeError' });
});

test('EngineClient explores in its own thread and in the worker alike', async () => {
  const local = new EngineClient();
  const remote = new EngineClient({ localRules: false });
  try {
    for (const line of ['', 'f5d6c3d3c4', 'f5f6e6f4g5h6g6d6h5h4']) {
      const direct = await othello.explore(line);
      assert.deepEqual(await local.explore(line), direct, line);
      assert.deepEqual(await remote.explore(line), direct, line);
    }
    await assert.rejects(remote.explore('f5', { board: 96 }), { name: 'RangeError', code: 'ERR_OTHELLO_RANGE' });
    await assert.rejects(remote.explore('zz'), { code: 'ERR_OTHELLO_NOTATION' });
  } finally {
    local.terminate();
    remote.terminate();
  }
});

test('node pkg/cli.mjs explore ends with the Exploration as its JSON line, as the native tool does', async () => {
  const lines = nodeCli(['explore', 'f5d6c3d3c4']);
  const { command, ...found } = JSON.parse(lines.at(-1));
  assert.equal(command, 'explore');
  assert.deepEqual(found, await othello.explore('f5d6c3d3c4'));
  assert.ok(lines[0].startsWith(`${found.games} games: `), lines[0]);
  if (existsSync(native)) {
    assert.deepEqual(nodeCli(['explore', 'e6f4c3c4d3']), execFileSync(native, ['explore', 'e6f4c3c4d3'], { encoding: 'utf8' }).trim().split('\n'));
  }
  assert.throws(() => nodeCli(['explore', 'build', '--games', 'x', '--out', 'y']), (error) => error.status === 2
    && /explore build: only the native tool/.test(error.stderr));
  assert.throws(() => nodeCli(['explore', 'f5f5']), (error) => error.status === 1 && /^othello: explore: /.test(error.stderr));
});

