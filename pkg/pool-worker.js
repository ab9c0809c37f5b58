// A helper thread of the threaded engine: a module Web Worker (a
// worker_threads worker under Node) started by the engine's worker
// (./worker.js). It runs the threaded build (./wasm-threads/) on the
// engine's shared memory and gives itself to the engine's thread pool,
// which runs a parallel search's helper work on it; it never returns.
//
// Message from the engine's worker: { module, memory, report } (the
// compiled threaded module, its shared WebAssembly.Memory, and a MessagePort
// to the client).
// Messages to it: { type: 'joining' } just before it joins the pool (it
// blocks from then on), or { type: 'failed', error } if it could not.
// On `report`: { type: 'crash', message } if the module traps here (a panic
// in helper work): the engine's worker may be waiting for this thread by
// then, so the client hears it directly and ends the engine's worker.
import { initSync, poolWorkerMain } from './wasm-threads/othello.js';

let lastPanic = null;
// The panic hook writes the panic message with console.error just before the trap.
const consoleError = console.error.bind(console);
console.error = (...parts) => {
  const text = parts.map(String).join(' ');
  if (text.includes('panicked at')) {
    // The location and the message: the lines before the stack.
    const lines = text.split('\n').map((line) => line.trim()).filter(Boolean);
    const end = lines.findIndex((line) => line.startsWith('Stack'));
    lastPanic = (end === -1 ? lines : lines.slice(0, end)).join(' ');
  }
  consoleError(...parts);
};

const isNode = typeof process !== 'undefined' && process.versions?.node != null &&
  !('WorkerGlobalScope' in globalThis);

function start({ module, memory, report }, post) {
  try {
    initSync({ module, memory });
  } catch (error) {
    post({ type: 'failed', error: String(error?.message ?? error) });
    return;
  }
  post({ type: 'joining' });
  try {
    // Blocks this worker for good: it waits for helper work (Atomics.wait).
    poolWorkerMain();
  } catch (error) {
    const message = lastPanic
      ? `a helper thread panicked: ${lastPanic}`
      : `a helper thread trapped: ${String(error?.message ?? error)}`;
    report?.postMessage({ type: 'crash', message });
  }
}

/** What importing this script outside a worker says. */
const NOT_A_WORKER = 'othello-wasm-engine/pool-worker is a helper thread the engine\'s worker starts: '
  + 'import EngineClient from othello-wasm-engine/client instead';

if (!isNode && !('WorkerGlobalScope' in globalThis)) throw new Error(NOT_A_WORKER);
if (isNode) {
  import(/* webpackIgnore: true */ /* @vite-ignore */ 'node:worker_threads').then(({ parentPort }) => {
    if (parentPort === null) throw new Error(NOT_A_WORKER);
    parentPort.once('message', (message) => start(message, (reply) => parentPort.postMessage(reply)));
  });
} else {
  self.addEventListener('message', (event) => start(event.data, (reply) => self.postMessage(reply)), { once: true });
}
