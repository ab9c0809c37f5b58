// Who plays each side of the game on the board, and what they are called:
// the settings' mode (`<black>-<white>`: a person or the engine at its
// level), except for a loaded or reopened game under review, which is the
// players' to step through (the engine plays neither) and keeps the names
// of those who played it. The sides of a board kind are named by the kind
// (Black and White, or Red and White on the 96-square board).
import { t } from './i18n.js';
import { chosenLevel } from './levels.js';
import { sideWord } from './result.js';
import { recordName, shownName } from './player-names.js';

/** @typedef {string} Color a side: 'black' (the side that moves first) or 'white' */
/** @typedef {{ id: number, sides: { black: string, white: string } }} SidedKind a board kind, as far as its sides go */

/**
 * The sides of board `kind` named in the language shown: `{ black, white }`.
 * @param {SidedKind} kind
 */
export const sideWords = (kind) => ({ black: sideWord(kind.sides.black), white: sideWord(kind.sides.white) });

/**
 * The board `kind` as score-text.js reads it, its sides named in the language shown.
 * @param {SidedKind} kind
 */
export const scoreBoard = (kind) => ({ id: kind.id, sides: sideWords(kind) });

export class Players {
  /**
   * @param {import('./page-game.js').PageGame} game
   * @param {import('./settings.js').Settings} settings
   */
  constructor(game, settings) {
    this.game = game;
    this.settings = settings;
  }

  /**
   * Who plays each side: a loaded game under review is the players' to step through and try (the engine plays neither).
   * @returns {{ black: string, white: string }} 'human' or 'engine' for each side
   */
  sides() {
    if (this.reviewing()) return { black: 'human', white: 'human' };
    const [black, white] = this.settings.mode.split('-');
    return { black, white };
  }

  /**
   * A game with its own players (loaded, or reopened) is reviewed until the player plays on from it.
   * @returns {boolean}
   */
  reviewing() {
    return this.game.record.names !== null;
  }

  /**
   * Whether the game on the board is analysed rather than played: a game
   * under review, or one that is over. A move at an earlier position then
   * starts a variation, and nobody's clock runs; in a game being played it
   * replaces the moves after it (a takeback).
   * @returns {boolean}
   */
  analysing() {
    return this.reviewing() || this.game.record.finished;
  }

  /**
   * How the game ended off the board (resignation, time), while the end of the game is on the board; else null.
   * @returns {{ how: 'resignation' | 'time', loser: Color } | null}
   */
  ending() {
    const record = this.game.record;
    return record.atMainEnd ? record.ending : null;
  }

  /**
   * Whether the engine is to move in `state` (default: the board's): only in
   * a game being played, on its main line (never in a variation).
   * @param {{ status: string, toMove: Color }} [state]
   * @returns {boolean}
   */
  isEngineTurn(state = this.game.record.state) {
    const record = this.game.record;
    return state.status !== 'gameover' && this.ending() === null && this.sides()[state.toMove] === 'engine'
      && !record.finished && record.onMainLine;
  }

  /**
   * What the board on the page calls `color` ('black': the side that moves first): Black, Red, White.
   * @param {Color} color
   * @returns {string}
   */
  sideName(color) {
    return sideWord(this.game.record.kind.sides[color]);
  }

  /** The engine's level on the board on the page (levels.js). */
  level() {
    return chosenLevel(this.settings, this.game.record.kind.id);
  }

  /**
   * Who plays `color` as the side box shows it, in full: `{ name, role }`, the
   * record's name for a loaded game (a tournament player's), else the engine
   * as its level's name with the role "Engine" below it, a player as "You"
   * (or the side's name when two players share the board).
   * @param {Color} color
   * @returns {{ name: string, role: string }}
   */
  shown(color) {
    const named = this.game.record.names?.[color];
    if (named) return { name: shownName(named), role: '' };
    if (this.sides()[color] === 'engine') return { name: this.level().name, role: t('side.engine') };
    return { name: this.settings.mode === 'human-human' ? this.sideName(color) : t('flow.you'), role: '' };
  }

  /**
   * What a side is called in a record and the list of previous games: the record's names, else "You",
   * "Engine (Club)", "Black", in English whatever the page's language (player-names.js says why).
   * @param {Color} color
   * @returns {string}
   */
  name(color) {
    const named = this.game.record.names?.[color];
    if (named) return recordName(named);
    const who = this.sides()[color];
    if (who === 'engine') return recordName(t('flow.engineNamed', { level: this.level().name }));
    return recordName(this.settings.mode === 'human-human' ? this.sideName(color) : t('flow.you'));
  }
}
