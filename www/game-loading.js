// Games that come to the page as text: a record pasted into the record
// panel (a transcript or GGF of either board: a 96-square transcript pasted
// over an 8x8 game switches the board), or the game of a share link in the
// page's address (share.js). Either is put on the board as a loaded game,
// under review; text the page cannot read changes nothing and says why.
import { errorText } from './error-text.js';
import { BOARD_KINDS, boardKindById, boardKindOf } from './board-kind.js';
import { t } from './i18n.js';
import { GameRecord } from './record.js';
import { readShareHash } from './share.js';

/**
 * @typedef {object} GameLoadingParts
 * @property {import('./page-game.js').PageGame} game
 * @property {import('./players.js').Players} players
 * @property {{ recordText: HTMLTextAreaElement, load: HTMLElement }} elements the record's text box and its Load button
 * @property {(text: string, kind: string) => void} message the record panel's message line ('ok' or 'error')
 * @property {(text: string, keep?: boolean) => void} announce says `text` in the announcement line
 * @property {(loaded: GameRecord) => void} openLoaded puts a parsed game on the board as a loaded game
 * @property {() => void} update brings the page along after a change
 */

/**
 * The notation a game was read as, for the paste message.
 * @param {string | undefined} format
 */
function loadedFormat(format) {
  if (format === 'ggf') return 'GGF';
  return t(format === 'variations' ? 'record.formatVariations' : 'record.formatTranscript');
}

export class GameLoading {
  /** @param {GameLoadingParts} parts */
  constructor({ game, players, elements, message, announce, openLoaded, update }) {
    this.game = game;
    this.players = players;
    this.elements = elements;
    this.message = message;
    this.announce = announce;
    this.openLoaded = openLoaded;
    this.update = update;
  }

  /** The Load button reads the text box; a share link put in the address is opened. */
  bind() {
    this.elements.load.addEventListener('click', () => this.loadPasted());
    window.addEventListener('hashchange', () => this.openSharedLink());
  }

  /**
   * Reads pasted text as a game of the board on the page, else of the other
   * board (a 96-square transcript pasted over an 8x8 game switches the board);
   * throws the first board's error when neither reads it.
   * @param {string} text
   * @returns {GameRecord}
   */
  parseForEitherBoard(text) {
    const here = this.game.record.kind;
    /** @type {any[]} the board kinds, the page's first (GameRecord.parse takes either) */
    const kinds = [here, ...Object.values(BOARD_KINDS).filter((kind) => kind !== here)];
    let first = null;
    for (const kind of kinds) {
      try {
        return GameRecord.parse(text, kind);
      } catch (error) {
        first ??= error;
      }
    }
    throw first;
  }

  /** Loads the game in the record's text box, and says what was loaded (or why not). */
  loadPasted() {
    const { message } = this;
    const text = this.elements.recordText.value.trim();
    if (text === '') {
      message(t('flow.nothingToLoad'), 'error');
      return;
    }
    let loaded;
    try {
      loaded = this.parseForEitherBoard(text);
    } catch (error) {
      message(t('flow.notLoaded', { reason: errorText(error) }), 'error');
      return;
    }
    const switched = loaded.kind !== this.game.record.kind;
    this.openLoaded(loaded);
    const toMove = this.players.sideName(loaded.state.toMove);
    const board = switched ? t('record.onBoard', { board: loaded.kind.name }) : '';
    const count = loaded.movesPlayed();
    const what = loaded.state.status === 'gameover' ? t('record.gameIsOver') : t('record.toMove', { side: toMove });
    message(loaded.moves.length === 0
      ? t('record.loadedPosition', { board, what })
      : t('record.loaded', { count, board, format: loadedFormat(loaded.format) }),
      'ok');
    this.update();
  }

  /**
   * Opens the game of a share link (share.js) in the page's address, as a
   * pasted game is loaded, then takes it out of the address (so a reload
   * keeps the game played since); a link the page cannot read changes nothing
   * and says why.
   */
  openSharedLink() {
    const { message, announce } = this;
    const found = readShareHash(location.hash);
    if (found === null) return;
    history.replaceState(null, '', location.pathname + location.search);
    let text;
    if ('error' in found) {
      text = t('share.hash.notOpened', { reason: found.error });
    } else {
      let loaded = null;
      try {
        const kind = found.board === null ? boardKindOf(found.text) : boardKindById(found.board);
        loaded = GameRecord.parse(found.text, kind);
        // A tree's link holds variation text (or, without variations, a transcript), never another notation.
        if (found.what === 'tree' && loaded.format !== 'variations' && loaded.format !== 'transcript') {
          loaded = null;
          text = t('share.hash.notOpened', { reason: t('study.linkNotTree') });
        }
      } catch (error) {
        text = t('share.hash.notOpened', { reason: errorText(error) });
      }
      if (loaded !== null) {
        this.openLoaded(loaded);
        const moves = loaded.movesPlayed();
        text = found.what === 'tree' ? t('study.linkOpenedTree', { moves })
          : moves > 0 ? t('share.hash.openedGame', { moves }) : t('share.hash.openedPosition');
        message(text, 'ok');
        announce(text);
        this.update();
        return;
      }
    }
    message(text, 'error');
    announce(text);
  }
}
