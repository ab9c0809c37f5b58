// The errors the package throws, in the direct API and the worker client
// alike: the built-in classes, chosen by one rule (TypeError: an argument or
// option of the wrong type, or an unknown option; RangeError: a number out
// of its range, as an argument or as a limit; Error: anything else), each
// with a stable `code` that says what went wrong, so that a program tells
// bad input from an engine failure without reading the message.

/** The codes, by what they mean. */
export const ERROR_CODES = Object.freeze({
  /** An argument or option of the wrong type, or an option the function does not take (TypeError). */
  ARGUMENT: 'ERR_OTHELLO_ARGUMENT',
  /** A number outside its range, as an argument or a limit (RangeError). */
  RANGE: 'ERR_OTHELLO_RANGE',
  /**
   * A position, transcript, OBF line or GGF record that cannot be read (or
   * plays an illegal move), or a game that cannot be written in the
   * notation asked for (a transcript of a game from another start).
   */
  NOTATION: 'ERR_OTHELLO_NOTATION',
  /** A move that is not legal in the position, or not a square. */
  ILLEGAL_MOVE: 'ERR_OTHELLO_ILLEGAL_MOVE',
  /** Search limits the engine refuses (other than a number out of range). */
  LIMITS: 'ERR_OTHELLO_LIMITS',
  /** A player spec (`playerMove`) the engine does not know. */
  PLAYER: 'ERR_OTHELLO_PLAYER',
  /** A function called before `init()` finished. */
  NOT_LOADED: 'ERR_OTHELLO_NOT_LOADED',
  /** The `.wasm` or the explorer's index could not be loaded, or is not this engine's. */
  LOAD: 'ERR_OTHELLO_LOAD',
  /** A request ended by `abort()` (a request's `signal` rejects with the signal's own reason). */
  ABORTED: 'ERR_OTHELLO_ABORTED',
  /** A request that took longer than its `timeoutMs`. */
  TIMEOUT: 'ERR_OTHELLO_TIMEOUT',
  /** The engine's worker crashed (a panic, a trap, an exit). */
  CRASHED: 'ERR_OTHELLO_CRASHED',
  /** The client was terminated while the request was pending. */
  TERMINATED: 'ERR_OTHELLO_TERMINATED',
  /** Any other failure the engine reports (e.g. a table too large for the memory). */
  ENGINE: 'ERR_OTHELLO_ENGINE',
});

/** @type {Set<string>} */
const CODES = new Set(Object.values(ERROR_CODES));

/** Whether `error` is one of the package's errors (it has one of the codes); false for anything that cannot be read. */
export function isOthelloError(error) {
  try {
    return error instanceof Error && CODES.has(/** @type {{ code?: any }} */ (error).code);
  } catch {
    // A Proxy whose traps throw is none of the package's errors.
    return false;
  }
}

/** Gives `error` the `code` (an own, enumerable property); returns it. */
export function withCode(error, code) {
  try {
    Object.defineProperty(error, 'code', { value: code, enumerable: true, configurable: true, writable: true });
  } catch {
    // A frozen object thrown by someone else: left as it is.
  }
  return error;
}

/** A TypeError with code ERR_OTHELLO_ARGUMENT. */
export function argumentError(message, options) {
  return withCode(new TypeError(message, options), ERROR_CODES.ARGUMENT);
}

/** A RangeError with code ERR_OTHELLO_RANGE. */
export function rangeError(message, options) {
  return withCode(new RangeError(message, options), ERROR_CODES.RANGE);
}

/** An Error with `code`. */
export function codedError(message, code, options) {
  return withCode(new Error(message, options), code);
}

/** A value as error messages name it: `null`, `an array`, or its type. */
export function describe(value) {
  if (value === null) return 'null';
  try {
    if (Array.isArray(value)) return 'an array';
  } catch {
    // A revoked Proxy.
  }
  return typeof value;
}

/** What a thrown value says: an Error's message, a string, or its type. Never throws. */
export function thrownText(value) {
  try {
    if (value instanceof Error && typeof value.message === 'string' && value.message !== '') return value.message;
  } catch {
    // A Proxy or a message getter that throws.
  }
  return typeof value === 'string' && value !== '' ? value : `a thrown ${describe(value)}`;
}

/**
 * The error a call into the engine (the wasm) threw, as one of the
 * package's. The engine's own errors come with their class and code, which
 * the wasm boundary sets from the type of the Rust error (the messages are
 * not read), and are returned as they are; anything else (a trap, an error
 * of the glue) gets the code of its class: ERR_OTHELLO_ARGUMENT for a
 * TypeError, ERR_OTHELLO_RANGE for a RangeError, ERR_OTHELLO_ENGINE for the
 * rest.
 */
export function engineError(error) {
  if (!(error instanceof Error)) return codedError(String(error), ERROR_CODES.ENGINE);
  const known = /** @type {{ code?: unknown }} */ (error).code;
  if (typeof known === 'string' && CODES.has(known)) return error;
  if (error instanceof TypeError) return withCode(error, ERROR_CODES.ARGUMENT);
  if (error instanceof RangeError) return withCode(error, ERROR_CODES.RANGE);
  return withCode(error, ERROR_CODES.ENGINE);
}
