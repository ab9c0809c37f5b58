// The named Othello openings: each line is a transcript from the standard
// start position, written in the usual frame where Black's first move is f5,
// with the name the opening goes by.
//
// Source: Robert Gatliff's catalogue of Othello opening names, read in two
// programs that carry it: Gunnar Andersson's Zebra (opname.c, generated
// from the catalogue: 76 lines, all but the Mimura) and Chris Welty's NBoard
// (ThorOpeningMap: 72 of the lines, the Mimura among them, in the f5 frame);
// the two agree on every line both have, NBoard writing the diagonal
// openings in their mirror image (d6 for f4 as the fourth move). Gatliff
// writes the lines with Black's first move at c4; they are turned into the f5 frame here by the 180-degree rotation
// (c4 -> f5, e3 -> d6, ...), which writes the diagonal openings with f4 as
// the fourth move (Buffalo f5 f6 e6 f4 c3), as the Japanese tables do.
// Where Gatliff gives several names for one line, "the most common name is
// listed first": that one is kept here and the others are noted beside it.
// "Opening" is left off the names of the first-move openings
// (Perpendicular, Diagonal, Parallel) and of the X-square. Lysons is written
// as the Snake followed by c6, as copies of Gatliff's list write it; Zebra
// writes the mirror image of the same position (f5 f6 e6 d6 f7 f3), which
// the lookup treats as the same opening. One line is not in Gatliff's
// catalogue: the Rabbit (usagi), the Japanese name of f5 d6 c5 f4 e3, as
// Egaroucid's Japanese opening table places it.
//
// tests/node/openings.test.mjs plays every line through the engine.

/**
 * The named openings as `[transcript, name]` pairs: lowercase moves without
 * spaces, Black's first move f5; names are unique, and no line is repeated.
 * @type {ReadonlyArray<readonly [string, string]>}
 */
export const OPENING_NAMES = Object.freeze([
  // The perpendicular opening (f5 d6) and the Tiger family.
  ['f5d6', 'Perpendicular'],
  ['f5d6c3d3c4', 'Tiger'],
  ['f5d6c3d3c4b3', 'Aubrey'], // also Tanaka
  ['f5d6c3d3c4b3d2f4', 'Aubrey (Feldborg Continuation)'],
  ['f5d6c3d3c4f4c5b3c2', 'Rose-Bill'],
  ['f5d6c3d3c4f4c5b3c2b4', 'Central Rose-Bill'], // also Dead Draw
  ['f5d6c3d3c4f4c5b3c2e6', 'Tamenori'],
  ['f5d6c3d3c4f4c5b4b5c6f3e6e3', 'Ishii'],
  ['f5d6c3d3c4f4c5b4b5c6f3e6e3g6f6g5d7g3', 'Mainline Tiger'],
  ['f5d6c3d3c4f4e3', 'Brightwell'],
  ['f5d6c3d3c4f4e6', "Leader's Tiger"],
  ['f5d6c3d3c4f4f6', 'Stephenson'],
  ['f5d6c3d3c4f4f6b4', 'Kung'],
  ['f5d6c3d3c4f4f6f3', "Comp'Oth"],
  ['f5d6c3d3c4f4f6f3e3', 'Lightning Bolt'],
  ['f5d6c3d3c4f4f6f3e6e7d7g6f8f7g5h6h4g4h3h5h7', 'F.A.T. Draw'],
  ['f5d6c3d3c4f4f6g5', 'No-Kung'],
  ['f5d6c3d3c4f4f6g5e3f3g4h3g3f2', 'No-Kung (Continuation)'],
  ['f5d6c3g5', 'Bent Ganglion'], // NBoard: Ganglion
  // f5 d6 c4: the Cat, the Italian and the Ganglion.
  ['f5d6c4d3c5', 'Cat'],
  ['f5d6c4d3c5f4e3f3c2b4b3', 'Berner'],
  ['f5d6c4d3c5f4e3f3c2c6', 'Sakaguchi'],
  ['f5d6c4d3e6', 'Italian'],
  ['f5d6c4g5', 'Ganglion'], // also No-Cat (NBoard's name for it)
  ['f5d6c4g5c6', 'Swallow'],
  ['f5d6c4g5c6c5d7d3b4c3e3f3', 'No-Cat (Continuation)'],
  // f5 d6 c5: the Horse, the Rabbit and the Rose family.
  ['f5d6c5f4d3', 'Horse'],
  ['f5d6c5f4e3', 'Rabbit'],
  ['f5d6c5f4e3c6d3f3', 'Ralle'],
  ['f5d6c5f4e3c6d3f6e6d7', 'Rose'],
  ['f5d6c5f4e3c6d3f6e6d7e7', 'Greenberg'], // also Dawg
  ['f5d6c5f4e3c6d3f6e6d7g3c4', 'Rose-Birth'],
  ['f5d6c5f4e3c6d3f6e6d7g3c4b4', 'Rose-Birdie'], // also Rose-Tamenori
  ['f5d6c5f4e3c6d3f6e6d7g3c4b4c3', 'Rose-Tamenori-Kling'],
  ['f5d6c5f4e3c6d3f6e6d7g3c4g5c3b4e2', 'Brightstein'],
  ['f5d6c5f4e3c6d3f6e6d7g4', 'Flat'],
  ['f5d6c5f4e3c6d3f6e6d7g4c4', 'Rotating Flat'],
  ['f5d6c5f4e3c6d3f6e6d7g4c4g5c3f7d2e7f2', 'Rotating Flat (Kling Continuation)'],
  ['f5d6c5f4e3c6d3f6e6d7g4c4g6', 'Murakami Variation'],
  ['f5d6c5f4e3c6d7', 'Bhagat'],
  ['f5d6c5f4e3c6e6', 'Inoue'],
  ['f5d6c5f4e3c6e6f6', 'Iago'],
  ['f5d6c5f4e3c6f3', 'Shaman'], // also Danish
  ['f5d6c5f4e3d3', 'Mimura'],
  // The parallel opening (f5 f4).
  ['f5f4', 'Parallel'],
  // The diagonal opening (f5 f6) and its families.
  ['f5f6', 'Diagonal'],
  ['f5f6c4f4', 'Semi-Wing Variation'],
  ['f5f6d3f4', 'Wing Variation'],
  ['f5f6e6f4c3', 'Buffalo'], // also Kenichi Variation
  ['f5f6e6f4c3c4', 'Hokuriku Buffalo'],
  ['f5f6e6f4c3d6f3c4c5b4', 'Tanida Buffalo'],
  ['f5f6e6f4c3d7f3', 'Maruoka Buffalo'],
  ['f5f6e6f4e3', 'Cow'],
  ['f5f6e6f4e3c5c4', 'Rose-v-Toth'],
  ['f5f6e6f4e3c5c4d3c3', 'Landau'],
  ['f5f6e6f4e3c5c4d3f3e2', 'Maruoka'],
  ['f5f6e6f4e3c5c4e7', 'Tanida'],
  ['f5f6e6f4e3c5c4e7b5e2', 'Sailboat'],
  ['f5f6e6f4e3c5c4e7g4', 'Aircraft'], // also Feldborg
  ['f5f6e6f4e3c5g5', 'Cow Bat'], // also Bat, Cambridge
  ['f5f6e6f4e3c5g5d6g6', 'Bat (Kling Alternative)'],
  ['f5f6e6f4e3c5g5f3g4g6g3d6f7h5h4h3e7', 'Bat (Kling Continuation)'],
  ['f5f6e6f4e3c5g5g3g4f3c4', 'Melnikov'], // also Bat (Piau Continuation 1)
  ['f5f6e6f4e3c5g5g3g4f3g6', 'Bat (Piau Continuation 2)'],
  ['f5f6e6f4e3d6', 'Chimney'],
  ['f5f6e6f4g3', 'Rocket'],
  ['f5f6e6f4g3d6', 'Lollipop'],
  ['f5f6e6f4g3f3g4', 'Hamilton'],
  ['f5f6e6f4g4', 'Raccoon Dog'],
  ['f5f6e6f4g5', 'Heath'], // also Tobidashi
  ['f5f6e6f4g5d6', 'Heath-Chimney'], // also Mass-Turning
  ['f5f6e6f4g5e7d7', 'Iwasaki Variation'],
  ['f5f6e6f4g5e7e3', 'Heath-Bat'],
  ['f5f6e6f4g5e7f7c5e3f3c4d3c2', 'Mimura Variation II'],
  ['f5f6e6f4g6', 'Snake'], // also Peasant
  ['f5f6e6f4g6c5g4g5f3e3c4', 'Pyramid'], // also Checkerboarding Peasant
  ['f5f6e6f4g6c6', 'Lysons'],
  ['f5f6e6f4g7', 'X-square'],
]);

/**
 * The positions on the named lines that are their own mirror image, as
 * `[transcript, symmetries]` (names of the symmetries in openings.js). From
 * such a position a game may go on in either image, so the lookup follows
 * both: the start position (whose images give the four first moves), and
 * f5 f6 e6, where d6 and f4 are the same move. The test derives this list
 * from the engine's positions and checks it is complete.
 * @type {ReadonlyArray<readonly [string, ReadonlyArray<string>]>}
 */
export const SYMMETRIC_POSITIONS = Object.freeze([
  ['', ['a1-h8', 'a8-h1', 'rotate-180']],
  ['f5f6e6', ['a1-h8']],
]);
