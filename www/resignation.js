// Resigning: the button (for a person's side, in a game on, after the
// first move), its confirmation (which side, when two people share the
// board), and the game ended by it at the board on the page.
import { t } from './i18n.js';
import { recordResult } from './record-panel.js';

/**
 * @typedef {object} ResignationParts
 * @property {import('./page-game.js').PageGame} game
 * @property {import('./settings.js').Settings} settings
 * @property {import('./players.js').Players} players
 * @property {{ resign: HTMLElement, resignConfirm: HTMLElement, resignQuestion: HTMLElement, resignBlack: HTMLElement,
 *   resignWhite: HTMLElement, resignCancel: HTMLElement }} elements the button and its confirmation
 * @property {(text: string, keep?: boolean) => void} announce says `text` in the announcement line
 * @property {() => void} stopAnalysis stops the whole-game analysis, if one runs
 * @property {() => void} idleEngine stops the engine's job (and clears the engine panel)
 * @property {() => void} redraw draws the page from its state
 * @property {() => void} update brings the page along after a change
 */

export class Resignation {
  /** @param {ResignationParts} parts */
  constructor({ game, settings, players, elements, announce, stopAnalysis, idleEngine, redraw, update }) {
    this.game = game;
    this.settings = settings;
    this.players = players;
    this.elements = elements;
    this.announce = announce;
    this.stopAnalysis = stopAnalysis;
    this.idleEngine = idleEngine;
    this.redraw = redraw;
    this.update = update;
  }

  /** The button asks for confirmation; its answers. */
  bind() {
    const { game, elements: view } = this;
    view.resign.addEventListener('click', () => {
      game.confirmResign = true;
      this.redraw();
      view.resignCancel.focus();
    });
    view.resignBlack.addEventListener('click', () => this.resign('black'));
    view.resignWhite.addEventListener('click', () => this.resign('white'));
    view.resignCancel.addEventListener('click', () => { game.confirmResign = false; this.redraw(); });
  }

  /** The resign button (a person's side in a game on), and its confirmation. */
  render() {
    const { game, elements: view } = this;
    const record = game.record;
    const { black, white } = this.players.sides();
    const sides = this.settings.mode === 'human-human' ? ['black', 'white']
      : [black, white].includes('human') ? [black === 'human' ? 'black' : 'white'] : [];
    const offered = !this.players.analysing() && game.setup === null && !record.over && sides.length > 0
      && record.movesPlayed(record.cursor) > 0;
    view.resign.hidden = !offered;
    view.resign.textContent = t('resign.button');
    if (!offered) game.confirmResign = false;
    view.resignConfirm.hidden = !game.confirmResign;
    if (!game.confirmResign) return;
    const sideName = (side) => this.players.sideName(side);
    view.resignQuestion.textContent = sides.length === 1
      ? t('resign.confirm', { side: sideName(sides[0]) }) : t('resign.confirmWho');
    const label = (side) => (sides.length === 1 ? t('resign.yes') : t('resign.side', { side: sideName(side) }));
    view.resignBlack.hidden = !sides.includes('black');
    view.resignWhite.hidden = !sides.includes('white');
    view.resignBlack.textContent = label('black');
    view.resignWhite.textContent = label('white');
    view.resignCancel.textContent = t('resign.cancel');
  }

  /**
   * `loser` resigns: the game ends at the board on the page.
   * @param {'black' | 'white'} loser
   */
  resign(loser) {
    const { game } = this;
    if (game.setup !== null || game.record.over) return;
    this.stopAnalysis();
    game.confirmResign = false;
    game.record.resign(loser);
    game.resultSeen = false;
    this.idleEngine();
    this.announce(t('resign.done', { loser: this.players.sideName(loser), result: recordResult(game.record) }));
    this.update();
  }
}
