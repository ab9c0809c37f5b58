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
// Master search deeper still.
// `limits` go to EngineClient.search as they are (with the book's variety
// and a seed per game, BOOK_VARIETY below); a level with
// `timed: true` takes its time per move from the page's setting, or plays
// on the game clock. Hints and analysis always use the full engine
// (HINT_LIMITS and GAME_ANALYSIS_LIMITS below), whatever the level.

/** @typedef {{ id: string, name: string, about: string, kind: 'engine', limits: object, timed?: boolean }} EngineLevel */
/** @typedef {{ id: string, name: string, about: string, kind: 'player', spec: string }} PlayerLevel */

/** @type {(EngineLevel | PlayerLevel)[]} */
export const LEVELS = [
  { id: 'random', name: 'Random', about: 'Plays any legal move at random: for learning the rules.', kind: 'player', spec: 'random' },
  { id: 'greedy', name: 'Greedy', about: 'Takes the square that looks best right now and never looks ahead.', kind: 'player', spec: 'maximizer:weighted-squares' },
  { id: 'novice', name: 'Novice', about: 'Looks one move ahead with the engine’s judgement.', kind: 'engine', limits: { depth: 1, book: false } },
  { id: 'paip-alphabeta-4', name: 'Apprentice', about: 'Looks four moves ahead and knows corners are good (Norvig’s classic program).', kind: 'player', spec: 'alphabeta:4:modified-weighted-squares' },
  { id: 'beginner', name: 'Improver', about: 'Looks two moves ahead with the engine’s judgement.', kind: 'engine', limits: { depth: 2, nodes: 2_000, book: false } },
  { id: 'iago-4', name: 'Iago', about: 'The 1981 champion program’s ideas (mobility, edges) four moves deep.', kind: 'player', spec: 'iago:4' },
  { id: 'bill-4', name: 'BILL', about: 'The 1986 champion program’s tables four moves deep.', kind: 'player', spec: 'bill:4' },
  { id: 'casual', name: 'Club', about: 'Looks four moves ahead with the learned evaluation: a solid club player.', kind: 'engine', limits: { depth: 4, nodes: 20_000 } },
  { id: 'club', name: 'Strong', about: 'Looks eight moves ahead, selectively.', kind: 'engine', limits: { depth: 8, confidence: 95, nodes: 400_000 } },
  { id: 'expert', name: 'Expert', about: 'Looks 14 moves ahead and plays the last 28 squares perfectly (at most 3 s a move).', kind: 'engine', limits: { level: 14, timeMs: 3_000 } },
  { id: 'full', name: 'Master', about: 'Everything the engine has, for the time per move or the clock you give it.', kind: 'engine', limits: { confidence: 95 }, timed: true },
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
 * Time controls: `none` (moves are not timed; the Master level uses its
 * time per move), or a game clock of `minutes` per side plus `increment`
 * seconds after each move.
 */
export const TIME_CONTROLS = [
  { id: 'none', name: 'No clock' },
  { id: '1+0', name: '1 minute', minutes: 1, increment: 0 },
  { id: '3+0', name: '3 minutes', minutes: 3, increment: 0 },
  { id: '3+2', name: '3 minutes + 2 s a move', minutes: 3, increment: 2 },
  { id: '5+0', name: '5 minutes', minutes: 5, increment: 0 },
  { id: '5+3', name: '5 minutes + 3 s a move', minutes: 5, increment: 3 },
  { id: '10+0', name: '10 minutes', minutes: 10, increment: 0 },
  { id: '10+5', name: '10 minutes + 5 s a move', minutes: 10, increment: 5 },
  { id: '20+0', name: '20 minutes', minutes: 20, increment: 0 },
];

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

/** The search limits of an engine level with `seconds` per move (no clock). */
export function limitsFor(level, seconds) {
  if (level.kind !== 'engine') throw new Error(`level ${level.id} is not an engine level`);
  return level.timed ? { ...level.limits, timeMs: seconds * 1000 } : { ...level.limits };
}

/**
 * The search limits of an engine level playing on a game clock with
 * `remainingMs` left and `incrementMs` per move: the Master level hands the
 * clock to the engine's time manager (BILL's allocation); a fixed level keeps
 * its depth but never spends more than a twentieth of what is left (plus
 * most of the increment), so it cannot lose on time either.
 */
export function clockLimitsFor(level, remainingMs, incrementMs) {
  if (level.kind !== 'engine') throw new Error(`level ${level.id} is not an engine level`);
  const remaining = Math.max(0, Math.floor(remainingMs));
  if (level.timed) return { ...level.limits, clock: { remainingMs: remaining, incrementMs } };
  const cap = Math.max(10, Math.floor(remaining / 20 + 0.8 * incrementMs));
  return { ...level.limits, timeMs: Math.min(level.limits.timeMs ?? Infinity, cap) };
}
