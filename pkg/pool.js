// The threaded build's pool workers (./pool-worker.js), started on its
// compiled module and shared memory once ./threaded.js has loaded it: for
// the package's worker (./worker.js, in a browser or under Node) and for
// the Node command-line tool (./cli.mjs). Each pool worker reports its own
// crash on a MessagePort that the caller gives it, since the thread that
// started it may be waiting for it by then.
import { poolWorkers } from './index.js';
import { isNode } from './loader.js';
import { onOtherOrigin, workerFromOtherOrigin } from './other-origin.js';

/** The pool worker's script, next to this file, named in a variable (see startPoolWorker). */
const POOL_WORKER_FILE = './pool-worker.js';

/** How long the pool workers may take to join before the engine runs with those that did. */
const JOIN_TIMEOUT_MS = 10_000;

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/**
 * Starts a pool worker on the threaded module and its memory with `report`
 * (a MessagePort) for its crash report, and hands it to `started` at once;
 * resolves once it is joining the pool (or rejects).
 */
async function startPoolWorker(module, memory, report, started) {
  if (isNode) {
    const { Worker } = await import(/* webpackIgnore: true */ /* @vite-ignore */ 'node:worker_threads');
    const worker = new Worker(new URL('./pool-worker.js', import.meta.url));
    // The engine's own thread decides when the process ends, not its helpers.
    worker.unref();
    started(worker);
    return new Promise(/** @param {(value?: unknown) => void} resolve */ (resolve, reject) => {
      worker.once('message', (reply) => (reply?.type === 'joining' ? resolve() : reject(new Error(reply?.error))));
      worker.once('error', reject);
      worker.postMessage({ module, memory, report }, [report]);
    });
  }
  const worker = onOtherOrigin(import.meta.url)
    // The package on another origin (a CDN): through a same-origin script (a name in a variable for bundlers).
    ? workerFromOtherOrigin(new URL(POOL_WORKER_FILE, import.meta.url))
    // Written out so that bundlers find the pool worker and bundle it.
    : new Worker(new URL('./pool-worker.js', import.meta.url), { type: 'module' });
  started(worker);
  return new Promise(/** @param {(value?: unknown) => void} resolve */ (resolve, reject) => {
    worker.addEventListener('message', (event) => (event.data?.type === 'joining'
      ? resolve() : reject(new Error(event.data?.error))), { once: true });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      reject(new Error(event.message || 'the pool worker failed to start'));
    }, { once: true });
    worker.postMessage({ module, memory, report }, [report]);
  });
}

/**
 * Starts `count` pool workers on the threaded build's `module` and
 * `memory` (from `initThreaded`), each with the MessagePort `reportPort()`
 * returns for its crash report, and waits until those that started have
 * joined the engine's pool or JOIN_TIMEOUT_MS has passed. `started` gets
 * each worker as it is made (to end it with the caller). Resolves with why
 * a pool worker failed to start, or null; the engine's `setThreads` then
 * gives the threads in use.
 */
export async function startPoolWorkers(module, memory, count, reportPort, started) {
  const starts = await Promise.allSettled(
    Array.from({ length: count }, () => startPoolWorker(module, memory, reportPort(), started)),
  );
  const joining = starts.filter((result) => result.status === 'fulfilled').length;
  const deadline = performance.now() + JOIN_TIMEOUT_MS;
  while (poolWorkers() < joining && performance.now() < deadline) await sleep(1);
  const failed = starts.find((result) => result.status === 'rejected');
  return failed === undefined ? null : String(failed.reason?.message ?? failed.reason);
}
