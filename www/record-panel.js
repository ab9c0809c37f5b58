// The record panel's exports: the whole game (its main line) as a transcript
// or GGF (with players, result and date, and each move's time), the game
// with its variations and comments as variation text (the package's
// formatVariations, with the players), or the position on the board as OBF,
// put into the text box, selected and copied to the clipboard
// where allowed; the message says what was copied, with the game's result
// (a transcript has no place for a resignation or a loss on time).
import { ggfResult, resultText } from './result.js';
import { status } from './board-kind.js';
import { t } from './i18n.js';

/** A GGF date: 2026.11.23_10:03:00. */
function ggfDate(now = new Date()) {
  const pad = (value) => String(value).padStart(2, '0');
  return `${now.getFullYear()}.${pad(now.getMonth() + 1)}.${pad(now.getDate())}_${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
}

/**
 * The GGF tags of `record`: the players' names, the result (when decided,
 * with `:r` for a resignation and `:t` for a loss on time) and the date.
 * @param {import('./record.js').GameRecord} record
 * @param {{ black: string, white: string }} names
 */
export function ggfTags(record, { black, white }) {
  const end = record.finalPosition;
  return { PB: black, PW: white, RE: ggfResult(end, status(end).status === 'gameover', record.ending), DT: ggfDate() };
}

/**
 * The result of the whole game `record` in words ("Black wins 40–24",
 * "White wins by resignation"), or '' while it goes on.
 * @param {import('./record.js').GameRecord} record
 */
export function recordResult(record) {
  return record.finished ? resultText(record.finalPosition, record.ending) : '';
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
   * Copies `record` as `kind` ('transcript', 'obf', 'ggf' or 'variations'; `tags` for GGF, whose PB and PW
   * name the players of the variation text too):
   * the text is put in the box, selected and copied to the clipboard.
   */
  async copy(kind, record, tags) {
    let text;
    if (kind === 'transcript') {
      text = record.transcript();
      if (text === null) {
        this.message(t('record.needsStart'), 'error');
        return;
      }
    } else if (kind === 'obf') {
      text = record.position;
    } else if (kind === 'variations') {
      text = record.variationText({ black: tags.PB, white: tags.PW });
    } else {
      text = record.ggf(tags);
    }
    this.text.value = text;
    this.text.select();
    const what = kind === 'obf' ? t('record.whatPosition', { number: record.movesPlayed(record.cursor) })
      : kind === 'variations' ? t('record.whatTree', { count: record.movesPlayed() })
      : t('record.whatGame', {
        count: record.movesPlayed(), result: recordResult(record), format: kind === 'ggf' ? 'GGF' : t('record.asTranscript'),
      });
    try {
      await navigator.clipboard.writeText(text);
      this.message(t('record.copied', { what }), 'ok');
    } catch {
      this.message(t('record.shown', { what }), 'ok');
    }
  }
}
