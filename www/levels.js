// The opponents the page offers, weakest first. A level is either one of the
// seeds' simple players, chosen by a spec string (`kind: 'player'`, played
// by the engine's `playerMove`; see docs/seed-players.md), or the engine
// with fixed limits (`kind: 'engine'`).
//
// The seed players come first, ordered by the round robins in
// docs/seed-players.md (random < maximizer < alpha-beta 4 < Iago 4 < BILL 4);
// the engine levels follow, ordered by depth.
// `limits` go to EngineClient.search as they are; a level with
// `timed: true` takes its time per move from the page's setting instead.
// Hints and analysis always use the full engine (HINT_LIMITS and
// GAME_ANALYSIS_LIMITS below), whatever the level.

/** @typedef {{ id: string, name: string, kind: 'engine', limits: object, timed?: boolean }} EngineLevel */
/** @typedef {{ id: string, name: string, kind: 'player', spec: string }} PlayerLevel */

/** @type {(EngineLevel | PlayerLevel)[]} */
export const LEVELS = [
  { id: 'random', name: 'Random (beginner)', kind: 'player', spec: 'random' },
  { id: 'greedy', name: 'Greedy (PAIP maximizer)', kind: 'player', spec: 'maximizer:weighted-squares' },
  { id: 'paip-alphabeta-4', name: 'PAIP alpha-beta 4 (modified weighted squares)', kind: 'player', spec: 'alphabeta:4:modified-weighted-squares' },
  { id: 'iago-4', name: 'Iago 4 (PAIP)', kind: 'player', spec: 'iago:4' },
  { id: 'bill-4', name: 'BILL 4', kind: 'player', spec: 'bill:4' },
  { id: 'novice', name: 'Novice (1 ply)', kind: 'engine', limits: { depth: 1 } },
  { id: 'beginner', name: 'Beginner (2 plies)', kind: 'engine', limits: { depth: 2, nodes: 2_000 } },
  { id: 'casual', name: 'Casual (4 plies)', kind: 'engine', limits: { depth: 4, nodes: 20_000 } },
  { id: 'club', name: 'Club (8 plies)', kind: 'engine', limits: { depth: 8, confidence: 95, nodes: 400_000 } },
  { id: 'expert', name: 'Expert (14 plies, at most 3 s)', kind: 'engine', limits: { level: 14, timeMs: 3_000 } },
  { id: 'full', name: 'Full engine (time per move)', kind: 'engine', limits: { confidence: 95 }, timed: true },
];

/** The level played when nothing was chosen. */
export const DEFAULT_LEVEL = 'casual';

/** Time-per-move choices in seconds for the timed level. */
export const MOVE_TIMES = [1, 2, 5, 10, 30];

/** Limits of the hint analysis (every legal move scored). */
export const HINT_LIMITS = { depth: 12, confidence: 95, timeMs: 1_500 };

/** Limits per position when the whole game is analysed. */
export const GAME_ANALYSIS_LIMITS = { depth: 10, confidence: 95, timeMs: 400 };

/** Looks a level up by id, falling back to the default. */
export function levelById(id) {
  return LEVELS.find((level) => level.id === id) ?? LEVELS.find((level) => level.id === DEFAULT_LEVEL);
}

/** The search limits of an engine level with `seconds` per move. */
export function limitsFor(level, seconds) {
  if (level.kind !== 'engine') throw new Error(`level ${level.id} is not an engine level`);
  return level.timed ? { ...level.limits, timeMs: seconds * 1000 } : { ...level.limits };
}
