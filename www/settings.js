// The player's settings: who plays each side, the engine's level on each
// board, the time per move and the time control, what the board shows, the
// theme, the moves' view and the language; their values on a first visit
// and the check of each saved value that must be one of a list.
import { CATALOGUES } from './i18n.js';
import { browserLanguage } from './language.js';
import { DEFAULT_LEVEL, DEFAULT_LEVEL_96, LEVELS, LEVELS_96, MOVE_TIMES, timeControlById } from './levels.js';
import { BOARD_THEMES } from './board-theme.js';

/** Who plays each side: `<black>-<white>`. */
export const MODES = ['human-engine', 'engine-human', 'human-human', 'engine-engine'];
export const THEMES = ['auto', 'light', 'dark'];

/** The settings of a first visit (the language: the first of the browser's that the page offers). */
export function defaultSettings() {
  return {
    mode: 'human-engine', level: DEFAULT_LEVEL, level96: DEFAULT_LEVEL_96, moveTime: 5, showLegal: true, hints: false,
    thinkAhead: false, book: true, sound: false, theme: 'auto', timeControl: 'none', moveView: 'list',
    // The board's look: turned round (saved with the game, in this object), its colours, its coordinates.
    flipped: false, boardTheme: BOARD_THEMES[0], coordinates: true,
    language: browserLanguage(),
  };
}

/** @typedef {ReturnType<typeof defaultSettings>} Settings */

/**
 * The settings whose saved value must be one of a list: the check of each.
 * @type {Record<string, (value: any) => boolean>}
 */
export const SETTING_CHECKS = {
  mode: (value) => MODES.includes(value),
  level: (value) => LEVELS.some((level) => level.id === value),
  level96: (value) => LEVELS_96.some((level) => level.id === value),
  moveTime: (value) => MOVE_TIMES.includes(value),
  theme: (value) => THEMES.includes(value),
  boardTheme: (value) => BOARD_THEMES.includes(value),
  moveView: (value) => ['list', 'sheet'].includes(value),
  timeControl: (value) => Boolean(timeControlById(value)),
  language: (value) => value === undefined || Object.hasOwn(CATALOGUES, value),
};
