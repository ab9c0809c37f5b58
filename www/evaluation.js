// What is known of the game's positions' scores, shown: the evaluation
// graph (a slider over the game: a click or its keys move through the
// record), the review of the move that led to the board ("best was c4"),
// and the engine panel while no search of the board's position runs (its
// known score and best moves). Scores come from the engine's searches
// (analysis.js keeps them) or, for a finished game, its result.
import { score, status } from './board-kind.js';
import { sentences, t } from './i18n.js';
import { drawGraph } from './graph.js';
import { reviewText } from './analysis.js';
import { sideScore } from './score-text.js';
import { scoreBoard, sideWords } from './players.js';

/**
 * @typedef {object} EvaluationParts
 * @property {import('./page-game.js').PageGame} game
 * @property {import('./analysis.js').AnalysisStore} store
 * @property {import('./thinking.js').ThinkingPanel} thinking
 * @property {{ graph: SVGSVGElement, review: HTMLElement, scoreLegend: HTMLElement }} elements the graph, the
 *   review line and the legend of the scores
 * @property {(ply: number) => void} jump shows the board after `ply` plies of the record
 * @property {() => void} navigated the board moved through the record (the cursor set here)
 */

export class EvaluationView {
  /** @param {EvaluationParts} parts */
  constructor({ game, store, thinking, elements, jump, navigated }) {
    this.game = game;
    this.store = store;
    this.thinking = thinking;
    this.elements = elements;
    this.jump = jump;
    this.navigated = navigated;
    /** @type {{ plyAt: (clientX: number) => number } | null} the graph drawn last */
    this.graph = null;
  }

  /** The graph is drawn again when its width changes (it is drawn in CSS pixels). */
  watchWidth() {
    new ResizeObserver(() => { if (this.game.record) this.renderGraph(); }).observe(this.elements.graph);
  }

  /** A click on the graph, or its keys (a slider's), move through the record. */
  bind() {
    const { graph } = this.elements;
    graph.addEventListener('click', (event) => {
      if (!this.graph || this.game.setup) return;
      this.jump(this.graph.plyAt(event.clientX));
    });
    graph.addEventListener('keydown', (event) => {
      if (this.game.setup) return;
      const record = this.game.record;
      const target = {
        ArrowLeft: record.cursor - 1, ArrowDown: record.cursor - 1,
        ArrowRight: record.cursor + 1, ArrowUp: record.cursor + 1,
        Home: 0, End: record.moves.length, PageUp: record.cursor + 10, PageDown: record.cursor - 10,
      }[event.key];
      if (target === undefined) return;
      event.preventDefault();
      // Stepping back over a pass lands on the move before it.
      if (target < record.cursor) {
        record.cursor = Math.max(0, target);
        while (record.cursor > 0 && record.moves[record.cursor] === 'pa') record.cursor -= 1;
      } else {
        record.jump(target);
      }
      this.navigated();
    });
  }

  /**
   * What is known of `position`'s score, for Black: `{ black, kind, depth, confidence }` from the engine's
   * searches, or a finished game's result; undefined when nothing is.
   * @param {string} position
   * @returns {{ black: number, kind: string, depth: number, confidence: number } | undefined}
   */
  knownScore(position) {
    if (status(position).status === 'gameover') {
      return { black: score(position).final, kind: 'exact', depth: 0, confidence: 100 };
    }
    const entry = this.store.scores.get(position);
    return entry === undefined ? undefined : { ...entry };
  }

  /** Draws the graph of the game's known scores, its cursor at the board, and says the board's score. */
  renderGraph() {
    const { elements } = this;
    const record = this.game.record;
    const { kind } = record;
    // A proven win, loss or draw has no margin to draw (its ±2 or 0 would draw a close game).
    const scores = record.positions.map((position) => {
      const known = this.knownScore(position);
      return known?.kind === 'wld' ? undefined : known?.black;
    });
    const words = sideWords(kind);
    const sides = { black: t('graph.ahead', { side: words.black }), white: t('graph.ahead', { side: words.white }) };
    this.graph = drawGraph(elements.graph, scores, record.moves.length, record.cursor, sides);
    elements.graph.setAttribute('aria-valuemax', String(record.moves.length));
    elements.graph.setAttribute('aria-valuenow', String(record.cursor));
    const shown = this.knownScore(record.position);
    const where = t('graph.valueText', { ply: record.movesPlayed(record.cursor), plies: record.movesPlayed() });
    const said = shown === undefined ? '' : sideScore(shown.black, shown.kind, scoreBoard(kind));
    elements.graph.setAttribute('aria-valuetext', `${where}${said ? `, ${said}` : ''}`);
    elements.graph.dataset.score = said;
    elements.graph.setAttribute('aria-label', t('graph.label', sideWords(kind)));
    // The 96-square board's sides are Red and White.
    elements.scoreLegend.textContent = kind.id === 96
      ? sentences(t('score.legendRed'), t('score.legend96')) : t('score.legend');
  }

  /** The review of the move that led to the board: "best was c4 (White +3), played d3 (Black +1)". */
  renderReview() {
    const { kind } = this.game.record;
    /** @type {(score: number, scoreKind: string, mover: string) => string} */
    const named = (score, scoreKind, mover) => sideScore(
      mover === 'black' ? score : -score, scoreKind, scoreBoard(kind),
    );
    this.elements.review.textContent = reviewText(this.store, this.game.record, named);
  }

  /**
   * The engine panel, when no search of the board's position runs: what is
   * known about that position (its score for the graph, its analysed best
   * moves), or nothing.
   */
  showKnown() {
    const record = this.game.record;
    const entry = this.knownScore(record.position);
    if (!entry || this.game.setup !== null) {
      this.thinking.clear();
      return;
    }
    const list = this.store.lists.get(record.position) ?? [];
    const best = list.filter((move) => move.score === list[0].score).map((move) => move.move);
    this.thinking.showKnown({ ...entry, score: sideScore(entry.black, entry.kind, scoreBoard(record.kind)), best });
  }
}
