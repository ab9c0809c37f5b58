// Light and dark: the page follows the system (prefers-color-scheme) until
// the player picks one with the header's toggle; the choice is a setting.
import { t } from './i18n.js';

const DARK = '(prefers-color-scheme: dark)';

/** Whether `theme` ('auto', 'light' or 'dark') shows the dark colours now. */
export function isDark(theme) {
  return theme === 'dark' || (theme === 'auto' && matchMedia(DARK).matches);
}

/**
 * Applies `theme` to the page and labels `toggle` (and its `label`) for the
 * switch it offers, in the language shown; their catalogue keys stay on
 * them (data-i18n), so that translatePage relabels them in another language.
 */
export function applyTheme(theme, toggle, label) {
  if (theme === 'auto') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  const dark = isDark(theme);
  toggle.setAttribute('aria-pressed', String(dark));
  label.dataset.i18n = dark ? 'theme.light' : 'theme.dark';
  toggle.dataset.i18nTitle = dark ? 'theme.toLight' : 'theme.toDark';
  label.textContent = t(label.dataset.i18n);
  toggle.title = t(toggle.dataset.i18nTitle);
}

/** Calls `changed()` when the system's theme changes. */
export function watchSystemTheme(changed) {
  matchMedia(DARK).addEventListener('change', changed);
}
