// Variation text (pkg/variations.js through pkg/index.js): a game with its
// variations and comments written by formatVariations and read back by
// parseVariations and parseGame, checked on tournament games nobody here
// wrote (the first WTHOR games, merged into one tree where they share their
// opening), an FFO position as the start, passes and the 96-square board;
// bad text is refused with the character where it goes wrong, an illegal
// move with its number.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as othello from '../../pkg/index.js';

before(async () => {
  await othello.init();
});

/** The first WTHOR games' transcripts. */
const GAMES = readFileSync(new URL('../data/wthor-first-games.txt', import.meta.url), 'utf8').trim().split('\n')
  .map((line) => line.trim().split(/\s+/)[3]);
/** The first FFO endgame problem: its position, and its moves as the file scores them (best first). */
const FFO = (() => {
  const line = readFileSync(new URL('../data/ffo/fforum-1-19.obf', import.meta.url), 'utf8').split('\n')[0];
  const [position, ...scored] = line.split(';').map((part) => part.trim()).filter(Boolean);
  return { position, moves: scored.map((entry) => entry.split(':')[0].toLowerCase()) };
})();

/** The moves of a game as parseGame reads its transcript (passes as 'pa'). */
const movesOf = (transcript) => othello.parseGame(transcript).moves;

/**
 * The games as one tree: each game's moves from the start, sharing the
 * moves of a common opening (the first game is the main line).
 */
function treeOf(games) {
  const tree = { start: othello.status('').position, comment: '', tags: {}, next: [] };
  for (const game of games) {
    let next = tree.next;
    for (const move of movesOf(game)) {
      let node = next.find((entry) => entry.move === move);
      if (!node) {
        node = { move, comment: '', next: [] };
        next.push(node);
      }
      next = node.next;
    }
  }
  return tree;
}

/** Every line of `tree` from the start to a last move, as the moves played. */
function lines(next, before = []) {
  return next.flatMap((node) => (node.next.length === 0 ? [[...before, node.move]] : lines(node.next, [...before, node.move])));
}

test('five tournament games as one tree: written, read back the same, each game a line of it, the first its main line', () => {
  const tree = treeOf(GAMES);
  // The games share their first move (f5); the tree branches where they part.
  assert.equal(tree.next.length, 1);
  assert.deepEqual(tree.next[0].next.map((node) => node.move), ['d6', 'f6']);
  const text = othello.formatVariations(tree);
  assert.match(text, /^f5 d6 \(f6 e6 f4 f3 \(c3 /, 'the main line first, each variation after the move it replaces');
  assert.equal((text.match(/\(/g) ?? []).length, 4, 'four variations: five games, each after the first leaves the tree once');
  const read = othello.parseVariations(text);
  assert.deepEqual(read, tree);
  assert.deepEqual(lines(read.next).map((line) => line.join('')).sort(), GAMES.map((game) => movesOf(game).join('')).sort());
  // parseGame reads the same text: its main line is the first game, with the tree.
  const game = othello.parseGame(text);
  const first = othello.parseGame(GAMES[0]);
  assert.equal(game.format, 'variations');
  assert.deepEqual(game.moves, first.moves);
  assert.equal(game.position, first.position);
  assert.equal(game.transcript, first.transcript);
  assert.equal(othello.parseGame(game.ggf).position, first.position, 'its GGF is the main line');
  assert.deepEqual(game.tree, tree);
  // Written again: the same text.
  assert.equal(othello.formatVariations(read), text);
});

test('a game with passes: implicit in the text, moves "pa" in the tree, where parseGame puts them', () => {
  const withPasses = GAMES.find((game) => movesOf(game).includes('pa'));
  assert.ok(withPasses, 'a WTHOR game with a pass');
  const moves = movesOf(withPasses);
  const passAt = moves.indexOf('pa');
  // A variation just before the pass: another move there (the side had a choice two plies earlier).
  const before = moves.slice(0, passAt - 1);
  const other = othello.legalMoves(before.join('')).find((move) => move !== moves[passAt - 1]);
  assert.ok(other, 'another move before the pass');
  const text = `${moves.slice(0, passAt).join(' ')} (${other}) ${moves.slice(passAt + 1).join(' ')}`;
  const game = othello.parseGame(text);
  assert.deepEqual(game.moves, moves, 'the pass is put where the side to move has none');
  const written = othello.formatVariations(game.tree);
  assert.doesNotMatch(written, /pa/, 'passes are implicit');
  // Written explicitly where it is due, the pass reads the same; where it is not due, it is refused with its place.
  assert.deepEqual(othello.parseGame(text.replace(` (${other}) `, ` (${other}) pa `)).tree, game.tree);
  assert.throws(() => othello.parseVariations('f5 pa d6'), (error) => error.code === 'ERR_OTHELLO_NOTATION'
    && error.message === 'variations: move 2 (character 4) pass is illegal for White, who has a legal move');
});

test('comments: on the start and on moves, with braces, backslashes, new lines and Japanese, read back as written', () => {
  const [main, , third] = GAMES;
  const tree = {
    comment: 'Tournament game {1977}',
    tags: { Black: 'Tanaka "Kaoru"', White: 'Rose \\ Brian' },
    next: [{
      move: 'f5', comment: '',
      next: [
        { move: 'd6', comment: 'the main line\nof this game', next: [] },
        { move: 'f6', comment: '平行 opening } with \\ odd {characters', next: [{ move: movesOf(third)[2], comment: '', next: [] }] },
      ],
    }],
  };
  const text = othello.formatVariations(tree);
  assert.equal(text.split('\n')[0], '[Black "Tanaka \\"Kaoru\\""]');
  assert.equal(text.split('\n')[1], '[White "Rose \\\\ Brian"]');
  const read = othello.parseVariations(text);
  assert.deepEqual(read, { start: othello.status('').position, ...tree });
  assert.equal(othello.parseGame(text).tree.next[0].next[1].comment, '平行 opening } with \\ odd {characters');
  assert.ok(main.startsWith('f5d6'));
});

test('a set-up start (an FFO problem) is written as the Start tag and read back; the tree plays from it', () => {
  const [best, second, third] = FFO.moves;
  const text = othello.formatVariations({
    start: FFO.position, next: [{ move: best, comment: 'best', next: [] }, { move: second, next: [] }, { move: third, next: [] }],
  });
  assert.equal(text, `[Start "${FFO.position}"]\n${best} {best} (${second}) (${third})`);
  const game = othello.parseGame(text);
  assert.equal(game.start, FFO.position);
  assert.deepEqual(game.moves, [best]);
  assert.equal(game.position, othello.play(FFO.position, best));
  assert.deepEqual(game.tree.next.map((node) => node.move), [best, second, third]);
  // A Start tag that is no position is refused, naming the tag.
  assert.throws(() => othello.parseVariations('[Start "not a board"] f5'), /^Error: variations: the Start tag at character 1 is not a position: /);
});

test('the 96-square board: a tree read and written with { board: 96 }', () => {
  const B = { board: 96 };
  const tree = othello.parseVariations('e4 f4 (d6 {the other one}) g5', B);
  assert.deepEqual(tree.next[0].next.map((node) => node.move), ['f4', 'd6']);
  assert.equal(tree.next[0].next[1].comment, 'the other one');
  assert.equal(othello.formatVariations(tree, B), 'e4 f4 (d6 {the other one}) g5');
  const game = othello.parseGame('e4 f4 (d6) g5', B);
  assert.equal(game.format, 'variations');
  assert.deepEqual(game.moves, othello.parseGame('e4f4g5', B).moves);
  assert.equal(game.position, othello.parseGame('e4f4g5', B).position);
  // Its holes are no moves; without { board: 96 } the same text is an 8x8 game, where e4 is not legal.
  assert.throws(() => othello.parseVariations('e4 c3', B), /^Error: variations: move 2 \(character 4\) c3 is illegal for White$/);
  assert.throws(() => othello.parseVariations('e4 f4 (d6) g5'), /^Error: variations: move 1 \(character 1\) e4 is illegal for Black$/);
});

test('plain transcripts, OBF lines and GGF records are still read as before', () => {
  assert.equal(othello.parseGame('f5d6c3').format, 'transcript');
  assert.equal(othello.parseGame(othello.status('').position).format, 'obf');
  const ggf = othello.formatGame('f5d6c3', 'ggf', { PB: 'a(b)', PW: '{c}' });
  assert.equal(othello.parseGame(ggf).format, 'ggf', 'a GGF record with parentheses and braces in its tags');
  // Variation text without a variation: a transcript with a comment.
  const game = othello.parseGame('f5 d6 {a comment} c3');
  assert.equal(game.format, 'variations');
  assert.deepEqual(game.moves, ['f5', 'd6', 'c3']);
  // Move numbers are skipped.
  assert.deepEqual(othello.parseVariations('1. f5 d6 2. c3 (2... c5) d3').next[0].next[0].next.map((node) => node.move), ['c3', 'c5']);
});

test('bad text is refused with what is wrong and the character where it is', () => {
  const cases = [
    ['f5 d6 (f6', "the variation at character 7 is not closed with ')'"],
    ['f5 d6) c3', "')' at character 6 closes no variation"],
    ['(f5) d6', 'the variation at character 1 follows no move'],
    ['f5 () d6', 'the variation at character 4 is empty'],
    ['f5 {never closed', "the comment opened at character 4 is not closed with '}'"],
    ['f5 z9', "move 2 'z9' (character 4) is not a square"],
    ['f5 (d5 {x}) d6', 'move 1 (character 5) d5 is illegal for Black'],
    ['f5 d6 (f4 {x}) h10', 'move 3 (character 16) h1 is illegal for Black'],
    ['f5 ({first} d3)', 'the comment at character 5 comes before the first move of its variation'],
    ['f5 d6 12 c3', "'12' at character 7 is not a move (a move number ends with '.')"],
    ['f5 d6 [Black "x"]', 'the tag at character 7 comes after the moves (tags come first)'],
    ['[Black x] f5', 'the tag at character 1 is not [Name "value"]'],
    ['[Black "a"] [Black "b"] (f5)', 'the tag Black at character 13 is given twice'],
    ['f5 d6 % c3 (c4)', "unexpected '%' at character 7"],
  ];
  for (const [text, message] of cases) {
    assert.throws(() => othello.parseVariations(text), (error) => {
      assert.equal(error.message, `variations: ${message}`, text);
      assert.equal(error.code, 'ERR_OTHELLO_NOTATION');
      return true;
    });
  }
  // parseGame says the same about variation text.
  assert.throws(() => othello.parseGame('f5 d6 (f6'), /^Error: variations: the variation at character 7 is not closed/);
});

test('an illegal move is refused with its move number (discs placed), in the main line or a variation', () => {
  // Move 4 of the first game (f3) is legal; g6 there is not.
  const [main] = GAMES;
  assert.throws(() => othello.parseVariations('f5 d6 c3 g6'), (error) => error.code === 'ERR_OTHELLO_NOTATION'
    && error.message === 'variations: move 4 (character 10) g6 is illegal for White');
  const moves = movesOf(main);
  // In a variation deep in the game: numbered from the start, not from the variation.
  const other = othello.legalMoves(moves.slice(0, 20).join('')).find((move) => move !== moves[20]);
  const text = `${moves.slice(0, 21).join(' ')} (${other} a1)`;
  assert.throws(() => othello.parseVariations(text), (error) => {
    assert.match(error.message, /^variations: move 22 \(character (\d+)\) a1 is illegal for (Black|White)$/);
    assert.equal(Number(/character (\d+)/.exec(error.message)[1]), text.indexOf(' a1)') + 2);
    return true;
  });
  // After the end of a game.
  const whole = moves.join(' ');
  assert.throws(() => othello.parseVariations(`${whole} a1`),
    new RegExp(`^Error: variations: move 61 a1 \\(character ${whole.length + 2}\\) comes after the end of the game$`));
});

test('formatVariations checks the tree: wrong types are TypeErrors naming the field, illegal moves and repeated moves are refused', () => {
  const typeError = (tree, message) => assert.throws(() => othello.formatVariations(tree), (error) => {
    assert.ok(error instanceof TypeError, `${message}: ${error}`);
    assert.equal(error.code, 'ERR_OTHELLO_ARGUMENT');
    assert.equal(error.message, `formatVariations: ${message}`);
    return true;
  });
  typeError(null, 'tree must be an object { start, comment, tags, next }, got null');
  typeError({ next: 'f5' }, 'tree.next must be an array of moves, got string');
  typeError({ next: [{ move: 5 }] }, "tree.next[0].move must be a square name or 'pa', got number");
  typeError({ next: [{ move: 'f5', comment: 3 }] }, 'tree.next[0].comment must be a string, got number');
  typeError({ tags: { Start: 'x' } }, "tree.tags: 'Start' is not a tag name (Start is tree.start)");
  const shared = { move: 'd6', next: [] };
  typeError({ next: [{ move: 'f5', next: [shared, { move: 'f6', next: [shared] }] }] }, 'tree.next[0].next[1].next[0] appears twice in the tree');
  typeError(new Proxy({}, { get() { throw new Error('no reading'); } }), 'tree could not be read: no reading');
  assert.throws(() => othello.formatVariations({ next: [{ move: 'f5', next: [{ move: 'f5' }] }] }),
    /^Error: variations: move 2 \(tree.next\[0\].next\[0\]\) f5 is illegal for White$/);
  assert.throws(() => othello.formatVariations({ next: [{ move: 'f5' }, { move: 'F5' }] }),
    /^Error: variations: tree.next\[1\]: f5 is already a move of this position$/);
  assert.throws(() => othello.formatVariations({ next: [] }, { board: 10 }), RangeError);
});
