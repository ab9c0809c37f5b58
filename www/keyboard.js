// The page's keys: U takes a move back, R plays it again, M makes the
// engine play its best move so far. In the move list (or with nothing in
// particular focused), the arrows move through the game: left and right one
// move along the line on the board, up and down to the previous or next
// variation, Home and End to the start and the end of the line. Not while
// typing (in a field, a list or a dialog), with a modifier held, while a
// position is set up (set-up edits a board of its own) or while a trainer
// has the board (the game waits under it): the record's keys wait. The board and the graph have arrow keys of their own
// (board-view.js, evaluation.js).

/**
 * @typedef {object} KeyActions
 * @property {() => void} undo
 * @property {() => void} redo
 * @property {() => void} moveNow
 * @property {(delta: number) => void} step one move back (-1) or forward (1) along the line on the board
 * @property {(delta: number) => void} variation to the previous (-1) or next (1) variation
 * @property {(end: boolean) => void} lineEnd to the start (false) or the end (true) of the line
 * @property {() => boolean} waiting whether the record's keys wait (a position being set up, a trainer's line)
 */

/**
 * Listens to the page's keys.
 * @param {KeyActions} actions
 */
export function bindKeys({ undo, redo, moveNow, step, variation, lineEnd, waiting }) {
  /** @type {Record<string, () => void>} the move list's keys */
  const moving = {
    ArrowLeft: () => step(-1), ArrowRight: () => step(1), ArrowUp: () => variation(-1), ArrowDown: () => variation(1),
    Home: () => lineEnd(false), End: () => lineEnd(true),
  };
  document.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = /** @type {Element} */ (event.target);
    if (target.closest?.('input, textarea, select, dialog')) return;
    // Set-up mode edits a board of its own, a trainer's line is not the game: the record's keys wait.
    if (waiting()) return;
    const moves = moving[event.key];
    if (moves) {
      // In the move list (marked data-move-keys), or on the page itself.
      if (target !== document.body && !target.closest?.('[data-move-keys]')) return;
      event.preventDefault();
      moves();
      return;
    }
    const key = event.key.toLowerCase();
    if (key === 'u') undo();
    else if (key === 'r') redo();
    else if (key === 'm') moveNow();
  });
}
