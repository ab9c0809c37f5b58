// The two side boxes (each side's player, disc count and whose move it is)
// and the status line under the board; while a position is set up, the
// counts of the board being set up.
import { t } from './i18n.js';
import { statusText } from './result.js';

/**
 * @typedef {object} SideBoxElements
 * @property {HTMLElement} status the status line
 * @property {HTMLElement} countBlack
 * @property {HTMLElement} countWhite
 * @property {HTMLElement} dotBlack the disc beside the count, in the board's colour
 * @property {HTMLElement} dotWhite
 * @property {HTMLElement} nameBlack who plays the side
 * @property {HTMLElement} nameWhite
 * @property {HTMLElement} roleBlack "Engine" under an engine's level
 * @property {HTMLElement} roleWhite
 * @property {HTMLElement} sideBlack the side box
 * @property {HTMLElement} sideWhite
 * @property {HTMLElement} setupCounts the set-up panel's disc counts
 */

export class SideBoxes {
  /**
   * @param {import('./page-game.js').PageGame} game
   * @param {import('./settings.js').Settings} settings
   * @param {import('./players.js').Players} players
   * @param {SideBoxElements} elements
   */
  constructor(game, settings, players, elements) {
    this.game = game;
    this.settings = settings;
    this.players = players;
    this.elements = elements;
  }

  /**
   * Draws the side boxes and the status line for `state` (the record's at the cursor).
   * @param {import('./record.js').GameRecord['state']} state
   */
  render(state) {
    const { game, players, elements: view } = this;
    if (game.setup) {
      const { black, white } = game.setup.counts();
      view.countBlack.textContent = String(black);
      view.countWhite.textContent = String(white);
      // After the help's sentence, joined as the language joins sentences.
      const counts = t('flow.setupCounts', { black, white });
      view.setupCounts.textContent = t('text.sentences', { first: '', second: counts });
      view.status.textContent = t('flow.settingUp');
      return;
    }
    if (game.trainer) {
      this.renderTrainer(game.trainer);
      return;
    }
    view.countBlack.textContent = String(state.black);
    view.countWhite.textContent = String(state.white);
    const { discClass } = game.record.kind;
    view.dotBlack.className = `dot ${discClass.black}`;
    view.dotWhite.className = `dot ${discClass.white}`;
    /** @type {['black' | 'white', HTMLElement, HTMLElement][]} */
    const sides = [['black', view.nameBlack, view.roleBlack], ['white', view.nameWhite, view.roleWhite]];
    for (const [color, name, role] of sides) {
      const shown = players.shown(color);
      name.textContent = shown.name;
      role.textContent = shown.role;
    }
    const ending = players.ending();
    const on = state.status !== 'gameover' && ending === null;
    view.sideBlack.classList.toggle('to-move', on && state.toMove === 'black');
    view.sideWhite.classList.toggle('to-move', on && state.toMove === 'white');
    view.status.textContent = statusText({
      state, position: game.record.position, ending, who: players.sides()[state.toMove],
      paused: game.paused, named: this.settings.mode !== 'human-human', review: players.reviewing(),
    });
  }

  /**
   * The side boxes and status line while a trainer has the board (page-game.js `trainer`).
   * @param {import('./page-game.js').TrainerBoard} trainer
   */
  renderTrainer(trainer) {
    const view = this.elements;
    const shown = trainer.view();
    view.countBlack.textContent = String(shown.black);
    view.countWhite.textContent = String(shown.white);
    view.dotBlack.className = 'dot black';
    view.dotWhite.className = 'dot white';
    /** @type {['black' | 'white', HTMLElement, HTMLElement][]} */
    const sides = [['black', view.nameBlack, view.roleBlack], ['white', view.nameWhite, view.roleWhite]];
    for (const [color, name, role] of sides) {
      const who = trainer.shown(color);
      name.textContent = who.name;
      role.textContent = who.role;
    }
    view.sideBlack.classList.toggle('to-move', shown.toMove === 'black');
    view.sideWhite.classList.toggle('to-move', shown.toMove === 'white');
    view.status.textContent = trainer.status();
  }
}
