// The board's look, chosen in the settings: its colours (a board theme:
// classic green felt, wood, or high contrast, whose discs stand out from the
// board by at least 4.5:1 in both page modes) and whether the coordinates
// are shown around it. The colours themselves live in style.css, on the
// board frame's `data-board-theme`; `boardPalette` reads them back for a
// drawing of the board (board-image.js), so the image looks like the page.
import { t } from './i18n.js';

/** The board themes, the first the default. */
export const BOARD_THEMES = ['green', 'wood', 'contrast'];

/**
 * The board theme's name in the language shown.
 * @param {string} theme one of BOARD_THEMES
 * @returns {string}
 */
export function boardThemeName(theme) {
  return t(`board.theme.${theme}`);
}

/**
 * Shows the board `frame` in `boardTheme`, with or without `coordinates`.
 * @param {HTMLElement} frame the board frame (#board-frame)
 * @param {{ boardTheme: string, coordinates: boolean }} look
 */
export function applyBoardLook(frame, { boardTheme, coordinates }) {
  frame.dataset.boardTheme = BOARD_THEMES.includes(boardTheme) ? boardTheme : BOARD_THEMES[0];
  frame.classList.toggle('no-coordinates', !coordinates);
}

/**
 * @typedef {object} BoardPalette the colours of the board as shown (CSS colour strings)
 * @property {string} frame the frame around the board and the lines between squares
 * @property {string} felt an empty square
 * @property {string} coordinates the coordinates' letters and numbers
 * @property {Record<string, string>} discs a disc's colour by its class: black, white, red
 * @property {string} edge a disc's outline
 */

/**
 * The colours of the board `frame` as shown now (its theme, in the page's light or dark mode).
 * @param {HTMLElement} frame
 * @returns {BoardPalette}
 */
export function boardPalette(frame) {
  const style = getComputedStyle(frame);
  const read = (name) => style.getPropertyValue(name).trim();
  return {
    frame: read('--felt-dark'),
    felt: read('--felt'),
    coordinates: read('--coord-ink'),
    discs: { black: read('--disc-black'), white: read('--disc-white'), red: read('--disc-red') },
    edge: read('--disc-edge'),
  };
}
