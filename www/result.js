// How a game's result is told, in one statement everywhere: the status line,
// the result card over the board, the list of previous games, the copy
// messages and the GGF result. The winner comes first ("Black wins 40–24",
// "White wins by resignation"). Empty squares go to the winner (the scoring
// the engine uses), and the card says so. The sides are named as the
// position's board names them (Black and White, or Red and White).
import { score, sideName as boardSideName } from './board-kind.js';
import { sentences, t } from './i18n.js';

/** The sides' names as the board kinds write them (board-kind.js), in the language shown. */
const SIDE_WORDS = { Black: () => t('flow.sideBlack'), White: () => t('flow.sideWhite'), Red: () => t('flow.sideRed') };

/**
 * A side's name from its board kind ("Black", "Red") in the language shown.
 * @param {string} name
 */
export function sideWord(name) {
  return SIDE_WORDS[name]?.() ?? name;
}

/**
 * The name of side `color` of the board of `position`, in the language shown.
 * @param {string} position
 * @param {string} color 'black' or 'white'
 */
export function nameOf(position, color) {
  return sideWord(boardSideName(position, color));
}

/** @typedef {{ how: 'resignation' | 'time', loser: 'black' | 'white' } | null} Ending */

const other = (color) => (color === 'black' ? 'white' : 'black');

/**
 * The result of the game ending in `position` (or by `ending`): the winner
 * ('black', 'white', or null for a draw), how ('discs', 'resignation',
 * 'time') and the score, winner first, with the empty squares to the winner.
 * @param {string} position
 * @param {Ending} [ending]
 */
export function outcome(position, ending = null) {
  const { black, white, empties, final } = score(position);
  if (ending) return { winner: other(ending.loser), how: ending.how, black, white, empties, high: 0, low: 0 };
  const winner = final > 0 ? 'black' : final < 0 ? 'white' : null;
  const high = winner === null ? black : Math.max(black, white) + empties;
  const low = winner === null ? white : Math.min(black, white);
  return { winner, how: 'discs', black, white, empties, high, low };
}

/**
 * The result in one line: "Black wins 40–24", "Draw 32–32", "White wins by
 * resignation", "White wins on time".
 * @param {string} position the position the game ended in
 * @param {Ending} [ending]
 */
export function resultText(position, ending = null) {
  const found = outcome(position, ending);
  const side = found.winner && nameOf(position, found.winner);
  if (found.how === 'resignation') return t('result.byResignation', { side });
  if (found.how === 'time') return t('result.onTime', { side });
  if (found.winner === null) return t('result.draw', { high: found.high, low: found.low });
  return t('result.wins', { side, high: found.high, low: found.low });
}

/** The discs on the board, named: "Black 13 · White 0". */
function countsText(position, { black, white }) {
  return t('result.counts', { black: nameOf(position, 'black'), white: nameOf(position, 'white'), blackCount: black, whiteCount: white });
}

/**
 * The game-over line of the game ending in `position` (or by `ending`): the
 * result, and where empty squares were given, the discs on the board.
 */
export function gameOverText(position, ending = null) {
  const result = resultText(position, ending);
  const found = outcome(position, ending);
  if (found.how !== 'discs' || found.empties === 0 || found.winner === null) return t('result.gameOver', { result });
  const high = Math.max(found.black, found.white);
  const low = Math.min(found.black, found.white);
  return t('result.gameOverEmpties', { result, high, low, empties: found.empties });
}

/** The GGF result from Black's side: "+10", "-64:t" for a loss on time, "+64:r" when White resigned, "?" while undecided. */
export function ggfResult(position, gameOver, ending = null) {
  if (ending) return `${ending.loser === 'black' ? '-' : '+'}64:${ending.how === 'time' ? 't' : 'r'}`;
  if (!gameOver) return '?';
  const final = score(position).final;
  return final > 0 ? `+${final}` : `${final}`;
}

/**
 * Fills the result card (`{ title, score, rule }` elements) for the game
 * ending in `position` (or by `ending`, after move `number`); `playOn`: the
 * flag fell on a live clock, and the game may go on without it.
 */
export function fillResultCard(card, position, { ending = null, number = 0, playOn = false } = {}) {
  const found = outcome(position, ending);
  const side = found.winner && nameOf(position, found.winner);
  if (found.how !== 'discs') {
    const loser = nameOf(position, ending.loser);
    card.title.textContent = resultText(position, ending);
    card.score.textContent = countsText(position, found);
    // Before the first move there is no "after move 0" to speak of.
    const time = found.how === 'time';
    const said = number === 0 ? t(time ? 'result.flaggedFirst' : 'result.resignedFirst', { loser })
      : t(time ? 'result.flagged' : 'result.resigned', { loser, number });
    card.rule.textContent = playOn ? sentences(said, t('result.playOn')) : said;
    return;
  }
  card.title.textContent = found.winner === null ? t('result.drawTitle') : t('result.winsTitle', { side });
  card.score.textContent = `${found.high}–${found.low}`;
  const counts = countsText(position, found);
  card.rule.textContent = found.empties === 0 ? t('result.filled', { counts })
    : t(found.winner === null ? 'result.emptiesDraw' : 'result.empties', { counts, empties: found.empties });
}

/**
 * The status line: whose turn it is (and whether the engine thinks or
 * waits), or the result of a finished game. `who` is 'human' or 'engine'
 * for the side to move; `named`: the human is "you"; `review`: a loaded
 * game, which the engine does not play.
 */
export function statusText({ state, position, ending, who, paused, named, review }) {
  const sideName = (color) => nameOf(position, color);
  if (ending || state.status === 'gameover') return gameOverText(position, ending);
  const side = sideName(state.toMove);
  if (review) return t('result.reviewToMove', { side });
  if (who === 'engine') return t(paused ? 'flow.enginePaused' : 'flow.engineThinking', { side });
  return t(named ? 'flow.youToMove' : 'flow.toMove', { side });
}

