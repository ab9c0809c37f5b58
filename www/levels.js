// The opponents the page offers, weakest first, with names and one-line
// descriptions a player understands. A level is either one of the classic
// programs the project reproduces (`kind: 'player'`, played by the engine's
// `playerMove`; see docs/seed-players.md), or the engine with fixed limits
// (`kind: 'engine'`).
//
// The order is measured, not guessed: a round robin of 20 games per pair
// from random 4-ply openings (docs/seed-players.md, "Page levels") ranks
// them Random 5.5, Greedy 28.5, Novice 50, Apprentice 68, Improver 77.5,
// Iago 96, BILL 101.5, Club 138, Strong 155 points of 160; Expert and
// Master search deeper still. Student (the 2001 alpha-beta study's
// program) was placed by 20 games against each: 18.5 against Apprentice,
// 7 against Improver.
// `limits` go to EngineClient.search as they are (with the book's variety
// and a seed per game, BOOK_VARIETY below); a level with
// `timed: true` takes its time per move from the page's setting, or plays
// on the game clock. Hints and analysis always use the full engine
// (HINT_LIMITS and GAME_ANALYSIS_LIMITS below), whatever the level.

import { t } from './i18n.js';

/** @typedef {{ id: string, name: string, about: string, kind: 'engine', limits: object, timed?: boolean }} EngineLevel */
/** @typedef {{ id: string, name: string, about: string, kind: 'player', spec: string }} PlayerLevel */

/**
 * A level with its `name` and `about` in the language shown (catalogue keys
 * `level.<id>` and `level.<id>.about`), read each time they are shown.
 * @template {{ id: string }} L
 * @param {L} level
 * @returns {L & { name: string, about: string }}
 */
function named(level) {
  return /** @type {L & { name: string, about: string }} */ (Object.defineProperties(level, {
    name: { get: () => t(`level.${level.id}`), enumerable: true },
    about: { get: () => t(`level.${level.id}.about`), enumerable: true },
  }));
}

/** @type {(EngineLevel | PlayerLevel)[]} */
export const LEVELS = [
  named({ id: 'random', kind: 'player', spec: 'random' }),
  named({ id: 'greedy', kind: 'player', spec: 'maximizer:weighted-squares' }),
  named({ id: 'novice', kind: 'engine', limits: { depth: 1, book: false } }),
  named({ id: 'paip-alphabeta-4', kind: 'player', spec: 'alphabeta:4:modified-weighted-squares' }),
  named({ id: 'study-alphabeta-2', kind: 'player', spec: 'study-alphabeta:2' }),
  named({ id: 'beginner', kind: 'engine', limits: { depth: 2, nodes: 2_000, book: false } }),
  named({ id: 'iago-4', kind: 'player', spec: 'iago:4' }),
  named({ id: 'bill-4', kind: 'player', spec: 'bill:4' }),
  named({ id: 'casual', kind: 'engine', limits: { depth: 4, nodes: 20_000 } }),
  named({ id: 'club', kind: 'engine', limits: { depth: 8, confidence: 95, nodes: 400_000 } }),
  named({ id: 'expert', kind: 'engine', limits: { level: 14, timeMs: 3_000 } }),
  named({ id: 'full', kind: 'engine', limits: { confidence: 95 }, timed: true }),
];

/**
 * The engine levels from Club up play the opening from the engine's book,
 * at once (Novice and Improver, meant to be weak, search every move): one
 * of the book moves within this many discs of the best, drawn per game.
 */
export const BOOK_VARIETY = 2;

/** The level played when nothing was chosen. */
export const DEFAULT_LEVEL = 'casual';

/** Time-per-move choices in seconds for the timed level. */
export const MOVE_TIMES = [1, 2, 5, 10, 30];

/**
 * How a time per move reads in a drop-down: "≈ 5 s", since the engine may
 * take up to three times as long to finish an endgame solve it predicts in
 * time (`Limits.timeMs` in the package's index.d.ts). Kept short so that the
 * drop-down fits beside its label in the side panel.
 */
export function moveTimeName(seconds) {
  return t('level.moveTime', { seconds });
}

/**
 * Time controls: `none` (moves are not timed; the Master level uses its
 * time per move), or a game clock of `minutes` per side plus `increment`
 * seconds after each move.
 */
export const TIME_CONTROLS = [
  { id: 'none' },
  { id: '1+0', minutes: 1, increment: 0 },
  { id: '3+0', minutes: 3, increment: 0 },
  { id: '3+2', minutes: 3, increment: 2 },
  { id: '5+0', minutes: 5, increment: 0 },
  { id: '5+3', minutes: 5, increment: 3 },
  { id: '10+0', minutes: 10, increment: 0 },
  { id: '10+5', minutes: 10, increment: 5 },
  { id: '20+0', minutes: 20, increment: 0 },
].map((control) => Object.defineProperty(control, 'name', { get: () => timeControlName(control), enumerable: true }));

/**
 * A time control in words, in the language shown: "No clock", "5 minutes", "3 minutes + 2 s a move".
 * @param {{ minutes?: number, increment?: number }} control
 * @returns {string}
 */
export function timeControlName({ minutes, increment }) {
  if (!minutes) return t('time.none');
  return increment ? t('time.minutesIncrement', { minutes, increment }) : t('time.minutes', { minutes });
}

/** Looks a time control up by id (undefined when unknown). */
export function timeControlById(id) {
  return TIME_CONTROLS.find((control) => control.id === id);
}

/** Limits of the hint analysis (every legal move scored). */
export const HINT_LIMITS = { depth: 12, confidence: 95, timeMs: 1_500 };

/**
 * Limits per position when the whole game is analysed: every legal move is
 * scored by one `analyze` at `depth`, and again at `depth - 1` for the
 * graph, whose value is the mean of the two best scores (a search's score
 * leans towards the side to move at its leaves, so one depth alone swings
 * between odd and even plies).
 */
export const GAME_ANALYSIS_LIMITS = { depth: 10, confidence: 95, timeMs: 4_000 };

/** Looks a level up by id, falling back to the default. */
export function levelById(id) {
  return LEVELS.find((level) => level.id === id) ?? LEVELS.find((level) => level.id === DEFAULT_LEVEL);
}

/**
 * The opponents on the 96-square board (docs/board96.md): the CS 221
 * report's greedy player (disc count) and smart player (its hand-weighted
 * evaluation, exact from 14 empties) at fixed depths, and its full agent on
 * a game clock with the adaptive-depth time manager. `limits` go to the
 * 96-square search as they are (the board kind adds `board: 96`); a level
 * with `clockMinutes` plays on a clock of that many minutes a side, which
 * the game then has for both sides.
 */
/**
 * `clockReserveMs`: the agent is told its time left less this reserve. Its
 * time manager spends the time evenly over the moves left, but a search
 * abandoned past its budget and started again shallower often takes two or
 * three times the move's allocation, so told the whole time it ends a game
 * with next to nothing left (in wasm on the loaded test machine: 0.3 s left
 * of 2 minutes, and a loss on time in a second game; docs/board96.md); the
 * reserve is what it keeps.
 */
/** @type {(EngineLevel & { clockMinutes?: number, clockReserveMs?: number })[]} */
export const LEVELS_96 = [
  named({ id: 'b96-greedy-2', kind: 'engine', limits: { depth: 2, evaluation: 'greedy' } }),
  named({ id: 'b96-greedy-4', kind: 'engine', limits: { depth: 4, evaluation: 'greedy' } }),
  named({ id: 'b96-smart-4', kind: 'engine', limits: { depth: 4, evaluation: 'smart' } }),
  named({ id: 'b96-smart-6', kind: 'engine', limits: { depth: 6, evaluation: 'smart' } }),
  named({ id: 'b96-smart-8', kind: 'engine', limits: { depth: 8, evaluation: 'smart', timeMs: 10_000 } }),
  named({ id: 'b96-clock', kind: 'engine', limits: { evaluation: 'smart' }, clockMinutes: 2, clockReserveMs: 10_000 }),
];

/** The depth of the 96-square clock level in a game that has no clock any more. */
const UNCLOCKED_DEPTH_96 = 6;

/** The level played on the 96-square board when nothing was chosen. */
export const DEFAULT_LEVEL_96 = 'b96-smart-4';

/**
 * Hints on the 96-square board: every legal move scored by the smart
 * evaluation at depth 6 (under a second a position in wasm: docs/board96.md).
 */
export const HINT_LIMITS_96 = { depth: 6, evaluation: 'smart' };

/**
 * What each board offers: its levels, the default one, the settings field
 * that keeps the chosen one, and the limits of its hints.
 */
export const BOARD_LEVELS = Object.freeze({
  8: { levels: LEVELS, defaultLevel: DEFAULT_LEVEL, setting: 'level', hints: HINT_LIMITS },
  96: { levels: LEVELS_96, defaultLevel: DEFAULT_LEVEL_96, setting: 'level96', hints: HINT_LIMITS_96 },
});

/** The level of board `boardId` (8 or 96) with `id`, falling back to that board's default. */
export function levelOn(boardId, id) {
  const { levels, defaultLevel } = BOARD_LEVELS[boardId];
  return levels.find((level) => level.id === id) ?? levels.find((level) => level.id === defaultLevel);
}

/** The level `settings` chose for board `boardId`. */
export function chosenLevel(settings, boardId) {
  return levelOn(boardId, settings[BOARD_LEVELS[boardId].setting]);
}

/** The search limits of an engine level with `seconds` per move (no clock). */
export function limitsFor(level, seconds) {
  if (level.kind !== 'engine') throw new Error(`level ${level.id} is not an engine level`);
  // A clock level whose game lost its clock (played on after a flag) searches at a fixed depth.
  if (level.clockMinutes) return { ...level.limits, depth: UNCLOCKED_DEPTH_96 };
  return level.timed ? { ...level.limits, timeMs: seconds * 1000 } : { ...level.limits };
}

/**
 * The search limits of an engine level playing on a game clock with
 * `remainingMs` left and `incrementMs` per move: the Master level hands the
 * clock to the engine's time manager (BILL's allocation), the 96-square
 * board's clock level to the CS 221 agent's, with the `memory` its last
 * search on this side reported (`clockMemory`); a fixed level keeps
 * its depth but never spends more than a twentieth of what is left (plus
 * most of the increment), so it cannot lose on time either.
 */
export function clockLimitsFor(level, remainingMs, incrementMs, memory = null) {
  if (level.kind !== 'engine') throw new Error(`level ${level.id} is not an engine level`);
  const remaining = Math.max(0, Math.floor(remainingMs));
  // The 96-square agent's time manager: what it learned on this side's last move comes back with the clock.
  if (level.clockMinutes) {
    const told = Math.max(0, remaining - (level.clockReserveMs ?? 0));
    return { ...level.limits, clock: { remainingMs: told, ...(memory ? { memory } : {}) } };
  }
  if (level.timed) return { ...level.limits, clock: { remainingMs: remaining, incrementMs } };
  const cap = Math.max(10, Math.floor(remaining / 20 + 0.8 * incrementMs));
  return { ...level.limits, timeMs: Math.min(level.limits.timeMs ?? Infinity, cap) };
}
