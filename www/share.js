// Links that open a game on the page: the page's address with the game in
// its fragment, `#moves=<transcript>` for a game from the start position
// (f5d6c3d3...; `#moves96=` on the 96-square board, whose transcripts could
// also read as 8x8 ones), `#board=<OBF>` for the position on the board of a
// game from a set-up position (an OBF line: 64 squares of X, O, - and the
// side to move; a position line says its board). The fragment never
// reaches a server. Reading a link only takes the
// text out of it: the page loads that text as it loads a pasted game.
import { t } from './i18n.js';

/**
 * A link that opens `record`'s game on the page at `address` (its fragment
 * replaced): `what` says whether it holds the whole game or only the
 * position on the board (a game from a set-up position has no transcript).
 * @param {{ transcript(): string | null, position: string, kind: { id: number } }} record a GameRecord
 * @param {string} address the page's address
 * @returns {{ url: string, what: 'game' | 'position' }}
 */
export function shareLink(record, address) {
  const page = address.split('#')[0];
  const transcript = record.transcript();
  // A game with no move yet is its start position.
  if (transcript) return { url: `${page}#moves${record.kind.id === 96 ? '96' : ''}=${transcript}`, what: 'game' };
  return { url: `${page}#board=${encodeURIComponent(record.position)}`, what: 'position' };
}

/**
 * What the fragment `hash` of the page's address (location.hash) asks the
 * page to open: null when it asks nothing, `{ text, what, board }` for a
 * game's text to load (`board`: the board's id, 8 or 96, or null when the
 * text says it), `{ error }` (a sentence for the player) when it is not a
 * link the page reads.
 * @param {string} hash
 * @returns {null | { text: string, what: 'game' | 'position', board: number | null } | { error: string }}
 */
export function readShareHash(hash) {
  if (hash === '' || hash === '#') return null;
  const found = /^#(moves|moves96|board)=(.*)$/s.exec(hash);
  if (!found) return { error: t('share.hash.unknown') };
  let text;
  try {
    text = decodeURIComponent(found[2]).trim();
  } catch {
    return { error: t('share.hash.encoding') };
  }
  if (text === '') return { error: t('share.hash.empty') };
  const board = { moves: 8, moves96: 96, board: null }[found[1]];
  return { text, what: found[1] === 'board' ? 'position' : 'game', board };
}
