// The engine's worker: runs the direct API (./index.js) for an EngineClient
// (./client.js), as a module Web Worker in browsers and as a worker_threads
// worker under Node. It keeps nothing but the engine's transposition table,
// so the client can replace it at any time.
//
// Messages from the client:
//   { type: 'init', wasm, wasmThreads, threads, tableMb, stop }
//                                             load the engine (stop: a SharedArrayBuffer flag or null);
//                                             on more than one thread, the threaded build with pool
//                                             workers (./pool-worker.js) where shared memory allows

//   { type: 'call', id, method, args }        run one function of the direct API
// Messages to the client:
//   { type: 'listening' }                     the worker is ready for 'init'
//   { type: 'ready', threads, build, note, module } | { type: 'init-failed', error }
//                                             threads in use, 'threaded' or 'single', why fewer
//                                             threads than asked for (or null), and the compiled
//                                             module for the client's next worker (or null)
//   { type: 'progress', id, report }          search and analyze progress
//   { type: 'result', id, value } | { type: 'error', id, error }
//   { type: 'crash', message }                the engine trapped (a panic); the client ends this worker
//   { type: 'pool-port', port }               a MessagePort on which a pool worker reports its own
//                                             crash ({ type: 'crash', message }) straight to the
//                                             client: this worker may be waiting for it by then
import * as engine from './index.js';
import { initThreaded } from './threaded.js';
import { startPoolWorkers } from './pool.js';

/** The functions a client may call, with the direct API's arguments. */
const METHODS = new Set([
  'legalMoves', 'play', 'status', 'score', 'parseGame', 'formatGame', 'playerMove', 'perft',
  'evaluate', 'setTableSize', 'clearTable', 'cliUsage', 'search', 'analyze', 'explore',
]);

const isNode = typeof process !== 'undefined' && process.versions?.node != null &&
  !('WorkerGlobalScope' in globalThis);

/** Node modules, hidden from bundlers that would try to resolve them for browsers. */
const nodeModule = (name) => import(/* webpackIgnore: true */ /* @vite-ignore */ name);

/** @type {Int32Array | null} */
let stopFlag = null;
let crashed = false;
let lastPanic = null;

// The panic hook of the wasm module writes the panic message with console.error
// just before the trap: keep it so the crash report can say what happened.
const consoleError = console.error.bind(console);
console.error = (...parts) => {
  const text = parts.map(String).join(' ');
  if (text.includes('panicked at')) lastPanic = text;
  consoleError(...parts);
};

/** The panic's location and message from the hook's text (first lines, without the stack). */
function panicSummary() {
  if (lastPanic === null) return null;
  const lines = lastPanic.split('\n').map((line) => line.trim()).filter(Boolean);
  const end = lines.findIndex((line) => line.startsWith('Stack'));
  return (end === -1 ? lines : lines.slice(0, end)).join(' ');
}

function errorData(error) {
  if (error instanceof Error) return { name: error.name, message: error.message, code: /** @type {any} */ (error).code };
  return { name: 'Error', message: String(error) };
}

async function loadEngine(wasm) {
  if (wasm === undefined || wasm === null) return engine.init();
  // Under Node, a path or file: URL is read from disk (fetch cannot read files).
  if (isNode && typeof wasm === 'string' && !/^(https?|data|blob):/i.test(wasm)) {
    const { readFile } = await nodeModule('node:fs/promises');
    return engine.init(await readFile(wasm.startsWith('file:') ? new URL(wasm) : wasm));
  }
  return engine.init(wasm);
}

/** The pool workers of the threaded build: ended with this worker (terminate() ends nested workers too). */
const poolWorkers = [];

/** The most threads used when the client does not say. */
const DEFAULT_THREADS_CAP = 8;

/** The threads to use when the client does not say: the machine's cores, at most DEFAULT_THREADS_CAP. */
async function defaultThreads() {
  let cores = 1;
  if (isNode) {
    const os = await nodeModule('node:os');
    cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  } else {
    cores = globalThis.navigator?.hardwareConcurrency ?? 1;
  }
  return Math.max(1, Math.min(DEFAULT_THREADS_CAP, cores));
}

/** Why this worker cannot run the threaded build, or null if it can. */
function threadsUnavailable(message) {
  if (!isNode && globalThis.crossOriginIsolated !== true) return 'the page is not cross-origin isolated';
  if (typeof SharedArrayBuffer !== 'function') return 'no SharedArrayBuffer';
  if (message.wasm !== undefined && message.wasm !== null && message.wasmThreads === undefined) {
    return 'a single-thread wasm was given without its threaded build';
  }
  return null;
}

/**
 * The threaded build with `threads - 1` pool workers: the threads in use
 * and why fewer than asked for (or null). Throws if the threaded build
 * could not be loaded at all (the caller then loads the single-thread one).
 */
async function loadThreaded(message, threads, post) {
  let source = message.wasmThreads;
  if (isNode && typeof source === 'string' && !/^(https?|data|blob):/i.test(source)) {
    const { readFile } = await nodeModule('node:fs/promises');
    source = await readFile(source.startsWith('file:') ? new URL(source) : source);
  }
  const { module, memory } = await initThreaded(source ?? undefined);
  const reportPort = () => {
    const channel = new MessageChannel();
    post({ type: 'pool-port', port: channel.port2 }, [channel.port2]);
    return channel.port1;
  };
  const failure = await startPoolWorkers(module, memory, threads - 1, reportPort, (worker) => poolWorkers.push(worker));
  const inUse = engine.setThreads(threads);
  let note = null;
  if (failure !== null) note = `a pool worker failed to start: ${failure}`;
  else if (inUse < threads) note = `only ${inUse - 1} of ${threads - 1} pool workers joined in time`;
  return { threads: inUse, note };
}

async function initialize(message, post) {
  try {
    const threads = message.threads ?? await defaultThreads();
    let loaded = { threads: 1, build: 'single', note: null };
    const unavailable = threads > 1 ? threadsUnavailable(message) : null;
    if (threads > 1 && unavailable === null) {
      try {
        loaded = { ...await loadThreaded(message, threads, post), build: 'threaded' };
      } catch (error) {
        loaded.note = `the threaded build could not be loaded: ${errorData(error).message}`;
      }
    } else if (unavailable !== null) {
      loaded.note = `one thread: ${unavailable}`;
    }
    if (loaded.build === 'single') await loadEngine(message.wasm);
    if (message.tableMb !== undefined) engine.setTableSize(message.tableMb);
    stopFlag = message.stop ? new Int32Array(message.stop) : null;
    // The compiled module goes back to the client for the next worker, unless the client gave one.
    const given = loaded.build === 'threaded' ? message.wasmThreads : message.wasm;
    const module = given instanceof WebAssembly.Module ? null : engine.compiledModule();
    post({ type: 'ready', ...loaded, module });
  } catch (error) {
    post({ type: 'init-failed', error: errorData(error) });
  }
}

function run(message, post) {
  const { id, method, args } = message;
  if (!METHODS.has(method) && method !== 'crashForTests') {
    post({ type: 'error', id, error: { name: 'TypeError', message: `worker: unknown method '${method}'`, code: 'ERR_OTHELLO_ARGUMENT' } });
    return;
  }
  try {
    let value;
    if (method === 'search' || method === 'analyze') {
      const [position, limits] = args;
      const options = {
        onProgress: (report) => post({ type: 'progress', id, report }),
      };
      if (stopFlag !== null) options.shouldStop = () => Atomics.load(stopFlag, 0) !== 0;
      value = engine[method](position, limits, options);
    } else if (method === 'crashForTests') {
      /** @type {any} */ (engine).__crashForTests(...args); // a real panic in the test build, for the tests of crash recovery
    } else if (method === 'explore') {
      // Asynchronous: the first call loads the explorer's index.
      const [position, options] = args;
      engine.explore(position, options).then((found) => post({ type: 'result', id, value: found }), (error) => fail(id, error, post));
      return;
    } else {
      value = engine[method](...args);
    }
    post({ type: 'result', id, value });
  } catch (error) {
    fail(id, error, post);
  }
}

/** Reports the error of request `id`, or the engine's crash when it trapped. */
function fail(id, error, post) {
  if (error instanceof WebAssembly.RuntimeError) {
    // A trap (a panic or running out of memory): the module cannot be used again.
    crashed = true;
    const panic = panicSummary();
    post({ type: 'crash', message: panic ? `the engine panicked: ${panic}` : `the engine trapped: ${error.message}` });
    return;
  }
  post({ type: 'error', id, error: errorData(error) });
}

function handle(message, post) {
  if (crashed) return;
  if (message?.type === 'init') initialize(message, post);
  else if (message?.type === 'call') run(message, post);
}

/** What importing this script outside a worker says. */
const NOT_A_WORKER = 'othello-wasm-engine/worker is the engine\'s worker script, run by EngineClient in a worker: '
  + 'import EngineClient from othello-wasm-engine/client (or the direct API from othello-wasm-engine) instead';

// No top-level await here: Vite bundles workers as classic scripts by default
// (worker.format 'iife'), which cannot have one.
if (!isNode && !('WorkerGlobalScope' in globalThis)) throw new Error(NOT_A_WORKER);
if (isNode) {
  nodeModule('node:worker_threads').then(({ parentPort }) => {
    if (parentPort === null) throw new Error(NOT_A_WORKER);
    const post = (message, transfer) => parentPort.postMessage(message, transfer);
    parentPort.on('message', (message) => handle(message, post));
    post({ type: 'listening' });
  });
} else {
  const post = (message, transfer) => self.postMessage(message, transfer ?? []);
  self.addEventListener('message', (event) => handle(event.data, post));
  post({ type: 'listening' });
}
