// The page's board geometry (www/geometry.js) against the engine's own
// order of squares: the 96-square board's cells (a1..j10 in reading order,
// holes c3, h3, c8, h8 left out) and the 8x8 board's 64 squares.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Geometry } from '../../www/geometry.js';
import * as othello from '../../pkg/index.js';

await othello.init();
const B = { board: 96 };
const board96 = new Geometry(10, ['c3', 'h3', 'c8', 'h8']);

test('the 96-square geometry: 96 squares in reading order without the holes', () => {
  assert.equal(board96.squares, 96);
  assert.deepEqual(board96.names.slice(0, 12), ['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1', 'i1', 'j1', 'a2', 'b2']);
  assert.deepEqual(board96.names.slice(20, 28), ['a3', 'b3', 'd3', 'e3', 'f3', 'g3', 'i3', 'j3']);
  assert.equal(board96.squareName(95), 'j10');
  for (const hole of ['c3', 'h3', 'c8', 'h8']) assert.equal(board96.squareIndex(hole), -1);
  assert.equal(board96.squareIndex('k1'), -1);
  assert.equal(board96.squareIndex('a11'), -1);
  assert.equal(board96.grid.filter((index) => index === -1).length, 4);
  assert.equal(board96.at(2, 2), -1, 'c3 is a hole');
  assert.equal(board96.at(10, 0), undefined, 'off the board');
});

test('arrow steps go over a hole and stop at the edge', () => {
  const at = (name) => board96.squareIndex(name);
  assert.equal(board96.squareName(board96.step(at('c2'), 1, 0)), 'c4');
  assert.equal(board96.squareName(board96.step(at('b3'), 0, 1)), 'd3');
  assert.equal(board96.squareName(board96.step(at('i8'), 0, -1)), 'g8');
  assert.equal(board96.squareName(board96.step(at('h9'), -1, 0)), 'h7');
  assert.equal(board96.step(at('a1'), -1, 0), null);
  assert.equal(board96.step(at('j10'), 0, 1), null);
  const board8 = new Geometry(8);
  assert.equal(board8.squares, 64);
  assert.equal(board8.squareName(19), 'd3');
  assert.equal(board8.step(board8.squareIndex('h4'), 0, 1), null);
});

test('the geometry numbers the squares as the engine\'s board strings do', () => {
  const start = othello.status('', B);
  for (const [square, cell] of [['e5', 'W'], ['f6', 'W'], ['e6', 'R'], ['f5', 'R']]) {
    assert.equal(start.cells[board96.squareIndex(square)], cell, square);
  }
  assert.equal([...start.cells].filter((cell) => cell !== '-').length, 4);
  // Every move of a seeded random game lands on the cell the geometry names.
  let seed = 11;
  let position = start.position;
  for (let ply = 0; ply < 200; ply += 1) {
    const state = othello.status(position, B);
    if (state.status === 'gameover') break;
    if (state.status === 'pass') { position = othello.play(position, 'pa', B); continue; }
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const move = state.moves[seed % state.moves.length];
    const next = othello.status(othello.play(position, move, B), B);
    assert.equal(state.cells[board96.squareIndex(move)], '-');
    assert.equal(next.cells[board96.squareIndex(move)], state.toMove === 'red' ? 'R' : 'W', `${move} at ply ${ply}`);
    position = next.position;
  }
  const board8 = new Geometry(8);
  const eight = othello.status('f5');
  assert.equal(eight.board[board8.squareIndex('f5')], 'X');
  assert.equal(eight.board[board8.squareIndex('e5')], 'X');
  assert.equal(eight.board[board8.squareIndex('d5')], 'X');
});
