// The opening trainer's panel: the player chooses a colour and a named
// opening (searchable, grouped by family) or the position on the board, and
// how many of their moves a line has; the board then belongs to the trainer
// (page-game.js `trainer`): the engine plays the other side from its
// opening book, each of the player's moves is judged against the book at
// once (opening-line.js), a flagged move shows its loss and the book's best
// moves on the board, with Try again and Play on; at the end of the line a
// summary, with Again and Next line. Progress by opening and the positions
// to review are kept between visits (opening-review.js).
import { play, status } from './pkg/index.js';
import { OPENING_NAMES } from './opening-names.js';
import { openingKey } from './openings.js';
import { language, sentences, t } from './i18n.js';
import { BOARD_8 } from './board-kind.js';
import { ENGINE_VARIETY, OpeningLine, TOLERANCE } from './opening-line.js';
import { OpeningReview } from './opening-review.js';
import { keepLine, savedLine } from './opening-saved-line.js';
import { moverScore } from './score-text.js';
import { GameRecord } from './record.js';

/** The key of "from the position on the board" among the openings. */
export const FROM_BOARD = 'board';
/** The player's moves a line may have; the default. */
const LENGTHS = [4, 6, 8, 10, 12, 16];
const DEFAULT_LENGTH = 8;
/** The families the openings are listed in: the first whose moves begin the line (f5 frame). */
const FAMILIES = [
  ['f5d6c3', 'openingTrainer.familyTiger'],
  ['f5d6c4', 'openingTrainer.familyCat'],
  ['f5d6c5', 'openingTrainer.familyRose'],
  ['f5d6', 'openingTrainer.familyPerpendicular'],
  ['f5f4', 'openingTrainer.familyParallel'],
  ['f5f6', 'openingTrainer.familyDiagonal'],
];
/** The order the families are listed in. */
const FAMILY_ORDER = [3, 0, 1, 2, 4, 5];

/** @param {string} line a transcript @returns {string[]} */
const movesOf = (line) => line.match(/../g) ?? [];

/**
 * @typedef {object} OpeningTrainerParts
 * @property {import('./page-game.js').PageGame} game
 * @property {import('./settings.js').Settings} settings
 * @property {HTMLElement} panel the trainer's section in index.html
 * @property {() => import('./engine.js').Engine | null} engine the page's engine, once started
 * @property {() => void} takeBoard stops what the page does with the board's game (analysis, the engine's job)
 * @property {() => void} update brings the page along after a change (the board given back)
 * @property {() => void} redraw draws the page from its state
 * @property {(record: GameRecord) => void} analyseLine puts a line on the board as a loaded game, for analysis
 */

/**
 * Makes an element.
 * @param {string} tag
 * @param {string} [className]
 * @param {string} [text]
 */
function element(tag, className = '', text = '') {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text) made.textContent = text;
  return made;
}

/**
 * The line trained as a record: from the start, the opening's moves first (from its own start, a line from the board).
 * @param {OpeningLine} line
 */
function lineRecord(line) {
  return new GameRecord(line.prelude.length > 0 ? BOARD_8.start : line.start, [...line.prelude, ...line.moves]);
}

/**
 * The number Othello gives the move played in `position` (discs placed from the start, 1-60).
 * @param {string} position an OBF line
 */
function moveNumber(position) {
  return 61 - status(position).empties;
}

export class OpeningTrainer {
  /** @param {OpeningTrainerParts} parts */
  constructor({ game, settings, panel, engine, takeBoard, update, redraw, analyseLine }) {
    this.game = game;
    this.settings = settings;
    this.panel = panel;
    this.engine = engine;
    this.takeBoard = takeBoard;
    this.update = update;
    this.redraw = redraw;
    this.analyseLine = analyseLine;
    this.review = new OpeningReview();
    /** Draws the engine's book replies: a fresh one each visit (tests set it), with the lines started. */
    this.seed = Math.floor(Math.random() * 2 ** 32);
    this.started = 0;
    this.open = false;
    /** @type {OpeningLine | null} the line on the board */
    this.line = null;
    /** @type {import('./page-game.js').TrainerBoard | null} what the trainer gave the page while it has the board */
    this.board = null;
    /** The last choice: opening key, colour, length. */
    this.choice = { opening: OPENING_NAMES[0][1], color: /** @type {'black' | 'white'} */ ('black'), length: DEFAULT_LENGTH };
    /** The language and progress the chooser was drawn for. */
    this.drawn = '';
    this.build();
  }

  /** The panel's parts: the chooser, the line, the summary (their words are filled in by render). */
  build() {
    /** @param {string} id */
    const find = (id) => /** @type {HTMLElement} */ (this.panel.querySelector(`#${id}`));
    const body = find('opening-trainer-body');
    const chooser = element('div', 'trainer-chooser');
    const colour = element('fieldset', 'trainer-colour');
    const legend = element('legend');
    colour.append(legend);
    const colours = ['black', 'white'].map((color) => {
      const label = element('label', 'choice');
      const input = /** @type {HTMLInputElement} */ (element('input'));
      input.type = 'radio';
      input.name = 'opening-trainer-colour';
      input.value = color;
      input.checked = color === 'black';
      const text = element('span');
      label.append(input, ' ', text);
      colour.append(label);
      return { input, text };
    });
    const filterLabel = element('label', 'trainer-field');
    const filterText = element('span');
    const filter = /** @type {HTMLInputElement} */ (element('input'));
    filter.type = 'search';
    filter.id = 'opening-trainer-filter';
    filter.autocomplete = 'off';
    filterLabel.append(filterText, filter);
    const list = /** @type {HTMLSelectElement} */ (element('select', 'trainer-openings'));
    list.id = 'opening-trainer-opening';
    list.size = 7;
    const about = element('p', 'about trainer-choice');
    about.id = 'opening-trainer-choice';
    const lengthLabel = element('label', 'trainer-field');
    const lengthText = element('span');
    const length = /** @type {HTMLSelectElement} */ (element('select'));
    length.id = 'opening-trainer-length';
    lengthLabel.append(lengthText, length);
    const start = /** @type {HTMLButtonElement} */ (element('button', 'primary'));
    start.type = 'button';
    start.id = 'opening-trainer-start';
    const startRow = element('div', 'buttons');
    startRow.append(start);
    const rule = element('p', 'about');
    const progressTitle = element('h3', 'trainer-subtitle');
    const progress = element('ul', 'trainer-progress');
    progress.id = 'opening-trainer-progress';
    chooser.append(colour, filterLabel, list, about, lengthLabel, startRow, rule, progressTitle, progress);

    const lineView = element('div', 'trainer-line');
    lineView.id = 'opening-trainer-line';
    const heading = element('p', 'trainer-heading');
    const moves = element('p', 'trainer-moves');
    moves.id = 'opening-trainer-moves';
    const feedback = element('p', 'trainer-feedback');
    feedback.id = 'opening-trainer-feedback';
    feedback.setAttribute('role', 'status');
    feedback.setAttribute('aria-live', 'polite');
    const lineButtons = element('div', 'buttons');
    const button = (/** @type {string} */ id, className = '') => {
      const made = /** @type {HTMLButtonElement} */ (element('button', className));
      made.type = 'button';
      made.id = id;
      return made;
    };
    const retry = button('opening-trainer-retry', 'primary');
    const keep = button('opening-trainer-keep');
    const stop = button('opening-trainer-stop');
    lineButtons.append(retry, keep, stop);
    const hidden = element('p', 'about trainer-hidden');
    hidden.id = 'opening-trainer-hidden';
    lineView.append(heading, moves, feedback, lineButtons);

    const summary = element('div', 'trainer-summary');
    summary.id = 'opening-trainer-summary';
    const summaryTitle = element('h3', 'trainer-subtitle');
    const ending = element('p', 'trainer-ending');
    const facts = element('dl', 'trainer-facts');
    facts.id = 'opening-trainer-facts';
    const summaryButtons = element('div', 'buttons');
    const again = button('opening-trainer-again', 'primary');
    const next = button('opening-trainer-next');
    const choose = button('opening-trainer-choose');
    const analyse = button('opening-trainer-analyse');
    summaryButtons.append(again, next, choose, analyse);
    summary.append(summaryTitle, ending, facts, summaryButtons);
    body.append(chooser, lineView, summary, hidden);

    this.elements = {
      toggle: find('opening-trainer-toggle'), body, chooser, legend, colours, filterText, filter, list, about,
      lengthText, length, start, rule, progressTitle, progress, lineView, heading, moves, feedback, lineButtons, retry, keep,
      stop, hidden,
      summary, summaryTitle, ending, facts, again, next, choose, analyse,
    };
  }

  /** The panel's controls. */
  bind() {
    const view = this.elements;
    view.toggle.addEventListener('click', () => {
      this.open = !this.open;
      if (!this.open) this.close();
      this.render();
      if (this.open) view.filter.focus();
    });
    view.filter.addEventListener('input', () => this.filterList());
    view.list.addEventListener('change', () => {
      this.choice.opening = view.list.value;
      this.drawn = '';
      this.render();
    });
    view.list.addEventListener('dblclick', () => this.begin());
    view.list.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') this.begin();
    });
    for (const { input } of view.colours) {
      input.addEventListener('change', () => { this.choice.color = /** @type {'black' | 'white'} */ (input.value); });
    }
    view.length.addEventListener('change', () => { this.choice.length = Number(view.length.value); });
    view.start.addEventListener('click', () => this.begin());
    view.retry.addEventListener('click', () => this.line?.retry());
    view.keep.addEventListener('click', () => this.line?.keep());
    view.stop.addEventListener('click', () => this.line?.stop());
    view.again.addEventListener('click', () => this.begin());
    view.next.addEventListener('click', () => {
      this.choice.opening = this.nextOpening();
      this.begin();
    });
    view.analyse.addEventListener('click', () => {
      if (this.line !== null) this.analyseLine(lineRecord(this.line));
    });
    view.choose.addEventListener('click', () => {
      this.close();
      this.render();
      view.list.focus();
    });
  }

  /** The openings offered, by key (their English names), in the list's order. */
  openingKeys() {
    return FAMILY_ORDER.flatMap((family) => this.family(family).map(([, name]) => name));
  }

  /**
   * The named openings of family `index` (FAMILIES), as `[line, name]`.
   * @param {number} index
   */
  family(index) {
    return OPENING_NAMES.filter(([line]) => FAMILIES.findIndex(([prefix]) => line.startsWith(prefix)) === index);
  }

  /** The opening after this line's: the one with most positions due for review, else the next in the list. */
  nextOpening() {
    return this.review.next(this.openingKeys(), this.choice.opening);
  }

  /**
   * The opening called `key` in the language shown.
   * @param {string} key
   */
  openingName(key) {
    return key === FROM_BOARD ? t('openingTrainer.fromBoard') : t(openingKey(key));
  }

  /**
   * Where a line of `key` starts: its position, the moves that lead there; null where it cannot start.
   * @param {string} key
   * @returns {{ start: string, prelude: string[] } | null}
   */
  startOf(key) {
    if (key === FROM_BOARD) {
      const record = this.game.record;
      if (record.kind.id !== BOARD_8.id) return null;
      return { start: record.position, prelude: [] };
    }
    const entry = OPENING_NAMES.find(([, name]) => name === key);
    if (!entry) return null;
    const prelude = movesOf(entry[0]);
    return { start: prelude.reduce((position, move) => play(position, move), ''), prelude };
  }

  /** Resumes the line kept in progress before the page was reloaded, if any (it is forgotten when it no longer fits). */
  resume() {
    const saved = savedLine((key) => this.startOf(key), LENGTHS);
    if (saved === null) return;
    this.choice = { opening: saved.opening, color: saved.color, length: saved.length };
    // A line from the board starts from its own position, whatever the board shows now.
    this.begin(saved);
  }

  /**
   * Starts a line of the opening chosen (or goes on with a kept one): the
   * board is the trainer's until the line is given up or another chosen.
   * @param {import('./opening-saved-line.js').SavedLine} [saved]
   */
  begin(saved) {
    const engine = this.engine();
    const from = saved ?? this.startOf(this.choice.opening);
    if (engine === null || from === null) return;
    this.stopLine();
    this.takeBoard();
    this.open = true;
    this.review.reload();
    const seed = saved?.seed ?? (this.seed + this.started) % 2 ** 32;
    if (!saved) this.started += 1;
    const line = new OpeningLine({
      start: from.start, prelude: from.prelude, color: this.choice.color, length: this.choice.length,
      opening: this.choice.opening, seed, ask: (kind, position, limits) => engine.run(kind, position, limits), review: this.review,
      changed: () => {
        if (this.line !== line) return;
        keepLine(line);
        this.redraw();
      },
    });
    if (saved) line.replay(saved);
    this.line = line;
    this.board = {
      view: () => line.view(),
      click: (square) => line.click(square),
      status: () => this.statusText(),
      shown: (color) => (color === line.color ? { name: t('flow.you'), role: '' }
        : { name: t('openingTrainer.book'), role: t('side.engine') }),
      line: () => lineRecord(line),
    };
    this.game.trainer = this.board;
    this.drawn = '';
    this.update();
    line.begin();
    // The keyboard goes on from the board (arrow keys, Enter).
    /** @type {HTMLElement | null} */ (document.querySelector('#board .square[tabindex="0"]'))?.focus();
  }

  /** Gives the board back to the game (the line, if any, is stopped). */
  close() {
    const hadBoard = this.game.trainer === this.board && this.board !== null;
    this.stopLine();
    this.board = null;
    this.drawn = '';
    if (hadBoard) {
      this.game.trainer = null;
      this.update();
    }
  }

  /** Ends the line on the board, if any (counted in its opening's progress), and forgets it. */
  stopLine() {
    const line = this.line;
    this.line = null;
    line?.stop();
    if (line !== null) keepLine(null);
  }

  /** The status line under the board while the trainer has it. */
  statusText() {
    const line = this.line;
    if (line === null) return '';
    const side = t(line.color === 'black' ? 'side.black' : 'side.white');
    switch (line.phase) {
      case 'engine': return t('openingTrainer.statusEngine');
      case 'checking': return t('openingTrainer.statusChecking');
      case 'flagged': return t('openingTrainer.statusFlagged');
      case 'over': return t('openingTrainer.statusOver');
      default: return t('openingTrainer.statusPlayer', { side });
    }
  }

  /** Draws the panel: closed, the chooser, the line or its summary. */
  render() {
    const view = this.elements;
    // Another game put on the board (new, loaded, reopened) took the board back.
    if (this.board !== null && this.game.trainer !== this.board) {
      this.stopLine();
      this.board = null;
      this.drawn = '';
    }
    view.toggle.setAttribute('aria-expanded', String(this.open));
    view.toggle.textContent = t(this.open ? 'openingTrainer.hide' : 'openingTrainer.show');
    view.body.hidden = !this.open;
    if (!this.open) return;
    const line = this.line;
    // While a line is trained its panel comes first in its column, under the board on a phone.
    this.panel.classList.toggle('training', line !== null);
    view.chooser.hidden = line !== null;
    view.lineView.hidden = line === null;
    view.summary.hidden = line === null || line.phase !== 'over';
    view.hidden.hidden = line === null;
    if (line === null) this.renderChooser();
    else this.renderLine(line);
  }

  /** The chooser: colours, the openings (with what is due), the length, the rule and the progress. */
  renderChooser() {
    const view = this.elements;
    const drawing = `${language()} ${JSON.stringify(this.review.record)} ${this.game.record.kind.id}`;
    if (drawing === this.drawn) return;
    this.drawn = drawing;
    view.legend.textContent = t('openingTrainer.youPlay');
    view.colours.forEach(({ input, text }) => {
      text.textContent = t(input.value === 'black' ? 'side.black' : 'side.white');
      input.checked = input.value === this.choice.color;
    });
    view.filterText.textContent = t('openingTrainer.opening');
    view.filter.placeholder = t('openingTrainer.search');
    view.list.setAttribute('aria-label', t('openingTrainer.opening'));
    view.lengthText.textContent = t('openingTrainer.length');
    view.length.replaceChildren(...LENGTHS.map((count) => {
      const option = /** @type {HTMLOptionElement} */ (element('option', '', t('openingTrainer.moves', { count })));
      option.value = String(count);
      option.selected = count === this.choice.length;
      return option;
    }));
    view.start.textContent = t('openingTrainer.start');
    view.rule.textContent = t('openingTrainer.rule', { tolerance: TOLERANCE, variety: ENGINE_VARIETY });
    this.fillList();
    this.filterList();
    const from = this.startOf(this.choice.opening);
    view.start.disabled = from === null;
    const due = this.review.due(this.choice.opening).length;
    const start = from === null ? t('openingTrainer.otherBoard')
      : from.prelude.length > 0 ? from.prelude.join(' ') : t('openingTrainer.fromBoardAbout');
    view.about.textContent = due > 0 ? t('openingTrainer.due', { start, count: due }) : start;
    view.progressTitle.textContent = t('openingTrainer.progress');
    const trained = Object.entries(this.review.record.openings);
    view.progress.replaceChildren(...(trained.length === 0 ? [element('li', 'about', t('openingTrainer.noProgress'))]
      : trained.map(([key, progress]) => {
        const item = element('li');
        item.dataset.opening = key;
        const name = element('b', '', this.openingName(key));
        const reviewing = this.review.reviewing(key);
        const text = sentences(
          t('openingTrainer.progressLine', { lines: progress.lines, best: progress.best, moves: progress.moves, lost: progress.lost }),
          reviewing > 0 ? t('openingTrainer.toReview', { count: reviewing }) : '',
        );
        item.append(name, ' ', text);
        return item;
      })));
  }

  /** The list of openings, grouped by family, each with what is due for review. */
  fillList() {
    const view = this.elements;
    const option = (/** @type {string} */ key, /** @type {string} */ line) => {
      const due = this.review.due(key).length;
      const name = this.openingName(key);
      const made = /** @type {HTMLOptionElement} */ (element('option', '',
        due > 0 ? t('openingTrainer.optionDue', { name, count: due }) : name));
      made.value = key;
      made.dataset.search = `${name} ${key} ${line} ${movesOf(line).join(' ')}`.toLowerCase();
      made.selected = key === this.choice.opening;
      return made;
    };
    const fromBoard = option(FROM_BOARD, '');
    fromBoard.disabled = this.startOf(FROM_BOARD) === null;
    view.list.replaceChildren(fromBoard, ...FAMILY_ORDER.map((index) => {
      const group = /** @type {HTMLOptGroupElement} */ (element('optgroup'));
      group.label = t(FAMILIES[index][1]);
      group.append(...this.family(index).map(([line, name]) => option(name, line)));
      return group;
    }));
  }

  /** Shows only the openings whose name or moves hold the search's words. */
  filterList() {
    const view = this.elements;
    const words = view.filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    for (const option of view.list.querySelectorAll('option')) {
      option.hidden = option.value !== FROM_BOARD && !words.every((word) => option.dataset.search.includes(word));
    }
    for (const group of view.list.querySelectorAll('optgroup')) {
      /** @type {HTMLElement} */ (group).hidden = [...group.querySelectorAll('option')].every((option) => option.hidden);
    }
    // The opening chosen stays one of those shown: the first found, when the search hides it.
    const options = [...view.list.options];
    const chosen = options.find((option) => option.value === this.choice.opening);
    const found = options.find((option) => !option.hidden && option.value !== FROM_BOARD);
    if (chosen?.hidden && found) {
      found.selected = true;
      this.choice.opening = found.value;
      this.drawn = '';
      this.render();
    }
  }

  /**
   * The line on the board: its opening, the moves, what was said of the last move, the buttons of the moment.
   * @param {OpeningLine} line
   */
  renderLine(line) {
    const view = this.elements;
    const side = t(line.color === 'black' ? 'side.black' : 'side.white');
    view.heading.replaceChildren(element('b', '', this.openingName(line.opening)),
      t('openingTrainer.heading', { side, played: line.played, length: line.length }));
    this.renderMoves(line);
    view.feedback.textContent = this.feedback(line);
    const flagged = line.phase === 'flagged' && line.flag !== null;
    view.retry.hidden = !flagged;
    view.keep.hidden = !flagged;
    view.retry.textContent = t('openingTrainer.retry');
    view.keep.textContent = flagged ? t('openingTrainer.keep', { move: line.flag.move }) : '';
    view.stop.hidden = line.phase === 'over';
    view.lineButtons.hidden = line.phase === 'over';
    view.stop.textContent = t('openingTrainer.stop');
    view.hidden.textContent = t('study.panelsHidden');
    if (line.phase === 'over') this.renderSummary(line);
  }

  /**
   * The moves: the opening's, then the line's, the player's flagged first tries marked.
   * @param {OpeningLine} line
   */
  renderMoves(line) {
    const view = this.elements;
    const parts = line.prelude.map((move) => element('span', 'trainer-prelude', move));
    line.moves.forEach((move, ply) => {
      if (move === 'pa') return;
      const judged = line.judged.find((entry) => entry.ply === ply);
      const span = element('span', line.byEngine[ply] ? 'trainer-engine' : 'trainer-mine', move);
      if (judged?.flagged && judged.move === move) {
        span.classList.add('missed');
        span.textContent = `${move}?`;
        span.title = t('openingTrainer.lost', { loss: judged.loss });
      }
      parts.push(span);
    });
    view.moves.replaceChildren(...parts.flatMap((part, index) => (index === 0 ? [part] : [' ', part])));
    view.moves.hidden = parts.length === 0;
  }

  /**
   * What the panel says of the line now.
   * @param {OpeningLine} line
   */
  feedback(line) {
    const bests = (/** @type {import('./opening-line.js').Judgement} */ judged) => judged.bests
      .map((entry) => `${entry.move} (${moverScore(entry.score, 'book')})`).join(', ');
    if (line.phase === 'flagged' && line.flag !== null) {
      const flag = line.flag;
      const said = t(flag.leftBook ? 'openingTrainer.leftBook' : 'openingTrainer.flagged', {
        move: flag.move, loss: flag.loss, value: moverScore(flag.value, 'book'), best: moverScore(flag.best, 'book'),
      });
      return sentences(said, t('openingTrainer.bests', { moves: bests(flag) }));
    }
    if (line.phase === 'checking') return t('openingTrainer.checking', { move: line.pending ?? '' });
    const last = line.last;
    const reply = line.byEngine.at(-1) && line.moves.length > 0 && line.moves.at(-1) !== 'pa' ? line.moves.at(-1) : null;
    const judged = last !== null && line.moves.includes(last.move)
      ? t(last.flagged ? 'openingTrainer.keptFlagged' : 'openingTrainer.good', {
        move: last.move, value: moverScore(last.value, 'book'), loss: last.loss,
      }) : '';
    if (line.phase === 'over') return judged;
    const replied = reply !== null ? t('openingTrainer.replied', { move: reply }) : '';
    const now = line.phase === 'engine' ? t('openingTrainer.thinking') : t('openingTrainer.yourMove');
    return sentences(judged, replied, now);
  }

  /**
   * The summary at the end of a line: why it ended, the moves, how many were best, the discs lost, the worst move.
   * @param {OpeningLine} line
   */
  renderSummary(line) {
    const view = this.elements;
    const summary = line.summary();
    view.summaryTitle.textContent = t('openingTrainer.summaryTitle');
    view.ending.textContent = t(`openingTrainer.ending.${line.ending}`);
    const worst = summary.worst;
    const facts = [
      ['moves', t('openingTrainer.factMoves'), String(summary.moves)],
      ['best', t('openingTrainer.factBest'), t('openingTrainer.factBestValue', { best: summary.best, moves: summary.moves })],
      ['lost', t('openingTrainer.factLost'), String(summary.lost)],
      ['worst', t('openingTrainer.factWorst'), worst === null ? t('openingTrainer.noWorst')
        : t('openingTrainer.worst', { move: worst.move, number: moveNumber(worst.position), value: moverScore(-worst.loss, 'book') })],
    ];
    view.facts.replaceChildren(...facts.map(([name, term, value]) => {
      const row = element('div');
      row.dataset.fact = name;
      row.append(element('dt', '', term), element('dd', '', value));
      return row;
    }));
    view.again.textContent = t('openingTrainer.again');
    const next = this.nextOpening();
    view.next.textContent = t('openingTrainer.next', { name: this.openingName(next) });
    view.next.hidden = false;
    view.choose.textContent = t('openingTrainer.choose');
    view.analyse.textContent = t('study.analyseLine');
  }
}
