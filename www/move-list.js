// The move list: the game's main line as one button per ply (passes
// included, in their side's column: Black's moves left, White's right), each
// move numbered as Othello numbers them (by discs placed, a pass takes no
// number), with the time it took. Under a move, its comment, then the
// variations tried instead of it, indented, each a line of moves (with its
// own comments and variations, nested) that can be folded. The move on the
// board is marked, the moves after it on its line (kept for redo) dimmed.
// Each move button carries its move's id (`data-node`, game-tree.js); a
// button of the main line also its ply (`data-ply`, the plies on the board
// after it), a fold button the id of the variation's first move (`data-fold`).
// Once positions are analysed, a move that lost discs against the best move
// of the same analysis is marked ? (MISTAKE or more) or ?? (BLUNDER or
// more); the last move of the named opening carries its name.
import { status } from './board-kind.js';
import { nameOf as sideName } from './result.js';
import { BLUNDER, MISTAKE } from './analysis.js';
import { t } from './i18n.js';

/** @typedef {import('./game-tree.js').MoveNode} MoveNode */

/**
 * A time spent on a move, for the list: "3.2 s", "48 s"; '' when unknown.
 * @param {number | null | undefined} ms
 * @returns {string}
 */
export function moveTimeText(ms) {
  if (!Number.isFinite(ms)) return '';
  const seconds = ms / 1000;
  return t('moves.seconds', { seconds: seconds < 10 ? seconds.toFixed(1) : String(Math.round(seconds)) });
}

/**
 * @typedef {object} ListContext what a move's button shows besides its move
 * @property {import('./record.js').GameRecord} record
 * @property {(position: string, move: string) => number | undefined} lossOf the discs a move lost in the analysis
 * @property {{ name: string, plies: number } | null} opening the opening named, and its plies on the board's line
 * @property {MoveNode[]} line the line on the board
 */

/**
 * The number of `node`'s move (discs placed from the start), null for a pass.
 * @param {MoveNode} node
 */
function numberOf(node) {
  if (node.move === 'pa') return null;
  return node.path().filter((step) => step.move !== 'pa').length;
}

/**
 * The button of `node`'s move, marked as the list marks it.
 * @param {MoveNode} node
 * @param {ListContext} context
 * @param {boolean} inVariation
 */
function moveButton(node, context, inVariation) {
  const { record, line } = context;
  const before = /** @type {MoveNode} */ (node.parent).position;
  const move = /** @type {string} */ (node.move);
  const button = document.createElement('button');
  button.type = 'button';
  button.dataset.node = String(node.id);
  const mover = status(before).toMove;
  const side = sideName(before, mover);
  const moveNumber = numberOf(node);
  const number = document.createElement('span');
  number.className = 'n';
  number.textContent = moveNumber === null ? '' : String(moveNumber);
  const dot = document.createElement('span');
  dot.className = `dot ${record.kind.discClass[mover]}`;
  const square = document.createElement('span');
  square.className = 'sq';
  square.textContent = move === 'pa' ? t('moves.pass') : move;
  button.append(number, dot, square);
  const labels = [move === 'pa' ? t('moves.passLabel', { side }) : t('moves.label', { number: moveNumber, side, move })];
  if (inVariation) labels.push(t('moves.inVariation'));
  const titles = [];
  const loss = move === 'pa' ? undefined : context.lossOf(before, move);
  if (loss >= MISTAKE) {
    const mark = document.createElement('span');
    mark.className = 'mistake';
    mark.textContent = loss >= BLUNDER ? '??' : '?';
    button.append(mark);
    titles.push(t('moves.losesTitle', { loss }));
    labels.push(t('moves.loses', { loss }));
  }
  const time = moveTimeText(node.time);
  if (time && move !== 'pa' && !inVariation) {
    const spent = document.createElement('span');
    spent.className = 'time';
    spent.textContent = time;
    button.append(spent);
    labels.push(time);
  }
  const ply = line.indexOf(node);
  if (context.opening && ply >= 0 && ply + 1 === context.opening.plies) {
    button.classList.add('opening-end');
    titles.push(t('moves.opening', { name: context.opening.name }));
    labels.push(t('moves.opening', { name: context.opening.name }));
  }
  if (node.comment) labels.push(t('moves.commentLabel', { comment: node.comment }));
  if (titles.length > 0) button.title = titles.join(t('languages.titleSeparator'));
  button.setAttribute('aria-label', labels.join(t('square.separator')));
  if (node === record.current) {
    button.classList.add('current');
    button.setAttribute('aria-current', 'step');
  }
  if (ply >= record.cursor) button.classList.add('future');
  return button;
}

/**
 * A comment, shown as text.
 * @param {string} comment
 * @param {string} tag 'span' in a variation's line, 'li' under a main-line move
 */
function commentElement(comment, tag) {
  const element = document.createElement(tag);
  element.className = 'comment';
  element.textContent = comment;
  return element;
}

/**
 * The variations `nodes` (alternatives to the same move), each in a box of its own.
 * @param {MoveNode[]} nodes
 * @param {ListContext} context
 * @param {string} tag the element holding them: 'li' in the list, 'div' inside a variation
 */
function variationsElement(nodes, context, tag) {
  const block = document.createElement(tag);
  block.className = 'variations';
  block.append(...nodes.map((node) => variationElement(node, context)));
  return block;
}

/**
 * The variation that starts with `first`: a fold button, then its moves in
 * a row, each followed by its comment and by the variations tried instead of
 * the next move; folded, only its first move and how many more it holds.
 * @param {MoveNode} first
 * @param {ListContext} context
 */
function variationElement(first, context) {
  const box = document.createElement('div');
  box.className = 'variation';
  box.setAttribute('role', 'group');
  const number = numberOf(first) ?? numberOf(/** @type {MoveNode} */ (first.parent)) ?? 0;
  box.setAttribute('aria-label', t('moves.variationLabel', { number, move: first.move }));
  const fold = document.createElement('button');
  fold.type = 'button';
  fold.className = 'fold';
  fold.dataset.fold = String(first.id);
  fold.setAttribute('aria-expanded', String(!first.collapsed));
  fold.setAttribute('aria-label', t(first.collapsed ? 'moves.unfold' : 'moves.fold', { move: first.move }));
  fold.title = fold.getAttribute('aria-label');
  fold.textContent = first.collapsed ? '▸' : '▾';
  box.append(fold);
  let row = document.createElement('span');
  row.className = 'line';
  box.append(row);
  row.append(moveButton(first, context, true));
  if (first.collapsed) {
    const hidden = [...first.nodes()].length - 1;
    if (hidden > 0) {
      const more = document.createElement('span');
      more.className = 'more';
      more.textContent = t('moves.hidden', { count: hidden });
      row.append(more);
    }
    return box;
  }
  if (first.comment) row.append(commentElement(first.comment, 'span'));
  for (let node = first.children[0]; node; node = node.children[0]) {
    row.append(moveButton(node, context, true));
    if (node.comment) row.append(commentElement(node.comment, 'span'));
    const others = /** @type {MoveNode} */ (node.parent).children.slice(1);
    if (others.length > 0) {
      box.append(variationsElement(others, context, 'div'));
      row = document.createElement('span');
      row.className = 'line';
      box.append(row);
    }
  }
  if (row.childElementCount === 0) row.remove();
  return box;
}

/**
 * Draws `record`'s moves into the list element `list`: the main line, with
 * each move's comment and the variations tried instead of it; mistakes
 * marked by `lossOf` (discs a move lost in the analysis), `opening` ({ name,
 * plies } on the board's line, or null) named after its last move.
 * @param {HTMLElement} list
 * @param {import('./record.js').GameRecord} record
 * @param {(position: string, move: string) => number | undefined} [lossOf]
 * @param {{ name: string, plies: number } | null} [opening]
 */
export function renderMoveList(list, record, lossOf = () => undefined, opening = null) {
  /** @type {ListContext} */
  const context = { record, lossOf, opening, line: record.lineNodes };
  const focused = list.contains(document.activeElement);
  const items = [];
  const start = document.createElement('li');
  start.className = 'start';
  const startButton = document.createElement('button');
  startButton.type = 'button';
  startButton.dataset.ply = '0';
  startButton.dataset.node = String(record.root.id);
  startButton.textContent = t(record.standardStart ? 'moves.start' : 'moves.startSetUp');
  if (record.cursor === 0) {
    startButton.classList.add('current');
    startButton.setAttribute('aria-current', 'step');
  }
  start.append(startButton);
  items.push(start);
  if (record.root.comment) items.push(commentElement(record.root.comment, 'li'));
  const main = record.mainLine;
  main.forEach((node, index) => {
    const before = /** @type {MoveNode} */ (node.parent).position;
    // The right column for White's move: after the start (White moving first in a set-up position) or an interruption.
    const interrupted = index === 0 || main[index - 1].comment !== '' || main[index - 1].parent.children.length > 1;
    if (interrupted && status(before).toMove === 'white') {
      const gap = document.createElement('li');
      gap.className = 'gap';
      gap.setAttribute('aria-hidden', 'true');
      gap.textContent = index === 0 ? '' : '…';
      items.push(gap);
    }
    const item = document.createElement('li');
    const button = moveButton(node, context, false);
    button.dataset.ply = String(index + 1);
    if (node.move === 'pa') item.classList.add('pass');
    if (button.classList.contains('opening-end')) item.classList.add('opening-end');
    item.append(button);
    items.push(item);
    if (node.comment) items.push(commentElement(node.comment, 'li'));
    const others = /** @type {MoveNode} */ (node.parent).children.slice(1);
    if (others.length > 0) items.push(variationsElement(others, context, 'li'));
  });
  list.replaceChildren(...items);
  scrollToCurrent(list);
  // Keys that moved through the list keep the focus on the move on the board.
  if (focused) /** @type {HTMLElement | null} */ (list.querySelector('button.current'))?.focus({ preventScroll: true });
}

/**
 * Keeps the current move in view by scrolling `box` only (not the page),
 * a whole row at its top edge.
 * @param {HTMLElement} box
 */
export function scrollToCurrent(box) {
  const current = /** @type {HTMLElement | null} */ (box.querySelector('.current'));
  if (!current || box.clientHeight === 0) return;
  const origin = box.getBoundingClientRect().top - box.scrollTop;
  const top = current.getBoundingClientRect().top - origin;
  const bottom = top + current.offsetHeight;
  let target = box.scrollTop;
  if (top < target) target = top;
  else if (bottom > target + box.clientHeight) target = bottom - box.clientHeight;
  else return;
  // The first row that starts at or below the target: no row is cut at the top.
  const rows = [...box.children].map((item) => item.getBoundingClientRect().top - origin);
  const row = rows.find((rowTop) => rowTop >= target - 1);
  box.scrollTop = Math.max(0, Math.min(row ?? target, top));
}
