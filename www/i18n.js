// The page's words in each language. Every string the page shows or speaks
// comes from one catalogue per language (i18n/en.js, i18n/ja.js), which
// share their keys: a value is a string with `{name}` placeholders, or a
// function of the parameters where the wording depends on them (plurals).
// Square names and notation (a1-h8, transcripts) are the same in every
// language and never pass through here.
import { EN } from './i18n/en.js';
import { JA } from './i18n/ja.js';

/** The catalogues by language id. */
export const CATALOGUES = { en: EN, ja: JA };

/** The languages offered, each named in itself. */
export const LANGUAGES = [
  { id: 'en', name: 'English' },
  { id: 'ja', name: '日本語' },
];

let current = 'en';

/**
 * The language to show: `saved` (the player's choice) when it is offered,
 * else the first of the browser's languages that is, else English.
 */
export function chooseLanguage(saved, preferred = globalThis.navigator?.languages ?? []) {
  if (CATALOGUES[saved]) return saved;
  for (const tag of preferred) {
    const id = String(tag).toLowerCase().split('-')[0];
    if (CATALOGUES[id]) return id;
  }
  return 'en';
}

/** Shows the page in language `id` from now on (the document's `lang` follows). */
export function setLanguage(id) {
  current = CATALOGUES[id] ? id : 'en';
  if (globalThis.document) document.documentElement.lang = current;
}

/** The language shown. */
export function language() {
  return current;
}

/**
 * The string `key` in the language shown, its `{name}` placeholders filled
 * from `params`. An unknown key is a programming error: it throws (a test
 * checks that every key of the page is in both catalogues).
 */
export function t(key, params = {}) {
  const entry = CATALOGUES[current][key] ?? EN[key];
  if (entry === undefined) throw new Error(`i18n: no string '${key}'`);
  const text = typeof entry === 'function' ? entry(params) : entry;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/**
 * Sentences shown one after another, joined as the language shown joins
 * them (English with a space, Japanese without); empty ones are left out.
 * @param {...string} texts
 * @returns {string}
 */
export function sentences(...texts) {
  const shown = texts.filter(Boolean);
  return shown.length === 0 ? '' : shown.reduce((line, text) => t('text.sentences', { first: line, second: text }));
}

/**
 * Fills the static text of `root` (default: the document) from the
 * catalogue: `data-i18n` sets an element's text, `data-i18n-title`,
 * `data-i18n-aria-label`, `data-i18n-placeholder` and `data-i18n-content`
 * (a `<meta>`'s) those attributes.
 */
export function translatePage(root = document) {
  const elements = (/** @type {string} */ selector) => /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(selector));
  for (const element of elements('[data-i18n]')) element.textContent = t(element.dataset.i18n);
  for (const [data, attribute] of [
    ['i18nTitle', 'title'], ['i18nAriaLabel', 'aria-label'], ['i18nPlaceholder', 'placeholder'], ['i18nContent', 'content'],
  ]) {
    const selector = `[data-${data.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}]`;
    for (const element of elements(selector)) element.setAttribute(attribute, t(element.dataset[data]));
  }
}
