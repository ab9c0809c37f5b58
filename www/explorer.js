// The opening explorer panel: the tournament games (the WTHOR database,
// through the package's explore()) that reached the position on the board,
// by any move order and in any orientation, how they ended, and each move
// they played there with its games, results, mean final disc margin and the
// opening book's value; and a few of those games, each of which can be
// opened on the board as a loaded game.
//
// Nothing is fetched until the panel is opened: explore() then loads the
// explorer's index (pkg/explorer.bin) once, in this thread (a lookup takes
// well under a millisecond, never waiting behind a search). A game is
// opened from games/NNN.txt, the games file cut into files of
// GAMES_PER_FILE lines by build.sh, fetched when one of its games is.
import { explore } from './pkg/index.js';
import { errorText } from './error-text.js';
import { language, t } from './i18n.js';
import { GameRecord } from './record.js';
import { moverScore } from './score-text.js';

/** Lines of a file of games/ (build.sh cuts the games file so): game n is line n % 1000 of games/<n / 1000>.txt. */
export const GAMES_PER_FILE = 1000;
/** The games listed to open at most. */
const SAMPLES_SHOWN = 5;

/**
 * @typedef {import('./pkg/index.js').Exploration} Exploration
 * @typedef {import('./pkg/index.js').ExploredGame} ExploredGame
 */

/**
 * The file of games/ that holds game `index`, and its line there.
 * @param {number} index
 * @returns {{ file: string, line: number }}
 */
export function gameFile(index) {
  return { file: `games/${String(Math.floor(index / GAMES_PER_FILE)).padStart(3, '0')}.txt`, line: index % GAMES_PER_FILE };
}

/**
 * A number as the language shown writes it (135,625).
 * @param {number} count
 */
function counted(count) {
  return count.toLocaleString(language());
}

/**
 * A share of the games as a whole percentage.
 * @param {number} part
 * @param {number} whole
 */
function percent(part, whole) {
  return whole === 0 ? 0 : Math.round((100 * part) / whole);
}

/**
 * The mean final disc margin in words from the side ahead: "Black +2.4", "Even".
 * @param {number} average Black's discs minus White's
 */
function meanText(average) {
  const margin = Math.abs(average).toFixed(1);
  if (margin === '0.0') return t('score.even');
  return t('score.side', { side: t(average > 0 ? 'side.black' : 'side.white'), margin });
}

/**
 * A table cell of the mean final disc margin, short: a disc of the side
 * ahead and the margin ("● +2.4"), the words in its title and label.
 * @param {number} average Black's discs minus White's
 */
function meanCell(average) {
  const cell = document.createElement('td');
  cell.className = 'number';
  const margin = Math.abs(average).toFixed(1);
  cell.title = meanText(average);
  cell.setAttribute('aria-label', cell.title);
  if (margin === '0.0') {
    cell.textContent = cell.title;
    return cell;
  }
  const disc = document.createElement('span');
  disc.className = `dot ${average > 0 ? 'black' : 'white'}`;
  disc.setAttribute('aria-hidden', 'true');
  cell.append(disc, ` +${margin}`);
  return cell;
}

/**
 * A bar of the games' results: Black's wins, draws and White's wins in
 * proportion, the percentages written in the parts of at least `written`
 * percent (the shares are CSSOM widths: the page's policy allows no inline
 * style attributes).
 * @param {HTMLElement} bar
 * @param {{ games: number, blackWins: number, draws: number, whiteWins: number }} results
 * @param {number} written
 */
function drawBar(bar, results, written) {
  const parts = [['black', results.blackWins], ['draw', results.draws], ['white', results.whiteWins]];
  const texts = [];
  bar.replaceChildren(...parts.map(([kind, count]) => {
    const share = percent(Number(count), results.games);
    const segment = document.createElement('span');
    segment.className = `explorer-${kind}`;
    segment.style.flexGrow = String(count);
    segment.textContent = share >= written ? `${share}%` : '';
    texts.push(share);
    return segment;
  }));
  bar.title = t('explorer.resultsTitle', { black: texts[0], draws: texts[1], white: texts[2] });
  bar.setAttribute('aria-label', bar.title);
  bar.setAttribute('role', 'img');
}

/**
 * @typedef {object} ExplorerParts
 * @property {import('./page-game.js').PageGame} game
 * @property {HTMLElement} panel the explorer's section in index.html
 * @property {(text: string, kind: string) => void} message the record panel's message line ('ok' or 'error')
 * @property {(text: string, keep?: boolean) => void} announce says `text` in the announcement line
 * @property {(record: GameRecord, ply: number) => void} openGame puts `record` on the board as a loaded game, at `ply`
 */

export class ExplorerPanel {
  /** @param {ExplorerParts} parts */
  constructor({ game, panel, message, announce, openGame }) {
    this.game = game;
    this.message = message;
    this.announce = announce;
    this.openGame = openGame;
    /** @param {string} id */
    const find = (id) => /** @type {HTMLElement} */ (panel.querySelector(`#${id}`));
    this.elements = {
      toggle: find('explorer-toggle'), body: find('explorer-body'), summary: find('explorer-summary'),
      total: find('explorer-total'), table: /** @type {HTMLTableElement} */ (find('explorer-moves')),
      gamesTitle: find('explorer-games-title'), games: find('explorer-games'),
    };
    this.open = false;
    /** The position asked about last (the query), and what the games say of it (null: not yet). */
    this.query = null;
    /** @type {Exploration | null} */
    this.found = null;
    /** @type {string | null} why the last lookup failed (the console has the whole message) */
    this.failure = null;
    /** The files of games/ fetched, by name: a promise of their lines. */
    this.files = new Map();
    /** What the panel shows now (answer, failure, language), so that it is drawn again only when that changes. */
    this.drawn = null;
  }

  /** The Show/Hide button; a game's Open button. */
  bind() {
    const { toggle, games } = this.elements;
    toggle.addEventListener('click', () => {
      this.open = !this.open;
      // Opened again after a failure: asked again.
      if (this.open && this.failure !== null) this.query = null;
      this.render();
    });
    games.addEventListener('click', (event) => {
      const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest('button[data-game]'));
      if (button) this.openSample(Number(button.dataset.game));
    });
  }

  /**
   * What explore() is asked about the position on the board: the moves from
   * the start (so that a position one game reached names it), or the
   * position itself from a set-up start; null on a board without games.
   */
  currentQuery() {
    const record = this.game.record;
    if (!record.kind.features.explorer) return null;
    return record.standardStart ? record.moves.slice(0, record.cursor).join('') : record.position;
  }

  /** Shows the panel open or closed, and what the games say about the position on the board. */
  render() {
    const { toggle, body } = this.elements;
    toggle.setAttribute('aria-expanded', String(this.open));
    toggle.textContent = t(this.open ? 'explorer.hide' : 'explorer.show');
    body.hidden = !this.open;
    if (!this.open) return;
    const query = this.currentQuery();
    if (query !== this.query) {
      this.query = query;
      this.found = null;
      this.failure = null;
      if (query !== null) this.lookUp(query);
    }
    this.draw();
  }

  /**
   * Asks explore() about `query`; draws the answer if the board still shows it.
   * @param {string} query
   */
  async lookUp(query) {
    try {
      const found = await explore(query);
      if (this.query !== query) return;
      this.found = found;
    } catch (error) {
      if (this.query !== query) return;
      // Asked again for another position, or when the panel is opened again.
      this.failure = errorText(error);
      console.warn(`the tournament games: ${error?.message ?? error}`);
    }
    this.draw();
  }

  /**
   * The summary, the moves and the games of the last answer, drawn again
   * only when they or the language change (so that a redraw of the page
   * keeps the focus on an Open button).
   */
  draw() {
    const { summary, total, table, gamesTitle, games } = this.elements;
    const found = this.found;
    const drawing = { found, failure: this.failure, query: this.currentQuery(), language: language() };
    if (this.drawn !== null && Object.keys(drawing).every((key) => drawing[key] === this.drawn[key])) return;
    this.drawn = drawing;
    const shown = found !== null && found.games > 0;
    total.hidden = !shown;
    table.hidden = !shown || found.moves.length === 0;
    const samples = shown ? found.samples.slice(0, SAMPLES_SHOWN) : [];
    gamesTitle.hidden = samples.length === 0;
    if (this.failure !== null) {
      summary.textContent = t('explorer.failed');
    } else if (this.currentQuery() === null) {
      summary.textContent = t('explorer.otherBoard');
    } else if (found === null) {
      summary.textContent = t('explorer.loading');
    } else if (found.games === 0) {
      summary.textContent = t('explorer.none');
    } else {
      summary.textContent = t('explorer.reached', { count: found.games, games: counted(found.games), mean: meanText(found.averageDisc) });
    }
    if (shown) {
      drawBar(total, found, 12);
      this.drawMoves(table.tBodies[0], found);
    }
    games.replaceChildren(...samples.map((sample) => this.sampleItem(sample)));
  }

  /**
   * One row a move: its name, games, results, mean margin and book value.
   * @param {HTMLTableSectionElement} body
   * @param {Exploration} found
   */
  drawMoves(body, found) {
    body.replaceChildren(...found.moves.map((move) => {
      const row = document.createElement('tr');
      const cell = (/** @type {string} */ text, className = '') => {
        const td = document.createElement('td');
        td.textContent = text;
        if (className) td.className = className;
        return td;
      };
      const name = document.createElement('th');
      name.scope = 'row';
      name.className = 'explorer-move';
      name.textContent = move.move;
      if (move.symmetric.length > 0) name.title = t('explorer.symmetric', { moves: [move.move, ...move.symmetric].join(', ') });
      const results = document.createElement('td');
      const bar = document.createElement('div');
      bar.className = 'explorer-bar';
      drawBar(bar, move, 30);
      results.append(bar);
      row.append(name, cell(counted(move.games), 'number'), results, meanCell(move.averageDisc),
        cell(move.book === null ? '–' : moverScore(move.book, 'book'), 'number'));
      return row;
    }));
  }

  /**
   * A game to open: its year and final score, the move it played here.
   * @param {ExploredGame} sample
   */
  sampleItem(sample) {
    const item = document.createElement('li');
    const text = document.createElement('span');
    const score = `${sample.blackDiscs}–${sample.whiteDiscs}`;
    text.textContent = sample.move === null
      ? t('explorer.game', { year: sample.year, score })
      : t('explorer.gameMove', { year: sample.year, score, move: sample.move });
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.game = String(sample.game);
    button.textContent = t('explorer.open');
    button.setAttribute('aria-label', t('explorer.openLabel', { year: sample.year, score }));
    item.append(text, button);
    return item;
  }

  /**
   * The lines of a file of games/, fetched once.
   * @param {string} file
   * @returns {Promise<string[]>}
   */
  lines(file) {
    if (!this.files.has(file)) {
      const lines = fetch(file).then((response) => {
        if (!response.ok) throw new Error(`${file}: ${response.status} ${response.statusText}`);
        return response.text();
      }).then((text) => text.split('\n'));
      lines.catch(() => this.files.delete(file));
      this.files.set(file, lines);
    }
    return this.files.get(file);
  }

  /**
   * Opens game `index` of the database on the board, at the position the
   * panel showed (the first of its positions with as many discs).
   * @param {number} index
   */
  async openSample(index) {
    const { file, line } = gameFile(index);
    const discs = this.discsShown();
    try {
      const [year, black, white, moves] = ((await this.lines(file))[line] ?? '').trim().split(' ');
      if (moves === undefined) throw new Error(`${file} has no line ${line + 1}`);
      const record = GameRecord.parse(moves);
      const ply = Math.max(0, record.positions.findIndex((position) => position.slice(0, 64).replace(/-/g, '').length === discs));
      this.openGame(record, ply);
      const text = t('explorer.opened', { year, score: `${black}–${white}`, moves: record.movesPlayed(ply) });
      this.message(text, 'ok');
      this.announce(text);
    } catch (error) {
      console.warn(`tournament game ${index}: ${error?.message ?? error}`);
      const text = t('explorer.notOpened');
      this.message(text, 'error');
      this.announce(text);
    }
  }

  /** The discs on the board the panel shows. */
  discsShown() {
    const state = this.game.record.state;
    return state.black + state.white;
  }
}
