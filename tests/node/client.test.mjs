// The worker client under Node (worker_threads): the same answers as the
// direct API, requests in order, progress, stop and abort (shared flag and
// worker replacement), the seeds' players, timeouts, crashes and their
// recovery, and its errors.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import * as direct from '../../pkg/index.js';
import { EngineClient } from '../../pkg/client.js';
import { progressAt, withClient } from './client-support.mjs';

const wasmPath = new URL('../../pkg/wasm/othello_bg.wasm', import.meta.url);
const fixture = (name) => new URL(`fixtures/${name}`, import.meta.url);

before(async () => {
  await direct.init();
});


/** Asserts that `promise` rejects with an Error of `kind` whose message matches `pattern`. */
async function rejectsWith(promise, pattern, kind = Error) {
  await assert.rejects(promise, (error) => {
    assert.ok(error instanceof kind, `not a ${kind.name}: ${error}`);
    assert.match(error.message, pattern);
    return true;
  });
}


const comparable = ({ best, score, kind, depth, pv, nodes }) => ({ best, score, kind, depth, pv, nodes });

test('every method answers as the direct API', async () => {
  // One thread, as the direct API: the same nodes (tests/node/threads.test.mjs has the threads).
  await withClient({ threads: 1 }, async (client) => {
    const game = 'f5d6c3d3c4f4f6';
    assert.deepEqual(await client.legalMoves(game), direct.legalMoves(game));
    assert.equal(await client.play(game, 'f3'), direct.play(game, 'f3'));
    assert.deepEqual(await client.status(game), direct.status(game));
    assert.deepEqual(await client.score(game), direct.score(game));
    assert.deepEqual(await client.parseGame(game), direct.parseGame(game));
    assert.equal(await client.formatGame(game, 'ggf', { PB: 'A' }), direct.formatGame(game, 'ggf', { PB: 'A' }));
    assert.equal(await client.perft(6), direct.perft(6));
    assert.equal(await client.perft(6, { passFree: true }), direct.perft(6, { passFree: true }));
    assert.equal(await client.evaluate(game), direct.evaluate(game));
    assert.equal(await client.cliUsage(), direct.cliUsage());
    // Searches from empty tables visit the same nodes.
    direct.clearTable();
    await client.clearTable();
    assert.deepEqual(comparable(await client.search(game, { book: false, depth: 7 })), comparable(direct.search(game, { book: false, depth: 7 })));
    direct.clearTable();
    await client.clearTable();
    assert.deepEqual(await client.analyze(game, { book: false, depth: 5 }), direct.analyze(game, { book: false, depth: 5 }));
    assert.equal(await client.setTableSize(4), undefined);
  });
});

test('requests to the worker are answered in the order they were made', async () => {
  // The rules answer in the client's thread at once (tests/node/client-signal.test.mjs); sent to the worker, in turn.
  await withClient({ localRules: false }, async (client) => {
    const order = [];
    const requests = [
      client.perft(7).then(() => order.push('perft')),
      client.legalMoves('').then(() => order.push('legalMoves')),
      client.search('f5d6c3', { book: false, depth: 6 }).then(() => order.push('search')),
      client.play('', 'a1').catch(() => order.push('play')),
      client.status('f5').then(() => order.push('status')),
    ];
    await Promise.all(requests);
    assert.deepEqual(order, ['perft', 'legalMoves', 'search', 'play', 'status']);
  });
});

test('progress goes to the callback and to progress events', async () => {
  // One thread: the last report is the result (on more threads the result also counts the helpers' nodes).
  await withClient({ threads: 1 }, async (client) => {
    const called = [];
    const events = [];
    client.addEventListener('progress', (event) => events.push(event.detail));
    const result = await client.search('f5d6c3d3c4', { book: false, depth: 8 }, { onProgress: (report) => called.push(report) });
    assert.ok(called.length >= 8, `${called.length} reports`);
    assert.deepEqual(events, called);
    assert.deepEqual(comparable(called.at(-1)), comparable(result));
    assert.ok(called.every((report, i) => i === 0 || report.depth >= called[i - 1].depth));
  });
});

test('errors reject with the direct API message', async () => {
  await withClient({}, async (client) => {
    const messageOf = (fn) => {
      try {
        fn();
      } catch (error) {
        return error.message;
      }
      throw new Error('no error');
    };
    await rejectsWith(client.legalMoves('f5d6h9'), /^transcript: move 3 'h9' \(character 5\) is not a square$/);
    await rejectsWith(client.status('hello world'), new RegExp(`^${messageOf(() => direct.status('hello world'))}$`));
    await rejectsWith(client.play('f5d6', 'a1'), /^move: a1 is illegal for Black$/);
    await rejectsWith(client.play('f5d6', 'zz'), /^move: 'zz' is not a square or pass$/);
    await rejectsWith(client.legalMoves(42), /^legalMoves: position must be a string, got number$/, TypeError);
    await rejectsWith(client.search('', { book: false, depth: 0 }), /^limits: depth must be a whole number from 1 to 60, got 0$/);
    await rejectsWith(client.search('', { book: false, depht: 3 }), /^limits: unknown option 'depht'/);
    await rejectsWith(client.analyze('', { book: false, timeMs: -5 }), /^limits: timeMs must be a positive number/);
    await rejectsWith(client.search('', 'deep'), /^search: limits must be an object/, TypeError);
    await rejectsWith(client.search('', { book: false, depth: () => 3 }), /^search: the arguments cannot be sent to the worker/, TypeError);
    await rejectsWith(client.perft(14), /^perft: depth must be a whole number from 0 to 13 .*, got 14$/, RangeError);
    await rejectsWith(client.setTableSize(0), /^setTableSize: megabytes must be a whole number from 1 to 4096, got 0$/);
    await rejectsWith(client.search('', { book: false, depth: 60 }, { timeoutMs: -1 }), /^search: timeoutMs must be a positive number of milliseconds, got -1$/, RangeError);
    await rejectsWith(client.search('', { book: false, depth: 60 }, { onProgress: 'log' }), /^search: onProgress must be a function, got string$/, TypeError);
    await rejectsWith(client.analyze('', { book: false }, { stop: true }), /^analyze: unknown option 'stop'/, TypeError);
    // The worker survived all of that.
    assert.deepEqual(await client.legalMoves(''), ['d3', 'c4', 'f5', 'e6']);
  });
});

test('bad options of the client throw at once', () => {
  assert.throws(() => new EngineClient({ tableMb: 0 }), /^RangeError: EngineClient: tableMb must be a whole number of MiB from 1 to 4096, got 0$/);
  assert.throws(() => new EngineClient({ tableMb: 4097 }), /^RangeError: EngineClient: tableMb must be a whole number of MiB from 1 to 4096, got 4097$/);
  assert.throws(() => new EngineClient({ timeoutMs: 'soon' }), /timeoutMs must be a positive number of milliseconds, got string/);
  assert.throws(() => new EngineClient({ wasm: 42 }), /wasm must be a URL, a path, the .wasm bytes or a WebAssembly.Module, got number/);
  assert.throws(() => new EngineClient({ workers: 2 }), /unknown option 'workers'/);
  assert.throws(() => new EngineClient(null), /options must be an object, got null/);
});

for (const sharedStop of [true, false]) {
  const mode = sharedStop ? 'flag' : 'terminate';

  test(`stop() ends a search with its best move so far (${mode})`, async () => {
    await withClient({ sharedStop }, async (client) => {
      assert.equal(client.stopMode, mode);
      const running = client.search('', { book: false, depth: 60 });
      const queued = client.legalMoves('f5');
      const reached = await progressAt(client, 4);
      await client.stop();
      const result = await running;
      assert.ok(direct.legalMoves('').includes(result.best), result.best);
      assert.equal(result.kind, 'depth');
      assert.ok(result.depth >= reached.depth && result.depth < 60);
      if (!sharedStop) assert.equal(result.depth, reached.depth);
      assert.deepEqual(await queued, direct.legalMoves('f5'));
    });
  });

  test(`stop() ends an analysis with every move scored (${mode})`, async () => {
    await withClient({ sharedStop }, async (client) => {
      const running = client.analyze('f5d6', { book: false, depth: 60 });
      const reached = await progressAt(client, 3);
      client.stop();
      const moves = await running;
      assert.deepEqual(moves.map((m) => m.move).sort(), direct.legalMoves('f5d6').sort());
      const depth = moves[0].depth;
      assert.ok(moves.every((m) => m.depth === depth && m.kind === 'depth'));
      assert.ok(depth >= reached.depth, `${depth} < ${reached.depth}`);
      assert.ok(moves.every((m, i) => i === 0 || moves[i - 1].score >= m.score));
    });
  });

  test(`stop() before any progress still answers with a legal move (${mode})`, async () => {
    await withClient({ sharedStop }, async (client) => {
      const running = client.search('f5d6c3', { book: false, depth: 60 });
      client.stop();
      const result = await running;
      assert.ok(direct.legalMoves('f5d6c3').includes(result.best), result.best);
    });
  });

  // The timeout is a guard against a hang (abort() not ending the search), far above the few ms it takes.
  test(`abort() rejects the running search with an AbortError and nothing is searched again (${mode})`,
    { timeout: 60_000 }, async () => {
    await withClient({ sharedStop }, async (client) => {
      const running = client.analyze('f5d6', { book: false, depth: 60 });
      const queued = client.legalMoves('f5');
      await progressAt(client, 3);
      // A depth-60 analysis from the second move has no end of its own: the
      // queued request is answered only because abort() ended it.
      await client.abort();
      await assert.rejects(running, (error) => {
        assert.equal(error.name, 'AbortError');
        assert.equal(error.message, 'analyze: aborted');
        return true;
      });
      assert.deepEqual(await queued, direct.legalMoves('f5'));
      // The client goes on as before.
      assert.equal((await client.search('f5d6c3', { book: false, depth: 4 })).depth, 4);
    });
  });

  test(`abort() before the worker has started the request, or with nothing running (${mode})`, async () => {
    await withClient({ sharedStop }, async (client) => {
      await client.abort();
      const running = client.search('', { book: false, depth: 60 });
      await client.abort();
      await assert.rejects(running, { name: 'AbortError', message: 'search: aborted' });
      const perft = client.perft(5);
      await client.abort(); // not a search: not affected
      assert.equal(await perft, direct.perft(5));
    });
  });
}

test('stop() of an analysis on a replaced worker keeps its limits and can be aborted', async () => {
  await withClient({ sharedStop: false }, async (client) => {
    // Searched again with the same confidence (a selective search) and the same evaluation.
    const running = client.analyze('f5d6c3d3c4f4', { book: false, confidence: 95, evaluation: 'standin', timeMs: 60_000 });
    const reached = await progressAt(client, 5);
    await client.stop();
    const moves = await running;
    assert.deepEqual(moves.map((m) => m.move).sort(), direct.legalMoves('f5d6c3d3c4f4').sort());
    assert.ok(moves.every((m) => m.confidence === 95 && m.depth >= reached.depth), JSON.stringify(moves[0]));
    direct.clearTable();
    const expected = direct.analyze('f5d6c3d3c4f4', { book: false, depth: moves[0].depth, confidence: 95, evaluation: 'standin' });
    assert.deepEqual(moves.map((m) => m.score), expected.map((m) => m.score), 'scored with the standin evaluation');

    // A level becomes the depth and confidence it had reached.
    const leveled = client.analyze('f5d6c3d3c4f4', { book: false, level: 20 });
    const deep = await progressAt(client, 4);
    await client.stop();
    const scored = await leveled;
    assert.ok(scored.every((m) => m.confidence === deep.confidence && m.depth >= deep.depth));

    // The search again is interruptible: abort() ends it without an answer.
    const again = client.analyze('f5d6c3d3c4f4', { book: false, depth: 60 });
    await progressAt(client, 6);
    const stopped = client.stop();
    await client.abort();
    await stopped;
    await assert.rejects(again, { name: 'AbortError' });
    assert.deepEqual(await client.legalMoves('f5'), direct.legalMoves('f5'));
  });
});

test('playerMove through the client: the seeds\' players answer legal moves, bad specs and seeds reject', async () => {
  await withClient({}, async (client) => {
    const position = 'f5d6c3d3c4f4f6';
    const legal = direct.legalMoves(position);
    for (const spec of ['random', 'maximizer:weighted-squares', 'minimax:2:mobility',
      'alphabeta:4:modified-weighted-squares', 'iago:4', 'bill:4',
      'study-minimax:2', 'study-alphabeta:3', 'study-negascout:3', 'study-rules:3']) {
      const move = await client.playerMove(spec, position, 11);
      assert.ok(legal.includes(move), `${spec} played ${move}`);
      assert.equal(move, direct.playerMove(spec, position, 11), `${spec} as the direct API`);
    }
    // White (b1) cannot flank Black (a1): it passes; with no move for either side the game is over.
    assert.equal(await client.playerMove('bill:4', `XO${'-'.repeat(62)} O`), 'pa');
    await rejectsWith(client.playerMove('random', `XX${'-'.repeat(62)} O`), /the game is over/);
    await rejectsWith(client.playerMove('alphabeta:x:mobility', position), /^player spec 'alphabeta:x:mobility': depth must be a whole number from 1 to 12, got 'x'$/);
    await rejectsWith(client.playerMove('bogus', position), /^player spec 'bogus': unknown player 'bogus'/);
    await rejectsWith(client.playerMove('study-rules:0', position), /^player spec 'study-rules:0': difficulty must be a whole number from 1 to 5, got 0$/);
    await rejectsWith(client.playerMove('random', position, -1), /^playerMove: seed must be a whole number from 0 to 9007199254740991, got -1$/, RangeError);
    await rejectsWith(client.playerMove('random', position, 2.5), /got 2\.5$/, RangeError);
    await rejectsWith(client.playerMove('random', position, '3'), /^playerMove: seed must be a whole number .*, got string$/, TypeError);
    await rejectsWith(client.playerMove('random', 42), /^playerMove: position must be a string, got number$/, TypeError);
    assert.deepEqual(await client.legalMoves(''), ['d3', 'c4', 'f5', 'e6']);
  });
});

test('stop() with nothing running does nothing', async () => {
  await withClient({}, async (client) => {
    await client.stop();
    const moves = client.legalMoves('');
    await client.stop();
    assert.deepEqual(await moves, ['d3', 'c4', 'f5', 'e6']);
  });
});

test('a request that times out rejects and the next one gets a new worker', async () => {
  await withClient({}, async (client) => {
    const slow = client.search('', { book: false, depth: 60 }, { timeoutMs: 300 });
    const next = client.status('f5d6');
    await rejectsWith(slow, /^search: no answer within 300 ms \(the worker was restarted\)$/);
    await slow.catch((error) => assert.equal(error.name, 'TimeoutError'));
    assert.deepEqual(await next, direct.status('f5d6'));
  });
  await withClient({ timeoutMs: 2000 }, async (client) => {
    await rejectsWith(client.perft(13), /^perft: no answer within 2000 ms/);
    assert.equal(await client.perft(3), direct.perft(3));
  });
});

/** The package's test build of the engine: the same engine with a deliberate panic. */
const testWasm = new URL('../../pkg/wasm-test/othello_bg.wasm', import.meta.url).pathname;

test('the shipped engine has no crash hook', async () => {
  await withClient({}, async (client) => {
    await rejectsWith(client.__crashForTests(), /^__crashForTests: this build of the engine has no test hooks/);
    assert.deepEqual(await client.legalMoves('f5'), direct.legalMoves('f5'));
  });
});

test('a panic rejects what was pending, dispatches crash, and the next request works', async () => {
  // The rules sent to the worker (localRules: false) as the requests that wait there.
  await withClient({ wasm: testWasm, localRules: false }, async (client) => {
    const crashes = [];
    client.addEventListener('crash', (event) => crashes.push(event.detail.message));
    await client.setTableSize(2);
    const crashing = client.__crashForTests();
    const queued = client.legalMoves('');
    await rejectsWith(crashing, /^crashForTests: the engine crashed: the engine panicked: panicked at crates\/wasm\/src\/test_hooks\.rs:\d+:\d+: crashForTests: a deliberate panic$/);
    await rejectsWith(queued, /^legalMoves: the engine crashed before this request ran: the engine panicked/);
    assert.equal(crashes.length, 1);
    assert.match(crashes[0], /deliberate panic/);
    assert.deepEqual(await client.legalMoves('f5'), direct.legalMoves('f5'));
    assert.equal((await client.search('f5d6', { book: false, depth: 5 })).depth, 5);
  });
});

test('a worker that fails to load or exits is reported as a crash', async () => {
  await withClient({ worker: fixture('broken-worker.mjs'), localRules: false }, async (client) => {
    let crash = null;
    client.addEventListener('crash', (event) => { crash = event.detail; });
    await rejectsWith(client.legalMoves(''), /^legalMoves: the engine crashed: the worker failed: broken-worker: failed on purpose$/);
    assert.match(crash.message, /failed on purpose/);
  });
  await withClient({ worker: fixture('exiting-worker.mjs'), localRules: false }, async (client) => {
    await rejectsWith(client.legalMoves(''), /^legalMoves: the engine crashed: the worker exited with code 3$/);
  });
});

test('terminate() rejects everything pending; a later request starts a new worker', async () => {
  const client = new EngineClient();
  const running = client.search('', { book: false, depth: 60 });
  const queued = client.perft(4);
  await progressAt(client, 2);
  client.terminate();
  await rejectsWith(running, /^search: the engine client was terminated$/);
  await rejectsWith(queued, /^perft: the engine client was terminated$/);
  assert.equal(await client.perft(4), direct.perft(4));
  client.terminate();
});

test('the wasm can be given as a path, a file URL, bytes or a compiled module', async () => {
  const bytes = await readFile(wasmPath);
  const sources = [wasmPath, wasmPath.href, wasmPath.pathname, bytes, new Uint8Array(bytes).buffer, await WebAssembly.compile(bytes)];
  // The worker loads it (the rules of this process come from the direct API it has loaded already).
  for (const wasm of sources) {
    await withClient({ wasm, localRules: false }, async (client) => {
      assert.deepEqual(await client.legalMoves('f5d6'), ['c3', 'c4', 'c5', 'c6', 'c7']);
    });
  }
  await withClient({ wasm: '/nonexistent/othello.wasm', localRules: false }, async (client) => {
    await rejectsWith(client.legalMoves(''), /^legalMoves: the engine could not be started: .*ENOENT/);
  });
  await withClient({ wasm: new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 99]), localRules: false }, async (client) => {
    await rejectsWith(client.legalMoves(''), /^legalMoves: the engine could not be started: /);
  });
});

test('tableMb is applied to each worker the client starts', async () => {
  await withClient({ tableMb: 1 }, async (client) => {
    assert.equal((await client.search('f5d6c3', { book: false, depth: 6 })).depth, 6);
  });
  await withClient({ tableMb: 1024 * 1024 }, () => {}).catch((error) => assert.match(error.message, /tableMb/));
});
