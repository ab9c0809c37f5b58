// How a finished game is told: the status line, the result card over the
// board and the GGF result. Empty squares go to the winner (the scoring the
// engine uses), and the card says so. The sides are named as the
// position's board names them (Black and White, or Red and White).
import { BOARD_8, boardKindOf, score, sideName as nameOf } from './board-kind.js';

const other = (color) => (color === 'black' ? 'white' : 'black');

/** "Black wins by 10", "White wins by 64", "Draw" from the first side's final score; `sides` names them. */
export function resultText(final, sides = BOARD_8.sides) {
  return final === 0 ? 'Draw' : final > 0 ? `${sides.black} wins by ${final}` : `${sides.white} wins by ${-final}`;
}

function emptiesRule(empties) {
  return `${empties === 1 ? 'the empty square goes' : `the ${empties} empty squares go`} to the winner`;
}

/** The game-over line of a finished `position`: result, discs on the board and the rule for empty squares. */
export function gameOverText(position) {
  const { black, white, empties, final } = score(position);
  const rule = empties === 0 || final === 0 ? '' : `; ${emptiesRule(empties)}`;
  return `${resultText(final, boardKindOf(position).sides)} (${black}–${white}${rule})`;
}

/** The GGF result from Black's side: "+10", "-64:t" for a loss on time, "?" while undecided. */
export function ggfResult(position, gameOver, flagged) {
  if (flagged) return `${flagged === 'black' ? '-' : '+'}64:t`;
  if (!gameOver) return '?';
  const final = score(position).final;
  return final > 0 ? `+${final}` : `${final}`;
}

/**
 * Fills the result card (`{ title, score, rule }` elements) for the game
 * ending in `position`, or for `flagged`, the side that ran out of time.
 */
export function fillResultCard(card, position, flagged) {
  const { black, white, empties, final } = score(position);
  const sideName = (color) => nameOf(position, color);
  if (flagged) {
    card.title.textContent = `${sideName(other(flagged))} wins on time`;
    card.score.textContent = `${sideName(flagged)} ran out of time with ${black}–${white} on the board.`;
    card.rule.textContent = 'You may play on without the clock, or start again.';
    return;
  }
  card.title.textContent = final === 0 ? 'Draw' : `${sideName(final > 0 ? 'black' : 'white')} wins`;
  const winner = Math.max(black, white) + (final === 0 ? 0 : empties);
  const loser = Math.min(black, white);
  card.score.textContent = `${winner}–${loser}`;
  card.rule.textContent = empties === 0
    ? `Every square is filled: ${black}–${white} on the board.`
    : `${black}–${white} on the board; ${emptiesRule(empties)}${final === 0 ? ' (a draw: nobody gets them)' : ''}.`;
}

/**
 * The status line: whose turn it is (and whether the engine thinks or
 * waits), the result of a finished game, or a loss on time. `who` is
 * 'human' or 'engine' for the side to move; `named`: the human is "you".
 */
export function statusText({ state, position, flagged, who, paused, named }) {
  const sideName = (color) => nameOf(position, color);
  if (flagged) return `${sideName(flagged)} lost on time: ${sideName(other(flagged))} wins.`;
  if (state.status === 'gameover') return `Game over: ${gameOverText(position)}.`;
  const side = sideName(state.toMove);
  if (who === 'engine') return paused ? `${side} (engine) to move — paused.` : `${side} (engine) is thinking…`;
  return `${side}${named ? ' (you)' : ''} to move.`;
}
