// The move list: one button per ply (passes included), the current one
// marked, the ones after it (kept for redo) dimmed. A button's data-ply is
// the number of moves on the board after jumping to it.
import { status } from './pkg/index.js';

/** Draws `record`'s moves into the list element `list`. */
export function renderMoveList(list, record) {
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
    dot.className = `dot ${mover}`;
    button.append(number, dot, move === 'pa' ? 'pass' : move);
    button.setAttribute('aria-label', `move ${ply}, ${mover} ${move === 'pa' ? 'passes' : move}`);
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
