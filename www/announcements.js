// The announcement line (read out by screen readers): what happened since
// the player's last action. An engine game adds a line a move; passes and
// engine moves stay until the player's next action, the last few of them.
import { sentences } from './i18n.js';

/** Most events kept in the announcement line (an engine game adds one a move). */
const MAX_ANNOUNCEMENTS = 3;

export class Announcements {
  /** @param {HTMLElement} line the announcement line */
  constructor(line) {
    this.line = line;
    /** @type {string[]} what the line says: events since the player's last action */
    this.said = [];
  }

  /**
   * Shows `text` in the announcement line (read out by screen readers).
   * `keep`: added to what is there (engine moves and passes stay until the
   * player's next action, the last MAX_ANNOUNCEMENTS of them), else it
   * replaces it.
   * @param {string} text
   * @param {boolean} [keep]
   */
  say(text, keep = false) {
    if (!keep) this.said = [];
    if (text) this.said = [...this.said, text].slice(-MAX_ANNOUNCEMENTS);
    this.line.textContent = sentences(...this.said);
  }
}
