// The board on the page, for a board kind (board-kind.js): a button per
// square with coordinates on all sides, the holes of a board that has them
// (drawn in the frame's colour: not squares, not buttons), star points on the
// 8x8 board, discs, legal-move dots, the last move (diamond) and flipped
// discs (ring), hint badges, and arrow-key focus moves (over holes). Discs
// just flipped turn over (CSS, none under prefers-reduced-motion). It only
// draws what it is given; clicks go to the `onSquare(index)` callback with the
// square's index on its board. A square is redrawn only when what it shows
// changed, so an animation runs to its end. The board can be turned round
// (`setFlipped`: seen from White's side of the table, h8 top left): the
// squares, holes and coordinates change places, the squares keep their names,
// and the arrow keys move in the direction shown.
import { BOARD_8 } from './board-kind.js';
import { language, t } from './i18n.js';
import { moverScore, scoreUnits } from './score-text.js';

/** The square that has the keyboard focus first, per board. */
const FIRST_FOCUS = { 8: 'd3', 96: 'e4' };

/**
 * A score as a player reads it: +4, -2, 0, or win/loss/draw when only that
 * is proven; an evaluation in fractions of a disc (the 96-square board's
 * smart evaluation) to one decimal, +3.5.
 */
export function formatScore(score, kind) {
  if (kind === 'wld') return score > 0 ? t('score.win') : score < 0 ? t('score.loss') : t('score.drawShort');
  const shown = Number.isInteger(score) ? `${score}` : score.toFixed(1);
  return score > 0 ? `+${shown}` : shown;
}

/**
 * The two lines of a hint badge: the score for the player to move (rounded,
 * in the evaluation's units on the 96-square board) and how it was found
 * (depth, exact, proven, book; "eval" where the units are not discs), in
 * the language shown; `evaluation`: the score is in the evaluation's units.
 * @param {{ score: number, kind: string, depth: number }} entry
 * @param {number} boardId
 * @returns {{ main: string, sub: string, evaluation: boolean }}
 */
function hintLabel(entry, boardId = 8) {
  const main = moverScore(entry.score, entry.kind);
  const evaluation = entry.kind !== 'wld' && entry.kind !== 'book' && scoreUnits(boardId, entry.kind) === 'eval';
  const sub = entry.kind === 'wld' ? t('hint.proven') : entry.kind === 'book' ? t('hint.book')
    : evaluation ? t('hint.eval') : entry.kind === 'exact' ? t('hint.exact') : t('hint.depth', { depth: entry.depth });
  return { main, sub, evaluation };
}

/**
 * How a hint was found, in words (its tooltip and spoken label): "depth 12,
 * 95% confidence" for a selective search (the thinking panel's 12@95%),
 * else as the badge says it.
 * @param {{ score: number, kind: string, depth: number, confidence?: number }} entry
 * @returns {string}
 */
function hintDescription(entry) {
  if (entry.kind !== 'depth') return hintLabel(entry).sub;
  const selective = entry.confidence !== undefined && entry.confidence < 100;
  return selective ? t('hint.depthSelective', { depth: entry.depth, confidence: entry.confidence })
    : t('hint.depthLong', { depth: entry.depth });
}

function coordinates(className, place, labels) {
  const strip = document.createElement('div');
  strip.className = className;
  // The squares' own names carry the coordinates for screen readers.
  strip.setAttribute('aria-hidden', 'true');
  strip.style.gridArea = place;
  for (const text of labels) {
    const label = document.createElement('span');
    label.className = 'coord';
    label.textContent = text;
    strip.append(label);
  }
  return strip;
}

export class BoardView {
  /** Draws the board `kind` (default 8x8) in `board` and the coordinates around it in `frame`. */
  constructor(frame, board, onSquare, kind = BOARD_8) {
    this.frame = frame;
    this.board = board;
    this.onSquare = onSquare;
    board.style.gridArea = '2 / 2';
    board.addEventListener('keydown', (event) => this.#key(event));
    /** Whether the board is shown turned round (h8 top left). */
    this.flipped = false;
    this.setKind(kind);
  }

  /**
   * Shows the board turned round (`flipped`: h8 top left, as seen from
   * White's side) or not (a1 top left); the squares keep their names.
   * @param {boolean} flipped
   */
  setFlipped(flipped) {
    if (this.flipped === flipped) return;
    this.flipped = flipped;
    this.#place();
  }

  /**
   * For the way the board is turned: puts each square and hole in its grid
   * place and the coordinates in their order, and names the board's top
   * left and bottom right squares in its label for screen readers.
   */
  #place() {
    const geometry = this.kind.geometry;
    const size = geometry.size;
    this.cells.forEach((cell, place) => {
      const row = Math.floor(place / size);
      const column = place % size;
      cell.style.gridRow = String((this.flipped ? size - 1 - row : row) + 1);
      cell.style.gridColumn = String((this.flipped ? size - 1 - column : column) + 1);
    });
    const files = this.flipped ? [...geometry.files].reverse() : geometry.files;
    const ranks = this.flipped ? [...geometry.ranks].reverse() : geometry.ranks;
    for (const strip of this.frame.querySelectorAll('.coord-row, .coord-col')) {
      const labels = strip.classList.contains('coord-row') ? files : ranks;
      strip.querySelectorAll('.coord').forEach((label, index) => { label.textContent = labels[index]; });
    }
    const first = geometry.squareName(0);
    const last = geometry.squareName(geometry.squares - 1);
    this.board.setAttribute('aria-label', this.flipped
      ? t('board.flip.boardLabel', { board: this.kind.name, topLeft: last, bottomRight: first })
      : this.kind.boardLabel);
    /** The language the board's label is in. */
    this.labelLanguage = language();
    this.frame.dataset.flipped = String(this.flipped);
  }

  /** Rebuilds the squares, holes and coordinates for the board `kind` (nothing when it is the one drawn). */
  setKind(kind) {
    if (this.kind === kind) return;
    this.kind = kind;
    const geometry = kind.geometry;
    this.squares = [];
    this.keys = [];
    this.focusIndex = geometry.squareIndex(FIRST_FOCUS[kind.id]);
    this.frame.style.setProperty('--size', String(geometry.size));
    this.frame.dataset.board = String(kind.id);
    this.frame.querySelectorAll('.coord-row, .coord-col').forEach((strip) => strip.remove());
    this.frame.append(
      coordinates('coord-row', '1 / 2', geometry.files), coordinates('coord-row', '3 / 2', geometry.files),
      coordinates('coord-col', '2 / 1', geometry.ranks), coordinates('coord-col', '2 / 3', geometry.ranks),
    );
    /** Per grid place (row * size + column, a1 first): its square or hole. */
    this.cells = geometry.grid.map((index, place) => {
      if (index === -1) {
        // A hole: part of the frame, not a square (no button, nothing to read out).
        const hole = document.createElement('span');
        hole.className = 'hole';
        hole.setAttribute('aria-hidden', 'true');
        hole.dataset.hole = geometry.files[place % geometry.size] + geometry.ranks[Math.floor(place / geometry.size)];
        return hole;
      }
      const square = document.createElement('button');
      square.type = 'button';
      square.className = 'square';
      square.dataset.square = geometry.squareName(index);
      square.tabIndex = index === this.focusIndex ? 0 : -1;
      square.addEventListener('click', () => this.onSquare(index));
      square.addEventListener('focus', () => { this.focusIndex = index; });
      this.squares.push(square);
      return square;
    });
    // Star points only on the 8x8 board (where the lines between b/c and f/g cross those between 2/3 and 6/7).
    const stars = geometry.size !== 8 ? [] : ['nw', 'ne', 'sw', 'se'].map((corner) => {
      const star = document.createElement('span');
      star.className = `star star-${corner}`;
      star.setAttribute('aria-hidden', 'true');
      return star;
    });
    this.board.replaceChildren(...this.cells, ...stars);
    this.#place();
  }

  /**
   * Arrow keys move the focus square by square in the direction shown (on
   * the board turned round, ArrowRight goes from b to a), over holes (Enter
   * and Space click it).
   */
  #key(event) {
    const step = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const [rows, columns] = this.flipped ? [-step[0], -step[1]] : step;
    const next = this.kind.geometry.step(this.focusIndex, rows, columns);
    if (next === null) return;
    this.squares[this.focusIndex].tabIndex = -1;
    this.focusIndex = next;
    this.squares[next].tabIndex = 0;
    this.squares[next].focus();
  }

  /** Marks the board as waiting for the engine's move (cursor, and `aria-busy` for screen readers). */
  setBusy(busy) {
    this.board.classList.toggle('busy', busy);
    this.board.setAttribute('aria-busy', String(busy));
  }

  /**
   * Draws `board` (the board string of its kind: a character a square) with the `legal` move names, the
   * `last` move's index (-1: none), the `flipped` indexes, `hints`
   * (move name -> { score, kind, depth, confidence, rank, book? }) and the
   * board's modes; `animate`: the flipped discs turn over and the last move's
   * disc is placed with a short motion; `toMove`: the side the hints are for
   * (their badges take its disc colour).
   */
  render({ board, legal, last, flipped, hints, showLegal, setupMode, animate = false, toMove = 'black' }) {
    const legalSet = new Set(legal);
    const flippedSet = new Set(flipped);
    this.board.classList.toggle('show-legal', showLegal);
    this.board.classList.toggle('setup-mode', setupMode);
    if (this.labelLanguage !== language()) this.#place();
    const { geometry, cellSide, discClass, sides } = this.kind;
    this.squares.forEach((square, index) => {
      const name = geometry.squareName(index);
      const cell = board[index];
      const hint = hints.get(name);
      const isLegal = legalSet.has(name);
      // The language is part of what a square shows (its spoken label, its hint's words).
      const key = `${language()} ${cell}${isLegal ? 'L' : ''}${index === last ? 'M' : ''}${
        flippedSet.has(index) ? 'F' : ''}${hint ? JSON.stringify(hint) : ''}`;
      if (this.keys[index] === key && !(animate && (flippedSet.has(index) || index === last))) return;
      this.keys[index] = key;
      square.className = 'square';
      if (isLegal) square.classList.add('legal');
      if (index === last) square.classList.add('last');
      if (hint) square.classList.add('hinted');
      square.replaceChildren();
      const parts = [name];
      if (cell !== '-') {
        const disc = document.createElement('span');
        const side = cellSide[cell];
        const colour = discClass[side];
        disc.className = `disc ${colour}`;
        if (flippedSet.has(index)) disc.classList.add('flipped');
        if (animate && flippedSet.has(index)) disc.classList.add(`turn-to-${colour}`);
        if (animate && index === last) disc.classList.add('placed');
        square.append(disc);
        parts.push(sides[side].toLowerCase());
        if (flippedSet.has(index)) parts.push(t('square.justFlipped'));
        if (index === last) parts.push(t('square.lastMove'));
      } else if (hint) {
        const { main, sub, evaluation } = hintLabel(hint, this.kind.id);
        const badge = document.createElement('span');
        badge.className = `hint for-${discClass[toMove]}`;
        if (hint.score >= 0) badge.classList.add('good');
        if (hint.rank === 0) badge.classList.add('best');
        if (hint.missed) badge.classList.add('missed');
        badge.dataset.score = String(hint.score);
        const how = hintDescription(hint);
        badge.title = t(evaluation ? 'hint.titleEval' : 'hint.title', { score: main, how });
        const small = document.createElement('small');
        small.textContent = sub;
        badge.append(main, document.createElement('br'), small);
        square.append(badge);
        const said = t(evaluation ? 'square.hintEval' : 'square.hint', { score: main });
        parts.push(t('square.empty'), t('square.legal'), said, how);
      } else {
        parts.push(t('square.empty'));
        if (isLegal) parts.push(t('square.legal'));
      }
      square.setAttribute('aria-label', parts.join(t('square.separator')));
    });
  }
}
