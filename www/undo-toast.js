// A toast with an Undo button, shown for a few seconds after something is
// deleted (a move and the moves after it, in the move list): the button,
// or Ctrl+Z (Cmd+Z on a Mac) while it shows, puts it back. Not while the
// player types in a field (which has its own undo).
import { t } from './i18n.js';

/** How long the toast offers the undo (seconds). */
export const UNDO_SECONDS = 10;

export class UndoToast {
  /**
   * @param {{ box: HTMLElement, text: HTMLElement, button: HTMLButtonElement }} elements the toast, its text and its
   *   Undo button
   */
  constructor({ box, text, button }) {
    this.box = box;
    this.text = text;
    this.button = button;
    /** @type {(() => void) | null} what Undo does, while the toast shows */
    this.undo = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
  }

  /** The Undo button and the keys. */
  bind() {
    this.button.addEventListener('click', () => this.run());
    document.addEventListener('keydown', (event) => {
      if (this.undo === null || event.key.toLowerCase() !== 'z' || !(event.ctrlKey || event.metaKey)) return;
      if (event.shiftKey || event.altKey) return;
      const target = /** @type {Element} */ (event.target);
      if (target.closest?.('input, textarea, select, [contenteditable]')) return;
      event.preventDefault();
      this.run();
    });
  }

  /**
   * Shows `text` with an Undo button that runs `undo`, for UNDO_SECONDS (a toast already shown is replaced).
   * @param {string} text
   * @param {() => void} undo
   */
  offer(text, undo) {
    clearTimeout(this.timer);
    this.undo = undo;
    this.text.textContent = text;
    this.button.textContent = t('study.undo');
    this.button.title = t('study.undoKeys');
    this.box.hidden = false;
    this.timer = setTimeout(() => this.dismiss(), UNDO_SECONDS * 1000);
  }

  /** Undoes what the toast offers, and hides it. */
  run() {
    const undo = this.undo;
    this.dismiss();
    undo?.();
  }

  /** Hides the toast; its undo is no longer offered. */
  dismiss() {
    clearTimeout(this.timer);
    this.undo = null;
    this.box.hidden = true;
  }
}
