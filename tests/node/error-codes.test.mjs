// The package's errors: one rule for the class (TypeError: a wrong type or
// an unknown option; RangeError: a number out of its range, as an argument
// or as a limit; Error: the rest) and a stable `code`, the same for the same
// mistake in the direct API and in the worker client, so that a program
// tells bad input from an engine failure without reading messages.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as direct from '../../pkg/index.js';
import { EngineClient, ERROR_CODES, isOthelloError } from '../../pkg/client.js';

before(async () => {
  await direct.init();
});

/** The class name and code of what `call` throws (or rejects with). */
async function failure(call) {
  try {
    await call();
  } catch (error) {
    return { class: error.constructor.name, code: error.code, othello: isOthelloError(error) };
  }
  assert.fail('expected an error');
}

/** Each mistake, as the direct API and the client are asked it, with the class and code expected. */
const MISTAKES = [
  ['a table of 0 MiB', (api) => api.setTableSize(0), 'RangeError', 'ERR_OTHELLO_RANGE'],
  ['a perft depth of -1', (api) => api.perft(-1), 'RangeError', 'ERR_OTHELLO_RANGE'],
  ['a search depth of -1', (api) => api.search('', { depth: -1 }), 'RangeError', 'ERR_OTHELLO_RANGE'],
  ['a search depth of 61', (api) => api.search('', { depth: 61, book: false }), 'RangeError', 'ERR_OTHELLO_RANGE'],
  ['an unknown limit', (api) => api.search('', { deph: 4 }), 'TypeError', 'ERR_OTHELLO_ARGUMENT'],
  ['a position that is not a string', (api) => api.legalMoves(42), 'TypeError', 'ERR_OTHELLO_ARGUMENT'],
  ['a transcript with a bad square', (api) => api.legalMoves('f5d6h9'), 'Error', 'ERR_OTHELLO_NOTATION'],
  ['an illegal move', (api) => api.play('f5d6', 'a1'), 'Error', 'ERR_OTHELLO_ILLEGAL_MOVE'],
  ['an unknown player', (api) => api.playerMove('bogus', ''), 'Error', 'ERR_OTHELLO_PLAYER'],
  ['a seed out of range', (api) => api.playerMove('random', '', -1), 'RangeError', 'ERR_OTHELLO_RANGE'],
  ['an unknown evaluation', (api) => api.evaluate('', 'nope'), 'TypeError', 'ERR_OTHELLO_ARGUMENT'],
  ['a table file, which only the native tools read', (api) => api.evaluate('', 'file:new.bin'), 'Error', 'ERR_OTHELLO_ENGINE'],
  ['a board other than 8 or 96', (api) => api.status('', { board: 10 }), 'RangeError', 'ERR_OTHELLO_RANGE'],
  ['a 96-square depth of 0', (api) => api.search('', { board: 96, depth: 0 }), 'RangeError', 'ERR_OTHELLO_RANGE'],
  // The kind is the boundary's, from the Rust error's type: a number in a player spec is the spec's
  // mistake, a limit of the wrong type a TypeError, a number out of range a RangeError whatever it says.
  ['a number out of range in a player spec', (api) => api.playerMove('engine:depth=99', ''), 'Error', 'ERR_OTHELLO_PLAYER'],
  ['a timed player spec below 0', (api) => api.playerMove('engine:time-ms=-5', ''), 'Error', 'ERR_OTHELLO_PLAYER'],
  ['a depth that is a word', (api) => api.search('', { depth: 'deep' }), 'TypeError', 'ERR_OTHELLO_ARGUMENT'],
  ['exact that is not a boolean', (api) => api.search('', { exact: 'yes' }), 'TypeError', 'ERR_OTHELLO_ARGUMENT'],
  ['a clock that is a number', (api) => api.search('', { clock: 5 }), 'TypeError', 'ERR_OTHELLO_ARGUMENT'],
  ['a clock with an unknown key', (api) => api.search('', { clock: { remainingMs: 1000, bogus: 1 } }), 'TypeError', 'ERR_OTHELLO_ARGUMENT'],
  ['a clock below 0', (api) => api.search('', { clock: { remainingMs: -1 } }), 'RangeError', 'ERR_OTHELLO_RANGE'],
  ['a clock without its time', (api) => api.search('', { clock: { incrementMs: 10 } }), 'Error', 'ERR_OTHELLO_LIMITS'],
  ['a clock with a depth', (api) => api.search('', { clock: { remainingMs: 1000 }, depth: 5 }), 'Error', 'ERR_OTHELLO_LIMITS'],
  ['tags that are a number', (api) => api.formatGame('f5', 'ggf', 5), 'TypeError', 'ERR_OTHELLO_ARGUMENT'],
  ['a tag that is not a GGF name', (api) => api.formatGame('f5', 'ggf', { pb: 'Alice' }), 'TypeError', 'ERR_OTHELLO_ARGUMENT'],
  ['a tag that is not a string', (api) => api.formatGame('f5', 'ggf', { PB: 7 }), 'TypeError', 'ERR_OTHELLO_ARGUMENT'],
  ['tags for a format other than GGF', (api) => api.formatGame('f5', 'obf', { PB: 'Alice' }), 'TypeError', 'ERR_OTHELLO_ARGUMENT'],
  ['a transcript of a game from another start', (api) => api.formatGame(`${'X'.repeat(60)}---- O`, 'transcript'), 'Error', 'ERR_OTHELLO_NOTATION'],
  ['a GGF record that cannot be read', (api) => api.formatGame('(;GM[Chess];)', 'obf'), 'Error', 'ERR_OTHELLO_NOTATION'],
  ['a 96-square transcript with a bad square', (api) => api.legalMoves('e4z9', { board: 96 }), 'Error', 'ERR_OTHELLO_NOTATION'],
  ['an illegal move on the 96-square board', (api) => api.play('', 'a1', { board: 96 }), 'Error', 'ERR_OTHELLO_ILLEGAL_MOVE'],
  ['a 96-square depth that is a word', (api) => api.search('', { board: 96, depth: 'deep' }), 'TypeError', 'ERR_OTHELLO_ARGUMENT'],
  ['a 96-square time below 0', (api) => api.search('', { board: 96, timeMs: -1 }), 'RangeError', 'ERR_OTHELLO_RANGE'],
  ['a 96-square time of 0', (api) => api.search('', { board: 96, timeMs: 0 }), 'RangeError', 'ERR_OTHELLO_RANGE'],
  ['a 96-square clock below 0', (api) => api.search('', { board: 96, clock: { remainingMs: -1 } }), 'RangeError', 'ERR_OTHELLO_RANGE'],
  ['a 96-square book that is not a boolean', (api) => api.search('', { board: 96, book: 'yes' }), 'TypeError', 'ERR_OTHELLO_ARGUMENT'],
  ['a 96-square clock memory that is not a report\'s', (api) => api.search('', { board: 96, clock: { remainingMs: 1000, memory: { history: 5 } } }), 'TypeError', 'ERR_OTHELLO_ARGUMENT'],
  ['a 96-square algorithm it does not know', (api) => api.search('', { board: 96, algorithm: 'minimax' }), 'Error', 'ERR_OTHELLO_LIMITS'],
  ['a 96-square unknown limit', (api) => api.analyze('', { board: 96, timeMs: 5 }), 'TypeError', 'ERR_OTHELLO_ARGUMENT'],
];

test('the same mistake has the same class and code in the direct API and the worker client', async () => {
  const client = new EngineClient({ localRules: false });
  try {
    for (const [what, call, className, code] of MISTAKES) {
      const expected = { class: className, code, othello: true };
      assert.deepEqual(await failure(() => call(direct)), expected, `${what} (direct API)`);
      assert.deepEqual(await failure(() => call(client)), expected, `${what} (worker client)`);
    }
  } finally {
    client.terminate();
  }
});

test('the direct API\'s own calls into the engine carry codes too: setThreads, limits that cannot be read', () => {
  const codeOf = (call) => {
    try {
      call();
    } catch (error) {
      return { class: error.constructor.name, code: error.code };
    }
    return assert.fail('expected an error');
  };
  assert.deepEqual(codeOf(() => direct.setThreads(0)), { class: 'RangeError', code: ERROR_CODES.RANGE });
  assert.deepEqual(codeOf(() => direct.setThreads(1.5)), { class: 'RangeError', code: ERROR_CODES.RANGE });
  const unreadable = new Proxy({}, { ownKeys() { throw new Error('boom'); } });
  assert.deepEqual(codeOf(() => direct.search('', unreadable)), { class: 'TypeError', code: ERROR_CODES.ARGUMENT });
  assert.deepEqual(codeOf(() => direct.search('', { clock: unreadable })), { class: 'TypeError', code: ERROR_CODES.ARGUMENT });
  assert.deepEqual(codeOf(() => direct.formatGame('f5', 'ggf', unreadable)), { class: 'TypeError', code: ERROR_CODES.ARGUMENT });
  assert.deepEqual(codeOf(() => direct.search('', { board: 96, clock: unreadable })), { class: 'TypeError', code: ERROR_CODES.ARGUMENT });
});

test('the client\'s own failures: a table of 0 MiB as an option, abort, a timeout, terminate', async () => {
  assert.deepEqual(await failure(() => new EngineClient({ tableMb: 0 })), { class: 'RangeError', code: ERROR_CODES.RANGE, othello: true });
  assert.deepEqual(await failure(() => new EngineClient({ bogus: 1 })), { class: 'TypeError', code: ERROR_CODES.ARGUMENT, othello: true });
  const client = new EngineClient();
  try {
    const aborted = client.search('', { depth: 60, book: false });
    client.abort();
    assert.deepEqual(await failure(() => aborted), { class: 'Error', code: ERROR_CODES.ABORTED, othello: true });
    const slow = client.search('', { depth: 60, book: false }, { timeoutMs: 200 });
    assert.deepEqual(await failure(() => slow), { class: 'Error', code: ERROR_CODES.TIMEOUT, othello: true });
    const pending = client.search('', { depth: 60, book: false });
    client.terminate();
    assert.deepEqual(await failure(() => pending), { class: 'Error', code: ERROR_CODES.TERMINATED, othello: true });
  } finally {
    client.terminate();
  }
});

test('a missing .wasm is a load error; the codes are the documented strings', async () => {
  const client = new EngineClient({ wasm: '/no/such/othello.wasm', localRules: false });
  assert.deepEqual(await failure(() => client.perft(1)), { class: 'Error', code: ERROR_CODES.LOAD, othello: true });
  client.terminate();
  assert.equal(ERROR_CODES.ILLEGAL_MOVE, 'ERR_OTHELLO_ILLEGAL_MOVE');
  assert.ok(Object.values(ERROR_CODES).every((code) => /^ERR_OTHELLO_[A-Z_]+$/.test(code)));
  assert.equal(isOthelloError(new Error('x')), false);
  assert.equal(direct.ERROR_CODES, ERROR_CODES);
});
