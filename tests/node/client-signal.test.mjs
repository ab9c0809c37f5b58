// Per-request cancellation in the worker client: `signal` ends the request
// it was given and no other. A queued request leaves the queue unsent; a
// running search stops (shared flag, or the worker replaced); the requests
// before and after it answer as usual; an aborted signal rejects at once
// with its reason; a value that is not a signal is refused. The rules
// functions answer in the client's thread, never behind a search.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as direct from '../../pkg/index.js';
import { progressAt, withClient } from './client-support.mjs';

before(async () => {
  await direct.init();
});



/** Asserts an AbortError as controller.abort() gives it. */
function isAbort(error) {
  assert.equal(error.name, 'AbortError', String(error));
  return true;
}

for (const sharedStop of [true, false]) {
  const mode = sharedStop ? 'shared flag' : 'worker replaced';

  test(`a signal ends its running search; the queued requests run on (${mode})`, async () => {
    await withClient({ sharedStop }, async (client) => {
      const controller = new AbortController();
      const running = client.analyze('f5d6', { book: false, depth: 60 }, { signal: controller.signal });
      const queued = client.search('f5d6c3', { book: false, depth: 4 });
      const rules = client.legalMoves('f5');
      await progressAt(client, 3);
      controller.abort();
      await assert.rejects(running, isAbort);
      assert.equal((await queued).depth, 4);
      assert.deepEqual(await rules, direct.legalMoves('f5'));
    });
  });

  test(`a signal takes a queued request out of the queue; the running search goes on (${mode})`, async () => {
    await withClient({ sharedStop }, async (client) => {
      const controller = new AbortController();
      const running = client.search('f5d6c3', { book: false, depth: 6 });
      const queued = client.search('f5d6', { book: false, depth: 60 }, { signal: controller.signal });
      const after = client.perft(4);
      controller.abort(new Error('the player moved on'));
      await assert.rejects(queued, { message: 'the player moved on' });
      const report = await running;
      assert.equal(report.depth, 6, 'the running search finished its own depth');
      assert.equal(await after, direct.perft(4));
    });
  });
}

test('an aborted signal rejects at once and starts no worker', async () => {
  await withClient({}, async (client) => {
    const signal = AbortSignal.abort();
    await assert.rejects(client.search('', { depth: 60 }, { signal }), isAbort);
    await assert.rejects(client.analyze('', { depth: 60 }, { signal }), isAbort);
    assert.equal(client.threads, null, 'no worker was started');
  });
});

test('a signal that is not an AbortSignal is refused with a TypeError', async () => {
  await withClient({}, async (client) => {
    for (const signal of [true, {}, 'abort', { aborted: false }]) {
      await assert.rejects(client.search('', { depth: 2 }, { signal }), (error) => {
        assert.ok(error instanceof TypeError, String(error));
        assert.match(error.message, /^search: signal must be an AbortSignal/);
        return true;
      });
    }
  });
});

test('a signal aborted after its request settled changes nothing', async () => {
  await withClient({}, async (client) => {
    const controller = new AbortController();
    const report = await client.search('f5d6c3', { book: false, depth: 3 }, { signal: controller.signal });
    controller.abort();
    assert.equal(report.depth, 3);
    assert.equal((await client.search('f5d6c3', { book: false, depth: 3 })).depth, 3);
  });
});

test('the rules answer while a search runs, as the direct API does; localRules: false queues them behind it', async () => {
  for (const localRules of [true, false]) {
    await withClient({ localRules }, async (client) => {
      let searchSettled = false;
      const running = client.analyze('f5d6', { book: false, depth: 60 }).catch((error) => error);
      running.then(() => { searchSettled = true; });
      await progressAt(client, 3);
      const game = 'f5d6c3d3c4f4f6';
      const rules = client.legalMoves(game).then((moves) => ({ moves, searchSettled }));
      if (!localRules) await client.abort();
      const answer = await rules;
      assert.deepEqual(answer.moves, direct.legalMoves(game));
      assert.equal(answer.searchSettled, !localRules, localRules
        ? 'answered while the search was still running' : 'answered after the search it queued behind');
      assert.equal(await client.play(game, 'f3'), direct.play(game, 'f3'));
      await assert.rejects(client.play(game, 'a1'), (error) => {
        assert.equal(error.message, (() => { try { direct.play(game, 'a1'); } catch (e) { return e.message; } })());
        return true;
      });
      if (localRules) await client.abort();
      await running;
    });
  }
});
