// `--board 96` in the shared commands: `perft` and `search` on the
// 96-square board of the CS 221 report print the committed perft counts, and
// the Node tool (runCli, node pkg/cli.mjs) prints what the native one prints.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as othello from '../../pkg/index.js';

const native = new URL('../../target/release/othello', import.meta.url).pathname;
const cliPath = new URL('../../pkg/cli.mjs', import.meta.url).pathname;
const tablePath = new URL('../../crates/board96/tests/data/perft96.txt', import.meta.url);

before(async () => {
  await othello.init();
});

/** The lines the wasm CLI prints for `args`. */
function cli(args) {
  const lines = [];
  othello.runCli(args, (line) => lines.push(line));
  return lines;
}

/** The lines the native tool prints for `args`. */
function nativeLines(args) {
  return execFileSync(native, args, { encoding: 'utf8' }).trim().split('\n');
}

/** The committed counts: depth -> count (BigInt). */
function perftTable() {
  const table = new Map();
  for (const line of readFileSync(tablePath, 'utf8').split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const [depth, count] = line.trim().split(/\s+/);
    table.set(Number(depth), BigInt(count));
  }
  return table;
}

/** A JSON summary without its timing fields. */
function untimed(line) {
  const { ms, nps, ...rest } = JSON.parse(line);
  assert.equal(typeof ms, 'number');
  assert.equal(typeof nps, 'number');
  return rest;
}

test('perft 8 --board 96 in wasm gives the committed counts', () => {
  const table = perftTable();
  const lines = cli(['perft', '8', '--board', '96']);
  assert.equal(lines.length, 9);
  for (let depth = 1; depth <= 8; depth++) {
    const [word, d, count] = lines[depth - 1].trim().split(/\s+/);
    assert.equal(word, 'perft');
    assert.equal(Number(d), depth);
    assert.equal(BigInt(count), table.get(depth), `depth ${depth}`);
  }
  assert.deepEqual(untimed(lines[8]), {
    command: 'perft', board: 96, convention: 'A', depth: 8, nodes: Number(table.get(8)),
  });
});

test('native and Node print the same perft and search lines on the 96-square board', { skip: !existsSync(native) && 'no target/release/othello (./build.sh)' }, () => {
  for (const args of [
    ['perft', '8', '--board', '96'],
    ['search', 'f7g7h7f8f9', '--board', '96', '--depth', '5'],
    ['search', 'e4', '--board', '96', '--depth', '4', '--algorithm', 'mtdf', '--eval', 'greedy'],
    ['search', 'f7', '--board', '96', '--depth', '4', '--algorithm', 'negascout'],
    ['search', 'f7', '--board', '96', '--depth', '4', '--algorithm', 'negascout', '--no-book'],
  ]) {
    const wasm = cli(args);
    const nat = nativeLines(args);
    assert.deepEqual(wasm.slice(0, -1), nat.slice(0, -1), args.join(' '));
    assert.deepEqual(untimed(wasm.at(-1)), untimed(nat.at(-1)), args.join(' '));
  }
  // node pkg/cli.mjs itself, as a user runs it.
  const node = execFileSync(process.execPath, [cliPath, 'perft', '6', '--board', '96'], { encoding: 'utf8' }).trim().split('\n');
  const nat = nativeLines(['perft', '6', '--board', '96']);
  assert.deepEqual(node.slice(0, -1), nat.slice(0, -1));
  assert.deepEqual(untimed(node.at(-1)), untimed(nat.at(-1)));
  // The same error, exit status 2, from both tools.
  for (const args of [['perft', '3', '--board', '7'], ['solve', 'x.obf', '--board', '96']]) {
    const fromNode = spawnSync(process.execPath, [cliPath, ...args], { encoding: 'utf8' });
    const fromNative = spawnSync(native, args, { encoding: 'utf8' });
    assert.equal(fromNode.status, 2);
    assert.equal(fromNative.status, 2);
    assert.equal(fromNode.stderr.split('\n')[0], fromNative.stderr.split('\n')[0]);
  }
  // An error of the work (a file that is not there): its message alone, status 1.
  const args = ['solve', 'no-such-file.obf'];
  const fromNode = spawnSync(process.execPath, [cliPath, ...args], { encoding: 'utf8' });
  const fromNative = spawnSync(native, args, { encoding: 'utf8' });
  assert.equal(fromNode.status, 1);
  assert.equal(fromNative.status, 1);
  assert.equal(fromNative.stderr.trim().split('\n').length, 1, fromNative.stderr);
  assert.equal(fromNode.stderr.trim().split('\n').length, 1, fromNode.stderr);
  assert.match(fromNode.stderr, /^othello: no-such-file\.obf: /);
  assert.match(fromNative.stderr, /^othello: no-such-file\.obf: /);
});

test('the search line ends with a JSON summary of the deepest depth', () => {
  const lines = cli(['search', 'f7g7h7f8f9', '--board', '96', '--depth', '3', '--eval', 'greedy']);
  assert.match(lines[0], /^position [RW-]{96} W \(White to move\)$/);
  const summary = untimed(lines.at(-1));
  assert.equal(summary.command, 'search');
  assert.equal(summary.board, 96);
  assert.equal(summary.depth, 3);
  assert.equal(summary.algorithm, 'alphabeta');
  assert.equal(summary.eval, 'greedy');
  assert.match(summary.best, /^[a-j](10|[1-9])$/);
  assert.equal(Number.isInteger(summary.value), true);
});

test('bad boards, options and positions are errors, never crashes', () => {
  const throwsWith = (args, message) => assert.throws(() => cli(args), { message });
  throwsWith(['perft', '3', '--board', '7'], "--board must be 8 or 96, got '7'");
  throwsWith(['perft', '3', '--board'], '--board needs a value: 8 or 96');
  throwsWith(['perft', '3', '--board', '96', '--pass-free'], /^perft --board 96: --pass-free is not available/);
  throwsWith(['perft', '14', '--board', '96'], "perft --board 96: depth '14' is not a whole number from 0 to 13");
  throwsWith(['solve', 'x.obf', '--board', '96'], /^solve --board 96: not available on the 96-square board/);
  throwsWith(['search', 'f7c3', '--board', '96'], "transcript: move 2 'c3' (character 3) is not a square");
  throwsWith(['search', 'RW-- R', '--board', '96'], 'position: board has 4 cells, expected 96 (holes left out)');
  throwsWith(['search', 'f7', '--board', '96', '--algorithm', 'x'], /^search --board 96: --algorithm must be/);
  // The 8x8 board is unchanged, with or without --board 8.
  const eight = cli(['perft', '4']);
  const withOption = cli(['perft', '4', '--board', '8']);
  assert.deepEqual(withOption.slice(0, -1), eight.slice(0, -1));
  assert.deepEqual(untimed(withOption.at(-1)), untimed(eight.at(-1)));
  assert.deepEqual(Object.keys(JSON.parse(eight.at(-1))), ['command', 'convention', 'depth', 'nodes', 'ms', 'nps']);
  // The engine still works after the errors.
  assert.equal(JSON.parse(cli(['perft', '5', '--board', '96']).at(-1)).nodes, 1328);
});
