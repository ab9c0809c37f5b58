// The engine panel: while the engine searches, its score (in words, for the
// side it names: score-text.js), depth (with the confidence of a selective
// search), time and line; while it does not, what is known about the
// position on the board. Its diagnostics (nodes per second, the threads it
// searches on, its build, how soon it answered first) sit in the panel's
// "About the engine" disclosure.
import { t } from './i18n.js';
import { LANGUAGE_EVENT } from './language.js';

/**
 * How a search found its score: "12@95%", "book", "exact 20", "WLD 22"; "game over" for a finished game's result.
 * @param {{ kind: string, depth: number, confidence?: number }} report
 * @returns {string}
 */
export function depthText(report) {
  if (report.kind === 'depth') {
    const confidence = report.confidence ?? 100;
    return `${report.depth}${confidence < 100 ? `@${confidence}%` : ''}`;
  }
  if (report.kind === 'exact' && report.depth === 0) return t('engine.final');
  if (report.kind === 'book') return t('engine.book');
  return t(report.kind === 'exact' ? 'engine.exact' : 'engine.wld', { depth: report.depth });
}

/**
 * A line of moves as a player reads it: the squares, a pass in words.
 * @param {string[]} moves squares and 'pa'
 * @returns {string}
 */
export function lineText(moves) {
  return moves.map((move) => (move === 'pa' ? t('moves.pass') : move)).join(' ');
}

export class ThinkingPanel {
  /**
   * @param {{ depth: HTMLElement, score: HTMLElement, nps: HTMLElement, time: HTMLElement, pv: HTMLElement,
   *   threads: HTMLElement, build?: HTMLElement, ready?: HTMLElement }} fields
   */
  constructor({ depth, score, nps, time, pv, threads, build, ready }) {
    this.fields = { depth, score, nps, time, pv };
    this.threads = threads;
    this.build = build ?? null;
    this.ready = ready ?? null;
    /** What showThreads and showReady were last told, shown again in another language. */
    this.shown = { threads: null, readyMs: null };
    document.addEventListener(LANGUAGE_EVENT, () => {
      if (this.shown.threads) this.showThreads(this.shown.threads);
      if (this.shown.readyMs !== null) this.showReady(this.shown.readyMs);
    });
  }

  /**
   * Shows the threads the engine's worker searches on (EngineClient's
   * `threads`: `{ threads, build, note }`); kept across jobs. The note,
   * saying why fewer threads than the machine has, is the field's tooltip.
   * @param {{ threads: number, build: string, note: string | null }} info
   */
  showThreads({ threads, build, note }) {
    this.shown.threads = { threads, build, note };
    this.threads.textContent = String(threads);
    const why = note ?? (build === 'threaded' ? t('engine.lazySmp') : '');
    this.threads.title = why;
    const count = t('engine.threadCount', { count: threads });
    this.threads.setAttribute('aria-label', why ? t('engine.threadsWhy', { threads: count, why }) : count);
    if (this.build) this.build.textContent = t(build === 'threaded' ? 'engine.buildThreaded' : 'engine.buildSingle');
  }

  /**
   * Shows how long the engine took to give its first answer after the page loaded it.
   * @param {number} ms
   */
  showReady(ms) {
    this.shown.readyMs = ms;
    if (this.ready) this.ready.textContent = t('engine.readyMs', { ms });
  }

  /** Empties every field (a new job, or the board changed under the last one). */
  clear() {
    for (const field of Object.values(this.fields)) field.textContent = '–';
  }

  /**
   * Empties every field and says `text` on the line's place (a search that reports only at its end).
   * @param {string} text
   */
  say(text) {
    this.clear();
    this.fields.pv.textContent = text;
  }

  /**
   * Shows a progress report of a search that began at `startedAt`; `score` is its score in words.
   * @param {{ kind: string, depth: number, confidence?: number, nps?: number, elapsedMs?: number, pv?: string[] }} report
   * @param {string} score
   * @param {number} startedAt
   */
  show(report, score, startedAt) {
    const { depth, nps, time, pv } = this.fields;
    depth.textContent = depthText(report);
    this.fields.score.textContent = score;
    // A book answer searched nothing, and a finished game needs no search: no speed to show.
    const speed = report.kind === 'book' ? 0 : report.nps ?? 0;
    nps.textContent = speed <= 0 ? '–' : speed >= 1e6 ? `${(speed / 1e6).toFixed(1)} M` : `${Math.round(speed / 1e3)} k`;
    const seconds = (Math.max(report.elapsedMs ?? 0, performance.now() - startedAt) / 1000).toFixed(1);
    time.textContent = t('engine.seconds', { seconds });
    pv.textContent = lineText(report.pv ?? []) || '–';
  }

  /**
   * Shows what is known about the position on the board (no search running
   * for it): its score in words and how it was found, and its best moves.
   * `known` null: nothing is known, every field is empty.
   * @param {{ score: string, kind: string, depth: number, confidence?: number, best: string[] } | null} known
   */
  showKnown(known) {
    this.clear();
    if (known === null) return;
    this.fields.score.textContent = known.score;
    this.fields.depth.textContent = depthText(known);
    if (known.best.length > 0) this.fields.pv.textContent = lineText(known.best);
  }
}
