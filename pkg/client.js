// The asynchronous engine: the direct API (./index.js) run in a worker
// (./worker.js), one promise per request, answered in order. Works with Web
// Workers in browsers and with worker_threads under Node.

import {
  ERROR_CODES, argumentError, codedError, describe, engineError, rangeError, thrownText, withCode,
} from './errors.js';
import { DEPTHS, DEPTHS_96, TABLE_MB, THREADS } from './limits.js';
import { onOtherOrigin, workerFromOtherOrigin } from './other-origin.js';

export { ERROR_CODES, isOthelloError } from './errors.js';

const SEARCHES = new Set(['search', 'analyze']);

const isNode = typeof process !== 'undefined' && process.versions?.node != null &&
  typeof Worker === 'undefined';

/** The worker script, next to this file, named in a variable so that bundlers copy no raw worker.js (see spawn). */
const WORKER_FILE = './worker.js';

/** Node modules, hidden from bundlers that would try to resolve them for browsers. */
const nodeModule = (name) => import(/* webpackIgnore: true */ /* @vite-ignore */ name);

/** CustomEvent, also on Node versions that lack it. */
const DetailEvent = typeof CustomEvent === 'function'
  ? CustomEvent
  : class extends Event {
    constructor(type, init = {}) {
      super(type, init);
      this.detail = init.detail ?? null;
    }
  };

/** `value instanceof Kind`, false where asking throws (a Proxy whose getPrototypeOf trap throws). */
function isInstance(value, Kind) {
  try {
    return value instanceof Kind;
  } catch {
    return false;
  }
}

/** Reads the caller's options with `read`; what their getters or Proxy traps throw becomes a TypeError. */
function readOptions(name, read) {
  try {
    return read();
  } catch (error) {
    throw argumentError(`${name}: options could not be read: ${thrownText(error)}`, { cause: error });
  }
}

function checkTimeout(name, value) {
  if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value > 0)) {
    throw rangeError(`${name}: timeoutMs must be a positive number of milliseconds, got ${
      typeof value === 'number' ? value : describe(value)}`);
  }
}

/** An Error of the kind the worker reported (TypeError, RangeError or Error), with its message. */
function rebuildError(data) {
  const Kind = { TypeError, RangeError }[data.name] ?? Error;
  const error = new Kind(data.message);
  if (error.name !== data.name) error.name = data.name;
  return typeof data.code === 'string' ? withCode(error, data.code) : engineError(error);
}

/** The wasm option as something a worker message can carry. */
function wasmForWorker(wasm, option = 'wasm') {
  if (wasm === undefined) return undefined;
  if (isInstance(wasm, URL)) return wasm.href;
  if (typeof wasm === 'string') {
    // A relative URL means relative to the page, not to the worker script.
    const base = globalThis.document?.baseURI ?? globalThis.location?.href;
    return base && !isNode ? new URL(wasm, base).href : wasm;
  }
  if (isInstance(wasm, WebAssembly.Module) || isInstance(wasm, ArrayBuffer) || ArrayBuffer.isView(wasm)) {
    return wasm;
  }
  throw argumentError(`EngineClient: ${option} must be a URL, a path, the .wasm bytes or a WebAssembly.Module, got ${describe(wasm)}`);
}

/** The Error an aborted request rejects with. */
function abortError(request) {
  const error = codedError(`${request.method}: aborted`, ERROR_CODES.ABORTED);
  error.name = 'AbortError';
  return error;
}

/** Why a request given an aborted `signal` rejects: the signal's reason, else an AbortError. */
function signalReason(request, signal) {
  return signal.reason !== undefined ? signal.reason : abortError(request);
}

/** Whether `value` is an AbortSignal (or behaves as one: `aborted` and addEventListener). */
function isSignal(value) {
  return value !== null && typeof value === 'object' && typeof value.aborted === 'boolean'
    && typeof value.addEventListener === 'function' && typeof value.removeEventListener === 'function';
}

/** The longest delay setTimeout keeps (it fires a longer one at once). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Calls `fn` after `ms` milliseconds, also beyond MAX_TIMER_MS; `owner.timer` is the timer to clear. */
function startTimer(owner, ms, fn) {
  if (ms <= MAX_TIMER_MS) {
    owner.timer = setTimeout(fn, ms);
    return;
  }
  owner.timer = setTimeout(() => startTimer(owner, ms - MAX_TIMER_MS, fn), MAX_TIMER_MS);
}

/** Shortest time given to the search again after a stop() that replaced the worker. */
const BEST_SO_FAR_MIN_MS = 250;

/**
 * The limits that search a stopped request again to the point it had
 * reached (its last progress `report`, if any): the original limits with
 * the depth and confidence of the last completed iteration (a `level`
 * becomes those two; no solve unless one had finished), and at most twice
 * the time it had taken (at least BEST_SO_FAR_MIN_MS, never more than its
 * own `timeMs`). Without a report: depth 1. A search on a game clock (it
 * has no report yet, or it would have resolved with it) keeps its limits on
 * a clock of at most BEST_SO_FAR_MIN_MS: the time manager answers at once.
 * @param {Record<string, any>} [limits]
 * @param {Record<string, any>} [report]
 * @returns {Record<string, any>}
 */
function bestSoFarLimits(limits = {}, report = undefined) {
  const { level, exact, wld, depth, confidence, timeMs, ...kept } = limits;
  const clock = limits.clock;
  if (clock !== null && typeof clock === 'object' && typeof clock.remainingMs === 'number') {
    const remainingMs = Math.min(clock.remainingMs, BEST_SO_FAR_MIN_MS);
    return { ...limits, clock: { ...clock, remainingMs } };
  }
  const again = { ...kept };
  if (report?.kind === 'exact' || report?.kind === 'wld') {
    again[report.kind] = true;
  } else {
    again.depth = Math.max(1, Math.min(report?.depth ?? 1, depth ?? DEPTHS.max));
    const reached = report?.confidence ?? confidence;
    if (reached !== undefined && reached < 100) again.confidence = reached;
  }
  const spent = 2 * (report?.elapsedMs ?? 0);
  again.timeMs = Math.min(timeMs ?? Infinity, Math.max(BEST_SO_FAR_MIN_MS, spent));
  return again;
}

/** The arguments of a rules function, with its options when given (undefined stays the 8x8 call). */
function withOptions(args, options) {
  return options === undefined ? args : [...args, options];
}

/**
 * bestSoFarLimits for the 96-square board (`limits.board` 96), whose
 * limits are depth, nodes, timeMs, algorithm, evaluation and clock (an
 * analysis: depth and evaluation). A search on a clock keeps its limits on
 * a clock of at most BEST_SO_FAR_MIN_MS; another search (stopped before its
 * first report: none had completed depth 1) searches depth 1; an analysis
 * is done again at depth 1 (every move at once; an exact one solves again).
 */
function bestSoFarLimits96(method, limits, report) {
  const clock = limits.clock;
  if (clock !== null && typeof clock === 'object' && typeof clock.remainingMs === 'number') {
    return { ...limits, clock: { ...clock, remainingMs: Math.min(clock.remainingMs, BEST_SO_FAR_MIN_MS) } };
  }
  if (method === 'analyze') {
    const { board, evaluation } = limits;
    return evaluation === undefined ? { board, depth: 1 } : { board, evaluation, depth: 1 };
  }
  const { depth, timeMs, ...kept } = limits;
  const spent = 2 * (report?.elapsedMs ?? 0);
  return {
    ...kept,
    depth: Math.max(1, Math.min(report?.depth ?? 1, depth ?? DEPTHS_96.max)),
    timeMs: Math.min(timeMs ?? Infinity, Math.max(BEST_SO_FAR_MIN_MS, spent)),
  };
}

/** A Web Worker or a worker_threads Worker behind one small interface. */
async function spawn(workerUrl, handlers) {
  if (!isNode) {
    const url = workerUrl === undefined ? null : new URL(workerUrl, globalThis.location?.href);
    const worker = url !== null ? (onOtherOrigin(url.href) ? workerFromOtherOrigin(url) : new Worker(url, { type: 'module' }))
      // The package on another origin (a CDN): a name in a variable, so that bundlers copy no raw worker.js.
      : onOtherOrigin(import.meta.url) ? workerFromOtherOrigin(new URL(WORKER_FILE, import.meta.url))
      // Written out so that bundlers find the worker and bundle it.
        : new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event) => handlers.message(event.data));
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      const where = event.filename ? ` (${event.filename}:${event.lineno})` : '';
      handlers.crash(event.message
        ? `the worker failed: ${event.message}${where}`
        : 'the worker failed to start (its script could not be loaded or threw an error)');
    });
    worker.addEventListener('messageerror', () => handlers.crash('a message from the worker could not be read'));
    return {
      post: (message, transfer) => worker.postMessage(message, transfer ?? []),
      terminate: () => worker.terminate(),
      hold: () => {},
      release: () => {},
    };
  }
  const { Worker: NodeWorker } = await nodeModule('node:worker_threads');
  // A name in a variable, so that bundlers (which bundle the browser's worker above) copy no raw worker.js for it.
  const url = workerUrl ?? new URL(WORKER_FILE, import.meta.url);
  // Node's flags of this process, less those that only mean something for its own entry point
  // (`--input-type` under `node -e` makes a worker started from a file fail).
  const execArgv = process.execArgv.filter((flag, index, all) => !flag.startsWith('--input-type')
    && !(index > 0 && all[index - 1] === '--input-type'));
  const worker = new NodeWorker(typeof url === 'string' && url.startsWith('file:') ? new URL(url) : url, { execArgv });
  let ended = false;
  worker.on('message', (message) => handlers.message(message));
  worker.on('error', (error) => {
    ended = true;
    handlers.crash(`the worker failed: ${error?.message ?? String(error)}`);
  });
  worker.on('messageerror', () => handlers.crash('a message from the worker could not be read'));
  worker.on('exit', (code) => {
    if (!ended) handlers.crash(`the worker exited with code ${code}`);
  });
  return {
    post: (message, transfer) => worker.postMessage(message, transfer ?? []),
    terminate: () => {
      ended = true;
      worker.terminate();
    },
    // An idle worker does not keep the Node process alive.
    hold: () => worker.ref(),
    release: () => worker.unref(),
  };
}

/**
 * The engine in a worker. See client.d.ts for the documentation of every
 * method; the results are those of the direct API in ./index.js.
 */
export class EngineClient extends EventTarget {
  #wasm;
  #workerUrl;
  #timeoutMs;
  #tableMb;
  #threads;
  #wasmThreads;
  #inUse = null;
  #sharedStop;
  #flag = null;
  #worker = null;
  #queue = [];
  #running = null;
  #nextId = 1;
  #localRules;
  /** The direct API in this thread for the rules (a promise; null inside when it cannot be loaded), once asked. */
  #local = null;

  /** @param {Record<string, any>} [options] */
  constructor(options = {}) {
    super();
    if (options === null || typeof options !== 'object') {
      throw argumentError(`EngineClient: options must be an object, got ${describe(options)}`);
    }
    const {
      wasm, wasmThreads, threads, worker, timeoutMs, tableMb, sharedStop, localRules, unknown,
    } = readOptions('EngineClient', () => {
      const {
        wasm: w, wasmThreads: wt, threads: n, worker: k, timeoutMs: t, tableMb: m, sharedStop: s, localRules: l, ...rest
      } = options;
      return {
        wasm: w, wasmThreads: wt, threads: n, worker: k, timeoutMs: t, tableMb: m, sharedStop: s, localRules: l,
        unknown: Object.keys(rest),
      };
    });
    if (unknown.length > 0) {
      throw argumentError(`EngineClient: unknown option '${unknown[0]}' (expected wasm, wasmThreads, threads, worker, timeoutMs, tableMb, sharedStop or localRules)`);
    }
    if (localRules !== undefined && typeof localRules !== 'boolean') {
      throw argumentError(`EngineClient: localRules must be true or false, got ${describe(localRules)}`);
    }
    this.#localRules = localRules ?? true;
    this.#wasm = wasmForWorker(wasm);
    this.#wasmThreads = wasmForWorker(wasmThreads, 'wasmThreads');
    if (threads !== undefined && !(Number.isInteger(threads) && threads >= THREADS.min && threads <= THREADS.max)) {
      throw rangeError(`EngineClient: threads must be a whole number from ${THREADS.min} to ${THREADS.max}, got ${
        typeof threads === 'number' ? threads : describe(threads)}`);
    }
    this.#threads = threads;
    if (worker !== undefined && typeof worker !== 'string' && !isInstance(worker, URL)) {
      throw argumentError(`EngineClient: worker must be a URL or a path, got ${describe(worker)}`);
    }
    this.#workerUrl = worker;
    checkTimeout('EngineClient', timeoutMs);
    this.#timeoutMs = timeoutMs;
    if (tableMb !== undefined && !(Number.isInteger(tableMb) && tableMb >= TABLE_MB.min && tableMb <= TABLE_MB.max)) {
      throw rangeError(`EngineClient: tableMb must be a whole number of MiB from ${TABLE_MB.min} to ${TABLE_MB.max}, got ${
        typeof tableMb === 'number' ? tableMb : describe(tableMb)}`);
    }
    this.#tableMb = tableMb;
    if (sharedStop !== undefined && typeof sharedStop !== 'boolean') {
      throw argumentError(`EngineClient: sharedStop must be true or false, got ${describe(sharedStop)}`);
    }
    const canShare = typeof SharedArrayBuffer === 'function' &&
      (isNode || globalThis.crossOriginIsolated === true);
    if (sharedStop === true && !canShare) {
      throw argumentError('EngineClient: sharedStop needs SharedArrayBuffer (a cross-origin isolated page)');
    }
    this.#sharedStop = sharedStop ?? canShare;
  }

  /**
   * The threads the engine's worker searches on, once it has started (null
   * before): `{ threads, build, note }`, with `build` 'threaded' or 'single'
   * and `note` saying why fewer threads than asked for (or null).
   */
  get threads() {
    return this.#inUse;
  }

  /**
   * Starts the worker if none runs and resolves, once it has loaded the
   * engine, with the threads it searches on (see `threads`); rejects when
   * it cannot start. The first search needs no call to it.
   */
  ready() {
    const current = this.#ensureWorker();
    return current.ready.then(() => {
      // Idle, the worker does not keep Node running.
      if (this.#running === null && this.#worker === current) current.handle.then((worker) => worker.release());
      return this.#inUse;
    });
  }

  /** How stop() works in this client: `'flag'` (shared memory) or `'terminate'`. */
  get stopMode() {
    return this.#sharedStop ? 'flag' : 'terminate';
  }

  // The rules functions take the direct API's optional last argument, `{ board: 96 }`, and are
  // answered in this thread (see #rules), never behind a search.
  legalMoves(position, options) { return this.#rules('legalMoves', withOptions([position], options)); }
  play(position, move, options) { return this.#rules('play', withOptions([position, move], options)); }
  status(position, options) { return this.#rules('status', withOptions([position], options)); }
  score(position, options) { return this.#rules('score', withOptions([position], options)); }
  parseGame(text, options) { return this.#rules('parseGame', withOptions([text], options)); }
  formatGame(text, format, tags) { return this.#rules('formatGame', [text, format, tags]); }
  // A lookup in the explorer's index, answered in this thread too (the index loaded there on first use).
  explore(position, options) { return this.#rules('explore', withOptions([position], options)); }
  playerMove(spec, position, seed = 0) { return this.#request('playerMove', [spec, position, seed]); }
  perft(depth, options = {}) { return this.#request('perft', [depth, options]); }
  evaluate(position, evaluation) { return this.#request('evaluate', evaluation === undefined ? [position] : [position, evaluation]); }
  setTableSize(megabytes) { return this.#request('setTableSize', [megabytes]); }
  clearTable() { return this.#request('clearTable', []); }
  cliUsage() { return this.#request('cliUsage', []); }

  search(position, limits = {}, options = {}) {
    return this.#request('search', [position, limits], options);
  }

  analyze(position, limits = {}, options = {}) {
    return this.#request('analyze', [position, limits], options);
  }

  /**
   * Ends the running search or analysis with its best result so far; resolves
   * once its promise has settled. Other requests are not affected.
   */
  stop() {
    const request = this.#running;
    if (request === null || !SEARCHES.has(request.method)) return Promise.resolve();
    if (!request.stopRequested) {
      request.stopRequested = true;
      if (this.#sharedStop) {
        if (request.posted) Atomics.store(this.#flag, 0, 1);
      } else {
        this.#stopByRestarting(request);
      }
    }
    return request.done;
  }

  /**
   * Ends the running search or analysis without a result: its promise rejects
   * with an Error named 'AbortError'. Resolves once it has settled. Other
   * requests are not affected.
   */
  abort() {
    const request = this.#running;
    if (request === null || !SEARCHES.has(request.method)) return Promise.resolve();
    if (!request.aborted) {
      request.aborted = true;
      if (!request.posted) {
        // Still waiting for its worker: it is never sent.
        this.#settle(request, () => request.reject(abortError(request)));
      } else if (this.#sharedStop) {
        // The search stops at the flag within milliseconds and keeps its table; its answer is dropped.
        Atomics.store(this.#flag, 0, 1);
      } else {
        this.#endWorker();
        this.#settle(request, () => request.reject(abortError(request)));
      }
    }
    return request.done;
  }

  /** Rejects every pending request and ends the worker; a later request starts a new one. */
  terminate() {
    this.#endWorker();
    this.#rejectAll((request) => `${request.method}: the engine client was terminated`, ERROR_CODES.TERMINATED);
  }

  /** Panics inside the worker's wasm module (for the tests of crash recovery); `'helper-thread'`: in a helper thread. */
  __crashForTests(place) {
    return this.#request('crashForTests', place === undefined ? [] : [place]);
  }

  /**
   * A rules function (legal moves, playing a move, status, score, reading
   * and writing games): answered by the direct API in this thread, loaded
   * on first use from the client's `wasm` (or the package's), so that it
   * never waits behind a search in the worker; by the worker when
   * `localRules` is false or the module cannot be loaded here.
   * @param {string} method
   * @param {unknown[]} args
   */
  #rules(method, args) {
    if (!this.#localRules) return this.#request(method, args);
    this.#local ??= import('./index.js').then(async (api) => {
      await api.init(this.#wasm);
      return api;
    }).catch(() => null);
    return this.#local.then((api) => (api === null ? this.#request(method, args) : api[method](...args)));
  }

  /**
   * @param {string} method
   * @param {unknown[]} args
   * @param {Record<string, any>} [options]
   */
  #request(method, args, options = {}) {
    let request;
    const promise = new Promise((resolve, reject) => {
      request = { id: this.#nextId++, method, args, resolve, reject, posted: false };
    });
    request.done = promise.then(() => {}, () => {});
    try {
      if (options === null || typeof options !== 'object') {
        throw argumentError(`${method}: options must be an object, got ${describe(options)}`);
      }
      const { onProgress, timeoutMs, signal, unknown } = readOptions(method, () => {
        const { onProgress: progress, timeoutMs: ms, signal: given, ...rest } = options;
        return { onProgress: progress, timeoutMs: ms, signal: given, unknown: Object.keys(rest) };
      });
      if (unknown.length > 0) {
        throw argumentError(`${method}: unknown option '${unknown[0]}' (expected onProgress, timeoutMs or signal)`);
      }
      if (onProgress !== undefined && typeof onProgress !== 'function') {
        throw argumentError(`${method}: onProgress must be a function, got ${describe(onProgress)}`);
      }
      if (signal !== undefined && !isSignal(signal)) {
        throw argumentError(`${method}: signal must be an AbortSignal, got ${describe(signal)}`);
      }
      checkTimeout(method, timeoutMs);
      request.onProgress = onProgress;
      request.timeoutMs = timeoutMs ?? this.#timeoutMs;
      if (signal?.aborted) {
        request.reject(signalReason(request, signal));
        return promise;
      }
      if (signal !== undefined) {
        const aborted = () => this.#abortRequest(request, signalReason(request, signal));
        signal.addEventListener('abort', aborted, { once: true });
        request.done.then(() => signal.removeEventListener('abort', aborted));
      }
    } catch (error) {
      request.reject(error);
      return promise;
    }
    this.#queue.push(request);
    this.#pump();
    return promise;
  }

  /**
   * Ends `request` without a result, rejecting it with `reason` (its
   * signal was aborted): a queued request leaves the queue; a running
   * search or analysis stops as with abort(); a running request of another
   * kind (a quick one) rejects when its answer comes. Other requests are
   * not affected.
   */
  #abortRequest(request, reason) {
    if (request.settled) return;
    const queued = this.#queue.indexOf(request);
    if (queued !== -1) {
      this.#queue.splice(queued, 1);
      request.settled = true;
      request.reject(reason);
      return;
    }
    if (this.#running !== request || request.aborted) return;
    request.aborted = true;
    request.abortReason = reason;
    if (!request.posted) {
      this.#settle(request, () => request.reject(reason));
    } else if (SEARCHES.has(request.method) && this.#sharedStop) {
      Atomics.store(this.#flag, 0, 1);
    } else if (SEARCHES.has(request.method)) {
      this.#endWorker();
      this.#settle(request, () => request.reject(reason));
    }
  }

  /** Starts the next request when none is running. */
  #pump() {
    if (this.#running !== null) return;
    const request = this.#queue.shift();
    if (request === undefined) {
      this.#worker?.handle.then((worker) => worker.release(), () => {});
      return;
    }
    this.#running = request;
    if (request.timeoutMs !== undefined) {
      startTimer(request, request.timeoutMs, () => this.#timeOut(request));
    }
    const current = this.#ensureWorker();
    // A worker still starting must keep Node running too (an earlier request may have released it).
    current.handle.then((worker) => worker.hold(), () => {});
    current.ready.then(
      (worker) => this.#post(request, current, worker),
      (error) => {
        if (this.#worker !== current) return;
        this.#endWorker();
        this.#rejectAll((r) => `${r.method}: the engine could not be started: ${error.message}`, ERROR_CODES.LOAD);
      },
    );
  }

  #post(request, current, worker) {
    if (this.#running !== request || this.#worker !== current) return;
    worker.hold();
    if (this.#flag !== null) Atomics.store(this.#flag, 0, request.stopRequested ? 1 : 0);
    try {
      worker.post({ type: 'call', id: request.id, method: request.method, args: request.args });
      request.posted = true;
    } catch (error) {
      this.#settle(request, () => request.reject(argumentError(
        `${request.method}: the arguments cannot be sent to the worker (${thrownText(error)})`, { cause: error })));
    }
  }

  /** The current worker, started if there is none: `{ handle, ready }`, both promises of the worker. */
  #ensureWorker() {
    if (this.#worker !== null) return this.#worker;
    if (this.#sharedStop && this.#flag === null) {
      this.#flag = new Int32Array(new SharedArrayBuffer(4));
    }
    const current = {};
    let readyResolve;
    let readyReject;
    current.ready = new Promise((resolve, reject) => {
      readyResolve = resolve;
      readyReject = reject;
    });
    current.handle = spawn(this.#workerUrl, {
      message: (message) => this.#onMessage(current, message, readyResolve, readyReject),
      crash: (message) => {
        readyReject(codedError(message, ERROR_CODES.CRASHED));
        this.#crash(current, message);
      },
    });
    current.handle.catch((error) => readyReject(error));
    this.#worker = current;
    return current;
  }

  #onMessage(current, message, readyResolve, readyReject) {
    if (this.#worker !== current) return;
    const request = this.#running;
    switch (message?.type) {
      case 'listening':
        current.handle.then((worker) => worker.post({
          type: 'init',
          wasm: this.#wasm,
          wasmThreads: this.#wasmThreads,
          threads: this.#threads,
          tableMb: this.#tableMb,
          stop: this.#flag?.buffer ?? null,
        })).catch((error) => readyReject(codedError(`the wasm cannot be sent to the worker (${thrownText(error)})`, ERROR_CODES.LOAD)));
        break;
      case 'ready':
        // The module the worker compiled: the next worker starts from it (no second download).
        if (isInstance(message.module, WebAssembly.Module)) {
          if (message.build === 'threaded') this.#wasmThreads = message.module;
          else this.#wasm = message.module;
        }
        this.#inUse = { threads: message.threads ?? 1, build: message.build ?? 'single', note: message.note ?? null };
        this.dispatchEvent(new DetailEvent('ready', { detail: this.#inUse }));
        current.handle.then(readyResolve);
        break;
      case 'init-failed':
        readyReject(rebuildError(message.error));
        break;
      case 'progress':
        if (request?.id !== message.id) return;
        request.lastProgress = message.report;
        if (request.onProgress) {
          try {
            request.onProgress(message.report);
          } catch (error) {
            setTimeout(() => { throw error; });
          }
        }
        this.dispatchEvent(new DetailEvent('progress', { detail: message.report }));
        break;
      case 'result':
        if (request?.id !== message.id) return;
        if (request.method === 'setTableSize') this.#tableMb = request.args[0];
        this.#settle(request, () => (request.aborted
          ? request.reject(request.abortReason ?? abortError(request))
          : request.resolve(message.value)));
        break;
      case 'error':
        if (request?.id !== message.id) return;
        this.#settle(request, () => request.reject(request.aborted
          ? request.abortReason ?? abortError(request) : rebuildError(message.error)));
        break;
      case 'crash':
        this.#crash(current, message.message);
        break;
      case 'pool-port':
        this.#hearPool(current, message.port);
        break;
      default:
        break;
    }
  }

  /** Finishes the running request and starts the next one. */
  #settle(request, finish) {
    clearTimeout(request.timer);
    request.settled = true;
    if (this.#running === request) this.#running = null;
    finish();
    this.#pump();
  }

  #timeOut(request) {
    if (this.#running !== request) return;
    // The worker may be deep in a long computation: replace it.
    this.#endWorker();
    const error = codedError(`${request.method}: no answer within ${request.timeoutMs} ms (the worker was restarted)`, ERROR_CODES.TIMEOUT);
    error.name = 'TimeoutError';
    this.#settle(request, () => request.reject(error));
  }

  /**
   * stop() without shared memory: the worker is replaced; a search resolves
   * with its last progress report, an analysis with lines with the lines of
   * its last report. Another analysis (or a search stopped before
   * its first report) is searched again on the new worker with its own
   * limits, lowered to what it had reached (see bestSoFarLimits); that run
   * can be ended by abort() or terminate() like any other.
   */
  #stopByRestarting(request) {
    this.#endWorker();
    const report = request.lastProgress;
    if (request.method === 'search' && report !== undefined && report.best !== undefined) {
      this.#settle(request, () => request.resolve(report));
      return;
    }
    // An analysis with lines reports them all after every iteration: the last ones are its result.
    if (request.method === 'analyze' && Array.isArray(report?.lines) && report.lines.length > 0) {
      this.#settle(request, () => request.resolve(report.lines));
      return;
    }
    clearTimeout(request.timer); // the search again gets the whole timeout
    const limits = request.args[1];
    request.args = [request.args[0], limits?.board === 96
      ? bestSoFarLimits96(request.method, limits, report)
      : bestSoFarLimits(limits, report)];
    request.posted = false;
    request.lastProgress = undefined;
    this.#running = null;
    this.#queue.unshift(request);
    this.#pump();
  }

  /**
   * Listens on a pool worker's port: its crash (a trap in a helper thread)
   * is the engine's crash, reported here because the engine's worker may be
   * waiting for that thread for good.
   */
  #hearPool(current, port) {
    if (port === null || typeof port !== 'object' || typeof port.postMessage !== 'function') return;
    const heard = (data) => {
      if (data?.type === 'crash') this.#crash(current, `${data.message}`);
    };
    if (typeof port.on === 'function') {
      port.on('message', heard);
      port.unref?.(); // the port never keeps Node running
    } else {
      port.onmessage = (event) => heard(event.data);
    }
    (current.ports ??= []).push(port);
  }

  #crash(current, message) {
    if (this.#worker !== current) return;
    this.#endWorker();
    const running = this.#running;
    this.#rejectAll((request) => request === running
      ? `${request.method}: the engine crashed: ${message}`
      : `${request.method}: the engine crashed before this request ran: ${message}`, ERROR_CODES.CRASHED);
    this.dispatchEvent(new DetailEvent('crash', { detail: { message } }));
  }

  #endWorker() {
    const current = this.#worker;
    this.#worker = null;
    for (const port of current?.ports ?? []) port.close();
    current?.handle.then((worker) => worker.terminate(), () => {});
  }

  /** Rejects the running and queued requests with an Error of `code`, its message by `messageFor`. */
  #rejectAll(messageFor, code) {
    const requests = this.#running ? [this.#running, ...this.#queue] : [...this.#queue];
    this.#running = null;
    this.#queue = [];
    for (const request of requests) {
      clearTimeout(request.timer);
      request.settled = true;
      request.reject(codedError(messageFor(request), code));
    }
  }
}
