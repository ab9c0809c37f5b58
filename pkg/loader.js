// The engine's build in use and how a build is loaded: the wasm is compiled
// from what the caller gave (a URL, a path, a Response, bytes or a module),
// checked to be this engine's, and started with its glue. The direct API
// (./index.js) starts the single-thread build (./wasm/) and ./threaded.js
// the threaded one (./wasm-threads/), each giving its own glue: this module
// names neither build, so that a bundler emits only the builds an app's
// modules name (the direct API alone: the single-thread one alone).
import {
  ERROR_CODES, argumentError, codedError, describe, engineError, thrownText,
} from './errors.js';

/** The glue of the build in use (its exports are the engine's functions), once one is loaded. */
/** @type {any} */
let glue = null;
/** The module's raw exports (the test hook of the package's test build is one). */
let wasmExports = null;
/** The compiled module of the build in use (handed to the client, which passes it to a new worker). */
let loadedModule = null;

export const isNode = typeof process !== 'undefined' && process.versions != null && process.versions.node != null;

/** Whether a build is loaded. */
export function isLoaded() {
  return glue !== null;
}

/** Throws the error of a call made before a build is loaded. */
export function checkReady(name) {
  if (glue === null) throw codedError(`${name}: the engine is not loaded; await init() first`, ERROR_CODES.NOT_LOADED);
}

/**
 * The engine's functions as the direct API calls them: those of the build
 * in use, whose errors become the package's (errors.js: class and code).
 */
/** @type {any} */
export const engine = new Proxy({}, {
  get(_, name) {
    const method = glue?.[name];
    if (typeof method !== 'function') return method;
    return (...args) => {
      try {
        return method(...args);
      } catch (error) {
        throw engineError(error);
      }
    };
  },
});

/** The compiled `WebAssembly.Module` of the build in use, or null. */
export function compiledModule() {
  return loadedModule;
}

/** The raw exports of the build in use, or null. */
export function loadedExports() {
  return wasmExports;
}

/**
 * Starts `build` (a build's glue: its default export instantiates) on the
 * compiled `module` and makes it the build in use; returns its raw exports.
 */
export async function start(build, module) {
  const exports = await build.default({ module_or_path: module });
  glue = build;
  wasmExports = exports;
  loadedModule = module;
  return exports;
}

/** `start`, synchronously (`build.initSync`). */
export function startSync(build, module) {
  const exports = build.initSync({ module });
  glue = build;
  wasmExports = exports;
  loadedModule = module;
  return exports;
}

/**
 * Whether `value` names a file on this machine: under Node, a `file:` URL
 * (string or `URL`) or a path (a string that is not a URL with a scheme
 * such as `https:`; `C:\\...` is a Windows path, not a scheme).
 */
function isLocalFile(value) {
  if (!isNode) return false;
  if (value instanceof URL) return value.protocol === 'file:';
  return typeof value === 'string' && (/^file:/i.test(value) || !/^[a-z][a-z0-9+.-]+:/i.test(value));
}

/** A `WebAssembly.Module` from what a loader was given: a URL or path, a `Response` (or a promise of one), bytes or a module. */
export async function compileSource(source) {
  let value = await source;
  if (isLocalFile(value)) {
    const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ 'node:fs/promises');
    value = await readFile(typeof value === 'string' && /^file:/i.test(value) ? new URL(value) : value);
  } else if (typeof value === 'string' || value instanceof URL) {
    value = await fetch(value);
  }
  if (typeof Response === 'function' && value instanceof Response) {
    if (!value.ok) {
      throw codedError(`failed to fetch the .wasm: ${value.status} ${value.statusText} (${value.url})`, ERROR_CODES.LOAD);
    }
    if (typeof WebAssembly.compileStreaming === 'function') {
      try {
        return await WebAssembly.compileStreaming(value.clone());
      } catch {
        // Served without the application/wasm type: compile the bytes instead.
      }
    }
    value = await value.arrayBuffer();
  }
  if (value instanceof WebAssembly.Module) return value;
  if (!(value instanceof ArrayBuffer || ArrayBuffer.isView(value))) {
    throw argumentError(`expected a URL, a path, a Response, the .wasm bytes or a WebAssembly.Module, got ${describe(value)}`);
  }
  return WebAssembly.compile(/** @type {BufferSource} */ (value));
}

/**
 * The bytes of a data file from what a loader was given: a URL or path
 * (read from disk under Node when it names a file, fetched otherwise), a
 * `Response` (or a promise of one), or bytes.
 * @param {unknown} source
 * @param {string} what the file, as a failure names it
 * @returns {Promise<Uint8Array>}
 */
export async function readBytes(source, what) {
  let value = await source;
  if (isLocalFile(value)) {
    const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ 'node:fs/promises');
    return readFile(typeof value === 'string' && /^file:/i.test(value) ? new URL(value) : /** @type {any} */ (value));
  }
  if (typeof value === 'string' || value instanceof URL) value = await fetch(value);
  if (typeof Response === 'function' && value instanceof Response) {
    if (!value.ok) throw codedError(`failed to fetch ${what}: ${value.status} ${value.statusText} (${value.url})`, ERROR_CODES.LOAD);
    return new Uint8Array(await value.arrayBuffer());
  }
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  throw argumentError(`expected a URL, a path, a Response or the bytes of ${what}, got ${describe(value)}`);
}

/**
 * Refuses a module that is not this engine before the glue takes it: the
 * glue keeps the first module it instantiates, even one it then fails to
 * start, and would never load the engine afterwards.
 */
export function checkModule(name, module) {
  const exported = new Set(WebAssembly.Module.exports(module).map((entry) => entry.name));
  const missing = ['memory', '__wbindgen_start', 'legalMoves', 'search', 'runCli'].filter((entry) => !exported.has(entry));
  if (missing.length > 0) {
    throw codedError(`${name}: not the engine's .wasm (it exports no ${missing.join(', ')})`, ERROR_CODES.LOAD);
  }
}

/** A failure to load the engine as an Error that names the function (the caller's promise may reject with anything). */
export function loadError(name, error) {
  return codedError(`${name}: the engine could not be loaded: ${thrownText(error)}`, ERROR_CODES.LOAD, { cause: error });
}
