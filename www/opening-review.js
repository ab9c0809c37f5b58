// What the opening trainer remembers between visits: each opening's
// progress (lines trained, moves, how many were best, discs lost) and the
// positions to review, by spaced repetition (a Leitner schedule counted in
// lines trained rather than days):
//
// - A position where the player's move was flagged goes into box 0: due at
//   once, so the next line of its opening steers there where the book allows
//   (the engine picks, among its own near-best book replies, one that leads
//   to a position due for review).
// - A right answer there moves it up a box: due again after REVIEW_GAPS[box]
//   more lines; a right answer in the last box takes it off the list.
// - A flagged move there again puts it back in box 0.
//
// Kept in local storage through storage.js; everything read back is checked
// entry by entry, and what cannot be read is dropped. Plain module: no DOM.
import { loadOpeningTraining, saveOpeningTraining } from './storage.js';

/** Lines to wait before a position is due again, by box (box 0: at once); past the last box it is learned. */
export const REVIEW_GAPS = Object.freeze([0, 1, 3, 7]);
/** Most positions kept for review (the oldest by due line go first). */
const MAX_REVIEWS = 300;
/** Most openings with progress kept. */
const MAX_OPENINGS = 200;
/** An OBF line: 64 squares and the side to move. */
const POSITION = /^[XO-]{64} [XO]$/;

/**
 * @typedef {object} OpeningProgress one opening's record
 * @property {number} lines lines finished
 * @property {number} moves the player's moves judged (first tries)
 * @property {number} best of them, those not flagged
 * @property {number} lost discs lost in all
 */

/**
 * @typedef {object} Review a position to review
 * @property {string} opening the opening it belongs to (its key: opening-trainer.js)
 * @property {number} box its Leitner box, 0 to REVIEW_GAPS.length - 1
 * @property {number} due the count of lines finished from which it is due
 * @property {number} misses how many times the player's move there was flagged
 */

/**
 * @typedef {object} TrainingRecord
 * @property {number} lines lines finished, all openings together (the clock of the schedule)
 * @property {Record<string, OpeningProgress>} openings by opening key
 * @property {Record<string, Review>} reviews by position (an OBF line, the player to move)
 */

const count = (value) => (Number.isInteger(value) && value >= 0 && value <= 1e9 ? value : null);
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The training record as stored, checked entry by entry (an empty one when nothing can be read).
 * @param {any} value
 * @returns {TrainingRecord}
 */
export function readTraining(value) {
  /** @type {TrainingRecord} */
  const record = { lines: 0, openings: {}, reviews: {} };
  if (!isObject(value)) return record;
  record.lines = count(value.lines) ?? 0;
  if (isObject(value.openings)) {
    for (const [key, entry] of Object.entries(value.openings).slice(0, MAX_OPENINGS)) {
      if (!isObject(entry) || key.length > 100) continue;
      const fields = ['lines', 'moves', 'best', 'lost'].map((name) => count(entry[name]));
      if (fields.some((field) => field === null) || fields[2] > fields[1]) continue;
      const [lines, moves, best, lost] = fields;
      record.openings[key] = { lines, moves, best, lost };
    }
  }
  if (isObject(value.reviews)) {
    for (const [position, entry] of Object.entries(value.reviews).slice(0, MAX_REVIEWS)) {
      if (!POSITION.test(position) || !isObject(entry) || typeof entry.opening !== 'string' || entry.opening.length > 100) continue;
      const box = count(entry.box);
      const due = count(entry.due);
      const misses = count(entry.misses);
      if (box === null || box >= REVIEW_GAPS.length || due === null || misses === null) continue;
      record.reviews[position] = { opening: entry.opening, box, due, misses };
    }
  }
  return record;
}

/** The trainer's memory: progress by opening and the positions to review, saved after each change. */
export class OpeningReview {
  constructor() {
    /** @type {TrainingRecord} */
    this.record = readTraining(loadOpeningTraining());
    /** @type {null | 'full' | 'unavailable'} why the last save failed, or null */
    this.failure = null;
  }

  /** Reads the record again from storage (another tab may have trained). */
  reload() {
    this.record = readTraining(loadOpeningTraining());
  }

  save() {
    const reviews = Object.entries(this.record.reviews);
    if (reviews.length > MAX_REVIEWS) {
      reviews.sort((a, b) => a[1].due - b[1].due);
      this.record.reviews = Object.fromEntries(reviews.slice(reviews.length - MAX_REVIEWS));
    }
    this.failure = saveOpeningTraining(this.record);
  }

  /**
   * Whether `position` is due for review now.
   * @param {string} position
   */
  isDue(position) {
    const entry = this.record.reviews[position];
    return entry !== undefined && entry.due <= this.record.lines;
  }

  /**
   * The positions of `opening` due now.
   * @param {string} opening
   * @returns {string[]}
   */
  due(opening) {
    return Object.entries(this.record.reviews)
      .filter(([, entry]) => entry.opening === opening && entry.due <= this.record.lines)
      .map(([position]) => position);
  }

  /**
   * The positions of `opening` on the review list, due or not.
   * @param {string} opening
   */
  reviewing(opening) {
    return Object.values(this.record.reviews).filter((entry) => entry.opening === opening).length;
  }

  /**
   * The player's first try in `position` of `opening`: flagged or not. A
   * flag puts the position in box 0, due at once; a right answer at a
   * position on the list moves it up (off the list past the last box).
   * @param {string} opening
   * @param {string} position
   * @param {boolean} flagged
   */
  answered(opening, position, flagged) {
    const reviews = this.record.reviews;
    const entry = reviews[position];
    if (flagged) {
      reviews[position] = { opening, box: 0, due: this.record.lines, misses: (entry?.misses ?? 0) + 1 };
    } else if (entry !== undefined) {
      const box = entry.box + 1;
      if (box >= REVIEW_GAPS.length) delete reviews[position];
      else reviews[position] = { ...entry, box, due: this.record.lines + REVIEW_GAPS[box] };
    }
    this.save();
  }

  /**
   * A line of `opening` finished: its moves (first tries), how many were best, the discs lost.
   * @param {string} opening
   * @param {{ moves: number, best: number, lost: number }} line
   */
  finished(opening, { moves, best, lost }) {
    const progress = this.record.openings[opening] ?? { lines: 0, moves: 0, best: 0, lost: 0 };
    this.record.openings[opening] = {
      lines: progress.lines + 1, moves: progress.moves + moves, best: progress.best + best, lost: progress.lost + lost,
    };
    this.record.lines += 1;
    this.save();
  }

  /**
   * The progress of `opening`, or null before its first line.
   * @param {string} opening
   * @returns {OpeningProgress | null}
   */
  progress(opening) {
    return this.record.openings[opening] ?? null;
  }

  /**
   * Of `openings` (keys, in the order offered), the one to train next after
   * `current`: the one with the most positions due, else the one after
   * `current` in the list.
   * @param {string[]} openings
   * @param {string} current
   * @returns {string}
   */
  next(openings, current) {
    let chosen = null;
    let most = 0;
    for (const opening of openings) {
      const due = this.due(opening).length;
      if (due > most) {
        most = due;
        chosen = opening;
      }
    }
    if (chosen !== null) return chosen;
    const at = openings.indexOf(current);
    return openings[(at + 1) % openings.length];
  }
}
