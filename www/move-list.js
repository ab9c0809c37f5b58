// The move list: one button per ply (passes included, in their side's
// column: Black's moves left, White's right), each move numbered as Othello
// numbers them (by discs placed, a pass takes no number), with the time it
// took; the current one marked, the ones after it (kept for redo) dimmed. A
// button's data-ply is the number of plies on the board after jumping to it.
// Once positions are analysed, a move that lost discs against the best move
// of the same analysis is marked ? (MISTAKE or more) or ?? (BLUNDER or
// more); the last move of the named opening carries its name.
import { status } from './board-kind.js';
import { nameOf as sideName } from './result.js';
import { BLUNDER, MISTAKE } from './analysis.js';
import { t } from './i18n.js';

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
 * Draws `record`'s moves into the list element `list`, with mistakes marked
 * from `losses` (discs lost by ply index) and `opening` ({ name, plies } or
 * null) named after its last move.
 * @param {HTMLElement} list
 * @param {import('./record.js').GameRecord} record
 * @param {(number | undefined)[]} [losses]
 * @param {{ name: string, plies: number } | null} [opening]
 */
export function renderMoveList(list, record, losses = [], opening = null) {
  const items = [];
  const start = document.createElement('li');
  start.className = 'start';
  const startButton = document.createElement('button');
  startButton.type = 'button';
  startButton.dataset.ply = '0';
  startButton.textContent = t(record.standardStart ? 'moves.start' : 'moves.startSetUp');
  if (record.cursor === 0) startButton.classList.add('current');
  start.append(startButton);
  items.push(start);
  // White moving first (a set-up position): Black's column starts empty.
  if (record.moves.length > 0 && status(record.positions[0]).toMove === 'white') {
    const gap = document.createElement('li');
    gap.className = 'gap';
    gap.setAttribute('aria-hidden', 'true');
    items.push(gap);
  }
  record.moves.forEach((move, index) => {
    const ply = index + 1;
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.ply = String(ply);
    const mover = status(record.positions[index]).toMove;
    const side = sideName(record.positions[index], mover);
    const moveNumber = record.moveNumber(index);
    const number = document.createElement('span');
    number.className = 'n';
    number.textContent = moveNumber === null ? '' : String(moveNumber);
    const dot = document.createElement('span');
    dot.className = `dot ${record.kind.discClass[mover]}`;
    const square = document.createElement('span');
    square.className = 'sq';
    square.textContent = move === 'pa' ? t('moves.pass') : move;
    button.append(number, dot, square);
    if (move === 'pa') item.classList.add('pass');
    const labels = [move === 'pa' ? t('moves.passLabel', { side }) : t('moves.label', { number: moveNumber, side, move })];
    const titles = [];
    const loss = losses[index];
    if (loss >= MISTAKE) {
      const mark = document.createElement('span');
      mark.className = 'mistake';
      mark.textContent = loss >= BLUNDER ? '??' : '?';
      button.append(mark);
      titles.push(t('moves.losesTitle', { loss }));
      labels.push(t('moves.loses', { loss }));
    }
    const time = moveTimeText(record.times[index]);
    if (time && move !== 'pa') {
      const spent = document.createElement('span');
      spent.className = 'time';
      spent.textContent = time;
      button.append(spent);
      labels.push(time);
    }
    if (opening && ply === opening.plies) {
      item.classList.add('opening-end');
      titles.push(t('moves.opening', { name: opening.name }));
      labels.push(t('moves.opening', { name: opening.name }));
    }
    if (titles.length > 0) button.title = titles.join(t('languages.titleSeparator'));
    button.setAttribute('aria-label', labels.join(t('square.separator')));
    if (ply === record.cursor) button.classList.add('current');
    if (ply > record.cursor) button.classList.add('future');
    item.append(button);
    items.push(item);
  });
  list.replaceChildren(...items);
  scrollToCurrent(list);
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
