// The settings panel (who plays, the engine's level on the board shown,
// the time per move, what the board shows, sound, the board's look), the
// header's theme toggle and language switch: each shows its setting, and a
// change is kept in the settings and drawn at once. The panel offers only
// what the board on the page offers (its levels; the 96-square board has
// no book, think-ahead, time per move, OBF, GGF or whole-game analysis).
import { t } from './i18n.js';
import { bindLanguage } from './language.js';
import { BOARD_LEVELS, MOVE_TIMES, levelOn, moveTimeName } from './levels.js';
import { BOARD_THEMES, boardThemeName } from './board-theme.js';
import { applyTheme, isDark, watchSystemTheme } from './theme.js';
import { sideWord } from './result.js';

/**
 * @typedef {object} SettingsElements
 * @property {HTMLSelectElement} mode who plays each side
 * @property {HTMLSelectElement} level the engine's level
 * @property {HTMLElement} levelAbout the level's description
 * @property {HTMLSelectElement} moveTime
 * @property {HTMLInputElement} showLegal
 * @property {HTMLInputElement} hints
 * @property {HTMLInputElement} thinkAhead
 * @property {HTMLInputElement} book
 * @property {HTMLInputElement} sound
 * @property {HTMLSelectElement} boardTheme
 * @property {HTMLInputElement} coordinates
 * @property {HTMLElement} flip the button that turns the board round
 * @property {HTMLElement} themeToggle
 * @property {HTMLElement} themeLabel
 * @property {HTMLSelectElement} language
 * @property {HTMLElement} copyObf the record panel's copy buttons that a board may not offer
 * @property {HTMLElement} copyGgf
 * @property {HTMLElement} resultAnalyse the result card's "Analyse" (a board may not offer it)
 */

/**
 * @typedef {object} SettingsPanelParts
 * @property {import('./page-game.js').PageGame} game
 * @property {import('./settings.js').Settings} settings
 * @property {import('./players.js').Players} players
 * @property {SettingsElements} elements
 * @property {() => void} update brings the page along after a change
 * @property {() => void} save saves the game and the settings
 * @property {() => void} renderPrevious draws the list of previous games again
 */

export class SettingsPanel {
  /** @param {SettingsPanelParts} parts */
  constructor({ game, settings, players, elements, update, save, renderPrevious }) {
    this.game = game;
    this.settings = settings;
    this.players = players;
    this.elements = elements;
    this.update = update;
    this.save = save;
    this.renderPrevious = renderPrevious;
    /** The board kind whose levels the level list shows. */
    this.levelsShownFor = null;
  }

  /** Fills the lists, shows the settings, and keeps each change. */
  bind() {
    const { game, settings, elements: view } = this;
    for (const seconds of MOVE_TIMES) view.moveTime.append(new Option(moveTimeName(seconds), String(seconds)));
    for (const theme of BOARD_THEMES) view.boardTheme.append(new Option(boardThemeName(theme), theme));
    this.sync();
    /** @param {() => void} apply */
    const changed = (apply) => () => { apply(); this.update(); };
    view.mode.addEventListener('change', changed(() => {
      settings.mode = view.mode.value;
      game.paused = false;
      // Choosing the players of a game under review plays on from it.
      game.record.names = null;
    }));
    view.level.addEventListener('change', changed(() => {
      const { id } = game.record.kind;
      settings[BOARD_LEVELS[id].setting] = levelOn(id, view.level.value).id;
    }));
    view.moveTime.addEventListener('change', changed(() => { settings.moveTime = Number(view.moveTime.value); }));
    view.showLegal.addEventListener('change', changed(() => { settings.showLegal = view.showLegal.checked; }));
    view.hints.addEventListener('change', changed(() => { settings.hints = view.hints.checked; }));
    view.thinkAhead.addEventListener('change', changed(() => { settings.thinkAhead = view.thinkAhead.checked; }));
    view.book.addEventListener('change', changed(() => { settings.book = view.book.checked; }));
    view.sound.addEventListener('change', changed(() => { settings.sound = view.sound.checked; }));
    view.boardTheme.addEventListener('change', changed(() => { settings.boardTheme = view.boardTheme.value; }));
    view.coordinates.addEventListener('change', changed(() => { settings.coordinates = view.coordinates.checked; }));
    view.flip.addEventListener('click', changed(() => { settings.flipped = !settings.flipped; }));
    view.themeToggle.addEventListener('click', () => this.toggleTheme());
    bindLanguage(view.language, settings, () => { this.renderPrevious(); this.update(); });
    watchSystemTheme(() => this.applyTheme());
  }

  /** Shows the settings in the panel's controls. */
  sync() {
    const { settings, elements: view } = this;
    view.mode.value = settings.mode;
    this.renderBoardChoices();
    view.level.value = this.players.level().id;
    view.moveTime.value = String(settings.moveTime);
    view.showLegal.checked = settings.showLegal;
    view.hints.checked = settings.hints;
    view.thinkAhead.checked = settings.thinkAhead;
    view.book.checked = settings.book;
    view.sound.checked = settings.sound;
    view.boardTheme.value = settings.boardTheme;
    view.coordinates.checked = settings.coordinates;
  }

  /** Shows the page in the theme chosen (the system's for 'auto'), and labels the toggle. */
  applyTheme() {
    applyTheme(this.settings.theme, this.elements.themeToggle, this.elements.themeLabel);
  }

  /** The toggle switches between light and dark (from 'auto', away from the system's). */
  toggleTheme() {
    this.settings.theme = isDark(this.settings.theme) ? 'light' : 'dark';
    this.applyTheme();
    this.save();
  }

  /**
   * The settings and record panels for the board on the page: its levels, and
   * only what it offers (the 96-square board has no book, think-ahead, time per
   * move, set-up, OBF, GGF or whole-game analysis).
   */
  renderBoardChoices() {
    const { elements: view } = this;
    const kind = this.game.record.kind;
    const level = this.players.level();
    if (this.levelsShownFor !== kind) {
      this.levelsShownFor = kind;
      view.level.replaceChildren(...BOARD_LEVELS[kind.id].levels.map((entry) => new Option(entry.name, entry.id)));
    }
    view.level.value = level.id;
    view.levelAbout.textContent = level.about;
    for (const option of view.mode.options) {
      const named = {
        'human-engine': t('review.youPlay', { side: sideWord(kind.sides.black) }),
        'engine-human': t('review.youPlay', { side: sideWord(kind.sides.white) }),
      };
      option.textContent = named[option.value] ?? option.textContent;
    }
    const { features } = kind;
    // Only a timed level without a clock uses a time per move: for the others the choice is not shown.
    view.moveTime.closest('label').hidden = !level.timed || Boolean(this.game.clock);
    view.book.closest('label').hidden = !features.book;
    view.thinkAhead.closest('label').hidden = !features.thinkAhead;
    view.copyObf.hidden = !features.obf;
    view.copyGgf.hidden = !features.ggf;
    view.resultAnalyse.hidden = !features.gameAnalysis;
  }
}
