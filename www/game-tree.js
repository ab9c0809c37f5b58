// The moves of a game record as a tree: from each position, the move played
// first (its main continuation) and the variations tried instead, each move
// with the position after it, the time it took, a comment, and whether its
// variation is shown collapsed. The record (record.js) walks one line of it
// at a time. What local storage keeps of a tree, and the game tree of the
// package's variation text (pkg/variations.js: formatVariations,
// parseGame), are read and written here.

import { MAX_COMMENT } from './pkg/variations.js';

/** Longest comment kept on a move: the package's, for variation text. */
export { MAX_COMMENT };

/** Ids of nodes: unique on the page, not kept. */
let lastId = 0;

export class MoveNode {
  /**
   * @param {string | null} move the move that led here (a square or 'pa'); null for the start
   * @param {string} position the position after it (a position line)
   * @param {MoveNode | null} parent
   * @param {number | null} [time] milliseconds spent on it, null where unknown
   */
  constructor(move, position, parent, time = null) {
    this.id = ++lastId;
    this.move = move;
    this.position = position;
    this.parent = parent;
    /** @type {number | null} */
    this.time = time;
    this.comment = '';
    /** Whether the variation that starts with this move is shown folded. */
    this.collapsed = false;
    /** @type {MoveNode[]} the moves played from here: the first continues the line, the others are variations */
    this.children = [];
  }

  /** Whether this move continues its parent's line (the start counts as one). */
  get isMain() {
    return this.parent === null || this.parent.children[0] === this;
  }

  /** The moves from the start to this one (the start excluded). */
  path() {
    const nodes = [];
    for (let node = /** @type {MoveNode} */ (this); node.parent !== null; node = node.parent) nodes.push(node);
    return nodes.reverse();
  }

  /** This move and, after it, each first continuation to the end of its line. */
  lineFrom() {
    const nodes = [];
    for (let node = this.children[0]; node; node = node.children[0]) nodes.push(node);
    return nodes;
  }

  /** Whether this move or one after it carries a comment or has variations: work a takeback must not throw away. */
  get annotated() {
    const stack = [/** @type {MoveNode} */ (this)];
    while (stack.length > 0) {
      const node = /** @type {MoveNode} */ (stack.pop());
      if (node.comment !== '' || node.children.length > 1) return true;
      stack.push(...node.children);
    }
    return false;
  }

  /** Every node from here down, this one first. */
  *nodes() {
    const stack = [/** @type {MoveNode} */ (this)];
    while (stack.length > 0) {
      const node = /** @type {MoveNode} */ (stack.pop());
      yield node;
      for (let index = node.children.length - 1; index >= 0; index -= 1) stack.push(node.children[index]);
    }
  }
}

/**
 * A comment as kept: a string trimmed and cut to MAX_COMMENT characters; '' for anything else.
 * @param {unknown} value
 * @returns {string}
 */
export function keptComment(value) {
  return typeof value === 'string' ? value.trim().slice(0, MAX_COMMENT) : '';
}

/**
 * What local storage keeps of the moves after `node`:
 * `[{ move, time, comment, collapsed, next }]`, the fields without a value left out.
 * @param {MoveNode} node
 * @returns {object[]}
 */
export function childrenJSON(node) {
  return node.children.map((child) => ({
    move: child.move,
    ...(child.time === null ? {} : { time: child.time }),
    ...(child.comment ? { comment: child.comment } : {}),
    ...(child.collapsed ? { collapsed: true } : {}),
    next: childrenJSON(child),
  }));
}

/**
 * Reads moves kept by `childrenJSON` (or the package's game tree, whose
 * moves have the same `move`, `comment` and `next`) under `node`, each
 * played with `play` (which throws on an illegal move: so does this).
 * @param {MoveNode} node
 * @param {unknown} next
 * @param {(position: string, move: string) => string} play
 */
export function readChildren(node, next, play) {
  if (next === undefined) return;
  if (!Array.isArray(next)) throw new Error('the moves of a variation are not a list');
  /** @type {[MoveNode, unknown[]][]} */
  const work = [[node, next]];
  while (work.length > 0) {
    const [parent, entries] = /** @type {[MoveNode, unknown[]]} */ (work.pop());
    for (const entry of entries) {
      const data = /** @type {Record<string, any>} */ (entry);
      if (data === null || typeof data !== 'object' || typeof data.move !== 'string') {
        throw new Error('a move of a variation is not a move');
      }
      if (parent.children.some((child) => child.move === data.move)) throw new Error(`${data.move} is there twice`);
      const time = Number.isFinite(data.time) && data.time >= 0 ? data.time : null;
      const child = new MoveNode(data.move, play(parent.position, data.move), parent, time);
      child.comment = keptComment(data.comment);
      child.collapsed = data.collapsed === true;
      parent.children.push(child);
      if (data.next === undefined) continue;
      if (!Array.isArray(data.next)) throw new Error('the moves of a variation are not a list');
      work.push([child, data.next]);
    }
  }
}

/**
 * The package's game tree of the moves under `root` (for formatVariations).
 * @param {MoveNode} root
 * @param {Record<string, string>} tags
 */
export function variationTree(root, tags) {
  /** @param {MoveNode} node */
  const next = (node) => node.children.map((child) => ({ move: child.move, comment: child.comment, next: next(child) }));
  return { start: root.position, comment: root.comment, tags, next: next(root) };
}
