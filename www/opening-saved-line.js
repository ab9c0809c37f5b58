// The opening trainer's line in progress, kept in local storage (storage.js)
// so that a reload resumes it where it was: the player's colour, the
// opening, the line's length and seed, its start and the moves played (whose
// each), and the player's first tries judged so far (for the summary).
// Everything read back is checked against the rules: a saved line that
// cannot be read, or no longer fits (an opening renamed, an illegal move, a
// line already over), is dropped without a word. Plain module: no DOM.
import { play, status } from './pkg/index.js';
import { loadOpeningTraining, saveOpeningTraining } from './storage.js';

/** An OBF line: 64 squares and the side to move. */
const POSITION = /^[XO-]{64} [XO]$/;
/** Most plies a line can hold (a whole game with passes). */
const MAX_PLIES = 130;
/** Largest score in discs on the 8x8 board. */
const MAX_SCORE = 64;

/**
 * @typedef {object} SavedLine a line in progress as kept
 * @property {'black' | 'white'} color the player's side
 * @property {string} opening the opening's key
 * @property {number} length the player's moves in the line at most
 * @property {number} seed the seed of the engine's replies
 * @property {string} start the position the line started from (an OBF line)
 * @property {string[]} prelude the moves that led there
 * @property {string[]} moves the moves played from the start ('pa' for a pass)
 * @property {boolean[]} byEngine per move, whether the engine played it
 * @property {import('./opening-line.js').Judgement[]} judged the player's first tries
 */

/**
 * Keeps `line` (an OpeningLine) as the line in progress; forgets it when null or over.
 * @param {import('./opening-line.js').OpeningLine | null} line
 */
export function keepLine(line) {
  if (line === null || line.phase === 'over') {
    saveOpeningTraining(null, 'line');
    return;
  }
  const { color, opening, length, seed, start, prelude, moves, byEngine, judged } = line;
  saveOpeningTraining({ color, opening, length, seed, start, prelude, moves, byEngine, judged }, 'line');
}

/**
 * @param {unknown} value
 * @returns {value is number}
 */
const isScore = (value) => Number.isInteger(value) && Math.abs(/** @type {number} */ (value)) <= MAX_SCORE;

/**
 * @param {unknown} value
 * @returns {value is string[]}
 */
const isMoves = (value) => Array.isArray(value) && value.length <= MAX_PLIES && value.every((move) => typeof move === 'string');

/**
 * One judgement as kept, checked against the positions of the line; null when it does not fit.
 * @param {any} entry
 * @param {string[]} positions
 * @returns {import('./opening-line.js').Judgement | null}
 */
function readJudgement(entry, positions) {
  if (entry === null || typeof entry !== 'object') return null;
  const { ply, position, move, value, best, loss, leftBook, flagged, bests } = entry;
  if (!Number.isInteger(ply) || ply < 0 || ply >= positions.length || position !== positions[ply]) return null;
  const legal = status(position).moves;
  if (typeof move !== 'string' || !legal.includes(move) || ![value, best, loss].every(isScore) || loss < 0) return null;
  if (typeof leftBook !== 'boolean' || typeof flagged !== 'boolean' || !Array.isArray(bests) || bests.length > legal.length) {
    return null;
  }
  const values = bests.filter((item) => item !== null && typeof item === 'object' && legal.includes(item.move)
    && isScore(item.score) && item.kind === 'book').map((item) => ({ move: item.move, score: item.score, kind: 'book' }));
  if (values.length !== bests.length) return null;
  return { ply, position, move, value, best, loss, leftBook, flagged, bests: values };
}

/**
 * The line in progress as kept, checked against the rules and the openings
 * offered (`startOf`: where a line of an opening starts, opening-trainer.js,
 * null for one not offered); null when there is none or it does not fit
 * (then it is forgotten).
 * @param {(opening: string) => { start: string, prelude: string[] } | null} startOf
 * @param {number[]} lengths the lengths a line may have
 * @returns {SavedLine | null}
 */
export function savedLine(startOf, lengths) {
  const value = /** @type {any} */ (loadOpeningTraining('line'));
  let line = null;
  try {
    line = readLine(value, startOf, lengths);
  } catch {
    line = null;
  }
  if (line === null) saveOpeningTraining(null, 'line');
  return line;
}

/**
 * @param {any} value
 * @param {(opening: string) => { start: string, prelude: string[] } | null} startOf
 * @param {number[]} lengths
 * @returns {SavedLine | null}
 */
function readLine(value, startOf, lengths) {
  if (value === null || typeof value !== 'object') return null;
  const { color, opening, length, seed, start, prelude, moves, byEngine, judged } = value;
  if (color !== 'black' && color !== 'white') return null;
  if (typeof opening !== 'string' || !lengths.includes(length)) return null;
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32) return null;
  if (typeof start !== 'string' || !POSITION.test(start) || !isMoves(prelude) || !isMoves(moves)) return null;
  if (!Array.isArray(byEngine) || byEngine.length !== moves.length || !Array.isArray(judged)) return null;
  // The opening still starts there (a line from the board keeps its own start).
  const from = startOf(opening);
  if (from === null) return null;
  if (prelude.length > 0 || from.prelude.length > 0) {
    if (from.start !== start || from.prelude.join() !== prelude.join()) return null;
  }
  // Each move legal, played by the side whose it is; the line not over.
  const positions = [start];
  for (const [ply, move] of moves.entries()) {
    const state = status(positions[ply]);
    if (state.status === 'gameover') return null;
    const engines = move === 'pa' || state.toMove !== color;
    if (byEngine[ply] !== engines || (move === 'pa' ? state.status !== 'pass' : !state.moves.includes(move))) return null;
    positions.push(play(positions[ply], move));
  }
  if (byEngine.filter((engine) => !engine).length >= length || status(positions.at(-1)).status === 'gameover') return null;
  const read = judged.map((entry) => readJudgement(entry, positions));
  if (read.some((entry) => entry === null) || new Set(read.map((entry) => entry.ply)).size !== read.length) return null;
  return { color, opening, length, seed, start, prelude: [...prelude], moves: [...moves], byEngine: [...byEngine], judged: read };
}
