// The opening book embedded in the wasm: searches and analyses answer from
// it, its values agree with its probe, variety draws only near-best moves,
// and the Node tool prints what the native one prints.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as othello from '../../pkg/index.js';
import { EngineClient } from '../../pkg/client.js';

before(async () => {
  await othello.init();
});

/** The lines the Node tool prints for `args`. */
function cli(args) {
  const lines = [];
  othello.runCli(args, (line) => lines.push(line));
  return lines;
}

/** The book's moves of a position, as `book probe` lists them. */
function probe(position) {
  return JSON.parse(cli(['book', 'probe', position]).at(-1)).moves;
}

test('the start position and its replies are answered from the book at once', () => {
  for (const position of ['', 'f5', 'f5d6', 'f5f6']) {
    const result = othello.search(position, { timeMs: 2000 });
    assert.equal(result.kind, 'book', position);
    assert.equal(result.nodes, 0);
    // No node searched: the answer is the book's, whatever the time it took.
    assert.equal(result.depth, 0);
    const moves = probe(position);
    // A best book move (equal ones are drawn by the seed).
    assert.equal(result.score, moves[0].score);
    assert.ok(moves.some((m) => m.move === result.best && m.score === result.score), result.best);
    // The principal variation is the line of best book moves: legal throughout.
    let at = position;
    for (const move of result.pv) at = othello.play(at, move);
  }
  const searched = othello.search('f5', { depth: 4, book: false });
  assert.equal(searched.kind, 'depth');
  assert.ok(searched.nodes > 0);
});

test('an analysis gives the book moves their book values and searches the others', () => {
  const position = 'f5d6c3';
  const book = probe(position);
  const moves = othello.analyze(position, { depth: 4 });
  assert.deepEqual(moves.map((m) => m.move).sort(), othello.legalMoves(position).sort());
  for (const m of moves) {
    const known = book.find((b) => b.move === m.move);
    if (known) {
      assert.deepEqual([m.kind, m.score, m.depth], ['book', known.score, 0], m.move);
    } else {
      assert.equal(m.kind, 'depth', m.move);
    }
  }
  assert.ok(moves.some((m) => m.kind === 'book'));
  for (let i = 1; i < moves.length; i += 1) assert.ok(moves[i - 1].score >= moves[i].score);
  assert.ok(othello.analyze(position, { depth: 4, book: false }).every((m) => m.kind === 'depth'));
});

test('book variety draws among the moves within its discs of the best, by seed', () => {
  const position = 'f5d6';
  const moves = probe(position);
  const best = moves[0].score;
  const drawn = new Set();
  for (let seed = 0; seed < 40; seed += 1) {
    const exact = othello.search(position, { bookSeed: seed });
    assert.equal(exact.score, best);
    const varied = othello.search(position, { bookVariety: 3, bookSeed: seed });
    const known = moves.find((m) => m.move === varied.best);
    assert.ok(known && known.score >= best - 3, varied.best);
    assert.equal(varied.score, known.score);
    assert.equal(othello.search(position, { bookVariety: 3, bookSeed: seed }).best, varied.best);
    drawn.add(varied.best);
  }
  assert.equal(drawn.size, moves.filter((m) => m.score >= best - 3).length);
});

test('bad book options are errors naming them', () => {
  const throwsWith = (limits, message) => assert.throws(() => othello.search('', limits), { message });
  throwsWith({ book: 'no' }, "limits: book must be true or false, got 'no'");
  throwsWith({ bookVariety: 65 }, 'limits: bookVariety must be a whole number from 0 to 64, got 65');
  throwsWith({ bookSeed: -1 }, 'limits: bookSeed must be a whole number from 0 to 9007199254740991, got -1');
});

test('book stats and probe: the Node tool prints what the native tool prints', () => {
  const native = new URL('../../target/release/othello', import.meta.url).pathname;
  const stats = JSON.parse(cli(['book', 'stats']).at(-1));
  assert.equal(stats.command, 'book');
  assert.ok(stats.positions >= 1000, `${stats.positions} positions`);
  const nativeStats = JSON.parse(execFileSync(native, ['book', 'stats'], { encoding: 'utf8' }).trim().split('\n').at(-1));
  for (const key of ['positions', 'bytes', 'leaves', 'start_value']) assert.equal(stats[key], nativeStats[key], key);
  const nativeProbe = execFileSync(native, ['book', 'probe', 'f5d6'], { encoding: 'utf8' }).trim().split('\n');
  assert.deepEqual(cli(['book', 'probe', 'f5d6']), nativeProbe);
  // An endgame position is not in the book: no moves.
  const endgame = readFileSync(new URL('../data/ffo/fforum-1-19.obf', import.meta.url), 'utf8').split(';')[0];
  assert.deepEqual(JSON.parse(cli(['book', 'probe', endgame]).at(-1)), { command: 'book probe', in_book: false, moves: [] });
  assert.throws(() => cli(['book', 'build']), { message: /^book build: only the native tool/ });
  assert.throws(() => cli(['book', 'probe', 'f5z9']), { message: /^book probe: / });
});

test('the worker client gets book answers too', async () => {
  const client = new EngineClient();
  try {
    const result = await client.search('', { timeMs: 1000 });
    assert.equal(result.kind, 'book');
    assert.ok(othello.legalMoves('').includes(result.best));
    const moves = await client.analyze('f5', { depth: 2 });
    assert.ok(moves.some((m) => m.kind === 'book'));
  } finally {
    client.terminate();
  }
});
