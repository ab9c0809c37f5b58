/**
 * An Othello engine compiled to WebAssembly.
 *
 * Positions are text: an OBF line (`<64 squares a1..h8 of X, O, -> <X|O>`),
 * a transcript from the start position (`"f5d6c3"`, passes implicit or written
 * `pa`), or a GGF record (`"(;GM[Othello]...;)"`). The empty string is the
 * start position. Squares are names such as `"d3"` (a1 top-left, h8
 * bottom-right). Every function throws an `Error` whose message says what was
 * wrong with a bad argument.
 */

/**
 * What can be given to {@link init}: a URL (fetched; under Node a `file:`
 * URL is read from disk), a file path (Node only: absolute, or relative to
 * the working directory), the `.wasm` bytes, a fetch `Response` or a
 * compiled module.
 */
export type WasmSource =
  | string
  | URL
  | Response
  | Promise<Response>
  | WasmBytes
  | WasmModule;

/** The `.wasm` file's bytes. */
export type WasmBytes = ArrayBuffer | ArrayBufferView;

/**
 * A compiled `WebAssembly.Module`: that type where the project's libraries
 * declare it (the DOM library, Node's types), else any object, so that
 * these declarations need no DOM library.
 */
export type WasmModule = typeof globalThis extends { WebAssembly: { Module: new (...args: never[]) => infer M } } ? M : object;

/** A `WebAssembly.Memory`, typed as {@link WasmModule} is. */
export type WasmMemory = typeof globalThis extends { WebAssembly: { Memory: new (...args: never[]) => infer M } } ? M : object;

/** A file of the 8x8 board, a to h (a on the left). */
export type File = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h';
/** A rank of the 8x8 board, 1 to 8 (1 at the top). */
export type Rank = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
/** A square of the 8x8 board: `"a1"` (top left) to `"h8"` (bottom right). */
export type Square = `${File}${Rank}`;
/** A move as the functions return it: a square, or `"pa"` for a forced pass. */
export type Move = Square | 'pa';
/**
 * A move as the functions take it: a {@link Move} (listed for completion
 * in editors) or any string, which they check and refuse with an `Error`
 * naming it when it is not a legal move.
 */
export type MoveText = Move | (string & {});
/** A confidence level of the selective search, in percent (100: none). */
export type Confidence = 100 | 99 | 98 | 95 | 87 | 73;

/**
 * Loads the engine; call once and await it before any other function. With
 * no argument it loads the `.wasm` file that ships next to this module
 * (fetched in a browser, read from disk under Node). A source that cannot
 * be loaded, or a module that is not this engine's, rejects with an `Error`
 * and leaves the engine loadable by a later call.
 */
export function init(source?: WasmSource): Promise<void>;

/** Loads the engine synchronously from the `.wasm` bytes or a compiled `WebAssembly.Module` (refusing, with an `Error`, a module that is not this engine's). */
export function initSync(source: WasmBytes | WasmModule): void;

/**
 * What an error of the package is about: every error the direct API and
 * the worker client throw or reject with has one as its `code`. The class
 * follows one rule: `TypeError` for an argument or option of the wrong
 * type or an unknown option (`ERR_OTHELLO_ARGUMENT`), `RangeError` for a
 * number out of its range, as an argument or as a limit
 * (`ERR_OTHELLO_RANGE`), `Error` for the rest.
 */
export type ErrorCode =
  /** An argument or option of the wrong type, or an option the function does not take (TypeError). */
  | 'ERR_OTHELLO_ARGUMENT'
  /** A number out of its range, as an argument or a limit (RangeError). */
  | 'ERR_OTHELLO_RANGE'
  /** A position, transcript, OBF line or GGF record that cannot be read (or plays an illegal move). */
  | 'ERR_OTHELLO_NOTATION'
  /** A move that is not legal in the position, or not a square. */
  | 'ERR_OTHELLO_ILLEGAL_MOVE'
  /** Search limits the engine refuses (other than a number out of range). */
  | 'ERR_OTHELLO_LIMITS'
  /** A player spec the engine does not know. */
  | 'ERR_OTHELLO_PLAYER'
  /** A function called before `init()` finished. */
  | 'ERR_OTHELLO_NOT_LOADED'
  /** The `.wasm` could not be loaded, or is not this engine's. */
  | 'ERR_OTHELLO_LOAD'
  /** A client request ended by `abort()` (a request's `signal` rejects with the signal's own reason). */
  | 'ERR_OTHELLO_ABORTED'
  /** A client request that took longer than its `timeoutMs`. */
  | 'ERR_OTHELLO_TIMEOUT'
  /** The client's worker crashed. */
  | 'ERR_OTHELLO_CRASHED'
  /** The client was terminated while the request was pending. */
  | 'ERR_OTHELLO_TERMINATED'
  /** Any other failure the engine reports. */
  | 'ERR_OTHELLO_ENGINE';

/** An error of the package: an `Error` (or `TypeError`, `RangeError`) with its {@link ErrorCode}. */
export interface OthelloError extends Error {
  code: ErrorCode;
}

/** The codes by name, e.g. `ERROR_CODES.ILLEGAL_MOVE === 'ERR_OTHELLO_ILLEGAL_MOVE'`. */
export const ERROR_CODES: Readonly<{
  ARGUMENT: 'ERR_OTHELLO_ARGUMENT';
  RANGE: 'ERR_OTHELLO_RANGE';
  NOTATION: 'ERR_OTHELLO_NOTATION';
  ILLEGAL_MOVE: 'ERR_OTHELLO_ILLEGAL_MOVE';
  LIMITS: 'ERR_OTHELLO_LIMITS';
  PLAYER: 'ERR_OTHELLO_PLAYER';
  NOT_LOADED: 'ERR_OTHELLO_NOT_LOADED';
  LOAD: 'ERR_OTHELLO_LOAD';
  ABORTED: 'ERR_OTHELLO_ABORTED';
  TIMEOUT: 'ERR_OTHELLO_TIMEOUT';
  CRASHED: 'ERR_OTHELLO_CRASHED';
  TERMINATED: 'ERR_OTHELLO_TERMINATED';
  ENGINE: 'ERR_OTHELLO_ENGINE';
}>;

/** Whether `error` is one of the package's errors (it has an {@link ErrorCode}). */
export function isOthelloError(error: unknown): error is OthelloError;

/** `"black"` or `"white"`. */
export type Color = 'black' | 'white';

/** The state of a position. */
export interface Status {
  /** The position as an OBF line, e.g. `"---...--- X"`. */
  position: string;
  /** The 64 squares a1..h8 as `X` (Black), `O` (White) or `-` (empty). */
  board: string;
  /** The side to move. */
  toMove: Color;
  /** Its legal moves, a1 first. */
  moves: string[];
  /** `"moves"`: it can play; `"pass"`: it must pass; `"gameover"`: neither side can move. */
  status: 'moves' | 'pass' | 'gameover';
  /** Black discs on the board. */
  black: number;
  /** White discs on the board. */
  white: number;
  /** Empty squares. */
  empties: number;
}

/** The score of a position, from Black's side. */
export interface Score {
  /** Black discs. */
  black: number;
  /** White discs. */
  white: number;
  /** Empty squares. */
  empties: number;
  /** Black discs minus White discs. */
  discDifference: number;
  /** The tournament score: the disc difference with the empty squares given to the winner. */
  final: number;
  /** Whether neither side can move. */
  gameOver: boolean;
}

/** A game read from any notation. */
export interface ParsedGame {
  /** The notation the text was read as (`'variations'`: variation text, see {@link parseVariations}). */
  format: 'transcript' | 'obf' | 'ggf' | 'variations';
  /** The start position as an OBF line. */
  start: string;
  /** The moves as square names, every pass written `"pa"`. */
  moves: string[];
  /** The position after the moves as an OBF line. */
  position: string;
  /** The moves as a transcript with implicit passes. */
  transcript: string;
  /** The game as a GGF record. */
  ggf: string;
  /** Variation text only: the whole game tree, of which the fields above give the main line. */
  tree?: GameTree;
}

/** A move of a {@link GameTree}. */
export interface VariationMove {
  /** The square played (lower case), or `"pa"` for a pass. */
  move: string;
  /** The comment on the move, `''` when none (at most 2000 characters; optional when written). */
  comment: string;
  /**
   * The moves played after it: the first continues the line, the others are
   * its variations (alternatives to the first). Empty at the end of a line;
   * optional when written.
   */
  next: VariationMove[];
}

/**
 * A game with its variations and comments, as {@link parseVariations} reads
 * it and {@link formatVariations} writes it. The main line is `next[0]`,
 * then its `next[0]`, and so on. Every move is legal where it is played;
 * passes are moves `"pa"` (a written tree may leave them out: they are put
 * in where the side to move has no legal move).
 */
export interface GameTree {
  /** The start position (an OBF line, or a 96-square position line; optional when written: the board's start). */
  start: string;
  /** The comment on the start position, `''` when none (optional when written). */
  comment: string;
  /** The tags other than `Start`, e.g. `{ Black: 'Tanaka', White: 'Rose' }` (optional when written). */
  tags: Record<string, string>;
  /** The moves played from the start: the first is the main line's. */
  next: VariationMove[];
}

/**
 * Reads variation text: a game with its variations and comments.
 *
 * ```text
 * [Black "Tanaka"]
 * [White "Rose"]
 * {The start}
 * f5 d6 c3 {the Tiger} (c5 {Rose} f4) (c4) d3 c4
 * ```
 *
 * Tags `[Name "value"]` come first (`Start`: the start position, as a
 * position line of the board; the others are kept in `tags`). Moves are
 * square names, with or without spaces, passes implicit as in a transcript
 * (`pa`, `ps` or `--` may be written where due); move numbers (`12.`,
 * `12...`) are skipped. A variation `( ... )` comes after the move it
 * replaces and starts from the position before that move; several in a row
 * are alternatives to the same move; they nest. A comment `{ ... }` is about
 * the move before it (before the first move: about the start position);
 * `\}` and `\\` write a brace and a backslash in it. A variation whose
 * first move is already there is merged with it.
 *
 * Bad text throws an Error (code `ERR_OTHELLO_NOTATION`) naming the problem
 * and the character (from 1) where it is; an illegal move is named by its
 * number (discs placed from the start), e.g.
 * `variations: move 22 (character 67) a1 is illegal for White`, as `parseGame` names a
 * transcript's.
 * {@link parseGame} reads the same text (it is recognised by its
 * parentheses, braces or tags) as its main line, with the tree.
 *
 * @example parseVariations('f5 d6 (f6) c3').next[0].next.map((m) => m.move) // ['d6', 'f6']
 */
export function parseVariations(text: string, options?: Board8 | Board96): GameTree;

/**
 * Writes a game tree as variation text (see {@link parseVariations}), which
 * {@link parseVariations} and {@link parseGame} read back to the same tree:
 * the tags (`Start` when the start is not the board's), the comment on the
 * start, then the main line, each variation in parentheses after the move it
 * replaces, comments in braces, passes implicit (written `pa` only where a
 * pass carries a comment).
 *
 * A field of the wrong type throws a TypeError (`ERR_OTHELLO_ARGUMENT`)
 * naming it (`formatVariations: tree.next[0].move must be ...`); an illegal
 * move, or two alternatives with the same move, an Error
 * (`ERR_OTHELLO_NOTATION`).
 *
 * @example formatVariations({ next: [{ move: 'f5', next: [{ move: 'd6' }, { move: 'f6', comment: 'parallel' }] }] })
 * // 'f5 d6 (f6 {parallel})'
 */
export function formatVariations(tree: GameTreeInput, options?: Board8 | Board96): string;

/** A game tree as {@link formatVariations} takes it: a {@link GameTree}, any field but `move` left out where it has no value. */
export interface GameTreeInput {
  start?: string;
  comment?: string;
  tags?: Record<string, string>;
  next?: VariationMoveInput[];
}

/** A move of a {@link GameTreeInput}. */
export interface VariationMoveInput {
  move: string;
  comment?: string;
  next?: VariationMoveInput[];
}

/** A notation {@link formatGame} writes. */
export type Format = 'obf' | 'transcript' | 'ggf';

/**
 * Writes a game or position given in any notation as `format`:
 * - `'obf'`: the position after the moves, e.g. `"---...--- O"`;
 * - `'transcript'`: the moves with implicit passes (only for a game from the
 *   standard start position; an OBF line with discs elsewhere is an error);
 * - `'ggf'`: a record with the start position and the moves, keeping the
 *   properties of a GGF input and adding `tags` such as `{ PB: 'Alice', PW: 'Bob', RE: '+10' }`
 *   (names of capital letters other than `GM`, `TY`, `BO`, `B`, `W`).
 *
 * @example formatGame('f5d6', 'ggf', { PB: 'Alice' }) // '(;GM[Othello]PB[Alice]TY[8]BO[8 ... *]B[f5]W[d6];)'
 */
export function formatGame(text: string, format: Format, tags?: Record<string, string>): string;

/** Options of {@link perft}. */
export interface PerftOptions {
  /** Convention B: a pass costs no ply (default false: a pass costs a ply, convention A). */
  passFree?: boolean;
}

/** The 8x8 board, the default: the last argument of the rules functions may say so. */
export interface Board8 {
  board?: 8;
}

/**
 * The 96-square board of the CS 221 report ("Othello: The Moors of Venice"):
 * 10x10 without c3, h3, c8 and h8, Red (first) against White. Positions are
 * position lines (the 96 cells a1..j10 in reading order, holes left out, as
 * `R`, `W` or `-`, a space, then `R` or `W` to move) or transcripts from the
 * start (`"e4f4g5"`, `a10` one square, passes implicit or `pa`); `""` is the
 * start. Only the 96-square engine (crate `othello-board96`) sees them.
 */
export interface Board96 {
  board: 96;
}

// Each function of both boards lists the 96-square signature first: a
// mistake is reported against the last signature, the 8x8 board's.

/** Legal moves on the 96-square board, in reading order (a1, b1, ..., j10). */
export function legalMoves(position: string, options: Board96): string[];

/** Legal moves of the side to move, a1 first; empty when it must pass or the game is over. */
export function legalMoves(position: string, options?: Board8): Square[];

/**
 * Plays a move on the 96-square board (a square name, or `"pa"` for a forced
 * pass) and returns the new position line; an illegal move throws an `Error`
 * naming it and the side (`move: a1 is illegal for Red`).
 */
export function play(position: string, move: string, options: Board96): string;

/** Plays a move (a square name, or `"pa"` to pass) and returns the new position as an OBF line. */
export function play(position: string, move: MoveText, options?: Board8): string;

/** The state of a 96-square position. */
export function status(position: string, options: Board96): Status96;

/** Side to move, legal moves, disc counts and whether the side must pass or the game is over. */
export function status(position: string, options?: Board8): Status;

/** Disc counts and score of a 96-square position, from Red's side. */
export function score(position: string, options: Board96): Score96;

/** Disc counts and score from Black's side. */
export function score(position: string, options?: Board8): Score;

/** Reads a 96-square transcript or position line. */
export function parseGame(text: string, options: Board96): ParsedGame96;

/** Reads a transcript, OBF line or GGF record, or variation text (its main line, with the tree: {@link parseVariations}). */
export function parseGame(text: string, options?: Board8): ParsedGame;

/** `"red"` (moves first) or `"white"`. */
export type Color96 = 'red' | 'white';

/** The state of a 96-square position. */
export interface Status96 {
  board: 96;
  /** The position line. */
  position: string;
  /** The 96 playable cells a1..j10 in reading order (holes left out) as `R`, `W` or `-`. */
  cells: string;
  /** The side to move. */
  toMove: Color96;
  /** Its legal moves in reading order. */
  moves: string[];
  /** `"moves"`: it can play; `"pass"`: it must pass; `"gameover"`: neither side can move. */
  status: 'moves' | 'pass' | 'gameover';
  /** Red discs. */
  red: number;
  /** White discs. */
  white: number;
  /** Empty cells. */
  empties: number;
}

/** The score of a 96-square position, from Red's side. */
export interface Score96 {
  /** Red discs. */
  red: number;
  /** White discs. */
  white: number;
  /** Empty cells. */
  empties: number;
  /** Red discs minus White discs. */
  discDifference: number;
  /** The disc difference with the empty cells given to the winner (the final score once the game is over). */
  final: number;
  /** Whether neither side can move. */
  gameOver: boolean;
}

/** A 96-square game read from a transcript or a position line. */
export interface ParsedGame96 {
  /** The notation the text was read as (`'variations'`: variation text, see {@link parseVariations}). */
  format: 'transcript' | 'line' | 'variations';
  /** The start position as a position line. */
  start: string;
  /** The moves, every pass written `"pa"`. */
  moves: string[];
  /** The position after the moves as a position line. */
  position: string;
  /** The moves as a transcript (passes implicit). */
  transcript: string;
  /** Variation text only: the whole game tree, of which the fields above give the main line. */
  tree?: GameTree;
}

/** The searches at the root of a 96-square search (the CS 221 report's three). */
export type Algorithm96 = 'alphabeta' | 'negascout' | 'mtdf';

/**
 * The evaluations of the 96-square board: `'greedy'` (the disc difference)
 * or the report's weighted features in hundredths of a disc, with the exact
 * solver from 14 empty cells: `'smart'` (the weights the report's
 * temporal-difference learner found, Red's or White's for the side to
 * move; the default), `'smart-hand'` (hand-set weights) or
 * `'smart-uniform'` (uniform untrained weights).
 */
export type Evaluation96 = 'greedy' | 'smart' | 'smart-hand' | 'smart-uniform';

/**
 * Limits of a search on the 96-square board. With none of `depth`,
 * `nodes`, `timeMs` and `clock`: depth 6 with the smart evaluation.
 */
export interface Limits96 extends Board96 {
  /** Deepest iteration, 1-30 (default 6; 30 when only `nodes` or `timeMs` is given). Depth 1 always completes. */
  depth?: number;
  /** Most nodes (checked every 1024). */
  nodes?: number;
  /** Most milliseconds (checked every 1024 nodes). */
  timeMs?: number;
  /** The search at the root (default `'alphabeta'`). */
  algorithm?: Algorithm96;
  /** The evaluation (default `'smart'`). */
  evaluation?: Evaluation96;
  /**
   * Play on the side's clock with the report's adaptive-depth time manager
   * (the smart player, alpha-beta); refused with `depth`, `nodes`,
   * `timeMs`, `algorithm` other than `'alphabeta'` or `evaluation` other
   * than `'smart'`.
   */
  clock?: GameClock96;
  /**
   * Whether a position of the opening book (the report's book: depth-12
   * searches of the positions with few discs) is answered from it at once
   * with the smart evaluation (default `true`): `kind` is then `'book'`,
   * `depth` the book's depth and `nodes` 0.
   */
  book?: boolean;
}

/** The side to move's clock on the 96-square board. */
export interface GameClock96 {
  /** Time left on its clock in milliseconds (finite, 0 or more). */
  remainingMs: number;
  /**
   * The time manager's memory: the `clockMemory` of this side's previous
   * report on the clock, unchanged (omitted or null on its first move).
   */
  memory?: ClockMemory96 | null;
}

/** What the time manager remembers between a side's moves (pass it back unchanged). */
export interface ClockMemory96 {
  /** The side's last searches, oldest first (at most two). */
  history: ClockSearch96[];
}

/** One search the time manager remembers: its depth, nodes and milliseconds. */
export interface ClockSearch96 {
  /** Its depth. */
  depth: number;
  /** Its nodes. */
  nodes: number;
  /** Its milliseconds. */
  timeMs: number;
}

/** Limits of an analysis on the 96-square board. */
export interface AnalyzeLimits96 extends Board96 {
  /** Depth, 1-30 (default 6). */
  depth?: number;
  /** The evaluation (default `'smart'`). */
  evaluation?: Evaluation96;
  /** Accepted so that a search's limits serve an analysis; an analysis searches every move (kind `'depth'` or `'exact'`) whatever it says. */
  book?: boolean;
}

/** A progress report, and the result of a 96-square search. */
export interface Search96Report {
  /** Always 96. */
  board: 96;
  /** The best move (`"pa"` for a forced pass), or null when the game is over. */
  best: Move | null;
  /**
   * Value for the side to move in discs: the smart evaluation's hundredths
   * over 100; the final score when `kind` is `'exact'` or the search saw
   * the game end.
   */
  score: number;
  /** The value in the evaluation's own unit, as `othello search --board 96` prints it. */
  value: number;
  /** `'depth'`, `'exact'` for a solve (14 empty cells or fewer, smart) or a finished game, or `'book'` for the opening book's move. */
  kind: 'depth' | 'exact' | 'book';
  /** The deepest completed depth (the empty cells for a solve). */
  depth: number;
  /** Principal variation from the transposition table, starting with the best move. */
  pv: string[];
  /** Nodes visited. */
  nodes: number;
  /** Nodes per second. */
  nps: number;
  /** Milliseconds since the search started. */
  elapsedMs: number;
  /** The search at the root. */
  algorithm: Algorithm96;
  /** The evaluation. */
  evaluation: Evaluation96;
  /** On a clock: pass it back as `clock.memory` on the side's next move. */
  clockMemory?: ClockMemory96;
  /** On a clock: when a search of this move is abandoned and restarted shallower (twice its allocation), in milliseconds. */
  budgetMs?: number;
}

/** The value of one move on the 96-square board. */
export interface MoveScore96 {
  /** The move (`"pa"` for a forced pass). */
  move: Move;
  /** Its value for the side to move, in discs. */
  score: number;
  /** Its value in the evaluation's own unit. */
  value: number;
  /** How it was found. */
  kind: 'depth' | 'exact';
  /** The depth (the empty cells for a solve). */
  depth: number;
}

/** Callbacks of a 96-square search or analysis. */
export interface Search96Options {
  /** After each completed depth (each move valued, in an analysis) and at least every 250 ms. */
  onProgress?: (report: Search96Report) => void;
  /**
   * Polled every 1024 nodes; true ends the search with its deepest
   * completed depth (a solve stopped first: a depth search that the stop
   * ends at once, kind `'depth'`), an analysis with the moves valued so far.
   */
  shouldStop?: () => boolean;
}

/**
 * Counts the leaves `depth` plies below the start position: 0 to 13, since
 * deeper counts pass 2^53 (perft(14) is 9,795,914,085,489,952), which a
 * number cannot hold exactly (a RangeError says so); `runCli(['perft', '20'])`
 * and the native CLI count deeper, as text.
 */
export function perft(depth: number, options?: PerftOptions): number;

/**
 * Runs a command line of the `othello` tool, calling `print` with each output
 * line, `readFile(path)` (which returns the file's text) for files it reads,
 * and `readLine()` for input lines (`nboard`: a string is a line, `null` ends
 * the input; without it there is no input).
 */
export function runCli(
  args: string[],
  print: (line: string) => void,
  readFile?: (path: string) => string,
  readLine?: () => string | null,
): void;

/**
 * When a search stops; whichever limit is reached first ends it. With none
 * of `depth`, `nodes`, `timeMs`, `exact`, `wld`, `level` or `clock` (limits
 * omitted or `{}`), a search plays at level 10 (depth 13 with 73% selective
 * cuts, win/loss/draw from 20 empties and exact from 18; well under a second
 * for a search, a few seconds for an analysis of a 20-empties position): a
 * search always ends.
 */
export interface Limits {
  /** The 8x8 board (the default); `{ board: 96 }` takes {@link Limits96}. */
  board?: 8;
  /** Deepest iteration, 1-60 (a depth reaching the end of the game solves it exactly). */
  depth?: number;
  /** Most nodes to visit; a search with only this limit is reproducible. */
  nodes?: number;
  /**
   * Deadline in milliseconds; the search returns its best move so far. As
   * the only limit (a time per move), it may be exceeded in the endgame, up
   * to 3 times it, by an engine that has searched before when its node rate
   * predicts an exact solve within that bound; the moves after the solve
   * take much less, so a game's moves average about `timeMs`.
   */
  timeMs?: number;
  /** Stop once the exact final score is proven. */
  exact?: boolean;
  /** Stop once win, loss or draw is proven (faster than exact). */
  wld?: boolean;
  /**
   * Confidence of the midgame's selective cuts (Multi-ProbCut) in percent:
   * 100 (no selective cut), 99, 98, 95, 87 or 73. Lower is faster and less
   * sure; results report it as `confidence` too. The default is 100, except
   * for a search that `timeMs` or `clock` stops: 95 (the time the cuts save
   * buys depth; measured in docs/benchmarks.md, "Selectivity of timed
   * searches"). Give 100 for a timed search without cuts.
   */
  confidence?: Confidence;
  /**
   * A playing level, 1-30. Levels 1-9: midgame depth `level`, selective
   * cuts from level 5 (95% confidence), an exact solve from `2 * level`
   * empties. From level 10: depth `level + 3` at 73%, a win/loss/draw solve
   * from `2 * level` empties (at most 22: a solve from more costs several
   * times the level's midgame search for no measured gain) and the exact
   * solve 2 empties later; measured to win more in less time
   * (docs/benchmarks.md, "Levels measured"). From level 14 the 2 empties
   * before the win/loss/draw solve (23 and 24) are searched to the end with
   * the endgame's selective cuts at 95%: such a result has `kind` `'depth'`,
   * `depth` the empties and `confidence` 95. Sets depth and confidence. A
   * search's result from the win/loss/draw solve has `kind` `'wld'`; an
   * analysis, read for its discs, solves exactly from where the level's
   * win/loss/draw solve would start. From level 15 the opening is searched
   * too (no book; the book's leaves are shallower searches than the level's
   * own), unless `book: true`, `bookVariety` or `bookSeed` is given.
   */
  level?: number;
  /** The static evaluation to search with (default `'pattern'`). */
  evaluation?: Evaluation;
  /**
   * Play on a game clock: {@link search} chooses the move with the engine's
   * game-clock time manager (the one `othello game --clock-ms` uses) from the
   * time left on the side to move's clock. Alone, or with `confidence` and
   * `evaluation`; with `timeMs`, `depth`, `nodes`, `level`, `exact` or `wld`
   * it throws an `Error` naming both options. {@link analyze} refuses it.
   *
   * The manager follows BILL's allocation (Lee & Mahajan, "BILL: A
   * Table-Based, Knowledge-Intensive Othello Program", section 3.1.3): each
   * of the side's remaining moves gets a share of the usable time, growing as
   * the game goes on, with a reserve kept for the exact endgame solve (from
   * 20 empties) and most of the increment spent. The move gets a soft limit
   * (no new iteration starts after 40% of its share) and a hard limit (the
   * search returns its best move at 180% of it), reported as `budgetMs`. It
   * never flags: the hard limit stays below `remainingMs` minus a safety
   * margin (50 ms), and 10 ms per move still to play is kept back for the
   * time spent outside the search. With almost no time left (`remainingMs`
   * 0 included) it still answers, after about a millisecond, with a legal
   * move.
   */
  clock?: GameClock;
  /**
   * Whether a position of the engine's opening book is answered from it at
   * once (default `true`; with a `level` from 15 `false` unless `bookVariety` or `bookSeed` is given): the result's `kind` is `'book'`, its score the
   * book value (a deep search negamaxed through the book), its depth 0.
   * {@link analyze} gives the book moves their book values. `false` searches
   * every position.
   */
  book?: boolean;
  /**
   * Book moves within this many discs of the best may be played (0-64,
   * default 0: one of the best), drawn by {@link Limits.bookSeed}: games
   * differ without bad moves.
   */
  bookVariety?: number;
  /** The seed that draws among those book moves (a whole number, default 0). */
  bookSeed?: number;
}

/**
 * Limits of an analysis that gives the best moves with their lines
 * ({@link analyze} with `lines`): the {@link Limits} of a search, except
 * `clock`, and `lines`.
 */
export interface LinesLimits extends Limits {
  /**
   * How many of the best moves to give, each with its score and line (a
   * whole number from 1 to 5, `LINES` of `./limits.js`; more than the
   * position's moves gives them all). Every iteration scores these moves
   * exactly (a window of its own for each) and proves each other move no
   * better than the last of them, so each progress report carries all of
   * them (`lines`), best first, at its depth. With `{ lines: 1 }` it is the
   * search {@link search} makes (the same move, score and line at the same
   * depth). Lines are always searched: the opening book is not used. The
   * search uses the engine's threads (`setThreads`, `EngineClient`'s
   * `threads`). `{ lines: 3, depth: 60 }` deepens until the game is solved
   * (stop it with `shouldStop`, or `stop()` of an `EngineClient`);
   * `{ lines: 3, exact: true }` (or `wld: true`) solves: its midgame
   * iterations order the moves, then the solve proves the lines' scores.
   */
  lines: number;
}

/** One of the best moves of an analysis with {@link LinesLimits.lines}, with its line. */
export interface AnalysisLine {
  /** The move (`"pa"` for a forced pass). */
  move: Move;
  /** Its score for the side to move, in discs (for `"wld"` only its sign is proven). */
  score: number;
  /** How the score was found. */
  kind: ScoreKind;
  /** Depth searched (the number of empties for a solve). */
  depth: number;
  /** Confidence of selective cuts in percent (100: none): one of {@link Limits.confidence}'s values. */
  confidence: Confidence;
  /** The principal variation, starting with the move. */
  pv: Move[];
}

/** The side to move's game clock, for {@link Limits.clock}. */
export interface GameClock {
  /** Time left on the side to move's clock, in milliseconds (a finite number, 0 or more). */
  remainingMs: number;
  /** Time added to its clock after each of its moves, in milliseconds (default 0: sudden death). */
  incrementMs?: number;
}

/** How a score was found: a depth-limited search, a proven win/loss/draw, the exact final score, or the opening book. */
export type ScoreKind = 'depth' | 'wld' | 'exact' | 'book';

/** A progress report, and the result of a search. */
export interface SearchReport {
  /** The best move (`"pa"` for a forced pass), or null when the game is over. */
  best: Move | null;
  /** Score for the side to move in discs (for `"wld"` only its sign is proven). */
  score: number;
  /** How the score was found. */
  kind: ScoreKind;
  /** Depth of the last completed iteration (the number of empties for a solve; 0 for a book answer). */
  depth: number;
  /** Confidence of selective cuts in percent (100: no selective search): one of {@link Limits.confidence}'s values. */
  confidence: Confidence;
  /** Principal variation, starting with the best move. */
  pv: Move[];
  /** Nodes visited. */
  nodes: number;
  /** Nodes per second. */
  nps: number;
  /** Milliseconds since the search started. */
  elapsedMs: number;
  /**
   * Only for a search on a {@link Limits.clock}: the hard limit the time
   * manager gave this move, in milliseconds (the search returns by then).
   */
  budgetMs?: number;
  /**
   * Only for an analysis with {@link LinesLimits.lines}: the best lines of
   * the last completed iteration, best first (the first is `best`, `score`
   * and `pv`); absent until the first iteration ends.
   */
  lines?: AnalysisLine[];
}

/** The score of one move, as {@link analyze} gives it. */
export interface MoveScore {
  /** The move (`"pa"` for a forced pass). */
  move: string;
  /** Its score for the side to move, in discs. */
  score: number;
  /** How the score was found. */
  kind: ScoreKind;
  /** Depth searched (the number of empties for a solve; 0 for a book value). */
  depth: number;
  /** Confidence of selective cuts in percent (100: none): one of {@link Limits.confidence}'s values. */
  confidence: Confidence;
}

/** Callbacks of a search. */
export interface SearchOptions {
  /**
   * Called after every iteration and at least every 250 ms. An exception it
   * throws is ignored: the search goes on.
   */
  onProgress?: (report: SearchReport) => void;
  /**
   * Polled during the search; returning a truthy value stops it with its best
   * move so far. An exception it throws stops the search the same way.
   */
  shouldStop?: () => boolean;
}

/**
 * Searches a 96-square position: iterative deepening with the CS 221
 * report's search, the values, moves and nodes of `othello search
 * <position> --board 96`.
 */
export function search(position: string, limits: Limits96, options?: Search96Options): Search96Report;

/** Searches a position within `limits`; the transposition table is kept between searches. */
export function search(position: string, limits?: Limits, options?: SearchOptions): SearchReport;

/** Either board's search, for limits whose board is known only at run time. */
export function search(position: string, limits: Limits | Limits96, options?: SearchOptions | Search96Options): SearchReport | Search96Report;

/**
 * Values every legal move of a 96-square position, best first (the values
 * of `othello analyze <position> --board 96`); a finished game throws.
 */
export function analyze(position: string, limits: AnalyzeLimits96, options?: Search96Options): MoveScore96[];

/**
 * The best `limits.lines` moves (1-5), best first, each with its score and
 * line (see {@link LinesLimits}); `options.onProgress` receives them after
 * every iteration as the report's `lines`.
 */
export function analyze(position: string, limits: LinesLimits, options?: SearchOptions): AnalysisLine[];

/** Scores every legal move within `limits`, best first. */
export function analyze(position: string, limits?: Limits, options?: SearchOptions): MoveScore[];

/** Either board's analysis, for limits whose board is known only at run time. */
export function analyze(position: string, limits: Limits | LinesLimits | AnalyzeLimits96, options?: SearchOptions | Search96Options): MoveScore[] | AnalysisLine[] | MoveScore96[];

/**
 * The move one of the classic players (PAIP's and BILL's programs, or the
 * engine) makes in `position`: a square name, or
 * `"pa"` when the side to move must pass (as `play` and search results write
 * a pass). Specs: `random`, `maximizer:<eval>`, `minimax:<depth>:<eval>`,
 * `alphabeta:<depth>:<eval>` (`<eval>`: `count-difference`,
 * `weighted-squares`, `modified-weighted-squares` or `mobility`),
 * `iago:<depth>`, `bill:<depth>`, the 2001 alpha-beta study's programs
 * `study-minimax:<difficulty>`, `study-alphabeta:<difficulty>`,
 * `study-negascout:<difficulty>` and `study-rules:<difficulty>[:<rules>]`
 * (difficulty 1-5; docs/alphabeta-study.md), or `engine:<key=value,...>` (keys `depth`,
 * `time-ms`, `nodes`, `eval`, `table-mb`, `confidence`, `level`,
 * `exact-from`). `seed` (a whole number from 0 to 2^53 - 1, default 0)
 * drives `random`.
 *
 * @throws Error naming the spec for a bad spec (`player spec 'bogus': ...`),
 *   Error for a bad position or a finished game, TypeError for a seed that is
 *   not a number and RangeError (showing the value) for one that is not a
 *   whole number in range.
 */
export function playerMove(spec: string, position: string, seed?: number): string;

/**
 * The static evaluation for the side to move, in discs: the learned pattern
 * evaluation (`'pattern'`, the default) or the hand-weighted `'standin'`.
 */
export function evaluate(position: string, evaluation?: Evaluation): number;

/** The engine's static evaluations: learned pattern tables, or the hand-weighted stand-in. */
export type Evaluation = 'pattern' | 'standin';

/** Sets the transposition table size in MiB (1-4096, default 32) and clears it; a size the wasm memory cannot hold is refused with an Error, and the next search uses a table of the default size. */
export function setTableSize(megabytes: number): void;

/** Forgets what earlier searches stored in the transposition table. */
export function clearTable(): void;

/**
 * Searches and analyses from now on run on `threads` threads (1-64), or on
 * as many as the build has if fewer; returns the threads in use. The direct
 * API runs the single-thread build: always 1. `EngineClient`'s `threads`
 * option runs the threaded build on a pool of workers.
 * @throws TypeError for a non-number, RangeError for a number out of range.
 */
export function setThreads(threads: number): number;

/** The pool workers that have joined the threaded build (0 in the single-thread build). @internal */
export function poolWorkers(): number;

/** The compiled module of the build loaded (null before init): the package's worker hands it to its client. @internal */
export function compiledModule(): WasmModule | null;

/** What can be given to {@link loadExplorer}: as {@link WasmSource}, without a compiled module. */
export type ExplorerSource = string | URL | Response | Promise<Response> | WasmBytes;

/** What the explorer's index holds ({@link loadExplorer}). */
export interface ExplorerIndex {
  /** The tournament games counted (those of `data/wthor-games.txt.gz`, 1977-2025). */
  games: number;
  /** The positions in the index: those that at least `minGames` games reached. */
  positions: number;
  /** The least number of games of a position in the index (2). */
  minGames: number;
}

/**
 * Loads the opening explorer's index, `explorer.bin` (about 2.7 MB, 1.7 MB
 * gzipped), which ships next to this module: read from disk under Node,
 * fetched in a browser; or `source` (as for {@link init}). {@link explore}
 * calls it on first use, so a page fetches the index only when it explores.
 * Later calls resolve with the index of the first; a failed load (an
 * `Error` with code `ERR_OTHELLO_LOAD`, for a file that cannot be fetched or
 * is not an index) may be tried again.
 */
export function loadExplorer(source?: ExplorerSource): Promise<ExplorerIndex>;

/**
 * A move the games played from the position explored, with their results.
 * A move is named in the orientation of the position given. In a position
 * that equals its own mirror image (the start: f5, e6, d3 and c4), moves
 * that lead to the same position are one move, named by the first of its
 * squares in the order a1, b1, ..., h8 (`move`), the others listed in
 * `symmetric`; its counts are those of all of them.
 */
export interface ExploredMove {
  move: Square;
  /** The games that played it: `games`, of which Black won `blackWins` (more discs at the end), `draws` and White won `whiteWins`, and their mean final disc difference `averageDisc` (Black minus White, to 0.01). */
  games: number;
  blackWins: number;
  draws: number;
  whiteWins: number;
  averageDisc: number;
  /** The opening book's value of the move for the side to move, in discs; null when the book does not have it. */
  book: number | null;
  /** The other squares of the same move (see above); empty in a position that is not its own mirror image. */
  symmetric: Square[];
}

/** A game that reached the position explored. */
export interface ExploredGame {
  /** Its number: its line in `data/wthor-games.txt.gz`, 0 for the first. */
  game: number;
  /** The year it was played. */
  year: number;
  /** Black's discs at its end. */
  blackDiscs: number;
  /** White's discs at its end. */
  whiteDiscs: number;
  /** The move of `moves` it played there; null when it ended there, or its move there is not in the index. */
  move: Square | null;
}

/**
 * What the tournament games say about a position ({@link explore}): the
 * games that reached it by any move order and in any of its eight
 * orientations, with their results (from the final disc counts), and the
 * moves they played there, most played first. A position where the side to
 * move must pass is explored after the pass.
 *
 * The index holds the positions that two games or more reached, and for
 * them every count is exact. A position outside it was reached by one game
 * or none: `games` is 0, with no moves, except after a transcript whose
 * last move leads there from a position of the index, played there by one
 * game: `games` is then 1, that game its one sample (its later moves are not
 * in the index).
 */
export interface Exploration {
  /** The games that reached it: `games`, of which Black won `blackWins` (more discs at the end), `draws` and White won `whiteWins`, and their mean final disc difference `averageDisc` (Black minus White, to 0.01; 0 for no game). */
  games: number;
  blackWins: number;
  draws: number;
  whiteWins: number;
  averageDisc: number;
  moves: ExploredMove[];
  /** A few of the games: the most recent game of each move (in the order of `moves`), then the most recent of those that ended there. */
  samples: ExploredGame[];
}

/**
 * The opening explorer: the tournament games of the WTHOR database
 * (135,625 games, 1977-2025) that reached `position` (an OBF line, a
 * transcript or a GGF record), the moves they played there and the opening
 * book's value of each (see {@link Exploration}). Loads the index on first
 * use ({@link loadExplorer}); a lookup then takes well under a millisecond.
 * The 8x8 board only: `{ board: 96 }` rejects with a RangeError.
 */
export function explore(position: string, options?: Board8): Promise<Exploration>;

/** The command-line usage: the list of commands, one line each (what `node pkg/cli.mjs --help` prints; `runCli([command, "--help"])` prints a command's own). */
export function cliUsage(): string;
