// What the player is told about an error: one from the engine (the wasm
// module or its worker client, whose errors carry a stable `code`,
// ERR_OTHELLO_*, pkg/errors.js), one the page made itself (its message
// already in the page's language), or one from the browser.
// In English the error's own message is shown: the package's messages are
// English sentences that name the problem exactly ("transcript: move 3 'h9'
// is not a square"). In another language the player gets the catalogue's
// sentence for the error's code, with the move number, square and side read
// from the message where it names them; the original message goes to the
// console, for a report.
import { ERROR_CODES } from './pkg/index.js';
import { CATALOGUES, language, t } from './i18n.js';
import { sideWord } from './result.js';

/** The catalogue's sentence for each code, where the message says no more. */
const BY_CODE = {
  [ERROR_CODES.NOTATION]: 'errors.notation',
  [ERROR_CODES.ILLEGAL_MOVE]: 'errors.illegal',
  [ERROR_CODES.ARGUMENT]: 'errors.request',
  [ERROR_CODES.RANGE]: 'errors.request',
  [ERROR_CODES.LIMITS]: 'errors.request',
  [ERROR_CODES.PLAYER]: 'errors.request',
  [ERROR_CODES.NOT_LOADED]: 'errors.notLoaded',
  [ERROR_CODES.LOAD]: 'errors.load',
  [ERROR_CODES.ABORTED]: 'errors.aborted',
  [ERROR_CODES.TIMEOUT]: 'errors.timeout',
  [ERROR_CODES.CRASHED]: 'errors.crashed',
  [ERROR_CODES.TERMINATED]: 'errors.terminated',
  [ERROR_CODES.ENGINE]: 'errors.engine',
};

/**
 * The engine's messages about a record or a move that say which move and
 * why, as the wasm writes them: each a pattern and the sentence it becomes
 * (its parameters from the pattern's groups). A 96-square transcript adds
 * the character the move starts at, "(character 3)".
 * @type {[RegExp, (match: RegExpMatchArray) => string][]}
 */
const READINGS = [
  [/^not a transcript, OBF line or GGF record/, () => t('errors.notRecord')],
  [/^\w+: move (\d+) (?:\(character \d+\) )?'(.*)' (?:\(character \d+\) )?is not a square$/,
    ([, number, move]) => t('errors.notSquare', { number, move })],
  [/^\w+: move (\d+) (?:\(character \d+\) )?(\S+) (?:\(character \d+\) )?is illegal for (\w+)$/,
    ([, number, move, side]) => t('errors.illegalAt', { number, move, side: sideWord(side) })],
  [/^move: (\S+) is illegal for (\w+)$/, ([, move, side]) => t('errors.illegalMove', { move, side: sideWord(side) })],
  [/^move: '(.*)' is not a square or pass$/, ([, move]) => t('errors.notSquareOrPass', { move })],
];

/** The formats a notation error names first ("obf: board has 63 squares"), as the page names them. */
const FORMATS = { transcript: () => t('record.formatTranscript'), obf: () => 'OBF', ggf: () => 'GGF' };

/**
 * `error`'s message for the player, in the page's language (see above).
 * @param {unknown} error
 * @returns {string}
 */
export function errorText(error) {
  const message = error instanceof Error ? error.message : String(error);
  if (language() === 'en') return message;
  // The page's own errors are in the page's language already.
  if (Object.values(CATALOGUES[language()]).includes(message)) return message;
  const code = /** @type {{ code?: unknown }} */ (error)?.code;
  console.info(`error shown in translation (${typeof code === 'string' ? code : 'no code'}): ${message}`);
  for (const [pattern, sentence] of READINGS) {
    const match = message.match(pattern);
    if (match) return sentence(match);
  }
  const format = FORMATS[message.split(':')[0]];
  if (code === ERROR_CODES.NOTATION && format) return t('errors.notationIn', { format: format() });
  return t(typeof code === 'string' && BY_CODE[code] ? BY_CODE[code] : 'errors.other');
}
