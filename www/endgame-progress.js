// The endgame trainer's progress, kept between visits (storage.js): per
// band of empties, the positions answered and answered right, the positions
// seen in this round through the band (none comes again until every one
// has been seen), and the positions missed, each of which comes back a few
// positions later until it is answered right.
import { loadEndgameTraining, saveEndgameTraining } from './storage.js';
import { BANDS } from './endgame-positions.js';

/** Positions answered after a miss before the missed one comes back. */
export const REVIEW_AFTER = 3;
/** Most positions a band remembers as seen or missed (more than any band has). */
const MAX_REMEMBERED = 5000;

/**
 * @typedef {object} BandProgress
 * @property {number} done positions answered
 * @property {number} right positions answered with a best move
 * @property {string[]} seen ids of the positions answered in this round through the band
 * @property {{ id: string, due: number }[]} missed ids answered wrong, and the count of `done` from which each comes back
 */

/** @returns {BandProgress} */
function emptyBand() {
  return { done: 0, right: 0, seen: [], missed: [] };
}

/**
 * @param {unknown} value
 * @returns {value is string}
 */
const isId = (value) => typeof value === 'string' && /^[0-9a-f]{8}$/.test(value);

/**
 * @param {unknown} value
 * @returns {value is number}
 */
const isCount = (value) => Number.isInteger(value) && /** @type {number} */ (value) >= 0;

/**
 * A band's progress as stored, checked field by field (anything unreadable starts again from nothing).
 * @param {any} value
 * @returns {BandProgress}
 */
function readBand(value) {
  if (value === null || typeof value !== 'object') return emptyBand();
  const { done, right, seen, missed } = value;
  if (!isCount(done) || !isCount(right) || right > done || !Array.isArray(seen) || !Array.isArray(missed)) return emptyBand();
  return {
    done,
    right,
    seen: seen.filter(isId).slice(-MAX_REMEMBERED),
    missed: missed.filter((entry) => entry !== null && typeof entry === 'object' && isId(entry.id) && isCount(entry.due))
      .map(({ id, due }) => ({ id, due })).slice(-MAX_REMEMBERED),
  };
}

export class EndgameProgress {
  constructor() {
    const stored = /** @type {any} */ (loadEndgameTraining());
    const bands = stored !== null && typeof stored === 'object' ? stored.bands : null;
    /** @type {Record<string, BandProgress>} */
    this.bands = Object.fromEntries(BANDS.map(({ id }) => [id, readBand(bands?.[id])]));
    /** Why the progress was not kept the last time (null: it was). */
    this.failure = null;
  }

  /**
   * A band's progress.
   * @param {string} band
   * @returns {BandProgress}
   */
  band(band) {
    return this.bands[band];
  }

  /** Keeps the progress in local storage. */
  save() {
    this.failure = saveEndgameTraining({ bands: this.bands });
  }

  /**
   * The next position of a band to show: a missed one that is due, else one
   * not seen in this round (chosen at random; a new round starts when every
   * one has been seen); never `current` when there is another.
   * @template {{ id: string }} P
   * @param {string} band
   * @param {P[]} positions the band's positions
   * @param {string | null} current the id of the position shown
   * @returns {P | null}
   */
  next(band, positions, current) {
    if (positions.length === 0) return null;
    const progress = this.bands[band];
    const byId = new Map(positions.map((position) => [position.id, position]));
    const due = progress.missed.find((entry) => entry.due <= progress.done && entry.id !== current && byId.has(entry.id));
    if (due !== undefined) return byId.get(due.id) ?? null;
    const seen = new Set(progress.seen);
    let fresh = positions.filter((position) => !seen.has(position.id) && position.id !== current);
    if (fresh.length === 0) {
      // Every position seen: a new round.
      progress.seen = [];
      fresh = positions.filter((position) => position.id !== current);
      if (fresh.length === 0) fresh = positions;
    }
    return fresh[Math.floor(Math.random() * fresh.length)];
  }

  /**
   * Counts an answer to the position `id` of a band, and keeps the progress.
   * @param {string} band
   * @param {string} id
   * @param {boolean} right
   */
  answer(band, id, right) {
    const progress = this.bands[band];
    progress.done += 1;
    if (right) progress.right += 1;
    if (!progress.seen.includes(id)) progress.seen.push(id);
    progress.missed = progress.missed.filter((entry) => entry.id !== id);
    if (!right) progress.missed.push({ id, due: progress.done + REVIEW_AFTER });
    this.save();
  }
}
