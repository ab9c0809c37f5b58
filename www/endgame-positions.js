// The endgame trainer's positions (trainer/endgame.obf, made by `othello
// trainer build`): endgames of tournament games with 10 to 24 empty
// squares, one an OBF line, `<64 squares> <side>; G8:+18; H1:+12; ...`,
// every legal move with its exact score for the side to move, best first.
// Read here into positions, and grouped by difficulty into bands of empties.

/** Where the page fetches the positions (build.sh copies data/trainer/endgame.obf there). */
export const POSITIONS_FILE = 'trainer/endgame.obf';

/**
 * The difficulties: bands of empty squares.
 * @type {ReadonlyArray<{ id: string, low: number, high: number }>}
 */
export const BANDS = Object.freeze([
  { id: '10-12', low: 10, high: 12 },
  { id: '13-16', low: 13, high: 16 },
  { id: '17-20', low: 17, high: 20 },
  { id: '21-24', low: 21, high: 24 },
]);

/**
 * @typedef {object} TrainerPosition
 * @property {string} id a short name of the position, the same in every copy of the file (its progress key)
 * @property {string} board 64 characters a1, b1, ..., h8: X (Black), O (White), - (empty)
 * @property {'black' | 'white'} toMove
 * @property {number} empties
 * @property {{ move: string, score: number }[]} moves every legal move (a1-h8) with its exact score, best first
 */

/**
 * A short name of a position: FNV-1a (32 bits) of its board and side, in hex.
 * @param {string} text
 * @returns {string}
 */
export function positionId(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * One line of the file as a position, or null when it is not one (a line
 * the page cannot use is left out, never shown).
 * @param {string} line
 * @returns {TrainerPosition | null}
 */
export function parsePosition(line) {
  const [head, ...entries] = line.trim().split(';');
  const match = /^([XO-]{64}) ([XO])$/.exec(head?.trim() ?? '');
  if (match === null) return null;
  const [, board, side] = match;
  const moves = [];
  for (const entry of entries.map((part) => part.trim()).filter((part) => part !== '')) {
    const scored = /^([A-H][1-8]):([+-]\d{1,2})$/.exec(entry);
    if (scored === null) return null;
    const move = scored[1].toLowerCase();
    const index = (Number(move[1]) - 1) * 8 + (move.charCodeAt(0) - 97);
    if (board[index] !== '-' || moves.some((known) => known.move === move)) return null;
    moves.push({ move, score: Number(scored[2]) });
  }
  if (moves.length < 2 || moves.some((entry, i) => i > 0 && entry.score > moves[i - 1].score)) return null;
  const empties = board.split('-').length - 1;
  return { id: positionId(`${board} ${side}`), board, toMove: side === 'X' ? 'black' : 'white', empties, moves };
}

/**
 * The file's positions by band (a line that is not a position, or whose
 * empties no band holds, is left out).
 * @param {string} text
 * @returns {Map<string, TrainerPosition[]>}
 */
export function positionsByBand(text) {
  /** @type {Map<string, TrainerPosition[]>} */
  const bands = new Map(BANDS.map((band) => [band.id, []]));
  for (const line of text.split('\n')) {
    const position = parsePosition(line);
    if (position === null) continue;
    const band = BANDS.find(({ low, high }) => position.empties >= low && position.empties <= high);
    bands.get(band?.id ?? '')?.push(position);
  }
  return bands;
}

/**
 * The verdict on `move` in `position`: right when it scores as the best
 * does; the discs it loses against the best.
 * @param {TrainerPosition} position
 * @param {string} move
 * @returns {{ right: boolean, score: number, best: number, lost: number, bestMoves: string[] }}
 */
export function judge(position, move) {
  const best = position.moves[0].score;
  const score = position.moves.find((entry) => entry.move === move)?.score ?? Number.NaN;
  const bestMoves = position.moves.filter((entry) => entry.score === best).map((entry) => entry.move);
  return { right: score === best, score, best, lost: best - score, bestMoves };
}
