// The endgame trainer's panel: the player chooses a difficulty (a band of
// empty squares), is shown an endgame of a tournament game on a board of the
// panel's own, with the side to move named, and clicks a move; every legal
// move's exact score (solved by the engine when the positions were made,
// endgame-positions.js) then stands on its square as a hint does, the move
// played marked, with the verdict: a best move, or how many discs it loses;
// then Next. The progress (endgame-progress.js) is kept between visits.
//
// Nothing is fetched until the panel is first opened: the positions file
// (about 200 kB) then, once.
import { BoardView } from './board-view.js';
import { t } from './i18n.js';
import { LANGUAGE_EVENT } from './language.js';
import { BANDS, POSITIONS_FILE, judge, positionsByBand } from './endgame-positions.js';
import { EndgameProgress } from './endgame-progress.js';

/**
 * @typedef {import('./endgame-positions.js').TrainerPosition} TrainerPosition
 */

/**
 * Makes an element.
 * @param {string} tag
 * @param {string} [className]
 * @returns {HTMLElement}
 */
function element(tag, className = '') {
  const made = document.createElement(tag);
  if (className) made.className = className;
  return made;
}

/**
 * A score in discs as the hints write it: +4, 0, -2.
 * @param {number} score
 */
function signed(score) {
  return score > 0 ? `+${score}` : `${score}`;
}

/**
 * A share as a whole percentage.
 * @param {number} part
 * @param {number} whole
 */
function percent(part, whole) {
  return whole === 0 ? 0 : Math.round((100 * part) / whole);
}

export class EndgameTrainer {
  /**
   * @param {{ panel: HTMLElement }} parts the trainer's section in index.html
   */
  constructor({ panel }) {
    /** @param {string} id */
    const find = (id) => /** @type {HTMLElement} */ (panel.querySelector(`#${id}`));
    this.toggle = find('endgame-trainer-toggle');
    this.body = find('endgame-trainer-body');
    this.open = false;
    /** @type {Map<string, TrainerPosition[]> | null} the positions by band, once fetched */
    this.positions = null;
    /** @type {Promise<void> | null} the fetch under way */
    this.loading = null;
    /** Why the positions could not be fetched (null: they were, or are being). */
    this.failure = null;
    this.progress = new EndgameProgress();
    /** The band chosen (null: none yet). @type {string | null} */
    this.bandId = null;
    /** @type {TrainerPosition | null} */
    this.position = null;
    /** The move the player chose in the position shown (null: not answered yet). @type {string | null} */
    this.chosen = null;
    this.build();
  }

  /** The panel's parts, made once. */
  build() {
    const intro = element('p', 'endgame-intro');
    this.intro = intro;
    this.bandButtons = BANDS.map((band) => {
      const button = /** @type {HTMLButtonElement} */ (element('button', 'endgame-band'));
      button.type = 'button';
      button.dataset.band = band.id;
      button.setAttribute('aria-pressed', 'false');
      button.addEventListener('click', () => this.choose(band.id));
      return button;
    });
    this.bandLabel = element('p', 'endgame-band-label');
    this.bandLabel.id = 'endgame-band-label';
    this.bandLabel.textContent = t('endgameTrainer.difficulty');
    const bands = element('div', 'endgame-bands');
    bands.setAttribute('role', 'group');
    bands.setAttribute('aria-labelledby', 'endgame-band-label');
    bands.append(...this.bandButtons);
    this.state = element('p', 'endgame-state');
    this.state.setAttribute('aria-live', 'polite');
    this.prompt = element('p', 'endgame-prompt');
    this.prompt.setAttribute('aria-live', 'polite');
    this.frame = element('div', 'board-frame endgame-board');
    this.board = element('div', 'board');
    this.board.setAttribute('role', 'group');
    this.frame.append(this.board);
    this.view = new BoardView(this.frame, this.board, (index) => this.play(index));
    this.verdict = element('p', 'endgame-verdict');
    this.verdict.setAttribute('aria-live', 'polite');
    this.next = /** @type {HTMLButtonElement} */ (element('button', 'primary endgame-next'));
    this.next.type = 'button';
    this.next.addEventListener('click', () => this.showNext());
    this.stats = element('p', 'endgame-stats');
    this.playArea = element('div', 'endgame-play');
    const actions = element('div', 'buttons endgame-actions');
    actions.append(this.next);
    this.playArea.append(this.prompt, this.frame, this.verdict, actions);
    // The play area (its board's squares carry data-square, as the game's do)
    // is in the document only while the panel is open: render() puts it in.
    this.body.append(intro, this.bandLabel, bands, this.state, this.stats);
  }

  /** The Train/Hide button; the texts again in another language. */
  bind() {
    document.addEventListener(LANGUAGE_EVENT, () => this.render());
    this.toggle.addEventListener('click', () => {
      this.open = !this.open;
      if (this.open) this.load();
      this.render();
    });
  }

  /** Fetches the positions, once (again after a failure). */
  load() {
    if (this.positions !== null || this.loading !== null) return;
    this.failure = null;
    this.loading = fetch(POSITIONS_FILE).then((response) => {
      if (!response.ok) throw new Error(`${POSITIONS_FILE}: ${response.status} ${response.statusText}`);
      return response.text();
    }).then((text) => {
      this.positions = positionsByBand(text);
      if (this.bandId !== null && this.position === null) this.showNext();
    }).catch((error) => {
      console.warn(`the endgame trainer's positions: ${error?.message ?? error}`);
      this.failure = error;
    }).finally(() => {
      this.loading = null;
      this.render();
    });
  }

  /**
   * Chooses a band: its next position is shown.
   * @param {string} bandId
   */
  choose(bandId) {
    if (this.bandId === bandId && this.position !== null && this.chosen === null) return;
    this.bandId = bandId;
    this.position = null;
    this.chosen = null;
    if (this.positions !== null) this.showNext();
    this.render();
  }

  /** Shows the band's next position. */
  showNext() {
    if (this.positions === null || this.bandId === null) return;
    const positions = this.positions.get(this.bandId) ?? [];
    this.position = this.progress.next(this.bandId, positions, this.position?.id ?? null);
    this.chosen = null;
    this.render();
    if (this.position !== null) this.view.squares[this.view.focusIndex]?.focus();
  }

  /**
   * A square clicked: the answer, when it is a legal move of the position shown and none was given yet.
   * @param {number} index
   */
  play(index) {
    const position = this.position;
    if (position === null || this.chosen !== null) return;
    const move = this.view.kind.geometry.squareName(index);
    if (!position.moves.some((entry) => entry.move === move)) return;
    this.chosen = move;
    const verdict = judge(position, move);
    this.progress.answer(/** @type {string} */ (this.bandId), position.id, verdict.right);
    this.render();
    this.next.focus();
  }

  /** What the player is asked: the side to move and the empties. */
  promptText() {
    const position = /** @type {TrainerPosition} */ (this.position);
    return t('endgameTrainer.prompt', { side: t(position.toMove === 'black' ? 'side.black' : 'side.white'), empties: position.empties });
  }

  /** Draws the panel from its state. */
  render() {
    this.toggle.setAttribute('aria-expanded', String(this.open));
    this.toggle.textContent = t(this.open ? 'endgameTrainer.hide' : 'endgameTrainer.show');
    this.body.hidden = !this.open;
    if (!this.open) {
      this.playArea.remove();
      return;
    }
    if (!this.playArea.isConnected) this.stats.before(this.playArea);
    this.intro.textContent = t('endgameTrainer.intro');
    this.bandLabel.textContent = t('endgameTrainer.difficulty');
    this.bandButtons.forEach((button, i) => {
      const band = BANDS[i];
      const progress = this.progress.band(band.id);
      button.setAttribute('aria-pressed', String(band.id === this.bandId));
      const name = element('span', 'endgame-band-name');
      name.textContent = t('endgameTrainer.band', { low: band.low, high: band.high });
      const score = element('small', 'endgame-band-score');
      score.textContent = progress.done === 0 ? t('endgameTrainer.bandNew')
        : t('endgameTrainer.bandScore', { percent: percent(progress.right, progress.done), done: progress.done });
      button.replaceChildren(name, score);
    });
    this.state.textContent = this.failure !== null ? t('endgameTrainer.failed')
      : this.positions === null ? t('endgameTrainer.loading')
        : this.bandId === null ? t('endgameTrainer.choose') : '';
    this.state.hidden = this.state.textContent === '';
    const position = this.positions !== null ? this.position : null;
    this.playArea.hidden = position === null;
    this.stats.hidden = this.bandId === null || this.positions === null;
    if (this.bandId !== null && this.positions !== null) this.renderStats();
    if (position === null) return;
    this.renderBoard(position);
  }

  /** The chosen band's progress in words. */
  renderStats() {
    const bandId = /** @type {string} */ (this.bandId);
    const progress = this.progress.band(bandId);
    const total = this.positions?.get(bandId)?.length ?? 0;
    const seen = new Set(progress.seen).size;
    this.stats.textContent = t('endgameTrainer.stats', {
      done: progress.done, right: progress.right, percent: percent(progress.right, progress.done),
      review: progress.missed.length, seen, total,
    });
  }

  /**
   * The position on the panel's board: before the answer its legal moves;
   * after it every move's exact score, the move played marked, and the verdict.
   * @param {TrainerPosition} position
   */
  renderBoard(position) {
    const answered = this.chosen !== null;
    this.prompt.textContent = this.promptText();
    const hints = new Map();
    if (answered) {
      position.moves.forEach((entry) => {
        hints.set(entry.move, { score: entry.score, kind: 'exact', depth: position.empties, rank: entry.score === position.moves[0].score ? 0 : 1 });
      });
    }
    this.view.render({
      board: position.board, legal: position.moves.map((entry) => entry.move), last: -1, flipped: [], hints,
      showLegal: !answered, setupMode: false, toMove: position.toMove,
    });
    this.board.setAttribute('aria-label', t('endgameTrainer.boardLabel'));
    // The position shown, its side to move and the answer, for tests and the curious.
    this.frame.dataset.position = position.id;
    this.frame.dataset.toMove = position.toMove;
    this.frame.dataset.chosen = this.chosen ?? '';
    for (const square of this.view.squares) {
      square.classList.toggle('endgame-chosen', square.dataset.square === this.chosen);
    }
    this.next.hidden = !answered;
    this.next.textContent = t('endgameTrainer.next');
    this.verdict.className = 'endgame-verdict';
    if (!answered) {
      this.verdict.textContent = t('endgameTrainer.find');
      return;
    }
    const verdict = judge(position, /** @type {string} */ (this.chosen));
    this.verdict.classList.add(verdict.right ? 'right' : 'wrong');
    const best = verdict.bestMoves.join(', ');
    this.verdict.textContent = verdict.right
      ? t(verdict.bestMoves.length > 1 ? 'endgameTrainer.rightOneOf' : 'endgameTrainer.right',
        { move: this.chosen, score: signed(verdict.score), best })
      : t('endgameTrainer.wrong', { move: this.chosen, score: signed(verdict.score), best, bestScore: signed(verdict.best), lost: verdict.lost });
  }
}
