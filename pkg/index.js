// The engine's JavaScript facade: checks every argument before it reaches the
// wasm module, which answers bad positions and moves with an Error too. It
// loads the single-thread build (./wasm/); a worker that searches on
// threads loads the threaded one with ./threaded.js instead, and the
// functions here then run on it.
import * as single from './wasm/othello.js';
import {
  ERROR_CODES, argumentError, codedError, describe, isOthelloError, rangeError, thrownText,
} from './errors.js';
import {
  checkModule, checkReady, compileSource, engine, isLoaded, loadError, loadedExports, readBytes, start, startSync,
} from './loader.js';
import { PERFT_DEPTHS, SEEDS, THREADS } from './limits.js';
import { isVariationText, mainLine, readVariations, writeVariations } from './variations.js';

export { ERROR_CODES, isOthelloError } from './errors.js';

/**
 * Loads the engine. `source` may be a URL or path string, a `URL`, a
 * `Response`, an `ArrayBuffer`/typed array of the `.wasm` bytes or a
 * compiled `WebAssembly.Module`; by default the `.wasm` next to this file
 * (read from disk under Node, fetched in a browser). Under Node a path or
 * a `file:` URL is read from disk (fetch cannot read files).
 */
export async function init(source) {
  if (isLoaded()) return;
  let module;
  try {
    // By default the .wasm next to this file, by a URL bundlers know (read from disk under Node).
    module = await compileSource(source === undefined ? new URL('./wasm/othello_bg.wasm', import.meta.url) : source);
  } catch (error) {
    throw loadError('init', error);
  }
  checkModule('init', module);
  if (isLoaded()) return;
  await start(single, module);
}

/**
 * The compiled `WebAssembly.Module` of the build loaded, or null: the
 * package's worker hands it to its client, so that a worker started later
 * (after stop() on a page without shared memory, a crash or a timeout)
 * compiles nothing and fetches nothing. @internal
 */
export { compiledModule } from './loader.js';

/** Loads the engine synchronously from `.wasm` bytes or a compiled `WebAssembly.Module`. */
export function initSync(source) {
  if (isLoaded()) return;
  const kind = readArgument('initSync', 'source', () => (source instanceof WebAssembly.Module ? 'module'
    : source instanceof ArrayBuffer || ArrayBuffer.isView(source) ? 'bytes' : null));
  if (kind === null) throw argumentError('initSync: expected the .wasm bytes or a WebAssembly.Module');
  const module = kind === 'module' ? source : new WebAssembly.Module(source);
  checkModule('initSync', module);
  startSync(single, module);
}

/** The pool workers that have joined the threaded build's pool (0 in the single-thread build). @internal */
export function poolWorkers() {
  checkReady('poolWorkers');
  return engine.threadedBuild() ? engine.poolWorkers() : 0;
}

/**
 * Searches and analyses from now on run on `threads` threads (a whole
 * number in THREADS) or on as many as the build has if fewer:
 * the single-thread build has one, the threaded build its pool workers and
 * the calling thread. Returns the threads in use. Searches limited by nodes
 * alone stay on one thread, so that they are reproducible.
 */
export function setThreads(threads) {
  checkReady('setThreads');
  if (typeof threads !== 'number') {
    throw argumentError(`setThreads: threads must be a whole number from ${THREADS.min} to ${THREADS.max}, got ${describe(threads)}`);
  }
  return engine.setThreads(threads);
}

/**
 * Panics inside the wasm module on purpose, for the tests of crash recovery.
 * Only the package's test build (`pkg/wasm-test/`, the engine built with its
 * `test-hooks` feature) has the hook; the shipped module answers with an
 * Error. `place` `'helper-thread'` panics in a helper thread of the threaded
 * build's pool instead (the calling thread then waits for it for good).
 * Not part of the API.
 * @internal
 */
export function __crashForTests(place) {
  checkReady('__crashForTests');
  const exports = loadedExports();
  if (typeof exports?.crashForTests !== 'function') {
    throw codedError('__crashForTests: this build of the engine has no test hooks (load pkg/wasm-test/othello_bg.wasm)', ERROR_CODES.ENGINE);
  }
  // The raw export (the shipped glue does not know it): a number for the place.
  exports.crashForTests(place === 'helper-thread' ? 1 : 0);
}

function checkString(name, what, value) {
  if (typeof value !== 'string') {
    throw argumentError(`${name}: ${what} must be a string, got ${describe(value)}`);
  }
}

/**
 * Reads the caller's object with `read`; an exception its getters or Proxy
 * traps throw becomes a TypeError naming the argument.
 */
function readArgument(name, what, read) {
  try {
    return read();
  } catch (error) {
    throw argumentError(`${name}: ${what} could not be read: ${thrownText(error)}`, { cause: error });
  }
}

/** The boards a call can be for: the 8x8 board (the default) and the 96-square board of the CS 221 report. */
const BOARDS = [8, 96];

/** A value as an error message shows it: a number or string itself, or its type. */
function shown(value) {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return `'${value}'`;
  return describe(value);
}

/**
 * The board `board` names: 8 when undefined. A TypeError for a value that
 * is not a number, a RangeError for a number other than 8 or 96.
 */
function checkBoard(name, board) {
  if (board === undefined || board === 8) return 8;
  if (board === 96) return 96;
  const Kind = typeof board === 'number' ? RangeError : TypeError;
  const message = `${name}: board must be ${BOARDS.join(' or ')}, got ${shown(board)}`;
  throw Kind === RangeError ? rangeError(message) : argumentError(message);
}

/**
 * The board of the rules functions' last argument, `{ board: 8 | 96 }`
 * (optional; 8 when omitted).
 */
function boardOption(name, options) {
  if (options === undefined) return 8;
  if (options === null || typeof options !== 'object' || describe(options) === 'an array') {
    throw argumentError(`${name}: options must be an object such as { board: 96 }, got ${describe(options)}`);
  }
  const [board, unknown] = readArgument(name, 'options', () => {
    const { board: kind, ...rest } = options;
    return [kind, Object.keys(rest)];
  });
  if (unknown.length > 0) throw argumentError(`${name}: unknown option '${unknown[0]}' (expected board)`);
  return checkBoard(name, board);
}

/**
 * The board of a search's limits (`limits.board`, 8 when omitted) and the
 * limits to give the 8x8 engine (without `board`, which it does not know).
 */
function searchBoard(name, limits) {
  if (limits === undefined || limits === null || typeof limits !== 'object' || describe(limits) === 'an array') {
    return [8, limits];
  }
  // Only `board` is read here: the engines read the rest themselves. A
  // board that cannot be read (a getter or Proxy that throws) leaves the
  // limits to the 8x8 engine's reader, which says what could not be read.
  let board;
  try {
    board = limits.board;
  } catch {
    return [8, limits];
  }
  const kind = checkBoard(name, board);
  // The 96-square engine reads the caller's object itself (and checks board again).
  if (kind === 96 || board === undefined) return [kind, limits];
  const rest = readArgument(name, 'limits', () => {
    const { board: eight, ...others } = limits;
    return others;
  });
  return [8, rest];
}

/**
 * Legal moves of a position, in reading order (a1 first). On the 8x8 board
 * (the default) the position is an OBF line, a transcript or a GGF record;
 * with `{ board: 96 }` a 96-square position line or transcript.
 */
export function legalMoves(position, options = undefined) {
  checkReady('legalMoves');
  checkString('legalMoves', 'position', position);
  return engine.legalMoves(position, boardOption('legalMoves', options));
}

/**
 * Plays a move (`"f5"`, or `"pa"` to pass) and returns the new position as a
 * line: an OBF line, or with `{ board: 96 }` a 96-square position line.
 */
export function play(position, move, options = undefined) {
  checkReady('play');
  checkString('play', 'position', position);
  checkString('play', 'move', move);
  return engine.play(position, move, boardOption('play', options));
}

/** Side to move, legal moves, disc counts and whether the side must pass or the game is over. */
export function status(position, options = undefined) {
  checkReady('status');
  checkString('status', 'position', position);
  return engine.status(position, boardOption('status', options));
}

/** Disc counts and score from Black's side (Red's on the 96-square board), raw and with the empties given to the winner. */
export function score(position, options = undefined) {
  checkReady('score');
  checkString('score', 'position', position);
  return engine.score(position, boardOption('score', options));
}

/**
 * Reads a transcript, OBF line or GGF record (a 96-square transcript or
 * position line with `{ board: 96 }`) into start position, moves and final
 * position; variation text (a game with variations and comments, see
 * `parseVariations`) is read as its main line, with the whole `tree`.
 */
export function parseGame(text, options = undefined) {
  checkReady('parseGame');
  checkString('parseGame', 'text', text);
  const board = boardOption('parseGame', options);
  if (isVariationText(text)) return treeGame(readVariations(text, treeRules(board)), board);
  return engine.parseGame(text, board);
}

/**
 * Reads variation text: a game with its variations and comments (tags
 * `[Name "value"]` first, `Start` giving the start position; moves as in a
 * transcript; `( ... )` a variation after the move it replaces; `{ ... }`
 * a comment on the move before it). Returns the game tree
 * `{ start, comment, tags, next }`, each move `{ move, comment, next }`
 * (`next[0]` continues the line, the others are its variations; passes are
 * moves `'pa'`). Bad text throws an Error (code ERR_OTHELLO_NOTATION)
 * naming the problem and the character where it is, an illegal move by its
 * number.
 */
export function parseVariations(text, options = undefined) {
  checkReady('parseVariations');
  checkString('parseVariations', 'text', text);
  return readVariations(text, treeRules(boardOption('parseVariations', options)));
}

/**
 * Writes a game tree (as `parseVariations` gives it) as variation text,
 * which `parseVariations` and `parseGame` read back: the main line, each
 * variation in parentheses after the move it replaces, comments in braces,
 * passes implicit. A move that is not legal throws (ERR_OTHELLO_NOTATION),
 * a field of the wrong type a TypeError.
 */
export function formatVariations(tree, options = undefined) {
  checkReady('formatVariations');
  const rules = treeRules(boardOption('formatVariations', options));
  const typeError = (message) => argumentError(`formatVariations: ${message}`);
  try {
    return writeVariations(tree, rules, typeError);
  } catch (error) {
    if (isOthelloError(error)) throw error;
    throw argumentError(`formatVariations: tree could not be read: ${thrownText(error)}`, { cause: error });
  }
}

/**
 * The rules of `board` for variation text (variations.js): the engine's.
 * @param {number} board
 * @returns {import('./variations.js').TreeRules}
 */
function treeRules(board) {
  return {
    start: engine.status('', board).position, square: board === 96 ? /^[a-j](10|[1-9])$/ : /^[a-h][1-8]$/,
    status: (position) => engine.status(position, board), play: (position, move) => engine.play(position, move, board),
  };
}

/**
 * What parseGame answers for a game tree: its main line as a game (format
 * 'variations'), with the tree.
 * @param {import('./variations.js').GameTree} tree
 * @param {number} board
 */
function treeGame(tree, board) {
  const rules = treeRules(board);
  const { moves, position } = mainLine(tree, rules);
  if (board === 96) {
    return {
      format: 'variations', start: tree.start, moves, position,
      transcript: moves.filter((move) => move !== 'pa').join(''), tree,
    };
  }
  // The main line as a GGF record, which the engine reads as any other.
  let text = `(;GM[Othello]BO[8 ${tree.start.slice(0, 64).replaceAll('X', '*')} ${tree.start.endsWith('X') ? '*' : 'O'}]`;
  let before = tree.start;
  for (const move of moves) {
    text += `${before.endsWith('X') ? 'B' : 'W'}[${move.toUpperCase()}]`;
    before = rules.play(before, move);
  }
  return { ...engine.parseGame(`${text};)`, 8), format: 'variations', tree };
}

const FORMATS = ['obf', 'transcript', 'ggf'];

/**
 * Writes a game or position given in any notation as `format`: `'obf'` (the
 * position after the moves), `'transcript'` (the moves, for games from the
 * standard start) or `'ggf'` (a record; `tags` such as `{ PB: 'Alice' }` are
 * added to it).
 */
export function formatGame(text, format, tags = undefined) {
  checkReady('formatGame');
  checkString('formatGame', 'text', text);
  if (!FORMATS.includes(format)) {
    throw argumentError(`formatGame: format must be 'obf', 'transcript' or 'ggf', got ${typeof format === 'string' ? `'${format}'` : describe(format)}`);
  }
  return engine.formatGame(text, format, tags);
}

/**
 * Counts the leaves `depth` plies below the start position. By default a pass
 * costs a ply (convention A); `{ passFree: true }` gives convention B.
 * @param {number} depth
 * @param {{ passFree?: boolean }} [options]
 */
export function perft(depth, options = {}) {
  checkReady('perft');
  // PERFT_DEPTHS: the counts a number holds exactly (the native CLI, and runCli, count deeper).
  if (typeof depth !== 'number' || !Number.isInteger(depth) || depth < PERFT_DEPTHS.min || depth > PERFT_DEPTHS.max) {
    throw rangeError(`perft: depth must be a whole number from ${PERFT_DEPTHS.min} to ${PERFT_DEPTHS.max} (deeper counts pass 2^53, `
      + `which a number cannot hold exactly), got ${typeof depth === 'number' ? String(depth) : describe(depth)}`);
  }
  if (options === null || typeof options !== 'object') {
    throw argumentError(`perft: options must be an object, got ${describe(options)}`);
  }
  const [passFree, unknown] = readArgument('perft', 'options', () => {
    const { passFree: flag = false, ...rest } = options;
    return [flag, Object.keys(rest)];
  });
  if (unknown.length > 0) throw argumentError(`perft: unknown option '${unknown[0]}'`);
  if (typeof passFree !== 'boolean') {
    throw argumentError(`perft: passFree must be a boolean, got ${describe(passFree)}`);
  }
  return engine.perft(depth, passFree);
}

/**
 * Runs a command line of the `othello` tool (as `node cli.mjs` does), calling
 * `print` with each output line, `readFile(path)` for files it reads and
 * `readLine()` for input lines (`nboard`; a string is a line, `null` ends the
 * input).
 */
export function runCli(args, print, readFile = noFiles, readLine = noInput) {
  checkReady('runCli');
  // A copy is checked and given to the engine: an array with holes, getters
  // or traps is read once, here.
  const list = readArgument('runCli', 'args', () => (Array.isArray(args) ? Array.from(args) : null));
  if (list === null || !list.every((arg) => typeof arg === 'string')) {
    throw argumentError('runCli: args must be an array of strings');
  }
  if (typeof print !== 'function') throw argumentError('runCli: print must be a function');
  if (typeof readFile !== 'function') throw argumentError('runCli: readFile must be a function');
  if (typeof readLine !== 'function') throw argumentError('runCli: readLine must be a function');
  engine.runCli(list, print, readFile, readLine);
}

function noFiles(path) {
  throw new Error(`${path}: this host cannot read files`);
}

function noInput() {
  return null;
}

function checkSearchArguments(name, position, limits, options) {
  checkReady(name);
  checkString(name, 'position', position);
  if (limits !== undefined && (limits === null || typeof limits !== 'object' || describe(limits) === 'an array')) {
    throw argumentError(`${name}: limits must be an object such as { depth: 10 }, got ${describe(limits)}`);
  }
  if (options === null || typeof options !== 'object') {
    throw argumentError(`${name}: options must be an object, got ${describe(options)}`);
  }
  const [onProgress, shouldStop, unknown] = readArgument(name, 'options', () => {
    const { onProgress: progress, shouldStop: stop, ...rest } = options;
    return [progress, stop, Object.keys(rest)];
  });
  if (unknown.length > 0) throw argumentError(`${name}: unknown option '${unknown[0]}'`);
  for (const [key, value] of [['onProgress', onProgress], ['shouldStop', shouldStop]]) {
    if (value !== undefined && typeof value !== 'function') {
      throw argumentError(`${name}: ${key} must be a function, got ${describe(value)}`);
    }
  }
  return [onProgress, shouldStop];
}

/**
 * Searches a position within `limits` (`{ depth, nodes, timeMs, exact, wld }`)
 * and returns `{ best, score, kind, depth, confidence, pv, nodes, nps, elapsedMs }`.
 * `options.onProgress(report)` receives progress (an exception it throws is
 * ignored and the search goes on); `options.shouldStop()` is polled and stops
 * the search with its best move so far when it returns a truthy value or
 * throws. The transposition table is kept between searches.
 */
export function search(position, limits = {}, options = {}) {
  const [onProgress, shouldStop] = checkSearchArguments('search', position, limits, options);
  const [board, engineLimits] = searchBoard('search', limits);
  return engine.search(position, engineLimits, onProgress, shouldStop, board);
}

/**
 * Scores every legal move within `limits`: `[{ move, score, kind, depth, confidence }]`, best first;
 * with `{ lines: N }` (1-5) the best N moves with their lines, `[{ move, score, kind, depth, confidence, pv }]`,
 * which every progress report carries as `lines`; with `{ board: 96 }` `[{ move, score, value, kind, depth }]`.
 */
export function analyze(position, limits = {}, options = {}) {
  const [onProgress, shouldStop] = checkSearchArguments('analyze', position, limits, options);
  const [board, engineLimits] = searchBoard('analyze', limits);
  return engine.analyze(position, engineLimits, onProgress, shouldStop, board);
}

/**
 * The move one of the classic players makes (PAIP's and BILL's programs, the
 * 2001 alpha-beta study's, or the engine at some setting), named by a spec
 * such as `random`, `alphabeta:4:weighted-squares`, `iago:3`, `bill:3`,
 * `study-rules:3` or `engine:level=8`: a square name, or `"pa"` to pass.
 * `seed` (a whole number) drives `random`.
 */
export function playerMove(spec, position, seed = 0) {
  checkReady('playerMove');
  checkString('playerMove', 'spec', spec);
  checkString('playerMove', 'position', position);
  checkSeed(seed);
  return engine.playerMove(spec, position, seed);
}

/** A seed is a whole number in SEEDS (0 to 2^53 - 1): a TypeError for another type, a RangeError naming a bad number. */
function checkSeed(seed) {
  const range = `from ${SEEDS.min} to ${SEEDS.max}`;
  if (typeof seed !== 'number') {
    throw argumentError(`playerMove: seed must be a whole number ${range}, got ${describe(seed)}`);
  }
  if (!Number.isInteger(seed) || seed < SEEDS.min || seed > SEEDS.max) {
    throw rangeError(`playerMove: seed must be a whole number ${range}, got ${String(seed)}`);
  }
}

/** The static evaluation for the side to move, in discs ('pattern', the default, or 'standin'). */
export function evaluate(position, evaluation) {
  checkReady('evaluate');
  checkString('evaluate', 'position', position);
  if (evaluation !== undefined) checkString('evaluate', 'evaluation', evaluation);
  return engine.evaluate(position, evaluation);
}

/** Sets the transposition table size in MiB (TABLE_MB of ./limits.js; DEFAULT_TABLE_MB by default) and clears it; a size the wasm memory cannot hold is refused with an Error, and the next search uses a table of the default size. */
export function setTableSize(megabytes) {
  checkReady('setTableSize');
  if (typeof megabytes !== 'number') {
    throw argumentError(`setTableSize: megabytes must be a number, got ${describe(megabytes)}`);
  }
  engine.setTableSize(megabytes);
}

/** Forgets what earlier searches stored in the transposition table. */
export function clearTable() {
  checkReady('clearTable');
  engine.clearTable();
}

/** The explorer's index being loaded or loaded (a promise of what it holds), once asked. */
let explorerIndex = null;

/**
 * Loads the opening explorer's index: by default `explorer.bin` next to
 * this file (read from disk under Node, fetched in a browser), or `source`,
 * a URL or path, a `Response` or the bytes. Resolves with what it holds,
 * `{ games, positions, minGames }`. `explore()` calls it; later calls
 * resolve at once with the index of the first (a failed load may be tried
 * again). The index is about 2.7 MB and takes tens of milliseconds to read.
 */
export function loadExplorer(source = undefined) {
  checkReady('loadExplorer');
  explorerIndex ??= readBytes(source === undefined ? new URL('./explorer.bin', import.meta.url) : source, 'the explorer index')
    .then((bytes) => engine.loadExplorer(bytes))
    .catch((error) => {
      explorerIndex = null;
      if (error?.code === ERROR_CODES.LOAD || error?.code === ERROR_CODES.ARGUMENT) throw error;
      throw codedError(`loadExplorer: the explorer index could not be loaded: ${thrownText(error)}`, ERROR_CODES.LOAD, { cause: error });
    });
  return explorerIndex;
}

/**
 * The tournament games that reached a position (an OBF line, a transcript
 * or a GGF record), by any move order and in any of its eight orientations,
 * and the moves they played there (see `Exploration` in index.d.ts). Loads
 * the explorer's index on first use (`loadExplorer`). The 8x8 board only:
 * `{ board: 96 }` is refused with a RangeError.
 */
export async function explore(position, options = undefined) {
  checkReady('explore');
  checkString('explore', 'position', position);
  if (boardOption('explore', options) === 96) {
    throw rangeError('explore: the opening explorer has the 8x8 board\'s games only, got board 96');
  }
  await loadExplorer();
  return engine.explore(position);
}

/** The command-line usage: the list of commands, one line each (what `node pkg/cli.mjs --help` prints; `runCli([command, "--help"])` prints a command's own). */
export function cliUsage() {
  checkReady('cliUsage');
  return engine.cliUsage();
}
