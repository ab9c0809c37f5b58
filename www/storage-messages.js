// What the player is told about the saved data: what could not be read
// when the page started (and was reset to its default), and the previous
// games removed to make room in a full storage.
import { CATALOGUES, t } from './i18n.js';

/**
 * @typedef {object} Dropped what could not be read, from storage.js and the settings check
 * @property {string[]} settings the names of the settings reset to their default
 * @property {boolean} allSettings whether the settings could not be read at all
 * @property {number} previousGames how many previous games could not be read
 * @property {boolean} previousList whether the list of previous games could not be read at all
 * @property {boolean} analysis whether the saved analysis could not be read
 * @property {number} otherTabs how many games of other tabs could not be read
 */

/**
 * What the setting `name` is called in a sentence ("the level"); its own name when it has none.
 * @param {string} name
 * @returns {string}
 */
function settingName(name) {
  const key = `storage.setting.${name}`;
  return Object.hasOwn(CATALOGUES.en, key) ? t(key) : name;
}

/**
 * The notice after saved data could not be read, in one sentence: "Some
 * saved data could not be read and was reset: the settings (the level),
 * 2 previous games."; '' when everything was read.
 * @param {Dropped} dropped
 * @returns {string}
 */
export function droppedText(dropped) {
  const parts = [];
  if (dropped.allSettings) parts.push(t('storage.dropped.allSettings'));
  else if (dropped.settings.length > 0) {
    const names = dropped.settings.map(settingName).join(t('storage.dropped.separator'));
    parts.push(t('storage.dropped.settings', { names }));
  }
  if (dropped.previousList) parts.push(t('storage.dropped.previousList'));
  else if (dropped.previousGames > 0) parts.push(t('storage.dropped.previousGames', { count: dropped.previousGames }));
  if (dropped.otherTabs > 0) parts.push(t('storage.dropped.otherTabs', { count: dropped.otherTabs }));
  if (dropped.analysis) parts.push(t('storage.dropped.analysis'));
  return parts.length === 0 ? '' : t('storage.dropped', { what: parts.join(t('storage.dropped.separator')) });
}

/**
 * The notice after `count` of the oldest previous games were removed to make room ('' for none).
 * @param {number} count
 * @returns {string}
 */
export function trimmedText(count) {
  return count > 0 ? t('storage.trimmed', { count }) : '';
}
