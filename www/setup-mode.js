// Setting up a position: the board becomes an editor of its own (setup.js:
// a click cycles a square), the set-up panel chooses the side to move, and
// the position set up replaces the game on the board (the game there is
// kept in "Previous games"); cancelled, the game comes back as it was.
import { errorText } from './error-text.js';
import { t } from './i18n.js';
import { PositionEditor } from './setup.js';

/**
 * @typedef {object} SetupModeParts
 * @property {import('./page-game.js').PageGame} game
 * @property {{ setup: HTMLElement, setupPanel: HTMLElement, setupSide: HTMLSelectElement, setupMessage: HTMLElement,
 *   setupDone: HTMLElement, setupCancel: HTMLElement, setupClear: HTMLElement, setupStart: HTMLElement }} elements
 *   the button that opens the set-up panel, the panel, its choice of side, its message and its buttons
 * @property {() => void} stopAnalysis stops the whole-game analysis, if one runs
 * @property {() => void} idleEngine clears the engine panel and stops the engine's job
 * @property {(record: import('./record.js').GameRecord) => void} replaceGame puts a game on the board
 * @property {() => void} settle plays a pass due at the end of a game put on the board; the engine waits
 * @property {(text: string, kind: string) => void} message the record panel's message line
 * @property {(text: string) => void} announce says `text` in the announcement line (replacing what it said)
 * @property {() => void} redraw draws the page from its state
 * @property {() => void} update brings the page along after a change
 */

export class SetupMode {
  /** @param {SetupModeParts} parts */
  constructor({ game, elements, stopAnalysis, idleEngine, replaceGame, settle, message, announce, redraw, update }) {
    this.game = game;
    this.elements = elements;
    this.stopAnalysis = stopAnalysis;
    this.idleEngine = idleEngine;
    this.replaceGame = replaceGame;
    this.settle = settle;
    this.message = message;
    this.announce = announce;
    this.redraw = redraw;
    this.update = update;
  }

  /** The set-up button and the panel's buttons. */
  bind() {
    const { game, elements: view } = this;
    view.setup.addEventListener('click', () => this.start());
    view.setupDone.addEventListener('click', () => this.finish(true));
    view.setupCancel.addEventListener('click', () => this.finish(false));
    view.setupClear.addEventListener('click', () => { game.setup.clear(); this.redraw(); });
    view.setupStart.addEventListener('click', () => { game.setup.reset(); view.setupSide.value = 'X'; this.redraw(); });
  }

  /** Opens the editor on the board shown, with its side to move. */
  start() {
    const { game, elements: view } = this;
    this.stopAnalysis();
    game.setup = new PositionEditor(game.record.state.board, game.record.position.endsWith('X') ? 'X' : 'O');
    view.setupMessage.textContent = '';
    view.setupSide.value = game.setup.side;
    // What was said of the game on the board (a pass, "you may play on") is not about the position set up.
    this.announce('');
    this.idleEngine();
    this.update();
  }

  /**
   * Closes the editor: `use`, its position replaces the game (unless it cannot be played, which is said);
   * else the game comes back.
   * @param {boolean} use
   */
  finish(use) {
    const { game, elements: view } = this;
    if (use) {
      game.setup.side = view.setupSide.value;
      let record;
      try {
        record = game.setup.toRecord();
      } catch (error) {
        view.setupMessage.textContent = t('flow.setupNotUsed', { reason: errorText(error) });
        view.setupMessage.className = 'message error';
        return;
      }
      this.replaceGame(record);
      game.clock = null;
      this.settle();
      this.message(t('flow.positionSetUp'), 'ok');
    } else {
      game.setup = null;
    }
    this.update();
  }

  /** The set-up panel while a position is set up; the button that opens it where the board offers set-up. */
  render() {
    const { game, elements: view } = this;
    view.setupPanel.hidden = game.setup === null;
    view.setup.hidden = game.setup !== null || !game.record.kind.features.setup;
  }
}
