/**
 * The threaded build's start (`othello-wasm-engine/threaded`), for a worker
 * of your own that searches on several threads. `EngineClient` (its
 * `threads` option) does all of this itself; an app of the direct API
 * alone does not import this module, and a bundler then emits only the
 * single-thread `.wasm`.
 * @module
 */

import type { WasmMemory, WasmModule, WasmSource } from './index.js';

/** What {@link initThreaded} resolves with: what a pool worker needs to join the engine's threads. */
export interface ThreadedBuild {
  /** The threaded build, compiled: post it to each pool worker. */
  module: WasmModule;
  /** The build's shared `WebAssembly.Memory`: post it to each pool worker with the module. */
  memory: WasmMemory;
}

/**
 * Loads the threaded build (`wasm-threads/`: atomics and a shared memory)
 * instead of the single-thread one, from `source` (as for `init`; by
 * default the `.wasm` in `wasm-threads/` next to this module). The direct
 * API's functions then run on it, on one thread until pool workers
 * (`othello-wasm-engine/pool-worker`, each posted `{ module, memory }`) have
 * joined and `setThreads(n)` asks for more. A search on several threads
 * waits with `Atomics.wait`, which a page's main thread may not do: search
 * on threads in a worker.
 *
 * @throws Error with code `ERR_OTHELLO_LOAD` when the engine is already
 *   loaded, when there is no `SharedArrayBuffer` (a page that is not
 *   cross-origin isolated), or when `source` is not the engine's threaded
 *   build.
 */
export function initThreaded(source?: WasmSource): Promise<ThreadedBuild>;
