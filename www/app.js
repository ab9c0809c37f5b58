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
//
// This file is the page's composition root: it creates the page's parts,
// each a module of its own, hands each what it needs, and starts them in
// order. The game controller (game-controller.js) changes the game; after
// each change it draws the page (render, below, asks each part in turn).
import { errorText } from './error-text.js';
import { chooseLanguage, t } from './i18n.js';
import { applyLanguage, browserLanguage } from './language.js';
import { hasSavedGame, savedSetting, watchPreviousGames } from './storage.js';
import { AnalysisStore } from './analysis.js';
import { ThinkingPanel } from './thinking.js';
import { AnalysisPanel } from './analysis-panel.js';
import { PreviousGamesList } from './previous-games.js';
import { NewGameDialog } from './new-game-dialog.js';
import { RecordPanel } from './record-panel.js';
import { loadEngine } from './engine-wasm.js';
import { pageElements } from './page-elements.js';
import { defaultSettings } from './settings.js';
import { newPageGame } from './page-game.js';
import { Players } from './players.js';
import { Announcements } from './announcements.js';
import { Notices } from './notices.js';
import { Saving } from './saving.js';
import { GameController } from './game-controller.js';
import { Timekeeper } from './timekeeper.js';
import { EngineTurn } from './engine-turn.js';
import { EvaluationView } from './evaluation.js';
import { WholeGameAnalysis } from './whole-game-analysis.js';
import { BoardPlay } from './board-play.js';
import { SideBoxes } from './side-boxes.js';
import { MovesPanel } from './moves-panel.js';
import { ResultCard } from './result-card.js';
import { ReviewMode } from './review-mode.js';
import { Resignation } from './resignation.js';
import { SettingsPanel } from './settings-panel.js';
import { GameLoading } from './game-loading.js';
import { Sharing } from './sharing.js';
import { SetupMode } from './setup-mode.js';
import { ExplorerPanel } from './explorer.js';
import { OpeningTrainer } from './opening-trainer.js';
import { EndgameTrainer } from './endgame-trainer.js';
import { bindKeys } from './keyboard.js';
import { UndoToast } from './undo-toast.js';

const view = pageElements();

/**
 * Creates the page's parts, wires them together and starts the page, the
 * engine's module loaded (`engineOptions`, from loadEngine).
 * @param {object} engineOptions
 * @param {string} shownLanguage the language the page is shown in already
 */
function startPage(engineOptions, shownLanguage) {
  const settings = defaultSettings();
  const game = newPageGame();
  const store = new AnalysisStore();
  /** What the page measured, for tests and the curious. */
  const metrics = {};
  const players = new Players(game, settings);
  const announcements = new Announcements(view.announce);
  /** @type {(text: string, keep?: boolean) => void} */
  const announce = (text, keep = false) => announcements.say(text, keep);
  const recordPanel = new RecordPanel(view.recordText, view.recordMessage);
  /** @type {(text: string, kind: string) => void} */
  const message = (text, kind) => recordPanel.message(text, kind);
  /** @type {PreviousGamesList | null} the list of previous games (previous-games.js), once made */
  let previousList = null;
  const renderPrevious = () => previousList?.render();
  // The parts call each other through these (each part made below, before any is called).
  const update = () => controller.update();
  const save = () => saving.save();
  const stopAnalysis = () => analysis.stop();
  const syncClock = () => timekeeper.sync();
  const showKnown = () => evaluation.showKnown();
  const scheduler = () => engineTurn.scheduler;

  const board = new BoardPlay({
    game, settings, players, elements: view, scheduler, announce, stopAnalysis, redraw: render,
    playMove: (move) => controller.playMove(move),
  });
  const thinking = new ThinkingPanel(view.thinking);
  const analysisPanel = new AnalysisPanel({ game, elements: view.analysisPanel });
  const notices = new Notices(view);
  const saving = new Saving({ game, settings, store, notices, players, renderPrevious });
  const controller = new GameController({ game, settings, store, players, announce, scheduler, buttons: view }, {
    redraw: render, save, syncClock, stopAnalysis, showKnown, renderPrevious, message,
    noteSaving: (failure) => saving.noteSaving(failure), syncControls: () => settingsPanel.sync(),
  });
  const timekeeper = new Timekeeper({
    game, settings, players, elements: view, announce, update, idleEngine: () => scheduler().idle(),
  });
  const engineTurn = new EngineTurn({ game, settings, store, players, thinking, metrics, elements: view, announce }, {
    save, syncClock, showKnown, redraw: render,
    playMove: (move, byEngine) => controller.playMove(move, byEngine),
    clockLimits: (side) => timekeeper.limits(side),
    setBusy: (busy) => board.view.setBusy(busy),
  });
  const evaluation = new EvaluationView({
    game, store, thinking, elements: view, jump: (ply) => controller.jump(ply), navigated: () => controller.navigated(),
  });
  const analysis = new WholeGameAnalysis({ game, store, thinking, metrics, engineTurn, elements: view, announce }, {
    syncClock, update, redraw: render,
    renderPosition: () => { evaluation.renderGraph(); evaluation.renderReview(); moves.render(); },
  });
  const sides = new SideBoxes(game, settings, players, view);
  const moves = new MovesPanel({
    game, settings, store, elements: view, jump: (ply) => controller.jump(ply), redraw: render, save,
    select: (id) => controller.select(id), fold: (id) => controller.fold(id), comment: (text) => controller.comment(text),
    promote: () => controller.promote(), canRemove: () => controller.canRemove(),
    remove: () => {
      const deletion = controller.remove();
      if (deletion) undoToast.offer(t('study.deleted', { count: deletion.count }), () => controller.restoreRemoved(deletion));
    },
  });
  const undoToast = new UndoToast(view.undoToast);
  const sharing = new Sharing({ game, settings, players, recordPanel, elements: view });
  const resultCard = new ResultCard({
    game, elements: view, redraw: render, analyse: () => analysis.analyse(), rematch: () => controller.rematch(),
    copy: (format) => sharing.copy(format),
  });
  const reviewMode = new ReviewMode({
    game, settings, players, elements: view, announce, update, syncControls: () => settingsPanel.sync(),
  });
  const resignation = new Resignation({
    game, settings, players, elements: view, announce, stopAnalysis, redraw: render, update,
    idleEngine: () => { scheduler().idle(); thinking.clear(); },
  });
  const settingsPanel = new SettingsPanel({ game, settings, players, elements: view, update, save, renderPrevious });
  const loading = new GameLoading({
    game, players, elements: view, message, announce, update, openLoaded: (loaded) => controller.openLoaded(loaded),
  });
  const setupMode = new SetupMode({
    game, elements: view, stopAnalysis, message, announce, redraw: render, update,
    idleEngine: () => { thinking.clear(); scheduler().idle(); },
    replaceGame: (record) => controller.replaceGame(record), settle: () => controller.settle(),
  });
  const explorer = new ExplorerPanel({
    game, panel: view.explorer, message, announce,
    openGame: (record, ply) => { controller.openLoaded(record); controller.jump(ply); },
  });
  const openingTrainer = new OpeningTrainer({
    game, settings, panel: view.openingTrainer, engine: () => engineTurn.engine, update, redraw: render,
    analyseLine: (record) => { controller.openLoaded(record); update(); },
    takeBoard: () => { game.setup = null; analysis.stop(); scheduler().idle(); thinking.clear(); announce(''); },
  });

  /** Draws the page from its state: each part in turn. */
  function render() {
    const state = game.record.state;
    // While a trainer has the board, the page describes its line (opening-trainer.js), not the game under it.
    document.body.classList.toggle('trainer-has-board', game.trainer !== null);
    board.render(state);
    sides.render(state);
    timekeeper.render();
    moves.render();
    evaluation.renderGraph();
    evaluation.renderReview();
    analysisPanel.render();
    engineTurn.renderActivity();
    // A finished game: the engine panel gives its result (no search is left to show).
    if (state.status === 'gameover' && scheduler()?.state === 'idle' && game.analysis === null) showKnown();
    resultCard.render();
    controller.renderButtons();
    reviewMode.render();
    resignation.render();
    settingsPanel.renderBoardChoices();
    timekeeper.renderTimeControl();
    setupMode.render();
    explorer.render();
    openingTrainer.render();
  }

  evaluation.watchWidth();
  saving.restore();
  // The language was applied from the saved settings before the engine loaded: again only if they say otherwise now.
  if (chooseLanguage(settings.language) !== shownLanguage) applyLanguage(settings.language);
  settingsPanel.applyTheme();
  const newGameDialog = new NewGameDialog(view.dialog, (choice) => controller.startChosenGame(choice));
  settingsPanel.bind();
  sharing.bind();
  loading.bind();
  notices.bind();
  undoToast.bind();
  controller.bind();
  engineTurn.bind();
  timekeeper.bind();
  reviewMode.bind();
  resignation.bind();
  moves.bind();
  view.newGame.addEventListener('click', () => controller.openNewGameDialog(newGameDialog));
  resultCard.bind();
  analysis.bind();
  evaluation.bind();
  setupMode.bind();
  explorer.bind();
  openingTrainer.bind();
  new EndgameTrainer({ panel: view.endgameTrainer }).bind();
  bindKeys({
    undo: () => controller.undo(), redo: () => controller.redo(), moveNow: () => scheduler().moveNow(),
    step: (delta) => controller.step(delta), variation: (delta) => controller.switchVariation(delta),
    lineEnd: (end) => controller.lineEnd(end), waiting: () => game.setup !== null || game.trainer !== null,
  });
  engineTurn.start(engineOptions);
  analysisPanel.bind();
  analysisPanel.attach(scheduler());
  previousList = new PreviousGamesList(view.previous, {
    open: (id) => controller.openPrevious(id), saved: save, blocked: () => game.setup !== null,
  });
  watchPreviousGames(renderPrevious);
  renderPrevious();
  update();
  openingTrainer.resume();
  loading.openSharedLink();
  timekeeper.start();
  registerServiceWorker();

  /** For tests and the curious: the page's state. */
  /** @type {Window & typeof globalThis & { othelloPage: object }} */ (window).othelloPage = {
    get record() { return game.record; },
    get engine() { return engineTurn.engine; },
    get activity() { return scheduler().state === 'idle' ? null : scheduler().state; },
    get ahead() { return scheduler().ahead; },
    get evals() { return store.scores; },
    get analyses() { return store.lists; },
    get clock() { return game.clock; },
    get clockMemory() { return game.clockMemory; },
    get metrics() { return { ...metrics, ...scheduler().metrics }; },
    get openingTrainer() { return openingTrainer; },
    settings,
  };
}

/** Offline support (sw.js), where the browser offers it to this page. */
function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register('./sw.js').catch((error) => {
    console.warn(`offline support unavailable: ${error.message}`);
  });
}

// The player's language from the first paint, before the engine (and with it the saved game) has loaded.
const shownLanguage = applyLanguage(savedSetting('language') ?? browserLanguage());

try {
  startPage(await loadEngine(), shownLanguage);
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
