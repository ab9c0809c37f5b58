// The board as the game is played on it (board-view.js draws it): what it
// shows of the game (the position at the cursor, legal moves where a person
// is to move, hints, the last move and the discs it flipped, the look the
// player chose), and what a click on a square does (plays the move, cycles
// the square in set-up, or says why not now).
import { t } from './i18n.js';
import { BoardView } from './board-view.js';
import { BOARD_8 } from './board-kind.js';
import { applyBoardLook } from './board-theme.js';
import { flippedSquares } from './record.js';

/**
 * @typedef {object} BoardPlayParts
 * @property {import('./page-game.js').PageGame} game
 * @property {import('./settings.js').Settings} settings
 * @property {import('./players.js').Players} players
 * @property {{ board: HTMLElement, frame: HTMLElement, flip: HTMLElement, playOn: HTMLElement,
 *   moveNow: HTMLElement }} elements the board and its frame, the flip button, the buttons named when a click
 *   cannot play
 * @property {() => { hints: { position: string, moves: { move: string }[] } | null } | null} scheduler the engine's
 *   scheduler, once started (its hints)
 * @property {(text: string, keep?: boolean) => void} announce says `text` in the announcement line
 * @property {(move: string) => void} playMove plays a move on the board
 * @property {() => void} stopAnalysis stops the whole-game analysis, if one runs
 * @property {() => void} redraw draws the page from its state
 */

export class BoardPlay {
  /** @param {BoardPlayParts} parts */
  constructor({ game, settings, players, elements, scheduler, announce, playMove, stopAnalysis, redraw }) {
    this.game = game;
    this.settings = settings;
    this.players = players;
    this.elements = elements;
    this.scheduler = scheduler;
    this.announce = announce;
    this.playMove = playMove;
    this.stopAnalysis = stopAnalysis;
    this.redraw = redraw;
    this.view = new BoardView(elements.frame, elements.board, (index) => this.click(index));
  }

  /**
   * A click (or the keyboard's choice) on square `index`.
   * @param {number} index
   */
  click(index) {
    const { game, players, elements } = this;
    if (game.setup !== null) {
      game.setup.cycle(index);
      this.redraw();
      return;
    }
    if (game.trainer !== null) {
      game.trainer.click(BOARD_8.geometry.squareName(index));
      return;
    }
    const state = game.record.state;
    const name = game.record.kind.geometry.squareName(index);
    if (state.status !== 'moves' || !state.moves.includes(name)) return;
    if (game.clock?.flagged) {
      this.announce(t('flow.overOnTime', { button: elements.playOn.textContent }));
      return;
    }
    if (players.ending() !== null) return;
    if (players.isEngineTurn(state) && !game.paused) {
      this.announce(t('flow.wait', { button: elements.moveNow.textContent }));
      return;
    }
    if (game.analysis !== null) this.stopAnalysis();
    this.playMove(name);
  }

  /**
   * Draws the board in `state` (the record's at the cursor), or the position being set up.
   * @param {import('./record.js').GameRecord['state']} state
   */
  render(state) {
    const { game, settings, players, elements } = this;
    if (game.trainer !== null) return this.renderTrainer(game.trainer.view());
    const record = game.record;
    const setup = game.setup;
    const hints = this.scheduler()?.hints;
    const engineThinks = players.isEngineTurn(state) && !game.paused;
    const shownHints = !setup && settings.hints && hints?.position === record.position && !engineThinks
      ? new Map(hints.moves.map((entry, rank) => [entry.move, { ...entry, rank }]))
      : new Map();
    // The last move played (passes skipped) and the discs it flipped.
    let last = -1;
    let flipped = [];
    const { geometry } = record.kind;
    if (!setup) {
      let ply = record.cursor;
      while (ply > 0 && record.moves[ply - 1] === 'pa') ply -= 1;
      if (ply > 0) {
        last = geometry.squareIndex(record.moves[ply - 1]);
        // A position line starts with its board, a character a square.
        const board = (position) => position.slice(0, geometry.squares);
        flipped = flippedSquares(board(record.positions[ply - 1]), board(record.positions[ply]));
      }
    }
    const view = this.view;
    view.setKind(record.kind);
    view.setFlipped(settings.flipped);
    applyBoardLook(elements.frame, settings);
    elements.flip.setAttribute('aria-pressed', String(settings.flipped));
    const animate = game.animate && !setup;
    game.animate = false;
    view.render({
      board: setup ? setup.board.join('') : state.board,
      legal: setup || engineThinks || players.ending() !== null ? [] : state.moves,
      last,
      flipped,
      hints: shownHints,
      // Dots only where a person is to move: the engine's options are not the player's.
      showLegal: settings.showLegal && !setup && !engineThinks,
      setupMode: setup !== null,
      animate,
      toMove: state.toMove,
    });
  }

  /**
   * Draws what a trainer shows on the board (page-game.js `trainer`): its position, marks and legal moves.
   * @param {ReturnType<import('./page-game.js').TrainerBoard['view']>} shown
   */
  renderTrainer(shown) {
    const { settings, elements, view } = this;
    view.setKind(BOARD_8);
    view.setFlipped(settings.flipped);
    applyBoardLook(elements.frame, settings);
    elements.flip.setAttribute('aria-pressed', String(settings.flipped));
    const { geometry } = BOARD_8;
    view.render({
      board: shown.board, legal: shown.legal, last: shown.last === null ? -1 : geometry.squareIndex(shown.last),
      flipped: shown.flipped, hints: shown.marks, showLegal: settings.showLegal, setupMode: false, animate: false,
      toMove: shown.toMove,
    });
  }
}
