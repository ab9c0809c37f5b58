// The players' default names: "You", the engine as "Engine (<level>)" and
// the sides' names ("Black", "White", "Red"), where a game has no names of
// its own. Records keep them in English whatever language the page shows:
// a GGF record's PB[] and PW[] are read by other programs (GGS, NBoard,
// WZebra, Egaroucid) and by players of other languages, some of which
// expect plain ASCII there, and a previous game keeps its names once, to be
// shown later in whichever language is chosen then. The page shows a
// default name in its language (the list of previous games, the review
// line, the side boxes), whichever language it was kept in; any other name
// (a tournament player's from a GGF record) is shown as it is.
import { CATALOGUES, language } from './i18n.js';
import { LEVELS, LEVELS_96 } from './levels.js';

/** The catalogue keys of the default names that take no parameter. */
const PLAIN_NAMES = ['flow.you', 'side.black', 'side.white', 'side.red'];

/** The ids of every level, of both boards. */
const LEVEL_IDS = [...LEVELS, ...LEVELS_96].map((level) => level.id);

/**
 * The engine as the catalogue `catalogue` names it when it plays level `id`: "Engine (Club)".
 * @param {Record<string, any>} catalogue
 * @param {string} id
 * @returns {string}
 */
function engineName(catalogue, id) {
  return String(catalogue['flow.engineNamed']).replace('{level}', catalogue[`level.${id}`]);
}

/**
 * `name` in language `to` when it is a default name in one of the
 * languages, else `name` as it is.
 * @param {string} name
 * @param {string} to a language id (i18n.js)
 * @returns {string}
 */
function translated(name, to) {
  const target = CATALOGUES[to];
  for (const catalogue of Object.values(CATALOGUES)) {
    const plain = PLAIN_NAMES.find((key) => catalogue[key] === name);
    if (plain) return target[plain];
    const level = LEVEL_IDS.find((id) => engineName(catalogue, id) === name);
    if (level) return engineName(target, level);
  }
  return name;
}

/**
 * A player's name as records write it: a default name in English ("You",
 * "Engine (Club)", "Black"), any other name as it is.
 * @param {string} name
 * @returns {string}
 */
export function recordName(name) {
  return translated(name, 'en');
}

/**
 * A player's name as the page shows it: a default name in the page's
 * language, any other name as it is.
 * @param {string} name
 * @returns {string}
 */
export function shownName(name) {
  return translated(name, language());
}
