// `node pkg/cli.mjs nboard` and `node pkg/cli.mjs soak`: the NBoard protocol
// and the soak in wasm, driven through standard input as a GUI drives them,
// checked against FForum problem #1's exact scores and the first WTHOR game of
// tests/data (passes included), and against the native tool's answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';

const cliPath = new URL('../../pkg/cli.mjs', import.meta.url).pathname;
const nativePath = new URL('../../target/release/othello', import.meta.url).pathname;

/** Runs a tool with `input` on standard input; its status and output lines. */
function run(command, args, input = '') {
  const result = spawnSync(command, args, { input, encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, lines: result.stdout.split('\n').filter(Boolean), stderr: result.stderr };
}

const nodeTool = (args, input) => run(process.execPath, [cliPath, ...args], input);

/** The answers other than node counts, statuses and the seconds a move took. */
function answers(lines) {
  return lines
    .filter((line) => !line.startsWith('nodestats ') && !line.startsWith('status '))
    .map((line) => (line.startsWith('=== ') ? line.split(' ').slice(0, 3).join(' ') : line));
}

function ffo1() {
  const line = readFileSync(new URL('../data/ffo/fforum-1-19.obf', import.meta.url), 'utf8')
    .split('\n')
    .find((text) => text.trim() && !text.startsWith('#'));
  const [board, ...entries] = line.split(';');
  const scores = new Map(
    entries
      .map((entry) => entry.trim().split(':'))
      .filter((pair) => pair.length === 2)
      .map(([move, score]) => [move.toLowerCase(), Number(score)]),
  );
  const [squares, side] = board.trim().split(' ');
  const record = `(;GM[Othello]PC[NBoard]TY[8]BO[8 ${squares.replaceAll('X', '*')} ${side === 'X' ? '*' : 'O'}];)`;
  return { record, scores };
}

test('nboard in wasm plays and hints FFO #1 with its exact scores, as the native tool does', () => {
  const { record, scores } = ffo1();
  const best = Math.max(...scores.values());
  const script = `nboard 2\nset depth 10\nset game ${record}\nping 1\ngo\nhint 3\nping 2\n`;
  const { status, lines, stderr } = nodeTool(['nboard'], script);
  assert.equal(status, 0, stderr);
  const said = answers(lines);
  assert.match(said[0], /^set myname othello-/);
  assert.equal(said[1], 'pong 1');
  const [, move, score] = said[2].split(' ');
  assert.equal(scores.get(move), best, said[2]);
  assert.equal(Number(score), best);
  const expected = [...scores.values()].sort((a, b) => b - a).slice(0, 3);
  said.slice(3, 6).forEach((line, index) => {
    const [kind, hinted, value, zero, depth] = line.split(' ');
    assert.deepEqual([kind, zero, depth], ['search', '0', '100%'], line);
    assert.equal(Number(value), expected[index], line);
    assert.equal(scores.get(hinted), expected[index], line);
  });
  assert.equal(said[6], 'pong 2');
  assert.ok(lines.includes('status thinking') && lines.some((line) => line.startsWith('nodestats ')));
  const native = run(nativePath, ['nboard'], script);
  assert.equal(native.status, 0, native.stderr);
  assert.deepEqual(said, answers(native.lines));
});

test('nboard in wasm follows a tournament game with its passes', () => {
  const transcript = readFileSync(new URL('../data/wthor-first-games.txt', import.meta.url), 'utf8')
    .split('\n')[0]
    .split(' ')[3];
  const moves = transcript.match(/../g);
  assert.equal(moves.length, 60);
  let script = 'nboard 2\nset depth 2\nset game (;GM[Othello]TY[8];)\n';
  moves.forEach((move, index) => {
    // White has no move after Black's 54th disc: the GUI asks, then passes.
    if (index === 53) script += 'ping 53\ngo\nmove PA\n';
    script += `move ${move.toUpperCase()}/0.00/1.5\n`;
  });
  script += 'go\nping 60\n';
  const { status, lines, stderr } = nodeTool(['nboard'], script);
  assert.equal(status, 0, stderr);
  assert.deepEqual(answers(lines).slice(1), ['pong 53', '=== pa 0.00', 'pong 60']);
  const refused = lines.filter((line) => line.startsWith('status ') && !/^status (thinking|waiting)$/.test(line));
  assert.deepEqual(refused, ['status go: the game is over']);
});

test('a short soak in wasm finds no error and reports its deadlines', () => {
  const { status, lines, stderr } = nodeTool(['soak', '--games', '2', '--time-ms', '5-20', '--seed', '5']);
  assert.equal(status, 0, stderr);
  const summary = JSON.parse(lines.at(-1));
  assert.equal(summary.command, 'soak');
  assert.equal(summary.games, 2);
  assert.equal(summary.errors, 0);
  assert.ok(summary.searches > 20, `${summary.searches} searches`);
  assert.ok(summary.checked >= 1);
  const { p50, p99, max } = summary.overrun_ms;
  assert.ok(p50 <= p99 && p99 <= max, JSON.stringify(summary.overrun_ms));
  assert.equal(lines.filter((line) => line.startsWith('game ')).length, 2);
  // The same games natively: the same moves need not follow (time limits),
  // but the same count of games and no error.
  const native = JSON.parse(execFileSync(nativePath, ['soak', '--games', '2', '--time-ms', '5-20', '--seed', '5'], { encoding: 'utf8' }).trim().split('\n').at(-1));
  assert.equal(native.errors, 0);
  assert.equal(native.games, 2);
});
