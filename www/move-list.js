// The move list: one button per ply (passes included), the current one
// marked, the ones after it (kept for redo) dimmed. A button's data-ply is
// the number of moves on the board after jumping to it. Once positions are
// analysed, a move that lost discs against the best move of the same
// analysis is marked ? (MISTAKE or more) or ?? (BLUNDER or more); the last
// move of the named opening carries its name.
import { sideName, status } from './board-kind.js';
import { BLUNDER, MISTAKE } from './analysis.js';

/**
 * Draws `record`'s moves into the list element `list`, with mistakes marked
 * from `losses` (discs lost by ply index) and `opening` ({ name, plies } or
 * null) named after its last move.
 */
export function renderMoveList(list, record, losses = [], opening = null) {
  const items = [];
  const start = document.createElement('li');
  start.className = 'start';
  const startButton = document.createElement('button');
  startButton.type = 'button';
  startButton.dataset.ply = '0';
  startButton.textContent = record.standardStart ? 'Start' : 'Start (set-up position)';
  if (record.cursor === 0) startButton.classList.add('current');
  start.append(startButton);
  items.push(start);
  record.moves.forEach((move, index) => {
    const ply = index + 1;
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.ply = String(ply);
    const mover = status(record.positions[index]).toMove;
    const number = document.createElement('span');
    number.className = 'n';
    number.textContent = ply;
    const dot = document.createElement('span');
    dot.className = `dot ${record.kind.discClass[mover]}`;
    button.append(number, dot, move === 'pa' ? 'pass' : move);
    let label = `move ${ply}, ${sideName(record.positions[index], mover).toLowerCase()} ${move === 'pa' ? 'passes' : move}`;
    const loss = losses[index];
    if (loss >= MISTAKE) {
      const mark = document.createElement('span');
      mark.className = 'mistake';
      mark.textContent = loss >= BLUNDER ? '??' : '?';
      button.append(mark);
      button.title = `loses ${loss} discs against the best move`;
      label += `, loses ${loss} discs`;
    }
    if (opening && ply === opening.plies) {
      item.classList.add('opening-end');
      button.title = [button.title, `${opening.name} opening`].filter(Boolean).join('; ');
      label += `, ${opening.name} opening`;
    }
    button.setAttribute('aria-label', label);
    if (ply === record.cursor) button.classList.add('current');
    if (ply > record.cursor) button.classList.add('future');
    item.append(button);
    items.push(item);
  });
  list.replaceChildren(...items);
  scrollToCurrent(list);
}

/** Keeps the current move in view by scrolling the list only (not the page). */
function scrollToCurrent(list) {
  const current = list.querySelector('.current');
  if (!current) return;
  const top = current.offsetTop;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (top + current.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = top + current.offsetHeight - list.clientHeight;
  }
}
