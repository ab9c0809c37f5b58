// The game clock on the page (the clock itself is clock.js): it runs for
// the side to move at the end of the record while the game is on, is drawn
// in the side boxes and checked for a flag ten times a second, gives the
// engine its limits on the clock, and after a flag lets the game go on
// untimed. The settings panel names the game's time control.
import { t } from './i18n.js';
import { TIME_CONTROLS } from './levels.js';
import { formatClock, renderClock } from './clock.js';

/** How often a running clock is redrawn and checked for a flag. */
const CLOCK_TICK_MS = 100;

/**
 * The other side.
 * @param {'black' | 'white'} color
 * @returns {'black' | 'white'}
 */
const other = (color) => (color === 'black' ? 'white' : 'black');

/**
 * The time control of `clock` in words: "5 minutes a side + 3 s a move" (a time control's name where it is one).
 * @param {import('./clock.js').GameClock} clock
 * @returns {string}
 */
function clockName(clock) {
  const control = TIME_CONTROLS.find(
    (entry) => entry.minutes * 60_000 === clock.initialMs && entry.increment * 1000 === clock.incrementMs,
  );
  const minutes = clock.initialMs / 60_000;
  const time = control?.name
    ?? (Number.isInteger(minutes) ? t('flow.minutes', { minutes }) : formatClock(clock.initialMs));
  const increment = control || clock.incrementMs === 0 ? 0 : clock.incrementMs / 1000;
  return t(increment ? 'languages.clockSideIncrement' : 'languages.clockSide', { time, increment });
}

/**
 * @typedef {object} TimekeeperParts
 * @property {import('./page-game.js').PageGame} game
 * @property {import('./settings.js').Settings} settings
 * @property {import('./players.js').Players} players
 * @property {{ clockBlack: HTMLElement, clockWhite: HTMLElement, playOn: HTMLElement,
 *   timeControlShown: HTMLElement }} elements the side boxes' clocks, the button to play on after a flag, the
 *   settings panel's line about the clock
 * @property {(text: string, keep?: boolean) => void} announce says `text` in the announcement line
 * @property {() => void} update brings the page along after a change
 * @property {() => void} idleEngine stops the engine's job
 */

export class Timekeeper {
  /** @param {TimekeeperParts} parts */
  constructor({ game, settings, players, elements, announce, update, idleEngine }) {
    this.game = game;
    this.settings = settings;
    this.players = players;
    this.elements = elements;
    this.announce = announce;
    this.update = update;
    this.idleEngine = idleEngine;
  }

  /** Lets the button play on after a flag. */
  bind() {
    this.elements.playOn.addEventListener('click', () => this.playOn());
  }

  /** Checks the clock for a flag and redraws it, from now on. */
  start() {
    setInterval(() => this.tick(), CLOCK_TICK_MS);
  }

  /** The clock runs for the side to move at the end of the record while the game is on. */
  sync() {
    const { game } = this;
    const clock = game.clock;
    if (!clock) return;
    const record = game.record;
    const state = record.state;
    const now = performance.now();
    const live = game.setup === null && game.analysis === null && record.atMainEnd && !this.players.analysing()
      && state.status === 'moves' && clock.flagged === null && record.ending === null
      && !(game.paused && this.players.isEngineTurn(state));
    if (live) clock.start(state.toMove, now);
    else clock.pause(now);
  }

  /**
   * The clock limits of `side` for the engine: `{ remainingMs, incrementMs, memory }`, or null without a clock.
   * @param {'black' | 'white'} side
   */
  limits(side) {
    const clock = this.game.clock;
    if (!clock || clock.flagged) return null;
    return {
      remainingMs: clock.left(side, performance.now()), incrementMs: clock.incrementMs,
      memory: this.game.clockMemory[side],
    };
  }

  /** A tick of the clock: a flag ends the game on time, else the clocks are redrawn. */
  tick() {
    const { game } = this;
    const clock = game.clock;
    if (!clock) return;
    const flagged = clock.checkFlag(performance.now());
    if (flagged) {
      clock.pause(performance.now());
      game.record.flag(flagged);
      const winner = this.players.sideName(other(flagged));
      const you = this.players.sides()[flagged] === 'human' && this.settings.mode !== 'human-human';
      // The status line says who lost on time; the announcement, what the player may do.
      this.announce(you ? t('layout.flagPlayOn') : t('layout.flagWinner', { side: winner }));
      game.resultSeen = false;
      this.idleEngine();
      this.update();
      return;
    }
    this.render();
  }

  /** The flag fell: the game goes on untimed, from where it stands. */
  playOn() {
    const { game } = this;
    game.clock = null;
    game.record.flag(null);
    game.resultSeen = true;
    this.announce(t('flow.offClock'));
    this.update();
  }

  /** Draws both sides' clocks. */
  render() {
    const now = performance.now();
    const { clockBlack, clockWhite } = this.elements;
    renderClock(clockBlack, this.game.clock, 'black', now, this.players.sideName('black'));
    renderClock(clockWhite, this.game.clock, 'white', now, this.players.sideName('white'));
  }

  /** The settings panel's line about the game's clock. */
  renderTimeControl() {
    const clock = this.game.clock;
    const shown = this.elements.timeControlShown;
    shown.textContent = clock ? t('flow.clock', { name: clockName(clock) }) : t('flow.noClock');
  }
}
