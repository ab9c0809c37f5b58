// The share dialog: a link that opens the game (share.js) with a Copy
// button, and the game as files to keep: its GGF record (.ggf), its
// transcript (.txt) and a picture of the board (.png, board-image.js), each
// downloaded through a link to a Blob made on the page (nothing is sent
// anywhere). What the game offers decides what is shown: a game from a
// set-up position has no transcript, the 96-square board no GGF.
import { t } from './i18n.js';
import { errorText } from './error-text.js';
import { MAX_TREE_LINK } from './share.js';

/**
 * @typedef {object} ShareSource what the dialog shares, asked when it opens or a button is pressed
 * @property {() => { url: string, what: 'tree' | 'game' | 'position' | 'mainLine', length?: number }} link the link to
 *   the game (share.js)
 * @property {() => string | null} ggf the game as a GGF record, or null where the board has none
 * @property {() => string | null} transcript the game as a transcript, or null from a set-up position
 * @property {(numbers: boolean) => Promise<Blob>} image the board as shown as a PNG, with move numbers or not
 */

/**
 * The part of a file name that says when: 2026-11-27-0312 (local time).
 * @param {Date} [now]
 * @returns {string}
 */
export function fileStamp(now = new Date()) {
  const pad = (value) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}`;
}

/**
 * Saves `blob` as a file called `name` in the browser's downloads.
 * @param {string} name
 * @param {Blob} blob
 */
export function download(name, blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file once the click is handled; the URL is let go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export class ShareDialog {
  /**
   * @param {HTMLDialogElement} dialog the dialog (#share-dialog)
   * @param {ShareSource} source
   */
  constructor(dialog, source) {
    this.dialog = dialog;
    this.source = source;
    /** @param {string} id */
    const part = (id) => /** @type {HTMLElement} */ (dialog.querySelector(`#${id}`));
    this.link = part('share-link');
    this.linkLabel = part('share-link-label');
    this.messageLine = part('share-message');
    this.linkNotice = part('share-link-notice');
    this.ggfButton = part('share-ggf');
    this.transcriptButton = part('share-txt');
    this.numbers = /** @type {HTMLInputElement} */ (part('share-numbers'));
    part('share-copy').addEventListener('click', () => this.#copyLink());
    this.ggfButton.addEventListener('click', () => this.#saveText('ggf', this.source.ggf()));
    this.transcriptButton.addEventListener('click', () => this.#saveText('txt', this.source.transcript()));
    part('share-png').addEventListener('click', () => this.#saveImage());
  }

  /** Opens the dialog for the game on the board now. */
  open() {
    const { url, what, length } = this.source.link();
    this.link.textContent = url;
    this.linkLabel.textContent = t({
      tree: 'study.linkTree', game: 'share.link.game', position: 'share.link.position', mainLine: 'study.linkMainLine',
    }[what]);
    // A tree too long for a link: the link gives its main line, and the dialog says so.
    this.linkNotice.hidden = what !== 'mainLine';
    this.linkNotice.textContent = what === 'mainLine' ? t('study.linkTooLong', { length, max: MAX_TREE_LINK }) : '';
    this.ggfButton.hidden = this.source.ggf() === null;
    this.transcriptButton.hidden = this.source.transcript() === null;
    this.#say('', 'ok');
    this.dialog.showModal();
  }

  /**
   * Shows `text` under the link, an 'ok' or 'error' message.
   * @param {string} text
   * @param {'ok' | 'error'} kind
   */
  #say(text, kind) {
    this.messageLine.textContent = text;
    this.messageLine.className = `message ${kind}`;
  }

  async #copyLink() {
    getSelection()?.selectAllChildren(this.link);
    try {
      await navigator.clipboard.writeText(this.link.textContent ?? '');
      this.#say(t('share.copied'), 'ok');
    } catch {
      this.#say(t('share.copyRefused'), 'ok');
    }
  }

  /**
   * Downloads `text` as a .ggf or .txt file.
   * @param {'ggf' | 'txt'} extension
   * @param {string | null} text
   */
  #saveText(extension, text) {
    if (text === null) return;
    const name = `othello-${fileStamp()}.${extension}`;
    const type = extension === 'ggf' ? 'application/x-ggf' : 'text/plain';
    download(name, new Blob([`${text}\n`], { type: `${type};charset=utf-8` }));
    this.#say(t('share.downloaded', { name }), 'ok');
  }

  async #saveImage() {
    const name = `othello-${fileStamp()}.png`;
    try {
      download(name, await this.source.image(this.numbers.checked));
      this.#say(t('share.downloaded', { name }), 'ok');
    } catch (error) {
      this.#say(t('share.imageFailed', { reason: errorText(error) }), 'error');
    }
  }
}
