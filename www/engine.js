// The page's link to the engine: the package's EngineClient (pkg/client.js),
// which runs the package's worker (pkg/worker.js). This module adds what a
// page needs on top: one job at a time (a new job aborts the old one and its
// result is dropped), a watchdog that replaces a worker that stops reporting,
// and a retry on a new worker after a crash, so the game goes on.
import { EngineClient } from './pkg/client.js';
import { boardKindOf } from './board-kind.js';

/**
 * How many times its time a time-per-move search may take, at most, to
 * solve the endgame exactly (the engine's `ENDGAME_TIME_FACTOR`, in
 * crates/engine/src/time_manager.rs).
 */
const ENDGAME_TIME_FACTOR = 3;

/** A running search that reports nothing for this long is taken as hung. */
const SILENCE_MS = 4_000;
/** How often the watchdog looks. */
const WATCH_EVERY_MS = 500;
/** How many times a job is started again after its worker crashed or hung. */
const RETRIES = 2;

/** Thrown (as the result of `run`) when a newer job replaced this one. */
export const CANCELLED = Symbol('cancelled');

export class Engine extends EventTarget {
  constructor(options = {}) {
    super();
    // The page answers the rules itself (record.js); its client is for the worker alone.
    this.client = new EngineClient({ ...options, localRules: false });
    this.client.addEventListener('crash', (event) => this.#notice('crash', event.detail.message));
    this.job = null;
    this.sequence = 0;
    this.restarts = 0;
    this.lastWatch = performance.now();
    this.watchdog = setInterval(() => this.#watch(), WATCH_EVERY_MS);
    // A hidden tab's timers and worker may be frozen: silence while hidden is not a hang.
    globalThis.document?.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.#forgiveSilence();
    });
  }

  /**
   * Runs `kind` ('search' or 'analyze') on `position`, with the options of
   * its board (`board: 96` for a 96-square position, so that it never reaches
   * the 8x8 engine); resolves to its result,
   * or to CANCELLED when another job or cancel() replaced it. `onProgress`
   * receives the search's reports. Rejects when the worker failed more than
   * RETRIES times in a row, or for bad input. An `endless` job (an analysis
   * that deepens until it is stopped) has no timeout: only the watchdog's
   * silence ends it.
   * @param {'search' | 'analyze'} kind
   * @param {string} position
   * @param {Record<string, any>} boardLimits
   * @param {(report: any) => void} [onProgress]
   * @param {{ endless?: boolean }} [options]
   */
  run(kind, position, boardLimits, onProgress = () => {}, { endless = false } = {}) {
    const board = boardKindOf(position);
    /** @type {Record<string, any>} the page's limits and its board's (either board's: checked by the engine) */
    const limits = { ...boardLimits, ...board.engineOptions };
    // A search ends by its time limit (which a time per move may exceed
    // ENDGAME_TIME_FACTOR times to solve the endgame), or on a clock within the time left on it.
    const timeoutMs = endless ? undefined
      : (limits.timeMs !== undefined ? limits.timeMs * ENDGAME_TIME_FACTOR : limits.clock?.remainingMs ?? 60_000) + 15_000;
    // A board whose clock search reports only when it ends (the 96-square agent's
    // time manager) is silent for up to the time left on its clock: not a hang.
    const silenceMs = limits.clock && !board.features.clockProgress
      ? Math.max(SILENCE_MS, limits.clock.remainingMs)
      : SILENCE_MS;
    return this.#runJob(kind, position, silenceMs, (job) => this.client[kind](position, /** @type {any} */ (limits), {
      timeoutMs,
      onProgress: (report) => {
        job.lastSign = performance.now();
        if (!job.cancelled) onProgress(report);
      },
    }));
  }

  /**
   * The move of one of the seeds' players (`spec`, e.g. 'iago:4') as a job
   * like `run`: a square name or 'pass', or CANCELLED.
   */
  playerMove(spec, position, seed) {
    return this.#runJob('player', position, SILENCE_MS, () => this.client.playerMove(spec, position, seed));
  }

  /** Aborts the running job, if it is not `keep`, and drops its result (waits until it has settled). */
  async cancel(keep = -1) {
    const job = this.job;
    if (job === null || job.id === keep) return;
    job.cancelled = true;
    await this.client.abort();
  }

  /** Ends the running search with its best move so far; its result is used. */
  moveNow() {
    return this.client.stop();
  }

  /** Whether a job is running. */
  get busy() {
    return this.job !== null;
  }

  /**
   * One job at a time: `start(job)` is the request, started again on a new
   * worker after a crash or hang (no sign from it for `silenceMs`).
   */
  async #runJob(kind, position, silenceMs, start) {
    const id = ++this.sequence;
    await this.cancel(id);
    if (id !== this.sequence) return CANCELLED;
    const job = { id, kind, position, silenceMs, cancelled: false, lastSign: performance.now() };
    this.job = job;
    try {
      for (let attempt = 0; ; attempt += 1) {
        try {
          job.lastSign = performance.now();
          const value = await start(job);
          return job.cancelled ? CANCELLED : value;
        } catch (error) {
          if (job.cancelled) return CANCELLED;
          if (!isEngineFailure(error) || attempt >= RETRIES) throw error;
          this.restarts += 1;
          // A hang or a crash was announced already; a timeout was not.
          if (error?.name === 'TimeoutError') this.#notice('restart', error.message);
        }
      }
    } finally {
      if (this.job === job) this.job = null;
    }
  }

  /** A job that stopped reporting (its worker killed or stuck): replace the worker. */
  #watch() {
    const now = performance.now();
    const late = now - this.lastWatch > 2 * WATCH_EVERY_MS;
    this.lastWatch = now;
    // A late tick means the page itself was not running (a frozen or background tab).
    if (late) this.#forgiveSilence();
    const job = this.job;
    if (job === null || job.cancelled) return;
    if (now - job.lastSign > job.silenceMs) {
      job.lastSign = now;
      this.#notice('hung', `no answer from the engine for ${job.silenceMs / 1000} s`);
      // Rejects the pending request; the job starts it again on a new worker.
      this.client.terminate();
    }
  }

  /** The silence so far is not the worker's fault: count it from now. */
  #forgiveSilence() {
    if (this.job !== null) this.job.lastSign = performance.now();
  }

  #notice(type, message) {
    this.dispatchEvent(new CustomEvent('trouble', { detail: { type, message } }));
  }
}

/** Whether an error came from the worker dying or hanging rather than from bad input. */
export function isEngineFailure(error) {
  return error?.name === 'TimeoutError' || /the engine (crashed|client was terminated|could not be started)/.test(error?.message ?? '');
}
