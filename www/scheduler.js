// What the engine does for the page, as one object with explicit states:
//
//   idle      nothing wanted (game over, a human to move without hints, ...)
//   move      searching the engine's move (or asking a seed player for it)
//   hints     scoring every legal move of the player's position
//   ahead     thinking ahead on the player's time (BILL's idea): searching
//             the position after the reply it expects
//   analysis  analysing the whole game (started and ended by the page)
//   lines     the analysis panel's best lines of the position on the board,
//             deepening until stopped (analysis-panel.js)
//   solve     the analysis panel's solve of the position on the board
//
// `schedule()` looks at the page (its `host`: the record, who plays, the
// clock) and starts the one job that fits, cancelling any other. Results go
// back through the host's callbacks; the page owns the game record.
import { play, sideName, status } from './board-kind.js';
import { CANCELLED } from './engine.js';
import { BOOK_VARIETY, clockLimitsFor, limitsFor } from './levels.js';
import { t } from './i18n.js';
import { errorText } from './error-text.js';
import { DEPTHS } from './pkg/limits.js';

/** Longest think-ahead search while the player thinks. */
const THINK_AHEAD_MS = 120_000;
/** The quick search that guesses the player's reply when the engine's line does not say. */
const PREDICTION_LIMITS = { depth: 8, timeMs: 500 };
/** Pause between moves in untimed engine-against-engine games, so they can be watched. */
const ENGINE_GAME_PAUSE_MS = 250;
/**
 * The analysis panel's lines: deepening to the end of the game (where it
 * solves exactly) at the confidence of the page's other timed searches,
 * until the position changes or the player stops it.
 */
const LIVE_LIMITS = { depth: DEPTHS.max, confidence: 95 };

/**
 * What the analysis panel (analysis-panel.js) wants of the engine and hears
 * back from it: the scheduler asks it for the position on the board.
 * @typedef {object} StudyPanel
 * @property {(position: string) => { lines: number, solve: 'exact' | 'wld' | null } | null} wanted
 *   the lines wanted in `position` (and a solve of it), or null: none
 * @property {(position: string, report: any) => void} progress a report of the study of `position`
 * @property {(position: string, lines: any[]) => void} done the study of `position` ended with `lines`
 */

export class EngineScheduler {
  /**
   * `host` is the page: `record` (its `kind`: the board), `settings`, `level`
   * (the engine's level on that board), `hintLimits`, `paused`, `blocked`
   * (set-up), `isEngineTurn(state)`, `players()`, `gameSeed`,
   * `clockLimits(side)` ({ remainingMs, incrementMs, memory } or null), and the callbacks
   * `playEngineMove(position, report)`, `hintsReady(position, moves)`,
   * `changed()` (state or trouble changed), `progress(report)`,
   * `clearProgress()`, `moveFailed()`.
   */
  constructor(engine, host) {
    this.engine = engine;
    this.host = host;
    /** 'idle', 'move', 'hints', 'ahead', 'analysis', 'lines' or 'solve' (above). */
    this.state = 'idle';
    /** The job the page wants now (its key), so that it is not started twice. */
    this.wanted = null;
    /** The hint analysis of one position: { position, moves }. */
    this.hints = null;
    /** The think-ahead run: { position, predicted, next, started, promise, result }. */
    this.ahead = null;
    /** The reply the engine expects after its own move: { position, move }. */
    this.expected = null;
    /** @type {StudyPanel | null} the analysis panel, once attached */
    this.study = null;
    /** @type {{ key: string, position: string } | null} the study that ended: not started again until the position or the panel's wish changes */
    this.studied = null;
    /** The position and side whose move is being searched (its scores are for that side), or null. */
    this.thinkingFor = null;
    /** When the current job began. */
    this.startedAt = performance.now();
    /** What went wrong with the engine, shown until its next successful job (or null). */
    this.trouble = null;
    this.metrics = {};
  }

  /**
   * What the board calls the side whose move is being searched, in the
   * language shown: "Black", "Red", "White".
   * @returns {string}
   */
  get thinkingSide() {
    const thinking = this.thinkingFor;
    return thinking ? sideName(thinking.position, thinking.side) : t('side.black');
  }

  #enter(state) {
    this.state = state;
    this.host.changed();
  }

  /** Forgets what belonged to the game on the board (hints, predictions). */
  forgetGame() {
    this.hints = null;
    this.ahead = null;
    this.expected = null;
  }

  /** Decides what the engine should do for the position on the board. */
  schedule() {
    const host = this.host;
    if (this.state === 'analysis' || host.blocked) return;
    const record = host.record;
    const state = record.state;
    const position = record.position;
    // A study that ended belongs to its position: back there later, it starts again.
    if (this.studied?.position !== position) this.studied = null;
    if (state.status === 'gameover') return this.idle();
    if (!host.flagged && host.isEngineTurn(state) && !host.paused) return this.#engineMove(position, state);
    // The analysis panel's study of the position on the board comes after the engine's own move.
    const wanted = this.study?.wanted(position) ?? null;
    if (wanted !== null) return this.#study(position, wanted);
    if (host.flagged) return this.idle();
    // Paused on the engine's turn, the position can be studied like the player's own.
    if (host.settings.hints && this.hints?.position !== position) return this.#showHints(position);
    const opponent = host.players()[state.toMove === 'black' ? 'white' : 'black'];
    const searching = host.level.kind === 'engine' && host.record.kind.features.thinkAhead;
    if (host.settings.thinkAhead && searching && opponent === 'engine' && !host.isEngineTurn(state)) {
      return this.#thinkAhead(position, state);
    }
    this.idle();
  }

  /** Stops whatever the engine does. */
  idle() {
    this.wanted = null;
    this.engine.cancel();
    if (this.state !== 'idle') this.#enter('idle');
  }

  /** Ends the engine's move search with its best move so far. */
  moveNow() {
    if (this.state === 'move') this.engine.moveNow();
  }

  /** The analysis panel's wish changed: its study starts again (or stops) as it now wants. */
  studyChanged() {
    this.studied = null;
    this.schedule();
  }

  /** Ends the analysis panel's study with the lines it has found (they are its result). */
  stopStudy() {
    if (this.state === 'lines' || this.state === 'solve') this.engine.moveNow();
  }

  /** The whole-game analysis takes the engine (analysis.js runs it). */
  async beginAnalysis() {
    this.wanted = null;
    this.#enter('analysis');
    await this.engine.cancel();
  }

  endAnalysis() {
    this.state = 'idle';
    this.host.changed();
  }

  /**
   * Runs one engine job for `position`: `start()` is its request. `key`
   * names it (a job already wanted is not started twice), `what` is the
   * state shown. Resolves to its result or CANCELLED; a failure is shown.
   */
  async #job(key, what, position, start) {
    if (this.wanted === key) return CANCELLED;
    this.wanted = key;
    this.thinkingFor = { position, side: status(position).toMove };
    this.startedAt = performance.now();
    this.host.clearProgress();
    this.#enter(what);
    try {
      const result = await start();
      if (result !== CANCELLED) this.trouble = null;
      this.#finish(key);
      return result;
    } catch (error) {
      this.#finish(key);
      this.#failed(error, what === 'move' && this.host.record.position === position);
      return CANCELLED;
    }
  }

  #finish(key) {
    if (this.wanted === key) {
      this.wanted = null;
      this.state = 'idle';
    }
    this.host.changed();
  }

  /**
   * Shows an engine failure until the next successful job. A failed move
   * (the worker failed again after its restarts, or refused the request)
   * pauses the game, so that "Engine, play" tries again on a new worker.
   */
  #failed(error, onMove) {
    this.trouble = t('engine.error', { message: errorText(error) });
    if (onMove && this.host.isEngineTurn()) this.host.moveFailed();
    this.host.changed();
  }

  async #engineMove(position, state) {
    const host = this.host;
    const level = host.level;
    const started = performance.now();
    const report = level.kind === 'player'
      ? await this.#playerReply(level, position)
      : await this.#searchReply(level, position, state);
    if (report === CANCELLED || host.record.position !== position) return;
    const clocked = host.clockLimits(state.toMove) !== null;
    if (host.settings.mode === 'engine-engine' && !clocked) {
      const wait = ENGINE_GAME_PAUSE_MS - (performance.now() - started);
      if (wait > 0) await new Promise((done) => setTimeout(done, wait));
    }
    if (host.record.position !== position || host.paused || host.blocked || this.state === 'analysis'
      || !host.isEngineTurn()) return;
    this.metrics.lastMove = { ...report, level: level.id, answerMs: Math.round(performance.now() - started) };
    this.expected = report.pv.length > 1 && report.best !== null
      ? { position: play(position, report.best), move: report.pv[1] }
      : null;
    host.playEngineMove(position, report);
  }

  /**
   * The engine's search for its move at an engine level: its report, or CANCELLED.
   * @returns {Promise<any>}
   */
  async #searchReply(level, position, state) {
    const clock = this.host.clockLimits(state.toMove);
    const levelLimits = clock
      ? clockLimitsFor(level, clock.remainingMs, clock.incrementMs, clock.memory)
      : limitsFor(level, this.host.settings.moveTime);
    const limits = this.#withBook(levelLimits, this.host.record.cursor);
    const key = `move ${position} ${level.id} ${clock ? 'clock' : JSON.stringify(limits)}`;
    if (this.wanted === key) return CANCELLED;
    let report = CANCELLED;
    // On the clock a new search reuses the think-ahead's table; without one the search itself is adopted.
    if (level.timed && !clock && this.ahead?.next === position) report = await this.#adoptThinkAhead(key, limits.timeMs);
    if (report === CANCELLED && this.host.record.position === position && this.wanted !== key) {
      report = await this.#job(key, 'move', position, () => this.engine.run('search', position, limits, (r) => this.host.progress(r)));
    }
    if (report !== CANCELLED && this.host.record.position === position) this.host.noteSearch(position, report);
    return report;
  }

  /**
   * `limits` for the engine's move at ply `cursor`: in the opening book the
   * engine answers at once, with one of the moves near the best drawn for
   * this game and ply (games differ), unless the level or the player's
   * setting turned the book off.
   */
  #withBook(limits, cursor) {
    // A board without a book (the 96-square one) gets its limits as they are.
    if (!this.host.record.kind.features.book) return { ...limits };
    if (limits.book === false || !this.host.settings.book) return { ...limits, book: false };
    return { bookVariety: BOOK_VARIETY, bookSeed: this.host.gameSeed * 128 + cursor, ...limits };
  }

  /**
   * The move of a seed player level (PAIP's and BILL's programs, run in the
   * engine's worker) as a report `{ best, pv: [], player }`, or CANCELLED.
   * The player's "pass" is the record's "pa".
   * @returns {Promise<any>}
   */
  async #playerReply(level, position) {
    const key = `player ${level.spec} ${position}`;
    if (this.wanted === key) return CANCELLED;
    const seed = this.host.gameSeed * 128 + this.host.record.cursor;
    const move = await this.#job(key, 'move', position, () => this.engine.playerMove(level.spec, position, seed));
    if (move === CANCELLED) return CANCELLED;
    return { best: move, pv: [], player: level.spec };
  }

  /** The player played the expected move: the think-ahead search goes on as the engine's move search. */
  async #adoptThinkAhead(key, timeMs) {
    const run = this.ahead;
    this.ahead = null;
    if (run.result !== null) return run.result;
    if (this.engine.job?.position !== run.next) return CANCELLED;
    this.wanted = key;
    this.thinkingFor = { position: run.next, side: status(run.next).toMove };
    this.#enter('move');
    this.metrics.thinkAheadHits = (this.metrics.thinkAheadHits ?? 0) + 1;
    const remaining = timeMs - (performance.now() - run.started);
    const timer = setTimeout(() => { if (this.wanted === key) this.engine.moveNow(); }, Math.max(0, remaining));
    const report = await run.promise;
    clearTimeout(timer);
    this.#finish(key);
    return report;
  }

  async #showHints(position) {
    const start = () => this.engine.run('analyze', position, this.host.hintLimits, (r) => this.host.progress(r));
    const moves = await this.#job(`hints ${position}`, 'hints', position, start);
    if (moves === CANCELLED || this.host.record.position !== position) return;
    this.hints = { position, moves };
    this.host.hintsReady(position, moves);
  }

  /**
   * The analysis panel's lines of `position` (`wanted.lines` of them),
   * deepening until stopped, or its solve: reports and the result go to the
   * panel, which keeps only those of the position on the board.
   */
  async #study(position, wanted) {
    const key = `study ${position} ${wanted.lines} ${wanted.solve ?? 'live'}`;
    if (this.wanted === key || this.studied?.key === key) return;
    const study = this.study;
    const limits = wanted.solve === null ? { ...LIVE_LIMITS, lines: wanted.lines } : { lines: wanted.lines, [wanted.solve]: true };
    const onProgress = (report) => {
      this.host.progress(report);
      study.progress(position, report);
    };
    const start = () => this.engine.run('analyze', position, limits, onProgress, { endless: true });
    const lines = await this.#job(key, wanted.solve === null ? 'lines' : 'solve', position, start);
    if (lines === CANCELLED) return;
    this.studied = { key, position };
    study.done(position, lines);
  }

  async #thinkAhead(position, state) {
    const key = `ahead ${position}`;
    if (this.wanted === key) return;
    const expected = this.expected;
    let predicted = expected?.position === position && state.moves.includes(expected.move) ? expected.move : null;
    if (predicted === null) {
      const quick = await this.#job(key, 'ahead', position, () => this.engine.run('search', position, PREDICTION_LIMITS, (r) => this.host.progress(r)));
      if (quick === CANCELLED || this.host.record.position !== position || this.wanted !== null || quick.best === null) return;
      predicted = quick.best;
    }
    const next = play(position, predicted);
    const run = { position, predicted, next, started: performance.now(), result: null };
    this.wanted = key;
    this.ahead = run;
    this.startedAt = run.started;
    this.thinkingFor = { position: next, side: status(next).toMove };
    this.host.clearProgress();
    this.#enter('ahead');
    // The search the engine's move adopts if the player plays as predicted: the same book settings.
    const limits = this.#withBook({ timeMs: THINK_AHEAD_MS }, this.host.record.cursor + 1);
    run.promise = this.engine.run('search', next, limits, (r) => this.host.progress(r)).catch(() => CANCELLED);
    const result = await run.promise;
    if (result !== CANCELLED) run.result = result;
    this.#finish(key);
  }
}
