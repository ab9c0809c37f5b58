// The new-game dialog: colour, opponent (weakest first, each with its
// one-line description), time control and the time per move. It asks before
// a game in progress is replaced (and says where that game goes).
import { LEVELS, MOVE_TIMES, TIME_CONTROLS, levelById } from './levels.js';

const SWITCHED = { 'human-engine': 'engine-human', 'engine-human': 'human-engine' };

export class NewGameDialog {
  /**
   * `dialog` is the <dialog> element; `onStart(choice)` receives
   * `{ mode, level, timeControl, moveTime }` when the player starts a game.
   */
  constructor(dialog, onStart) {
    this.dialog = dialog;
    const $ = (selector) => dialog.querySelector(selector);
    this.level = $('#new-level');
    this.about = $('#new-level-about');
    this.timeControl = $('#new-time-control');
    this.moveTime = $('#new-move-time');
    this.warning = $('#new-game-warning');
    this.level.replaceChildren(...LEVELS.map((level, index) => new Option(`${index + 1} · ${level.name}`, level.id)));
    this.timeControl.replaceChildren(...TIME_CONTROLS.map((control) => new Option(control.name, control.id)));
    this.moveTime.replaceChildren(...MOVE_TIMES.map((seconds) => new Option(`${seconds} s`, String(seconds))));
    this.level.addEventListener('change', () => { this.about.textContent = levelById(this.level.value).about; });
    dialog.addEventListener('close', () => {
      const choice = dialog.returnValue;
      if (choice !== 'start' && choice !== 'switch') return;
      let mode = dialog.querySelector('input[name="colour"]:checked')?.value;
      if (choice === 'switch') mode = SWITCHED[mode] ?? mode;
      onStart({ mode, level: this.level.value, timeControl: this.timeControl.value, moveTime: Number(this.moveTime.value) });
    });
  }

  /** Opens the dialog on `settings`; `movesInProgress` > 0 says that game will be kept. */
  open(settings, movesInProgress) {
    this.warning.textContent = movesInProgress > 0
      ? `The game in progress (${movesInProgress} moves) will be kept under “Previous games”.`
      : '';
    for (const radio of this.dialog.querySelectorAll('input[name="colour"]')) radio.checked = radio.value === settings.mode;
    this.level.value = settings.level;
    this.about.textContent = levelById(settings.level).about;
    this.timeControl.value = settings.timeControl;
    this.moveTime.value = String(settings.moveTime);
    this.dialog.returnValue = '';
    this.dialog.showModal();
  }
}
