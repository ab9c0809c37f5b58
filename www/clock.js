// The game clock: a total time per side and an optional increment added
// after each move. It only counts; the page decides when it runs (the side
// to move at the end of the record, while the game is on) and what a flag
// means. Times are in milliseconds from `performance.now()`-like `now`.
import { t } from './i18n.js';

/** Below this much time left a clock is drawn in its warning colour. */
export const LOW_TIME_MS = 10_000;

export class GameClock {
  /**
   * A clock of `initialMs` per side with `incrementMs` added after each
   * move; `remaining` restores saved times ({ black, white }).
   */
  constructor(initialMs, incrementMs = 0, remaining = null) {
    this.initialMs = initialMs;
    this.incrementMs = incrementMs;
    this.remaining = remaining ? { ...remaining } : { black: initialMs, white: initialMs };
    /** The side whose time runs ('black', 'white') or null. */
    this.running = null;
    this.since = 0;
    /** The side that ran out of time first, or null. */
    this.flagged = null;
  }

  /** Time left for `side` at `now` (never below 0). */
  left(side, now) {
    const spent = this.running === side ? now - this.since : 0;
    return Math.max(0, this.remaining[side] - spent);
  }

  /** Starts `side`'s time at `now` (stopping the other's without increment). */
  start(side, now) {
    if (this.running === side) return;
    this.pause(now);
    this.running = side;
    this.since = now;
  }

  /** Stops the running time at `now`; no increment (the page is reviewing or paused). */
  pause(now) {
    if (this.running === null) return;
    this.#charge(this.running, now);
    this.running = null;
  }

  /**
   * `side` has moved at `now`: its time stops, the increment is added (unless
   * it has already flagged), and the clock waits for the page to start the
   * next side. Returns the milliseconds the move took.
   */
  moved(side, now) {
    const took = this.running === side ? now - this.since : 0;
    if (this.running === side) {
      this.#charge(side, now);
      this.running = null;
    }
    if (this.flagged === null) this.remaining[side] += this.incrementMs;
    return took;
  }

  /** Marks a side that has no time left at `now`; returns it (or null). */
  checkFlag(now) {
    if (this.flagged !== null || this.running === null) return null;
    if (this.left(this.running, now) > 0) return null;
    this.flagged = this.running;
    return this.flagged;
  }

  #charge(side, now) {
    this.remaining[side] = Math.max(0, this.remaining[side] - (now - this.since));
    if (this.remaining[side] === 0 && this.flagged === null) this.flagged = side;
  }

  /** What storage keeps (a running clock is saved as paused at `now`). */
  toJSON(now = performance.now()) {
    return {
      initialMs: this.initialMs, incrementMs: this.incrementMs,
      remaining: { black: this.left('black', now), white: this.left('white', now) }, flagged: this.flagged,
    };
  }

  /** A clock from `toJSON()` output; null when it is not one. */
  static fromJSON(data) {
    const time = (value) => Number.isFinite(value) && value >= 0 && value <= 24 * 3_600_000;
    if (!data || !time(data.initialMs) || !time(data.incrementMs) || !time(data.remaining?.black)
      || !time(data.remaining?.white)) return null;
    const clock = new GameClock(data.initialMs, data.incrementMs, data.remaining);
    if (data.flagged === 'black' || data.flagged === 'white') clock.flagged = data.flagged;
    return clock;
  }
}

/** A clock reading as players write it: 4:59, 0:07.3 under ten seconds. */
export function formatClock(ms) {
  const safe = Math.max(0, ms);
  if (safe < LOW_TIME_MS) return `0:0${(Math.floor(safe / 100) / 10).toFixed(1)}`;
  const seconds = Math.ceil(safe / 1000);
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Draws `side`'s time of `clock` (or hides `element` without a clock) at `now`; `name`: what the board calls the side. */
export function renderClock(element, clock, side, now, name = t(side === 'black' ? 'side.black' : 'side.white')) {
  element.hidden = !clock;
  if (!clock) return;
  const left = clock.left(side, now);
  element.textContent = formatClock(left);
  element.classList.toggle('running', clock.running === side);
  element.classList.toggle('low', left < LOW_TIME_MS);
  element.classList.toggle('flagged', clock.flagged === side);
  element.setAttribute('aria-label', t('clock.label', { side: name, time: formatClock(left) }));
}
