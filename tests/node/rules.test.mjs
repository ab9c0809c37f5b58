// The package's rules API under Node: legal moves, play, status, score, perft,
// checked against data written outside this project where there is some.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import * as othello from '../../pkg/index.js';

const testData = new URL('../data/', import.meta.url);
const trainingData = new URL('../../data/', import.meta.url);

before(async () => {
  await othello.init();
});

test('the start position has the four standard moves', () => {
  assert.deepEqual(othello.legalMoves(''), ['d3', 'c4', 'f5', 'e6']);
  const status = othello.status('');
  assert.equal(status.toMove, 'black');
  assert.equal(status.status, 'moves');
  assert.equal(status.black, 2);
  assert.equal(status.white, 2);
  assert.equal(status.empties, 60);
});

test('play returns an OBF line that the other calls accept', () => {
  const after = othello.play('', 'F5');
  assert.match(after, /^[XO-]{64} O$/);
  assert.equal(othello.status(after).toMove, 'white');
  assert.deepEqual(othello.legalMoves(after), othello.legalMoves('f5'));
  assert.equal(othello.play(after, 'd6'), othello.parseGame('f5d6').position);
});

test('positions can be given as transcript, OBF line or GGF record', () => {
  const game = othello.parseGame('f5d6c3d3c4');
  assert.equal(game.format, 'transcript');
  assert.deepEqual(game.moves, ['f5', 'd6', 'c3', 'd3', 'c4']);
  const fromObf = othello.parseGame(game.position);
  assert.equal(fromObf.format, 'obf');
  assert.equal(fromObf.position, game.position);
  const fromGgf = othello.parseGame(game.ggf);
  assert.equal(fromGgf.format, 'ggf');
  assert.equal(fromGgf.position, game.position);
  assert.equal(fromGgf.transcript, 'f5d6c3d3c4');
});

test('tournament games end as recorded, with passes and game over', () => {
  const lines = gunzipSync(readFileSync(new URL('wthor-games.txt.gz', trainingData)))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .slice(0, 300);
  let finished = 0;
  let passes = 0;
  for (const line of lines) {
    const [, black, white, moves] = line.split(' ');
    const game = othello.parseGame(moves);
    passes += game.moves.filter((move) => move === 'pa').length;
    const result = othello.score(game.position);
    if (!result.gameOver) continue;
    finished += 1;
    assert.equal(othello.status(game.position).status, 'gameover');
    assert.deepEqual(othello.legalMoves(game.position), []);
    assert.equal(result.final, Number(black) - Number(white), line);
  }
  assert.ok(finished >= 250, `only ${finished} of 300 games finished`);
  assert.ok(passes > 0, 'no game in the sample has a pass');
});

test('a position where the side to move must pass', () => {
  // Black a1, White b1 and c1 (d1 empty): White to move has no move, Black has d1.
  const board = 'XOO' + '-'.repeat(61);
  const position = `${board} O`;
  assert.equal(othello.status(position).status, 'pass');
  assert.deepEqual(othello.legalMoves(position), []);
  const passed = othello.play(position, 'pa');
  assert.equal(passed, `${board} X`);
  assert.deepEqual(othello.legalMoves(passed), ['d1']);
  const over = othello.play(passed, 'd1');
  assert.equal(othello.status(over).status, 'gameover');
  assert.deepEqual(othello.score(over), {
    black: 4, white: 0, empties: 60, discDifference: 4, final: 64, gameOver: true,
  });
});

function perftTable() {
  const rows = readFileSync(new URL('perft.txt', testData), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.trim().split(/\s+/).map(Number));
  return new Map(rows.map(([depth, a, b]) => [depth, { a, b }]));
}

test('perft(8) in both conventions matches the table', () => {
  const table = perftTable();
  for (const depth of [1, 2, 3, 4, 5, 6, 7, 8]) {
    assert.equal(othello.perft(depth), table.get(depth).a);
    assert.equal(othello.perft(depth, { passFree: true }), table.get(depth).b);
  }
});

test('perft(9) tells the conventions apart', () => {
  const table = perftTable();
  assert.notEqual(table.get(9).a, table.get(9).b);
  assert.equal(othello.perft(9), table.get(9).a);
  assert.equal(othello.perft(9, { passFree: true }), table.get(9).b);
});
