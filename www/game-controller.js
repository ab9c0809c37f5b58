// The game controller: every change to the page's game goes through here.
// Moves played on the board or by the engine, passes (played at once, and
// announced), moving through the record, undo and redo, and replacing the
// game on the board (a new game, a loaded, set-up or reopened one; the game
// replaced is kept in "Previous games"). After each change `update()`
// brings the rest of the page along: the clock, the drawing, storage, then
// the engine's next job.
import { BOARD_8, boardKindById, status } from './board-kind.js';
import { t } from './i18n.js';
import { BOARD_LEVELS, MOVE_TIMES, levelOn, timeControlById } from './levels.js';
import { GameClock } from './clock.js';
import { GameRecord } from './record.js';
import { recordResult } from './record-panel.js';
import { keepPreviousGame, loadAnalysis, takePreviousGame } from './storage.js';
import { keptComment } from './game-tree.js';
import { click as clickSound } from './sound.js';
import { MODES } from './settings.js';
import { newGameSeed } from './page-game.js';

/** @typedef {'black' | 'white'} Color */

/**
 * @typedef {object} ControllerParts
 * @property {import('./page-game.js').PageGame} game
 * @property {import('./settings.js').Settings} settings
 * @property {import('./analysis.js').AnalysisStore} store
 * @property {import('./players.js').Players} players
 * @property {(text: string, keep?: boolean) => void} announce says `text` in the announcement line
 * @property {() => import('./scheduler.js').EngineScheduler | null} scheduler the engine's scheduler, once started
 * @property {{ undo: HTMLButtonElement, redo: HTMLButtonElement, go: HTMLElement, playOn: HTMLElement }} buttons
 *   the buttons that play through the game: undo, redo, Go (the engine waits to be asked), play on after a flag
 */

/**
 * What the controller asks of the rest of the page.
 * @typedef {object} ControllerHooks
 * @property {() => void} redraw draws the page from its state
 * @property {() => void} save saves the game and the settings
 * @property {(failure: string | null) => void} noteSaving says whether saving works, after a write
 * @property {() => void} syncClock runs or stops the clock for the game's state
 * @property {() => void} stopAnalysis stops the whole-game analysis, if one runs
 * @property {() => void} showKnown shows in the engine panel what is known of the position on the board
 * @property {() => void} renderPrevious draws the list of previous games again
 * @property {(text: string, kind: string) => void} message the record panel's message line
 * @property {() => void} syncControls shows the settings in the settings panel
 */

export class GameController {
  /**
   * @param {ControllerParts} parts
   * @param {ControllerHooks} hooks
   */
  constructor({ game, settings, store, players, announce, scheduler, buttons }, hooks) {
    this.game = game;
    this.settings = settings;
    this.store = store;
    this.players = players;
    this.announce = announce;
    this.scheduler = scheduler;
    this.buttons = buttons;
    this.hooks = hooks;
  }

  /** Undo, redo and Go play through the game. */
  bind() {
    const { undo, redo, go } = this.buttons;
    undo.addEventListener('click', () => this.undo());
    redo.addEventListener('click', () => this.redo());
    go.addEventListener('click', () => {
      this.game.paused = false;
      this.game.turnStarted = performance.now();
      this.announce('');
      this.update();
    });
  }

  /** Called after every change: passes, clock, board, panels, storage, then the engine. */
  update() {
    this.autoPass();
    this.hooks.syncClock();
    this.hooks.redraw();
    this.hooks.save();
    this.scheduler()?.schedule();
    document.dispatchEvent(new CustomEvent('othello:update'));
  }

  /** A side with no legal move passes at once (announced); only at the end of the line on the board. */
  autoPass() {
    const { game, players } = this;
    const record = game.record;
    if (game.setup !== null || record.cursor !== record.moves.length || players.ending() !== null) return;
    const state = record.state;
    if (state.status !== 'pass') return;
    const branch = players.analysing();
    if (record.atMainEnd && !branch) game.clock?.moved(state.toMove, performance.now());
    record.play('pa', null, { branch });
    this.announce(t('flow.passes', { side: this.players.sideName(state.toMove) }), true);
  }

  /**
   * Plays `move` at the cursor; `byEngine`: announced, and the player's
   * announcements stay. A game analysed (under review, or over) gets a
   * variation where the move leaves its line; a game being played is played
   * on from the board (record.js).
   * @param {string} move
   * @param {boolean} [byEngine]
   */
  playMove(move, byEngine = false) {
    const { game, players } = this;
    const record = game.record;
    const mover = record.state.toMove;
    const now = performance.now();
    const branch = players.analysing();
    if (game.clock && record.atMainEnd && !branch) game.clock.moved(mover, now);
    record.play(move, game.turnStarted === null ? null : Math.round(now - game.turnStarted), { branch });
    game.turnStarted = now;
    this.scheduler().hints = null;
    if (!players.isEngineTurn()) game.paused = false;
    const side = players.sideName(mover);
    const said = move === 'pa' ? t('flow.playsPass', { side }) : t('flow.plays', { side, move });
    this.announce(byEngine ? said : '', byEngine);
    game.animate = true;
    if (this.settings.sound && move !== 'pa') clickSound();
    if (record.state.status === 'gameover' && record.onMainLine) game.resultSeen = false;
    this.update();
    document.dispatchEvent(new CustomEvent('othello:played', { detail: { move } }));
  }

  /** After moving through the record the engine waits until asked to play. */
  navigated() {
    const { game } = this;
    this.scheduler().hints = null;
    game.turnStarted = performance.now();
    game.paused = this.players.isEngineTurn();
    this.hooks.showKnown();
    this.announce('');
    this.update();
  }

  /**
   * Shows the board after `ply` plies of the record (not while a position is set up).
   * @param {number} ply
   */
  jump(ply) {
    if (this.game.setup) return;
    this.game.record.jump(ply);
    this.navigated();
  }

  /**
   * Shows the board after the move `id` of the game tree (game-tree.js), on
   * the line through it (not while a position is set up).
   * @param {number} id
   */
  select(id) {
    const node = this.game.record.node(id);
    if (this.game.setup || !node) return;
    this.game.record.select(node);
    this.navigated();
  }

  /**
   * One move back (`-1`) or forward (`1`) along the line on the board, past passes: the arrow keys.
   * @param {number} delta
   */
  step(delta) {
    const record = this.game.record;
    if (this.game.setup || (delta < 0 ? !record.canUndo : !record.canRedo)) return;
    if (delta < 0) record.undo();
    else record.redo();
    this.navigated();
  }

  /**
   * To the start (`false`) or the end (`true`) of the line on the board.
   * @param {boolean} end
   */
  lineEnd(end) {
    if (this.game.setup) return;
    this.game.record.jump(end ? this.game.record.moves.length : 0);
    this.navigated();
  }

  /**
   * To the previous (`-1`) or next (`1`) alternative of the move on the board
   * (the move played first from its position, then its variations), or of
   * the nearest move before it that has some.
   * @param {number} delta
   */
  switchVariation(delta) {
    const record = this.game.record;
    let node = record.current;
    while (node.parent !== null && node.parent.children.length < 2) node = node.parent;
    if (this.game.setup || node.parent === null) return;
    const siblings = node.parent.children;
    const next = siblings[siblings.indexOf(node) + delta];
    if (!next) return;
    record.select(next);
    this.navigated();
  }

  /**
   * Folds or unfolds the variation that starts with the move `id`; folding
   * the one the board is in shows the position it starts from, on the line
   * that goes on without it.
   * @param {number} id
   */
  fold(id) {
    const record = this.game.record;
    const node = record.node(id);
    if (!node || node.isMain || this.game.setup) return;
    node.collapsed = !node.collapsed;
    if (node.collapsed && record.current.path().includes(node)) {
      record.select(/** @type {import('./game-tree.js').MoveNode} */ (node.parent), true);
      this.navigated();
      return;
    }
    this.hooks.redraw();
    this.hooks.save();
  }

  /**
   * Sets the comment on the move on the board (on the start before any).
   * @param {string} text
   */
  comment(text) {
    if (this.game.setup) return;
    this.game.record.current.comment = keptComment(text);
    this.hooks.redraw();
    this.hooks.save();
  }

  /** Makes the line through the move on the board the main line: the game, in a game being played. */
  promote() {
    const record = this.game.record;
    if (this.game.setup || record.onMainLine) return;
    record.promote(record.current);
    this.navigated();
  }

  /** Whether the move on the board can be deleted: any move but the start, while no position is set up. */
  canRemove() {
    return this.game.setup === null && this.game.record.current.parent !== null;
  }

  /**
   * Deletes the move on the board and the moves after it; the board shows
   * the move before it. Returns what `restoreRemoved` needs to put them
   * back, and how many moves went; null when nothing was deleted.
   */
  remove() {
    if (!this.canRemove()) return null;
    const record = this.game.record;
    const count = [...record.current.nodes()].length;
    const removed = record.remove(record.current);
    this.navigated();
    return removed && { record, removed, count };
  }

  /**
   * Puts back moves deleted by `remove` (its answer), where the game on the
   * board is still the one they were deleted from: whether it did.
   * @param {{ record: GameRecord, removed: { node: any, index: number, end: any, cursor: number } }} deletion
   */
  restoreRemoved({ record, removed }) {
    if (record !== this.game.record || this.game.setup !== null || this.game.trainer !== null) return false;
    if (!record.restore(removed)) return false;
    this.navigated();
    return true;
  }

  /** Takes back the last move (in a game against the engine, back to the player's move). */
  undo() {
    const record = this.game.record;
    if (!record.canUndo || this.game.setup !== null || this.game.trainer !== null) return;
    record.undo();
    const engineSide = this.settings.mode === 'human-engine' || this.settings.mode === 'engine-human';
    while (engineSide && this.players.isEngineTurn() && record.canUndo) record.undo();
    this.navigated();
  }

  /** Plays again the move taken back (in a game against the engine, up to the player's next move). */
  redo() {
    const record = this.game.record;
    if (!record.canRedo || this.game.setup !== null || this.game.trainer !== null) return;
    record.redo();
    const engineSide = this.settings.mode === 'human-engine' || this.settings.mode === 'engine-human';
    while (engineSide && this.players.isEngineTurn() && record.canRedo) record.redo();
    this.navigated();
  }

  /** The buttons' state: undo and redo, Go while the engine waits, play on after a flag. */
  renderButtons() {
    const { game } = this;
    const record = game.record;
    const flagged = Boolean(game.clock?.flagged);
    this.buttons.undo.disabled = !record.canUndo || game.setup !== null || game.trainer !== null;
    this.buttons.redo.disabled = !record.canRedo || game.setup !== null || game.trainer !== null;
    const waits = game.paused && this.players.isEngineTurn(record.state);
    this.buttons.go.hidden = !waits || game.setup !== null || flagged;
    this.buttons.playOn.hidden = !flagged || game.setup !== null;
  }

  /**
   * A description of the game on the board for the list of previous games.
   * @returns {string}
   */
  gameTitle() {
    const record = this.game.record;
    const result = recordResult(record) || t('record.moveCount', { count: record.movesPlayed() });
    const date = new Date().toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    return `${date} · ${this.players.name('black')} – ${this.players.name('white')} · ${result}`;
  }

  /** The game on the board remembers who played it (before the players change for another game), as records name them. */
  keepNames() {
    this.game.record.names = { black: this.players.name('black'), white: this.players.name('white') };
  }

  /**
   * Replaces the game on the board by `record`; the old one, if played, is kept in "Previous games".
   * @param {GameRecord} record
   */
  replaceGame(record) {
    const { game, hooks } = this;
    hooks.stopAnalysis();
    // The game kept remembers who played it.
    this.keepNames();
    hooks.noteSaving(keepPreviousGame(game.record, this.gameTitle(), game.record.names));
    game.record = record;
    game.turnStarted = performance.now();
    game.confirmResign = false;
    hooks.message('', 'ok');
    game.clockMemory = { black: null, white: null };
    game.seed = newGameSeed();
    game.setup = null;
    // Another game on the board ends a trainer's line there.
    game.trainer = null;
    game.resultSeen = record.state.status === 'gameover';
    this.store.clear();
    loadAnalysis(this.store, record.allPositions());
    this.scheduler().forgetGame();
    hooks.showKnown();
    hooks.renderPrevious();
  }

  /**
   * A new game from the start of board `kind` (default: the board on the page)
   * with the current settings and time control; on the 96-square board the
   * clock level brings its own clock, for both sides.
   * @param {GameRecord['kind']} [kind]
   */
  newGame(kind = this.game.record.kind) {
    const { game } = this;
    this.replaceGame(new GameRecord(kind.start));
    const level = this.players.level();
    const control = kind.features.timeControls ? timeControlById(this.settings.timeControl) : null;
    game.clock = level.clockMinutes ? new GameClock(level.clockMinutes * 60_000, 0)
      : control?.minutes ? new GameClock(control.minutes * 60_000, control.increment * 1000) : null;
    game.paused = false;
    this.announce('');
    this.update();
  }

  /**
   * After a game was replaced (loaded, set up, reopened): a pass due at its
   * end is played, and the engine waits to be asked if it is its turn.
   */
  settle() {
    this.autoPass();
    this.game.paused = this.players.isEngineTurn();
  }

  /**
   * Puts `loaded` (a parsed record) on the board as a loaded game: the game
   * there is kept in "Previous games", the clock is gone, the engine waits.
   * @param {GameRecord} loaded
   */
  openLoaded(loaded) {
    // A loaded game is reviewed under its own players' names (or the sides'), until the player plays on from it.
    loaded.names ??= { ...loaded.kind.sides };
    this.replaceGame(loaded);
    this.game.clock = null;
    // A finished game shows its result.
    this.game.resultSeen = !loaded.finished;
    this.announce('');
    this.settle();
  }

  /**
   * Reopens the previous game `id`; the game on the board takes its place in the list.
   * @param {string} id
   */
  openPrevious(id) {
    const record = takePreviousGame(id);
    if (!record) return;
    this.replaceGame(record);
    this.game.clock = null;
    this.announce('');
    this.settle();
    this.hooks.message(t('record.opened', { count: record.movesPlayed() }), 'ok');
    this.update();
  }

  /**
   * Opens the new-game dialog, which asks first when a game in progress would be replaced.
   * @param {import('./new-game-dialog.js').NewGameDialog} dialog
   */
  openNewGameDialog(dialog) {
    const record = this.game.record;
    const over = status(record.finalPosition).status === 'gameover';
    dialog.open(this.settings, over || record.finished ? 0 : record.movesPlayed(), record.kind.id);
  }

  /**
   * The dialog's choice: the board and settings of the new game, which starts at once.
   * @param {{ board: number, mode: string, level: string, timeControl: string, moveTime: number }} choice
   */
  startChosenGame({ board, mode, level, timeControl, moveTime }) {
    const { settings } = this;
    const kind = boardKindById(board) ?? BOARD_8;
    this.keepNames();
    if (MODES.includes(mode)) settings.mode = mode;
    settings[BOARD_LEVELS[kind.id].setting] = levelOn(kind.id, level).id;
    if (timeControlById(timeControl)) settings.timeControl = timeControl;
    if (MOVE_TIMES.includes(moveTime)) settings.moveTime = moveTime;
    this.newGame(kind);
    this.hooks.syncControls();
  }

  /** A new game with the same players and time control. */
  rematch() {
    this.game.resultSeen = true;
    this.newGame();
  }
}
