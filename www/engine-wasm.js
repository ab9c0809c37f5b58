// The engine's WebAssembly module, loaded once: compiled and run here for
// the rules, handed compiled to the worker for the search.
import { init } from './pkg/index.js';
import { initThreaded } from './pkg/threaded.js';

/**
 * The threaded build where the page may use it: shared memory needs a
 * cross-origin isolated page (www/serve.mjs sends the headers), and one
 * core has nothing to share out. Elsewhere the single-thread build. sw.js
 * repeats this rule (PAGE_WASM) to cache this build alone at install: it is
 * a classic worker, which cannot import it (module service workers need
 * Firefox 147); change both together.
 */
const THREADED = globalThis.crossOriginIsolated === true && (navigator.hardwareConcurrency ?? 1) > 1;

/**
 * Loads the engine's wasm once: compiled and run here for the rules, handed
 * compiled to the worker for the search. The threaded build when THREADED
 * (the rules here never wait on another thread), else the single-thread one.
 * @returns {Promise<{ wasm: WebAssembly.Module } | { wasmThreads: WebAssembly.Module }>} the engine's options
 */
export async function loadEngine() {
  if (THREADED) {
    try {
      const module = await compileWasm(new URL('./pkg/wasm-threads/othello_bg.wasm', import.meta.url));
      await initThreaded(module);
      return { wasmThreads: module };
    } catch (error) {
      console.warn(`threads unavailable, searching on one: ${error.message}`);
    }
  }
  const module = await compileWasm(new URL('./pkg/wasm/othello_bg.wasm', import.meta.url));
  await init(module);
  return { wasm: module };
}

/**
 * The wasm module at `url`, compiled while it downloads where the server allows.
 * @param {URL} url
 * @returns {Promise<WebAssembly.Module>}
 */
async function compileWasm(url) {
  try {
    return await WebAssembly.compileStreaming(fetch(url));
  } catch {
    // A server that sends the wasm with another content type.
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url.pathname}: ${response.status} ${response.statusText}`);
    return WebAssembly.compile(await response.arrayBuffer());
  }
}
