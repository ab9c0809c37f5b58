// The transcript sheet: the game drawn as Othello players write it down, a
// board whose start discs are drawn and whose every played square carries
// the number of the move played there (numbered by discs placed, as
// record.js numbers them). The current move is ringed, moves kept for redo
// are dimmed, and each number is a button that jumps to its move (its
// data-ply: the plies on the board after it).
import { status } from './board-kind.js';
import { t } from './i18n.js';
import { sideWord } from './result.js';

/**
 * Draws the sheet of `record` into `sheet`.
 * @param {HTMLElement} sheet
 * @param {import('./record.js').GameRecord} record
 */
export function renderTranscriptSheet(sheet, record) {
  const { geometry, discClass, cellSide } = record.kind;
  const size = geometry.size;
  sheet.style.setProperty('--size', String(size));
  sheet.setAttribute('aria-label', t('moves.sheetLabel'));
  // Per square: the ply that played it (the last one, should a square come twice in a set-up game).
  const plies = new Map();
  record.moves.forEach((move, index) => { if (move !== 'pa') plies.set(move, index); });
  // The move on the board: the last disc placed up to the cursor.
  let current = record.cursor - 1;
  while (current >= 0 && record.moves[current] === 'pa') current -= 1;
  const cells = [document.createElement('span')];
  for (const file of geometry.files) cells.push(coordinate(file));
  for (let row = 0; row < size; row += 1) {
    cells.push(coordinate(geometry.ranks[row]));
    for (let column = 0; column < size; column += 1) {
      const index = geometry.at(row, column);
      const cell = document.createElement('span');
      cell.className = 'cell';
      if (index === -1) {
        cell.classList.add('hole');
        cells.push(cell);
        continue;
      }
      const name = geometry.squareName(index);
      const ply = plies.get(name);
      const startSide = cellSide[record.start[index]];
      if (ply !== undefined) {
        const mover = status(record.positions[ply]).toMove;
        const button = document.createElement('button');
        button.type = 'button';
        button.className = `num ${discClass[mover]}`;
        button.dataset.ply = String(ply + 1);
        button.dataset.square = name;
        const number = record.moveNumber(ply);
        button.textContent = String(number);
        const side = sideWord(record.kind.sides[mover]);
        button.setAttribute('aria-label', t('moves.label', { number, side, move: name }));
        if (ply === current) button.classList.add('current');
        if (ply >= record.cursor) button.classList.add('future');
        cell.append(button);
      } else if (startSide) {
        const disc = document.createElement('span');
        disc.className = `start-disc ${discClass[startSide]}`;
        cell.append(disc);
      }
      cells.push(cell);
    }
  }
  sheet.replaceChildren(...cells);
}

/**
 * A file or rank label at the sheet's edge.
 * @param {string} text
 * @returns {HTMLElement}
 */
function coordinate(text) {
  const label = document.createElement('span');
  label.className = 'coord-label';
  label.setAttribute('aria-hidden', 'true');
  label.textContent = text;
  return label;
}
