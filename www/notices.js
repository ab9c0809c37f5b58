// Messages about saving (storage full, a saved game that could not be
// read), shown over the page until the player closes them or the trouble is
// over (a closed one stays closed while its trouble lasts).

export class Notices {
  /**
   * @param {{ notice: HTMLElement, noticeText: HTMLElement, noticeClose: HTMLElement }} elements the notice bar,
   *   its text and its close button
   */
  constructor({ notice, noticeText, noticeClose }) {
    this.box = notice;
    this.text = noticeText;
    this.close = noticeClose;
    /** @type {Map<string, { text: string, closed: boolean }>} the messages by kind */
    this.notices = new Map();
  }

  /** Lets the close button close the messages shown. */
  bind() {
    this.close.addEventListener('click', () => this.closeAll());
  }

  /**
   * Shows `text` as the message of `kind` (a new one, or the new text of one
   * shown or closed); no text: that message's trouble is over.
   * @param {string} kind
   * @param {string | undefined} text
   */
  set(kind, text) {
    const notice = this.notices.get(kind);
    if (text && notice) notice.text = text;
    else if (text) this.notices.set(kind, { text, closed: false });
    else if (notice) this.notices.delete(kind);
    else return;
    this.render();
  }

  /** Draws the messages not closed; the bar is hidden when there are none. */
  render() {
    const shown = [...this.notices.values()].filter((notice) => !notice.closed).map((notice) => {
      const line = document.createElement('p');
      line.textContent = notice.text;
      return line;
    });
    this.text.replaceChildren(...shown);
    this.box.hidden = shown.length === 0;
  }

  /** Closes every message shown (each comes back only with new trouble). */
  closeAll() {
    for (const notice of this.notices.values()) notice.closed = true;
    this.render();
  }
}
