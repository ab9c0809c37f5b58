// The variation text: a game with its variations and comments as plain
// text, read and written here for the package (`parseVariations`,
// `formatVariations`, and `parseGame`, which detects it) and the board page.
//
//   [Black "Tanaka"]
//   [White "Rose"]
//   {Before the first move}
//   f5 d6 c3 {the Tiger} (e3 {Rose} f4) (e6 f4) d3 c4 ...
//
// Moves are square names, with or without spaces between them (`f5d6c3`);
// passes are implicit as in a transcript (`pa`, `ps` or `--` may be written
// where the side to move has no legal move). A variation `( ... )` follows
// the move it replaces and starts from the position before that move;
// several in a row are several alternatives; they nest. A comment `{ ... }`
// is about the move before it (before the first move of the game: about the
// start position); `\}` and `\\` write a brace and a backslash in it. Move
// numbers (`12.` or `12...`) may be written and are skipped. Tags
// `[Name "value"]` come first: `Start` gives the start position (a position
// line of the board; the board's start position when absent), the others
// are kept as they are (the page writes `Black` and `White`).
//
// The rules are the caller's (`TreeRules`): the package passes the engine's,
// for the board asked for. A game tree is plain data: the start position,
// the comment on it, the tags, and `next`, the moves played from it, the
// first continuing the line and the others its variations, each a
// `{ move, comment, next }` of its own. Passes are moves `'pa'` in a tree.
import { ERROR_CODES, codedError, describe } from './errors.js';

/**
 * @typedef {object} TreeRules the rules of the board a tree is played on
 * @property {string} start the board's start position line
 * @property {RegExp} square a square name of the board, anchored (lower case)
 * @property {(position: string) => { position: string, toMove: string, moves: string[], status: string }} status
 *   the side to move (lower case: 'black', 'white', 'red'), its legal moves and whether it must pass or the game is over
 * @property {(position: string, move: string) => string} play the position after a move
 */

/**
 * @typedef {object} VariationMove a move of a game tree
 * @property {string} move the square played, or 'pa' for a pass
 * @property {string} comment the comment on the move ('' when none)
 * @property {VariationMove[]} next the moves played after it: the first continues the line, the others are variations
 */

/**
 * @typedef {object} GameTree a game with its variations
 * @property {string} start the start position line
 * @property {string} comment the comment on the start position ('' when none)
 * @property {Record<string, string>} tags the tags other than Start, in the order written
 * @property {VariationMove[]} next the moves played from the start: the first is the main line's
 */

/** A tag's name. */
const TAG_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Longest comment kept (characters). */
export const MAX_COMMENT = 2000;

/** @param {string} message */
const notation = (message) => codedError(`variations: ${message}`, ERROR_CODES.NOTATION);

/** A side as messages name it: 'Black'. @param {string} side */
const sideName = (side) => side.charAt(0).toUpperCase() + side.slice(1);

/**
 * Whether `text` is variation text rather than another notation: it holds a
 * variation, a comment or a tag (a GGF record, which starts with `(;`, is not).
 * @param {string} text
 * @returns {boolean}
 */
export function isVariationText(text) {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('(;')) return false;
  return /[(){}]/.test(trimmed) || trimmed.startsWith('[');
}

/**
 * A node while a tree is read or checked: its position (and status, once
 * asked), its move number (discs placed from the start), its parent.
 */
class Node {
  /**
   * @param {string} move
   * @param {string} position
   * @param {Node | null} parent
   * @param {number} number
   */
  constructor(move, position, parent, number) {
    this.move = move;
    this.position = position;
    this.parent = parent;
    this.number = number;
    this.comment = '';
    /** @type {Node[]} */
    this.next = [];
    /** @type {ReturnType<TreeRules['status']> | null} */
    this.state = null;
  }
}

/**
 * The move `move` played at `node` (a child of it, merged with one already
 * there): a pass put in first where the side to move has none; throws an
 * Error naming the move and `where` when it is not legal.
 * @param {TreeRules} rules
 * @param {Node} node
 * @param {string} move a square of the board or 'pa'
 * @param {string} where where the move is written, for messages
 * @returns {Node}
 */
function playAt(rules, node, move, where) {
  node.state ??= rules.status(node.position);
  if (node.state.status === 'pass' && move !== 'pa') node = playAt(rules, node, 'pa', where);
  node.state ??= rules.status(node.position);
  const state = node.state;
  const known = node.next.find((child) => child.move === move);
  if (known) return known;
  // Numbered as the engine numbers a transcript's moves: by discs placed, a pass the number of the move it stands for.
  const number = node.number + 1;
  const written = move === 'pa' ? 'pass' : move;
  if (state.status === 'gameover') throw notation(`move ${number} ${written} ${where} comes after the end of the game`);
  if (move === 'pa' && state.status !== 'pass') {
    throw notation(`move ${number} ${where} pass is illegal for ${sideName(state.toMove)}, who has a legal move`);
  }
  if (move !== 'pa' && !state.moves.includes(move)) {
    throw notation(`move ${number} ${where} ${move} is illegal for ${sideName(state.toMove)}`);
  }
  const child = new Node(move, rules.play(node.position, move), node, node.number + (move === 'pa' ? 0 : 1));
  node.next.push(child);
  return child;
}

/**
 * The public tree of `node`'s moves (recursion as deep as a line of legal moves, 130 at most).
 * @param {Node} node
 * @returns {VariationMove[]}
 */
function publicMoves(node) {
  return node.next.map((child) => ({ move: child.move, comment: child.comment, next: publicMoves(child) }));
}

/**
 * Reads variation text (see the head of this file) with `rules`: the game
 * tree, or an Error (code ERR_OTHELLO_NOTATION) naming the problem and the
 * character where it is (from 1), an illegal move by its number.
 * @param {string} text
 * @param {TreeRules} rules
 * @returns {GameTree}
 */
export function readVariations(text, rules) {
  /** @type {Record<string, string>} */
  const tags = {};
  let start = rules.start;
  let index = 0;
  const at = (offset = index) => `at character ${offset + 1}`;
  // Tags first.
  for (;;) {
    while (index < text.length && /\s/.test(text[index])) index += 1;
    if (text[index] !== '[') break;
    const tag = /\[\s*([^\s"\]]+)\s+"((?:\\[\s\S]|[^"\\])*)"\s*\]/y;
    tag.lastIndex = index;
    const found = tag.exec(text);
    if (!found) throw notation(`the tag ${at()} is not [Name "value"]`);
    const [whole, name, quoted] = found;
    if (!TAG_NAME.test(name)) throw notation(`the tag name '${name}' ${at()} is not a name`);
    const value = quoted.replace(/\\([\s\S])/g, '$1');
    if (name === 'Start') {
      try {
        start = rules.status(value).position;
      } catch (error) {
        throw notation(`the Start tag ${at()} is not a position: ${error instanceof Error ? error.message : describe(error)}`);
      }
    } else if (Object.hasOwn(tags, name)) {
      throw notation(`the tag ${name} ${at()} is given twice`);
    } else {
      tags[name] = value;
    }
    index += whole.length;
  }
  const root = new Node('', start, null, 0);
  /**
   * The line being read: `at` the node its last move led to (where its
   * next move is played), `moved` whether it has a move yet, `open` the
   * character of its '(' (-1: the main line).
   * @type {{ at: Node, moved: boolean, open: number }[]}
   */
  const lines = [];
  let line = { at: root, moved: false, open: -1 };
  while (index < text.length) {
    const char = text[index];
    if (/\s/.test(char)) {
      index += 1;
      continue;
    }
    if (char === '{') {
      let end = index + 1;
      let comment = '';
      while (end < text.length && text[end] !== '}') {
        if (text[end] === '\\' && end + 1 < text.length) end += 1;
        comment += text[end];
        end += 1;
      }
      if (end >= text.length) throw notation(`the comment opened ${at()} is not closed with '}'`);
      // Before any move: about the start position, or (in a variation) about nothing.
      if (!line.moved && lines.length > 0) throw notation(`the comment ${at()} comes before the first move of its variation`);
      const target = line.at;
      target.comment = `${target.comment} ${comment.trim()}`.trim().slice(0, MAX_COMMENT);
      index = end + 1;
      continue;
    }
    if (char === '(') {
      if (!line.moved) throw notation(`the variation ${at()} follows no move`);
      lines.push(line);
      line = { at: /** @type {Node} */ (line.at.parent), moved: false, open: index };
      index += 1;
      continue;
    }
    if (char === ')') {
      if (lines.length === 0) throw notation(`')' ${at()} closes no variation`);
      if (!line.moved) throw notation(`the variation ${at(line.open)} is empty`);
      line = /** @type {typeof line} */ (lines.pop());
      index += 1;
      continue;
    }
    if (char === '[') throw notation(`the tag ${at()} comes after the moves (tags come first)`);
    const number = /^\d+(\.+)?/.exec(text.slice(index, index + 12));
    if (number) {
      if (!number[1]) throw notation(`'${number[0]}' ${at()} is not a move (a move number ends with '.')`);
      index += number[0].length;
      continue;
    }
    const pass = /^(pa|ps|--)/i.exec(text.slice(index, index + 2));
    const square = pass ? null : /^[a-z](10|[1-9])?/i.exec(text.slice(index, index + 3));
    if (!pass && !square) throw notation(`unexpected '${char}' ${at()}`);
    let token = pass ? 'pa' : square[0].toLowerCase();
    // A two-digit rank only where the board has one (h10 is no 8x8 square: h1, then 0).
    if (square && !rules.square.test(token) && token.length === 3 && rules.square.test(token.slice(0, 2))) {
      token = token.slice(0, 2);
    }
    if (!pass && !rules.square.test(token)) {
      throw notation(`move ${line.at.number + 1} '${square[0]}' (character ${index + 1}) is not a square`);
    }
    line.at = playAt(rules, line.at, token, `(character ${index + 1})`);
    line.moved = true;
    index += pass ? 2 : token.length;
  }
  if (lines.length > 0) throw notation(`the variation ${at(line.open)} is not closed with ')'`);
  return { start, comment: root.comment, tags, next: publicMoves(root) };
}

/**
 * Checks the game tree `tree` (a GameTree, or anything else) against
 * `rules`, passes put in where the side to move has none: the same tree
 * with every field, or an Error naming what is wrong (a TypeError for a
 * field of the wrong type, an Error with code ERR_OTHELLO_NOTATION for an
 * illegal move or two variations with the same move).
 * @param {unknown} tree
 * @param {TreeRules} rules
 * @param {(message: string) => Error} typeError a TypeError for the caller
 * @returns {{ root: Node, tags: Record<string, string> }}
 */
export function checkTree(tree, rules, typeError) {
  if (tree === null || typeof tree !== 'object' || Array.isArray(tree)) {
    throw typeError(`tree must be an object { start, comment, tags, next }, got ${describe(tree)}`);
  }
  const given = /** @type {Record<string, unknown>} */ (tree);
  let start = rules.start;
  if (given.start !== undefined) {
    if (typeof given.start !== 'string') throw typeError(`tree.start must be a position line, got ${describe(given.start)}`);
    start = rules.status(given.start).position;
  }
  /** @type {Record<string, string>} */
  const tags = {};
  if (given.tags !== undefined) {
    if (given.tags === null || typeof given.tags !== 'object' || Array.isArray(given.tags)) {
      throw typeError(`tree.tags must be an object of strings, got ${describe(given.tags)}`);
    }
    for (const [name, value] of Object.entries(given.tags)) {
      if (!TAG_NAME.test(name) || name === 'Start') throw typeError(`tree.tags: '${name}' is not a tag name (Start is tree.start)`);
      if (typeof value !== 'string') throw typeError(`tree.tags.${name} must be a string, got ${describe(value)}`);
      tags[name] = value;
    }
  }
  const root = new Node('', start, null, 0);
  root.comment = commentOf(given.comment, 'tree.comment', typeError);
  const seen = new Set();
  /** @type {[Node, unknown, string][]} what is left to check: a node, the moves given after it, their path */
  const work = [[root, given.next, 'tree.next']];
  while (work.length > 0) {
    const [node, next, path] = /** @type {[Node, unknown, string]} */ (work.pop());
    if (next === undefined) continue;
    if (!Array.isArray(next)) throw typeError(`${path} must be an array of moves, got ${describe(next)}`);
    next.forEach((entry, index) => {
      const where = `${path}[${index}]`;
      if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
        throw typeError(`${where} must be a move { move, comment, next }, got ${describe(entry)}`);
      }
      if (seen.has(entry)) throw typeError(`${where} appears twice in the tree`);
      seen.add(entry);
      const { move, comment } = /** @type {Record<string, unknown>} */ (entry);
      if (typeof move !== 'string') throw typeError(`${where}.move must be a square name or 'pa', got ${describe(move)}`);
      const token = move.toLowerCase();
      if (token !== 'pa' && !rules.square.test(token)) throw notation(`move ${node.number + 1} '${move}' (${where}) is not a square`);
      const child = playAt(rules, node, token, `(${where})`);
      // A move met before: two variations with the same move.
      if (seen.has(child)) throw notation(`${where}: ${token} is already a move of this position`);
      seen.add(child);
      child.comment = commentOf(comment, `${where}.comment`, typeError);
      work.push([child, /** @type {Record<string, unknown>} */ (entry).next, `${where}.next`]);
    });
  }
  return { root, tags };
}

/**
 * A comment given in a tree: '' for undefined, else a string (trimmed, at most MAX_COMMENT characters).
 * @param {unknown} value
 * @param {string} what
 * @param {(message: string) => Error} typeError
 */
function commentOf(value, what, typeError) {
  if (value === undefined) return '';
  if (typeof value !== 'string') throw typeError(`${what} must be a string, got ${describe(value)}`);
  return value.trim().slice(0, MAX_COMMENT);
}

/** A comment as written in variation text. @param {string} comment */
const writtenComment = (comment) => `{${comment.replace(/[\\}]/g, (char) => `\\${char}`)}}`;
/** A tag's value as written. @param {string} value */
const writtenValue = (value) => `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`;

/**
 * The game tree `tree` as variation text (see the head of this file): its
 * tags, the comment on the start position, then the main line with each
 * variation after the move it replaces. Throws as `checkTree`.
 * @param {unknown} tree
 * @param {TreeRules} rules
 * @param {(message: string) => Error} typeError
 * @returns {string}
 */
export function writeVariations(tree, rules, typeError) {
  const { root, tags } = checkTree(tree, rules, typeError);
  const header = [];
  if (root.position !== rules.start) header.push(`[Start ${writtenValue(root.position)}]`);
  for (const [name, value] of Object.entries(tags)) header.push(`[${name} ${writtenValue(value)}]`);
  const words = [];
  if (root.comment) words.push(writtenComment(root.comment));
  words.push(...writtenLine(root.next));
  return [...header, words.join(' ')].filter((part) => part !== '').join('\n');
}

/**
 * The words of a line that starts with `alternatives` (the first continues
 * it): each move, its comment, then its variations in parentheses.
 * @param {Node[]} alternatives
 * @returns {string[]}
 */
function writtenLine(alternatives) {
  const words = [];
  let here = alternatives;
  while (here.length > 0) {
    const [main, ...others] = here;
    // A pass is implicit unless it carries a comment.
    if (main.move !== 'pa' || main.comment) words.push(main.move);
    if (main.comment) words.push(writtenComment(main.comment));
    for (const other of others) words.push(`(${writtenLine([other]).join(' ')})`);
    here = main.next;
  }
  return words;
}

/**
 * The main line of `tree` (its first moves): the moves, passes included, and the position after them.
 * @param {GameTree} tree
 * @param {TreeRules} rules
 * @returns {{ moves: string[], position: string }}
 */
export function mainLine(tree, rules) {
  const moves = [];
  let position = tree.start;
  for (let next = tree.next; next.length > 0; next = next[0].next) {
    moves.push(next[0].move);
    position = rules.play(position, next[0].move);
  }
  return { moves, position };
}
