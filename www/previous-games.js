// The list of previous games: the games a new, pasted, set-up or reopened
// game replaced, newest first. Each shows the players, the result (or how
// far it went), the opening, the number of moves (passes take none), when
// it was replaced (or the name the player gave it) and a small picture of
// its final position; each can be reopened, renamed or deleted (with
// undo). The list is drawn from storage (storage.js) each time, so a change
// made in another tab shows as soon as it is told.
import { t, language } from './i18n.js';
import { openingName } from './openings.js';
import { resultText, sideWord } from './result.js';
import { GameRecord } from './record.js';
import { shownName } from './player-names.js';
import {
  MAX_GAME_NAME, deletePreviousGame, previousGames, renamePreviousGame, restorePreviousGame,
} from './storage.js';

const SVG = 'http://www.w3.org/2000/svg';

/**
 * A small picture of `record`'s final position: an SVG of its board (holes
 * left out), a circle per disc, coloured by CSS classes.
 * @param {GameRecord} record
 * @returns {SVGSVGElement}
 */
export function boardPicture(record) {
  const { geometry } = record.kind;
  const cellSide = /** @type {Record<string, 'black' | 'white'>} */ (record.kind.cellSide);
  const discClass = /** @type {Record<string, string>} */ (record.kind.discClass);
  const size = geometry.size;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  svg.setAttribute('class', 'mini-board');
  svg.setAttribute('aria-hidden', 'true');
  const felt = document.createElementNS(SVG, 'rect');
  felt.setAttribute('width', String(size));
  felt.setAttribute('height', String(size));
  felt.setAttribute('class', 'mini-felt');
  svg.append(felt);
  const lines = document.createElementNS(SVG, 'path');
  let path = '';
  for (let line = 1; line < size; line += 1) path += `M${line} 0V${size}M0 ${line}H${size}`;
  lines.setAttribute('d', path);
  lines.setAttribute('class', 'mini-lines');
  svg.append(lines);
  for (const hole of geometry.holes) {
    const index = geometry.files.indexOf(hole[0]);
    const row = Number(hole.slice(1)) - 1;
    const gap = document.createElementNS(SVG, 'rect');
    /** @type {[string, number][]} */
    const place = [['x', index], ['y', row], ['width', 1], ['height', 1]];
    for (const [name, value] of place) {
      gap.setAttribute(name, String(value));
    }
    gap.setAttribute('class', 'mini-hole');
    svg.append(gap);
  }
  const board = record.finalPosition.split(' ')[0];
  geometry.places.forEach(({ row, column }, index) => {
    const side = cellSide[board[index]];
    if (!side) return;
    const disc = document.createElementNS(SVG, 'circle');
    disc.setAttribute('cx', String(column + 0.5));
    disc.setAttribute('cy', String(row + 0.5));
    disc.setAttribute('r', '0.42');
    disc.setAttribute('class', `mini-disc ${discClass[side]}`);
    svg.append(disc);
  });
  return svg;
}

/**
 * How `record` went: "Black wins 40–24 · 58 moves", "Draw 32–32 · 60 moves"
 * or "unfinished, 31 moves" (moves by discs placed).
 * @param {GameRecord} record
 * @returns {string}
 */
export function resultLine(record) {
  const moves = record.movesPlayed();
  if (!record.finished) return t('previous.unfinished', { count: moves });
  // The result as the page says it everywhere (result.js): winner first, or by resignation, on time.
  return `${resultText(record.finalPosition, record.ending)} · ${t('previous.moves', { count: moves })}`;
}

/**
 * Who played `entry`: its kept names (the default ones in the page's
 * language), else the description older versions kept, else the board's
 * side names.
 * @param {import('./storage.js').PreviousGame} entry
 * @param {GameRecord} record
 * @returns {string}
 */
export function playersLine(entry, record) {
  const names = entry.names ?? null;
  if (names) return t('previous.players', { black: shownName(names.black), white: shownName(names.white) });
  if (entry.title) return entry.title;
  return t('previous.players', { black: sideWord(record.kind.sides.black), white: sideWord(record.kind.sides.white) });
}

/**
 * When `entry` was replaced, in the page's language.
 * @param {import('./storage.js').PreviousGame} entry
 * @returns {string}
 */
function dateLine(entry) {
  return new Date(entry.savedAt).toLocaleString(language(), { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * A new element `tag` of class `className`, with `text` when given.
 * @param {string} tag
 * @param {string} className
 * @param {string} [text]
 * @returns {HTMLElement}
 */
function element(tag, className, text) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * A new button of class `className` for the game `id`, with `text` when given.
 * @param {string} className
 * @param {string} id
 * @param {string} [text]
 * @returns {HTMLButtonElement}
 */
function button(className, id, text) {
  const node = document.createElement('button');
  node.type = 'button';
  node.className = className;
  if (id) node.dataset.gameId = id;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * The name field in `list`, or null.
 * @param {HTMLElement} list
 * @returns {HTMLInputElement | null}
 */
const nameField = (list) => list.querySelector('input.previous-name-field');

export class PreviousGamesList {
  /**
   * Draws the previous games into the list element `list`. `open(id)`
   * reopens one (the page replaces its game); `saved()` is called after
   * each change the list made (the page saves and says whether all is
   * kept); `blocked()`: no game can be opened now (the position editor is open).
   * @param {HTMLElement} list
   * @param {{ open: (id: string) => void, saved: () => void, blocked: () => boolean }} actions
   */
  constructor(list, { open, saved, blocked }) {
    this.list = list;
    this.open = open;
    this.saved = saved;
    this.blocked = blocked;
    /** @type {string | null} the game being renamed (its id), or null */
    this.renaming = null;
    /**
     * @type {{ entry: import('./storage.js').PreviousGame, index: number } | null} the last deleted game, while it
     * can be put back
     */
    this.deleted = null;
    list.addEventListener('click', (event) => this.#clicked(event));
    list.addEventListener('keydown', (event) => this.#key(event));
    list.addEventListener('focusout', (event) => {
      const target = /** @type {HTMLElement} */ (event.target);
      if (!target.matches?.('input.previous-name-field')) return;
      this.#finishRename(/** @type {HTMLInputElement} */ (target), true);
    });
  }

  /** Draws the list from storage. */
  render() {
    const games = previousGames();
    const deleted = this.deleted;
    if (deleted && games.some((entry) => entry.id === deleted.entry.id)) this.deleted = null;
    const items = games.map((entry, index) => this.#item(entry, index));
    if (this.deleted) items.unshift(this.#undoItem());
    if (games.length === 0) items.push(element('li', 'about', t('previous.empty')));
    const typed = nameField(this.list);
    const focused = document.activeElement;
    const holder = focused && this.list.contains(focused)
      ? /** @type {HTMLElement | null} */ (focused.closest('[data-game-id]')) : null;
    const focusId = holder?.dataset.gameId;
    this.list.replaceChildren(...items);
    const field = nameField(this.list);
    if (field && typed && typed.dataset.gameId === field.dataset.gameId) field.value = typed.value;
    if (field) {
      field.focus();
      field.select();
    } else if (focusId) {
      this.#focus('previous-open', focusId);
    }
  }

  /**
   * The list item of `entry`, the `index`th game.
   * @param {import('./storage.js').PreviousGame} entry
   * @param {number} index
   * @returns {HTMLElement}
   */
  #item(entry, index) {
    const record = GameRecord.fromJSON(entry.game);
    const item = element('li', 'previous-game');
    item.dataset.gameId = entry.id;
    const players = playersLine(entry, record);
    const opening = record.standardStart && record.kind.features.openings
      ? openingName(record.mainLine.map((node) => node.move))?.name : null;
    const lines = [
      entry.name ? element('span', 'previous-name', entry.name) : element('span', 'previous-date', dateLine(entry)),
      element('span', 'previous-players', players),
      element('span', 'previous-result', resultLine(record)),
    ];
    if (opening) lines.push(element('span', 'previous-opening', opening));
    if (this.renaming === entry.id) {
      const field = document.createElement('input');
      field.type = 'text';
      field.className = 'previous-name-field';
      field.maxLength = MAX_GAME_NAME;
      field.value = entry.name;
      field.placeholder = t('previous.namePlaceholder');
      field.setAttribute('aria-label', t('previous.nameLabel'));
      field.dataset.gameId = entry.id;
      lines[0] = field;
      const text = element('div', 'previous-text');
      text.append(...lines);
      item.append(boardPicture(record), text);
      return item;
    }
    const open = button('previous-open', entry.id);
    open.dataset.previous = String(index);
    open.title = t('previous.open');
    const text = element('span', 'previous-text');
    text.append(...lines);
    open.append(boardPicture(record), text);
    const actions = element('span', 'previous-actions');
    const rename = button('icon-button previous-rename', entry.id, '✎');
    rename.title = t('previous.rename');
    rename.setAttribute('aria-label', t('previous.renameGame', { game: entry.name || players }));
    const remove = button('icon-button previous-delete', entry.id, '✕');
    remove.title = t('previous.delete');
    remove.setAttribute('aria-label', t('previous.deleteGame', { game: entry.name || players }));
    actions.append(rename, remove);
    item.append(open, actions);
    return item;
  }

  /**
   * The line that says a game was deleted, with its undo button.
   * @returns {HTMLElement}
   */
  #undoItem() {
    const item = element('li', 'previous-deleted');
    const entry = this.deleted?.entry;
    if (entry) item.append(element('span', '', t('previous.deleted', { game: entry.name || dateLine(entry) })));
    item.append(button('previous-undo', '', t('previous.undo')));
    return item;
  }

  /** @param {MouseEvent} event */
  #clicked(event) {
    const clicked = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (event.target).closest?.('button'));
    if (!clicked) return;
    const id = clicked.dataset.gameId ?? '';
    const is = (/** @type {string} */ name) => clicked.classList.contains(name);
    if (is('previous-undo') && this.deleted) {
      restorePreviousGame(this.deleted);
      this.saved();
      this.deleted = null;
      this.render();
    } else if (is('previous-delete')) {
      const deleted = deletePreviousGame(id);
      if (deleted) this.deleted = deleted;
      this.saved();
      this.render();
      this.#focus('previous-undo', '');
    } else if (is('previous-rename')) {
      this.renaming = id;
      this.render();
    } else if (is('previous-open') && !this.blocked()) {
      this.deleted = null;
      this.open(id);
    }
  }

  /** Enter keeps the name typed, Escape leaves it as it was. @param {KeyboardEvent} event */
  #key(event) {
    const field = /** @type {HTMLInputElement} */ (event.target);
    if (!field.matches?.('input.previous-name-field')) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      this.#finishRename(field, true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      this.#finishRename(field, false);
    }
  }

  /**
   * Ends the renaming in `field`, keeping its name when `keep`.
   * @param {HTMLInputElement} field
   * @param {boolean} keep
   */
  #finishRename(field, keep) {
    if (this.renaming !== field.dataset.gameId) return;
    const id = this.renaming;
    this.renaming = null;
    if (keep) {
      renamePreviousGame(id, field.value);
      this.saved();
    }
    this.render();
    this.#focus('previous-rename', id);
  }

  /**
   * Focuses the button of class `className` (of the game `id`, when given).
   * @param {string} className
   * @param {string} id
   */
  #focus(className, id) {
    const selector = id ? `.${className}[data-game-id="${CSS.escape(id)}"]` : `.${className}`;
    /** @type {HTMLElement | null} */ (this.list.querySelector(selector))?.focus();
  }
}
