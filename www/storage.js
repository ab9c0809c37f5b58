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
/** Where a saved game (or list of games) that could not be read is set aside: the key with this ending. */
const SET_ASIDE = '-unreadable';
/** Most position entries kept (a game has at most about 120 positions with passes). */
const MAX_STORED_POSITIONS = 500;
/** How many replaced games are kept. */
const MAX_PREVIOUS_GAMES = 10;
const SCORE_KINDS = ['depth', 'book', 'wld', 'exact'];
/** Largest score in discs: the 96-square board's (the 8x8 board's is 64). */
const MAX_SCORE = 96;
/** Most legal moves kept per position (either board). */
const MAX_LISTED_MOVES = 60;

function isQuotaError(error) {
  return error?.name === 'QuotaExceededError' || error?.name === 'NS_ERROR_DOM_QUOTA_REACHED' || error?.code === 22;
}

/**
 * Stores `value` as JSON under `key`: null when it was kept, else why not:
 * 'full' (the storage quota is reached) or 'unavailable' (storage is off).
 * When full, the saved analysis is given up for anything else.
 */
function write(key, value) {
  const text = JSON.stringify(value);
  try {
    localStorage.setItem(key, text);
    return null;
  } catch (error) {
    if (!isQuotaError(error)) return 'unavailable';
  }
  if (key !== ANALYSIS_KEY) {
    try {
      localStorage.removeItem(ANALYSIS_KEY);
      localStorage.setItem(key, text);
      return null;
    } catch {
      // Still full.
    }
  }
  return 'full';
}

/** What `key` holds: `{ text, value }`; `text` null when nothing, `value` undefined when it is not JSON. */
function stored(key) {
  let text = null;
  try {
    text = localStorage.getItem(key);
  } catch {
    return { text: null, value: null };
  }
  if (text === null) return { text, value: null };
  try {
    return { text, value: JSON.parse(text) };
  } catch {
    return { text, value: undefined };
  }
}

function read(key) {
  return stored(key).value ?? null;
}

/** Keeps `text`, read from `key` but not readable, under a key of its own: that key, or null when it could not be kept. */
function setAside(key, text) {
  try {
    localStorage.setItem(key + SET_ASIDE, text);
    return key + SET_ASIDE;
  } catch {
    return null;
  }
}

/**
 * Keeps the current game: `{ record, settings, paused, clock, clockMemory }`
 * (a flag is kept with the clock; `clockMemory`: per side, what the
 * 96-square agent's time manager reported). Returns null when it was kept,
 * else why not ('full' or 'unavailable').
 */
export function saveGame({ record, settings, paused, clock, clockMemory = null }) {
  return write(GAME_KEY, { game: record.toJSON(), settings, paused, clock: clock?.toJSON() ?? null, clockMemory });
}

/**
 * A saved time-manager memory of one side: the engine's own object (it
 * checks it field by field when it gets it back), kept when it is one, else
 * null (the agent then starts afresh).
 */
function savedMemory(value) {
  return isObject(value) ? value : null;
}

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The moves of a saved `game` that can be played, up to the first that
 * cannot (an illegal move, a wrong type): a record, or null when there is
 * nothing worth keeping (no start position, or no move from the standard one).
 */
function legalPart(game) {
  if (!isObject(game) || typeof game.start !== 'string' || !Array.isArray(game.moves)) return null;
  let record;
  try {
    record = new GameRecord(game.start);
  } catch {
    return null;
  }
  for (const move of game.moves) {
    try {
      record.play(move);
    } catch {
      break;
    }
  }
  return record.moves.length === 0 && record.standardStart ? null : record;
}

/**
 * Reads the kept game into `settings` (only fields of the same type) and
 * returns `{ record, paused, clock, clockMemory, error, kept, setAside, clockLost }`:
 * `record` null when no game was kept (or none could be read); `error` the
 * reason a kept game could not be read, in which case its text was set
 * aside (`setAside`: the key it is kept under, or null when it could not
 * be kept) and `record` holds its moves up to
 * the first that could not be played (`kept` of them), or is null;
 * `clockLost` when the game was read but its clock was not.
 */
export function loadGame(settings) {
  const found = {
    record: null, paused: false, clock: null, clockMemory: { black: null, white: null }, error: null, kept: 0, setAside: null,
    clockLost: false,
  };
  const { text, value: saved } = stored(GAME_KEY);
  if (text === null) return found;
  if (isObject(saved) && isObject(saved.settings)) {
    for (const key of Object.keys(settings)) {
      if (typeof saved.settings[key] === typeof settings[key]) settings[key] = saved.settings[key];
    }
  }
  try {
    if (saved === undefined) throw new Error('it is not complete or not readable');
    if (!isObject(saved) || !isObject(saved.game)) throw new Error('it holds no game record');
    found.record = GameRecord.fromJSON(saved.game);
  } catch (error) {
    found.error = error.message;
    found.setAside = setAside(GAME_KEY, text);
    found.record = legalPart(saved?.game);
    found.kept = found.record?.moves.length ?? 0;
    return found;
  }
  found.paused = saved.paused === true;
  found.clock = GameClock.fromJSON(saved.clock);
  found.clockLost = saved.clock != null && found.clock === null;
  if (found.clock !== null && isObject(saved.clockMemory)) {
    found.clockMemory = { black: savedMemory(saved.clockMemory.black), white: savedMemory(saved.clockMemory.white) };
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
      ...(list ? { moves: list.map((e) => [e.move, e.score, e.kind, e.depth, e.confidence ?? 100]) } : {}),
    };
    count += 1;
  }
  write(ANALYSIS_KEY, { limits: GAME_ANALYSIS_LIMITS, positions: entries });
}

const wholeNumber = (value, low, high) => Number.isInteger(value) && value >= low && value <= high;
/** A score in discs: whole on the 8x8 board, in hundredths of a disc from the 96-square board's smart evaluation. */
const discScore = (value) => Number.isFinite(value) && value >= -MAX_SCORE && value <= MAX_SCORE;

function validScore(entry) {
  return entry !== null && typeof entry === 'object' && SCORE_KINDS.includes(entry.kind)
    && discScore(entry.black) && wholeNumber(entry.depth, 0, 96) && wholeNumber(entry.confidence, 0, 100);
}

function validMove(entry) {
  return Array.isArray(entry) && entry.length === 5 && /^([a-j](10|[1-9])|pa)$/.test(entry[0])
    && discScore(entry[1]) && SCORE_KINDS.includes(entry[2]) && wholeNumber(entry[3], 0, 96)
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
    if (Array.isArray(entry.moves) && entry.moves.length > 0 && entry.moves.length <= MAX_LISTED_MOVES && entry.moves.every(validMove)) {
      store.lists.set(position, entry.moves.map(([move, score, kind, depth, confidence]) => ({ move, score, kind, depth, confidence })));
    }
    if (validScore(entry.score)) {
      const { black, kind, depth, confidence } = entry.score;
      store.scores.set(position, { black, kind, depth, confidence, ...(sameLimits && entry.score.analysed === true ? { analysed: true } : {}) });
    }
  }
}

/** The replaced games while storage refuses them (full or off): kept in memory for this visit, else null. */
let unsavedGames = null;

/** Writes the replaced games, or keeps them in memory when storage refuses them; null or why not (as write). */
function keepGames(games) {
  const failure = write(PREVIOUS_KEY, games);
  unsavedGames = failure === null ? null : games;
  return failure;
}

/** The replaced games, newest first: `[{ game, savedAt, title }]` (unreadable ones dropped). */
export function previousGames() {
  if (unsavedGames !== null) return unsavedGames.slice();
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

/**
 * Keeps `record` (described by `title`) first among the replaced games.
 * Returns null when they were saved, else why not (as saveGame): they are
 * then kept in memory until the page is closed.
 */
export function keepPreviousGame(record, title) {
  if (record.moves.length === 0 && record.standardStart) return null;
  // A list that cannot be read is set aside before the new one replaces it.
  const { text, value } = stored(PREVIOUS_KEY);
  if (unsavedGames === null && text !== null && !Array.isArray(value)) setAside(PREVIOUS_KEY, text);
  const games = previousGames();
  games.unshift({ game: record.toJSON(), savedAt: Date.now(), title: title.slice(0, 200) });
  return keepGames(games.slice(0, MAX_PREVIOUS_GAMES));
}

/** Takes game `index` out of the replaced games and returns its record (null when gone). */
export function takePreviousGame(index) {
  const games = previousGames();
  const [entry] = games.splice(index, 1);
  if (!entry) return null;
  keepGames(games);
  return GameRecord.fromJSON(entry.game);
}

/** Whether a game is kept (readable or not). */
export function hasSavedGame() {
  return stored(GAME_KEY).text !== null;
}

/**
 * Whether the replaced games are kept only in memory, after one more try
 * to save them (storage refused them before; there may be room now).
 */
export function previousGamesUnsaved() {
  if (unsavedGames !== null) keepGames(unsavedGames);
  return unsavedGames !== null;
}
