/**
 * The engine in a worker: the direct API of `othello-wasm-engine` run in a
 * Web Worker (browsers) or a `worker_threads` worker (Node), so that long
 * searches never block the page. Every method returns a promise; requests are
 * answered one at a time, in the order they were made.
 *
 * @example
 * ```js
 * import { EngineClient } from 'othello-wasm-engine/client';
 * const engine = new EngineClient();
 * await engine.legalMoves('f5d6');          // ['c3', 'c4', 'c5', 'c6', 'c7']
 * const best = await engine.search('f5d6c3', { timeMs: 1000 },
 *   { onProgress: (r) => console.log(r.depth, r.score, r.pv.join(' ')) });
 * engine.terminate();
 * ```
 *
 * Errors: a bad argument rejects with the same `Error` (`TypeError`,
 * `RangeError` or `Error`) and message as the direct API, e.g.
 * `move: a1 is illegal for Black`; a timeout rejects with an `Error` named
 * `"TimeoutError"`; a crash of the worker rejects every pending request with
 * an `Error` whose message starts `<method>: the engine crashed: ` and names
 * what happened.
 */

import type {
  AnalysisLine,
  AnalyzeLimits96,
  Board8,
  Board96,
  Evaluation,
  Exploration,
  Format,
  Limits,
  Limits96,
  LinesLimits,
  Move,
  MoveText,
  MoveScore,
  MoveScore96,
  ParsedGame,
  ParsedGame96,
  PerftOptions,
  Score,
  Score96,
  Search96Report,
  SearchReport,
  Square,
  Status,
  Status96,
  WasmModule,
} from './index.js';
export { ERROR_CODES, isOthelloError } from './index.js';
export type { ErrorCode, OthelloError } from './index.js';
export type {
  Algorithm96,
  AnalysisLine,
  AnalyzeLimits96,
  Board8,
  Board96,
  ClockMemory96,
  ClockSearch96,
  Color96,
  Evaluation96,
  GameClock96,
  Limits96,
  MoveScore96,
  ParsedGame96,
  Score96,
  Search96Report,
  Status96,
  Color,
  Evaluation,
  Exploration,
  ExploredGame,
  ExploredMove,
  Format,
  GameClock,
  Limits,
  LinesLimits,
  MoveScore,
  ParsedGame,
  PerftOptions,
  Score,
  ScoreKind,
  SearchReport,
  Status,
} from './index.js';

/**
 * Where the worker gets the engine's `.wasm`: a URL (relative URLs are
 * resolved against the page), a file path or `file:` URL under Node, the
 * bytes, or a compiled `WebAssembly.Module` (compiled once, shared by every
 * worker the client starts).
 */
export type ClientWasmSource = string | URL | ArrayBuffer | Uint8Array | WasmModule;

/** Options of addEventListener, as EventTarget takes them (typed here so that no DOM library is needed). */
export interface ListenerOptions {
  capture?: boolean;
  once?: boolean;
  passive?: boolean;
  signal?: AbortSignal;
}

/** Options of {@link EngineClient}. */
export interface EngineClientOptions {
  /** The engine's `.wasm` (default: `wasm/othello_bg.wasm` next to the package's `index.js`). */
  wasm?: ClientWasmSource;
  /**
   * Threads to search on (1-64). Default: the machine's cores
   * (`navigator.hardwareConcurrency`, or Node's `os.availableParallelism()`),
   * at most 8. More than one runs the threaded build (`wasm-threads/`: shared
   * memory and a pool of Web Workers or `worker_threads` that the worker
   * starts), which needs `SharedArrayBuffer`: Node, or a page that is
   * `crossOriginIsolated`. Elsewhere the client searches on one thread and
   * {@link EngineClient.threads} says why. Searches limited by nodes alone
   * stay on one thread (reproducible); exact scores are those of one thread.
   */
  threads?: number;
  /**
   * The threaded build's `.wasm` (default: `wasm-threads/othello_bg.wasm`
   * next to `index.js`). When `wasm` is given without it, the client runs
   * the `wasm` given, on one thread.
   */
  wasmThreads?: ClientWasmSource;
  /**
   * The worker script (default: the package's `worker.js`, found with
   * `new URL('./worker.js', import.meta.url)`, which bundlers understand).
   * Give it when a bundler or server puts `worker.js` elsewhere.
   */
  worker?: string | URL;
  /**
   * Default timeout of every request in milliseconds (none by default),
   * counted from when the request starts running (after the ones before it),
   * including starting the worker. A request that times out rejects with an
   * `Error` named `"TimeoutError"` and the worker is replaced (its
   * transposition table is lost).
   */
  timeoutMs?: number;
  /** Transposition table size in MiB (1-4096; default 32), applied to every worker the client starts; a size the wasm memory cannot hold makes the start fail with setTableSize's Error. */
  tableMb?: number;
  /**
   * How {@link EngineClient.stop} reaches a running search: `true`, through a
   * flag in a `SharedArrayBuffer` that the search polls (the search keeps its
   * table); `false`, by replacing the worker. Default: `true` where shared
   * memory exists (Node, and pages that are `crossOriginIsolated`, i.e. served
   * with `Cross-Origin-Opener-Policy: same-origin` and
   * `Cross-Origin-Embedder-Policy: require-corp`). `true` throws where it does not.
   */
  sharedStop?: boolean;
  /**
   * Where the rules functions ({@link EngineClient.legalMoves}, `play`,
   * `status`, `score`, `parseGame`, `formatGame`) and `explore` are answered: `true`
   * (default), in the client's own thread by the direct API, loaded there on
   * first use from `wasm` (or the package's `.wasm`), so that they answer at
   * once even while a search runs in the worker (a few milliseconds to load,
   * once; a page that has called `init` already shares it); `false`, by the
   * worker, in turn behind the requests before them. Where the module cannot
   * be loaded in the client's thread, the worker answers.
   */
  localRules?: boolean;
}

/** Options of {@link EngineClient.search} and {@link EngineClient.analyze}. */
export interface RequestOptions {
  /**
   * Receives progress after every completed iteration and at least every
   * 250 ms (the same reports are dispatched as `progress` events). An
   * exception it throws does not stop the search: it is rethrown
   * asynchronously as an uncaught exception (on the console in a page; under
   * Node it ends the process unless an `uncaughtException` handler takes it).
   */
  onProgress?: (report: SearchReport) => void;
  /** Timeout of this request in milliseconds (overrides the client's `timeoutMs`). */
  timeoutMs?: number;
  /**
   * Ends this request when the signal is aborted: its promise rejects with
   * the signal's `reason` (a `DOMException` named `"AbortError"` for
   * `controller.abort()`). A queued request is never sent; a running search
   * stops as with {@link EngineClient.abort}. Other requests, queued or
   * running, are not affected. An already aborted signal rejects at once.
   */
  signal?: AbortSignal;
}

/** Options of a 96-square {@link EngineClient.search} or {@link EngineClient.analyze}. */
export interface RequestOptions96 {
  /** As {@link RequestOptions.onProgress}, with the 96-square reports. */
  onProgress?: (report: Search96Report) => void;
  /** Timeout of this request in milliseconds (overrides the client's `timeoutMs`). */
  timeoutMs?: number;
  /** As {@link RequestOptions.signal}. */
  signal?: AbortSignal;
}

/** `event.detail` of a `crash` event. */
export interface CrashDetail {
  /** What happened, e.g. `"the engine panicked: panicked at crates/...: ..."` or `"the worker exited with code 1"`. */
  message: string;
}

/** The threads a client's worker searches on ({@link EngineClient.threads}, `ready` events). */
export interface ThreadsInUse {
  /** Threads in use: 1 to the `threads` asked for. */
  threads: number;
  /** `"threaded"`: the threaded build on a pool of workers; `"single"`: the single-thread build. */
  build: 'threaded' | 'single';
  /** Why fewer threads than asked for, e.g. `"one thread: the page is not cross-origin isolated"`; `null` if none. */
  note: string | null;
}

/** The events an {@link EngineClient} dispatches. */
export interface EngineClientEventMap {
  /** A worker started and loaded the engine (also a new one after a crash). */
  ready: CustomEvent<ThreadsInUse>;
  /** A progress report of the running search or analysis. */
  progress: CustomEvent<SearchReport | Search96Report>;
  /** The worker crashed; pending requests were rejected, the next request starts a new worker. */
  crash: CustomEvent<CrashDetail>;
}

/**
 * The engine in a worker (started on the first request). Each method
 * answers as the function of the same name in the direct API.
 *
 * Events: `progress` (`event.detail`: a {@link SearchReport}), `crash`
 * (`event.detail`: {@link CrashDetail}) and `ready` (`event.detail`:
 * {@link ThreadsInUse}).
 */
export class EngineClient extends EventTarget {
  /** @throws TypeError or RangeError for a bad option. */
  constructor(options?: EngineClientOptions);

  /** How {@link stop} works here: `"flag"` (shared memory) or `"terminate"` (the worker is replaced). */
  readonly stopMode: 'flag' | 'terminate';

  /** The threads the current worker searches on; `null` until a worker has loaded the engine. */
  readonly threads: ThreadsInUse | null;

  /**
   * Starts the worker if none runs (a search starts it too) and resolves
   * with the threads it searches on once it has loaded the engine; rejects
   * when it cannot be started. The rules functions run in the client's
   * thread (see `localRules`) and start no worker.
   */
  ready(): Promise<ThreadsInUse>;

  // The 96-square signature first: a mistake is reported against the last one, the 8x8 board's.
  /** Legal moves on the 96-square board, in reading order. */
  legalMoves(position: string, options: Board96): Promise<string[]>;
  /** Legal moves of the side to move, a1 first; empty when it must pass or the game is over. */
  legalMoves(position: string, options?: Board8): Promise<Square[]>;
  /** Plays a move on the 96-square board; resolves to the new position line. */
  play(position: string, move: string, options: Board96): Promise<string>;
  /** Plays a move (a square name, or `"pa"` to pass); resolves to the new position as an OBF line. */
  play(position: string, move: MoveText, options?: Board8): Promise<string>;
  /** The state of a 96-square position. */
  status(position: string, options: Board96): Promise<Status96>;
  /** Side to move, legal moves, disc counts and whether the side must pass or the game is over. */
  status(position: string, options?: Board8): Promise<Status>;
  /** Disc counts and score of a 96-square position, from Red's side. */
  score(position: string, options: Board96): Promise<Score96>;
  /** Disc counts and score from Black's side. */
  score(position: string, options?: Board8): Promise<Score>;
  /** Reads a 96-square transcript or position line. */
  parseGame(text: string, options: Board96): Promise<ParsedGame96>;
  /** Reads a transcript, OBF line or GGF record. */
  parseGame(text: string, options?: Board8): Promise<ParsedGame>;
  /** Writes a game or position as OBF, a transcript or GGF (see `formatGame` in the direct API). */
  formatGame(text: string, format: Format, tags?: Record<string, string>): Promise<string>;
  /**
   * The tournament games that reached a position and the moves they played
   * there (see `explore` and `Exploration` in the direct API). Answered
   * where the rules are (`localRules`): in the client's own thread by
   * default, which loads the explorer's index there on first use (the
   * package's `explorer.bin`, or the one given to the direct API's
   * `loadExplorer` in that thread), so that a lookup never waits behind a
   * search.
   */
  explore(position: string, options?: Board8): Promise<Exploration>;
  /**
   * The move a seed player (`random`, `alphabeta:4:weighted-squares`,
   * `iago:3`, ...) makes: a square name or `"pa"` for a pass (see `playerMove` in the
   * direct API). Rejects with an `Error` quoting a bad spec
   * (`player spec 'bogus': ...`) and a `RangeError` for a bad seed.
   */
  playerMove(spec: string, position: string, seed?: number): Promise<Move>;
  /** Counts the leaves `depth` (0-13: deeper counts pass 2^53) plies below the start position. */
  perft(depth: number, options?: PerftOptions): Promise<number>;
  /** The static evaluation for the side to move, in discs. */
  evaluate(position: string, evaluation?: Evaluation): Promise<number>;
  /** Sets the transposition table size in MiB (1-4096) and clears it; kept for workers started later. */
  setTableSize(megabytes: number): Promise<void>;
  /** Forgets what earlier searches stored in the transposition table. */
  clearTable(): Promise<void>;
  /** The command-line usage text. */
  cliUsage(): Promise<string>;

  /**
   * Searches a 96-square position (see `search` with `{ board: 96 }` in the
   * direct API); {@link stop} and {@link abort} work as for the 8x8 board.
   */
  search(position: string, limits: Limits96, options?: RequestOptions96): Promise<Search96Report>;
  /**
   * Searches a position within `limits`; resolves to the final report. With
   * no limits it plays the default level (depth 12 at 73%, win/loss/draw
   * from 20 empties, exact from 18); `{ depth: 60 }` deepens until the game is solved: call
   * {@link stop} to end it with its best move so far. A search on a `clock` returns by
   * itself within the time left on it (a few milliseconds when that is
   * about 0); the request's `timeoutMs`, counted from when the request
   * starts and including starting the worker, should be a few seconds more
   * than `clock.remainingMs`.
   */
  search(position: string, limits?: Limits, options?: RequestOptions): Promise<SearchReport>;
  /** Either board's search, for limits whose board is known only at run time. */
  search(position: string, limits: Limits | Limits96, options?: RequestOptions | RequestOptions96): Promise<SearchReport | Search96Report>;

  /**
   * Values every legal move of a 96-square position, best first. {@link stop}
   * with `stopMode` `"flag"` resolves with the moves valued so far; with
   * `"terminate"` the analysis is done again at depth 1.
   */
  analyze(position: string, limits: AnalyzeLimits96, options?: RequestOptions96): Promise<MoveScore96[]>;
  /**
   * The best `limits.lines` moves (1-5), best first, each with its score and
   * line, searched on the client's threads (see `LinesLimits`); every
   * progress report carries them as `lines`. `{ lines: 3, depth: 60 }`
   * deepens until the game is solved: call {@link stop} to end it with the
   * lines of its last completed iteration (with `stopMode` `"terminate"`,
   * those of its last report, at once).
   */
  analyze(position: string, limits: LinesLimits, options?: RequestOptions): Promise<AnalysisLine[]>;
  /** Scores every legal move within `limits`, best first (a single `"pa"` when the side must pass). */
  analyze(position: string, limits?: Limits, options?: RequestOptions): Promise<MoveScore[]>;
  /** Either board's analysis, for limits whose board is known only at run time. */
  analyze(position: string, limits: Limits | LinesLimits | AnalyzeLimits96, options?: RequestOptions | RequestOptions96): Promise<MoveScore[] | AnalysisLine[] | MoveScore96[]>;

  /**
   * Ends the running search or analysis with its best result so far (other
   * requests are not affected); resolves once that request has settled.
   * With `stopMode` `"flag"` the search stops within a few milliseconds and
   * keeps its table. With `"terminate"` the worker is replaced: a search
   * resolves with its last progress report, an analysis with `lines` with
   * the lines of its last report; another analysis (or a search stopped
   * before its first report) is searched again on the new worker with its own
   * limits lowered to the depth and confidence of its last completed
   * iteration (depth 1 when none finished), within at most twice the time it
   * had taken (at least 250 ms, never more than its own `timeMs`; a search
   * on a `clock` is searched again on a clock of at most 250 ms). That
   * second run can be ended by {@link abort} or {@link terminate}.
   */
  stop(): Promise<void>;

  /**
   * Ends the running search or analysis without a result, for a request that
   * is no longer needed: its promise rejects with an `Error` named
   * `"AbortError"` (message `<method>: aborted`); resolves once it has
   * settled. Nothing is searched again. With `stopMode` `"flag"` the search
   * stops within a few milliseconds and keeps its table; with `"terminate"`
   * the worker is replaced at once. Other requests (and a running request
   * that is not a search) are not affected.
   */
  abort(): Promise<void>;

  /**
   * Rejects every pending request with an `Error` and ends the worker. The
   * client can still be used: a later request starts a new worker.
   */
  terminate(): void;

  addEventListener<K extends keyof EngineClientEventMap>(
    type: K,
    listener: (this: EngineClient, event: EngineClientEventMap[K]) => void,
    options?: boolean | ListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: ((event: Event) => void) | { handleEvent(event: Event): void } | null,
    options?: boolean | ListenerOptions,
  ): void;
  removeEventListener<K extends keyof EngineClientEventMap>(
    type: K,
    listener: (this: EngineClient, event: EngineClientEventMap[K]) => void,
    options?: boolean | ListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: ((event: Event) => void) | { handleEvent(event: Event): void } | null,
    options?: boolean | ListenerOptions,
  ): void;
}
