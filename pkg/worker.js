// The engine's worker: runs the direct API (./index.js) for an EngineClient
// (./client.js), as a module Web Worker in browsers and as a worker_threads
// worker under Node. It keeps nothing but the engine's transposition table,
// so the client can replace it at any time.
//
// Messages from the client:
//   { type: 'init', wasm, tableMb, stop }     load the engine (stop: a SharedArrayBuffer flag or null)
//   { type: 'call', id, method, args }        run one function of the direct API
// Messages to the client:
//   { type: 'listening' }                     the worker is ready for 'init'
//   { type: 'ready' } | { type: 'init-failed', error }
//   { type: 'progress', id, report }          search and analyze progress
//   { type: 'result', id, value } | { type: 'error', id, error }
//   { type: 'crash', message }                the engine trapped (a panic); the client ends this worker
import * as engine from './index.js';

/** The functions a client may call, with the direct API's arguments. */
const METHODS = new Set([
  'legalMoves', 'play', 'status', 'score', 'parseGame', 'formatGame', 'playerMove', 'perft',
  'evaluate', 'setTableSize', 'clearTable', 'cliUsage', 'search', 'analyze',
]);

const isNode = typeof process !== 'undefined' && process.versions?.node != null &&
  typeof WorkerGlobalScope === 'undefined';

/** Node modules, hidden from bundlers that would try to resolve them for browsers. */
const nodeModule = (name) => import(/* webpackIgnore: true */ /* @vite-ignore */ name);

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
  if (error instanceof Error) return { name: error.name, message: error.message };
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

async function initialize(message, post) {
  try {
    await loadEngine(message.wasm);
    if (message.tableMb !== undefined) engine.setTableSize(message.tableMb);
    stopFlag = message.stop ? new Int32Array(message.stop) : null;
    post({ type: 'ready' });
  } catch (error) {
    post({ type: 'init-failed', error: errorData(error) });
  }
}

function run(message, post) {
  const { id, method, args } = message;
  if (!METHODS.has(method) && method !== 'crashForTests') {
    post({ type: 'error', id, error: { name: 'TypeError', message: `worker: unknown method '${method}'` } });
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
      engine.__crashForTests(); // a real panic in the test build, for the tests of crash recovery
    } else {
      value = engine[method](...args);
    }
    post({ type: 'result', id, value });
  } catch (error) {
    if (error instanceof WebAssembly.RuntimeError) {
      // A trap (a panic or running out of memory): the module cannot be used again.
      crashed = true;
      const panic = panicSummary();
      post({ type: 'crash', message: panic ? `the engine panicked: ${panic}` : `the engine trapped: ${error.message}` });
      return;
    }
    post({ type: 'error', id, error: errorData(error) });
  }
}

function handle(message, post) {
  if (crashed) return;
  if (message?.type === 'init') initialize(message, post);
  else if (message?.type === 'call') run(message, post);
}

// No top-level await here: Vite bundles workers as classic scripts by default
// (worker.format 'iife'), which cannot have one.
if (isNode) {
  nodeModule('node:worker_threads').then(({ parentPort }) => {
    const post = (message) => parentPort.postMessage(message);
    parentPort.on('message', (message) => handle(message, post));
    post({ type: 'listening' });
  });
} else {
  const post = (message) => self.postMessage(message);
  self.addEventListener('message', (event) => handle(event.data, post));
  post({ type: 'listening' });
}
