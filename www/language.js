// The page's language: the header's switch (each language named in itself),
// chosen at first from the browser's languages and then kept as the setting
// `language`. Applying a language fills the static text of the page from its
// catalogue (translatePage), relabels the choices the page fills once (the
// level, time per move and board colour lists), sets the document's `lang`,
// and asks the page to draw itself again, so that a switch shows at once,
// without a reload.
import { LANGUAGES, chooseLanguage, language, setLanguage, translatePage } from './i18n.js';
import { LEVELS, LEVELS_96, moveTimeName } from './levels.js';
import { boardThemeName } from './board-theme.js';

/** Said on the document after the language changed, for parts that keep text of their own. */
export const LANGUAGE_EVENT = 'othello:language';

/**
 * The language of a first visit: the first of the browser's languages the
 * page offers, else English.
 * @returns {string}
 */
export function browserLanguage() {
  return chooseLanguage(undefined);
}

/**
 * Relabels the options of a select that the page filled once, by their values.
 * @param {HTMLSelectElement | null} select
 * @param {(value: string) => string | undefined} name the option's text in the language shown
 */
function relabel(select, name) {
  for (const option of select?.options ?? []) option.textContent = name(option.value) ?? option.textContent;
}

/**
 * Shows the page in language `id` (one of LANGUAGES; another falls back to
 * the browser's): its static text, the lists filled once, `<html lang>`.
 * @param {string} id
 * @returns {string} the language shown
 */
export function applyLanguage(id) {
  setLanguage(chooseLanguage(id));
  document.documentElement.lang = language();
  translatePage(document);
  const levels = [...LEVELS, ...LEVELS_96];
  const byId = (/** @type {string} */ value) => document.getElementById(value);
  relabel(/** @type {HTMLSelectElement} */ (byId('level')), (value) => levels.find((level) => level.id === value)?.name);
  relabel(/** @type {HTMLSelectElement} */ (byId('move-time')), (value) => moveTimeName(Number(value)));
  relabel(/** @type {HTMLSelectElement} */ (byId('board-theme')), boardThemeName);
  document.dispatchEvent(new CustomEvent(LANGUAGE_EVENT, { detail: language() }));
  return language();
}

/**
 * Makes `select` the language switch: it offers LANGUAGES, shows
 * `settings.language`, and on a change applies the new language, keeps it in
 * `settings` and calls `redraw()` (the page draws its dynamic text again,
 * and saves its settings).
 * @param {HTMLSelectElement} select
 * @param {{ language: string }} settings
 * @param {() => void} redraw
 */
export function bindLanguage(select, settings, redraw) {
  select.replaceChildren(...LANGUAGES.map(({ id, name }) => {
    const option = new Option(name, id);
    option.lang = id;
    return option;
  }));
  select.value = language();
  select.addEventListener('change', () => {
    settings.language = applyLanguage(select.value);
    redraw();
  });
}
