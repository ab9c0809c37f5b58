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
  ['a board other than 8 or 96', (api) => api.status('', { board: 10 }), 'RangeError', 'ERR_OTHELLO_RANGE'],
  ['a 96-square depth of 0', (api) => api.search('', { board: 96, depth: 0 }), 'RangeError', 'ERR_OTHELLO_RANGE'],
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
