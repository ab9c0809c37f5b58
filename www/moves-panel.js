// The Moves panel: the game's moves as a list (move-list.js, with the
// opening's name and the analysis' marks) or as the transcript sheet
// (transcript-sheet.js), the player's choice; a move in either is a button
// that shows the board after it.
import { renderMoveList, scrollToCurrent } from './move-list.js';
import { renderTranscriptSheet } from './transcript-sheet.js';
import { openingName } from './openings.js';

/**
 * @typedef {object} MovesPanelParts
 * @property {import('./page-game.js').PageGame} game
 * @property {import('./settings.js').Settings} settings
 * @property {import('./analysis.js').AnalysisStore} store
 * @property {{ moves: HTMLElement, movesSheet: HTMLElement, viewList: HTMLElement, viewSheet: HTMLElement,
 *   opening: HTMLElement }} elements the list, the sheet, the buttons that choose between them, the opening's name
 * @property {(ply: number) => void} jump shows the board after `ply` plies of the record
 * @property {() => void} redraw draws the page from its state
 * @property {() => void} save saves the game and the settings
 */

export class MovesPanel {
  /** @param {MovesPanelParts} parts */
  constructor({ game, settings, store, elements, jump, redraw, save }) {
    this.game = game;
    this.settings = settings;
    this.store = store;
    this.elements = elements;
    this.jump = jump;
    this.redraw = redraw;
    this.save = save;
  }

  /** The buttons that choose the list or the sheet; the moves in either. */
  bind() {
    const { elements: view, settings } = this;
    /** @param {string} shown 'list' or 'sheet' */
    const moveView = (shown) => () => {
      settings.moveView = shown;
      this.redraw();
      this.save();
      scrollToCurrent(shown === 'sheet' ? view.movesSheet : view.moves);
    };
    view.viewList.addEventListener('click', moveView('list'));
    view.viewSheet.addEventListener('click', moveView('sheet'));
    /** @param {Event} event a click in the list or the sheet */
    const clicked = (event) => {
      const target = /** @type {Element} */ (event.target);
      const button = /** @type {HTMLElement | null} */ (target.closest('button[data-ply]'));
      if (!button || this.game.setup) return;
      this.jump(Number(button.dataset.ply));
    };
    view.movesSheet.addEventListener('click', clicked);
    view.moves.addEventListener('click', clicked);
  }

  /** The name of the opening played, on the standard start of a board that has them; else null. */
  currentOpening() {
    const record = this.game.record;
    return record.standardStart && record.kind.features.openings ? openingName(record.moves) : null;
  }

  /** The moves as the list or as the transcript sheet, the player's choice. */
  render() {
    const { elements: view, game } = this;
    const opening = this.currentOpening();
    const sheet = this.settings.moveView === 'sheet';
    view.moves.hidden = sheet;
    view.movesSheet.hidden = !sheet;
    view.viewList.setAttribute('aria-pressed', String(!sheet));
    view.viewSheet.setAttribute('aria-pressed', String(sheet));
    if (sheet) renderTranscriptSheet(view.movesSheet, game.record);
    else renderMoveList(view.moves, game.record, this.store.losses(game.record), opening);
    view.opening.textContent = opening ? `· ${opening.name}` : '';
  }
}
