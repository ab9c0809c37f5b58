// parseGame reads what players paste (numbered move lists, commas, capitals,
// passes) and says clearly when a text is none of the notations.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as othello from '../../pkg/index.js';

before(async () => {
  await othello.init();
});

function throwsWith(fn, message) {
  assert.throws(fn, (error) => {
    assert.ok(error instanceof Error, `not an Error: ${error}`);
    assert.equal(error.message, message);
    return true;
  });
}

test('numbered move lists read as the plain transcript', () => {
  const plain = othello.parseGame('f5d6c3d3');
  assert.equal(plain.position, '------------------XO-------OX------OXX-----O-------------------- X');
  for (const text of ['1. f5 d6 2. c3 d3', '1.f5 1...d6 2.c3 2... d3', '1. F5 D6\n2. C3 D3\n', 'f5, d6, c3, d3']) {
    const game = othello.parseGame(text);
    assert.equal(game.format, 'transcript', text);
    assert.deepEqual(game.moves, ['f5', 'd6', 'c3', 'd3'], text);
    assert.equal(game.position, plain.position, text);
    assert.equal(game.transcript, 'f5d6c3d3', text);
  }
});

test('numbered move lists keep located errors', () => {
  throwsWith(() => othello.parseGame('1. f5 d6 2. c3 a1'), 'transcript: move 4 (character 16) a1 is illegal for White');
  throwsWith(() => othello.parseGame('1. f5 PASS'), 'transcript: move 2 (character 7) pass is illegal for White, who has a legal move');
  throwsWith(() => othello.parseGame('1. f5 d6 2. zz'), "transcript: move 3 'zz' (character 13) is not a square");
});

test('text in no notation is refused as such', () => {
  throwsWith(() => othello.parseGame('hello world'), 'not a transcript, OBF line or GGF record: "hello world"');
  throwsWith(() => othello.parseGame('12345'), 'not a transcript, OBF line or GGF record: "12345"');
  throwsWith(() => othello.parseGame('e4 is a good move'), 'not a transcript, OBF line or GGF record: "e4 is a good move"');
  throwsWith(
    () => othello.parseGame('a long sentence pasted into the box by mistake'),
    'not a transcript, OBF line or GGF record: "a long sentence pasted into..."',
  );
  // An OBF line one square short is still an OBF attempt.
  const start = `${'-'.repeat(27)}OX------XO${'-'.repeat(27)} X`;
  throwsWith(() => othello.parseGame(start.slice(1)), 'obf: board has 63 squares, expected 64');
  // The module keeps working.
  assert.equal(othello.parseGame('').start, start);
});
