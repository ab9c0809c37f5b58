// The game given away: copied as text from the record panel (a transcript,
// GGF with its players, result and date, or the position as OBF), or
// shared through the share dialog (a link, files, a picture of the board
// as it is shown).
import { ggfTags } from './record-panel.js';
import { ShareDialog } from './share-dialog.js';
import { shareLink } from './share.js';
import { canvasPng, drawBoardImage } from './board-image.js';
import { boardPalette } from './board-theme.js';

/**
 * @typedef {object} SharingParts
 * @property {import('./page-game.js').PageGame} game
 * @property {import('./settings.js').Settings} settings
 * @property {import('./players.js').Players} players
 * @property {import('./record-panel.js').RecordPanel} recordPanel the record panel (its text box and message)
 * @property {{ frame: HTMLElement, share: HTMLElement, shareDialog: HTMLDialogElement, copyTranscript: HTMLElement,
 *   copyObf: HTMLElement, copyGgf: HTMLElement, copyVariations: HTMLElement }} elements the board's frame (its colours), the share button and
 *   dialog, the record panel's copy buttons
 */

export class Sharing {
  /** @param {SharingParts} parts */
  constructor({ game, settings, players, recordPanel, elements }) {
    this.game = game;
    this.settings = settings;
    this.players = players;
    this.recordPanel = recordPanel;
    this.elements = elements;
    this.dialog = new ShareDialog(elements.shareDialog, this.source());
  }

  /** The share button opens the dialog; the copy buttons copy. */
  bind() {
    const { elements } = this;
    elements.share.addEventListener('click', () => this.dialog.open());
    elements.copyTranscript.addEventListener('click', () => this.copy('transcript'));
    elements.copyObf.addEventListener('click', () => this.copy('obf'));
    elements.copyGgf.addEventListener('click', () => this.copy('ggf'));
    elements.copyVariations.addEventListener('click', () => this.copy('variations'));
  }

  /**
   * What the share dialog shares: the game on the board, as it is shown.
   * @returns {import('./share-dialog.js').ShareSource}
   */
  source() {
    const { game, settings, elements } = this;
    return {
      link: () => shareLink(game.record, location.href),
      ggf: () => (game.record.kind.features.ggf ? game.record.ggf(this.tags()) : null),
      transcript: () => game.record.transcript(),
      image: (numbers) => {
        const record = game.record;
        return canvasPng(drawBoardImage({
          kind: record.kind, board: record.state.board, palette: boardPalette(elements.frame),
          flipped: settings.flipped, coordinates: settings.coordinates,
          numbers: numbers ? record.squareNumbers(record.cursor) : null,
        }));
      },
    };
  }

  /** The GGF tags of the game on the board: its players, result and date. */
  tags() {
    return ggfTags(this.game.record, { black: this.players.name('black'), white: this.players.name('white') });
  }

  /**
   * Copies the game (or the position, for OBF) as `kind`.
   * @param {string} kind 'transcript', 'obf', 'ggf' or 'variations'
   */
  copy(kind) {
    return this.recordPanel.copy(kind, this.game.record, this.tags());
  }
}
