// Links that open a game on the page: the page's address with the game in
// its fragment, `#moves=<transcript>` for a game from the start position
// (f5d6c3d3...; `#moves96=` on the 96-square board, whose transcripts could
// also read as 8x8 ones), `#board=<OBF>` for the position on the board of a
// game from a set-up position (an OBF line: 64 squares of X, O, - and the
// side to move; a position line says its board), and `#tree=` (`#tree96=`)
// for a game with variations or comments: the whole tree as variation text
// (pkg/variations.js) written compactly, no space outside comments and tags
// (`f5d6(f4{the Parallel}e3)c3{Tiger}d3`), percent-encoded where a URL needs
// it. A tree whose fragment would pass MAX_TREE_LINK characters gives the
// main line's link instead, which the share dialog says. The fragment never
// reaches a server. Reading a link only takes the text out of it: the page
// loads that text as it loads a pasted game, and checks all of it.
import { t } from './i18n.js';

/** Longest fragment a tree's link may have (characters, percent-encoded); a longer one gives the main line's link. */
export const MAX_TREE_LINK = 2000;
/** Longest fragment the page reads from a link (characters); a longer one is refused unread. */
const MAX_READ_LINK = 200_000;

/**
 * Variation text without the spaces and line breaks that only separate its
 * words: those inside a comment `{...}` or a tag's value `"..."` are kept
 * (with their escapes, `\}`, `\"`, `\\`).
 * @param {string} text variation text (formatVariations)
 * @returns {string}
 */
export function compactVariations(text) {
  let out = '';
  /** @type {string | null} the character that closes the comment or value being read */
  let closing = null;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (closing !== null) {
      out += char;
      if (char === '\\' && index + 1 < text.length) {
        index += 1;
        out += text[index];
      } else if (char === closing) closing = null;
    } else if (char === '{') {
      closing = '}';
      out += char;
    } else if (char === '"') {
      closing = '"';
      out += char;
    } else if (!/\s/.test(char)) out += char;
  }
  return out;
}

/**
 * A link that opens `record`'s game on the page at `address` (its fragment
 * replaced): `what` says whether it holds the whole game with its variations
 * and comments ('tree'), the game ('game'), only the position on the board
 * (a game from a set-up position has no transcript) or only the main line
 * of a tree too long for a link ('mainLine', `length`: the tree's link's length).
 * @param {{ transcript(): string | null, position: string, kind: { id: number }, root: { nodes(): Iterable<any> },
 *   variationText(): string }} record a GameRecord
 * @param {string} address the page's address
 * @returns {{ url: string, what: 'tree' | 'game' | 'position' | 'mainLine', length?: number }}
 */
export function shareLink(record, address) {
  const page = address.split('#')[0];
  const board = record.kind.id === 96 ? '96' : '';
  const tree = [...record.root.nodes()].some((node) => node.children.length > 1 || node.comment);
  let length;
  if (tree) {
    const fragment = `tree${board}=${encodeURIComponent(compactVariations(record.variationText()))}`;
    if (fragment.length <= MAX_TREE_LINK) return { url: `${page}#${fragment}`, what: 'tree' };
    length = fragment.length;
  }
  const transcript = record.transcript();
  const what = tree ? 'mainLine' : null;
  // A game with no move yet is its start position.
  if (transcript) return { url: `${page}#moves${board}=${transcript}`, what: what ?? 'game', length };
  return { url: `${page}#board=${encodeURIComponent(record.position)}`, what: what ?? 'position', length };
}

/**
 * What the fragment `hash` of the page's address (location.hash) asks the
 * page to open: null when it asks nothing, `{ text, what, board }` for a
 * game's text to load (`board`: the board's id, 8 or 96, or null when the
 * text says it; `what` 'tree' for variation text), `{ error }` (a sentence
 * for the player) when it is not a link the page reads.
 * @param {string} hash
 * @returns {null | { text: string, what: 'game' | 'position' | 'tree', board: number | null } | { error: string }}
 */
export function readShareHash(hash) {
  if (hash === '' || hash === '#') return null;
  if (hash.length > MAX_READ_LINK) return { error: t('study.linkTooLongRead', { max: MAX_READ_LINK }) };
  const found = /^#(moves|moves96|board|tree|tree96)=(.*)$/s.exec(hash);
  if (!found) return { error: t('share.hash.unknown') };
  let text;
  try {
    text = decodeURIComponent(found[2]).trim();
  } catch {
    return { error: t('share.hash.encoding') };
  }
  if (text === '') return { error: t('share.hash.empty') };
  const board = { moves: 8, moves96: 96, board: null, tree: 8, tree96: 96 }[found[1]];
  const what = found[1] === 'board' ? 'position' : found[1].startsWith('tree') ? 'tree' : 'game';
  return { text, what, board };
}
