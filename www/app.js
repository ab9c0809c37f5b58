// Placeholder page: two players on one board, the rules from the engine's wasm.
// The UI owns the game record; the engine only answers questions about positions.
import { init, legalMoves, parseGame, play, status } from './pkg/index.js';

const boardElement = document.getElementById('board');
const statusElement = document.getElementById('status');
const errorElement = document.getElementById('error');
const passButton = document.getElementById('pass');
const transcriptInput = document.getElementById('transcript');

let moves = [];

function position() {
  return moves.join('');
}

function render() {
  const state = status(position());
  const legal = new Set(legalMoves(position()));
  boardElement.replaceChildren();
  [...state.board].forEach((cell, index) => {
    const name = 'abcdefgh'[index % 8] + (Math.floor(index / 8) + 1);
    const square = document.createElement('button');
    square.type = 'button';
    square.className = 'square' + (legal.has(name) ? ' legal' : '');
    square.setAttribute('aria-label', name);
    if (cell !== '-') {
      const disc = document.createElement('span');
      disc.className = 'disc ' + (cell === 'X' ? 'black' : 'white');
      square.append(disc);
    }
    square.addEventListener('click', () => legal.has(name) && move(name));
    boardElement.append(square);
  });
  const side = state.toMove === 'black' ? 'Black' : 'White';
  const counts = `Black ${state.black} – White ${state.white}`;
  statusElement.textContent =
    state.status === 'gameover' ? `Game over. ${counts}` :
    state.status === 'pass' ? `${side} has no move and must pass. ${counts}` :
    `${side} to move. ${counts}`;
  passButton.hidden = state.status !== 'pass';
  transcriptInput.value = parseGame(position()).transcript;
}

function move(name) {
  play(status(position()).position, name);
  moves.push(name);
  errorElement.textContent = '';
  render();
}

document.getElementById('undo').addEventListener('click', () => { moves.pop(); render(); });
document.getElementById('new').addEventListener('click', () => { moves = []; render(); });
passButton.addEventListener('click', () => { moves.push('pa'); render(); });
document.getElementById('load').addEventListener('click', () => {
  try {
    moves = parseGame(transcriptInput.value).moves;
    errorElement.textContent = '';
  } catch (error) {
    errorElement.textContent = error.message;
  }
  render();
});

await init();
render();
