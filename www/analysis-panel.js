// The analysis panel: with it on, the engine studies the position on the
// board (also one of the past positions under review): its best lines, 1 to
// 5 as the player chooses, each with its score and principal variation,
// deepening until the position changes or the player stops it, on every
// thread the page has; and Solve, an exact (or win/loss/draw) solve of the
// position with its progress. The scheduler (scheduler.js, states `lines`
// and `solve`) runs the engine for it; the panel shows only what belongs to
// the position on the board: a report or result of another position is
// dropped, and moving to another position empties the lines at once.
import { depthText, lineText } from './thinking.js';
import { language, t } from './i18n.js';
import { sideScore } from './score-text.js';
import { scoreBoard } from './players.js';

/** The lines shown until the player chooses (the panel offers 1 to LINES.max of pkg/limits.js). */
const DEFAULT_LINES = 3;

/**
 * @typedef {object} AnalysisLine
 * @property {string} move
 * @property {number} score for the side to move
 * @property {string} kind
 * @property {number} depth
 * @property {number} confidence
 * @property {string[]} pv
 */

/**
 * What the panel shows of one position's study.
 * @typedef {object} Shown
 * @property {string} position the position studied (an OBF line)
 * @property {'exact' | 'wld' | null} solve what a solve proves; null: the lines deepen
 * @property {AnalysisLine[]} lines the lines of the last completed iteration, best first
 * @property {{ depth: number, kind: string, confidence?: number, nodes: number, elapsedMs: number } | null} report
 *   the last report (the iteration in progress), or null before any
 * @property {'running' | 'done' | 'stopped'} state
 */

/**
 * @typedef {object} AnalysisPanelParts
 * @property {import('./page-game.js').PageGame} game
 * @property {{ panel: HTMLElement, toggle: HTMLButtonElement, body: HTMLElement, count: HTMLSelectElement,
 *   solve: HTMLButtonElement, solveKind: HTMLSelectElement, stop: HTMLButtonElement, status: HTMLElement,
 *   list: HTMLElement }} elements the panel's switch, choices, buttons, progress line and list
 */

export class AnalysisPanel {
  /** @param {AnalysisPanelParts} parts */
  constructor({ game, elements }) {
    this.game = game;
    this.elements = elements;
    /** Whether the player turned the analysis on. */
    this.on = false;
    /** How many lines the player wants. */
    this.count = DEFAULT_LINES;
    /** @type {{ position: string, kind: 'exact' | 'wld' } | null} a solve asked for in the position on the board */
    this.solveAsked = null;
    /** @type {Shown | null} */
    this.shown = null;
    /** @type {import('./scheduler.js').EngineScheduler | null} the engine's scheduler, once attached */
    this.scheduler = null;
  }

  /** The panel's controls: the switch, the number of lines, Solve and Stop. */
  bind() {
    const { toggle, count, solve, stop } = this.elements;
    count.replaceChildren(...[1, 2, 3, 4, 5].map((n) => new Option(String(n), String(n))));
    count.value = String(this.count);
    toggle.addEventListener('click', () => this.turn(!this.on));
    count.addEventListener('change', () => {
      this.count = Number(count.value);
      this.restart();
    });
    solve.addEventListener('click', () => {
      const kind = this.elements.solveKind.value === 'wld' ? 'wld' : 'exact';
      this.solveAsked = { position: this.game.record.position, kind };
      this.restart();
    });
    stop.addEventListener('click', () => this.scheduler?.stopStudy());
  }

  /**
   * Studies through `scheduler` from now on (it asks the panel what it wants).
   * @param {import('./scheduler.js').EngineScheduler} scheduler
   */
  attach(scheduler) {
    this.scheduler = scheduler;
    scheduler.study = this;
  }

  /**
   * Turns the analysis on or off.
   * @param {boolean} on
   */
  turn(on) {
    this.on = on;
    if (!on) this.solveAsked = null;
    this.restart();
  }

  /** Forgets what is shown and asks the scheduler for the study now wanted. */
  restart() {
    this.shown = null;
    this.render();
    this.scheduler?.studyChanged();
  }

  /**
   * What the panel wants the engine to do in `position` (the scheduler asks).
   * @param {string} position
   * @returns {{ lines: number, solve: 'exact' | 'wld' | null } | null}
   */
  wanted(position) {
    if (!this.on || !this.available() || position !== this.game.record.position) return null;
    const solve = this.solveAsked?.position === position ? this.solveAsked.kind : null;
    return { lines: this.count, solve };
  }

  /**
   * A report of the study of `position`; kept only while it is on the board.
   * @param {string} position
   * @param {any} report
   */
  progress(position, report) {
    if (!this.belongs(position)) return;
    const solve = this.wanted(position)?.solve ?? null;
    if (this.shown?.position !== position || this.shown.solve !== solve) {
      this.shown = { position, solve, lines: [], report: null, state: 'running' };
    }
    this.shown.report = report;
    if (Array.isArray(report.lines)) this.shown.lines = report.lines;
    this.render();
  }

  /**
   * The study of `position` ended with `lines` (stopped, or at its end).
   * @param {string} position
   * @param {AnalysisLine[]} lines
   */
  done(position, lines) {
    if (!this.belongs(position)) return;
    const solve = this.wanted(position)?.solve ?? null;
    if (this.shown?.position !== position) this.shown = { position, solve, lines, report: null, state: 'done' };
    this.shown.lines = lines;
    // Solved (the end of a live analysis too), or stopped with the lines of its last completed iteration.
    const solved = lines.length > 0 && (lines[0].kind === 'exact' || lines[0].kind === 'wld');
    this.shown.state = solved ? 'done' : 'stopped';
    this.render();
  }

  /**
   * Whether a study of `position` belongs on the panel now: the panel is on and the position is on the board.
   * @param {string} position
   */
  belongs(position) {
    return this.on && position === this.game.record.position;
  }

  /** Whether the engine is studying for the panel now. */
  studying() {
    return this.scheduler?.state === 'lines' || this.scheduler?.state === 'solve';
  }

  /** Whether the board on the page has lines to analyse (the 8x8 engine's). */
  available() {
    return this.game.record.kind.id === 8;
  }

  /** Draws the panel for the position on the board. */
  render() {
    const { toggle, body, stop, solve, status, list } = this.elements;
    const record = this.game.record;
    toggle.setAttribute('aria-pressed', String(this.on));
    body.hidden = !this.on;
    if (!this.on) return;
    const position = record.position;
    // Another position on the board: what was shown (or asked) for the old one goes at once.
    if (this.shown !== null && this.shown.position !== position) this.shown = null;
    if (this.solveAsked !== null && this.solveAsked.position !== position) this.solveAsked = null;
    const shown = this.shown;
    const studying = this.studying();
    stop.hidden = !(studying && shown?.state === 'running');
    const over = record.state.status === 'gameover';
    solve.disabled = !this.available() || over || (studying && shown?.solve !== null && shown?.state === 'running');
    list.dataset.position = shown?.position ?? '';
    status.textContent = this.statusText(shown, over);
    list.replaceChildren(...(shown?.lines ?? []).map((line) => this.lineItem(line)));
  }

  /**
   * The progress line: what the study of the position on the board is doing or found.
   * @param {Shown | null} shown
   * @param {boolean} over
   * @returns {string}
   */
  statusText(shown, over) {
    if (!this.available()) return t('lines.only8');
    if (over) return t('lines.gameOver');
    if (shown === null) return t(this.studying() ? 'lines.starting' : 'lines.waiting');
    const report = shown.report;
    const figures = {
      empties: this.game.record.state.empties,
      depth: report === null ? '–' : report.kind === 'depth' ? t('lines.depth', { depth: depthText(report) }) : depthText(report),
      nodes: report ? compact(report.nodes) : '–',
      seconds: report ? (report.elapsedMs / 1000).toFixed(1) : '–',
      threads: t('engine.threadCount', { count: this.scheduler?.engine.client.threads?.threads ?? 1 }),
      kind: t(shown.solve === 'wld' ? 'lines.wld' : 'lines.exact'),
    };
    if (shown.state === 'stopped') return t('lines.stopped', figures);
    if (shown.state === 'done') return t(shown.lines[0].kind === 'wld' ? 'lines.solvedWld' : 'lines.solved', figures);
    if (report === null) return t('lines.starting');
    return t(shown.solve === null ? 'lines.progress' : 'lines.solving', figures);
  }

  /**
   * One line of the list: its score in words (for the side it favours), its move and the line after it.
   * @param {AnalysisLine} line
   * @returns {HTMLLIElement}
   */
  lineItem(line) {
    const record = this.game.record;
    const black = record.state.toMove === 'black' ? line.score : -line.score;
    const item = document.createElement('li');
    item.className = 'line';
    item.dataset.move = line.move;
    item.dataset.score = String(line.score);
    item.dataset.kind = line.kind;
    item.dataset.pv = line.pv.join(' ');
    const score = document.createElement('span');
    score.className = 'line-score';
    score.textContent = sideScore(black, line.kind, scoreBoard(record.kind));
    const moves = document.createElement('span');
    moves.className = 'line-moves';
    const move = document.createElement('b');
    move.className = 'line-move';
    move.textContent = line.move;
    const rest = document.createElement('span');
    rest.className = 'line-pv';
    rest.textContent = lineText(line.pv.slice(1));
    moves.append(move, ' ', rest);
    item.append(score, moves);
    return item;
  }
}

/**
 * A count as the language shown writes it shortly: "1.2M", "120万".
 * @param {number} count
 * @returns {string}
 */
function compact(count) {
  return new Intl.NumberFormat(language(), { notation: 'compact', maximumFractionDigits: 1 }).format(count);
}
