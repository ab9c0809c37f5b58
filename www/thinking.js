// The thinking panel: depth (with the confidence of a selective search),
// score for the side searched, nodes per second, time, the line, and the
// threads the engine searches on.
import { formatScore } from './board-view.js';

export class ThinkingPanel {
  constructor({ depth, score, nps, time, pv, threads }) {
    this.fields = { depth, score, nps, time, pv };
    this.threads = threads;
  }

  /**
   * Shows the threads the engine's worker searches on (EngineClient's
   * `threads`: `{ threads, build, note }`); kept across jobs. The note,
   * saying why fewer threads than the machine has, is the field's tooltip.
   */
  showThreads({ threads, build, note }) {
    this.threads.textContent = String(threads);
    const why = note ?? (build === 'threaded' ? 'threads share one transposition table (Lazy SMP)' : '');
    this.threads.title = why;
    this.threads.setAttribute('aria-label', `${threads} thread${threads === 1 ? '' : 's'}${why ? `: ${why}` : ''}`);
  }

  /** Empties every field (a new job, or the board changed under the last one). */
  clear() {
    for (const field of Object.values(this.fields)) field.textContent = '–';
  }

  /** Empties every field and says `text` on the line's place (a search that reports only at its end). */
  say(text) {
    this.clear();
    this.fields.pv.textContent = text;
  }

  /** Shows a progress report of a search of `side`'s move that began at `startedAt`. */
  show(report, side, startedAt) {
    const { depth, score, nps, time, pv } = this.fields;
    depth.textContent = report.kind === 'depth'
      ? `${report.depth}${report.confidence < 100 ? `@${report.confidence}%` : ''}`
      : report.kind === 'book' ? 'book' : `${report.kind === 'exact' ? 'exact' : 'WLD'} ${report.depth}`;
    score.textContent = `${formatScore(report.score, report.kind)} ${side}`;
    // A book answer searched nothing: no speed to show.
    nps.textContent = report.kind === 'book' ? '–'
      : report.nps >= 1e6 ? `${(report.nps / 1e6).toFixed(1)} M` : `${Math.round(report.nps / 1e3)} k`;
    time.textContent = `${(Math.max(report.elapsedMs ?? 0, performance.now() - startedAt) / 1000).toFixed(1)} s`;
    pv.textContent = (report.pv ?? []).join(' ') || '–';
  }
}
