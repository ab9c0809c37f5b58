// formatGame: games from the WTHOR database written in each notation and read
// back to the same positions, and its errors.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import * as othello from '../../pkg/index.js';

const games = gunzipSync(readFileSync(new URL('../../data/wthor-games.txt.gz', import.meta.url)))
  .toString('utf8').split('\n').slice(0, 40).filter(Boolean)
  .map((line) => {
    const [, black, , transcript] = line.trim().split(/\s+/);
    return { black: Number(black), transcript };
  });

before(async () => {
  await othello.init();
});

test('WTHOR games round-trip through every notation', () => {
  for (const { black, transcript } of games) {
    const ggf = othello.formatGame(transcript, 'ggf', { PB: 'Black player', RE: String(black) });
    assert.match(ggf, /^\(;GM\[Othello\]PB\[Black player\]RE\[\d+\]TY\[8\]BO\[8 /);
    assert.equal(othello.formatGame(ggf, 'transcript'), transcript);
    const end = othello.formatGame(transcript, 'obf');
    assert.equal(end, othello.formatGame(ggf, 'obf'));
    assert.equal(end, othello.parseGame(transcript).position);
    // The database's final count for Black (empties to the winner) agrees with the written end position.
    assert.equal((64 + othello.score(end).final) / 2, black, transcript);
    assert.equal([...end.slice(0, 64)].filter((c) => c === 'X').length, othello.score(ggf).black);
  }
});

test('a GGF record keeps its tags; new tags replace old ones', () => {
  const record = '(;GM[Othello]PB[Alice]PW[Bob]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[f5]W[d6];)';
  const written = othello.formatGame(record, 'ggf', { PW: 'Carol', DT: '2026-11-22' });
  assert.equal(written, '(;GM[Othello]PB[Alice]PW[Carol]DT[2026-11-22]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[f5]W[d6];)');
  assert.equal(othello.formatGame(written, 'transcript'), 'f5d6');
});

test('formatGame errors say what was wrong', () => {
  const cases = [
    [() => othello.formatGame('f5d6', 'pgn'), TypeError, /^formatGame: format must be 'obf', 'transcript' or 'ggf', got 'pgn'$/],
    [() => othello.formatGame('f5d6', 'ggf', { pb: 'x' }), Error, /^formatGame: tag 'pb' is not a GGF property name/],
    [() => othello.formatGame('f5d6', 'ggf', { BO: 'x' }), Error, /^formatGame: tag 'BO' is not a GGF property name/],
    [() => othello.formatGame('f5d6', 'ggf', { PB: 3 }), Error, /^formatGame: tag PB must be a string, got 3$/],
    [() => othello.formatGame('f5d6', 'ggf', ['x']), Error, /^formatGame: tags must be an object/],
    [() => othello.formatGame('f5d6', 'obf', { PB: 'x' }), Error, /^formatGame: tags are only written in GGF$/],
    [() => othello.formatGame('f5d6h9', 'obf'), Error, /^transcript: move 3 'h9' \(character 5\) is not a square$/],
    [() => othello.formatGame(othello.play('f5', 'd6'), 'transcript'), Error, /^formatGame: a transcript needs a game from the standard start position/],
  ];
  for (const [fn, kind, pattern] of cases) {
    assert.throws(fn, (error) => error instanceof kind && pattern.test(error.message));
  }
  // An OBF line of the start position is a game from the standard start.
  assert.equal(othello.formatGame(othello.parseGame('').start, 'transcript'), '');
});
