// The page's game: the record on the board (record.js) and what goes with
// it while it is played (its clock, whether the engine waits, the position
// being set up, the analysis running, what the result card and the board's
// animation are at). Everything the scheduler and the drawing read; the
// game controller (game-controller.js) changes it.

/**
 * @typedef {object} PageGame
 * @property {import('./record.js').GameRecord} record the game on the board (null until the page has read the
 *   saved one)
 * @property {boolean} paused the engine waits on its turn until asked to play (after undo, a jump, a load, a failure)
 * @property {import('./setup.js').PositionEditor | null} setup the position editor while setting up a position,
 *   else null
 * @property {import('./clock.js').GameClock | null} clock the game clock in a timed game, else null
 * @property {{ black: any, white: any }} clockMemory per side, what the 96-square agent's time manager reported
 *   after its last move on the clock (`clockMemory`), handed back on its next move; null before its first
 * @property {number} seed drawn for each game: with the ply, the seed of the seeds' players (so `random` differs
 *   between games)
 * @property {{ stopped: boolean } | null} analysis the whole-game analysis in progress, or null
 * @property {boolean} resultSeen the result card was closed (or the game ended before this page load)
 * @property {boolean} animate the next board drawing animates the move just played
 * @property {number | null} turnStarted when the position at the end of the record came up (performance.now()),
 *   for the time of the next move; null: unknown
 * @property {boolean} confirmResign the resignation is waiting for the player's confirmation
 * @property {TrainerBoard | null} trainer a trainer that has the board (opening-trainer.js), else null: the game
 *   waits, the board shows the trainer's position and a click there is the trainer's
 */

/**
 * A trainer that has the board: what the board, the side boxes and the status line show, and where a click goes.
 * @typedef {object} TrainerBoard
 * @property {() => { board: string, legal: string[], last: string | null, flipped: number[], marks: Map<string, object>,
 *   toMove: 'black' | 'white', black: number, white: number }} view the position shown (8x8), its legal moves where
 *   the player is to move, the last move, the discs it flipped, marks (hint badges by square) and the disc counts
 * @property {(square: string) => void} click the player clicked `square`
 * @property {() => string} status the status line
 * @property {(color: 'black' | 'white') => { name: string, role: string }} shown who plays the side
 * @property {() => import('./record.js').GameRecord} line the line trained as a record (from the start, the opening's
 *   moves first), which the move list shows instead of the game

/**
 * The page's game before the saved one is read.
 * @returns {PageGame}
 */
export function newPageGame() {
  return {
    record: null,
    paused: false,
    setup: null,
    clock: null,
    clockMemory: { black: null, white: null },
    seed: newGameSeed(),
    analysis: null,
    resultSeen: true,
    animate: false,
    turnStarted: null,
    confirmResign: false,
    trainer: null,
  };
}

/**
 * A fresh seed for a game's seed players: a whole number below 2^32.
 * @returns {number}
 */
export function newGameSeed() {
  return Math.floor(Math.random() * 2 ** 32);
}
