// The page's game kept in local storage (storage.js): saved after every
// change with the settings, its clock and what was found about its
// positions; read back when the page starts (settings that cannot be used
// fall back to their first-visit values); and the player told, in the
// notices, when saving fails or a saved game could not be read.
import { t } from './i18n.js';
import {
  checkSavedData, loadAnalysis, loadGame, previousGamesUnsaved, saveAnalysis, saveGame, trimmedGames,
} from './storage.js';
import { droppedText, trimmedText } from './storage-messages.js';
import { SETTING_CHECKS } from './settings.js';
import { GameRecord } from './record.js';

/** Why the game or the replaced games are not being saved, for the player. */
const NOT_SAVED = {
  full: () => t('flow.storageFull'),
  unavailable: () => t('flow.storageUnavailable'),
  previous: () => t('flow.previousNotSaved'),
};

/**
 * What the player is told about a saved game that could not be read (`found`, from loadGame).
 * @param {ReturnType<typeof loadGame>} found
 * @returns {string}
 */
function unreadableText(found) {
  if (found.error === null) return found.clockLost ? t('flow.clockLost') : '';
  const { kept, error } = found;
  const what = kept > 0 ? t('flow.readPast', { kept, error })
    : t(found.record ? 'flow.readStart' : 'flow.readNew', { error });
  const aside = found.setAside ? t('flow.setAside', { key: found.setAside }) : t('flow.notKept');
  return `${what} ${aside}`;
}

/**
 * @typedef {object} SavingParts
 * @property {import('./page-game.js').PageGame} game
 * @property {import('./settings.js').Settings} settings
 * @property {import('./analysis.js').AnalysisStore} store
 * @property {import('./notices.js').Notices} notices
 * @property {import('./players.js').Players} players
 * @property {() => void} renderPrevious draws the list of previous games again
 */

export class Saving {
  /** @param {SavingParts} parts */
  constructor({ game, settings, store, notices, players, renderPrevious }) {
    this.game = game;
    this.settings = settings;
    this.store = store;
    this.notices = notices;
    this.players = players;
    this.renderPrevious = renderPrevious;
  }

  /**
   * Shows whether saving works, after a write that returned `failure` (null, 'full' or 'unavailable').
   * @param {string | null} failure
   */
  noteSaving(failure) {
    this.notices.set('saving', NOT_SAVED[failure ?? (previousGamesUnsaved() ? 'previous' : '')]?.());
    const trimmed = trimmedGames();
    if (trimmed > 0) {
      this.notices.set('trimmed', trimmedText(trimmed));
      this.renderPrevious();
    }
  }

  /** Saves the game on the board, the settings and what is known of the game's positions. */
  save() {
    const { game } = this;
    const failure = saveGame({
      record: game.record, settings: this.settings, paused: game.paused, clock: game.clock,
      clockMemory: game.clockMemory,
    });
    saveAnalysis(this.store, game.record.allPositions());
    this.noteSaving(failure);
  }

  /** Reads the saved game and settings into the page (a first visit: a new game); says what could not be read. */
  restore() {
    const { game, settings } = this;
    const defaults = { ...settings };
    const found = loadGame(settings);
    const reset = new Set(found.badSettings);
    for (const [name, valid] of Object.entries(SETTING_CHECKS)) {
      if (valid(settings[name])) continue;
      settings[name] = defaults[name];
      reset.add(name);
    }
    this.notices.set('saved', unreadableText(found));
    const allSettings = found.badSettings.length === Object.keys(settings).length;
    const names = Object.keys(settings).filter((name) => reset.has(name));
    this.notices.set('dropped', droppedText({ settings: names, allSettings, ...checkSavedData() }));
    game.record = found.record ?? new GameRecord();
    // The part of an unreadable game that was kept waits for the player, like a loaded one.
    game.paused = found.error === null ? found.paused : this.players.isEngineTurn();
    game.clock = found.clock;
    game.clockMemory = found.clockMemory;
    // A flag saved with the clock is the record's loss on time.
    if (game.clock?.flagged && game.record.ending === null) game.record.flag(game.clock.flagged);
    loadAnalysis(this.store, game.record.allPositions());
  }
}
