// The full screenshot sweep of the board page: every state a player meets,
// at four window sizes, light and dark, in English and Japanese, saved for
// a person to look at. Not a test (CI does not run it): the page's UI is
// judged by looking, and this makes the pictures to look at.
//
// Run it on the built page, alone (it drives one Chromium for a few minutes):
//
//   ./build.sh page && node tests/browser/screenshot-sweep.mjs [state ...]
//
// With state names (see STATES below: start, thinking, hints, pass,
// game-over, review, analysis, lines, variations, explorer, solve, resigned, theme-wood, theme-contrast,
// time-loss, new-game, share, previous, setup, board96, sheet, opening-choose, opening-line, opening-flagged,
// opening-summary, endgame-position, endgame-answer) only those
// are taken; `--lang ja`, `--theme dark` and
// `--size 844x390` narrow the sweep the same way (each may be repeated).
// The pictures go to test-artifacts/sweep/<state>-<w>x<h>-<theme>-<lang>.png
// (the window as the player sees it, scrolled to the part the state is
// about), and test-artifacts/sweep/report.json lists for each picture what a
// script can measure: a page wider than the window, text wider than its box,
// an open dialog taller or wider than the window (and whether it scrolls
// inside), the board outside the window, and text whose contrast against
// its background is under 4.5:1 (3:1 for large text). The report is a guide
// to where to look, not a verdict: look at every picture.
import { mkdir, writeFile } from 'node:fs/promises';
import { artifact, load, nextEvent, openPage, setTheme, startGame, wthorGames } from './page-support.mjs';

const VIEWPORTS = [
  { width: 1280, height: 800 }, { width: 768, height: 1024 }, { width: 390, height: 844 }, { width: 844, height: 390 },
];
const THEMES = ['light', 'dark'];
const LANGUAGES = ['en', 'ja'];

/** A tournament game (WTHOR) up to a position where Black, to move, has no legal move (White has). */
const BLACK_MUST_PASS = 'f5f6e6f4e3c5c6d3c4f3e2c2d2e7g3c3g6g5g4d6c7d7f8e8b3h6c1b4a5a4f7d8b6b5a3a6a7c8h5h4g7h3b8e1d1'
  + 'f1f2b1b2h8h7g8h2h1b7a1a2g2';
const [FINISHED, ANALYSED] = wthorGames(2).map((game) => game.moves);

/** Waits until no disc is turning. */
async function settled(page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

/** Waits until the engine has answered the first move and rests. */
function engineReplied(page) {
  return page.waitForFunction(() => window.othelloPage.record.moves.length >= 2
    && window.othelloPage.activity === null, null, { timeout: 60_000 });
}

/** A game against Club with its first moves played (the engine's reply in). */
async function gameUnderWay(page) {
  await startGame(page, { level: 'casual' });
  await page.click('[data-square="f5"]');
  await engineReplied(page);
}

/** Opens a trainer's panel (`opening-trainer` or `endgame-trainer`) where it is closed. */
async function openTrainer(page, id) {
  if (await page.getAttribute(`#${id}-toggle`, 'aria-expanded') !== 'true') await page.click(`#${id}-toggle`);
}

/** Closes a trainer's panel where it is open. */
async function closeTrainer(page, id) {
  if (await page.getAttribute(`#${id}-toggle`, 'aria-expanded') === 'true') await page.click(`#${id}-toggle`);
}

/** Waits until the opening trainer's line waits for the player in a valued position (or is flagged, or over). */
function lineSettled(page) {
  return page.waitForFunction(() => {
    const line = window.othelloPage.openingTrainer.line;
    return line && ((line.phase === 'player' && line.options !== null) || line.phase === 'flagged' || line.phase === 'over');
  }, null, { timeout: 60_000 });
}

/** An opening line of the Tiger, the player Black, waiting for the player's move (one started where there is none). */
async function openingLine(page) {
  await openTrainer(page, 'opening-trainer');
  const going = await page.evaluate(() => ['player', 'flagged'].includes(window.othelloPage.openingTrainer.line?.phase));
  if (going) return;
  if (await page.isVisible('#opening-trainer-choose')) await page.click('#opening-trainer-choose');
  await page.evaluate(() => { window.othelloPage.openingTrainer.seed = 3; });
  await page.selectOption('#opening-trainer-opening', 'Tiger');
  await page.check('input[name="opening-trainer-colour"][value="black"]');
  await page.selectOption('#opening-trainer-length', '8');
  await page.click('#opening-trainer-start');
  await lineSettled(page);
}

/** The endgame trainer at an unanswered position of the easiest band. */
async function endgamePosition(page) {
  await openTrainer(page, 'endgame-trainer');
  const answered = await page.evaluate(() => document.querySelector('.endgame-board')?.dataset.chosen);
  if (answered) await page.click('.endgame-next');
  else await page.click('.endgame-band[data-band="10-12"]');
  await page.waitForFunction(() => {
    const frame = document.querySelector('.endgame-board');
    return frame?.dataset.position && frame.dataset.chosen === '' && !frame.closest('[hidden]');
  }, null, { timeout: 30_000 });
}

/**
 * The states: `reach(page)` brings the page there (once for all window sizes,
 * or for each size where `each`), `focus` is the part scrolled into view (the
 * top of the page otherwise), `leave(page)` undoes what would stay.
 * @type {{ name: string, reach: (page: import('playwright-core').Page) => Promise<void>, each?: boolean,
 *   focus?: string, leave?: (page: import('playwright-core').Page) => Promise<void> }[]}
 */
const STATES = [
  { name: 'start', reach: (page) => startGame(page, { level: 'casual' }) },
  {
    name: 'thinking', each: true,
    async reach(page) {
      if (await page.isChecked('#book')) await page.uncheck('#book');
      await startGame(page, { level: 'full', clock: '5+0' });
      await page.click('[data-square="f5"]');
      await page.waitForFunction(() => window.othelloPage.activity === 'move'
        && document.getElementById('think-depth').textContent !== '–', null, { timeout: 30_000 });
    },
    async leave(page) {
      if (await page.evaluate(() => window.othelloPage.activity === 'move')) await page.click('#move-now');
      await page.waitForFunction(() => window.othelloPage.record.moves.length === 2
        && window.othelloPage.activity !== 'move');
      await page.check('#book');
    },
  },
  {
    name: 'hints',
    async reach(page) {
      await gameUnderWay(page);
      const hinted = nextEvent(page, 'hints');
      await page.check('#hints');
      await hinted;
    },
    leave: (page) => page.uncheck('#hints'),
  },
  {
    name: 'pass',
    async reach(page) {
      await load(page, BLACK_MUST_PASS);
      await page.waitForSelector('#review-bar', { state: 'visible' });
    },
  },
  {
    name: 'game-over',
    async reach(page) {
      await load(page, FINISHED);
      await page.waitForSelector('#result-card', { state: 'visible' });
    },
  },
  {
    // A game of the list reopened (the finished game above), reviewed at an earlier move.
    name: 'review', focus: '#review-bar',
    async reach(page) {
      await gameUnderWay(page);
      await page.click('#previous .previous-open');
      await page.waitForSelector('#review-bar', { state: 'visible' });
      if (await page.isVisible('#result-close')) await page.click('#result-close');
      await page.click('#moves button[data-ply="20"]');
    },
  },
  {
    name: 'analysis', focus: 'section:has(> #graph)',
    async reach(page) {
      await load(page, ANALYSED);
      await page.waitForSelector('#result-card', { state: 'visible' });
      await page.click('#result-close');
      const analysed = nextEvent(page, 'analysed');
      await page.click('#analyse');
      await analysed;
      await page.click('#moves button[data-ply="30"]');
    },
  },
  {
    // The best lines of a past position of a finished game, deepening.
    name: 'lines', focus: '#lines-panel', each: true,
    async reach(page) {
      await load(page, ANALYSED);
      await page.waitForSelector('#result-card', { state: 'visible' });
      await page.click('#result-close');
      await page.click('#moves button[data-ply="24"]');
      await page.click('#lines-toggle');
      await page.waitForFunction(() => document.querySelectorAll('#lines-list li').length === 3
        && /\d/.test(document.getElementById('lines-status').textContent), null, { timeout: 30_000 });
    },
    leave: (page) => page.click('#lines-toggle'),
  },
  {
    // A finished game with a variation at move 21 and a comment on it.
    name: 'variations', focus: 'section:has(#moves)',
    async reach(page) {
      await load(page, ANALYSED);
      await page.waitForSelector('#result-card', { state: 'visible' });
      await page.click('#result-close');
      await page.click('#moves button[data-ply="20"]');
      const played = ANALYSED.slice(40, 42);
      const other = await page.evaluate((not) => window.othelloPage.record.state.moves.find((m) => m !== not), played);
      await page.click(`[data-square="${other}"]`);
      await page.waitForFunction(() => !window.othelloPage.record.onMainLine);
      await page.fill('#move-comment', 'Quieter: keeps the edge open');
    },
  },
  {
    // The opening explorer at a position of a common opening.
    name: 'explorer', focus: '#explorer',
    async reach(page) {
      await load(page, 'f5d6c3d3c4f4');
      await page.click('#explorer-toggle');
      await page.waitForFunction(() => /\d/.test(document.getElementById('explorer-summary').textContent), null, { timeout: 30_000 });
    },
    leave: (page) => page.click('#explorer-toggle'),
  },
  {
    // An exact solve of a late position of a finished game, done.
    name: 'solve', focus: '#lines-panel',
    async reach(page) {
      await load(page, ANALYSED);
      await page.waitForSelector('#result-card', { state: 'visible' });
      await page.click('#result-close');
      await page.click('#moves button[data-ply="42"]');
      await page.click('#lines-toggle');
      await page.selectOption('#lines-solve-kind', 'exact');
      await page.click('#lines-solve');
      await page.waitForFunction(() => /^Solved|読みしました/.test(document.getElementById('lines-status').textContent),
        null, { timeout: 60_000 });
    },
    leave: (page) => page.click('#lines-toggle'),
  },
  {
    // Game over by resignation: Black (the player) resigns after the engine's reply.
    name: 'resigned',
    async reach(page) {
      await gameUnderWay(page);
      await page.click('#resign');
      await page.click('#resign-black');
      await page.waitForSelector('#result-card', { state: 'visible' });
    },
  },
  ...['wood', 'contrast'].map((theme) => ({
    // The other board themes (green is every other state's), on a game under way with hints.
    name: `theme-${theme}`,
    async reach(page) {
      await gameUnderWay(page);
      await page.selectOption('#board-theme', theme);
      const hinted = nextEvent(page, 'hints');
      await page.check('#hints');
      await hinted;
    },
    async leave(page) {
      await page.uncheck('#hints');
      await page.selectOption('#board-theme', 'green');
    },
  })),
  {
    name: 'time-loss',
    async reach(page) {
      await startGame(page, { level: 'casual', clock: '1+0' });
      await page.evaluate(() => { window.othelloPage.clock.remaining.black = 1; });
      await page.waitForSelector('#play-on', { state: 'visible' });
    },
  },
  {
    name: 'new-game',
    async reach(page) {
      await page.click('#new-game');
      await page.waitForSelector('#new-game-dialog[open]');
      // The level with the longest description.
      await page.selectOption('#new-level', 'expert');
    },
    leave: (page) => page.keyboard.press('Escape'),
  },
  {
    name: 'share',
    async reach(page) {
      await page.click('#share');
      await page.waitForSelector('#share-dialog[open]');
    },
    leave: (page) => page.keyboard.press('Escape'),
  },
  { name: 'previous', focus: 'section:has(> #previous-title)', reach: async () => {} },
  {
    name: 'setup', focus: '#setup-panel',
    async reach(page) {
      await page.click('#setup');
      await page.waitForSelector('#setup-panel', { state: 'visible' });
      for (const square of ['c4', 'c5', 'c5']) await page.click(`[data-square="${square}"]`);
    },
    leave: (page) => page.click('#setup-cancel'),
  },
  {
    name: 'board96',
    async reach(page) {
      await startGame(page, { board: '96', level: 'b96-greedy-2' });
      await page.waitForFunction(() => window.othelloPage.activity === null);
      const [first] = await page.evaluate(() => window.othelloPage.record.state.moves);
      await page.click(`[data-square="${first}"]`);
      await engineReplied(page);
    },
  },
  {
    name: 'sheet', focus: 'section:has(#moves-sheet)',
    async reach(page) {
      await startGame(page, { level: 'casual' });
      await load(page, FINISHED);
      await page.waitForSelector('#result-card', { state: 'visible' });
      await page.click('#result-close');
      await page.click('#moves-view-sheet');
    },
    leave: (page) => page.click('#moves-view-list'),
  },
  {
    // The opening trainer's chooser: colours, the openings by family, the length, the progress.
    name: 'opening-choose', focus: '#opening-trainer',
    async reach(page) {
      await openTrainer(page, 'opening-trainer');
      if (await page.isVisible('#opening-trainer-choose')) await page.click('#opening-trainer-choose');
      await page.waitForSelector('#opening-trainer-start', { state: 'visible' });
    },
    leave: (page) => closeTrainer(page, 'opening-trainer'),
  },
  {
    // A line of the Tiger in progress, the player to move (the panels that would give answers away hidden).
    name: 'opening-line', reach: openingLine,
  },
  {
    // A move of the player flagged: its loss, the book's best moves ringed, Try again and Play on.
    name: 'opening-flagged',
    async reach(page) {
      await openingLine(page);
      if (await page.evaluate(() => window.othelloPage.openingTrainer.line.phase === 'flagged')) return;
      const move = await page.evaluate(() => {
        const { options } = window.othelloPage.openingTrainer.line;
        const worse = options.moves.filter((entry) => !options.bests.some((best) => best.move === entry.move));
        return worse.find((entry) => entry.kind === 'book')?.move ?? worse[0].move;
      });
      await page.click(`#board [data-square="${move}"]`);
      await page.waitForFunction(() => window.othelloPage.openingTrainer.line.phase === 'flagged', null, { timeout: 60_000 });
    },
  },
  {
    // The line's summary.
    name: 'opening-summary', focus: '#opening-trainer',
    async reach(page) {
      await openingLine(page);
      await page.click('#opening-trainer-stop');
      await page.waitForSelector('#opening-trainer-summary', { state: 'visible' });
    },
    leave: (page) => closeTrainer(page, 'opening-trainer'),
  },
  {
    // The endgame trainer at a position of 10-12 empties, not answered yet.
    name: 'endgame-position', focus: '#endgame-trainer', reach: endgamePosition,
  },
  {
    // The endgame trainer after an answer: every move's exact score, the verdict.
    name: 'endgame-answer', focus: '#endgame-trainer',
    async reach(page) {
      await endgamePosition(page);
      const square = await page.$eval('.endgame-board .square.legal', (found) => found.dataset.square);
      await page.click(`.endgame-board [data-square="${square}"]`);
      await page.waitForFunction((chosen) => document.querySelector('.endgame-board').dataset.chosen === chosen, square);
    },
    leave: (page) => closeTrainer(page, 'endgame-trainer'),
  },
];

/**
 * Scrolls the page to its top, or just far enough to bring `focus` into view
 * (its top edge first where it is taller than the window).
 */
function scrollTo(page, focus) {
  return page.evaluate((selector) => {
    window.scrollTo(0, 0);
    if (!selector) return;
    const element = document.querySelector(selector);
    const box = element.getBoundingClientRect();
    // Just enough to show all of it, keeping as much of what is above it as the window allows.
    const below = box.bottom - window.innerHeight + 8;
    if (below > 8) window.scrollTo(0, Math.max(0, Math.min(box.top - 8, below)));
  }, focus ?? null);
}

/** What a script can measure of the page as shown: see the header. */
function measure(page) {
  return page.evaluate(() => {
    const found = {};
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.pageWiderThanWindow = `${root.scrollWidth} > ${root.clientWidth}`;
    const name = (element) => (element.id ? `#${element.id}` : `${element.tagName.toLowerCase()}.${element.className}`);
    const overflowing = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (!element.checkVisibility() || element instanceof SVGElement) continue;
      const style = getComputedStyle(element);
      if (['auto', 'scroll'].includes(style.overflowX) || ['auto', 'scroll'].includes(style.overflowY)) continue;
      if (['TEXTAREA', 'SELECT', 'INPUT', 'PROGRESS'].includes(element.tagName)) continue;
      if (style.position === 'absolute' && element.clientWidth <= 1) continue;
      if (element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0) {
        const text = element.textContent.trim().slice(0, 40);
        overflowing.push(`${name(element)} ${element.scrollWidth}>${element.clientWidth}: ${text}`);
      }
    }
    if (overflowing.length > 0) found.overflowing = overflowing;
    const dialog = document.querySelector('dialog[open]');
    if (dialog) {
      const box = dialog.getBoundingClientRect();
      const form = dialog.firstElementChild;
      found.dialog = {
        id: dialog.id, top: Math.round(box.top), bottom: Math.round(box.bottom), width: Math.round(box.width),
        fits: box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth,
        scrollsInside: dialog.scrollHeight > dialog.clientHeight + 1, contentHeight: form?.scrollHeight,
      };
    }
    const board = document.getElementById('board-frame').getBoundingClientRect();
    const boardOut = board.left < 0 || board.right > innerWidth || board.bottom > innerHeight || board.top < 0;
    if (window.scrollY === 0 && boardOut) {
      found.boardOutside = [board.left, board.top, board.right, board.bottom].map(Math.round);
    }
    // Contrast of text on the colour behind it (the first ancestor with an opaque background).
    const rgb = (css) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]) => {
      const channel = (value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const behind = (element) => {
      for (let at = element; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.backgroundImage !== 'none' && at !== element) return null;
        const colour = rgb(style.backgroundColor);
        if (colour.length >= 3 && (colour[3] === undefined || colour[3] >= 0.9)) return colour;
      }
      return rgb(getComputedStyle(document.body).backgroundColor);
    };
    const low = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (!element.checkVisibility() || element.closest('svg')) continue;
      const text = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent).join('').trim();
      if (!text) continue;
      const style = getComputedStyle(element);
      const back = behind(element);
      if (!back) continue;
      const ink = rgb(style.color);
      const [light, dark] = [luminance(ink), luminance(back)].sort((a, b) => b - a);
      const ratio = (light + 0.05) / (dark + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) {
        const colours = `${style.color} on rgb(${back.join(', ')})`;
        low.push(`${name(element)} ${ratio.toFixed(2)}:1 (${colours}): ${text.slice(0, 30)}`);
      }
    }
    if (low.length > 0) found.lowContrast = low;
    return found;
  });
}

/** The arguments: state names and `--lang`, `--theme`, `--size` filters. */
function chosen(argv) {
  const picked = { states: [], lang: [], theme: [], size: [] };
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index].match(/^--(lang|theme|size)$/);
    if (flag) picked[flag[1]].push(argv[(index += 1)]);
    else picked.states.push(argv[index]);
  }
  const unknown = picked.states.filter((name) => !STATES.some((state) => state.name === name));
  if (unknown.length > 0) {
    throw new Error(`no state ${unknown.join(', ')}: ${STATES.map((state) => state.name).join(', ')}`);
  }
  const keep = (list, values) => (values.length === 0 ? list : list.filter((value) => values.includes(value)));
  return {
    states: picked.states.length === 0 ? STATES : STATES.filter((state) => picked.states.includes(state.name)),
    languages: keep(LANGUAGES, picked.lang),
    themes: keep(THEMES, picked.theme),
    viewports: VIEWPORTS.filter((size) => picked.size.length === 0
      || picked.size.includes(`${size.width}x${size.height}`)),
  };
}

const { states, languages, themes, viewports } = chosen(process.argv.slice(2));
const session = await openPage({ viewport: VIEWPORTS[0] });
const { page, problems } = session;
const report = {};
await mkdir(await artifact('sweep'), { recursive: true });
try {
  // A game kept in the list of previous games from the start, for the states that reopen one.
  await load(page, FINISHED);
  await page.waitForSelector('#result-card', { state: 'visible' });
  await startGame(page, { level: 'casual' });
  for (const lang of languages) {
    for (const theme of themes) {
      await page.setViewportSize(VIEWPORTS[0]);
      await page.selectOption('#language', lang);
      await setTheme(page, theme);
      for (const state of states) {
        for (const [index, viewport] of viewports.entries()) {
          if (index === 0 || state.each) {
            await page.setViewportSize(VIEWPORTS[0]);
            await state.reach(page);
          }
          await page.setViewportSize(viewport);
          await scrollTo(page, state.focus);
          // No square lit by the pointer left where the last click was.
          await page.mouse.move(0, 0);
          await settled(page);
          const name = `${state.name}-${viewport.width}x${viewport.height}-${theme}-${lang}`;
          await page.screenshot({ path: await artifact(`sweep/${name}.png`) });
          report[name] = await measure(page);
          if (state.each && state.leave) {
            await page.setViewportSize(VIEWPORTS[0]);
            await state.leave(page);
          }
        }
        if (!state.each && state.leave) {
          await page.setViewportSize(VIEWPORTS[0]);
          await state.leave(page);
        }
        console.log(`${state.name} ${theme} ${lang}`);
      }
    }
  }
} finally {
  await writeFile(await artifact('sweep/report.json'), `${JSON.stringify({ problems, report }, null, 1)}\n`);
  await session.close();
}
console.log(`${Object.keys(report).length} screenshots in test-artifacts/sweep/, measures in report.json there`);
