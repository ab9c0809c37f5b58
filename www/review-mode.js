// Review mode: a loaded or reopened game (one with its own players) is the
// players' to step through and try, the engine playing neither side, until
// they play on from the board with the sides they choose. Its bar says so
// and offers the choice (a finished game is only reviewed).
import { t } from './i18n.js';
import { sideWord } from './result.js';
import { shownName } from './player-names.js';
import { MODES } from './settings.js';

/**
 * @typedef {object} ReviewModeParts
 * @property {import('./page-game.js').PageGame} game
 * @property {import('./settings.js').Settings} settings
 * @property {import('./players.js').Players} players
 * @property {{ reviewBar: HTMLElement, reviewMode: HTMLElement, reviewSides: HTMLSelectElement,
 *   playFromHere: HTMLElement }} elements the bar, its line, the choice of sides and the button that plays on
 * @property {(text: string, keep?: boolean) => void} announce says `text` in the announcement line
 * @property {() => void} syncControls shows the settings in the settings panel
 * @property {() => void} update brings the page along after a change
 */

export class ReviewMode {
  /** @param {ReviewModeParts} parts */
  constructor({ game, settings, players, elements, announce, syncControls, update }) {
    this.game = game;
    this.settings = settings;
    this.players = players;
    this.elements = elements;
    this.announce = announce;
    this.syncControls = syncControls;
    this.update = update;
  }

  /** The button that plays on from the board. */
  bind() {
    this.elements.playFromHere.addEventListener('click', () => this.playFromHere());
  }

  /** The line that says a loaded game is under review, with the choice of sides to play on from the board. */
  render() {
    const { elements: view } = this;
    const record = this.game.record;
    const shown = this.players.reviewing() && this.game.setup === null;
    view.reviewBar.hidden = !shown;
    if (!shown) return;
    const black = shownName(record.names.black);
    const white = shownName(record.names.white);
    const named = black !== sideWord(record.kind.sides.black) || white !== sideWord(record.kind.sides.white);
    view.reviewMode.textContent = named ? t('review.modeNamed', { black, white }) : t('review.mode');
    const choices = {
      'human-engine': t('review.youPlay', { side: sideWord(record.kind.sides.black) }),
      'engine-human': t('review.youPlay', { side: sideWord(record.kind.sides.white) }),
      'human-human': t('review.twoPlayers'),
      'engine-engine': t('review.engines'),
    };
    const chosen = view.reviewSides.value || this.settings.mode;
    view.reviewSides.replaceChildren(...MODES.map((mode) => new Option(choices[mode], mode)));
    view.reviewSides.value = chosen;
    view.playFromHere.textContent = t('review.playFromHere');
    // A finished game is only reviewed.
    view.playFromHere.parentElement.hidden = record.over;
  }

  /** The loaded game is played on from the board on the page, by the sides chosen. */
  playFromHere() {
    const { game, settings } = this;
    if (!this.players.reviewing() || game.record.over) return;
    const mode = this.elements.reviewSides.value;
    if (MODES.includes(mode)) settings.mode = mode;
    // The line on the board is the game played on.
    game.record.promote(game.record.current);
    game.record.names = null;
    game.paused = false;
    game.turnStarted = performance.now();
    this.announce(t('review.started', { number: game.record.movesPlayed(game.record.cursor) + 1 }));
    this.syncControls();
    this.update();
  }
}
