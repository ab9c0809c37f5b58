// What the engine found about the game's positions, and the analysis of a
// whole game. Two kinds of knowledge are kept per position (its line, of
// either board: board-kind.js):
// - a *score* for the graph, from the first side's (Black's, Red's): `{ black, kind, depth,
//   confidence, analysed? }`, from any search of that position;
// - a *move list*: one `analyze` of every legal move in that position with
//   the same limits, `[{ move, score, kind, depth, confidence }]` best
//   first. A move's loss is the best score minus the played move's score
//   from that one list, so two searches of different positions (whose
//   scores swing between odd and even plies) are never compared.
import { score, status } from './board-kind.js';
import { nameOf as sideName } from './result.js';
import { CANCELLED } from './engine.js';
import { GAME_ANALYSIS_LIMITS } from './levels.js';
import { t } from './i18n.js';

/** Discs a move may lose before it is marked as a mistake (?) or a blunder (??). */
export const MISTAKE = 4;
export const BLUNDER = 8;
/** Depth-limited move lists shallower than this are too rough to call a move a mistake. */
const TRUSTED_DEPTH = 8;
// From the least to the best founded: a book value comes from a search
// deeper than the page's, a proven score is proven.
const SCORE_KINDS = ['depth', 'book', 'wld', 'exact'];

export class AnalysisStore {
  constructor() {
    /** Position -> graph score (Black's side). */
    this.scores = new Map();
    /** Position -> move list of one `analyze`. */
    this.lists = new Map();
  }

  clear() {
    this.scores.clear();
    this.lists.clear();
  }

  /** Keeps a search's score of `position` (for its side to move), if better founded than the one kept. */
  noteSearch(position, report) {
    const black = status(position).toMove === 'black';
    this.#keepScore(position, {
      black: black ? report.score : -report.score,
      kind: report.kind, depth: report.depth, confidence: report.confidence ?? 100,
    });
  }

  /** Keeps `moves` (an `analyze` result) for `position`, and its best score for the graph. */
  noteList(position, moves) {
    if (moves.length === 0) return;
    const old = this.lists.get(position);
    if (!old || !outranks(old[0], moves[0])) this.lists.set(position, moves.map((entry) => ({ ...entry })));
    this.noteSearch(position, moves[0]);
  }

  /**
   * Sets the graph score of `position` found by the game analysis (the mean
   * of two depths); a proven score (exact, win/loss/draw) kept already stays.
   */
  setScore(position, entry) {
    const old = this.scores.get(position);
    const kept = old && old.kind !== 'depth' && outranks(old, entry) ? { ...old } : { ...entry };
    this.scores.set(position, { ...kept, analysed: true });
  }

  /**
   * Black's score of `position` for the graph, in discs: undefined when it
   * is not known, or when only its win, loss or draw is proven (such a
   * search's score, ±2 or 0, is no disc count and would draw a close game).
   */
  graphScore(position) {
    const entry = this.scores.get(position);
    return entry && entry.kind !== 'wld' ? entry.black : undefined;
  }

  #keepScore(position, found) {
    const old = this.scores.get(position);
    // The game analysis' score (free of the odd/even swing) gives way only to a proven one.
    const sticky = old?.analysed && found.kind === 'depth';
    // A win/loss/draw proof has no margin: an estimate in discs that agrees with it stays.
    const agrees = found.kind === 'wld' && (old?.kind === 'depth' || old?.kind === 'book') &&
      Math.sign(old.black) === Math.sign(found.black);
    const kept = old && (sticky || agrees || outranks(old, found)) ? { ...old } : found;
    if (old?.analysed) kept.analysed = true;
    this.scores.set(position, kept);
  }

  /**
   * The review of ply `index` of `record` (the move played from
   * `record.positions[index]`): `{ move, best, bestScore, playedScore, loss }`
   * from that position's move list, scores for the side that moved; null
   * when the position has no trusted list or the move is a pass.
   */
  review(record, index) {
    const move = record.moves[index];
    const list = this.lists.get(record.positions[index]);
    if (move === 'pa' || !list || !trusted(list[0])) return null;
    const played = list.find((entry) => entry.move === move);
    if (!played) return null;
    const best = list[0];
    const comparable = best.kind !== 'wld' && played.kind !== 'wld';
    return {
      move, best: best.move, bestScore: best.score, bestKind: best.kind, playedScore: played.score, playedKind: played.kind,
      loss: comparable ? Math.max(0, best.score - played.score) : undefined,
    };
  }

  /** The discs each move of `record` lost against the best move, by ply; undefined where unknown. */
  losses(record) {
    return record.moves.map((_, index) => this.review(record, index)?.loss);
  }

  /** Whether "Analyse game" can skip `position`: analysed already at its limits. */
  analysed(position) {
    return this.scores.get(position)?.analysed === true;
  }
}

/** Whether score `a` is better founded than `b` (exact, then win/loss/draw, then the book, then the deeper). */
function outranks(a, b) {
  const rank = SCORE_KINDS.indexOf(a.kind) - SCORE_KINDS.indexOf(b.kind);
  return rank !== 0 ? rank > 0 : a.kind === 'depth' && a.depth > b.depth;
}

function trusted(entry) {
  return entry.kind !== 'depth' || entry.depth >= TRUSTED_DEPTH;
}

/**
 * Analyses every position of `positions` not analysed yet: each legal move
 * scored by one `analyze` at GAME_ANALYSIS_LIMITS (the move list), and once
 * more one ply shallower; the graph gets the mean of the two best scores.
 * `onPosition(ply)` is called after each and `onProgress(report, position)`
 * with the engine's progress; `stopped()` ends the run early.
 * Resolves to { searched, skipped, finished }; rejects on an engine failure.
 */
export async function analysePositions({ engine, positions, store, onPosition, onProgress, stopped }) {
  const counts = { searched: 0, skipped: 0, finished: false };
  const deep = GAME_ANALYSIS_LIMITS;
  const shallow = { ...deep, depth: deep.depth - 1 };
  for (let ply = 0; ply < positions.length; ply += 1) {
    if (stopped()) return counts;
    const position = positions[ply];
    const state = status(position);
    if (store.analysed(position)) {
      counts.skipped += 1;
    } else if (state.status === 'gameover') {
      store.setScore(position, { black: score(position).final, kind: 'exact', depth: 0, confidence: 100, analysed: true });
    } else {
      counts.searched += 1;
      const report = (progress) => onProgress(progress, position);
      const first = await engine.run('analyze', position, shallow, report);
      if (first === CANCELLED) return counts;
      const second = await engine.run('analyze', position, deep, report);
      if (second === CANCELLED) return counts;
      store.noteList(position, second);
      const sign = state.toMove === 'black' ? 1 : -1;
      const best = second[0];
      const mean = best.kind === 'depth' && first[0].kind === 'depth'
        ? Math.round((first[0].score + best.score) / 2)
        : best.score;
      store.setScore(position, {
        black: sign * mean, kind: best.kind, depth: best.depth, confidence: best.confidence, analysed: true,
      });
    }
    onPosition(ply);
  }
  counts.finished = true;
  return counts;
}

/**
 * The review of the move that led to the board at `record.cursor` (passes
 * skipped), in words: "Move 4 (White d3): best was c4 (White +3), this move
 * Black +1: 4 discs lost."; '' when that position has no trusted move list.
 * Moves are numbered by discs placed (record.js); a score names the side it
 * favours (score-text.js).
 */
export function reviewText(store, record, formatScore) {
  let index = record.cursor - 1;
  while (index >= 0 && record.moves[index] === 'pa') index -= 1;
  if (index < 0) return '';
  const review = store.review(record, index);
  if (!review) return '';
  const position = record.positions[index];
  const moverColor = status(position).toMove;
  const side = sideName(position, moverColor);
  const number = record.moveNumber(index);
  // A score names the side it favours (`formatScore` is given the mover's score and colour); a book move's
  // score is the book's: said so.
  const shown = (score, kind) => {
    const text = formatScore(score, kind, moverColor);
    return kind === 'book' ? t('review.book', { score: text }) : text;
  };
  const best = shown(review.bestScore, review.bestKind);
  if (review.best === review.move) return t('review.best', { number, side, move: review.move, score: best });
  const lost = review.loss === undefined ? '' : review.loss === 0 ? t('review.asGood') : t('review.lost', { loss: review.loss });
  return t('review.worse', {
    number, side, move: review.move, best: review.best, bestScore: best, score: shown(review.playedScore, review.playedKind), lost,
  });
}
