// The analysis of the whole game, asked for by the player: every position
// of the game is searched in turn (analysis.js), the graph, the review line
// and the move list marks filling in as it goes, the progress bar
// following; the player may stop it, and a move played on the board stops
// it. The engine's scheduler gives the engine over to it meanwhile.
import { errorText } from './error-text.js';
import { status } from './board-kind.js';
import { t } from './i18n.js';
import { analysePositions } from './analysis.js';
import { sideScore } from './score-text.js';
import { saveAnalysis } from './storage.js';
import { scoreBoard } from './players.js';

/**
 * @typedef {object} AnalysisParts
 * @property {import('./page-game.js').PageGame} game
 * @property {import('./analysis.js').AnalysisStore} store
 * @property {import('./thinking.js').ThinkingPanel} thinking
 * @property {Record<string, any>} metrics what the page measured, for tests and the curious
 * @property {import('./engine-turn.js').EngineTurn} engineTurn the engine and its scheduler
 * @property {{ analyse: HTMLElement, analyseStop: HTMLElement, progress: HTMLProgressElement }} elements the
 *   buttons that start and stop the analysis, its progress bar
 * @property {(text: string, keep?: boolean) => void} announce says `text` in the announcement line
 */

/**
 * What the analysis asks of the rest of the page.
 * @typedef {object} AnalysisHooks
 * @property {() => void} syncClock runs or stops the clock for the game's state
 * @property {() => void} redraw draws the page from its state
 * @property {() => void} renderPosition draws what a position analysed changes: the graph, the review, the moves
 * @property {() => void} update brings the page along after a change
 */

export class WholeGameAnalysis {
  /**
   * @param {AnalysisParts} parts
   * @param {AnalysisHooks} hooks
   */
  constructor({ game, store, thinking, metrics, engineTurn, elements, announce }, hooks) {
    this.game = game;
    this.store = store;
    this.thinking = thinking;
    this.metrics = metrics;
    this.engineTurn = engineTurn;
    this.elements = elements;
    this.announce = announce;
    this.hooks = hooks;
  }

  /** The buttons that start and stop it. */
  bind() {
    this.elements.analyse.addEventListener('click', () => this.analyse());
    this.elements.analyseStop.addEventListener('click', () => this.stop());
  }

  /** Analyses every position of the game on the board, unless one runs or its board offers none. */
  async analyse() {
    const { game, store, elements, hooks } = this;
    const { engine, scheduler } = this.engineTurn;
    if (game.analysis !== null || engine === null || !game.record.kind.features.gameAnalysis) return;
    const run = { stopped: false };
    game.analysis = run;
    game.resultSeen = true;
    await scheduler.beginAnalysis();
    hooks.syncClock();
    const positions = game.record.positions.slice();
    elements.progress.max = positions.length;
    elements.progress.value = 0;
    this.engineTurn.renderActivity();
    hooks.redraw();
    let counts = { searched: 0, skipped: 0, finished: false };
    let positionStarted = performance.now();
    try {
      counts = await analysePositions({
        engine, positions, store,
        onProgress: (report, position) => this.thinking.show(report, sideScore(
          status(position).toMove === 'black' ? report.score : -report.score, report.kind, scoreBoard(game.record.kind),
        ), positionStarted),
        onPosition: (ply) => {
          positionStarted = performance.now();
          elements.progress.value = ply + 1;
          hooks.renderPosition();
          saveAnalysis(store, game.record.positions);
        },
        stopped: () => run.stopped,
      });
      scheduler.trouble = null;
    } catch (error) {
      scheduler.trouble = t('flow.engineError', { message: errorText(error) });
    }
    this.metrics.analysis = { searched: counts.searched, skipped: counts.skipped };
    const finished = counts.finished && !run.stopped;
    game.analysis = null;
    scheduler.endAnalysis();
    this.announce(t(finished ? 'flow.analysed' : 'flow.analysisStopped'));
    hooks.update();
    document.dispatchEvent(new CustomEvent('othello:analysed', { detail: { finished } }));
  }

  /** Stops the analysis running, if one is. */
  stop() {
    if (this.game.analysis === null) return;
    this.game.analysis.stopped = true;
    this.engineTurn.engine.cancel();
  }
}
