// The engine's side of the page: it starts the engine (engine.js, the
// package's worker) and its scheduler (scheduler.js), answers the
// scheduler (the engine's move is played, hints and search scores are kept,
// the search in progress is shown in the engine panel, a failed move makes
// the game wait), says what the engine is doing in the header's line, and
// says when the engine failed or restarted.
import { errorText } from './error-text.js';
import { BOARD_LEVELS } from './levels.js';
import { status } from './board-kind.js';
import { Engine } from './engine.js';
import { EngineScheduler } from './scheduler.js';
import { sideScore } from './score-text.js';
import { saveAnalysis } from './storage.js';
import { t } from './i18n.js';
import { scoreBoard } from './players.js';

/**
 * @typedef {object} EngineTurnParts
 * @property {import('./page-game.js').PageGame} game
 * @property {import('./settings.js').Settings} settings
 * @property {import('./analysis.js').AnalysisStore} store
 * @property {import('./players.js').Players} players
 * @property {import('./thinking.js').ThinkingPanel} thinking
 * @property {Record<string, any>} metrics what the page measured, for tests and the curious
 * @property {{ engineState: HTMLElement, moveNow: HTMLButtonElement, go: HTMLElement, analyse: HTMLElement,
 *   analyseStop: HTMLElement, progress: HTMLElement }} elements the header's line about the engine, the buttons
 *   "Move now" and Go, the whole-game analysis' buttons and progress bar
 * @property {(text: string, keep?: boolean) => void} announce says `text` in the announcement line
 */

/**
 * What the engine's side asks of the rest of the page.
 * @typedef {object} EngineTurnHooks
 * @property {(move: string, byEngine: boolean) => void} playMove plays a move on the board
 * @property {(side: 'black' | 'white') => object | null} clockLimits the engine's limits on the clock, or null
 * @property {() => void} showKnown shows in the engine panel what is known of the position on the board
 * @property {() => void} redraw draws the page from its state
 * @property {() => void} save saves the game and the settings
 * @property {() => void} syncClock runs or stops the clock for the game's state
 * @property {(busy: boolean) => void} setBusy marks the board busy while the engine searches its move
 */

export class EngineTurn {
  /**
   * @param {EngineTurnParts} parts
   * @param {EngineTurnHooks} hooks
   */
  constructor({ game, settings, store, players, thinking, metrics, elements, announce }, hooks) {
    this.game = game;
    this.settings = settings;
    this.store = store;
    this.players = players;
    this.thinking = thinking;
    this.metrics = metrics;
    this.elements = elements;
    this.announce = announce;
    this.hooks = hooks;
    /** @type {Engine | null} the engine, once started */
    this.engine = null;
    /** @type {EngineScheduler | null} what the engine does for the page, once started */
    this.scheduler = null;
  }

  /** "Move now" plays the engine's best move so far; the line follows the network's state. */
  bind() {
    this.elements.moveNow.addEventListener('click', () => this.scheduler.moveNow());
    window.addEventListener('online', () => this.renderActivity());
    window.addEventListener('offline', () => this.renderActivity());
  }

  /**
   * Starts the engine's worker and the scheduler, with the engine's compiled module in `options`.
   * @param {object} options
   */
  start(options) {
    const { metrics, thinking } = this;
    // The worker gets the module compiled here: one download, one compilation.
    const engine = new Engine(options);
    this.engine = engine;
    // Each worker (a new one after a crash too) says what threads it searches on.
    engine.client.addEventListener('ready', (event) => {
      metrics.threads = event.detail;
      thinking.showThreads(event.detail);
    });
    this.scheduler = new EngineScheduler(engine, this.host());
    engine.addEventListener('trouble', (event) => {
      const { type, message: detail } = /** @type {CustomEvent} */ (event).detail;
      this.announce(type === 'crash' ? t('flow.crashed') : type === 'hung' ? t('flow.hung') : t('flow.restarted'));
      console.warn(`engine ${type}: ${detail}`);
    });
    const started = performance.now();
    engine.client.legalMoves('').then(() => {
      metrics.engineReadyMs = Math.round(performance.now() - started);
      thinking.showReady(metrics.engineReadyMs);
      this.renderActivity();
    }, (error) => {
      this.scheduler.trouble = t('flow.engineError', { message: errorText(error) });
      // The board keeps working (its rules run on the page); the engine is tried again on its next job.
      this.announce(t('flow.notStarted'));
      this.renderActivity();
    });
  }

  /** The page as the scheduler sees it (scheduler.js: its `host`). */
  host() {
    const { game, settings, store, players, thinking, hooks } = this;
    const turn = this;
    return {
      get record() { return game.record; },
      get paused() { return game.paused; },
      get blocked() { return game.setup !== null || game.trainer !== null; },
      // A game ended off the board (on time, by resignation) gives the engine nothing to do.
      get flagged() { return Boolean(game.clock?.flagged) || players.ending() !== null; },
      get gameSeed() { return game.seed; },
      settings,
      get level() { return players.level(); },
      get hintLimits() { return BOARD_LEVELS[game.record.kind.id].hints; },
      players: () => players.sides(),
      isEngineTurn: (state) => players.isEngineTurn(state),
      clockLimits: hooks.clockLimits,
      playEngineMove(position, report) {
        // The 96-square agent on the clock: what its time manager learned goes back with its next move.
        if (report.clockMemory !== undefined) game.clockMemory[status(position).toMove] = report.clockMemory;
        hooks.playMove(report.best, true);
      },
      noteSearch(position, report) { store.noteSearch(position, report); },
      hintsReady(position, moves) {
        store.noteList(position, moves);
        if (position === game.record.position) hooks.showKnown();
        hooks.redraw();
        saveAnalysis(store, game.record.positions);
        turn.scheduler.schedule();
        document.dispatchEvent(new CustomEvent('othello:hints'));
      },
      changed() { turn.renderActivity(); },
      progress(report) {
        const kind = game.record.kind;
        const black = turn.scheduler.thinkingSide === kind.sides.black ? report.score : -report.score;
        thinking.show(report, sideScore(black, report.kind, scoreBoard(kind)), turn.scheduler.startedAt);
      },
      clearProgress() { thinking.clear(); },
      moveFailed() {
        game.paused = true;
        turn.announce(t('flow.moveFailed', { button: turn.elements.go.textContent }));
        // The engine's time stops while the game waits for the player.
        hooks.syncClock();
        hooks.redraw();
        hooks.save();
      },
    };
  }

  /** The header's line about the engine (what it does, its trouble, offline), and what depends on its job. */
  renderActivity() {
    const { scheduler, elements, game } = this;
    if (!scheduler) return;
    const state = scheduler.state;
    const ahead = scheduler.ahead;
    const text = {
      move: () => t('flow.activityMove'),
      hints: () => t('flow.activityHints'),
      // The expected reply is the engine's best move for the player: shown only with hints on.
      ahead: () => (ahead && this.settings.hints
        ? t('flow.activityAheadExpects', { move: ahead.predicted }) : t('flow.activityAhead')),
      analysis: () => t('flow.activityAnalysis'),
      lines: () => t('flow.activityLines'),
      solve: () => t('flow.activitySolve'),
    }[state]?.();
    if (this.engine !== null) {
      const shown = text ?? t('engine.stateReady');
      const offline = navigator.onLine === false;
      elements.engineState.textContent = scheduler.trouble ?? (offline ? t('flow.offline', { state: shown }) : shown);
    }
    elements.moveNow.disabled = state !== 'move';
    this.hooks.setBusy(state === 'move');
    // A search on the clock that reports only when its move is chosen (the 96-square agent): said so.
    if (state === 'move' && game.clock && !game.record.kind.features.clockProgress) {
      this.thinking.say(t('flow.agentDepths'));
    }
    elements.analyse.hidden = game.analysis !== null || !game.record.kind.features.gameAnalysis;
    elements.analyseStop.hidden = game.analysis === null;
    elements.progress.hidden = game.analysis === null;
  }
}
