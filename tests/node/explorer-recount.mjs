// A recount of the opening explorer's answers straight from
// data/wthor-games.txt.gz, sharing no code with the explorer (the tests of
// the package, tests/node/explore.test.mjs, and of the page,
// tests/browser/page-explorer.test.mjs): the games whose first moves cover
// the position's squares in one of its eight orientations (computed here,
// square by square) are replayed by the package's rules, and the position
// after them is compared with those orientations disc by disc.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/** Every game of the file: `{ year, black, white, moves }` (moves: square names). */
export function readGames() {
  return gunzipSync(readFileSync(new URL('../../data/wthor-games.txt.gz', import.meta.url)))
    .toString('utf8').trim().split('\n').map((line) => {
      const [year, black, white, moves] = line.split(' ');
      return { year: Number(year), black: Number(black), white: Number(white), moves: moves.match(/../g) };
    });
}

/** Square `index` (a1 = 0) under symmetry `s`: bit 0 mirrors the columns, bit 1 the rows, bit 2 then swaps them. */
function image(s, index) {
  let column = index % 8;
  let row = Math.floor(index / 8);
  if (s & 1) column = 7 - column;
  if (s & 2) row = 7 - row;
  if (s & 4) [column, row] = [row, column];
  return row * 8 + column;
}

const indexOf = (name) => (name.charCodeAt(0) - 97) + 8 * (Number(name[1]) - 1);
const nameOf = (index) => `${String.fromCharCode(97 + (index % 8))}${Math.floor(index / 8) + 1}`;
const SYMMETRIES = [0, 1, 2, 3, 4, 5, 6, 7];

/** The 64 squares of an OBF line under symmetry `s`. */
function imageBoard(s, board) {
  const squares = new Array(64);
  for (let i = 0; i < 64; i += 1) squares[image(s, i)] = board[i];
  return squares.join('');
}

/**
 * A recount with the package `othello` (loaded) over `games`: a function of
 * a transcript without passes giving the games that reached its position in
 * any orientation, `{ games, blackWins, draws, whiteWins, discSum, latest,
 * moves }`, `moves` a Map from each move they played there (named in the
 * orientation of the transcript) to the same counts of its games; `latest`
 * is the number of the most recent game (-1 for none).
 */
export function recounter(othello, games) {
  return (line) => {
    const target = othello.parseGame(line).position;
    const [board, side] = target.split(' ');
    const plies = line.length / 2;
    const occupied = [...board].flatMap((c, i) => (c === '-' ? [] : [i]));
    // The squares the first moves cover, in each orientation: a quick filter.
    const keys = new Set(SYMMETRIES.map((s) => occupied.map((i) => image(s, i)).sort((a, b) => a - b).join()));
    const centre = [27, 28, 35, 36];
    const tally = () => ({ games: 0, blackWins: 0, draws: 0, whiteWins: 0, discSum: 0, latest: -1 });
    const add = (t, game, index) => {
      t.games += 1;
      t.blackWins += game.black > game.white ? 1 : 0;
      t.draws += game.black === game.white ? 1 : 0;
      t.whiteWins += game.black < game.white ? 1 : 0;
      t.discSum += game.black - game.white;
      t.latest = Math.max(t.latest, index);
    };
    const total = tally();
    const moves = new Map();
    games.forEach((game, index) => {
      const first = game.moves.slice(0, plies);
      if (!keys.has([...centre, ...first.map(indexOf)].sort((a, b) => a - b).join())) return;
      const [reached, toMove] = othello.parseGame(first.join('')).position.split(' ');
      if (toMove !== side) return;
      const s = SYMMETRIES.find((k) => imageBoard(k, board) === reached);
      if (s === undefined) return;
      add(total, game, index);
      const next = game.moves[plies];
      if (next === undefined) return;
      // The move in the orientation of `line`: the square whose image it is.
      const name = nameOf([...Array(64).keys()].find((i) => image(s, i) === indexOf(next)));
      if (!moves.has(name)) moves.set(name, tally());
      add(moves.get(name), game, index);
    });
    return { ...total, moves };
  };
}
