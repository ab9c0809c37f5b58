// The board page. The page owns the game record (record.js), its clock
// (clock.js) and what was found about its positions (analysis.js); it asks
// the engine, which runs in the package's worker (engine.js ->
// pkg/client.js), for moves, hints and analysis through one scheduler with
// explicit states (scheduler.js). Rules questions (legal moves, playing a
// move, parsing a record) are cheap and answered on the page by the same
// wasm module, so the board works even while the worker is busy or restarting.
// The game is played on a board kind (board-kind.js: 8x8 Othello or the
// 96-square board of the CS 221 report), which its record knows; the rest of
// the page asks the kind for what differs (names, levels, what it offers).
// This file wires the parts together and draws the page from its state.
import { init, initThreaded } from './pkg/index.js';
import { BOARD_8, BOARD_KINDS, boardKindById, boardKindOf, score, status } from './board-kind.js';
import { Engine } from './engine.js';
import { BoardView } from './board-view.js';
import { sideScore } from './score-text.js';
import { CATALOGUES, t } from './i18n.js';
import { applyLanguage, bindLanguage, browserLanguage } from './language.js';
import { drawGraph } from './graph.js';
import { renderMoveList, scrollToCurrent } from './move-list.js';
import { renderTranscriptSheet } from './transcript-sheet.js';
import { AnalysisStore, analysePositions, reviewText } from './analysis.js';
import { EngineScheduler } from './scheduler.js';
import { GameClock, formatClock, renderClock } from './clock.js';
import { ThinkingPanel } from './thinking.js';
import { PositionEditor } from './setup.js';
import { click as clickSound } from './sound.js';
import { openingName } from './openings.js';
import {
  checkSavedData, hasSavedGame, keepPreviousGame, loadAnalysis, loadGame, previousGamesUnsaved, saveAnalysis, saveGame,
  takePreviousGame, trimmedGames, watchPreviousGames, savedSetting,
} from './storage.js';
import { PreviousGamesList } from './previous-games.js';
import { droppedText, trimmedText } from './storage-messages.js';
import {
  BOARD_LEVELS, DEFAULT_LEVEL, DEFAULT_LEVEL_96, LEVELS, LEVELS_96, MOVE_TIMES, TIME_CONTROLS, chosenLevel, levelOn, moveTimeName,
  timeControlById,
} from './levels.js';
import { NewGameDialog } from './new-game-dialog.js';
import { applyTheme, isDark, watchSystemTheme } from './theme.js';
import { fillResultCard, sideWord, statusText } from './result.js';
import { RecordPanel, ggfTags, recordResult } from './record-panel.js';
import { GameRecord, flippedSquares } from './record.js';
import { BOARD_THEMES, applyBoardLook, boardPalette, boardThemeName } from './board-theme.js';
import { canvasPng, drawBoardImage } from './board-image.js';
import { readShareHash, shareLink } from './share.js';
import { ShareDialog } from './share-dialog.js';
import { errorText } from './error-text.js';
import { recordName, shownName } from './player-names.js';

/** Who plays each side: `<black>-<white>`. */
const MODES = ['human-engine', 'engine-human', 'human-human', 'engine-engine'];
const THEMES = ['auto', 'light', 'dark'];
/** How often a running clock is redrawn and checked for a flag. */
const CLOCK_TICK_MS = 100;

/** @param {string} id */
const $ = (id) => document.getElementById(id);
/** @param {string} id */
const $button = (id) => /** @type {HTMLButtonElement} */ ($(id));
/** @param {string} id */
const $select = (id) => /** @type {HTMLSelectElement} */ ($(id));
/** @param {string} id A checkbox. */
const $check = (id) => /** @type {HTMLInputElement} */ ($(id));
const view = {
  board: $('board'), frame: $('board-frame'), status: $('status'), announce: $('announce'),
  engineState: $('engine-state'), countBlack: $('count-black'), countWhite: $('count-white'),
  nameBlack: $('name-black'), nameWhite: $('name-white'), roleBlack: $('role-black'), roleWhite: $('role-white'),
  scoreLegend: $('score-legend'), clockBlack: $('clock-black'), clockWhite: $('clock-white'),
  sideBlack: $('side-black'), sideWhite: $('side-white'), dotBlack: $('dot-black'), dotWhite: $('dot-white'),
  undo: $button('undo'), redo: $button('redo'), moveNow: $button('move-now'), go: $('go'), playOn: $('play-on'),
  newGame: $('new-game'),
  mode: $select('mode'), level: $select('level'), levelAbout: $('level-about'), moveTime: $select('move-time'),
  timeControlShown: $('time-control-shown'),
  showLegal: $check('show-legal'), hints: $check('hints'), thinkAhead: $check('think-ahead'), book: $check('book'),
  sound: $check('sound'),
  themeToggle: $('theme-toggle'), themeLabel: $('theme-label'),
  graph: /** @type {SVGSVGElement} */ (/** @type {Element} */ ($('graph'))), review: $('review'), analyse: $('analyse'),
  analyseStop: $('analyse-stop'), progress: /** @type {HTMLProgressElement} */ ($('analyse-progress')),
  moves: $('moves'), opening: $('opening'), recordText: /** @type {HTMLTextAreaElement} */ ($('record-text')),
  recordMessage: $('record-message'),
  setup: $('setup'), setupPanel: $('setup-panel'), setupSide: $select('setup-side'), setupCounts: $('setup-counts'),
  setupMessage: $('setup-message'), load: $('load'),
  previous: $('previous'), movesSheet: $('moves-sheet'), viewList: $('moves-view-list'), viewSheet: $('moves-view-sheet'),
  reviewBar: $('review-bar'), reviewMode: $('review-mode'), reviewSides: $select('review-sides'),
  playFromHere: $('play-from-here'),
  resign: $('resign'), resignConfirm: $('resign-confirm'), resignQuestion: $('resign-question'),
  resignBlack: $('resign-black'), resignWhite: $('resign-white'), resignCancel: $('resign-cancel'),
  resultCard: $('result-card'), resultTitle: $('result-title'), resultScore: $('result-score'), resultRule: $('result-rule'),
  dialog: /** @type {HTMLDialogElement} */ ($('new-game-dialog')), copyObf: $('copy-obf'), copyGgf: $('copy-ggf'),
  resultAnalyse: $('result-analyse'),
  notice: $('notice'), noticeText: $('notice-text'), noticeClose: $('notice-close'),
  flip: $('flip'), share: $('share'), boardTheme: $select('board-theme'), coordinates: $check('coordinates'),
};

const settings = {
  mode: 'human-engine', level: DEFAULT_LEVEL, level96: DEFAULT_LEVEL_96, moveTime: 5, showLegal: true, hints: false,
  thinkAhead: false, book: true, sound: false, theme: 'auto', timeControl: 'none', moveView: 'list',
  // The board's look: turned round (saved with the game, in this object), its colours, its coordinates.
  flipped: false, boardTheme: BOARD_THEMES[0], coordinates: true,
  language: browserLanguage(),
};

/** The page's game: everything the scheduler and the drawing read. */
const game = {
  record: null,
  /** The engine waits on its turn until asked to play (after undo, a jump, a load, a failure). */
  paused: false,
  /** The position editor while setting up a position, else null. */
  setup: null,
  /** The game clock (GameClock) in a timed game, else null. */
  clock: null,
  /**
   * Per side, what the 96-square agent's time manager reported after its last
   * move on the clock (`clockMemory`), handed back on its next move; null
   * before its first.
   */
  clockMemory: { black: null, white: null },
  /** Drawn for each game: with the ply, the seed of the seeds' players (so `random` differs between games). */
  seed: newGameSeed(),
  /** The whole-game analysis in progress: { stopped }, or null. */
  analysis: null,
  /** The result card was closed (or the game ended before this page load). */
  resultSeen: true,
  /** The next board drawing animates the move just played. */
  animate: false,
  /** What the announcement line says: events since the player's last action. */
  announcements: [],
  /** When the position at the end of the record came up (performance.now()), for the time of the next move; null: unknown. */
  turnStarted: null,
  /** The resignation is waiting for the player's confirmation. */
  confirmResign: false,
};
const store = new AnalysisStore();
const metrics = {};
let engine = null;
let scheduler = null;
let boardView = null;
let thinking = null;
let graph = null;
let newGameDialog = null;
let shareDialog = null;
/** The list of previous games (previous-games.js). */
let previousList = null;
const recordPanel = new RecordPanel(view.recordText, view.recordMessage);

// ---------------------------------------------------------------- players

/** Who plays each side: a loaded game under review is the players' to step through and try (the engine plays neither). */
function players() {
  if (reviewing()) return { black: 'human', white: 'human' };
  const [black, white] = settings.mode.split('-');
  return { black, white };
}

/**
 * A game with its own players (loaded, or reopened) is reviewed until the player plays on from it.
 * @returns {boolean}
 */
function reviewing() {
  return game.record.names !== null;
}

/**
 * How the game ended off the board (resignation, time), while the end of the record is on the board; else null.
 * @returns {{ how: 'resignation' | 'time', loser: 'black' | 'white' } | null}
 */
function ending() {
  const record = game.record;
  return record.cursor === record.moves.length ? record.ending : null;
}

function isEngineTurn(state = game.record.state) {
  return state.status !== 'gameover' && ending() === null && players()[state.toMove] === 'engine';
}

/** What the board on the page calls `color` ('black': the side that moves first): Black, Red, White. */
const sideName = (color) => sideWord(game.record.kind.sides[color]);
/** The sides of board `kind` named in the language shown: `{ black, white }`. */
const sideWords = (kind) => ({ black: sideWord(kind.sides.black), white: sideWord(kind.sides.white) });
/** The board `kind` as score-text.js reads it, its sides named in the language shown. */
const scoreBoard = (kind) => ({ id: kind.id, sides: sideWords(kind) });
const other = (color) => (color === 'black' ? 'white' : 'black');

/**
 * Who plays `color` as the side box shows it, in full: `{ name, role }`, the
 * record's name for a loaded game (a tournament player's), else the engine
 * as its level's name with the role "Engine" below it, a player as "You"
 * (or the side's name when two players share the board).
 */
function playerShown(color) {
  const named = game.record.names?.[color];
  if (named) return { name: shownName(named), role: '' };
  if (players()[color] === 'engine') return { name: currentLevel().name, role: t('side.engine') };
  return { name: settings.mode === 'human-human' ? sideName(color) : t('flow.you'), role: '' };
}

/**
 * What a side is called in a record and the list of previous games: the record's names, else "You", "Engine (Club)",
 * "Black", in English whatever the page's language (player-names.js says why).
 */
function playerName(color) {
  const named = game.record.names?.[color];
  if (named) return recordName(named);
  const who = players()[color];
  if (who === 'engine') return recordName(t('flow.engineNamed', { level: currentLevel().name }));
  return recordName(settings.mode === 'human-human' ? sideName(color) : t('flow.you'));
}

// ---------------------------------------------------------------- state changes

/** Called after every change: passes, clock, board, panels, storage, then the engine. */
function update() {
  autoPass();
  syncClock();
  render();
  save();
  scheduler?.schedule();
  document.dispatchEvent(new CustomEvent('othello:update'));
}

/** A side with no legal move passes at once (announced); only at the end of the record. */
function autoPass() {
  const record = game.record;
  if (game.setup !== null || record.cursor !== record.moves.length || record.ending !== null) return;
  const state = record.state;
  if (state.status !== 'pass') return;
  game.clock?.moved(state.toMove, performance.now());
  record.play('pa');
  announce(t('flow.passes', { side: sideName(state.toMove) }), true);
}

/** Most events kept in the announcement line (an engine game adds one a move). */
const MAX_ANNOUNCEMENTS = 3;

/**
 * Shows `text` in the announcement line (read out by screen readers).
 * `keep`: added to what is there (engine moves and passes stay until the
 * player's next action, the last MAX_ANNOUNCEMENTS of them), else it
 * replaces it.
 */
function announce(text, keep = false) {
  if (!keep) game.announcements = [];
  if (text) game.announcements = [...game.announcements, text].slice(-MAX_ANNOUNCEMENTS);
  view.announce.textContent = game.announcements.join(' ');
}

/** Plays `move` at the cursor; `byEngine`: announced, and the player's announcements stay. */
function playMove(move, byEngine = false) {
  const record = game.record;
  const mover = record.state.toMove;
  const now = performance.now();
  if (game.clock && record.cursor === record.moves.length) game.clock.moved(mover, now);
  record.play(move, game.turnStarted === null ? null : Math.round(now - game.turnStarted));
  game.turnStarted = now;
  scheduler.hints = null;
  if (!isEngineTurn()) game.paused = false;
  const side = sideName(mover);
  const said = move === 'pa' ? t('flow.playsPass', { side }) : t('flow.plays', { side, move });
  announce(byEngine ? said : '', byEngine);
  game.animate = true;
  if (settings.sound && move !== 'pa') clickSound();
  if (record.state.status === 'gameover') game.resultSeen = false;
  update();
  document.dispatchEvent(new CustomEvent('othello:played', { detail: { move } }));
}

/** After moving through the record the engine waits until asked to play. */
function navigated() {
  scheduler.hints = null;
  game.turnStarted = performance.now();
  game.paused = isEngineTurn();
  showKnown();
  announce('');
  update();
}

function undo() {
  const record = game.record;
  if (!record.canUndo || game.setup !== null) return;
  record.undo();
  const engineSide = settings.mode === 'human-engine' || settings.mode === 'engine-human';
  while (engineSide && isEngineTurn() && record.canUndo) record.undo();
  navigated();
}

function redo() {
  const record = game.record;
  if (!record.canRedo || game.setup !== null) return;
  record.redo();
  const engineSide = settings.mode === 'human-engine' || settings.mode === 'engine-human';
  while (engineSide && isEngineTurn() && record.canRedo) record.redo();
  navigated();
}

/** A description of the game on the board for the list of previous games. */
function gameTitle() {
  const record = game.record;
  const result = recordResult(record) || t('record.moveCount', { count: record.movesPlayed() });
  const date = new Date().toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return `${date} · ${playerName('black')} – ${playerName('white')} · ${result}`;
}

/** The game on the board remembers who played it (before the players change for another game), as records name them. */
function keepNames() {
  game.record.names = { black: playerName('black'), white: playerName('white') };
}

/** Replaces the game on the board by `record`; the old one, if played, is kept in "Previous games". */
function replaceGame(record) {
  stopAnalysis();
  // The game kept remembers who played it.
  keepNames();
  noteSaving(keepPreviousGame(game.record, gameTitle(), game.record.names));
  game.record = record;
  game.turnStarted = performance.now();
  game.confirmResign = false;
  message('', 'ok');
  game.clockMemory = { black: null, white: null };
  game.seed = newGameSeed();
  game.setup = null;
  game.resultSeen = record.state.status === 'gameover';
  store.clear();
  loadAnalysis(store, record.positions);
  scheduler.forgetGame();
  showKnown();
  renderPrevious();
}

/** The engine's level on the board on the page. */
function currentLevel() {
  return chosenLevel(settings, game.record.kind.id);
}

/**
 * A new game from the start of board `kind` (default: the board on the page)
 * with the current settings and time control; on the 96-square board the
 * clock level brings its own clock, for both sides.
 */
function newGame(kind = game.record.kind) {
  replaceGame(new GameRecord(kind.start));
  const level = currentLevel();
  const control = kind.features.timeControls ? timeControlById(settings.timeControl) : null;
  game.clock = level.clockMinutes ? new GameClock(level.clockMinutes * 60_000, 0)
    : control?.minutes ? new GameClock(control.minutes * 60_000, control.increment * 1000) : null;
  game.paused = false;
  announce('');
  update();
}

/**
 * After a game was replaced (loaded, set up, reopened): a pass due at its
 * end is played, and the engine waits to be asked if it is its turn.
 */
function settle() {
  autoPass();
  game.paused = isEngineTurn();
}

/** A fresh seed for a game's seed players: a whole number below 2^32. */
function newGameSeed() {
  return Math.floor(Math.random() * 2 ** 32);
}

// ---------------------------------------------------------------- the clock

/** The clock runs for the side to move at the end of the record while the game is on. */
function syncClock() {
  const clock = game.clock;
  if (!clock) return;
  const record = game.record;
  const state = record.state;
  const now = performance.now();
  const live = game.setup === null && game.analysis === null && record.cursor === record.moves.length
    && state.status === 'moves' && clock.flagged === null && record.ending === null && !(game.paused && isEngineTurn(state));
  if (live) clock.start(state.toMove, now);
  else clock.pause(now);
}

/** The clock limits of `side` for the engine: `{ remainingMs, incrementMs, memory }`, or null without a clock. */
function clockLimits(side) {
  const clock = game.clock;
  if (!clock || clock.flagged) return null;
  return {
    remainingMs: clock.left(side, performance.now()), incrementMs: clock.incrementMs, memory: game.clockMemory[side],
  };
}

function tickClock() {
  const clock = game.clock;
  if (!clock) return;
  const flagged = clock.checkFlag(performance.now());
  if (flagged) {
    clock.pause(performance.now());
    game.record.flag(flagged);
    const winner = sideName(other(flagged));
    const you = players()[flagged] === 'human' && settings.mode !== 'human-human';
    // The status line says who lost on time; the announcement, what the player may do.
    announce(you ? t('layout.flagPlayOn') : t('layout.flagWinner', { side: winner }));
    game.resultSeen = false;
    scheduler.idle();
    update();
    return;
  }
  renderClocks();
}

/** The flag fell: the game goes on untimed, from where it stands. */
function playOn() {
  game.clock = null;
  game.record.flag(null);
  game.resultSeen = true;
  announce(t('flow.offClock'));
  update();
}

// ---------------------------------------------------------------- engine callbacks

const host = {
  get record() { return game.record; },
  get paused() { return game.paused; },
  get blocked() { return game.setup !== null; },
  // A game ended off the board (on time, by resignation) gives the engine nothing to do.
  get flagged() { return Boolean(game.clock?.flagged) || ending() !== null; },
  get gameSeed() { return game.seed; },
  settings,
  get level() { return currentLevel(); },
  get hintLimits() { return BOARD_LEVELS[game.record.kind.id].hints; },
  players,
  isEngineTurn,
  clockLimits,
  playEngineMove(position, report) {
    // The 96-square agent on the clock: what its time manager learned goes back with its next move.
    if (report.clockMemory !== undefined) game.clockMemory[status(position).toMove] = report.clockMemory;
    playMove(report.best, true);
  },
  noteSearch(position, report) { store.noteSearch(position, report); },
  hintsReady(position, moves) {
    store.noteList(position, moves);
    if (position === game.record.position) showKnown();
    render();
    saveAnalysis(store, game.record.positions);
    scheduler.schedule();
    document.dispatchEvent(new CustomEvent('othello:hints'));
  },
  changed() { renderActivity(); },
  progress(report) {
    const kind = game.record.kind;
    const black = scheduler.thinkingSide === kind.sides.black ? report.score : -report.score;
    thinking.show(report, sideScore(black, report.kind, scoreBoard(kind)), scheduler.startedAt);
  },
  clearProgress() { thinking.clear(); },
  moveFailed() {
    game.paused = true;
    announce(t('flow.moveFailed', { button: view.go.textContent }));
    // The engine's time stops while the game waits for the player.
    syncClock();
    render();
    save();
  },
};

// ---------------------------------------------------------------- analysis of the whole game

async function analyseGame() {
  if (game.analysis !== null || engine === null || !game.record.kind.features.gameAnalysis) return;
  const run = { stopped: false };
  game.analysis = run;
  game.resultSeen = true;
  await scheduler.beginAnalysis();
  syncClock();
  const positions = game.record.positions.slice();
  view.progress.max = positions.length;
  view.progress.value = 0;
  renderActivity();
  render();
  let counts = { searched: 0, skipped: 0, finished: false };
  let positionStarted = performance.now();
  try {
    counts = await analysePositions({
      engine, positions, store,
      onProgress: (report, position) => thinking.show(report, sideScore(
        status(position).toMove === 'black' ? report.score : -report.score, report.kind, scoreBoard(game.record.kind),
      ), positionStarted),
      onPosition: (ply) => {
        positionStarted = performance.now();
        view.progress.value = ply + 1;
        renderGraph();
        renderReview();
        renderMoves();
        saveAnalysis(store, game.record.positions);
      },
      stopped: () => run.stopped,
    });
    scheduler.trouble = null;
  } catch (error) {
    scheduler.trouble = t('flow.engineError', { message: errorText(error) });
  }
  metrics.analysis = { searched: counts.searched, skipped: counts.skipped };
  const finished = counts.finished && !run.stopped;
  game.analysis = null;
  scheduler.endAnalysis();
  announce(t(finished ? 'flow.analysed' : 'flow.analysisStopped'));
  update();
  document.dispatchEvent(new CustomEvent('othello:analysed', { detail: { finished } }));
}

function stopAnalysis() {
  if (game.analysis === null) return;
  game.analysis.stopped = true;
  engine.cancel();
}

// ---------------------------------------------------------------- rendering

function clickSquare(index) {
  if (game.setup !== null) {
    game.setup.cycle(index);
    render();
    return;
  }
  const state = game.record.state;
  const name = game.record.kind.geometry.squareName(index);
  if (state.status !== 'moves' || !state.moves.includes(name)) return;
  if (game.clock?.flagged) {
    announce(t('flow.overOnTime', { button: view.playOn.textContent }));
    return;
  }
  if (ending() !== null) return;
  if (isEngineTurn(state) && !game.paused) {
    announce(t('flow.wait', { button: view.moveNow.textContent }));
    return;
  }
  if (game.analysis !== null) stopAnalysis();
  playMove(name);
}

function renderBoard(state) {
  const record = game.record;
  const setup = game.setup;
  const hints = scheduler?.hints;
  const engineThinks = isEngineTurn(state) && !game.paused;
  const shownHints = !setup && settings.hints && hints?.position === record.position && !engineThinks
    ? new Map(hints.moves.map((entry, rank) => [entry.move, { ...entry, rank }]))
    : new Map();
  // The last move played (passes skipped) and the discs it flipped.
  let last = -1;
  let flipped = [];
  const { geometry } = record.kind;
  if (!setup) {
    let ply = record.cursor;
    while (ply > 0 && record.moves[ply - 1] === 'pa') ply -= 1;
    if (ply > 0) {
      last = geometry.squareIndex(record.moves[ply - 1]);
      // A position line starts with its board, a character a square.
      const board = (position) => position.slice(0, geometry.squares);
      flipped = flippedSquares(board(record.positions[ply - 1]), board(record.positions[ply]));
    }
  }
  boardView.setKind(record.kind);
  boardView.setFlipped(settings.flipped);
  applyBoardLook(view.frame, settings);
  view.flip.setAttribute('aria-pressed', String(settings.flipped));
  const animate = game.animate && !setup;
  game.animate = false;
  boardView.render({
    board: setup ? setup.board.join('') : state.board,
    legal: setup || engineThinks || ending() !== null ? [] : state.moves,
    last,
    flipped,
    hints: shownHints,
    // Dots only where a person is to move: the engine's options are not the player's.
    showLegal: settings.showLegal && !setup && !engineThinks,
    setupMode: setup !== null,
    animate,
    toMove: state.toMove,
  });
}

function renderStatus(state) {
  if (game.setup) {
    const { black, white } = game.setup.counts();
    view.countBlack.textContent = black;
    view.countWhite.textContent = white;
    view.setupCounts.textContent = t('flow.setupCounts', { black, white });
    view.status.textContent = t('flow.settingUp');
    return;
  }
  view.countBlack.textContent = state.black;
  view.countWhite.textContent = state.white;
  const { discClass } = game.record.kind;
  view.dotBlack.className = `dot ${discClass.black}`;
  view.dotWhite.className = `dot ${discClass.white}`;
  /** @type {['black' | 'white', HTMLElement, HTMLElement][]} */
  const sides = [['black', view.nameBlack, view.roleBlack], ['white', view.nameWhite, view.roleWhite]];
  for (const [color, name, role] of sides) {
    const shown = playerShown(color);
    name.textContent = shown.name;
    role.textContent = shown.role;
  }
  const on = state.status !== 'gameover' && ending() === null;
  view.sideBlack.classList.toggle('to-move', on && state.toMove === 'black');
  view.sideWhite.classList.toggle('to-move', on && state.toMove === 'white');
  view.status.textContent = statusText({
    state, position: game.record.position, ending: ending(), who: players()[state.toMove],
    paused: game.paused, named: settings.mode !== 'human-human', review: reviewing(),
  });
}

/** The time control of `clock` in words: "5 minutes a side + 3 s a move" (a time control's name where it is one). */
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

function renderClocks() {
  const now = performance.now();
  renderClock(view.clockBlack, game.clock, 'black', now, sideName('black'));
  renderClock(view.clockWhite, game.clock, 'white', now, sideName('white'));
}

function renderActivity() {
  if (!scheduler) return;
  const state = scheduler.state;
  const ahead = scheduler.ahead;
  const text = {
    move: () => t('flow.activityMove'),
    hints: () => t('flow.activityHints'),
    // The expected reply is the engine's best move for the player: shown only with hints on.
    ahead: () => (ahead && settings.hints
      ? t('flow.activityAheadExpects', { move: ahead.predicted }) : t('flow.activityAhead')),
    analysis: () => t('flow.activityAnalysis'),
  }[state]?.();
  if (engine !== null) {
    const shown = text ?? t('engine.stateReady');
    const offline = navigator.onLine === false;
    view.engineState.textContent = scheduler.trouble ?? (offline ? t('flow.offline', { state: shown }) : shown);
  }
  view.moveNow.disabled = state !== 'move';
  boardView.setBusy(state === 'move');
  // A search on the clock that reports only when its move is chosen (the 96-square agent): said so.
  if (state === 'move' && game.clock && !game.record.kind.features.clockProgress) {
    thinking.say(t('flow.agentDepths'));
  }
  view.analyse.hidden = game.analysis !== null || !game.record.kind.features.gameAnalysis;
  view.analyseStop.hidden = game.analysis === null;
  view.progress.hidden = game.analysis === null;
}

function renderGraph() {
  const record = game.record;
  const { kind } = record;
  // A proven win, loss or draw has no margin to draw (its ±2 or 0 would draw a close game).
  const scores = record.positions.map((position) => {
    const known = knownScore(position);
    return known?.kind === 'wld' ? undefined : known?.black;
  });
  const words = sideWords(kind);
  const sides = { black: t('graph.ahead', { side: words.black }), white: t('graph.ahead', { side: words.white }) };
  graph = drawGraph(view.graph, scores, record.moves.length, record.cursor, sides);
  view.graph.setAttribute('aria-valuemax', String(record.moves.length));
  view.graph.setAttribute('aria-valuenow', String(record.cursor));
  const shown = knownScore(record.position);
  const where = t('graph.valueText', { ply: record.movesPlayed(record.cursor), plies: record.movesPlayed() });
  const said = shown === undefined ? '' : sideScore(shown.black, shown.kind, scoreBoard(kind));
  view.graph.setAttribute('aria-valuetext', `${where}${said ? `, ${said}` : ''}`);
  view.graph.dataset.score = said;
  view.graph.setAttribute('aria-label', t('graph.label', sideWords(kind)));
  view.scoreLegend.textContent = kind.id === 96 ? `${t('score.legend')} ${t('score.legend96')}` : t('score.legend');
}

/** The review of the move that led to the board: "best was c4 (White +3), played d3 (Black +1)". */
function renderReview() {
  const { kind } = game.record;
  const named = (score, scoreKind, mover) => sideScore(mover === 'black' ? score : -score, scoreKind, scoreBoard(kind));
  view.review.textContent = reviewText(store, game.record, named);
}

/**
 * What is known of `position`'s score, for Black: `{ black, kind, depth, confidence }` from the engine's
 * searches, or a finished game's result; undefined when nothing is.
 */
function knownScore(position) {
  if (status(position).status === 'gameover') return { black: score(position).final, kind: 'exact', depth: 0, confidence: 100 };
  const entry = store.scores.get(position);
  return entry === undefined ? undefined : { ...entry };
}

/**
 * The engine panel, when no search of the board's position runs: what is
 * known about that position (its score for the graph, its analysed best
 * moves), or nothing.
 */
function showKnown() {
  const record = game.record;
  const entry = knownScore(record.position);
  if (!entry || game.setup !== null) {
    thinking.clear();
    return;
  }
  const list = store.lists.get(record.position) ?? [];
  const best = list.filter((move) => move.score === list[0].score).map((move) => move.move);
  thinking.showKnown({ ...entry, score: sideScore(entry.black, entry.kind, scoreBoard(record.kind)), best });
}

function currentOpening() {
  const record = game.record;
  return record.standardStart && record.kind.features.openings ? openingName(record.moves) : null;
}

/** The moves as the list or as the transcript sheet, the player's choice. */
function renderMoves() {
  const opening = currentOpening();
  const sheet = settings.moveView === 'sheet';
  view.moves.hidden = sheet;
  view.movesSheet.hidden = !sheet;
  view.viewList.setAttribute('aria-pressed', String(!sheet));
  view.viewSheet.setAttribute('aria-pressed', String(sheet));
  if (sheet) renderTranscriptSheet(view.movesSheet, game.record);
  else renderMoveList(view.moves, game.record, store.losses(game.record), opening);
  view.opening.textContent = opening ? `· ${opening.name}` : '';
}

function renderResultCard() {
  const record = game.record;
  const atEnd = record.cursor === record.moves.length;
  view.resultCard.hidden = !record.over || !atEnd || game.resultSeen || game.setup !== null;
  if (!view.resultCard.hidden) {
    fillResultCard({ title: view.resultTitle, score: view.resultScore, rule: view.resultRule }, record.position, {
      ending: record.ending, number: record.movesPlayed(), playOn: Boolean(game.clock?.flagged),
    });
  }
}

/** The line that says a loaded game is under review, with the choice of sides to play on from the board. */
function renderReviewBar() {
  const record = game.record;
  const shown = reviewing() && game.setup === null;
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
  const chosen = view.reviewSides.value || settings.mode;
  view.reviewSides.replaceChildren(...MODES.map((mode) => new Option(choices[mode], mode)));
  view.reviewSides.value = chosen;
  view.playFromHere.textContent = t('review.playFromHere');
  // A finished game is only reviewed.
  view.playFromHere.parentElement.hidden = record.over;
}

/** The resign button (a person's side in a game on), and its confirmation. */
function renderResign() {
  const record = game.record;
  const { black, white } = players();
  const sides = settings.mode === 'human-human' ? ['black', 'white'] : [black, white].includes('human') ? [black === 'human' ? 'black' : 'white'] : [];
  const offered = !reviewing() && game.setup === null && !record.over && sides.length > 0 && record.movesPlayed(record.cursor) > 0;
  view.resign.hidden = !offered;
  view.resign.textContent = t('resign.button');
  if (!offered) game.confirmResign = false;
  view.resignConfirm.hidden = !game.confirmResign;
  if (!game.confirmResign) return;
  view.resignQuestion.textContent = sides.length === 1 ? t('resign.confirm', { side: sideName(sides[0]) }) : t('resign.confirmWho');
  const label = (side) => (sides.length === 1 ? t('resign.yes') : t('resign.side', { side: sideName(side) }));
  view.resignBlack.hidden = !sides.includes('black');
  view.resignWhite.hidden = !sides.includes('white');
  view.resignBlack.textContent = label('black');
  view.resignWhite.textContent = label('white');
  view.resignCancel.textContent = t('resign.cancel');
}

/**
 * `loser` resigns: the game ends at the board on the page.
 * @param {'black' | 'white'} loser
 */
function resign(loser) {
  if (game.setup !== null || game.record.over) return;
  stopAnalysis();
  game.confirmResign = false;
  game.record.resign(loser);
  game.resultSeen = false;
  scheduler.idle();
  thinking.clear();
  announce(t('resign.done', { loser: sideName(loser), result: recordResult(game.record) }));
  update();
}

/** The loaded game is played on from the board on the page, by the sides chosen. */
function playFromHere() {
  if (!reviewing() || game.record.over) return;
  const mode = view.reviewSides.value;
  if (MODES.includes(mode)) settings.mode = mode;
  game.record.names = null;
  game.paused = false;
  game.turnStarted = performance.now();
  announce(t('review.started', { number: game.record.movesPlayed(game.record.cursor) + 1 }));
  syncControls();
  update();
}

function renderPrevious() {
  previousList?.render();
}

/** The level list shown in the settings panel is that of this board kind. */
let levelsShownFor = null;

/**
 * The settings and record panels for the board on the page: its levels, and
 * only what it offers (the 96-square board has no book, think-ahead, time per
 * move, set-up, OBF, GGF or whole-game analysis).
 */
function renderBoardChoices() {
  const kind = game.record.kind;
  const level = currentLevel();
  if (levelsShownFor !== kind) {
    levelsShownFor = kind;
    view.level.replaceChildren(...BOARD_LEVELS[kind.id].levels.map((entry) => new Option(entry.name, entry.id)));
  }
  view.level.value = level.id;
  view.levelAbout.textContent = level.about;
  for (const option of view.mode.options) {
    const named = {
      'human-engine': t('review.youPlay', { side: sideWord(kind.sides.black) }),
      'engine-human': t('review.youPlay', { side: sideWord(kind.sides.white) }),
    };
    option.textContent = named[option.value] ?? option.textContent;
  }
  const { features } = kind;
  // Only a timed level without a clock uses a time per move: for the others the choice is not shown.
  view.moveTime.closest('label').hidden = !level.timed || Boolean(game.clock);
  view.book.closest('label').hidden = !features.book;
  view.thinkAhead.closest('label').hidden = !features.thinkAhead;
  view.copyObf.hidden = !features.obf;
  view.copyGgf.hidden = !features.ggf;
  view.resultAnalyse.hidden = !features.gameAnalysis;
}

function render() {
  const record = game.record;
  const state = record.state;
  renderBoard(state);
  renderStatus(state);
  renderClocks();
  renderMoves();
  renderGraph();
  renderReview();
  renderActivity();
  // A finished game: the engine panel gives its result (no search is left to show).
  if (state.status === 'gameover' && scheduler?.state === 'idle' && game.analysis === null) showKnown();
  renderResultCard();
  const flagged = Boolean(game.clock?.flagged);
  view.undo.disabled = !record.canUndo || game.setup !== null;
  view.redo.disabled = !record.canRedo || game.setup !== null;
  view.go.hidden = !(game.paused && isEngineTurn(state)) || game.setup !== null || flagged;
  view.playOn.hidden = !flagged;
  renderReviewBar();
  renderResign();
  renderBoardChoices();
  view.timeControlShown.textContent = game.clock ? t('flow.clock', { name: clockName(game.clock) }) : t('flow.noClock');
  view.setupPanel.hidden = game.setup === null;
  view.setup.hidden = game.setup !== null || !record.kind.features.setup;
}

// ---------------------------------------------------------------- record: paste, copy, set-up

function message(text, kind) {
  recordPanel.message(text, kind);
}

/**
 * Reads pasted text as a game of the board on the page, else of the other
 * board (a 96-square transcript pasted over an 8x8 game switches the board);
 * throws the first board's error when neither reads it.
 */
function parseForEitherBoard(text) {
  const here = game.record.kind;
  const kinds = [here, ...Object.values(BOARD_KINDS).filter((kind) => kind !== here)];
  let first = null;
  for (const kind of kinds) {
    try {
      return GameRecord.parse(text, kind);
    } catch (error) {
      first ??= error;
    }
  }
  throw first;
}

function loadPasted() {
  const text = view.recordText.value.trim();
  if (text === '') {
    message(t('flow.nothingToLoad'), 'error');
    return;
  }
  let loaded;
  try {
    loaded = parseForEitherBoard(text);
  } catch (error) {
    message(t('flow.notLoaded', { reason: errorText(error) }), 'error');
    return;
  }
  const switched = loaded.kind !== game.record.kind;
  openLoaded(loaded);
  const toMove = sideName(loaded.state.toMove);
  const board = switched ? t('record.onBoard', { board: loaded.kind.name }) : '';
  const count = loaded.movesPlayed();
  message(loaded.moves.length === 0
    ? t('record.loadedPosition', { board, what: loaded.state.status === 'gameover' ? t('record.gameIsOver') : t('record.toMove', { side: toMove }) })
    : t('record.loaded', { count, board, format: loaded.format === 'ggf' ? 'GGF' : t('record.formatTranscript') }),
    'ok');
  update();
}

/**
 * Puts `loaded` (a parsed record) on the board as a loaded game: the game
 * there is kept in "Previous games", the clock is gone, the engine waits.
 * @param {GameRecord} loaded
 */
function openLoaded(loaded) {
  // A loaded game is reviewed under its own players' names (or the sides'), until the player plays on from it.
  loaded.names ??= { ...loaded.kind.sides };
  replaceGame(loaded);
  game.clock = null;
  // A finished game shows its result.
  game.resultSeen = !loaded.finished;
  announce('');
  settle();
}

/**
 * Opens the game of a share link (share.js) in the page's address, as a
 * pasted game is loaded, then takes it out of the address (so a reload
 * keeps the game played since); a link the page cannot read changes nothing
 * and says why.
 */
function openSharedLink() {
  const found = readShareHash(location.hash);
  if (found === null) return;
  history.replaceState(null, '', location.pathname + location.search);
  let text;
  if ('error' in found) {
    text = t('share.hash.notOpened', { reason: found.error });
  } else {
    let loaded = null;
    try {
      const kind = found.board === null ? boardKindOf(found.text) : boardKindById(found.board);
      loaded = GameRecord.parse(found.text, kind);
    } catch (error) {
      text = t('share.hash.notOpened', { reason: errorText(error) });
    }
    if (loaded !== null) {
      openLoaded(loaded);
      const moves = loaded.movesPlayed();
      text = moves > 0 ? t('share.hash.openedGame', { moves }) : t('share.hash.openedPosition');
      message(text, 'ok');
      announce(text);
      update();
      return;
    }
  }
  message(text, 'error');
  announce(text);
}

/** What the share dialog shares: the game on the board, as it is shown. */
const shareSource = {
  link: () => shareLink(game.record, location.href),
  ggf: () => (game.record.kind.features.ggf ? game.record.ggf(copyTags()) : null),
  transcript: () => game.record.transcript(),
  image: (numbers) => {
    const record = game.record;
    return canvasPng(drawBoardImage({
      kind: record.kind, board: record.state.board, palette: boardPalette(view.frame), flipped: settings.flipped,
      coordinates: settings.coordinates, numbers: numbers ? record.squareNumbers(record.cursor) : null,
    }));
  },
};

/** The GGF tags of the game on the board: its players, result and date. */
function copyTags() {
  return ggfTags(game.record, { black: playerName('black'), white: playerName('white') });
}

/** Copies the game (or the position, for OBF) as `kind`. */
function copy(kind) {
  return recordPanel.copy(kind, game.record, copyTags());
}

function startSetup() {
  stopAnalysis();
  game.setup = new PositionEditor(game.record.state.board, game.record.position.endsWith('X') ? 'X' : 'O');
  view.setupMessage.textContent = '';
  view.setupSide.value = game.setup.side;
  thinking.clear();
  scheduler.idle();
  update();
}

function finishSetup(use) {
  if (use) {
    game.setup.side = view.setupSide.value;
    let record;
    try {
      record = game.setup.toRecord();
    } catch (error) {
      view.setupMessage.textContent = t('flow.setupNotUsed', { reason: errorText(error) });
      view.setupMessage.className = 'message error';
      return;
    }
    replaceGame(record);
    game.clock = null;
    settle();
    message(t('flow.positionSetUp'), 'ok');
  } else {
    game.setup = null;
  }
  update();
}

// ---------------------------------------------------------------- storage

/** Why the game or the replaced games are not being saved, for the player. */
const NOT_SAVED = {
  full: () => t('flow.storageFull'),
  unavailable: () => t('flow.storageUnavailable'),
  previous: () => t('flow.previousNotSaved'),
};

/**
 * Messages about saving (storage full, a saved game that could not be
 * read), by kind: `{ text, closed }`. Shown over the page until the player
 * closes them or the trouble is over (a closed one stays closed while its
 * trouble lasts).
 */
const notices = new Map();

function setNotice(kind, text) {
  const notice = notices.get(kind);
  if (text && notice) notice.text = text;
  else if (text) notices.set(kind, { text, closed: false });
  else if (notice) notices.delete(kind);
  else return;
  renderNotice();
}

function renderNotice() {
  const shown = [...notices.values()].filter((notice) => !notice.closed).map((notice) => {
    const line = document.createElement('p');
    line.textContent = notice.text;
    return line;
  });
  view.noticeText.replaceChildren(...shown);
  view.notice.hidden = shown.length === 0;
}

function closeNotices() {
  for (const notice of notices.values()) notice.closed = true;
  renderNotice();
}

/** Shows whether saving works, after a write that returned `failure` (null, 'full' or 'unavailable'). */
function noteSaving(failure) {
  setNotice('saving', NOT_SAVED[failure ?? (previousGamesUnsaved() ? 'previous' : '')]?.());
  const trimmed = trimmedGames();
  if (trimmed > 0) {
    setNotice('trimmed', trimmedText(trimmed));
    renderPrevious();
  }
}

function save() {
  const failure = saveGame({
    record: game.record, settings, paused: game.paused, clock: game.clock, clockMemory: game.clockMemory,
  });
  saveAnalysis(store, game.record.positions);
  noteSaving(failure);
}

/** What the player is told about a saved game that could not be read (`found`, from loadGame). */
function unreadableText(found) {
  if (found.error === null) return found.clockLost ? t('flow.clockLost') : '';
  const { kept, error } = found;
  const what = kept > 0 ? t('flow.readPast', { kept, error })
    : t(found.record ? 'flow.readStart' : 'flow.readNew', { error });
  const aside = found.setAside ? t('flow.setAside', { key: found.setAside }) : t('flow.notKept');
  return `${what} ${aside}`;
}

/** The settings whose saved value must be one of a list: the check of each. */
const SETTING_CHECKS = {
  mode: (value) => MODES.includes(value),
  level: (value) => LEVELS.some((level) => level.id === value),
  level96: (value) => LEVELS_96.some((level) => level.id === value),
  moveTime: (value) => MOVE_TIMES.includes(value),
  theme: (value) => THEMES.includes(value),
  boardTheme: (value) => BOARD_THEMES.includes(value),
  moveView: (value) => ['list', 'sheet'].includes(value),
  timeControl: (value) => Boolean(timeControlById(value)),
  language: (value) => value === undefined || Object.hasOwn(CATALOGUES, value),
};

function restore() {
  const defaults = { ...settings };
  const found = loadGame(settings);
  const reset = new Set(found.badSettings);
  for (const [name, valid] of Object.entries(SETTING_CHECKS)) {
    if (valid(settings[name])) continue;
    settings[name] = defaults[name];
    reset.add(name);
  }
  setNotice('saved', unreadableText(found));
  const allSettings = found.badSettings.length === Object.keys(settings).length;
  const names = Object.keys(settings).filter((name) => reset.has(name));
  setNotice('dropped', droppedText({ settings: names, allSettings, ...checkSavedData() }));
  game.record = found.record ?? new GameRecord();
  // The part of an unreadable game that was kept waits for the player, like a loaded one.
  game.paused = found.error === null ? found.paused : isEngineTurn();
  game.clock = found.clock;
  game.clockMemory = found.clockMemory;
  // A flag saved with the clock is the record's loss on time.
  if (game.clock?.flagged && game.record.ending === null) game.record.flag(game.clock.flagged);
  loadAnalysis(store, game.record.positions);
}

/** Reopens the previous game `id`; the game on the board takes its place in the list. */
function openPrevious(id) {
  const record = takePreviousGame(id);
  if (!record) return;
  replaceGame(record);
  game.clock = null;
  announce('');
  settle();
  message(t('record.opened', { count: record.movesPlayed() }), 'ok');
  update();
}

// ---------------------------------------------------------------- dialogs

/** The dialog's choice: the board and settings of the new game, which starts at once. */
function startChosenGame({ board, mode, level, timeControl, moveTime }) {
  const kind = boardKindById(board) ?? BOARD_8;
  keepNames();
  if (MODES.includes(mode)) settings.mode = mode;
  settings[BOARD_LEVELS[kind.id].setting] = levelOn(kind.id, level).id;
  if (timeControlById(timeControl)) settings.timeControl = timeControl;
  if (MOVE_TIMES.includes(moveTime)) settings.moveTime = moveTime;
  newGame(kind);
  syncControls();
}

function openNewGameDialog() {
  const record = game.record;
  const over = status(record.positions.at(-1)).status === 'gameover';
  newGameDialog.open(settings, over || record.finished ? 0 : record.movesPlayed(), record.kind.id);
}

/** A new game with the same players and time control. */
function rematch() {
  game.resultSeen = true;
  newGame();
}

function syncControls() {
  view.mode.value = settings.mode;
  renderBoardChoices();
  view.level.value = currentLevel().id;
  view.moveTime.value = String(settings.moveTime);
  view.showLegal.checked = settings.showLegal;
  view.hints.checked = settings.hints;
  view.thinkAhead.checked = settings.thinkAhead;
  view.book.checked = settings.book;
  view.sound.checked = settings.sound;
  view.boardTheme.value = settings.boardTheme;
  view.coordinates.checked = settings.coordinates;
}

// ---------------------------------------------------------------- theme

function toggleTheme() {
  settings.theme = isDark(settings.theme) ? 'light' : 'dark';
  applyTheme(settings.theme, view.themeToggle, view.themeLabel);
  save();
}

// ---------------------------------------------------------------- controls

function bindControls() {
  for (const seconds of MOVE_TIMES) view.moveTime.append(new Option(moveTimeName(seconds), String(seconds)));
  for (const theme of BOARD_THEMES) view.boardTheme.append(new Option(boardThemeName(theme), theme));
  syncControls();
  const changed = (apply) => () => { apply(); update(); };
  view.mode.addEventListener('change', changed(() => {
    settings.mode = view.mode.value;
    game.paused = false;
    // Choosing the players of a game under review plays on from it.
    game.record.names = null;
  }));
  view.level.addEventListener('change', changed(() => {
    const { id } = game.record.kind;
    settings[BOARD_LEVELS[id].setting] = levelOn(id, view.level.value).id;
  }));
  view.moveTime.addEventListener('change', changed(() => { settings.moveTime = Number(view.moveTime.value); }));
  view.showLegal.addEventListener('change', changed(() => { settings.showLegal = view.showLegal.checked; }));
  view.hints.addEventListener('change', changed(() => { settings.hints = view.hints.checked; }));
  view.thinkAhead.addEventListener('change', changed(() => { settings.thinkAhead = view.thinkAhead.checked; }));
  view.book.addEventListener('change', changed(() => { settings.book = view.book.checked; }));
  view.sound.addEventListener('change', changed(() => { settings.sound = view.sound.checked; }));
  view.boardTheme.addEventListener('change', changed(() => { settings.boardTheme = view.boardTheme.value; }));
  view.coordinates.addEventListener('change', changed(() => { settings.coordinates = view.coordinates.checked; }));
  view.flip.addEventListener('click', changed(() => { settings.flipped = !settings.flipped; }));
  view.share.addEventListener('click', () => shareDialog.open());
  window.addEventListener('hashchange', openSharedLink);
  view.themeToggle.addEventListener('click', toggleTheme);
  bindLanguage($select('language'), settings, () => { renderPrevious(); update(); });
  view.noticeClose.addEventListener('click', closeNotices);
  watchSystemTheme(() => applyTheme(settings.theme, view.themeToggle, view.themeLabel));
  view.undo.addEventListener('click', undo);
  view.redo.addEventListener('click', redo);
  view.moveNow.addEventListener('click', () => scheduler.moveNow());
  view.go.addEventListener('click', () => {
    game.paused = false;
    game.turnStarted = performance.now();
    announce('');
    update();
  });
  view.playOn.addEventListener('click', playOn);
  view.playFromHere.addEventListener('click', playFromHere);
  view.resign.addEventListener('click', () => { game.confirmResign = true; render(); view.resignCancel.focus(); });
  view.resignBlack.addEventListener('click', () => resign('black'));
  view.resignWhite.addEventListener('click', () => resign('white'));
  view.resignCancel.addEventListener('click', () => { game.confirmResign = false; render(); });
  const moveView = (shown) => () => { settings.moveView = shown; render(); save(); scrollToCurrent(shown === 'sheet' ? view.movesSheet : view.moves); };
  view.viewList.addEventListener('click', moveView('list'));
  view.viewSheet.addEventListener('click', moveView('sheet'));
  view.movesSheet.addEventListener('click', (event) => {
    const target = /** @type {Element} */ (event.target);
    const button = /** @type {HTMLElement | null} */ (target.closest('button[data-ply]'));
    if (!button || game.setup) return;
    game.record.jump(Number(button.dataset.ply));
    navigated();
  });
  view.newGame.addEventListener('click', openNewGameDialog);
  $('result-analyse').addEventListener('click', () => { game.resultSeen = true; analyseGame(); });
  $('result-rematch').addEventListener('click', rematch);
  $('result-copy').addEventListener('click', () => copy(game.record.standardStart ? 'transcript' : 'ggf'));
  $('result-close').addEventListener('click', () => { game.resultSeen = true; render(); });
  view.analyse.addEventListener('click', analyseGame);
  view.analyseStop.addEventListener('click', stopAnalysis);
  view.load.addEventListener('click', loadPasted);
  view.moves.addEventListener('click', (event) => {
    const target = /** @type {Element} */ (event.target);
    const button = /** @type {HTMLElement | null} */ (target.closest('button[data-ply]'));
    if (!button || game.setup) return;
    game.record.jump(Number(button.dataset.ply));
    navigated();
  });
  view.graph.addEventListener('click', (event) => {
    if (!graph || game.setup) return;
    game.record.jump(graph.plyAt(event.clientX));
    navigated();
  });
  view.graph.addEventListener('keydown', (event) => {
    if (game.setup) return;
    const record = game.record;
    const target = {
      ArrowLeft: record.cursor - 1, ArrowDown: record.cursor - 1, ArrowRight: record.cursor + 1, ArrowUp: record.cursor + 1,
      Home: 0, End: record.moves.length, PageUp: record.cursor + 10, PageDown: record.cursor - 10,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    // Stepping back over a pass lands on the move before it.
    if (target < record.cursor) {
      record.cursor = Math.max(0, target);
      while (record.cursor > 0 && record.moves[record.cursor] === 'pa') record.cursor -= 1;
    } else {
      record.jump(target);
    }
    navigated();
  });
  $('copy-transcript').addEventListener('click', () => copy('transcript'));
  $('copy-obf').addEventListener('click', () => copy('obf'));
  $('copy-ggf').addEventListener('click', () => copy('ggf'));
  view.setup.addEventListener('click', startSetup);
  $('setup-done').addEventListener('click', () => finishSetup(true));
  $('setup-cancel').addEventListener('click', () => finishSetup(false));
  $('setup-clear').addEventListener('click', () => { game.setup.clear(); render(); });
  $('setup-start').addEventListener('click', () => { game.setup.reset(); view.setupSide.value = 'X'; render(); });
  document.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (/** @type {Element} */ (event.target).closest?.('input, textarea, select, dialog')) return;
    // Set-up mode edits a board of its own: the record's keys wait.
    if (game.setup !== null) return;
    const key = event.key.toLowerCase();
    if (key === 'u') undo();
    else if (key === 'r') redo();
    else if (key === 'm') scheduler.moveNow();
  });
}

// ---------------------------------------------------------------- start

function startEngine(options) {
  // The worker gets the module compiled here: one download, one compilation.
  engine = new Engine(options);
  // Each worker (a new one after a crash too) says what threads it searches on.
  engine.client.addEventListener('ready', (event) => {
    metrics.threads = event.detail;
    thinking.showThreads(event.detail);
  });
  scheduler = new EngineScheduler(engine, host);
  engine.addEventListener('trouble', (event) => {
    const { type, message: detail } = event.detail;
    announce(type === 'crash' ? t('flow.crashed') : type === 'hung' ? t('flow.hung') : t('flow.restarted'));
    console.warn(`engine ${type}: ${detail}`);
  });
  const started = performance.now();
  engine.client.legalMoves('').then(() => {
    metrics.engineReadyMs = Math.round(performance.now() - started);
    thinking.showReady(metrics.engineReadyMs);
    renderActivity();
  }, (error) => {
    scheduler.trouble = t('flow.engineError', { message: errorText(error) });
    // The board keeps working (its rules run on the page); the engine is tried again on its next job.
    announce(t('flow.notStarted'));
    renderActivity();
  });
}

window.addEventListener('online', () => renderActivity());
window.addEventListener('offline', () => renderActivity());

function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register('./sw.js').catch((error) => {
    console.warn(`offline support unavailable: ${error.message}`);
  });
}

/**
 * The threaded build where the page may use it: shared memory needs a
 * cross-origin isolated page (www/serve.mjs sends the headers), and one
 * core has nothing to share out. Elsewhere the single-thread build. sw.js
 * repeats this rule (PAGE_WASM) to cache this build alone at install: it is
 * a classic worker, which cannot import it (module service workers need
 * Firefox 147); change both together.
 */
const THREADED = globalThis.crossOriginIsolated === true && (navigator.hardwareConcurrency ?? 1) > 1;

/**
 * Loads the engine's wasm once: compiled and run here for the rules, handed
 * compiled to the worker for the search. The threaded build when THREADED
 * (the rules here never wait on another thread), else the single-thread one.
 */
async function loadEngine() {
  if (THREADED) {
    try {
      const module = await compileWasm(new URL('./pkg/wasm-threads/othello_bg.wasm', import.meta.url));
      await initThreaded(module);
      return { wasmThreads: module };
    } catch (error) {
      console.warn(`threads unavailable, searching on one: ${error.message}`);
    }
  }
  const module = await compileWasm(new URL('./pkg/wasm/othello_bg.wasm', import.meta.url));
  await init(module);
  return { wasm: module };
}

async function compileWasm(url) {
  try {
    return await WebAssembly.compileStreaming(fetch(url));
  } catch {
    // A server that sends the wasm with another content type.
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url.pathname}: ${response.status} ${response.statusText}`);
    return WebAssembly.compile(await response.arrayBuffer());
  }
}

// The player's language from the first paint, before the engine (and with it the saved game) has loaded.
applyLanguage(savedSetting('language') ?? browserLanguage());

try {
  const engineOptions = await loadEngine();
  boardView = new BoardView(view.frame, view.board, clickSquare);
  thinking = new ThinkingPanel({
    depth: $('think-depth'), score: $('think-score'), nps: $('think-nps'), time: $('think-time'), pv: $('think-pv'),
    threads: $('think-threads'), build: $('engine-build'), ready: $('engine-ready'),
  });
  // The graph is drawn in CSS pixels: drawn again when its width changes.
  new ResizeObserver(() => { if (game.record) renderGraph(); }).observe(view.graph);
  restore();
  applyLanguage(settings.language);
  applyTheme(settings.theme, view.themeToggle, view.themeLabel);
  newGameDialog = new NewGameDialog(view.dialog, startChosenGame);
  shareDialog = new ShareDialog(/** @type {HTMLDialogElement} */ ($('share-dialog')), shareSource);
  bindControls();
  startEngine(engineOptions);
  previousList = new PreviousGamesList(view.previous, {
    open: openPrevious, saved: save, blocked: () => game.setup !== null,
  });
  watchPreviousGames(renderPrevious);
  renderPrevious();
  update();
  openSharedLink();
  setInterval(tickClock, CLOCK_TICK_MS);
  registerServiceWorker();
} catch (error) {
  // Without the engine's module there are no rules: the board stays empty and its controls off.
  view.status.textContent = t('flow.notLoadedPage');
  const reload = hasSavedGame() ? 'flow.keptReload' : 'flow.lostNothingReload';
  view.announce.textContent = t(reload, { message: errorText(error) });
  view.engineState.textContent = t('flow.unavailable');
  /** @typedef {HTMLButtonElement | HTMLSelectElement | HTMLInputElement | HTMLTextAreaElement} Control */
  const controls = /** @type {NodeListOf<Control>} */ (document.querySelectorAll('button, select, input, textarea'));
  for (const control of controls) control.disabled = true;
  throw error;
}

/** For tests and the curious: the page's state. */
/** @type {Window & typeof globalThis & { othelloPage: object }} */ (window).othelloPage = {
  get record() { return game.record; },
  get engine() { return engine; },
  get activity() { return scheduler.state === 'idle' ? null : scheduler.state; },
  get ahead() { return scheduler.ahead; },
  get evals() { return store.scores; },
  get analyses() { return store.lists; },
  get clock() { return game.clock; },
  get clockMemory() { return game.clockMemory; },
  get metrics() { return { ...metrics, ...scheduler.metrics }; },
  settings,
};
