// The page's keys: U takes a move back, R plays it again, M makes the
// engine play its best move so far. Not while typing (in a field, a list or
// a dialog), with a modifier held, or while a position is set up (set-up
// edits a board of its own: the record's keys wait). The board and the
// graph have keys of their own (board-view.js, evaluation.js).

/**
 * @typedef {object} KeyActions
 * @property {() => void} undo
 * @property {() => void} redo
 * @property {() => void} moveNow
 * @property {() => boolean} settingUp whether a position is being set up
 */

/**
 * Listens to the page's keys.
 * @param {KeyActions} actions
 */
export function bindKeys({ undo, redo, moveNow, settingUp }) {
  document.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (/** @type {Element} */ (event.target).closest?.('input, textarea, select, dialog')) return;
    // Set-up mode edits a board of its own: the record's keys wait.
    if (settingUp()) return;
    const key = event.key.toLowerCase();
    if (key === 'u') undo();
    else if (key === 'r') redo();
    else if (key === 'm') moveNow();
  });
}
