// The opponents the page offers, weakest first. A level is either the engine
// with fixed limits (`kind: 'engine'`) or, once the engine ships them, one of
// the simple players chosen by a spec string (`kind: 'player'`, e.g.
// `{ kind: 'player', spec: 'alphabeta:4:weighted-squares' }`).
//
// `limits` go to EngineClient.search as they are; a level with
// `timed: true` takes its time per move from the page's setting instead.

/** @typedef {{ id: string, name: string, kind: 'engine', limits: object, timed?: boolean }} EngineLevel */
/** @typedef {{ id: string, name: string, kind: 'player', spec: string }} PlayerLevel */

/** @type {(EngineLevel | PlayerLevel)[]} */
export const LEVELS = [
  { id: 'novice', name: 'Novice (1 ply)', kind: 'engine', limits: { depth: 1 } },
  { id: 'beginner', name: 'Beginner (2 plies)', kind: 'engine', limits: { depth: 2, nodes: 2_000 } },
  { id: 'casual', name: 'Casual (4 plies)', kind: 'engine', limits: { depth: 4, nodes: 20_000 } },
  { id: 'club', name: 'Club (8 plies)', kind: 'engine', limits: { depth: 8, nodes: 400_000 } },
  { id: 'expert', name: 'Expert (14 plies, at most 3 s)', kind: 'engine', limits: { depth: 14, timeMs: 3_000 } },
  { id: 'full', name: 'Full engine (time per move)', kind: 'engine', limits: {}, timed: true },
];

/** The level played when nothing was chosen. */
export const DEFAULT_LEVEL = 'casual';

/** Time-per-move choices in seconds for the timed level. */
export const MOVE_TIMES = [1, 2, 5, 10, 30];

/** Limits of the hint analysis (every legal move scored). */
export const HINT_LIMITS = { depth: 10, timeMs: 1_500 };

/** Limits per position when the whole game is analysed. */
export const GAME_ANALYSIS_LIMITS = { depth: 10, timeMs: 400 };

/** Looks a level up by id, falling back to the default. */
export function levelById(id) {
  return LEVELS.find((level) => level.id === id) ?? LEVELS.find((level) => level.id === DEFAULT_LEVEL);
}

/** The search limits of an engine level with `seconds` per move. */
export function limitsFor(level, seconds) {
  if (level.kind !== 'engine') throw new Error(`level ${level.id} is not an engine level`);
  return level.timed ? { timeMs: seconds * 1000 } : { ...level.limits };
}
