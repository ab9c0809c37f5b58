// The board page. The page owns the game record (record.js) and asks the
// engine, which runs in the package's worker (engine.js -> pkg/client.js),
// for moves, hints and analysis. Rules questions (legal moves, playing a
// move, parsing a record) are cheap and answered on the page by the same
// wasm module, so the board works even while the worker is busy or restarting.
import { init, play, score, status } from './pkg/index.js';
import { CANCELLED, Engine } from './engine.js';
import { BoardView, formatScore } from './board-view.js';
import { drawGraph } from './graph.js';
import { moveLosses, renderMoveList } from './move-list.js';
import { GAME_ANALYSIS_LIMITS, HINT_LIMITS, LEVELS, MOVE_TIMES, levelById, limitsFor } from './levels.js';
import { GameRecord, START, flippedSquares, squareIndex, squareName } from './record.js';

const STORAGE_KEY = 'othello-page-v1';
/**
 * The scores of the current game's positions, kept beside the game so that
 * the graph, the mistake marks and the work of "Analyse game" survive a
 * reload: `{ limits, scores: { [OBF line]: { black, kind, depth, selectivity, analysed? } } }`.
 * `limits` are the GAME_ANALYSIS_LIMITS that `analysed` refers to.
 */
const ANALYSIS_KEY = 'othello-analysis-v1';
/** Most scores kept in storage (a game has at most about 120 positions with passes). */
const MAX_STORED_SCORES = 500;
const SCORE_KINDS = ['depth', 'wld', 'exact'];
/** Who plays each side: `<black>-<white>`. */
const MODES = ['human-engine', 'engine-human', 'human-human', 'engine-engine'];
/** Longest think-ahead search while the player thinks. */
const THINK_AHEAD_MS = 120_000;
/** Pause between moves in engine-against-engine games, so they can be watched. */
const ENGINE_GAME_PAUSE_MS = 250;

const $ = (id) => document.getElementById(id);
const view = {
  board: $('board'), frame: $('board-frame'), status: $('status'), announce: $('announce'),
  engineState: $('engine-state'), countBlack: $('count-black'), countWhite: $('count-white'),
  undo: $('undo'), redo: $('redo'), moveNow: $('move-now'), go: $('go'), newGame: $('new-game'),
  mode: $('mode'), level: $('level'), moveTime: $('move-time'),
  showLegal: $('show-legal'), hints: $('hints'), thinkAhead: $('think-ahead'),
  depth: $('think-depth'), score: $('think-score'), nps: $('think-nps'), time: $('think-time'), pv: $('think-pv'),
  graph: $('graph'), analyse: $('analyse'), analyseStop: $('analyse-stop'), progress: $('analyse-progress'),
  moves: $('moves'), recordText: $('record-text'), recordMessage: $('record-message'),
  setup: $('setup'), setupPanel: $('setup-panel'), setupSide: $('setup-side'), load: $('load'),
};

const settings = {
  mode: 'human-engine', level: 'casual', moveTime: 5, showLegal: true, hints: false, thinkAhead: false,
};

let record;
let engine = null;
let paused = false;
/**
 * Scores found for positions (OBF line -> { black, kind, depth, selectivity,
 * analysed }), for the graph and the mistake marks; `analysed`: searched by
 * "Analyse game" at GAME_ANALYSIS_LIMITS, so not searched again.
 */
const evals = new Map();
/** The hint analysis of one position: { position, moves: MoveScore[] }. */
let hints = null;
/** The engine job the page wants now (its key), to avoid starting it twice. */
let wanted = null;
/** What the engine is doing: 'move', 'hints', 'ahead', 'analysis' or null. */
let activity = null;
/** The whole-game analysis in progress: { stopped }. */
let analysis = null;
/** Position editing: { board: string[64], side: 'X'|'O' } or null. */
let setup = null;
/** The board's drawing (board-view.js). */
let boardView = null;
/**
 * Think-ahead (BILL): while the player thinks, the engine searches the
 * position after the reply it expects. { position, predicted, next, started,
 * promise, result }. If the player plays that move, the running search
 * becomes the engine's move search and the time already spent counts.
 */
let ahead = null;
/** The reply the engine expects after its own move: { position, move } (from its principal variation). */
let expected = null;
/** The side whose move the engine is searching (its scores are for that side). */
let thinkingSide = 'Black';
/** When the engine's current job began (analysis reports time per move only). */
let jobStartedAt = performance.now();
/** What went wrong with the engine, shown until its next successful job (or null). */
let engineTrouble = null;
/** Drawn for each game: with the ply, the seed of the seeds' players (so `random` differs between games). */
let gameSeed = newGameSeed();
const metrics = {};

// ---------------------------------------------------------------- players

function players() {
  const [black, white] = settings.mode.split('-');
  return { black, white };
}

function isEngineTurn(state = record.state) {
  return state.status !== 'gameover' && players()[state.toMove] === 'engine';
}

const sideName = (color) => (color === 'black' ? 'Black' : 'White');

// ---------------------------------------------------------------- state changes

/** Called after every change: passes, board, panels, storage, then the engine. */
function update() {
  autoPass();
  render();
  save();
  schedule();
  document.dispatchEvent(new CustomEvent('othello:update'));
}

/** A side with no legal move passes at once (announced); only at the end of the record. */
function autoPass() {
  if (setup !== null || record.cursor !== record.moves.length) return;
  const state = record.state;
  if (state.status !== 'pass') return;
  record.play('pa');
  announce(`${sideName(state.toMove)} has no legal move and passes.`);
}

function announce(text) {
  view.announce.textContent = text;
}

function playMove(move) {
  record.play(move);
  hints = null;
  if (!isEngineTurn()) paused = false;
  announce('');
  update();
  document.dispatchEvent(new CustomEvent('othello:played', { detail: { move } }));
}

/** After moving through the record the engine waits until asked to play. */
function navigated() {
  hints = null;
  paused = isEngineTurn();
  announce('');
  update();
}

function undo() {
  if (!record.canUndo || setup !== null) return;
  record.undo();
  const engineSide = settings.mode === 'human-engine' || settings.mode === 'engine-human';
  while (engineSide && isEngineTurn() && record.canUndo) record.undo();
  navigated();
}

function redo() {
  if (!record.canRedo || setup !== null) return;
  record.redo();
  const engineSide = settings.mode === 'human-engine' || settings.mode === 'engine-human';
  while (engineSide && isEngineTurn() && record.canRedo) record.redo();
  navigated();
}

function newGame(start = START) {
  stopAnalysis();
  record = new GameRecord(start);
  gameSeed = newGameSeed();
  evals.clear();
  ahead = null;
  expected = null;
  hints = null;
  paused = false;
  announce('');
  update();
}

// ---------------------------------------------------------------- the engine

/** Decides what the engine should do for the position on the board. */
function schedule() {
  if (engine === null || setup !== null || analysis !== null) return;
  const state = record.state;
  const position = record.position;
  if (state.status === 'gameover') return idle();
  if (isEngineTurn(state) && !paused) return engineMove(position, state);
  // Paused on the engine's turn, the position can be studied like the player's own.
  if (settings.hints && hints?.position !== position) return showHints(position, state);
  const opponent = players()[state.toMove === 'black' ? 'white' : 'black'];
  const searching = levelById(settings.level).kind === 'engine';
  if (settings.thinkAhead && searching && opponent === 'engine' && !isEngineTurn(state)) return thinkAhead(position, state);
  idle();
}

function idle() {
  wanted = null;
  activity = null;
  engine?.cancel();
  renderActivity();
}

/**
 * Runs one engine job for `position`: `start()` is its request to the
 * engine (engine.js). `key` names it (a job already wanted is not started
 * twice), `what` is the activity shown. Resolves to its result or CANCELLED;
 * a failure is shown (see engineFailed).
 */
async function engineJob(key, what, position, start) {
  if (wanted === key) return CANCELLED;
  wanted = key;
  activity = what;
  thinkingSide = sideName(status(position).toMove);
  jobStartedAt = performance.now();
  renderActivity();
  clearThinking();
  try {
    const result = await start();
    if (result !== CANCELLED) engineTrouble = null;
    if (wanted === key) {
      wanted = null;
      activity = null;
    }
    renderActivity();
    return result;
  } catch (error) {
    if (wanted === key) {
      wanted = null;
      activity = null;
    }
    engineFailed(error, what === 'move' && record.position === position);
    return CANCELLED;
  }
}

/**
 * Shows an engine failure until the next successful job. A failed move
 * (the worker failed again after its restarts, or refused the request)
 * pauses the game, so that "Engine, play" tries again on a new worker.
 */
function engineFailed(error, onMove) {
  engineTrouble = `Engine error: ${error.message}`;
  if (!onMove || !isEngineTurn()) {
    renderActivity();
    return;
  }
  paused = true;
  announce('The engine could not move: press “Engine, play” to try again.');
  render();
  save();
}

async function engineMove(position, state) {
  const level = levelById(settings.level);
  const started = performance.now();
  const report = level.kind === 'player'
    ? await playerReply(level, position)
    : await searchReply(level, position, state);
  if (report === CANCELLED || record.position !== position) return;
  if (settings.mode === 'engine-engine') {
    const wait = ENGINE_GAME_PAUSE_MS - (performance.now() - started);
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
  }
  if (record.position !== position || paused || setup !== null || analysis !== null || !isEngineTurn()) return;
  metrics.lastMove = { ...report, level: level.id, answerMs: Math.round(performance.now() - started) };
  expected = report.pv.length > 1 && report.best !== null
    ? { position: play(position, report.best), move: report.pv[1] }
    : null;
  playMove(report.best);
}

/** The engine's search for its move at an engine level: its report, or CANCELLED. */
async function searchReply(level, position, state) {
  const limits = limitsFor(level, settings.moveTime);
  const key = `move ${position} ${JSON.stringify(limits)}`;
  if (wanted === key) return CANCELLED;
  let report = CANCELLED;
  if (level.timed && ahead?.next === position) report = await adoptThinkAhead(key, limits.timeMs);
  if (report === CANCELLED && record.position === position && wanted !== key) {
    report = await engineJob(key, 'move', position, () => engine.run('search', position, limits, showProgress));
  }
  if (report !== CANCELLED && record.position === position) noteScore(position, state, report);
  return report;
}

/**
 * The move of a seed player level (PAIP's and BILL's programs, run in the
 * engine's worker) as a report `{ best, pv: [], player }`, or CANCELLED.
 * The player's "pass" is the record's "pa".
 */
async function playerReply(level, position) {
  const key = `player ${level.spec} ${position}`;
  if (wanted === key) return CANCELLED;
  const seed = gameSeed * 128 + record.cursor;
  const move = await engineJob(key, 'move', position, () => engine.playerMove(level.spec, position, seed));
  if (move === CANCELLED) return CANCELLED;
  return { best: move === 'pass' ? 'pa' : move, pv: [], player: level.spec };
}

/** A fresh seed for a game's seed players: a whole number below 2^32. */
function newGameSeed() {
  return Math.floor(Math.random() * 2 ** 32);
}

/** The player played the expected move: the think-ahead search goes on as the engine's move search. */
async function adoptThinkAhead(key, timeMs) {
  const run = ahead;
  ahead = null;
  if (run.result !== null) return run.result;
  if (engine.job?.position !== run.next) return CANCELLED;
  wanted = key;
  activity = 'move';
  thinkingSide = sideName(status(run.next).toMove);
  renderActivity();
  metrics.thinkAheadHits = (metrics.thinkAheadHits ?? 0) + 1;
  const remaining = timeMs - (performance.now() - run.started);
  const timer = setTimeout(() => { if (wanted === key) engine.moveNow(); }, Math.max(0, remaining));
  const report = await run.promise;
  clearTimeout(timer);
  if (wanted === key) {
    wanted = null;
    activity = null;
    renderActivity();
  }
  return report;
}

async function showHints(position, state) {
  const start = () => engine.run('analyze', position, HINT_LIMITS, showProgress);
  const moves = await engineJob(`hints ${position}`, 'hints', position, start);
  if (moves === CANCELLED || record.position !== position) return;
  hints = { position, moves };
  if (moves.length > 0) noteScore(position, state, moves[0]);
  render();
  schedule();
  document.dispatchEvent(new CustomEvent('othello:hints'));
}

async function thinkAhead(position, state) {
  const key = `ahead ${position}`;
  if (wanted === key) return;
  let predicted = expected?.position === position && state.moves.includes(expected.move) ? expected.move : null;
  if (predicted === null) {
    const quick = await engineJob(key, 'ahead', position, () => engine.run('search', position, { depth: 8, timeMs: 500 }, showProgress));
    if (quick === CANCELLED || record.position !== position || wanted !== null || quick.best === null) return;
    predicted = quick.best;
  }
  const next = play(position, predicted);
  const run = { position, predicted, next, started: performance.now(), result: null };
  wanted = key;
  activity = 'ahead';
  ahead = run;
  jobStartedAt = run.started;
  thinkingSide = sideName(status(next).toMove);
  clearThinking();
  renderActivity();
  run.promise = engine.run('search', next, { timeMs: THINK_AHEAD_MS }, showProgress).catch(() => CANCELLED);
  const result = await run.promise;
  if (result !== CANCELLED) run.result = result;
  if (wanted === key) {
    wanted = null;
    activity = null;
    renderActivity();
  }
}

/**
 * Keeps a search score for the graph (from Black's side): the better founded
 * of the old and the new one (exact, then win/loss/draw, then the deeper).
 * `analysed`: the score comes from "Analyse game".
 */
function noteScore(position, state, result, analysed = false) {
  const found = {
    black: state.toMove === 'black' ? result.score : -result.score,
    kind: result.kind, depth: result.depth, selectivity: result.selectivity ?? 100,
  };
  const old = evals.get(position);
  const kept = old && outranks(old, found) ? { ...old } : found;
  if (analysed || old?.analysed) kept.analysed = true;
  evals.set(position, kept);
}

/** Whether score `a` is better founded than `b`. */
function outranks(a, b) {
  const rank = SCORE_KINDS.indexOf(a.kind) - SCORE_KINDS.indexOf(b.kind);
  return rank !== 0 ? rank > 0 : a.kind === 'depth' && a.depth > b.depth;
}

/** Whether "Analyse game" can skip a position: analysed already, or scored at least as well as it would. */
function analysedEnough(known) {
  if (known === undefined) return false;
  if (known.analysed || known.kind !== 'depth') return true;
  return known.depth >= GAME_ANALYSIS_LIMITS.depth && known.selectivity >= GAME_ANALYSIS_LIMITS.confidence;
}

function moveNow() {
  if (activity === 'move') engine.moveNow();
}

// ---------------------------------------------------------------- analysis of the whole game

async function analyseGame() {
  if (analysis !== null || engine === null) return;
  analysis = { stopped: false };
  wanted = null;
  activity = 'analysis';
  await engine.cancel();
  const positions = record.positions.slice();
  // What this run searched and skipped (for tests and the curious).
  const counts = { searched: 0, skipped: 0 };
  metrics.analysis = counts;
  view.progress.max = positions.length;
  view.progress.value = 0;
  renderActivity();
  for (let ply = 0; ply < positions.length && !analysis.stopped; ply += 1) {
    const position = positions[ply];
    const state = status(position);
    if (analysedEnough(evals.get(position))) {
      counts.skipped += 1;
    } else if (state.status === 'gameover') {
      evals.set(position, { black: score(position).final, kind: 'exact', depth: 0, selectivity: 100, analysed: true });
    } else {
      counts.searched += 1;
      let report;
      thinkingSide = sideName(state.toMove);
      jobStartedAt = performance.now();
      try {
        report = await engine.run('search', position, GAME_ANALYSIS_LIMITS, showProgress);
      } catch (error) {
        engineTrouble = `Engine error: ${error.message}`;
        break;
      }
      if (report === CANCELLED) break;
      engineTrouble = null;
      noteScore(position, state, report, true);
    }
    view.progress.value = ply + 1;
    renderGraph();
    saveScores();
  }
  const finished = !analysis.stopped && view.progress.value === positions.length;
  analysis = null;
  activity = null;
  announce(finished ? 'Game analysed.' : 'Analysis stopped.');
  update();
  document.dispatchEvent(new CustomEvent('othello:analysed', { detail: { finished } }));
}

function stopAnalysis() {
  if (analysis === null) return;
  analysis.stopped = true;
  engine.cancel();
}

// ---------------------------------------------------------------- thinking panel

function clearThinking() {
  for (const field of [view.depth, view.score, view.nps, view.time, view.pv]) field.textContent = '–';
}

function showProgress(report) {
  view.depth.textContent = report.kind === 'depth'
    ? `${report.depth}${report.selectivity < 100 ? `@${report.selectivity}%` : ''}`
    : `${report.kind === 'exact' ? 'exact' : 'WLD'} ${report.depth}`;
  view.score.textContent = `${formatScore(report.score, report.kind)} ${thinkingSide}`;
  view.nps.textContent = report.nps >= 1e6 ? `${(report.nps / 1e6).toFixed(1)} M` : `${Math.round(report.nps / 1e3)} k`;
  view.time.textContent = `${(Math.max(report.elapsedMs, performance.now() - jobStartedAt) / 1000).toFixed(1)} s`;
  view.pv.textContent = report.pv.join(' ') || '–';
}

// ---------------------------------------------------------------- rendering

function clickSquare(index) {
  if (setup !== null) {
    const cycle = { '-': 'X', X: 'O', O: '-' };
    setup.board[index] = cycle[setup.board[index]];
    render();
    return;
  }
  const state = record.state;
  const name = squareName(index);
  if (state.status !== 'moves' || !state.moves.includes(name)) return;
  if (isEngineTurn(state) && !paused) {
    announce('Wait: the engine is thinking (or press “Move now”).');
    return;
  }
  if (analysis !== null) stopAnalysis();
  playMove(name);
}

function renderBoard(state) {
  const shownHints = !setup && settings.hints && hints?.position === record.position && !(isEngineTurn(state) && !paused)
    ? new Map(hints.moves.map((entry, rank) => [entry.move, { ...entry, rank }]))
    : new Map();
  // The last move played (passes skipped) and the discs it flipped.
  let last = -1;
  let flipped = [];
  if (!setup) {
    let ply = record.cursor;
    while (ply > 0 && record.moves[ply - 1] === 'pa') ply -= 1;
    if (ply > 0) {
      last = squareIndex(record.moves[ply - 1]);
      flipped = flippedSquares(record.positions[ply - 1].slice(0, 64), record.positions[ply].slice(0, 64));
    }
  }
  boardView.render({
    board: setup ? setup.board.join('') : state.board,
    legal: setup ? [] : state.moves,
    last,
    flipped,
    hints: shownHints,
    showLegal: settings.showLegal && !setup,
    setupMode: setup !== null,
    thinking: activity === 'move',
  });
}

function renderStatus(state) {
  view.countBlack.textContent = state.black;
  view.countWhite.textContent = state.white;
  if (setup) {
    view.status.textContent = 'Setting up a position.';
    return;
  }
  if (state.status === 'gameover') {
    const final = score(record.position).final;
    const result = final === 0 ? 'Draw' : final > 0 ? `Black wins by ${final}` : `White wins by ${-final}`;
    view.status.textContent = `Game over: ${result} (${state.black}–${state.white}).`;
    return;
  }
  const side = sideName(state.toMove);
  const who = players()[state.toMove];
  if (who === 'engine' && paused) {
    view.status.textContent = `${side} (engine) to move — paused.`;
  } else if (who === 'engine') {
    view.status.textContent = `${side} (engine) is thinking…`;
  } else {
    const you = settings.mode === 'human-human' ? '' : ' (you)';
    view.status.textContent = `${side}${you} to move.`;
  }
}

function renderActivity() {
  const text = {
    move: 'Engine: choosing a move',
    hints: 'Engine: scoring every move for hints',
    ahead: `Engine: thinking ahead on your time${ahead ? ` (expects ${ahead.predicted})` : ''}`,
    analysis: 'Engine: analysing the game',
  }[activity];
  if (engine !== null) {
    const offline = navigator.onLine === false ? ' · offline' : '';
    const ready = `Engine ready${metrics.engineReadyMs ? ` (first answer in ${metrics.engineReadyMs} ms)` : ''}`;
    view.engineState.textContent = engineTrouble ?? (text ?? ready) + offline;
  }
  view.moveNow.disabled = activity !== 'move';
  view.board.classList.toggle('thinking', activity === 'move');
  view.analyse.hidden = analysis !== null;
  view.analyseStop.hidden = analysis === null;
  view.progress.hidden = analysis === null;
}

let graph = null;
function renderGraph() {
  const scores = record.positions.map((position) => evals.get(position)?.black);
  graph = drawGraph(view.graph, scores, record.moves.length, record.cursor);
}

function render() {
  const state = record.state;
  renderBoard(state);
  renderStatus(state);
  const scores = record.positions.map((position) => evals.get(position));
  renderMoveList(view.moves, record, moveLosses(record, scores));
  renderGraph();
  renderActivity();
  view.undo.disabled = !record.canUndo || setup !== null;
  view.redo.disabled = !record.canRedo || setup !== null;
  view.go.hidden = !(paused && isEngineTurn(state)) || setup !== null;
  view.moveTime.disabled = !levelById(settings.level).timed;
  view.setupPanel.hidden = setup === null;
  view.setup.hidden = setup !== null;
}

// ---------------------------------------------------------------- record: paste, copy, set-up

function message(text, kind) {
  view.recordMessage.textContent = text;
  view.recordMessage.className = `message ${kind}`;
}

function loadPasted() {
  const text = view.recordText.value.trim();
  if (text === '') {
    message('Nothing to load: paste a transcript, an OBF line or a GGF record first.', 'error');
    return;
  }
  let loaded;
  try {
    loaded = GameRecord.parse(text);
  } catch (error) {
    message(`Not loaded: ${error.message}. The game on the board is unchanged.`, 'error');
    return;
  }
  stopAnalysis();
  record = loaded;
  gameSeed = newGameSeed();
  hints = null;
  paused = isEngineTurn();
  message(`Loaded ${record.moves.length} moves.`, 'ok');
  announce('');
  update();
}

async function copy(kind) {
  let text;
  if (kind === 'transcript') {
    text = record.transcript();
    if (text === null) {
      message('A transcript needs the standard start position: copy GGF or OBF instead.', 'error');
      return;
    }
  } else if (kind === 'obf') {
    text = record.position;
  } else {
    text = record.ggf();
  }
  view.recordText.value = text;
  view.recordText.select();
  try {
    await navigator.clipboard.writeText(text);
    message(`Copied as ${kind === 'obf' ? 'OBF' : kind === 'ggf' ? 'GGF' : 'a transcript'}.`, 'ok');
  } catch {
    message('Shown above, selected (the browser did not allow copying to the clipboard).', 'ok');
  }
}

function startSetup() {
  stopAnalysis();
  setup = { board: [...record.state.board], side: record.position.endsWith('X') ? 'X' : 'O' };
  view.setupSide.value = setup.side;
  idle();
  update();
}

function finishSetup(use) {
  if (use) {
    const position = `${setup.board.join('')} ${view.setupSide.value}`;
    try {
      const candidate = new GameRecord(position);
      setup = null;
      record = candidate;
      gameSeed = newGameSeed();
      hints = null;
      paused = isEngineTurn();
      message('Position set up.', 'ok');
    } catch (error) {
      message(`Not used: ${error.message}.`, 'error');
      return;
    }
  } else {
    setup = null;
  }
  update();
}

// ---------------------------------------------------------------- storage

function save() {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ game: record.toJSON(), settings, paused }));
  } catch {
    // Storage full or disabled: the game still works, it is only not kept.
  }
  saveScores();
}

/** Keeps the scores of the current game's positions (those only, so the stored data stays small). */
function saveScores() {
  const scores = {};
  let count = 0;
  for (const position of new Set(record.positions)) {
    const entry = evals.get(position);
    if (entry === undefined || count >= MAX_STORED_SCORES) continue;
    scores[position] = entry;
    count += 1;
  }
  try {
    localStorage.setItem(ANALYSIS_KEY, JSON.stringify({ limits: GAME_ANALYSIS_LIMITS, scores }));
  } catch {
    // As for the game: the scores are only not kept.
  }
}

/**
 * Reads the scores kept for the current game's positions back into `evals`.
 * Anything unreadable (corrupt, another format) is ignored, entry by entry;
 * scores analysed at other limits are kept for the graph but analysed again.
 */
function restoreScores() {
  let saved;
  try {
    saved = JSON.parse(localStorage.getItem(ANALYSIS_KEY) ?? 'null');
  } catch {
    return;
  }
  const scores = saved?.scores;
  if (scores === null || typeof scores !== 'object' || Array.isArray(scores)) return;
  const sameLimits = JSON.stringify(saved.limits) === JSON.stringify(GAME_ANALYSIS_LIMITS);
  const wholeNumber = (value, low, high) => Number.isInteger(value) && value >= low && value <= high;
  for (const position of new Set(record.positions)) {
    if (!Object.hasOwn(scores, position)) continue;
    const entry = scores[position];
    if (entry === null || typeof entry !== 'object' || !SCORE_KINDS.includes(entry.kind)
      || !wholeNumber(entry.black, -64, 64) || !wholeNumber(entry.depth, 0, 60)
      || !wholeNumber(entry.selectivity, 0, 100)) continue;
    const { black, kind, depth, selectivity } = entry;
    evals.set(position, { black, kind, depth, selectivity, ...(sameLimits && entry.analysed === true ? { analysed: true } : {}) });
  }
}

function restore() {
  let saved;
  try {
    saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
  } catch {
    saved = null;
  }
  if (saved?.settings) {
    for (const key of Object.keys(settings)) {
      if (typeof saved.settings[key] === typeof settings[key]) settings[key] = saved.settings[key];
    }
  }
  if (!MODES.includes(settings.mode)) settings.mode = MODES[0];
  if (!LEVELS.some((level) => level.id === settings.level)) settings.level = levelById().id;
  if (!MOVE_TIMES.includes(settings.moveTime)) settings.moveTime = 5;
  if (saved?.game) {
    try {
      record = GameRecord.fromJSON(saved.game);
      paused = Boolean(saved.paused);
      return;
    } catch (error) {
      message(`The saved game could not be read (${error.message}); a new game starts.`, 'error');
    }
  }
  record = new GameRecord();
}

// ---------------------------------------------------------------- controls

function bindControls() {
  for (const level of LEVELS) view.level.append(new Option(level.name, level.id));
  for (const seconds of MOVE_TIMES) view.moveTime.append(new Option(`${seconds} s`, String(seconds)));
  view.mode.value = settings.mode;
  view.level.value = settings.level;
  view.moveTime.value = String(settings.moveTime);
  view.showLegal.checked = settings.showLegal;
  view.hints.checked = settings.hints;
  view.thinkAhead.checked = settings.thinkAhead;
  const changed = (apply) => () => { apply(); update(); };
  view.mode.addEventListener('change', changed(() => { settings.mode = view.mode.value; paused = false; }));
  view.level.addEventListener('change', changed(() => { settings.level = view.level.value; }));
  view.moveTime.addEventListener('change', changed(() => { settings.moveTime = Number(view.moveTime.value); }));
  view.showLegal.addEventListener('change', changed(() => { settings.showLegal = view.showLegal.checked; }));
  view.hints.addEventListener('change', changed(() => { settings.hints = view.hints.checked; }));
  view.thinkAhead.addEventListener('change', changed(() => { settings.thinkAhead = view.thinkAhead.checked; }));
  view.undo.addEventListener('click', undo);
  view.redo.addEventListener('click', redo);
  view.moveNow.addEventListener('click', moveNow);
  view.go.addEventListener('click', () => {
    paused = false;
    announce('');
    update();
  });
  view.newGame.addEventListener('click', () => newGame());
  view.analyse.addEventListener('click', analyseGame);
  view.analyseStop.addEventListener('click', stopAnalysis);
  view.load.addEventListener('click', loadPasted);
  view.moves.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-ply]');
    if (!button || setup) return;
    record.jump(Number(button.dataset.ply));
    navigated();
  });
  view.graph.addEventListener('click', (event) => {
    if (!graph || setup) return;
    record.jump(graph.plyAt(event.clientX));
    navigated();
  });
  $('copy-transcript').addEventListener('click', () => copy('transcript'));
  $('copy-obf').addEventListener('click', () => copy('obf'));
  $('copy-ggf').addEventListener('click', () => copy('ggf'));
  view.setup.addEventListener('click', startSetup);
  $('setup-done').addEventListener('click', () => finishSetup(true));
  $('setup-cancel').addEventListener('click', () => finishSetup(false));
  $('setup-clear').addEventListener('click', () => { setup.board = Array(64).fill('-'); render(); });
  $('setup-start').addEventListener('click', () => { setup.board = [...START.slice(0, 64)]; view.setupSide.value = 'X'; render(); });
  document.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest?.('input, textarea, select')) return;
    // Set-up mode edits a board of its own: the record's keys wait.
    if (setup !== null) return;
    const key = event.key.toLowerCase();
    if (key === 'u') undo();
    else if (key === 'r') redo();
    else if (key === 'm') moveNow();
  });
}

// ---------------------------------------------------------------- start

function startEngine(module) {
  // The worker gets the module compiled here: one download, one compilation.
  engine = new Engine({ wasm: module });
  engine.addEventListener('trouble', (event) => {
    const { type, message: detail } = event.detail;
    const what = type === 'crash' ? 'The engine crashed' : type === 'hung' ? 'The engine stopped answering' : 'The engine was restarted';
    announce(`${what}; a new engine was started and the game goes on.`);
    console.warn(`engine ${type}: ${detail}`);
  });
  const started = performance.now();
  engine.client.legalMoves('').then(() => {
    metrics.engineReadyMs = Math.round(performance.now() - started);
    renderActivity();
  }, (error) => {
    engineTrouble = `Engine error: ${error.message}`;
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

/** Loads the engine's wasm once: compiled here for the rules, handed to the worker for the search. */
async function loadWasm() {
  const url = new URL('./pkg/wasm/othello_bg.wasm', import.meta.url);
  try {
    return await WebAssembly.compileStreaming(fetch(url));
  } catch {
    // A server that sends the wasm with another content type.
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url.pathname}: ${response.status} ${response.statusText}`);
    return WebAssembly.compile(await response.arrayBuffer());
  }
}

try {
  const wasmModule = await loadWasm();
  await init(wasmModule);
  boardView = new BoardView(view.frame, view.board, clickSquare);
  restore();
  restoreScores();
  bindControls();
  startEngine(wasmModule);
  update();
  registerServiceWorker();
} catch (error) {
  view.status.textContent = `The engine could not be loaded: ${error.message}`;
  view.engineState.textContent = 'Engine unavailable';
  throw error;
}
/** For tests and the curious: the page's state. */
window.othelloPage = {
  get record() { return record; },
  get engine() { return engine; },
  get activity() { return activity; },
  get ahead() { return ahead; },
  get evals() { return evals; },
  metrics,
  settings,
};
