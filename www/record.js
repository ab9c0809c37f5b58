// The game record the page owns: a start position, the moves played from it
// (passes written "pa") with the time each took, a cursor (how many of them
// are on the board), the players' names when the record brings its own, and
// how the game ended when it ended off the board (a resignation, a loss on
// time). Moves after the cursor are kept for redo until a different move is
// played.
// The rules come from the engine's wasm (cheap synchronous calls), for the
// record's board kind (board-kind.js), which its start position says.
import { formatGame } from './pkg/index.js';
import { BOARD_8, boardKindOf } from './board-kind.js';
import { t } from './i18n.js';

/** The standard start position of the 8x8 board as an OBF line. */
export const START = BOARD_8.start;

export class GameRecord {
  /**
   * A record from `start` (a position line of its board: an OBF line, or a
   * 96-square line) and `moves`; throws an Error naming a bad move.
   * @param {string} [start]
   * @param {string[]} [moves]
   * @param {number} [cursor]
   */
  constructor(start = START, moves = [], cursor = moves.length) {
    /** The board kind (board-kind.js) the game is played on. */
    this.kind = boardKindOf(start);
    this.start = this.kind.status(start).position;
    this.moves = [];
    /** @type {(number | null)[]} Milliseconds spent on each ply, null where unknown (a loaded game, a pass). */
    this.times = [];
    this.positions = [this.start];
    for (const move of moves) this.#append(move);
    this.cursor = Math.max(0, Math.min(cursor, this.moves.length));
    /** @type {{ black: string, white: string } | null} The players' names from the record; null: the page's players. */
    this.names = null;
    /**
     * @type {{ how: 'resignation' | 'time', loser: 'black' | 'white' } | null}
     * How the game at the end of the record ended off the board, or null.
     */
    this.ending = null;
    /** @type {'transcript' | 'obf' | 'ggf' | undefined} The notation a parsed record was read as. */
    this.format = undefined;
  }

  /**
   * Reads a game for the board `kind` (default 8x8): a transcript, OBF line
   * or GGF record, or a transcript of the 96-square board; throws an Error
   * naming the problem.
   */
  static parse(text, kind = BOARD_8) {
    const game = kind.parseGame(text.trim());
    const record = new GameRecord(game.start, game.moves);
    record.format = game.format;
    if (game.format === 'ggf') {
      const black = ggfProperty(text, 'PB');
      const white = ggfProperty(text, 'PW');
      if (black || white) record.names = { black: black || kind.sides.black, white: white || kind.sides.white };
      const ending = ggfEnding(ggfProperty(text, 'RE'));
      if (ending && record.state.status !== 'gameover') record.ending = ending;
      const times = ggfTimes(text);
      if (times.length === record.moves.length) record.times = times;
    }
    return record;
  }

  #append(move, time = null) {
    const before = this.positions[this.positions.length - 1];
    this.positions.push(this.kind.play(before, move));
    this.moves.push(move);
    this.times.push(time);
  }

  /** The position on the board (OBF line). */
  get position() {
    return this.positions[this.cursor];
  }

  /** Status of the position on the board (side to move, legal moves, counts). */
  get state() {
    return this.kind.status(this.position);
  }

  /**
   * Plays `move` at the cursor, `time` ms after the position came up (null:
   * unknown): follows the redo line when it is the same move, else replaces it.
   */
  play(move, time = null) {
    if (this.moves[this.cursor] === move) {
      if (time !== null) this.times[this.cursor] = time;
      this.cursor += 1;
      return;
    }
    const next = this.kind.play(this.position, move);
    this.#cut();
    this.moves.push(move);
    this.times.push(time);
    this.positions.push(next);
    this.cursor += 1;
  }

  /** Drops the moves after the cursor (and an ending that came after them). */
  #cut() {
    this.moves.length = this.cursor;
    this.times.length = this.cursor;
    this.positions.length = this.cursor + 1;
    this.ending = null;
  }

  /** `loser` resigns at the cursor: the moves after it are dropped and the game ends. */
  resign(loser) {
    this.#cut();
    this.ending = { how: 'resignation', loser };
  }

  /** `loser` ran out of time at the end of the record (null: the game goes on without the clock). */
  flag(loser) {
    this.ending = loser ? { how: 'time', loser } : null;
  }

  /** Whether the game is over at the cursor: no move left for either side, or ended off the board. */
  get over() {
    return this.cursor === this.moves.length && this.ending !== null || this.state.status === 'gameover';
  }

  /** Whether the game at the end of the record is over. */
  get finished() {
    return this.ending !== null || this.kind.status(this.positions[this.positions.length - 1]).status === 'gameover';
  }

  get canUndo() {
    return this.cursor > 0;
  }

  get canRedo() {
    return this.cursor < this.moves.length;
  }

  /** Moves the cursor to `ply` (0: the start), skipping over a position where the side can only pass. */
  jump(ply) {
    this.cursor = Math.max(0, Math.min(ply, this.moves.length));
    while (this.cursor < this.moves.length && this.moves[this.cursor] === 'pa') this.cursor += 1;
  }

  /** One move back (past a pass, so the side on the board can move). */
  undo() {
    if (!this.canUndo) return;
    this.cursor -= 1;
    while (this.cursor > 0 && this.moves[this.cursor] === 'pa') this.cursor -= 1;
  }

  /** One move forward again (past a pass). */
  redo() {
    if (!this.canRedo) return;
    this.jump(this.cursor + 1);
  }

  /**
   * The number of the move at ply `ply` (an index into `moves`): Othello
   * numbers moves by discs placed, from 1 after the record's start, so a
   * pass takes no number (null).
   */
  moveNumber(ply) {
    if (this.moves[ply] === 'pa' || ply < 0 || ply >= this.moves.length) return null;
    let number = 0;
    for (let index = 0; index <= ply; index += 1) if (this.moves[index] !== 'pa') number += 1;
    return number;
  }

  /** Moves (discs placed, passes not counted) in the first `plies` plies (default: the whole record). */
  movesPlayed(plies = this.moves.length) {
    return this.moves.slice(0, plies).filter((move) => move !== 'pa').length;
  }

  /**
   * The transcript sheet: each square played in the first `plies` plies
   * (default: all) with its move number, as a Map from square name to number.
   */
  squareNumbers(plies = this.moves.length) {
    const numbers = new Map();
    let number = 0;
    for (const move of this.moves.slice(0, plies)) {
      if (move === 'pa') continue;
      number += 1;
      numbers.set(move, number);
    }
    return numbers;
  }

  /** Whether the record starts from its board's start position. */
  get standardStart() {
    return this.start === this.kind.start;
  }

  /**
   * The whole game as a transcript (passes implicit), whatever move is on
   * the board; null from a set-up position.
   */
  transcript() {
    if (!this.standardStart) return null;
    return this.kind.transcript(this.moves);
  }

  /**
   * The whole game as a GGF record with its start position and `tags`
   * (`{ PB, PW, RE, DT, ... }`, empty values left out); 8x8 games only.
   */
  ggf(tags = {}) {
    if (!this.kind.features.ggf) throw new Error(t('flow.ggfOnly8x8'));
    const board = this.start.slice(0, 64).replaceAll('X', '*');
    const side = this.start.endsWith('X') ? '*' : 'O';
    let text = `(;GM[Othello]PC[othello-wasm page]TY[8]BO[8 ${board} ${side}]`;
    this.positions.slice(0, -1).forEach((position, ply) => {
      const colour = position.endsWith('X') ? 'B' : 'W';
      const move = this.moves[ply];
      text += `${colour}[${move === 'pa' ? 'PA' : move.toUpperCase()}]`;
    });
    const written = Object.fromEntries(Object.entries(tags).filter(([, value]) => value !== undefined && value !== ''));
    const formatted = formatGame(`${text};)`, 'ggf', written);
    // The time of each move, in seconds after "//" (GGF's move form): the moves follow the board.
    const split = formatted.indexOf(']', formatted.indexOf('BO[')) + 1;
    let ply = 0;
    const moves = formatted.slice(split).replace(/(?<![A-Z])([BW])\[([^\]]*)\]/g, (whole, colour, move) => {
      const time = this.times[ply];
      ply += 1;
      return Number.isFinite(time) ? `${colour}[${move}//${(time / 1000).toFixed(2)}]` : whole;
    });
    return formatted.slice(0, split) + moves;
  }

  /** What local storage keeps. */
  toJSON() {
    return {
      start: this.start, moves: this.moves, cursor: this.cursor, times: this.times, names: this.names, ending: this.ending,
    };
  }

  /** A record from `toJSON()` output; throws when it is not a valid game (its times, names and ending are kept when valid). */
  static fromJSON(data) {
    if (!data || typeof data.start !== 'string' || !Array.isArray(data.moves)) {
      throw new Error(t('flow.notRecord'));
    }
    const record = new GameRecord(data.start, data.moves, Number(data.cursor) || 0);
    if (Array.isArray(data.times)) {
      record.times = record.moves.map((_, ply) => {
        const time = data.times[ply];
        return Number.isFinite(time) && time >= 0 ? time : null;
      });
    }
    const names = data.names;
    if (names && typeof names.black === 'string' && typeof names.white === 'string') {
      record.names = { black: names.black.slice(0, 100), white: names.white.slice(0, 100) };
    }
    const ending = data.ending;
    if (ending && ['resignation', 'time'].includes(ending.how) && ['black', 'white'].includes(ending.loser)) {
      record.ending = { how: ending.how, loser: ending.loser };
    }
    return record;
  }
}

/**
 * The value of the first property `name` of a GGF record `text` (`\]` read
 * as `]`), trimmed; '' when it has none.
 * @param {string} text
 * @param {string} name
 * @returns {string}
 */
export function ggfProperty(text, name) {
  const found = new RegExp(`(?<![A-Z])${name}\\[((?:\\\\.|[^\\]\\\\])*)\\]`).exec(text);
  return found ? found[1].replace(/\\(.)/g, '$1').trim().slice(0, 100) : '';
}

/**
 * The time of each move of a GGF record `text` (`B[f5//3.20]`: seconds), in
 * ms, null for a move without one.
 * @param {string} text
 * @returns {(number | null)[]}
 */
function ggfTimes(text) {
  const board = text.indexOf('BO[');
  const moves = board < 0 ? '' : text.slice(text.indexOf(']', board) + 1);
  return [...moves.matchAll(/(?<![A-Z])[BW]\[([^\]]*)\]/g)].map(([, move]) => {
    const seconds = /\/\/\s*(\d+(?:\.\d+)?)/.exec(move);
    return seconds ? Math.round(Number(seconds[1]) * 1000) : null;
  });
}

/**
 * How a GGF result (`RE`, from Black's side) says the game ended off the
 * board: "+64:r" White resigned, "-10:t" Black lost on time; else null.
 * @param {string} result
 * @returns {{ how: 'resignation' | 'time', loser: 'black' | 'white' } | null}
 */
export function ggfEnding(result) {
  const found = /^([+-])[\d.]*:([rt])$/i.exec(result);
  if (!found) return null;
  return { how: found[2].toLowerCase() === 'r' ? 'resignation' : 'time', loser: found[1] === '+' ? 'white' : 'black' };
}

/** The squares whose discs changed colour between two boards (board strings of one kind, a square a character). */
export function flippedSquares(before, after) {
  const flipped = [];
  for (let index = 0; index < before.length; index += 1) {
    if (before[index] !== '-' && after[index] !== '-' && before[index] !== after[index]) flipped.push(index);
  }
  return flipped;
}
