// The game record the page owns: a start position, the moves played from it
// (passes written "pa") and a cursor (how many of them are on the board).
// Moves after the cursor are kept for redo until a different move is played.
// The rules come from the engine's wasm (cheap synchronous calls).
import { formatGame, parseGame, play, status } from './pkg/index.js';

/** The standard start position as an OBF line. */
export const START = '---------------------------OX------XO--------------------------- X';

export class GameRecord {
  /** A record from `start` (OBF line) and `moves`; throws an Error naming a bad move. */
  constructor(start = START, moves = [], cursor = moves.length) {
    this.start = status(start).position;
    this.moves = [];
    this.positions = [this.start];
    for (const move of moves) this.#append(move);
    this.cursor = Math.max(0, Math.min(cursor, this.moves.length));
  }

  /** Reads a transcript, OBF line or GGF record; throws an Error naming the problem. */
  static parse(text) {
    const game = parseGame(text.trim());
    const record = new GameRecord(game.start, game.moves);
    /** The notation the text was read as: 'transcript', 'obf' or 'ggf'. */
    record.format = game.format;
    return record;
  }

  #append(move) {
    const before = this.positions[this.positions.length - 1];
    this.positions.push(play(before, move));
    this.moves.push(move);
  }

  /** The position on the board (OBF line). */
  get position() {
    return this.positions[this.cursor];
  }

  /** Status of the position on the board (side to move, legal moves, counts). */
  get state() {
    return status(this.position);
  }

  /** Plays `move` at the cursor: follows the redo line when it is the same move, else replaces it. */
  play(move) {
    if (this.moves[this.cursor] === move) {
      this.cursor += 1;
      return;
    }
    const next = play(this.position, move);
    this.moves.length = this.cursor;
    this.positions.length = this.cursor + 1;
    this.moves.push(move);
    this.positions.push(next);
    this.cursor += 1;
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

  /** Whether the record starts from the standard start position. */
  get standardStart() {
    return this.start === START;
  }

  /**
   * The whole game as a transcript (passes implicit), whatever move is on
   * the board; null from a set-up position.
   */
  transcript() {
    if (!this.standardStart) return null;
    return parseGame(this.moves.join('')).transcript;
  }

  /**
   * The whole game as a GGF record with its start position and `tags`
   * (`{ PB, PW, RE, DT, ... }`, empty values left out).
   */
  ggf(tags = {}) {
    const board = this.start.slice(0, 64).replaceAll('X', '*');
    const side = this.start.endsWith('X') ? '*' : 'O';
    let text = `(;GM[Othello]PC[othello-wasm page]TY[8]BO[8 ${board} ${side}]`;
    this.positions.slice(0, -1).forEach((position, ply) => {
      const colour = position.endsWith('X') ? 'B' : 'W';
      const move = this.moves[ply];
      text += `${colour}[${move === 'pa' ? 'PA' : move.toUpperCase()}]`;
    });
    const written = Object.fromEntries(Object.entries(tags).filter(([, value]) => value !== undefined && value !== ''));
    return formatGame(`${text};)`, 'ggf', written);
  }

  /** What local storage keeps. */
  toJSON() {
    return { start: this.start, moves: this.moves, cursor: this.cursor };
  }

  /** A record from `toJSON()` output; throws when it is not a valid game. */
  static fromJSON(data) {
    if (!data || typeof data.start !== 'string' || !Array.isArray(data.moves)) {
      throw new Error('saved game: not a game record');
    }
    return new GameRecord(data.start, data.moves, Number(data.cursor) || 0);
  }
}

/** The squares whose discs changed colour between two boards (64-char strings). */
export function flippedSquares(before, after) {
  const flipped = [];
  for (let index = 0; index < 64; index += 1) {
    if (before[index] !== '-' && after[index] !== '-' && before[index] !== after[index]) flipped.push(index);
  }
  return flipped;
}

/** The name of square `index` (0 = a1, 63 = h8). */
export function squareName(index) {
  return 'abcdefgh'[index % 8] + (Math.floor(index / 8) + 1);
}

/** The index of square `name`. */
export function squareIndex(name) {
  return (Number(name[1]) - 1) * 8 + 'abcdefgh'.indexOf(name[0]);
}
