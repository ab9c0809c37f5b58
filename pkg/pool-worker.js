// A helper thread of the threaded engine: a module Web Worker (a
// worker_threads worker under Node) started by the engine's worker
// (./worker.js). It runs the threaded build (./wasm-threads/) on the
// engine's shared memory and gives itself to the engine's thread pool,
// which runs a parallel search's helper work on it; it never returns.
//
// Message from the engine's worker: { module, memory } (the compiled
// threaded module and its shared WebAssembly.Memory).
// Messages to it: { type: 'joining' } just before it joins the pool (it
// blocks from then on), or { type: 'failed', error } if it could not.
import { initSync, poolWorkerMain } from './wasm-threads/othello.js';

const isNode = typeof process !== 'undefined' && process.versions?.node != null &&
  typeof WorkerGlobalScope === 'undefined';

function start({ module, memory }, post) {
  try {
    initSync({ module, memory });
  } catch (error) {
    post({ type: 'failed', error: String(error?.message ?? error) });
    return;
  }
  post({ type: 'joining' });
  // Blocks this worker for good: it waits for helper work (Atomics.wait).
  poolWorkerMain();
}

if (isNode) {
  import(/* webpackIgnore: true */ /* @vite-ignore */ 'node:worker_threads').then(({ parentPort }) => {
    parentPort.once('message', (message) => start(message, (reply) => parentPort.postMessage(reply)));
  });
} else {
  self.addEventListener('message', (event) => start(event.data, (reply) => self.postMessage(reply)), { once: true });
}
