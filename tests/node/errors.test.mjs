// Every bad input crossing the JS boundary is answered by an Error whose
// message says what was wrong, and the module keeps working afterwards (a
// panic or trap would leave it unusable).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as othello from '../../pkg/index.js';

before(async () => {
  await othello.init();
});

function throwsWith(fn, pattern) {
  assert.throws(fn, (error) => {
    assert.ok(error instanceof Error, `not an Error: ${error}`);
    assert.match(error.message, pattern);
    return true;
  });
}

const start = `${'-'.repeat(27)}OX------XO${'-'.repeat(27)} X`;

test('bad transcripts name the move and the reason', () => {
  throwsWith(() => othello.legalMoves('f5d6h9'), /^transcript: move 3 'h9' \(character 5\) is not a square$/);
  throwsWith(() => othello.legalMoves('f5f5'), /^transcript: move 2 \(character 3\) f5 is illegal for White$/);
  throwsWith(() => othello.status('f5pa'), /^transcript: move 2 \(character 3\) pass is illegal for White, who has a legal move$/);
  throwsWith(() => othello.score('f5d'), /^transcript: move 2 'd' \(character 3\) is not a square$/);
  throwsWith(() => othello.legalMoves('hello world'), /^not a transcript, OBF line or GGF record: "hello world"$/);
  throwsWith(() => othello.legalMoves('f5 d6 zz'), /^transcript: move 3 'zz' \(character 7\) is not a square$/);
});

test('bad OBF lines say what is wrong', () => {
  throwsWith(() => othello.status(start.slice(1)), /^obf: board has 63 squares, expected 64$/);
  throwsWith(() => othello.status(start.replace('X', 'Z')), /^obf: square e4 is 'Z', expected X, O or -$/);
  throwsWith(() => othello.status(`${start.slice(0, 64)} Q`), /^obf: side to move 'Q' is not X or O$/);
  throwsWith(() => othello.status(start.slice(0, 64)), /^obf: the side to move \(X or O\) is missing$/);
  throwsWith(() => othello.status(`${start}; G8+1;`), /^obf: move score 1 'G8\+1' is not MOVE:score/);
});

test('bad GGF records say what is wrong', () => {
  throwsWith(() => othello.parseGame('(;GM[Chess];)'), /^ggf: GM\[Chess\] is not 8x8 Othello$/);
  throwsWith(() => othello.parseGame('(;GM[Othello]B[f5]W[a1];)'), /^ggf: move 2 a1 is illegal for White$/);
  throwsWith(() => othello.parseGame('(;GM[Othello]PB[x;)'), /^ggf: property at character \d+ is not NAME\[value\]$/);
});

test('bad moves say what is wrong', () => {
  throwsWith(() => othello.play('', 'z9'), /^move: 'z9' is not a square or pass$/);
  throwsWith(() => othello.play('', ''), /^move: '' is not a square or pass$/);
  throwsWith(() => othello.play('', 'a1'), /^move: a1 is illegal for Black$/);
  throwsWith(() => othello.play('', 'pa'), /^move: pass is illegal for Black, who has a legal move$/);
  const over = `${'X'.repeat(64)} O`;
  throwsWith(() => othello.play(over, 'pa'), /^move: the game is already over$/);
});

test('wrong argument types are rejected before reaching wasm', () => {
  throwsWith(() => othello.legalMoves(42), /^legalMoves: position must be a string, got number$/);
  throwsWith(() => othello.play('', null), /^play: move must be a string, got null$/);
  throwsWith(() => othello.status(undefined), /^status: position must be a string, got undefined$/);
  throwsWith(() => othello.parseGame(['f5']), /^parseGame: text must be a string, got an array$/);
  throwsWith(() => othello.perft(-1), /^perft: depth must be a whole number from 0 to 13 \(deeper counts pass 2\^53, which a number cannot hold exactly\), got -1$/);
  throwsWith(() => othello.perft(2.5), /^perft: depth must be a whole number/);
  throwsWith(() => othello.perft(NaN), /^perft: depth must be a whole number/);
  throwsWith(() => othello.perft('3'), /^perft: depth must be a whole number/);
  throwsWith(() => othello.perft(3, { passfree: true }), /^perft: unknown option 'passfree'$/);
  throwsWith(() => othello.perft(3, { passFree: 'yes' }), /^perft: passFree must be a boolean, got string$/);
  throwsWith(() => othello.runCli('perft 3', () => {}), /^runCli: args must be an array of strings$/);
});

test('the command line reports bad arguments as errors', () => {
  throwsWith(() => othello.runCli(['perft', '99'], () => {}), /depth '99' is not a whole number from 0 to 20/);
  throwsWith(() => othello.runCli(['nope'], () => {}), /^unknown command 'nope'$/);
});

test('the command line writes each command\'s help from its definition and names the nearest option', () => {
  const printed = (args) => {
    const lines = [];
    othello.runCli(args, (line) => lines.push(line));
    return lines.join('\n');
  };
  const help = printed(['solve', '--help']);
  assert.match(help, /^othello solve: /);
  assert.match(help, /--wld /);
  assert.equal(printed(['help', 'solve']), help);
  assert.equal(printed(['solve', 'x.obf', '-h']), help);
  const list = printed(['--help']);
  assert.equal(list, othello.cliUsage());
  for (const command of ['perft', 'solve', 'search', 'analyze', 'bench', 'book stats', 'book probe', 'explore', 'soak', 'nboard']) {
    assert.match(list, new RegExp(`\n  ${command} `), command);
  }
  throwsWith(() => othello.runCli(['solve', 'x.obf', '--wdl'], () => {}), /^solve: unknown option '--wdl' \(did you mean '--wld'\?\)$/);
  throwsWith(() => othello.runCli(['serch', 'f5'], () => {}), /^unknown command 'serch' \(did you mean 'search'\?\)$/);
  throwsWith(() => othello.runCli(['help', 'game'], () => {}), /^game: only the native tool/);
});

test('each shared command lists and takes only the search settings it uses', () => {
  const options = (command) => {
    const lines = [];
    othello.runCli([command, '--help'], (line) => lines.push(line));
    return lines.join('\n').split('\n')
      .map((line) => line.trim())
      .filter((line) => line.startsWith('--'))
      .map((line) => line.slice(2).split(' ')[0]);
  };
  assert.deepEqual(options('solve'), ['exact', 'wld', 'time-ms', 'nodes', 'eval', 'table-mb', 'threads', 'help']);
  assert.ok(!options('search').includes('lines'));
  assert.ok(options('analyze').includes('lines') && !options('analyze').includes('book-variety'));
  assert.deepEqual(options('nboard'), ['eval', 'table-mb', 'threads', 'book-variety', 'book-seed', 'no-book', 'help']);
  throwsWith(() => othello.runCli(['solve', 'x.obf', '--book-variety', '3'], () => {}),
    /^solve: unknown option '--book-variety' \(it takes --exact, --wld, --time-ms, --nodes, --eval, --table-mb and --threads\)$/);
  throwsWith(() => othello.runCli(['analyze', 'f5', '--book-seed', '3'], () => {}), /^analyze: unknown option '--book-seed'/);
  throwsWith(() => othello.runCli(['nboard', '--depth', '8'], () => {}), /^nboard: unknown option '--depth'/);
  throwsWith(() => othello.runCli(['search', 'f5', '--lines', '3'], () => {}), /^--lines is for analyze/);
  throwsWith(() => othello.runCli(['solve', 'x.obf', '--lines', '3'], () => {}), /^--lines is for analyze/);
});

test('odd strings never trap the module', () => {
  const odd = ['\u0000', '🙂🙂', 'é'.repeat(70), 'X'.repeat(10000), '(;', ';)', '(;;)', '  ', '\n', 'pa'.repeat(40), '-'.repeat(64)];
  for (const text of odd) {
    for (const call of [othello.legalMoves, othello.status, othello.score, othello.parseGame]) {
      try {
        call(text);
      } catch (error) {
        assert.ok(error instanceof Error);
        assert.ok(error.message.length > 0);
      }
    }
    try {
      othello.play('', text);
    } catch (error) {
      assert.ok(error instanceof Error);
    }
  }
  // Still alive and correct after all of that.
  assert.deepEqual(othello.legalMoves(''), ['d3', 'c4', 'f5', 'e6']);
});

test('isOthelloError answers false, never throws, for a value it cannot read', () => {
  const unreadable = new Proxy({}, { getPrototypeOf() { throw new Error(''); }, get() { throw new Error('trap'); } });
  assert.equal(othello.isOthelloError(unreadable), false);
  assert.equal(othello.isOthelloError(null), false);
  let thrown;
  try {
    othello.parseVariations('f5 (');
  } catch (error) {
    thrown = error;
  }
  assert.equal(othello.isOthelloError(thrown), true);
});
