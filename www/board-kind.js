// The boards the page plays on, each a *board kind*: its geometry, the names
// of its two sides and their disc colours, its start position, its rules (the
// engine's direct wasm API, called for that board) and what the page offers
// on it. The 8x8 Othello board, and the 96-square board of the CS 221 report
// "Othello: The Moors of Venice" (10x10 without c3, h3, c8, h8; red against
// white, red first; docs/board96.md).
//
// The page names the two sides by their place, as on the 8x8 board: 'black'
// is the side that moves first and 'white' the other, whatever the board
// calls them (`sides`: Red and White on the 96-square board). So the game
// record, the players ('human-engine': the first side is the human), the
// clock and storage are the same for every board; only what is shown and
// said goes through `sides` and `discClass`.
//
// A position line says its board: an OBF line (64 squares of X, O, -, then X
// or O) is an 8x8 position, a line of 96 squares of R, W, - then R or W a
// 96-square one (`boardKindOf`). The functions `status`, `score`, `play` and
// `sideName` below answer for a position of either board, in the page's
// terms, so that code shared by both games never asks the wrong engine.
import * as rules from './pkg/index.js';
import { Geometry } from './geometry.js';
import { t } from './i18n.js';

/** The 96-square board's options for the engine: every call for that board carries them. */
const OPTIONS_96 = Object.freeze({ board: 96 });

const POSITION_96 = /^[RW-]{96} [RW]$/;

/** @typedef {'black' | 'white'} Side the first side to move ('black'), or the other */

/**
 * The names of a board's two sides in the language shown, read each time (catalogue keys `side.<name>`).
 * @param {string} first the first side's key: 'black' or 'red'
 * @returns {Readonly<{ black: string, white: string }>}
 */
function sideNames(first) {
  return Object.freeze({
    get black() { return t(`side.${first}`); },
    get white() { return t('side.white'); },
  });
}

export const BOARD_8 = Object.freeze({
  id: 8,
  /** The board's name in the language shown. */
  get name() { return t('board.name8'); },
  geometry: new Geometry(8),
  start: '---------------------------OX------XO--------------------------- X',
  sides: sideNames('black'),
  discClass: Object.freeze({ black: 'black', white: 'white' }),
  /** The board string's character of each side's discs. */
  cellSide: Object.freeze({ X: 'black', O: 'white' }),
  /** What a screen reader hears for the board. */
  get boardLabel() { return t('board.label8'); },
  /** Options every engine call for this board carries (limits of search and analyze). */
  engineOptions: Object.freeze({}),
  /** What the page offers with this board beyond play, hints and the transcript. */
  features: Object.freeze({
    book: true, thinkAhead: true, setup: true, openings: true, obf: true, ggf: true, gameAnalysis: true,
    /** Whether the tournament games of the opening explorer (explorer.js) are games of this board. */
    explorer: true,
    /** Whether the player chooses a time control (else a level brings its clock). */
    timeControls: true,
    /** Whether a search on the game clock reports progress while it runs (else only when it ends). */
    clockProgress: true,
  }),
  /** Side to move, legal moves and disc counts: `{ position, board, toMove, moves, status, black, white, empties }`. */
  status: (position) => rules.status(position),
  /** `{ black, white, empties, discDifference, final, gameOver }`, the first side's score. */
  score: (position) => rules.score(position),
  play: (position, move) => rules.play(position, move),
  legalMoves: (position) => rules.legalMoves(position),
  /** Reads a game: `{ format, start, moves, position }`; throws an Error naming the problem. */
  parseGame: (text) => rules.parseGame(text),
  /** The moves from the start position as a transcript (passes implicit). */
  transcript: (moves) => rules.parseGame(moves.join('')).transcript,
});

/** The 96-square board's status in the page's terms: `board` is its 96 squares, red is 'black'. */
function status96(position) {
  const found = rules.status(position, OPTIONS_96);
  return {
    position: found.position, board: found.cells, toMove: found.toMove === 'red' ? 'black' : 'white', moves: found.moves,
    status: found.status, black: found.red, white: found.white, empties: found.empties,
  };
}

/** The 96-square board's score in the page's terms (red is 'black'; `final` from red's side). */
function score96(position) {
  const found = rules.score(position, OPTIONS_96);
  return {
    black: found.red, white: found.white, empties: found.empties, discDifference: found.discDifference,
    final: found.final, gameOver: found.gameOver,
  };
}

export const BOARD_96 = Object.freeze({
  id: 96,
  get name() { return t('board.name96'); },
  geometry: new Geometry(10, ['c3', 'h3', 'c8', 'h8']),
  start: '------------------------------------------WR--------RW------------------------------------------ R',
  sides: sideNames('red'),
  discClass: Object.freeze({ black: 'red', white: 'white' }),
  cellSide: Object.freeze({ R: 'black', W: 'white' }),
  get boardLabel() { return t('board.label96'); },
  engineOptions: OPTIONS_96,
  features: Object.freeze({
    book: false, thinkAhead: false, setup: false, openings: false, obf: false, ggf: false, gameAnalysis: false,
    explorer: false,
    timeControls: false,
    // The agent's time manager (docs/board96.md) says nothing until its move is chosen.
    clockProgress: false,
  }),
  status: status96,
  score: score96,
  play: (position, move) => rules.play(position, move, OPTIONS_96),
  legalMoves: (position) => rules.legalMoves(position, OPTIONS_96),
  parseGame: (text) => rules.parseGame(text, OPTIONS_96),
  /** The moves from the start position as a transcript (passes implicit). */
  transcript: (moves) => rules.parseGame(moves.join(''), OPTIONS_96).transcript,
});

/** The board kinds, by id. */
export const BOARD_KINDS = Object.freeze({ 8: BOARD_8, 96: BOARD_96 });

/** The board kind with `id` (8 or 96), or undefined. */
export function boardKindById(id) {
  return BOARD_KINDS[id];
}

/** The board of a position line: BOARD_96 for a 96-square line, else BOARD_8. */
export function boardKindOf(position) {
  return typeof position === 'string' && POSITION_96.test(position) ? BOARD_96 : BOARD_8;
}

/** The status of a position of either board, in the page's terms. */
export function status(position) {
  return boardKindOf(position).status(position);
}

/** The score of a position of either board, from the first side's view. */
export function score(position) {
  return boardKindOf(position).score(position);
}

/** Plays `move` (a square or "pa") in a position of either board. */
export function play(position, move) {
  return boardKindOf(position).play(position, move);
}

/** What `position`'s board calls `side` ('black' or 'white'): "Black", "Red", "White". */
export function sideName(position, side) {
  return boardKindOf(position).sides[side];
}
