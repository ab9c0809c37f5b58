// Light and dark: the page follows the system (prefers-color-scheme) until
// the player picks one with the header's toggle; the choice is a setting.
const DARK = '(prefers-color-scheme: dark)';

/** Whether `theme` ('auto', 'light' or 'dark') shows the dark colours now. */
export function isDark(theme) {
  return theme === 'dark' || (theme === 'auto' && matchMedia(DARK).matches);
}

/** Applies `theme` to the page and labels `toggle` (and its `label`) for the switch it offers. */
export function applyTheme(theme, toggle, label) {
  if (theme === 'auto') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  const dark = isDark(theme);
  toggle.setAttribute('aria-pressed', String(dark));
  label.textContent = dark ? 'Light' : 'Dark';
  toggle.title = dark ? 'Switch to the light theme' : 'Switch to the dark theme';
}

/** Calls `changed()` when the system's theme changes. */
export function watchSystemTheme(changed) {
  matchMedia(DARK).addEventListener('change', changed);
}
