// The game record the page owns: a start position and the moves played from
// it as a tree (game-tree.js: each move with the position after it, the time
// it took and a comment; from each position the move played first continues
// the line, the others are its variations), the players' names when the
// record brings its own, and how the game ended when it ended off the board
// (a resignation, a loss on time).
//
// The main line is the first move from each position: the game itself, which
// exports, results and the clock are about. The board shows one line of the
// tree at a time: `moves`, `times` and `positions` are that line (the moves
// to the move chosen last, then its first continuations), `cursor` how many
// of them are on the board; the moves after the cursor are kept for redo.
// A move played at the cursor follows the line when it is the next move, and
// otherwise, as the caller says: starts a variation (analysis), or replaces
// the moves after the cursor (a takeback in a game being played).
// The rules come from the engine's wasm (cheap synchronous calls), for the
// record's board kind (board-kind.js), which its start position says.
import { formatGame, formatVariations } from './pkg/index.js';
import { BOARD_8, boardKindOf } from './board-kind.js';
import { MoveNode, childrenJSON, keptComment, readChildren, variationTree } from './game-tree.js';
import { t } from './i18n.js';

/** The standard start position of the 8x8 board as an OBF line. */
export const START = BOARD_8.start;

export class GameRecord {
  /** @type {MoveNode[]} the line on the board (the start excluded) */
  #line = [];
  /** @type {MoveNode | null} the last move of the main line when the game ended off the board */
  #endedAt = null;
  /** @type {{ how: 'resignation' | 'time', loser: 'black' | 'white' } | null} */
  #ending = null;

  /**
   * A record from `start` (a position line of its board: an OBF line, or a
   * 96-square line) and `moves`; throws an Error naming a bad move.
   * @param {string} [start]
   * @param {string[]} [moves]
   * @param {number} [cursor]
   */
  constructor(start = START, moves = [], cursor = moves.length) {
    /** The board kind (board-kind.js) the game is played on. */
    this.kind = boardKindOf(start);
    this.start = this.kind.status(start).position;
    /** The start of the tree: its position, and the comment on it. */
    this.root = new MoveNode(null, this.start, null);
    /** @type {string[]} the moves of the line on the board (passes written "pa") */
    this.moves = [];
    /** @type {(number | null)[]} Milliseconds spent on each ply of the line, null where unknown (a loaded game, a pass). */
    this.times = [];
    /** @type {string[]} the positions of the line, the start first */
    this.positions = [this.start];
    let node = this.root;
    for (const move of moves) {
      const child = new MoveNode(move, this.kind.play(node.position, move), node);
      node.children.push(child);
      node = child;
    }
    this.#setLine(node);
    this.cursor = Math.max(0, Math.min(cursor, this.moves.length));
    /** @type {{ black: string, white: string } | null} The players' names from the record; null: the page's players. */
    this.names = null;
    /** @type {'transcript' | 'obf' | 'ggf' | 'variations' | undefined} The notation a parsed record was read as. */
    this.format = undefined;
  }

  /**
   * Reads a game for the board `kind` (default 8x8): a transcript, OBF line
   * or GGF record, a transcript of the 96-square board, or variation text
   * (the whole tree, with its comments); throws an Error naming the problem.
   */
  static parse(text, kind = BOARD_8) {
    const game = kind.parseGame(text.trim());
    const record = new GameRecord(game.start, game.tree ? [] : game.moves);
    record.format = game.format;
    if (game.tree) {
      record.root.comment = keptComment(game.tree.comment);
      readChildren(record.root, game.tree.next, (position, move) => kind.play(position, move));
      record.#setLine(record.root);
      record.cursor = record.moves.length;
      const { Black: black, White: white } = game.tree.tags;
      if (black || white) record.names = { black: black || kind.sides.black, white: white || kind.sides.white };
    }
    if (game.format === 'ggf') {
      const black = ggfProperty(text, 'PB');
      const white = ggfProperty(text, 'PW');
      if (black || white) record.names = { black: black || kind.sides.black, white: white || kind.sides.white };
      const ending = ggfEnding(ggfProperty(text, 'RE'));
      if (ending && record.state.status !== 'gameover') record.ending = ending;
      const times = ggfTimes(text);
      if (times.length === record.moves.length) record.#line.forEach((node, ply) => { node.time = times[ply]; });
      record.#sync();
    }
    return record;
  }

  /** Makes the line on the board the one through `node` (then its first continuations), the cursor on `node`. */
  #setLine(node) {
    this.#line = [...node.path(), ...node.lineFrom()];
    this.#sync();
    this.cursor = node.path().length;
  }

  /** The line's moves, times and positions, from its nodes. */
  #sync() {
    this.moves = this.#line.map((node) => /** @type {string} */ (node.move));
    this.times = this.#line.map((node) => node.time);
    this.positions = [this.start, ...this.#line.map((node) => node.position)];
  }

  /** The move on the board: the last one up to the cursor (the start before any). */
  get current() {
    return this.cursor === 0 ? this.root : this.#line[this.cursor - 1];
  }

  /** The moves of the line on the board (the start excluded). */
  get lineNodes() {
    return [...this.#line];
  }

  /** The main line: the first move from each position. */
  get mainLine() {
    return this.root.lineFrom();
  }

  /** The move at the end of the main line (the start when it has none). */
  get mainEnd() {
    return this.mainLine.at(-1) ?? this.root;
  }

  /** The position at the end of the main line: the game's. */
  get finalPosition() {
    return this.mainEnd.position;
  }

  /** Whether the move on the board is on the main line (the start is). */
  get onMainLine() {
    return this.current.path().every((node) => node.isMain);
  }

  /** Whether the board shows the end of the main line. */
  get atMainEnd() {
    return this.current === this.mainEnd;
  }

  /** Whether the tree has variations. */
  get hasVariations() {
    for (const node of this.root.nodes()) if (node.children.length > 1) return true;
    return false;
  }

  /** The move with `id` (MoveNode.id) in the tree, or null. */
  node(id) {
    for (const node of this.root.nodes()) if (node.id === id) return node;
    return null;
  }

  /** Every position of the tree (the start first). */
  allPositions() {
    return [...this.root.nodes()].map((node) => node.position);
  }

  /**
   * How the game at the end of the main line ended off the board, or null:
   * `{ how: 'resignation' | 'time', loser: 'black' | 'white' }`. Set, it
   * belongs to that move: a main line changed since has none.
   */
  get ending() {
    return this.#endedAt === this.mainEnd ? this.#ending : null;
  }

  set ending(ending) {
    this.#ending = ending;
    this.#endedAt = ending === null ? null : this.mainEnd;
  }

  /** The position on the board (OBF line). */
  get position() {
    return this.positions[this.cursor];
  }

  /** Status of the position on the board (side to move, legal moves, counts). */
  get state() {
    return this.kind.status(this.position);
  }

  /**
   * Plays `move` at the cursor, `time` ms after the position came up (null:
   * unknown). The next move of the line is followed; another move, with
   * `branch`, starts a variation (or follows the one that begins with it),
   * which the board shows; without it the game is played on: the line on
   * the board becomes the main line and the move replaces the moves after
   * the cursor (a takeback), which are kept as a variation only when they
   * carry comments or variations.
   * @param {string} move
   * @param {number | null} [time]
   * @param {{ branch?: boolean }} [how]
   */
  play(move, time = null, { branch = false } = {}) {
    const next = this.#line[this.cursor];
    if (next?.move === move) {
      if (time !== null) next.time = time;
      this.cursor += 1;
      this.#sync();
      return;
    }
    const node = this.current;
    let child = node.children.find((entry) => entry.move === move);
    if (!branch) this.promote(node);
    if (!child) {
      child = new MoveNode(move, this.kind.play(node.position, move), node, time);
      if (branch) node.children.push(child);
      else {
        if (next && !next.annotated) node.children.splice(node.children.indexOf(next), 1);
        node.children.unshift(child);
      }
    } else {
      if (time !== null) child.time = time;
      if (!branch) node.children.unshift(...node.children.splice(node.children.indexOf(child), 1));
    }
    this.#setLine(child);
  }

  /**
   * Makes the line through `node` the main line: at each move before it, the
   * move it goes through comes first (the former first continuation becomes
   * a variation). The board stays where it is.
   * @param {MoveNode} node
   */
  promote(node) {
    for (let at = node; at.parent !== null; at = at.parent) {
      const siblings = at.parent.children;
      siblings.unshift(...siblings.splice(siblings.indexOf(at), 1));
      // A main line is never folded.
      at.collapsed = false;
    }
    this.#sync();
  }

  /**
   * Deletes `node` and the moves after it (not the start); the board goes to
   * the move before it when it showed one of them. Returns what `restore`
   * needs to put them back (null for the start).
   * @param {MoveNode} node
   * @returns {{ node: MoveNode, index: number, end: MoveNode, cursor: number } | null}
   */
  remove(node) {
    const parent = node.parent;
    if (parent === null) return null;
    const removed = { node, index: parent.children.indexOf(node), end: this.#line.at(-1) ?? this.root, cursor: this.cursor };
    parent.children.splice(removed.index, 1);
    if (this.#line.includes(node)) this.#setLine(parent);
    return removed;
  }

  /**
   * Puts back moves deleted by `remove` (`removed`, what it returned): the
   * move where it was among its position's, the moves after it with their
   * comments and variations, and the line on the board and the cursor as
   * they were. False (nothing changed) when its position is no longer in
   * the tree or now has that move.
   * @param {{ node: MoveNode, index: number, end: MoveNode, cursor: number }} removed
   * @returns {boolean}
   */
  restore({ node, index, end, cursor }) {
    const parent = node.parent;
    if (parent === null || parent.children.some((child) => child.move === node.move)) return false;
    const inTree = parent === this.root || (parent.path()[0].parent === this.root
      && parent.path().every((step) => /** @type {MoveNode} */ (step.parent).children.includes(step)));
    if (!inTree) return false;
    parent.children.splice(Math.min(index, parent.children.length), 0, node);
    this.#setLine(end);
    this.jump(cursor);
    return true;
  }

  /**
   * Shows the line through `node` (one of the tree's), the board on it; a
   * move of the line on the board only moves the cursor, unless `anew` (the
   * line then goes on from `node` by its first continuations). Past a pass, as jump.
   * @param {MoveNode} node
   * @param {boolean} [anew]
   */
  select(node, anew = false) {
    const ply = this.#line.indexOf(node);
    if (ply >= 0 && !anew) this.jump(ply + 1);
    else if (node === this.root && !anew) this.jump(0);
    else {
      this.#setLine(node);
      this.jump(this.cursor);
    }
  }

  /** Ends the main line at the cursor: the line on the board becomes the main line, and the moves after the cursor go. */
  #cut() {
    const node = this.current;
    this.promote(node);
    node.children.length = 0;
    this.#setLine(node);
    this.ending = null;
  }

  /** `loser` resigns at the cursor: the moves after it are dropped and the game ends. */
  resign(loser) {
    this.#cut();
    this.ending = { how: 'resignation', loser };
  }

  /** `loser` ran out of time at the end of the record (null: the game goes on without the clock). */
  flag(loser) {
    this.ending = loser ? { how: 'time', loser } : null;
  }

  /** Whether the game is over on the board: no move left for either side, or at the end of a game ended off the board. */
  get over() {
    return this.atMainEnd && this.ending !== null || this.state.status === 'gameover';
  }

  /** Whether the game (its main line) is over. */
  get finished() {
    return this.ending !== null || this.kind.status(this.finalPosition).status === 'gameover';
  }

  get canUndo() {
    return this.cursor > 0;
  }

  get canRedo() {
    return this.cursor < this.moves.length;
  }

  /** Moves the cursor to `ply` of the line (0: the start), skipping over a position where the side can only pass. */
  jump(ply) {
    this.cursor = Math.max(0, Math.min(ply, this.moves.length));
    while (this.cursor < this.moves.length && this.moves[this.cursor] === 'pa') this.cursor += 1;
  }

  /** One move back (past a pass, so the side on the board can move). */
  undo() {
    if (!this.canUndo) return;
    this.cursor -= 1;
    while (this.cursor > 0 && this.moves[this.cursor] === 'pa') this.cursor -= 1;
  }

  /** One move forward again (past a pass). */
  redo() {
    if (!this.canRedo) return;
    this.jump(this.cursor + 1);
  }

  /**
   * The number of the move at ply `ply` of the line (an index into
   * `moves`): Othello numbers moves by discs placed, from 1 after the
   * record's start, so a pass takes no number (null).
   */
  moveNumber(ply) {
    if (this.moves[ply] === 'pa' || ply < 0 || ply >= this.moves.length) return null;
    let number = 0;
    for (let index = 0; index <= ply; index += 1) if (this.moves[index] !== 'pa') number += 1;
    return number;
  }

  /**
   * Moves (discs placed, passes not counted) in the first `plies` plies of
   * the line on the board; without `plies`, in the whole game (the main line).
   * @param {number} [plies]
   */
  movesPlayed(plies) {
    const moves = plies === undefined ? this.mainLine.map((node) => node.move) : this.moves.slice(0, plies);
    return moves.filter((move) => move !== 'pa').length;
  }

  /**
   * The transcript sheet: each square played in the first `plies` plies of
   * the line (default: all) with its move number, as a Map from square name to number.
   */
  squareNumbers(plies = this.moves.length) {
    const numbers = new Map();
    let number = 0;
    for (const move of this.moves.slice(0, plies)) {
      if (move === 'pa') continue;
      number += 1;
      numbers.set(move, number);
    }
    return numbers;
  }

  /** Whether the record starts from its board's start position. */
  get standardStart() {
    return this.start === this.kind.start;
  }

  /**
   * The game (the main line) as a transcript (passes implicit), whatever
   * move is on the board; null from a set-up position.
   */
  transcript() {
    if (!this.standardStart) return null;
    return this.kind.transcript(this.mainLine.map((node) => node.move));
  }

  /**
   * The game (the main line) as a GGF record with its start position and
   * `tags` (`{ PB, PW, RE, DT, ... }`, empty values left out); 8x8 games only.
   */
  ggf(tags = {}) {
    if (!this.kind.features.ggf) throw new Error(t('flow.ggfOnly8x8'));
    const board = this.start.slice(0, 64).replaceAll('X', '*');
    const side = this.start.endsWith('X') ? '*' : 'O';
    const line = this.mainLine;
    let text = `(;GM[Othello]PC[othello-wasm page]TY[8]BO[8 ${board} ${side}]`;
    line.forEach((node) => {
      const colour = /** @type {MoveNode} */ (node.parent).position.endsWith('X') ? 'B' : 'W';
      text += `${colour}[${node.move === 'pa' ? 'PA' : node.move.toUpperCase()}]`;
    });
    const written = Object.fromEntries(Object.entries(tags).filter(([, value]) => value !== undefined && value !== ''));
    const formatted = formatGame(`${text};)`, 'ggf', written);
    // The time of each move, in seconds after "//" (GGF's move form): the moves follow the board.
    const split = formatted.indexOf(']', formatted.indexOf('BO[')) + 1;
    let ply = 0;
    const moves = formatted.slice(split).replace(/(?<![A-Z])([BW])\[([^\]]*)\]/g, (whole, colour, move) => {
      const time = line[ply]?.time;
      ply += 1;
      return Number.isFinite(time) ? `${colour}[${move}//${(time / 1000).toFixed(2)}]` : whole;
    });
    return formatted.slice(0, split) + moves;
  }

  /**
   * The whole tree as variation text (the package's formatVariations: the
   * main line, each variation after the move it replaces, comments), with
   * `names` as the Black and White tags when given.
   * @param {{ black: string, white: string } | null} [names]
   */
  variationText(names = null) {
    const tags = names ? { Black: names.black, White: names.white } : {};
    return formatVariations(variationTree(this.root, tags), this.kind.id === 96 ? { board: 96 } : undefined);
  }

  /**
   * What local storage keeps: the main line's moves and times and the
   * cursor on it (as older versions kept a game); for a game with
   * variations, comments or folds also the whole tree, the comment on the
   * start and the line on the board (the index of each of its moves among
   * its position's), the cursor then being on that line.
   */
  toJSON() {
    const main = this.mainLine;
    const saved = {
      start: this.start, moves: main.map((node) => node.move), times: main.map((node) => node.time),
      cursor: this.cursor, names: this.names, ending: this.ending,
    };
    const plain = [...this.root.nodes()].every((node) => node.children.length <= 1 && !node.comment && !node.collapsed);
    if (plain) return saved;
    return {
      ...saved, comment: this.root.comment, tree: childrenJSON(this.root),
      line: this.#line.map((node) => /** @type {MoveNode} */ (node.parent).children.indexOf(node)),
    };
  }

  /**
   * A record from `toJSON()` output (or an older version's, which kept the
   * moves of one line, its times and the cursor on it); throws when it is
   * not a valid game (its times, names, comments and ending are kept when valid).
   */
  static fromJSON(data) {
    if (!data || typeof data.start !== 'string' || !Array.isArray(data.moves)) {
      throw new Error(t('flow.notRecord'));
    }
    if (data.tree === undefined) {
      const record = new GameRecord(data.start, data.moves, Number(data.cursor) || 0);
      if (Array.isArray(data.times)) {
        record.#line.forEach((node, ply) => {
          const time = data.times[ply];
          node.time = Number.isFinite(time) && time >= 0 ? time : null;
        });
        record.#sync();
      }
      record.#readDetails(data);
      return record;
    }
    const record = new GameRecord(data.start);
    readChildren(record.root, data.tree, (position, move) => record.kind.play(position, move));
    record.root.comment = keptComment(data.comment);
    // The line on the board, as far as the tree has it.
    let node = record.root;
    for (const index of Array.isArray(data.line) ? data.line : []) {
      const child = Number.isInteger(index) ? node.children[index] : undefined;
      if (!child) break;
      node = child;
    }
    record.#setLine(node);
    record.cursor = Math.max(0, Math.min(Number(data.cursor) || 0, record.moves.length));
    record.#readDetails(data);
    return record;
  }

  /** The names and the ending kept with a record, when valid. */
  #readDetails(data) {
    const names = data.names;
    if (names && typeof names.black === 'string' && typeof names.white === 'string') {
      this.names = { black: names.black.slice(0, 100), white: names.white.slice(0, 100) };
    }
    const ending = data.ending;
    if (ending && ['resignation', 'time'].includes(ending.how) && ['black', 'white'].includes(ending.loser)) {
      this.ending = { how: ending.how, loser: ending.loser };
    }
  }
}

/**
 * The value of the first property `name` of a GGF record `text` (`\]` read
 * as `]`), trimmed; '' when it has none.
 * @param {string} text
 * @param {string} name
 * @returns {string}
 */
export function ggfProperty(text, name) {
  const found = new RegExp(`(?<![A-Z])${name}\\[((?:\\\\.|[^\\]\\\\])*)\\]`).exec(text);
  return found ? found[1].replace(/\\(.)/g, '$1').trim().slice(0, 100) : '';
}

/**
 * The time of each move of a GGF record `text` (`B[f5//3.20]`: seconds), in
 * ms, null for a move without one.
 * @param {string} text
 * @returns {(number | null)[]}
 */
function ggfTimes(text) {
  const board = text.indexOf('BO[');
  const moves = board < 0 ? '' : text.slice(text.indexOf(']', board) + 1);
  return [...moves.matchAll(/(?<![A-Z])[BW]\[([^\]]*)\]/g)].map(([, move]) => {
    const seconds = /\/\/\s*(\d+(?:\.\d+)?)/.exec(move);
    return seconds ? Math.round(Number(seconds[1]) * 1000) : null;
  });
}

/**
 * How a GGF result (`RE`, from Black's side) says the game ended off the
 * board: "+64:r" White resigned, "-10:t" Black lost on time; else null.
 * @param {string} result
 * @returns {{ how: 'resignation' | 'time', loser: 'black' | 'white' } | null}
 */
export function ggfEnding(result) {
  const found = /^([+-])[\d.]*:([rt])$/i.exec(result);
  if (!found) return null;
  return { how: found[2].toLowerCase() === 'r' ? 'resignation' : 'time', loser: found[1] === '+' ? 'white' : 'black' };
}

/** The squares whose discs changed colour between two boards (board strings of one kind, a square a character). */
export function flippedSquares(before, after) {
  const flipped = [];
  for (let index = 0; index < before.length; index += 1) {
    if (before[index] !== '-' && after[index] !== '-' && before[index] !== after[index]) flipped.push(index);
  }
  return flipped;
}
