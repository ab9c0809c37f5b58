// The new-game dialog: the board (8x8 Othello or the 96-square board of the
// CS 221 report), colour, opponent (that board's levels, weakest first, each
// with its one-line description), time control and the time per move (8x8;
// on the 96-square board the clock comes with its clock level). It asks
// before a game in progress is replaced (and says where that game goes).
import { BOARD_LEVELS, MOVE_TIMES, TIME_CONTROLS, chosenLevel, levelOn, moveTimeName } from './levels.js';
import { boardKindById } from './board-kind.js';
import { t } from './i18n.js';

const SWITCHED = { 'human-engine': 'engine-human', 'engine-human': 'human-engine' };

export class NewGameDialog {
  /**
   * `dialog` is the <dialog> element; `onStart(choice)` receives
   * `{ board, mode, level, timeControl, moveTime }` when the player starts a game.
   */
  constructor(dialog, onStart) {
    this.dialog = dialog;
    const $ = (selector) => dialog.querySelector(selector);
    this.level = $('#new-level');
    this.about = $('#new-level-about');
    this.timeControl = $('#new-time-control');
    this.moveTime = $('#new-move-time');
    this.warning = $('#new-game-warning');
    this.clockChoice = $('#new-time-control-label');
    this.moveTimeChoice = $('#new-move-time-label');
    this.moveTimeText = $('#new-move-time-text');
    this.settings = null;
    this.level.addEventListener('change', () => {
      this.about.textContent = levelOn(this.board, this.level.value).about;
      this.#showMoveTime();
    });
    this.timeControl.addEventListener('change', () => this.#showMoveTime());
    for (const radio of dialog.querySelectorAll('input[name="board"]')) {
      radio.addEventListener('change', () => this.#showBoard(Number(radio.value)));
    }
    dialog.addEventListener('close', () => {
      const choice = dialog.returnValue;
      if (choice !== 'start' && choice !== 'switch') return;
      let mode = dialog.querySelector('input[name="colour"]:checked')?.value;
      if (choice === 'switch') mode = SWITCHED[mode] ?? mode;
      onStart({
        board: this.board, mode, level: this.level.value, timeControl: this.timeControl.value, moveTime: Number(this.moveTime.value),
      });
    });
  }

  /** The board chosen: 8 or 96. */
  get board() {
    return Number(this.dialog.querySelector('input[name="board"]:checked')?.value ?? 8);
  }

  /** Shows the choices of board `boardId`: its levels (the one `settings` chose), its sides' names, its clocks. */
  #showBoard(boardId) {
    for (const radio of this.dialog.querySelectorAll('input[name="board"]')) radio.checked = Number(radio.value) === boardId;
    const { levels } = BOARD_LEVELS[boardId];
    this.level.replaceChildren(...levels.map((level, index) => new Option(`${index + 1} · ${level.name}`, level.id)));
    const level = chosenLevel(this.settings, boardId);
    this.level.value = level.id;
    this.about.textContent = level.about;
    const kind = boardKindById(boardId);
    for (const name of this.dialog.querySelectorAll('.first-side')) name.textContent = kind.sides.black;
    // The 96-square board's clock is its clock level's.
    this.clockChoice.hidden = !kind.features.timeControls;
    this.#showMoveTime();
  }

  /**
   * The time per move is asked only where it is used: for a timed level (Master) on a board with time
   * controls, without a clock; it names that level.
   */
  #showMoveTime() {
    const level = levelOn(this.board, this.level.value);
    const kind = boardKindById(this.board);
    this.moveTimeChoice.hidden = !kind.features.timeControls || !level.timed || this.timeControl.value !== 'none';
    this.moveTimeText.textContent = t('dialog.moveTimeFor', { level: level.name });
  }

  /**
   * Opens the dialog on `settings` and the board `boardId` of the game on the
   * page; `movesInProgress` > 0 says that game will be kept.
   */
  open(settings, movesInProgress, boardId = 8) {
    this.settings = settings;
    // Filled at each opening, in the language shown.
    this.timeControl.replaceChildren(...TIME_CONTROLS.map((control) => new Option(control.name, control.id)));
    this.moveTime.replaceChildren(...MOVE_TIMES.map((seconds) => new Option(moveTimeName(seconds), String(seconds))));
    this.warning.textContent = movesInProgress > 0 ? t('newGame.kept', { count: movesInProgress }) : '';
    for (const radio of this.dialog.querySelectorAll('input[name="colour"]')) radio.checked = radio.value === settings.mode;
    this.#showBoard(boardId);
    this.timeControl.value = settings.timeControl;
    this.moveTime.value = String(settings.moveTime);
    this.#showMoveTime();
    this.dialog.returnValue = '';
    this.dialog.showModal();
  }
}
