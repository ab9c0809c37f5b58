// What the page keeps in local storage, and how it is read back: the
// current game with its settings and clock, the scores of its positions,
// and the games it replaced (so a new game never throws one away). Every
// read is checked field by field; anything unreadable is dropped, never
// trusted, and counted so that the player is told. A full storage first
// gives up the saved analysis, then the oldest previous games, never the
// game in progress; a disabled one only means nothing is kept.
//
// Each tab owns its game: the tab's id (in session storage, which a reload
// keeps) names an entry of its own, and the shared entry holds the game
// written last, which a new tab opens. So two tabs never overwrite each
// other's game.
import { GameRecord } from './record.js';
import { GameClock } from './clock.js';
import { GAME_ANALYSIS_LIMITS } from './levels.js';
import { t } from './i18n.js';
import { errorText } from './error-text.js';

const GAME_KEY = 'othello-page-v1';
const ANALYSIS_KEY = 'othello-analysis-v3';
const PREVIOUS_KEY = 'othello-previous-games-v1';
/** The opening trainer's progress and review list (opening-review.js reads it), and its line in progress (opening-saved-line.js). */
const OPENING_TRAINING_KEYS = { record: 'othello-opening-training-v1', line: 'othello-opening-line-v1' };
/** The endgame trainer's progress (endgame-progress.js reads it). */
const ENDGAME_TRAINING_KEY = 'othello-endgame-training-v1';
/** Each tab's own game: this prefix and the tab's id. */
const TAB_GAME_PREFIX = 'othello-tab-game-v1:';
/** Where session storage keeps the tab's id. */
const TAB_ID_KEY = 'othello-tab-v1';
/** Keys of older versions of the page, whose data is of no use now (analysis at other limits). */
const OLD_KEYS = ['othello-analysis-v1', 'othello-analysis-v2'];
/** Most games of other tabs kept; older ones go to the previous games. */
const MAX_TAB_GAMES = 8;
/** Longest name the player can give a previous game. */
export const MAX_GAME_NAME = 80;
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

/** Previous games removed to make room since the page last asked (`trimmedGames`). */
let trimmed = 0;

/**
 * Stores `text` under `key`: null when it was kept, 'full' or 'unavailable'.
 * @param {string} key
 * @param {string} text
 * @returns {null | 'full' | 'unavailable'}
 */
function put(key, text) {
  try {
    localStorage.setItem(key, text);
    return null;
  } catch (error) {
    return isQuotaError(error) ? 'full' : 'unavailable';
  }
}

/**
 * Stores `value` as JSON under `key`: null when it was kept, else why not:
 * 'full' (the storage quota is reached) or 'unavailable' (storage is off).
 * When full, the saved analysis is given up for anything else, then (for
 * a game) the oldest previous games, one by one; when even that is not
 * enough they are all kept in memory, as before.
 * @param {string} key
 * @param {unknown} value
 * @returns {null | 'full' | 'unavailable'}
 */
function write(key, value) {
  const text = JSON.stringify(value);
  const failure = put(key, text);
  if (failure !== 'full' || key === ANALYSIS_KEY) return failure;
  try {
    localStorage.removeItem(ANALYSIS_KEY);
  } catch {
    // Nothing to give up.
  }
  if (put(key, text) === null) return null;
  if (key === PREVIOUS_KEY) return 'full';
  const games = previousGames();
  if (unsavedGames !== null) return 'full';
  const kept = games.slice();
  while (kept.length > 0) {
    kept.pop();
    if (put(PREVIOUS_KEY, JSON.stringify(kept)) !== null) continue;
    if (put(key, text) === null) {
      trimmed += games.length - kept.length;
      return null;
    }
  }
  // Not enough: the previous games stay, in memory, as they were.
  if (games.length > 0 && put(PREVIOUS_KEY, JSON.stringify(games)) !== null) unsavedGames = games;
  return 'full';
}

/**
 * How many of the oldest previous games were removed to make room since the last call (then 0).
 * @returns {number}
 */
export function trimmedGames() {
  const count = trimmed;
  trimmed = 0;
  return count;
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
 * This tab's id: kept in session storage (a reload keeps it, a new tab gets its own), else one for this visit.
 * @type {string | null}
 */
let tab = null;

/**
 * This tab's id (see the head of this file).
 * @returns {string}
 */
export function tabId() {
  if (tab !== null) return tab;
  try {
    tab = sessionStorage.getItem(TAB_ID_KEY);
  } catch {
    tab = null;
  }
  if (typeof tab !== 'string' || !/^[a-z0-9]{4,32}$/.test(tab)) {
    tab = (Date.now().toString(36) + Math.random().toString(36).slice(2, 10)).slice(0, 32);
    try {
      sessionStorage.setItem(TAB_ID_KEY, tab);
    } catch {
      // A tab without session storage starts afresh on a reload: from the game written last.
    }
  }
  return tab;
}

/**
 * Keeps the current game: `{ record, settings, paused, clock, clockMemory }`
 * (a flag is kept with the clock; `clockMemory`: per side, what the
 * 96-square agent's time manager reported), under this tab's entry and as
 * the game written last. Returns null when it was kept, else why not
 * ('full' or 'unavailable').
 */
export function saveGame({ record, settings, paused, clock, clockMemory = null }) {
  const saved = {
    game: record.toJSON(), settings, paused, clock: clock?.toJSON() ?? null, clockMemory,
    tab: tabId(), savedAt: Date.now(),
  };
  return write(TAB_GAME_PREFIX + tabId(), saved) ?? write(GAME_KEY, saved);
}

/**
 * A saved time-manager memory of one side: the engine's own object (it
 * checks it field by field when it gets it back), kept when it is one, else
 * null (the agent then starts afresh).
 */
function savedMemory(value) {
  return isObject(value) ? value : null;
}

/**
 * Whether `value` is a plain object (not null, not an array), whose properties can then be read.
 * @param {unknown} value
 * @returns {value is Record<string, any>}
 */
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
 * Where this tab's game is read from: its own entry when the game written
 * last is another tab's, else the game written last (also when it carries
 * no tab: a game of an older version of the page, or one put there by hand).
 * @returns {string}
 */
function gameKey() {
  const own = TAB_GAME_PREFIX + tabId();
  const last = stored(GAME_KEY);
  if (last.text !== null && !(isObject(last.value) && typeof last.value.tab === 'string')) return GAME_KEY;
  if (isObject(last.value) && last.value.tab === tabId()) return GAME_KEY;
  return stored(own).text !== null ? own : GAME_KEY;
}

/**
 * The saved setting `name` of this tab's game when it is a string, else
 * undefined: read before the engine loads, so that the page shows the
 * player's language from its first paint (the rest of the settings are
 * read with the game, which needs the engine's rules).
 * @param {string} name
 * @returns {string | undefined}
 */
export function savedSetting(name) {
  const { value } = stored(gameKey());
  const setting = isObject(value) && isObject(value.settings) ? value.settings[name] : undefined;
  return typeof setting === 'string' ? setting : undefined;
}

/**
 * Reads the kept game into `settings` (only fields of the same type) and
 * returns `{ record, paused, clock, clockMemory, error, kept, setAside, clockLost, badSettings }`:
 * `record` null when no game was kept (or none could be read); `error` the
 * reason a kept game could not be read, in which case its text was set
 * aside (`setAside`: the key it is kept under, or null when it could not
 * be kept) and `record` holds its moves up to
 * the first that could not be played (`kept` of them), or is null;
 * `clockLost` when the game was read but its clock was not; `badSettings`
 * the names of saved settings of the wrong type (all of `settings`' names
 * when the saved settings are no object at all).
 */
export function loadGame(settings) {
  const found = {
    record: null, paused: false, clock: null, clockMemory: { black: null, white: null }, error: null, kept: 0,
    setAside: null, clockLost: false, badSettings: [],
  };
  const key = gameKey();
  const { text, value: saved } = stored(key);
  if (text === null) return found;
  if (isObject(saved) && isObject(saved.settings)) {
    for (const name of Object.keys(settings)) {
      if (!Object.hasOwn(saved.settings, name)) continue;
      if (typeof saved.settings[name] === typeof settings[name]) settings[name] = saved.settings[name];
      else found.badSettings.push(name);
    }
  } else if (isObject(saved) && isObject(saved.game) && saved.settings !== undefined) {
    found.badSettings = Object.keys(settings);
  }
  try {
    if (saved === undefined) throw new Error(t('flow.savedIncomplete'));
    if (!isObject(saved) || !isObject(saved.game)) throw new Error(t('flow.savedNoGame'));
    found.record = GameRecord.fromJSON(saved.game);
  } catch (error) {
    found.error = errorText(error);
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

/**
 * The replaced games while storage refuses them (full or off): kept in memory for this visit, else null.
 * @type {PreviousGame[] | null}
 */
let unsavedGames = null;

/**
 * Writes the replaced games, or keeps them in memory when storage refuses
 * them; null or why not (as write). When the storage is full the oldest are
 * left out until the others fit (counted for `trimmedGames`).
 */
function keepGames(games) {
  let failure = write(PREVIOUS_KEY, games);
  let kept = games.length;
  while (failure === 'full' && kept > 1) {
    kept -= 1;
    failure = put(PREVIOUS_KEY, JSON.stringify(games.slice(0, kept)));
  }
  if (failure === null && kept < games.length) trimmed += games.length - kept;
  unsavedGames = failure === null ? null : games;
  return failure;
}

/**
 * @typedef {object} PreviousGame a replaced game
 * @property {string} id its name in the list (stable while it is kept)
 * @property {{ start: string, moves: string[], cursor: number }} game its record (GameRecord.toJSON)
 * @property {number} savedAt when it was replaced (ms since 1970)
 * @property {string} title what older versions of the page showed of it
 * @property {{ black: string, white: string } | null} names the players' names, null when not kept
 * @property {string} name the name the player gave it, '' when none
 */

/**
 * `value` cut to `length` characters when it is a string, else ''.
 * @type {(value: unknown, length: number) => string}
 */
const shortText = (value, length) => (typeof value === 'string' ? value.slice(0, length) : '');

/**
 * The readable `entry` (index `index` in the list) as a PreviousGame, or null when it cannot be read.
 * @param {unknown} entry
 * @param {number} index
 * @returns {PreviousGame | null}
 */
function previousEntry(entry, index) {
  if (!isObject(entry) || typeof entry.title !== 'string' || !Number.isFinite(entry.savedAt)) return null;
  try {
    GameRecord.fromJSON(entry.game);
  } catch {
    return null;
  }
  const names = isObject(entry.names) && typeof entry.names.black === 'string' && typeof entry.names.white === 'string'
    ? { black: entry.names.black.slice(0, 100), white: entry.names.white.slice(0, 100) } : null;
  const ownId = typeof entry.id === 'string' && /^[a-z0-9-]{1,40}$/.test(entry.id);
  const id = ownId ? entry.id : `s${entry.savedAt}-${index}`;
  return {
    id, game: entry.game, savedAt: entry.savedAt, title: entry.title.slice(0, 200), names,
    name: shortText(entry.name, MAX_GAME_NAME),
  };
}

/**
 * The replaced games as stored: `{ games, dropped, unreadable }`, the
 * readable ones newest first (PreviousGame), how many entries could not be
 * read, and whether the list itself could not be (not JSON, not a list).
 * @returns {{ games: PreviousGame[], dropped: number, unreadable: boolean }}
 */
function readPrevious() {
  const { text, value } = stored(PREVIOUS_KEY);
  if (text === null) return { games: [], dropped: 0, unreadable: false };
  if (!Array.isArray(value)) return { games: [], dropped: 0, unreadable: true };
  const games = [];
  const ids = new Set();
  let dropped = 0;
  value.forEach((entry, index) => {
    const game = previousEntry(entry, index);
    if (game === null || ids.has(game.id)) dropped += 1;
    else {
      ids.add(game.id);
      games.push(game);
    }
  });
  return { games: games.slice(0, MAX_PREVIOUS_GAMES), dropped, unreadable: false };
}

/**
 * The replaced games, newest first (unreadable ones dropped).
 * @returns {PreviousGame[]}
 */
export function previousGames() {
  if (unsavedGames !== null) return unsavedGames.slice();
  return readPrevious().games;
}

/**
 * A new id for a previous game.
 * @returns {string}
 */
function newGameId() {
  return `g${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Keeps `record` (described by `title`, played by `names`: `{ black, white }`)
 * first among the replaced games. Returns null when they were saved, else
 * why not (as saveGame): they are then kept in memory until the page is closed.
 * @param {GameRecord} record
 * @param {string} title
 * @param {{ black: string, white: string } | null} [names]
 * @returns {null | 'full' | 'unavailable'}
 */
export function keepPreviousGame(record, title, names = null) {
  if (record.moves.length === 0 && record.standardStart) return null;
  // A list that cannot be read is set aside before the new one replaces it.
  const { text, value } = stored(PREVIOUS_KEY);
  if (unsavedGames === null && text !== null && !Array.isArray(value)) setAside(PREVIOUS_KEY, text);
  const games = previousGames();
  const kept = isObject(names)
    ? { black: String(names.black).slice(0, 100), white: String(names.white).slice(0, 100) } : null;
  games.unshift({
    id: newGameId(), game: record.toJSON(), savedAt: Date.now(), title: title.slice(0, 200), names: kept, name: '',
  });
  return keepGames(games.slice(0, MAX_PREVIOUS_GAMES));
}

/**
 * Takes the game `id` out of the replaced games and returns its record (null when gone).
 * @param {string} id
 * @returns {GameRecord | null}
 */
export function takePreviousGame(id) {
  const games = previousGames();
  const index = games.findIndex((entry) => entry.id === id);
  if (index < 0) return null;
  const [entry] = games.splice(index, 1);
  keepGames(games);
  return GameRecord.fromJSON(entry.game);
}

/**
 * Gives the game `id` the name `name` (blank: none); null when kept, else why not (as saveGame).
 * @param {string} id
 * @param {string} name
 * @returns {null | 'full' | 'unavailable'}
 */
export function renamePreviousGame(id, name) {
  const games = previousGames();
  const entry = games.find((game) => game.id === id);
  if (!entry) return null;
  entry.name = String(name).trim().slice(0, MAX_GAME_NAME);
  return keepGames(games);
}

/**
 * Deletes the game `id`: `{ entry, index }` to put it back with `restorePreviousGame`, or null when gone.
 * @param {string} id
 * @returns {{ entry: PreviousGame, index: number } | null}
 */
export function deletePreviousGame(id) {
  const games = previousGames();
  const index = games.findIndex((game) => game.id === id);
  if (index < 0) return null;
  const [entry] = games.splice(index, 1);
  keepGames(games);
  return { entry, index };
}

/**
 * Puts a deleted game back at its place (from deletePreviousGame); null or why not (as saveGame).
 * @param {{ entry: PreviousGame, index: number }} deleted
 * @returns {null | 'full' | 'unavailable'}
 */
export function restorePreviousGame({ entry, index }) {
  const games = previousGames().filter((game) => game.id !== entry.id);
  games.splice(Math.min(index, games.length), 0, entry);
  return keepGames(games.slice(0, MAX_PREVIOUS_GAMES));
}

/**
 * Calls `changed` when another tab changes the previous games.
 * @param {() => void} changed
 */
export function watchPreviousGames(changed) {
  globalThis.addEventListener?.('storage', (event) => {
    if (event.key === PREVIOUS_KEY || event.key === null) changed();
  });
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

/**
 * The opening trainer's record (`part` 'record') or line in progress ('line') as stored (their readers check them), or null.
 * @param {'record' | 'line'} [part]
 * @returns {unknown}
 */
export function loadOpeningTraining(part = 'record') {
  return read(OPENING_TRAINING_KEYS[part]);
}

/**
 * Stores the opening trainer's record or line in progress (null removes it): null when it was kept, else 'full' or
 * 'unavailable'.
 * @param {unknown} value
 * @param {'record' | 'line'} [part]
 * @returns {null | 'full' | 'unavailable'}
 */
export function saveOpeningTraining(value, part = 'record') {
  if (value !== null) return write(OPENING_TRAINING_KEYS[part], value);
  remove(OPENING_TRAINING_KEYS[part]);
  return null;
}

/**
 * Every key of local storage (none when it cannot be read).
 * @returns {string[]}
 */
function storedKeys() {
  try {
    return Object.keys(localStorage);
  } catch {
    return [];
  }
}

/**
 * Removes `key` from local storage, if it can.
 * @param {string} key
 */
function remove(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage off: nothing to remove.
  }
}

/**
 * The games of other tabs beyond the newest MAX_TAB_GAMES go to the
 * previous games (unless the game written last is the same); unreadable
 * ones are removed. Returns how many could not be read.
 * @returns {number}
 */
function pruneTabGames() {
  const own = TAB_GAME_PREFIX + tabId();
  const last = read(GAME_KEY);
  const lastGame = isObject(last) ? JSON.stringify(last.game) : null;
  const entries = [];
  let unreadable = 0;
  for (const key of storedKeys()) {
    if (!key.startsWith(TAB_GAME_PREFIX) || key === own) continue;
    const value = read(key);
    let record = null;
    try {
      record = isObject(value) ? GameRecord.fromJSON(value.game) : null;
    } catch {
      record = null;
    }
    if (record === null || !Number.isFinite(value.savedAt)) {
      unreadable += 1;
      remove(key);
    } else {
      entries.push({ key, value, record });
    }
  }
  entries.sort((a, b) => b.value.savedAt - a.value.savedAt);
  for (const { key, value, record } of entries.slice(MAX_TAB_GAMES)) {
    if (JSON.stringify(value.game) !== lastGame && record.moves.length > 0) keepPreviousGame(record, '', null);
    remove(key);
  }
  return unreadable;
}

/**
 * Checks what the page keeps besides the game (read by loadGame), once
 * when it starts: entries of the previous games that cannot be read are
 * dropped (the list's text set aside first), an analysis that cannot be
 * read and data of older versions removed, and the games of tabs long
 * gone moved to the previous games. Returns what was dropped:
 * `{ previousGames, previousList, analysis, otherTabs }` (how many previous
 * games; whether the whole list, or the analysis, could not be read; how
 * many games of other tabs).
 * @returns {{ previousGames: number, previousList: boolean, analysis: boolean, otherTabs: number }}
 */
export function checkSavedData() {
  const dropped = { previousGames: 0, previousList: false, analysis: false, otherTabs: 0 };
  for (const key of OLD_KEYS) remove(key);
  const { text } = stored(PREVIOUS_KEY);
  const previous = readPrevious();
  if (previous.unreadable || previous.dropped > 0) {
    setAside(PREVIOUS_KEY, text);
    dropped.previousList = previous.unreadable;
    dropped.previousGames = previous.dropped;
    if (previous.unreadable) remove(PREVIOUS_KEY);
    else keepGames(previous.games);
  }
  const analysis = stored(ANALYSIS_KEY);
  if (analysis.text !== null && !(isObject(analysis.value) && isObject(analysis.value.positions))) {
    dropped.analysis = true;
    remove(ANALYSIS_KEY);
  }
  dropped.otherTabs = pruneTabGames();
  return dropped;
}

/**
 * The endgame trainer's progress as stored (endgame-progress.js checks it), or null.
 * @returns {unknown}
 */
export function loadEndgameTraining() {
  return read(ENDGAME_TRAINING_KEY);
}

/**
 * Stores the endgame trainer's progress: null when it was kept, else 'full' or 'unavailable'.
 * @param {unknown} value
 * @returns {null | 'full' | 'unavailable'}
 */
export function saveEndgameTraining(value) {
  return write(ENDGAME_TRAINING_KEY, value);
}
