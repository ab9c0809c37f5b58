// The page's catalogues (www/i18n/en.js, www/i18n/ja.js): both languages
// have the same keys, every key the page uses (t('key', ...) in its
// modules, data-i18n* attributes in index.html) is in both, each value is a
// string or a function of the parameters giving one, and the placeholders
// of a key are the same in both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { EN } from '../../www/i18n/en.js';
import { JA } from '../../www/i18n/ja.js';
import { chooseLanguage, setLanguage, t } from '../../www/i18n.js';

/** Every .js file of the page (www/, its subfolders). */
async function pageModules() {
  const entries = await readdir('www', { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

/** The keys the page asks for: t('key' in its modules and data-i18n attributes in index.html. */
async function usedKeys() {
  const keys = new Map();
  for (const file of await pageModules()) {
    const text = await readFile(file, 'utf8');
    for (const match of text.matchAll(/\bt\(\s*'([\w.-]+)'/g)) keys.set(match[1], file);
  }
  const html = await readFile('www/index.html', 'utf8');
  for (const match of html.matchAll(/data-i18n(?:-[a-z-]+)?="([\w.-]+)"/g)) keys.set(match[1], 'www/index.html');
  return keys;
}

/** Parameters that read as their own placeholders: `{moves}` for `moves`. */
const MARKERS = new Proxy({}, { get: (_, name) => (typeof name === 'string' ? `{${name}}` : undefined) });

/** The parameters a catalogue value uses: its `{name}` placeholders, or those a function reads. */
function placeholders(value) {
  const text = typeof value === 'function' ? value(MARKERS) : value;
  return [...new Set([...String(text).matchAll(/\{(\w+)\}/g)].map((match) => match[1]))].sort();
}

test('English and Japanese have the same keys', () => {
  assert.deepEqual(Object.keys(JA).filter((key) => !(key in EN)), [], 'in Japanese only');
  assert.deepEqual(Object.keys(EN).filter((key) => !(key in JA)), [], 'missing in Japanese');
});

test('every key the page uses is in both catalogues', async () => {
  const missing = [...await usedKeys()].filter(([key]) => !(key in EN) || !(key in JA))
    .map(([key, file]) => `${key} (${file})`);
  assert.deepEqual(missing, []);
});

test('each value is a string or a function giving one, with the same placeholders in both languages', () => {
  for (const [key, english] of Object.entries(EN)) {
    const japanese = JA[key];
    for (const value of [english, japanese]) {
      const text = typeof value === 'function' ? value({ count: 1 }) : value;
      assert.equal(typeof text, 'string', `${key}: ${typeof text}`);
      assert.notEqual(text.trim(), '', `${key} is empty`);
    }
    assert.deepEqual(placeholders(japanese), placeholders(english), `${key}: placeholders`);
  }
});

test('t fills placeholders, falls back to English, and throws on an unknown key', () => {
  setLanguage('ja');
  assert.equal(t('page.title'), JA['page.title']);
  setLanguage('en');
  assert.equal(t('page.title'), EN['page.title']);
  assert.throws(() => t('no.such.key'), /no string 'no.such.key'/);
  assert.equal(chooseLanguage(undefined, ['ja-JP', 'en-US']), 'ja');
  assert.equal(chooseLanguage('en', ['ja-JP']), 'en', 'the saved choice wins');
  assert.equal(chooseLanguage('xx', ['fr-FR']), 'en');
});

test('the names the page builds from keys (levels, time controls, board colours) are in both languages', async () => {
  const { LEVELS, LEVELS_96, TIME_CONTROLS, moveTimeName } = await import('../../www/levels.js');
  const { BOARD_THEMES, boardThemeName } = await import('../../www/board-theme.js');
  const shown = (id) => {
    setLanguage(id);
    return [
      ...[...LEVELS, ...LEVELS_96].flatMap((level) => [level.name, level.about]),
      ...TIME_CONTROLS.map((control) => control.name),
      moveTimeName(5), ...BOARD_THEMES.map(boardThemeName),
    ];
  };
  const english = shown('en');
  const japanese = shown('ja');
  setLanguage('en');
  assert.equal(english.length, japanese.length);
  // Only the classic programs keep their names in Japanese.
  const same = english.filter((text, index) => text === japanese[index]);
  assert.deepEqual(same, ['Iago', 'BILL']);
  for (const text of japanese) assert.match(text, /^(Iago|BILL)$|[\u3040-\u30ff\u4e00-\u9fff]/, text);
});
