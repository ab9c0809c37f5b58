// Setting up a position: a board of its own that the squares edit (empty ->
// black -> white), checked before it replaces the game.
import { GameRecord, START } from './record.js';
import { status } from './pkg/index.js';
import { t } from './i18n.js';

const CYCLE = { '-': 'X', X: 'O', O: '-' };

export class PositionEditor {
  /** Starts from `board` (64 chars of X, O, -) with `side` ('X' or 'O') to move. */
  constructor(board, side) {
    this.board = [...board];
    this.side = side;
  }

  /** The next state of square `index`. */
  cycle(index) {
    this.board[index] = CYCLE[this.board[index]];
  }

  clear() {
    this.board.fill('-');
  }

  reset() {
    this.board = [...START.slice(0, 64)];
    this.side = 'X';
  }

  /** Disc counts of the edited board: { black, white }. */
  counts() {
    const black = this.board.filter((cell) => cell === 'X').length;
    const white = this.board.filter((cell) => cell === 'O').length;
    return { black, white };
  }

  /**
   * The record starting from the edited position; throws an Error saying why
   * a position cannot be played (no disc, or neither side can move).
   */
  toRecord() {
    const { black, white } = this.counts();
    if (black + white === 0) throw new Error(t('setup.emptyBoard'));
    const position = `${this.board.join('')} ${this.side}`;
    if (status(position).status === 'gameover') {
      throw new Error(t('setup.noMoves'));
    }
    return new GameRecord(position);
  }
}
