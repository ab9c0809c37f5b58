// The threaded build's start, for a worker that runs the engine on several
// threads (the package's own worker, ./worker.js, which EngineClient
// starts): a module of its own, so that an app of the direct API alone
// (./index.js) never names the threaded build and a bundler emits none of
// it there. Once it is loaded, the direct API's functions run on it.
import { ERROR_CODES, codedError } from './errors.js';
import {
  checkModule, compileSource, isLoaded, isNode, loadError, start,
} from './loader.js';

/**
 * Loads the threaded build (./wasm-threads/: atomics and a shared memory)
 * from `source` (as for `init`; by default the `.wasm` in ./wasm-threads/)
 * instead of the single-thread one, and returns its compiled module and its
 * shared `WebAssembly.Memory`. Searches still use one thread until pool
 * workers (./pool-worker.js, given the compiled module and that memory)
 * have joined and `setThreads` asks for more. The threads wait with
 * `Atomics.wait`, which a page's main thread may not do: search on threads
 * in a worker. EngineClient does all of this itself (its `threads` option).
 */
export async function initThreaded(source) {
  if (isLoaded()) throw codedError('initThreaded: the engine is already loaded', ERROR_CODES.LOAD);
  if (typeof SharedArrayBuffer !== 'function') {
    throw codedError('initThreaded: no SharedArrayBuffer here (a page must be cross-origin isolated)', ERROR_CODES.LOAD);
  }
  let module;
  try {
    if (source === undefined) {
      // Next to this file: read from disk under Node (fetch cannot read files), fetched in a browser.
      const url = new URL('./wasm-threads/othello_bg.wasm', import.meta.url);
      const { readFile } = isNode ? await import(/* webpackIgnore: true */ /* @vite-ignore */ 'node:fs/promises') : {};
      source = isNode ? await readFile(url) : url;
    }
    module = await compileSource(source);
  } catch (error) {
    throw loadError('initThreaded', error);
  }
  checkModule('initThreaded', module);
  const imports = WebAssembly.Module.imports(module);
  if (!imports.some((entry) => entry.kind === 'memory')) {
    throw codedError('initThreaded: not the threaded build of the engine (it imports no shared memory)', ERROR_CODES.LOAD);
  }
  const glue = await import('./wasm-threads/othello.js');
  if (isLoaded()) throw codedError('initThreaded: the engine is already loaded', ERROR_CODES.LOAD);
  const exports = await start(glue, module);
  return { module, memory: exports.memory };
}
