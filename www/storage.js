// What the page keeps in local storage, and how it is read back: the
// current game with its settings and clock, the scores of its positions,
// and the games it replaced (so a new game never throws one away). Every
// read is checked field by field; anything unreadable is dropped, never
// trusted. A full or disabled storage only means nothing is kept.
import { GameRecord } from './record.js';
import { GameClock } from './clock.js';
import { GAME_ANALYSIS_LIMITS } from './levels.js';

const GAME_KEY = 'othello-page-v1';
const ANALYSIS_KEY = 'othello-analysis-v3';
const PREVIOUS_KEY = 'othello-previous-games-v1';
/** Most position entries kept (a game has at most about 120 positions with passes). */
const MAX_STORED_POSITIONS = 500;
/** How many replaced games are kept. */
const MAX_PREVIOUS_GAMES = 10;
const SCORE_KINDS = ['depth', 'book', 'wld', 'exact'];

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

function read(key) {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

/** Keeps the current game: `{ record, settings, paused, clock }` (a flag is kept with the clock). */
export function saveGame({ record, settings, paused, clock }) {
  return write(GAME_KEY, { game: record.toJSON(), settings, paused, clock: clock?.toJSON() ?? null });
}

/**
 * Reads the kept game into `settings` (only fields of the same type) and
 * returns `{ record, paused, clock, error }`: `record` null when none
 * was kept, `error` the reason a kept game could not be read.
 */
export function loadGame(settings) {
  const saved = read(GAME_KEY);
  if (saved?.settings && typeof saved.settings === 'object') {
    for (const key of Object.keys(settings)) {
      if (typeof saved.settings[key] === typeof settings[key]) settings[key] = saved.settings[key];
    }
  }
  const found = { record: null, paused: false, clock: null, error: null };
  if (!saved?.game) return found;
  try {
    found.record = GameRecord.fromJSON(saved.game);
    found.paused = Boolean(saved.paused);
    found.clock = GameClock.fromJSON(saved.clock);
  } catch (error) {
    found.error = error.message;
  }
  return found;
}

/** Keeps the scores and move lists of `positions` from `store` (analysis.js). */
export function saveAnalysis(store, positions) {
  const entries = {};
  let count = 0;
  for (const position of new Set(positions)) {
    if (count >= MAX_STORED_POSITIONS) break;
    const scoreEntry = store.scores.get(position);
    const list = store.lists.get(position);
    if (!scoreEntry && !list) continue;
    entries[position] = {
      ...(scoreEntry ? { score: scoreEntry } : {}),
      ...(list ? { moves: list.map((e) => [e.move, e.score, e.kind, e.depth, e.confidence]) } : {}),
    };
    count += 1;
  }
  write(ANALYSIS_KEY, { limits: GAME_ANALYSIS_LIMITS, positions: entries });
}

const wholeNumber = (value, low, high) => Number.isInteger(value) && value >= low && value <= high;

function validScore(entry) {
  return entry !== null && typeof entry === 'object' && SCORE_KINDS.includes(entry.kind)
    && wholeNumber(entry.black, -64, 64) && wholeNumber(entry.depth, 0, 60) && wholeNumber(entry.confidence, 0, 100);
}

function validMove(entry) {
  return Array.isArray(entry) && entry.length === 5 && /^([a-h][1-8]|pa)$/.test(entry[0])
    && wholeNumber(entry[1], -64, 64) && SCORE_KINDS.includes(entry[2]) && wholeNumber(entry[3], 0, 60)
    && wholeNumber(entry[4], 0, 100);
}

/**
 * Reads the kept scores of `positions` into `store`, entry by entry;
 * scores analysed at other limits are kept for the graph but analysed again.
 */
export function loadAnalysis(store, positions) {
  const saved = read(ANALYSIS_KEY);
  const entries = saved?.positions;
  if (entries === null || typeof entries !== 'object' || Array.isArray(entries)) return;
  const sameLimits = JSON.stringify(saved.limits) === JSON.stringify(GAME_ANALYSIS_LIMITS);
  for (const position of new Set(positions)) {
    if (!Object.hasOwn(entries, position)) continue;
    const entry = entries[position];
    if (entry === null || typeof entry !== 'object') continue;
    if (Array.isArray(entry.moves) && entry.moves.length > 0 && entry.moves.length <= 34 && entry.moves.every(validMove)) {
      store.lists.set(position, entry.moves.map(([move, score, kind, depth, confidence]) => ({ move, score, kind, depth, confidence })));
    }
    if (validScore(entry.score)) {
      const { black, kind, depth, confidence } = entry.score;
      store.scores.set(position, { black, kind, depth, confidence, ...(sameLimits && entry.score.analysed === true ? { analysed: true } : {}) });
    }
  }
}

/** The replaced games, newest first: `[{ game, savedAt, title }]` (unreadable ones dropped). */
export function previousGames() {
  const saved = read(PREVIOUS_KEY);
  if (!Array.isArray(saved)) return [];
  return saved.filter((entry) => {
    if (!entry || typeof entry.title !== 'string' || !Number.isFinite(entry.savedAt)) return false;
    try {
      GameRecord.fromJSON(entry.game);
      return true;
    } catch {
      return false;
    }
  }).slice(0, MAX_PREVIOUS_GAMES);
}

/** Keeps `record` (described by `title`) first among the replaced games. */
export function keepPreviousGame(record, title) {
  if (record.moves.length === 0 && record.standardStart) return;
  const games = previousGames();
  games.unshift({ game: record.toJSON(), savedAt: Date.now(), title: title.slice(0, 200) });
  write(PREVIOUS_KEY, games.slice(0, MAX_PREVIOUS_GAMES));
}

/** Takes game `index` out of the replaced games and returns its record (null when gone). */
export function takePreviousGame(index) {
  const games = previousGames();
  const [entry] = games.splice(index, 1);
  if (!entry) return null;
  write(PREVIOUS_KEY, games);
  return GameRecord.fromJSON(entry.game);
}
