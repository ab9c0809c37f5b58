// The shape of a board: a square grid of `size` rows and columns, files
// a, b, c, ... left to right and ranks 1, 2, 3, ... top to bottom (a1 top
// left), with some grid places that are holes: not squares at all (the
// 96-square board of the CS 221 report has four, c3, h3, c8 and h8). The
// playable squares are numbered 0, 1, 2, ... in reading order, holes
// skipped: the order of the board strings the engine answers with. Plain
// ES module: no DOM, no engine calls.

const FILES = 'abcdefghijklmnopqrstuvwxyz';

export class Geometry {
  /** A `size` x `size` grid without the squares named in `holes`. */
  constructor(size, holes = []) {
    this.size = size;
    /** The file letters, left to right. */
    this.files = [...FILES.slice(0, size)];
    /** The rank labels, top to bottom. */
    this.ranks = Array.from({ length: size }, (_, row) => String(row + 1));
    /** The holes' names, as given. */
    this.holes = [...holes];
    const holeSet = new Set(holes);
    /** Per grid place (row * size + column): its square's index, or -1 for a hole. */
    this.grid = [];
    /** Per square index: its name. */
    this.names = [];
    /** Per square index: `{ row, column }`. */
    this.places = [];
    for (let row = 0; row < size; row += 1) {
      for (let column = 0; column < size; column += 1) {
        const name = this.files[column] + this.ranks[row];
        if (holeSet.has(name)) {
          this.grid.push(-1);
        } else {
          this.grid.push(this.names.length);
          this.names.push(name);
          this.places.push({ row, column });
        }
      }
    }
    this.indexes = new Map(this.names.map((name, index) => [name, index]));
  }

  /** How many playable squares. */
  get squares() {
    return this.names.length;
  }

  /** The name of square `index` (0: a1). */
  squareName(index) {
    return this.names[index];
  }

  /** The index of the square `name`; -1 when it is not a square of this board (a hole, off the board, not a name). */
  squareIndex(name) {
    return this.indexes.get(name) ?? -1;
  }

  /** The square at `row`, `column` (0-based): its index, -1 for a hole, undefined off the board. */
  at(row, column) {
    if (row < 0 || column < 0 || row >= this.size || column >= this.size) return undefined;
    return this.grid[row * this.size + column];
  }

  /**
   * The square one step from square `index` in direction (`rows`, `columns`),
   * stepping over holes (a hole is not a place to stop); null at the edge.
   */
  step(index, rows, columns) {
    let { row, column } = this.places[index];
    for (;;) {
      row += rows;
      column += columns;
      const next = this.at(row, column);
      if (next === undefined) return null;
      if (next !== -1) return next;
    }
  }
}
