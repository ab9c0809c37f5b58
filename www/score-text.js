// How the page writes a score, one convention everywhere: a score is the
// disc margin at the end of the game with best play, and it always says
// whose it is. In words (the engine panel, the review, the graph's readout,
// the result) it names the side ahead: "Black +4", "White +2", "Even"; a
// proven result without a margin: "Black wins", "Draw". On the board a
// hint badge is the margin for the player to move (who would play it),
// drawn in that player's disc colour: "+2", "-3". On the 96-square board a
// search that does not reach the end scores with the CS 221 evaluation,
// whose units are not discs: those scores are rounded and marked "eval".
import { t } from './i18n.js';

/**
 * The units of a score of `kind` ('depth', 'book', 'wld', 'exact') on the board `boardId`:
 * 'discs', or 'eval' for the 96-square board's evaluation.
 * @param {number} boardId
 * @param {string} kind
 * @returns {'discs' | 'eval'}
 */
export function scoreUnits(boardId, kind) {
  return boardId === 96 && kind !== 'exact' && kind !== 'wld' ? 'eval' : 'discs';
}

/**
 * A margin as a figure: whole discs as they are, the evaluation rounded.
 * @param {number} margin
 * @returns {string}
 */
function figure(margin) {
  return String(Math.round(Math.abs(margin)));
}

/**
 * A score in words from the side it favours: "Black +4", "White +2", "Even",
 * "Black wins" (a proven win without its margin), "Red +12 eval".
 * @param {number} black the score for the first side (Black, Red)
 * @param {string} kind how it was found: 'depth', 'book', 'wld', 'exact'
 * @param {{ id: number, sides: { black: string, white: string } }} board the board kind (board-kind.js)
 * @returns {string}
 */
export function sideScore(black, kind, board) {
  const units = scoreUnits(board.id, kind);
  const side = black > 0 ? board.sides.black : board.sides.white;
  if (kind === 'wld') return black === 0 ? t('score.draw') : t('score.wins', { side });
  if (Math.round(black) === 0) return t('score.even');
  return t(units === 'eval' ? 'score.sideEval' : 'score.side', { side, margin: figure(black) });
}

/**
 * A score for the player to move, as a hint badge shows it: "+2", "-3", "0";
 * "win", "loss", "draw" when only that is proven. The evaluation is rounded.
 * @param {number} score the score for the player to move
 * @param {string} kind
 * @returns {string}
 */
export function moverScore(score, kind) {
  if (kind === 'wld') return score > 0 ? t('score.win') : score < 0 ? t('score.loss') : t('score.drawShort');
  const rounded = Math.round(score);
  return rounded > 0 ? `+${rounded}` : `${rounded}`;
}
