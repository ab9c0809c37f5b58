// The learned evaluation, selective search, levels and the seeds' players
// through the package, in wasm: results and error messages.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as othello from '../../pkg/index.js';

before(async () => {
  await othello.init();
});

const OPENING = 'f5d6c3d3c4f4c5b3c2e6c6b4b5d2';

test('the two evaluations differ and both see the start as even', () => {
  assert.equal(othello.evaluate(OPENING), othello.evaluate(OPENING, 'pattern'));
  assert.notEqual(othello.evaluate(OPENING, 'pattern'), othello.evaluate(OPENING, 'standin'));
  for (const name of ['pattern', 'standin']) {
    assert.ok(Math.abs(othello.evaluate('', name)) <= 3, name);
  }
  assert.throws(() => othello.evaluate(OPENING, 'neural'), /unknown evaluation 'neural' \(expected pattern or standin\)/);
  // Table files are for the native tools; the package says so instead of trapping.
  assert.throws(() => othello.evaluate(OPENING, 'file:new.bin'), /^Error: evaluate: evaluation 'file:new.bin': table files are read by the native tools only$/);
  assert.throws(() => othello.search(OPENING, { book: false, depth: 2, evaluation: 'file:new.bin' }), /native tools only/);
});

test('a selective search reports its confidence and is cheaper than a full one', () => {
  const full = othello.search(OPENING, { book: false, depth: 9 });
  const selective = othello.search(OPENING, { book: false, depth: 9, confidence: 87 });
  assert.equal(full.confidence, 100);
  assert.equal(selective.confidence, 87);
  assert.equal(selective.depth, 9);
  assert.ok(selective.nodes < full.nodes, `${selective.nodes} < ${full.nodes}`);
  const analysis = othello.analyze(OPENING, { book: false, depth: 4, confidence: 95 });
  assert.ok(analysis.every((m) => m.confidence === 95 && m.kind === 'depth'));
});

test('levels and confidences are checked', () => {
  assert.throws(() => othello.search(OPENING, { book: false, confidence: 90 }), /confidence 90 is not a level/);
  assert.throws(() => othello.search(OPENING, { book: false, level: 31 }), /level/);
  assert.throws(() => othello.search(OPENING, { book: false, evaluation: 7 }), /evaluation must be/);
  const report = othello.search(OPENING, { book: false, level: 3 });
  assert.equal(report.depth, 3);
  // Within a level's exact range the search solves the endgame.
  const late = 'f5d6c3d3c4f4f3e3c6c5e6d7b5b6c7a4a5b3f2f6e7b4a3f7g5g6h6d8f8c8e8g8g7h8h7h5g4a7a6a2';
  const solved = othello.search(late, { book: false, level: 12 });
  assert.equal(solved.kind, 'exact');
});

test('the seeds players play legal moves and explain bad specs', () => {
  const legal = othello.legalMoves(OPENING);
  for (const spec of ['random', 'maximizer:mobility', 'alphabeta:3:weighted-squares', 'iago:2', 'bill:2', 'engine:depth=2']) {
    assert.ok(legal.includes(othello.playerMove(spec, OPENING, 5)), spec);
  }
  assert.throws(() => othello.playerMove('alphabeta:x:mobility', OPENING), /depth must be a whole number from 1 to 12, got 'x'/);
  assert.throws(() => othello.playerMove('random', OPENING, -1), { name: 'RangeError', message: /seed must be a whole number .*, got -1$/ });
  assert.throws(() => othello.playerMove('random', OPENING, 0.5), { name: 'RangeError', message: /got 0\.5$/ });
  assert.throws(() => othello.playerMove('random', OPENING, null), { name: 'TypeError', message: /got null$/ });
});
