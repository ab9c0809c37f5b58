// The board page's table of named openings (www/opening-names.js) and its
// lookup (www/openings.js): every line played through the engine, the
// symmetries checked against the engine's positions, and the lookup's
// answers for games in each frame.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { init, play, legalMoves, parseGame } from '../../pkg/index.js';
import { OPENING_NAMES, SYMMETRIC_POSITIONS } from '../../www/opening-names.js';
import { openingName, openingLine, transformSquare, SYMMETRIES, START_SYMMETRIES } from '../../www/openings.js';

/** The fewest named openings the page should know. */
const MIN_OPENINGS = 60;

/** Squares on a side of the board. */
const SIZE = 8;

const FILES = 'abcdefgh';

const TIGER = 'f5d6c3d3c4';

const movesOf = (transcript) => transcript.match(/../g) ?? [];

/** The standard start position as an OBF line. */
const START = '---------------------------OX------XO--------------------------- X';

/** The board part (64 squares, a1 to h8 rank by rank) of an OBF line. */
const boardOf = (position) => position.slice(0, SIZE * SIZE);

/** `board` (64 characters) seen through `symmetry`. */
function transformBoard(board, symmetry) {
  const image = Array(SIZE * SIZE);
  for (let index = 0; index < SIZE * SIZE; index += 1) {
    const square = FILES[index % SIZE] + (Math.floor(index / SIZE) + 1);
    const target = transformSquare(square, symmetry);
    image[FILES.indexOf(target[0]) + (Number(target[1]) - 1) * SIZE] = board[index];
  }
  return image.join('');
}

/** The positions (OBF lines) after each move of `moves`, the start first; fails on an illegal move. */
function positionsAlong(moves, where) {
  const positions = [START];
  for (const [index, move] of moves.entries()) {
    const before = positions[positions.length - 1];
    assert.ok(legalMoves(before).includes(move), `${where}: move ${index + 1} (${move}) is not legal`);
    positions.push(play(before, move));
  }
  return positions;
}

/** The same position up to the board's symmetries, as one string. */
const canonical = (position) => SYMMETRIES.map((symmetry) => transformBoard(boardOf(position), symmetry)).sort()[0] + position.slice(SIZE * SIZE);

before(async () => {
  await init();
});

test('the table has the standard openings, each line legal move by move', () => {
  assert.ok(OPENING_NAMES.length >= MIN_OPENINGS, `${OPENING_NAMES.length} openings`);
  for (const [line, name] of OPENING_NAMES) {
    assert.match(line, /^f5(?:[a-h][1-8])+$/, name);
    assert.equal(typeof name, 'string');
    assert.notEqual(name.trim(), '');
    const positions = positionsAlong(movesOf(line), `${name} (${line})`);
    assert.equal(positions.length, movesOf(line).length + 1);
  }
  const names = new Map(OPENING_NAMES.map(([line, name]) => [name, line]));
  for (const name of ['Tiger', 'Rose', 'Buffalo', 'Heath', 'Cow', 'Snake', 'Cat', 'Aubrey', 'Brightwell', 'Stephenson', 'No-Kung', "Leader's Tiger", 'Chimney', 'Mimura', 'Shaman', 'Rose-v-Toth', 'Tamenori', 'Inoue', 'Iwasaki Variation', 'Maruoka', 'Perpendicular', 'Parallel', 'Diagonal', 'Horse', 'Sailboat', 'Lysons', 'Tanida', 'Kung', 'Swallow', 'Raccoon Dog', 'Greenberg', 'Italian', 'Wing Variation', 'Heath-Bat', 'Heath-Chimney', 'Rose-Bill', 'Flat', "Comp'Oth", 'Aircraft', 'X-square', 'Ralle', 'Ganglion', 'Cow Bat']) {
    assert.ok(names.has(name), `${name} is missing`);
  }
  assert.equal(names.get('Tiger'), TIGER);
  assert.equal(names.get('Buffalo'), 'f5f6e6f4c3');
  assert.equal(names.get('Rose'), 'f5d6c5f4e3c6d3f6e6d7');
});

test('names are unique and no line is named twice', () => {
  assert.equal(new Set(OPENING_NAMES.map(([, name]) => name)).size, OPENING_NAMES.length);
  assert.equal(new Set(OPENING_NAMES.map(([line]) => line)).size, OPENING_NAMES.length);
});

test('no two named lines reach the same position, in any image of the board', () => {
  const seen = new Map();
  for (const [line, name] of OPENING_NAMES) {
    const key = canonical(positionsAlong(movesOf(line), name).at(-1));
    assert.ok(!seen.has(key), `${name} reaches the position of ${seen.get(key)}`);
    seen.set(key, name);
  }
});

test('the square transforms keep the start position and give the four first moves', () => {
  assert.equal(parseGame('').position, START);
  const firsts = START_SYMMETRIES.map((symmetry) => transformSquare('f5', symmetry));
  assert.deepEqual(firsts, ['f5', 'e6', 'd3', 'c4']);
  assert.deepEqual([...firsts].sort(), [...legalMoves(START)].sort());
  for (const symmetry of SYMMETRIES) {
    const keeps = transformBoard(boardOf(START), symmetry) === boardOf(START);
    assert.equal(keeps, START_SYMMETRIES.includes(symmetry), symmetry);
    assert.equal(transformSquare('a1', symmetry).length, 2);
    assert.equal(new Set(Array.from({ length: 64 }, (_, i) => transformSquare(FILES[i % SIZE] + (Math.floor(i / SIZE) + 1), symmetry))).size, 64, `${symmetry} is a permutation`);
  }
  assert.equal(transformSquare('h1', 'a1-h8'), 'a8');
  assert.equal(transformSquare('a1', 'a8-h1'), 'h8');
  assert.equal(transformSquare('b2', 'rotate-180'), 'g7');
  // The engine agrees: the mapped line reaches the mapped position, move by move.
  for (const [line, name] of OPENING_NAMES) {
    const moves = movesOf(line);
    const positions = positionsAlong(moves, name);
    for (const symmetry of START_SYMMETRIES) {
      const mapped = positionsAlong(moves.map((move) => transformSquare(move, symmetry)), `${name} in the ${symmetry} image`);
      mapped.forEach((position, ply) => {
        assert.equal(boardOf(position), transformBoard(boardOf(positions[ply]), symmetry), `${name}, ${symmetry}, ply ${ply}`);
      });
    }
  }
});

test('the symmetric positions listed are exactly those on the named lines', () => {
  const found = new Map();
  for (const [line, name] of OPENING_NAMES) {
    const moves = movesOf(line);
    positionsAlong(moves, name).forEach((position, ply) => {
      const board = boardOf(position);
      const own = SYMMETRIES.filter((symmetry) => symmetry !== 'identity' && transformBoard(board, symmetry) === board);
      if (own.length > 0) found.set(moves.slice(0, ply).join(''), own);
    });
  }
  assert.deepEqual(
    new Map(SYMMETRIC_POSITIONS.map(([line, symmetries]) => [line, [...symmetries].sort()])),
    new Map([...found].map(([line, symmetries]) => [line, [...symmetries].sort()])),
  );
});

test('every named line is found by its own name, from each first move', () => {
  for (const [line, name] of OPENING_NAMES) {
    for (const symmetry of START_SYMMETRIES) {
      const moves = movesOf(line).map((move) => transformSquare(move, symmetry));
      assert.deepEqual(openingName(moves), { name, plies: moves.length }, `${name} in the ${symmetry} image`);
    }
  }
});

test('the Tiger is the Tiger from any first move', () => {
  assert.deepEqual(openingName(movesOf(TIGER)), { name: 'Tiger', plies: 5 });
  const images = START_SYMMETRIES.map((symmetry) => movesOf(TIGER).map((move) => transformSquare(move, symmetry)));
  assert.deepEqual(images.map((moves) => moves[0]), ['f5', 'e6', 'd3', 'c4']);
  assert.deepEqual(images.map((moves) => moves.join('')), ['f5d6c3d3c4', 'e6f4c3c4d3', 'd3c5f6f5e6', 'c4e3f6e6f5']);
  for (const moves of images) assert.deepEqual(openingName(moves), { name: 'Tiger', plies: 5 }, moves.join(''));
  assert.deepEqual(openingName(['F5', 'D6', 'C3', 'D3', 'C4']), { name: 'Tiger', plies: 5 });
});

test('the longest named line the game begins with wins', () => {
  const roseBill = movesOf('f5d6c3d3c4f4c5b3c2');
  assert.deepEqual(openingName(roseBill.slice(0, 5)), { name: 'Tiger', plies: 5 });
  assert.deepEqual(openingName(roseBill.slice(0, 6)), { name: 'Tiger', plies: 5 });
  assert.deepEqual(openingName(roseBill.slice(0, 7)), { name: 'Tiger', plies: 5 });
  assert.deepEqual(openingName(roseBill.slice(0, 8)), { name: 'Tiger', plies: 5 });
  assert.deepEqual(openingName(roseBill), { name: 'Rose-Bill', plies: 9 });
  assert.deepEqual(openingName([...roseBill, 'e6']), { name: 'Tamenori', plies: 10 });
  assert.deepEqual(openingName(movesOf('f5d6c3d3c4f4f6')), { name: 'Stephenson', plies: 7 });
  assert.deepEqual(openingName(movesOf('f5d6c3d3c4f4f6f3')), { name: "Comp'Oth", plies: 8 });
  assert.deepEqual(openingName(movesOf('f5d6c3d3c4f4f6f3e3')), { name: 'Lightning Bolt', plies: 9 });
  // Every named line that extends a shorter one is named by itself, not by the shorter one.
  for (const [line, name] of OPENING_NAMES) {
    const shorter = OPENING_NAMES.filter(([other]) => other !== line && line.startsWith(other));
    if (shorter.length > 0) assert.equal(openingName(movesOf(line)).name, name);
  }
});

test('a game that leaves the named lines keeps the last name it passed', () => {
  // After the Tiger, play on with the first legal move that no named line takes.
  let moves = movesOf(TIGER);
  let position = parseGame(TIGER).position;
  const lines = OPENING_NAMES.map(([line]) => line);
  const offBook = legalMoves(position).find((move) => !lines.some((line) => line.startsWith(TIGER + move)));
  assert.ok(offBook, 'the Tiger has a move off the named lines');
  for (let ply = 0; ply < 10; ply += 1) {
    const move = ply === 0 ? offBook : legalMoves(position)[0];
    moves = [...moves, move];
    position = play(position, move);
    assert.deepEqual(openingName(moves), { name: 'Tiger', plies: 5 }, moves.join(''));
  }
  // One move is no opening yet, and no game is none.
  assert.equal(openingName(['f5']), null);
  assert.equal(openingName(['d3']), null);
  assert.equal(openingName([]), null);
  assert.equal(openingName(undefined), null);
  // Matching stops at a pass or at something that is not a square.
  assert.deepEqual(openingName(['f5', 'd6', 'pa', 'c3']), { name: 'Perpendicular', plies: 2 });
  assert.equal(openingName(['f5', 'pa', 'd6']), null);
  assert.equal(openingName(['f5', 'z9', 'd6']), null);
});

test('after f5 f6 e6, f4 and d6 lead to the same openings', () => {
  // The position after f5 f6 e6 is its own image in the a1-h8 diagonal.
  assert.deepEqual(openingName(movesOf('f5f6e6f4e3')), { name: 'Cow', plies: 5 });
  assert.deepEqual(openingName(movesOf('f5f6e6d6c5')), { name: 'Cow', plies: 5 });
  assert.deepEqual(openingName(movesOf('f5f6e6d6c3')), { name: 'Buffalo', plies: 5 });
  assert.deepEqual(openingName(movesOf('f5f6e6d6f7f3')), { name: 'Lysons', plies: 6 });
  assert.deepEqual(openingName(movesOf('e6f6f5d6c5')), { name: 'Cow', plies: 5 });
  assert.deepEqual(openingName(movesOf('e6f6f5f4e3')), { name: 'Cow', plies: 5 });
  for (const [line, name] of OPENING_NAMES.filter(([line]) => line.startsWith('f5f6e6'))) {
    const mirrored = movesOf(line).map((move, ply) => (ply < 3 ? move : transformSquare(move, 'a1-h8')));
    positionsAlong(mirrored, `${name} mirrored`);
    assert.deepEqual(openingName(mirrored), { name, plies: mirrored.length }, mirrored.join(''));
  }
});

test('openingLine gives each name its line', () => {
  for (const [line, name] of OPENING_NAMES) assert.equal(openingLine(name), line);
  assert.equal(openingLine('Tiger'), TIGER);
  assert.equal(openingLine('No such opening'), null);
});
