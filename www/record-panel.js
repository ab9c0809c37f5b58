// The record panel's exports: the whole game as a transcript or GGF (with
// players, result and date), or the position on the board as OBF, put into
// the text box, selected and copied to the clipboard where allowed.
import { ggfResult } from './result.js';
import { status } from './board-kind.js';

/** A GGF date: 2026.11.23_10:03:00. */
function ggfDate(now = new Date()) {
  const pad = (value) => String(value).padStart(2, '0');
  return `${now.getFullYear()}.${pad(now.getMonth() + 1)}.${pad(now.getDate())}_${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
}

/** The GGF tags of `record`: the players' names, the result (when decided) and the date. */
export function ggfTags(record, { black, white, flagged }) {
  const end = record.positions.at(-1);
  return { PB: black, PW: white, RE: ggfResult(end, status(end).status === 'gameover', flagged), DT: ggfDate() };
}

export class RecordPanel {
  /** `text` is the record's text box, `messageLine` the line that says what happened. */
  constructor(text, messageLine) {
    this.text = text;
    this.messageLine = messageLine;
  }

  /** Shows `text` as an 'ok' or 'error' message. */
  message(text, kind) {
    this.messageLine.textContent = text;
    this.messageLine.className = `message ${kind}`;
  }

  /**
   * Copies `record` as `kind` ('transcript', 'obf' or 'ggf'; `tags` for GGF):
   * the text is put in the box, selected and copied to the clipboard.
   */
  async copy(kind, record, tags) {
    let text;
    if (kind === 'transcript') {
      text = record.transcript();
      if (text === null) {
        this.message('A transcript needs the standard start position: copy GGF or OBF instead.', 'error');
        return;
      }
    } else if (kind === 'obf') {
      text = record.position;
    } else {
      text = record.ggf(tags);
    }
    this.text.value = text;
    this.text.select();
    const what = kind === 'obf' ? `the position after move ${record.cursor} as OBF`
      : `the whole game (${record.moves.length} moves) as ${kind === 'ggf' ? 'GGF' : 'a transcript'}`;
    try {
      await navigator.clipboard.writeText(text);
      this.message(`Copied ${what}.`, 'ok');
    } catch {
      this.message(`Shown above, selected: ${what} (the browser did not allow copying to the clipboard).`, 'ok');
    }
  }
}
