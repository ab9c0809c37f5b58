// The Moves panel: the game's moves as a list (move-list.js: the main line
// with its variations and comments, the opening's name and the analysis'
// marks) or as the transcript sheet of the line on the board
// (transcript-sheet.js), the player's choice; a move in either is a button
// that shows the board after it. Below them, what can be done with the move
// on the board: its comment (a field always there), promote its variation to
// the main line, delete it and the moves after it.
import { renderMoveList, scrollToCurrent } from './move-list.js';
import { renderTranscriptSheet } from './transcript-sheet.js';
import { openingName } from './openings.js';
import { MAX_COMMENT } from './game-tree.js';
import { t } from './i18n.js';

/**
 * @typedef {object} MovesPanelParts
 * @property {import('./page-game.js').PageGame} game
 * @property {import('./settings.js').Settings} settings
 * @property {import('./analysis.js').AnalysisStore} store
 * @property {{ moves: HTMLElement, movesSheet: HTMLElement, viewList: HTMLElement, viewSheet: HTMLElement,
 *   opening: HTMLElement, comment: HTMLTextAreaElement, promote: HTMLButtonElement, deleteMove: HTMLButtonElement
 *   }} elements the list, the sheet, the buttons that choose between them, the opening's name, the comment's field,
 *   promote and delete
 * @property {(ply: number) => void} jump shows the board after `ply` plies of the line on the board
 * @property {(id: number) => void} select shows the board after the move `id` (game-tree.js)
 * @property {(id: number) => void} fold folds or unfolds the variation that starts with the move `id`
 * @property {(text: string) => void} comment sets the comment on the move on the board
 * @property {() => void} promote makes the line on the board the main line
 * @property {() => void} remove deletes the move on the board and the moves after it
 * @property {() => boolean} canRemove whether the move on the board may be deleted
 * @property {() => void} redraw draws the page from its state
 * @property {() => void} save saves the game and the settings
 */

export class MovesPanel {
  /** @type {import('./game-tree.js').MoveNode | null} the move whose comment the field shows */
  #commented = null;

  /** @param {MovesPanelParts} parts */
  constructor(parts) {
    this.parts = parts;
    this.game = parts.game;
    this.settings = parts.settings;
    this.store = parts.store;
    this.elements = parts.elements;
  }

  /** The buttons that choose the list or the sheet; the moves in either; the tools of the move on the board. */
  bind() {
    const { elements: view, settings, parts } = this;
    /** @param {string} shown 'list' or 'sheet' */
    const moveView = (shown) => () => {
      settings.moveView = shown;
      parts.redraw();
      parts.save();
      scrollToCurrent(shown === 'sheet' ? view.movesSheet : view.moves);
    };
    view.viewList.addEventListener('click', moveView('list'));
    view.viewSheet.addEventListener('click', moveView('sheet'));
    /** @param {Event} event a click in the list or the sheet */
    const clicked = (event) => {
      const target = /** @type {Element} */ (event.target);
      const button = /** @type {HTMLElement | null} */ (target.closest('button[data-node], button[data-ply], button[data-fold]'));
      if (!button || this.game.setup || this.game.trainer) return;
      if (button.dataset.fold) parts.fold(Number(button.dataset.fold));
      else if (button.dataset.node) parts.select(Number(button.dataset.node));
      else parts.jump(Number(button.dataset.ply));
    };
    view.movesSheet.addEventListener('click', clicked);
    view.moves.addEventListener('click', clicked);
    view.comment.maxLength = MAX_COMMENT;
    view.comment.addEventListener('input', () => parts.comment(view.comment.value));
    view.promote.addEventListener('click', () => parts.promote());
    view.deleteMove.addEventListener('click', () => parts.remove());
  }

  /**
   * The name of the opening of the line on the board, on the standard start of a board that has them; else null.
   * @param {import('./record.js').GameRecord} [record] the record shown (the game's, or a trainer's line)
   */
  currentOpening(record = this.game.record) {
    return record.standardStart && record.kind.features.openings ? openingName(record.moves) : null;
  }

  /**
   * The moves as the list or as the transcript sheet, the player's choice;
   * the tools of the move on the board. While a trainer has the board, the
   * moves of its line (no analysis' marks, nothing to click).
   */
  render() {
    const { elements: view, game, store } = this;
    const record = game.trainer?.line() ?? game.record;
    // A move shown on the board is never hidden in a folded variation.
    for (const node of record.current.path()) node.collapsed = false;
    const opening = this.currentOpening(record);
    const sheet = this.settings.moveView === 'sheet';
    view.moves.hidden = sheet;
    view.movesSheet.hidden = !sheet;
    view.viewList.setAttribute('aria-pressed', String(!sheet));
    view.viewSheet.setAttribute('aria-pressed', String(sheet));
    if (sheet) renderTranscriptSheet(view.movesSheet, record);
    else {
      // The discs a move lost against the best move of its position's analysis (analysis.js reviews a ply of a line).
      const lossOf = (position, move) => (game.trainer ? undefined
        : store.review({ moves: [move], positions: [position] }, 0)?.loss);
      renderMoveList(view.moves, record, lossOf, opening);
    }
    view.opening.textContent = opening ? `· ${opening.name}` : '';
    this.renderTools();
  }

  /** The comment of the move on the board, and whether it can be promoted or deleted. */
  renderTools() {
    const { elements: view, game } = this;
    const record = game.record;
    const node = record.current;
    // Setting up a position, or a trainer's line shown: nothing of the game to change.
    const locked = game.setup !== null || game.trainer !== null;
    const number = record.movesPlayed(record.cursor);
    const what = node.parent === null ? t('moves.commentStart')
      : node.move === 'pa' ? t('moves.commentPass') : t('moves.commentMove', { number, move: node.move });
    view.comment.placeholder = what;
    view.comment.setAttribute('aria-label', what);
    view.comment.disabled = locked;
    // The field shows the comment of the move on the board (not rewritten while it is being typed).
    if (this.#commented !== node || document.activeElement !== view.comment) view.comment.value = game.trainer ? '' : node.comment;
    this.#commented = node;
    view.promote.disabled = locked || record.onMainLine;
    view.deleteMove.disabled = locked || !this.parts.canRemove();
  }
}
