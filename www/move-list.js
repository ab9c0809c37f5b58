// The move list: one button per ply (passes included), the current one
// marked, the ones after it (kept for redo) dimmed. A button's data-ply is
// the number of moves on the board after jumping to it. Once positions are
// scored, a move that lost discs against the best play is marked ? (4 or
// more) or ?? (8 or more).
import { status } from './pkg/index.js';

/** Discs a move may lose before it is marked as a mistake (?) or a blunder (??). */
export const MISTAKE = 4;
export const BLUNDER = 8;

/** Scores shallower than this are too rough to call a move a mistake. */
const TRUSTED_DEPTH = 8;

const trusted = (score) => score !== undefined && (score.kind !== 'depth' || score.depth >= TRUSTED_DEPTH);

/**
 * The discs each move lost against the best play, by ply (index 0: the first
 * move), from `scores` ({ black, kind, depth } for each position: Black's
 * score and how it was found); undefined where a score is missing or shallow.
 */
export function moveLosses(record, scores) {
  return record.moves.map((move, index) => {
    const before = scores[index];
    const after = scores[index + 1];
    if (!trusted(before) || !trusted(after) || move === 'pa') return undefined;
    const black = status(record.positions[index]).toMove === 'black';
    return Math.max(0, black ? before.black - after.black : after.black - before.black);
  });
}

/** Draws `record`'s moves into the list element `list`, with mistakes marked from `losses`. */
export function renderMoveList(list, record, losses = []) {
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
    let label = `move ${ply}, ${mover} ${move === 'pa' ? 'passes' : move}`;
    const loss = losses[index];
    if (loss >= MISTAKE) {
      const mark = document.createElement('span');
      mark.className = 'mistake';
      mark.textContent = loss >= BLUNDER ? '??' : '?';
      button.append(mark);
      button.title = `loses ${loss} discs against the best move`;
      label += `, loses ${loss} discs`;
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
