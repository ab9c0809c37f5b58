// The name of the opening a game is playing: the longest named line
// (opening-names.js) that the game's moves begin with, up to the symmetries
// of the board. The named lines are written with Black's first move at f5;
// a game that starts with d3, c4 or e6 plays the same openings in a mirror
// image of the board (the start position is its own image under the two
// diagonal reflections and the half turn), so its moves are mapped back to
// the f5 frame before they are matched. The same holds later wherever a
// named line passes through a position that is its own mirror image
// (SYMMETRIC_POSITIONS): after f5 f6 e6, f4 and d6 are the same move.
// The lines are named in English (opening-names.js); a name is shown in the
// page's language from the catalogues (`opening.<key>`, openingKey).
// Plain ES module: no DOM, no engine calls.
import { OPENING_NAMES, SYMMETRIC_POSITIONS } from './opening-names.js';
import { t } from './i18n.js';

/** The files of the board, left to right. */
const FILES = 'abcdefgh';

/** Squares on a side of the board. */
const SIZE = 8;

/** Highest file or rank index. */
const LAST = SIZE - 1;

/** The move a pass is written as. */
const PASS = 'pa';

/**
 * The symmetries of the board as maps of a square's (file, rank) indices,
 * 0-7 from a1. Those that keep the start position are the identity, the
 * reflections in the a1-h8 and a8-h1 diagonals, and the half turn: they
 * take f5 to f5, e6, d3 and c4.
 */
const SYMMETRY_MAPS = {
  identity: (file, rank) => [file, rank],
  'a1-h8': (file, rank) => [rank, file],
  'a8-h1': (file, rank) => [LAST - rank, LAST - file],
  'rotate-180': (file, rank) => [LAST - file, LAST - rank],
  'rotate-90': (file, rank) => [rank, LAST - file], // clockwise: a1 -> a8
  'rotate-270': (file, rank) => [LAST - rank, file],
  'mirror-files': (file, rank) => [LAST - file, rank],
  'mirror-ranks': (file, rank) => [file, LAST - rank],
};

/** The names of the board's symmetries, the identity first. */
export const SYMMETRIES = Object.freeze(Object.keys(SYMMETRY_MAPS));

/** The symmetries that keep the standard start position (the four first moves' frames). */
export const START_SYMMETRIES = Object.freeze(['identity', 'a1-h8', 'a8-h1', 'rotate-180']);

/** The names of the 64 squares, a1 to h8 rank by rank. */
const SQUARES = Array.from({ length: SIZE * SIZE }, (_, index) => FILES[index % SIZE] + (Math.floor(index / SIZE) + 1));

/** The square names, for telling a move from anything else. */
const IS_SQUARE = new Set(SQUARES);

/** For each symmetry, a Map from a square name to its image. */
const IMAGES = new Map(
  SYMMETRIES.map((symmetry) => {
    const image = new Map();
    for (const square of SQUARES) {
      const [file, rank] = SYMMETRY_MAPS[symmetry](FILES.indexOf(square[0]), Number(square[1]) - 1);
      image.set(square, FILES[file] + (rank + 1));
    }
    return [symmetry, image];
  }),
);

/**
 * The image of `square` (a name like "f5") under `symmetry` (one of
 * SYMMETRIES), or undefined when `square` is not a square of the board.
 */
export function transformSquare(square, symmetry) {
  const image = IMAGES.get(symmetry);
  if (!image) throw new Error(`unknown symmetry "${symmetry}"`);
  return image.get(square);
}

/** The symmetry that does `first` and then `second`. */
function compose(first, second) {
  const probe = IMAGES.get(second);
  const inFirst = IMAGES.get(first);
  return SYMMETRIES.find((symmetry) => SQUARES.every((square) => IMAGES.get(symmetry).get(square) === probe.get(inFirst.get(square))));
}

/** COMPOSED.get(a).get(b): the symmetry a then b, worked out once. */
const COMPOSED = new Map(SYMMETRIES.map((a) => [a, new Map(SYMMETRIES.map((b) => [b, compose(a, b)]))]));

const lineMoves = (transcript) => transcript.match(/../g) ?? [];

/** Named lines by transcript (f5 frame). */
const NAME_BY_LINE = new Map(OPENING_NAMES.map(([line, name]) => [line, name]));

/** Named lines by name. */
const LINE_BY_NAME = new Map(OPENING_NAMES.map(([line, name]) => [name, line]));

/** Every prefix of a named line, the empty one included: the paths a game can follow. */
const PREFIXES = new Set(
  OPENING_NAMES.flatMap(([line]) => lineMoves(line).map((_, index, moves) => moves.slice(0, index + 1).join(''))).concat(''),
);

/** The non-identity symmetries under which the position after a prefix is its own image. */
const SYMMETRIES_AT = new Map(SYMMETRIC_POSITIONS.map(([line, symmetries]) => [line, symmetries]));

/**
 * The catalogue key of the opening called `name` (its English name, as
 * opening-names.js writes it): "Leader's Tiger" -> 'opening.leaders-tiger'.
 * @param {string} name
 * @returns {string}
 */
export function openingKey(name) {
  return `opening.${name.toLowerCase().replace(/['.]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
}

/**
 * The named opening `moves` is playing: `{ name, plies }` for the longest
 * named line the game begins with (`plies` moves long), up to the board's
 * symmetries, or null when none is (an empty game, a single move). `name`
 * is in the language shown (English: as opening-names.js writes it).
 * `moves` is the game from the standard start position as square names
 * ("f5", "d6", ...; passes "pa"); matching stops at a pass or at anything
 * that is not a square.
 */
export function openingName(moves) {
  if (!Array.isArray(moves)) return null;
  // The ways the game so far can be read along the named lines: a prefix in
  // the f5 frame and the symmetry that maps the game's moves onto it.
  let readings = [{ line: '', symmetry: 'identity' }];
  let found = null;
  for (const [index, raw] of moves.entries()) {
    const move = typeof raw === 'string' ? raw.toLowerCase() : '';
    if (move === PASS || !IS_SQUARE.has(move)) break;
    const next = new Map();
    for (const { line, symmetry } of readings) {
      const frames = [symmetry, ...(SYMMETRIES_AT.get(line) ?? []).map((own) => COMPOSED.get(symmetry).get(own))];
      for (const frame of frames) {
        const extended = line + transformSquare(move, frame);
        if (PREFIXES.has(extended)) next.set(`${extended} ${frame}`, { line: extended, symmetry: frame });
      }
    }
    if (next.size === 0) break;
    readings = [...next.values()];
    const named = readings.find(({ line }) => NAME_BY_LINE.has(line));
    if (named) found = { name: t(openingKey(NAME_BY_LINE.get(named.line))), plies: index + 1 };
  }
  return found;
}

/** The line (a transcript in the f5 frame, e.g. "f5d6c3d3c4") of the opening called `name` (in English), or null. */
export function openingLine(name) {
  return LINE_BY_NAME.get(name) ?? null;
}
