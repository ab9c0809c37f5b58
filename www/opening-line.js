// One line of the opening trainer: from a start position, the engine plays
// one side from its opening book and the player the other, each of the
// player's moves judged against the book at once.
//
// - The book's values come from the engine's analysis of the position
//   (`analyze`: a book move gets its book value, kind 'book'). The best
//   book move is the one with the highest value; a move that loses more
//   than TOLERANCE discs against it, or that leaves the book, is flagged
//   with its loss in discs. A move that leaves the book is valued by a
//   search of the position after it (VALUE_LIMITS).
// - The engine replies with one of its book moves within ENGINE_VARIETY
//   discs of its best: one that leads to a position due for review
//   (opening-review.js) if there is one, else the one its own seeded
//   variety draws (`bookVariety`, `bookSeed`).
// - The line ends when the side to move has no book move, after the
//   player's `length` moves, or at the end of the game.
// Only a position's first try counts in the summary and the review.
import { play, status } from './pkg/index.js';
import { CANCELLED } from './engine.js';
import { flippedSquares } from './record.js';

/** A move losing more discs than this against the book's best move is flagged. */
export const TOLERANCE = 1;
/** The engine plays book moves within this many discs of its best. */
export const ENGINE_VARIETY = 1;
/** The analysis that gives every move of a book position its book value at once (the others are searched 1 deep). */
const BOOK_LIMITS = { depth: 1 };
/** The search that values a move leaving the book (from the position after it). */
const VALUE_LIMITS = { depth: 10, timeMs: 3000, book: false };
/** How many times a request the page cancelled (another job took the engine) is asked again. */
const RETRIES = 3;

/**
 * @typedef {{ move: string, score: number, kind: string }} MoveValue a move and its value for the side to move
 * @typedef {(kind: 'search' | 'analyze', position: string, limits: object) => Promise<any>} Ask runs an engine job
 *   (engine.js `run`): its result, or CANCELLED
 */

/**
 * @typedef {object} Judgement the player's first try in a position
 * @property {number} ply where in the line (plies from its start)
 * @property {string} position the position (an OBF line, the player to move)
 * @property {string} move the move tried
 * @property {number} value its value for the player, in discs (the book's, or a search's after it)
 * @property {number} best the best book move's value
 * @property {number} loss discs lost against the best book move (0 or more)
 * @property {boolean} leftBook the move is not a book move
 * @property {boolean} flagged more than TOLERANCE discs lost, or the book left
 * @property {MoveValue[]} bests the book moves within TOLERANCE of the best, best first
 */

/** Why a line ended. @typedef {'book' | 'length' | 'gameover' | 'stopped' | 'failed'} Ending */

/**
 * The discs on the board of an OBF line.
 * @param {string} position
 */
const boardOf = (position) => position.slice(0, 64);

export class OpeningLine {
  /**
   * @param {object} options
   * @param {string} options.start the position the line starts from (an OBF line)
   * @param {string[]} options.prelude the moves that led there (the opening's), shown before the line
   * @param {'black' | 'white'} options.color the player's side
   * @param {number} options.length the player's moves in the line at most
   * @param {string} options.opening the opening's key (opening-review.js)
   * @param {number} options.seed draws the engine's book replies (with the ply)
   * @param {Ask} options.ask
   * @param {import('./opening-review.js').OpeningReview} options.review
   * @param {() => void} options.changed called after each change
   */
  constructor({ start, prelude, color, length, opening, seed, ask, review, changed }) {
    this.start = start;
    this.prelude = prelude;
    this.color = color;
    this.length = length;
    this.opening = opening;
    this.seed = seed;
    this.ask = ask;
    this.review = review;
    this.changed = changed;
    /** @type {string[]} the positions of the line, from its start */
    this.positions = [start];
    /** @type {string[]} the moves played from the start ('pa' for a pass) */
    this.moves = [];
    /** @type {boolean[]} per move, whether the engine played it */
    this.byEngine = [];
    /** @type {'engine' | 'player' | 'checking' | 'flagged' | 'over'} what the line waits for */
    this.phase = 'engine';
    /** @type {{ position: string, moves: MoveValue[], best: number, bests: MoveValue[] } | null} the player's position valued */
    this.options = null;
    /** @type {string | null} a move the player played before its position was valued */
    this.pending = null;
    /** @type {Judgement[]} the first try in each of the player's positions */
    this.judged = [];
    /** @type {(Judgement & { retry: boolean }) | null} the flagged move waiting for Try again or Play on */
    this.flag = null;
    /** @type {Judgement | null} the last move judged, flagged or not */
    this.last = null;
    /** @type {Ending | null} */
    this.ending = null;
    /** @type {string | null} why the engine failed, when it did */
    this.failure = null;
    /** The player's moves played on in the line. */
    this.played = 0;
  }

  /** The position on the board. */
  get position() {
    return this.positions[this.positions.length - 1];
  }

  /** Starts the line: the engine moves first if it is its turn. */
  begin() {
    this.#turn();
  }

  /**
   * Plays a kept line's moves again before it begins (opening-saved-line.js checked them): the line goes on from there.
   * @param {{ moves: string[], byEngine: boolean[], judged: Judgement[] }} kept
   */
  replay({ moves, byEngine, judged }) {
    moves.forEach((move, ply) => this.#push(move, byEngine[ply]));
    this.played = byEngine.filter((engine) => !engine).length;
    this.judged = judged;
  }

  /** Ends the line now (its summary counts what was played). */
  stop() {
    if (this.phase !== 'over') this.#end('stopped');
  }

  /**
   * An engine job, asked again when the page cancelled it; null when the line ended meanwhile.
   * @param {'search' | 'analyze'} kind
   * @param {string} position
   * @param {object} limits
   */
  async #ask(kind, position, limits) {
    for (let attempt = 0; attempt <= RETRIES; attempt += 1) {
      const result = await this.ask(kind, position, limits);
      if (this.phase === 'over') return null;
      if (result !== CANCELLED) return result;
    }
    throw new Error('the engine was taken by another job');
  }

  /** Plays the next turn: a pass, the engine's reply, or waits for the player. */
  async #turn() {
    try {
      for (;;) {
        const state = status(this.position);
        if (state.status === 'gameover') return this.#end('gameover');
        if (state.status !== 'pass') break;
        this.#push('pa', true);
      }
      if (status(this.position).toMove === this.color) await this.#playerTurn();
      else await this.#engineTurn();
    } catch (error) {
      if (this.phase === 'over') return;
      this.failure = error?.message ?? String(error);
      console.warn(`opening trainer: ${this.failure}`);
      this.#end('failed');
    }
  }

  /**
   * Every move of `position` valued (`values`) and its book moves best first
   * (`book`: empty out of the book); null when the line ended meanwhile.
   * @param {string} position
   * @returns {Promise<{ values: MoveValue[], book: MoveValue[] } | null>}
   */
  async #valued(position) {
    const values = await this.#ask('analyze', position, BOOK_LIMITS);
    if (values === null) return null;
    return { values, book: values.filter((entry) => entry.kind === 'book').sort((a, b) => b.score - a.score) };
  }

  async #engineTurn() {
    this.phase = 'engine';
    this.changed();
    const position = this.position;
    const valued = await this.#valued(position);
    if (valued === null) return;
    const book = valued.book;
    if (book.length === 0) return this.#end('book');
    const candidates = book.filter((entry) => entry.score >= book[0].score - ENGINE_VARIETY);
    // A reply that brings back a position the player is to review, where the book allows.
    let move = candidates.find((entry) => this.review.isDue(play(position, entry.move)))?.move;
    if (move === undefined) {
      const ply = this.positions.length - 1;
      const limits = { depth: 1, bookVariety: ENGINE_VARIETY, bookSeed: this.seed * 128 + ply };
      const report = await this.#ask('search', position, limits);
      if (report === null) return;
      move = candidates.some((entry) => entry.move === report.best) ? report.best : candidates[0].move;
    }
    this.#push(move, true);
    this.#turn();
  }

  async #playerTurn() {
    this.phase = 'player';
    this.options = null;
    this.changed();
    const position = this.position;
    const valued = await this.#valued(position);
    if (valued === null) return;
    const { values, book } = valued;
    if (book.length === 0) return this.#end('book');
    const best = book[0].score;
    this.options = { position, moves: values, best, bests: book.filter((entry) => entry.score >= best - TOLERANCE) };
    const pending = this.pending;
    this.pending = null;
    if (pending !== null) await this.#judge(pending);
    else this.changed();
  }

  /**
   * The player plays `move` (a square name): judged at once where the
   * position is valued, else as soon as it is. In a flagged position it is
   * another try.
   * @param {string} move
   */
  async click(move) {
    if (this.phase !== 'player' && this.phase !== 'flagged') return;
    if (!status(this.position).moves.includes(move)) return;
    this.flag = null;
    if (this.options === null) {
      this.pending = move;
      this.phase = 'checking';
      this.changed();
      return;
    }
    try {
      await this.#judge(move);
    } catch (error) {
      // The line may have ended while the move was valued.
      if (this.ending !== null) return;
      this.failure = error?.message ?? String(error);
      this.#end('failed');
    }
  }

  /**
   * Judges the player's `move` in the position valued: flagged, or played on.
   * @param {string} move
   */
  async #judge(move) {
    const { position, moves, best, bests } = this.options;
    const entry = moves.find((value) => value.move === move);
    const leftBook = entry?.kind !== 'book';
    let value = entry?.score ?? 0;
    if (leftBook) {
      this.phase = 'checking';
      this.pending = move;
      this.changed();
      const report = await this.#ask('search', play(position, move), VALUE_LIMITS);
      this.pending = null;
      if (report === null) return;
      value = -report.score;
    }
    const loss = Math.max(0, best - value);
    /** @type {Judgement} */
    const judgement = {
      ply: this.positions.length - 1, position, move, value, best, loss, leftBook, flagged: leftBook || loss > TOLERANCE, bests,
    };
    const first = !this.judged.some((earlier) => earlier.position === position);
    if (first) {
      this.judged.push(judgement);
      this.review.answered(this.opening, position, judgement.flagged);
    }
    this.last = judgement;
    if (judgement.flagged) {
      this.flag = { ...judgement, retry: !first };
      this.phase = 'flagged';
      this.changed();
      return;
    }
    this.#accept(move);
  }

  /** Try again: the flag's marks go, the player moves again in the same position. */
  retry() {
    if (this.phase !== 'flagged') return;
    this.flag = null;
    this.phase = 'player';
    this.changed();
  }

  /** Play on with the flagged move. */
  keep() {
    if (this.phase !== 'flagged' || this.flag === null) return;
    const move = this.flag.move;
    this.flag = null;
    this.#accept(move);
  }

  /**
   * Plays the player's `move` on, and the line goes on (or ends after its length).
   * @param {string} move
   */
  #accept(move) {
    this.#push(move, false);
    this.played += 1;
    if (this.played >= this.length) return this.#end('length');
    this.#turn();
  }

  /**
   * Plays `move` on the line.
   * @param {string} move
   * @param {boolean} byEngine
   */
  #push(move, byEngine) {
    this.positions.push(play(this.position, move));
    this.moves.push(move);
    this.byEngine.push(byEngine);
    this.options = null;
    this.changed();
  }

  /**
   * The line is over: its summary is kept in the opening's progress.
   * @param {Ending} ending
   */
  #end(ending) {
    this.phase = 'over';
    this.ending = ending;
    this.flag = null;
    this.pending = null;
    this.review.finished(this.opening, this.summary());
    this.changed();
  }

  /**
   * What the line counted: the player's moves judged (first tries), those
   * not flagged, the discs lost, and the move that lost most (null when none lost any).
   * @returns {{ moves: number, best: number, lost: number, worst: Judgement | null }}
   */
  summary() {
    const judged = this.judged;
    const worst = judged.reduce((most, entry) => (entry.loss > (most?.loss ?? 0) ? entry : most), null);
    return {
      moves: judged.length,
      best: judged.filter((entry) => !entry.flagged).length,
      lost: judged.reduce((sum, entry) => sum + entry.loss, 0),
      worst,
    };
  }

  /**
   * What the board shows: the position on the line, its last move and the
   * discs it flipped, the player's legal moves on the player's turn, and
   * after a flag the book's best moves (their book values) and the move
   * flagged (its value, marked `missed`).
   * @returns {{ board: string, legal: string[], last: string | null, flipped: number[],
   *   marks: Map<string, object>, toMove: 'black' | 'white', black: number, white: number }}
   */
  view() {
    const state = status(this.position);
    const count = this.moves.length;
    let lastPly = count;
    while (lastPly > 0 && this.moves[lastPly - 1] === 'pa') lastPly -= 1;
    const last = lastPly > 0 ? this.moves[lastPly - 1] : null;
    const flipped = lastPly > 0 ? flippedSquares(boardOf(this.positions[lastPly - 1]), boardOf(this.positions[lastPly])) : [];
    const marks = new Map();
    if (this.flag !== null) {
      for (const entry of this.flag.bests) marks.set(entry.move, { score: entry.score, kind: 'book', depth: 0, rank: 0 });
      const kind = this.flag.leftBook ? 'depth' : 'book';
      marks.set(this.flag.move, { score: this.flag.value, kind, depth: VALUE_LIMITS.depth, rank: 1, missed: true });
    }
    const playing = this.phase === 'player' || this.phase === 'flagged';
    return {
      board: state.board, legal: playing ? state.moves : [], last, flipped, marks,
      toMove: state.toMove, black: state.black, white: state.white,
    };
  }
}
