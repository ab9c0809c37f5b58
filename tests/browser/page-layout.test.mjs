// The board page's layout and its numbers, in Chromium on the built page:
// - who plays whom is readable in full in the side boxes, with a clock, on a
//   desktop and a phone either way up (the level's name, "Engine" below it,
//   never cut off);
// - the board and the main controls keep the same place (boundingBox) in every
//   state of a game (start, engine thinking, hints, a pass announced, review,
//   game over, time loss) at 1280x800, 768x1024, 390x844 and 844x390, inside
//   the window;
// - one score convention: the engine panel, the hint badges, the graph, the
//   review and the result name the same side and the same margin for one
//   position, and the page states the convention;
// - the engine panel shows the viewed position's known analysis (not another
//   position's), no "0 k" speed, and the header only a short state (the
//   engine's diagnostics are in "About the engine");
// - the graph's labels read at the page's small text size and its marks have
//   3:1 contrast against its background, light and dark;
// - the 96-square board's hints are rounded evaluation units that fit their
//   squares, and its graph scales to them and breaks at a missing value;
// - the new-game dialog and the settings ask for a time per move only where it
//   is used, the 96-square choice reads as two aligned lines, the record's
//   buttons have no gap, and the dark theme's Black disc icon is a solid disc.
// Screenshots of every state, light and dark, go to test-artifacts/layout-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  artifact, contrast, load, luminance, nextEvent, openPage, recordState, setTheme, splitMoves, startGame, wthorGames,
} from './page-support.mjs';

/** A tournament game (WTHOR) up to a position where Black, to move, has no legal move (White has). */
const BLACK_MUST_PASS = 'f5f6e6f4e3c5c6d3c4f3e2c2d2e7g3c3g6g5g4d6c7d7f8e8b3h6c1b4a5a4f7d8b6b5a3a6a7c8h5h4g7h3b8e1d1f1f2b1b2h8h7g8h2h1b7a1a2g2';
/** A game of nine moves: after c5 White has no disc left (Black wins 64-0). */
const SHORT_GAME = 'e6f4e3f6g5d6e7f5c5';
/** Sixteen random plies: far from the opening book, Black to move. */
const MIDGAME = 'd3c3b3b2b1d2e3e2d1a1f3a3f5g3f4f2';

const VIEWPORTS = [
  { width: 1280, height: 800 }, { width: 768, height: 1024 }, { width: 390, height: 844 }, { width: 844, height: 390 },
];
/** The board and the controls that must never move. */
const FIXED = ['#board-frame', '#undo', '#redo', '#move-now', '#new-game'];

/** A screenshot of the top of the page once the discs' animations are over. */
async function shot(page, name) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await page.screenshot({ path: await artifact(`layout-${name}.png`) });
}

/** The boxes of the board and the main controls, rounded to tenths of a pixel, at the top of the page. */
async function fixedBoxes(page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.evaluate((selectors) => Object.fromEntries(selectors.map((selector) => {
    const box = document.querySelector(selector).getBoundingClientRect();
    return [selector, [box.x, box.y, box.width, box.height].map((value) => Math.round(value * 10) / 10)];
  })), FIXED);
}

/** A score in the page's words from Black's score: "Black +4", "White +2", "Even". */
function named(black) {
  return black === 0 ? 'Even' : `${black > 0 ? 'Black' : 'White'} +${Math.abs(black)}`;
}

test('who plays whom is readable in full with a clock, on a desktop and a phone either way up', async (t) => {
  const session = await openPage({ viewport: { width: 1280, height: 800 } });
  t.after(session.close);
  const { page, problems } = session;
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }, { width: 844, height: 390 }]) {
    await page.setViewportSize(viewport);
    for (const level of ['full', 'paip-alphabeta-4']) {
      // The longest level name with the widest clock (10:00).
      await startGame(page, { colour: 'engine-human', level, clock: level === 'full' ? '5+0' : '10+5' });
      await page.waitForSelector('#clock-black', { state: 'visible' });
      const sides = await page.$$eval('.side', (boxes) => boxes.map((box) => {
        const name = box.querySelector('.side-name');
        const outer = box.getBoundingClientRect();
        const inner = name.getBoundingClientRect();
        const style = getComputedStyle(name);
        return {
          name: name.textContent, text: box.innerText, cut: name.scrollWidth > name.clientWidth + 1,
          // One line: a name is not broken inside a word either.
          lines: Math.round(inner.height / (parseFloat(style.fontSize) * 1.15)),
          inside: inner.left >= outer.left && inner.right <= outer.right && inner.bottom <= outer.bottom,
        };
      }));
      const levelName = await page.$eval('#level', (select) => select.selectedOptions[0].textContent);
      const engine = sides[0];
      assert.equal(engine.cut, false, `the engine's name is cut off at ${viewport.width}px: ${JSON.stringify(engine)}`);
      assert.equal(engine.lines, 1, `the engine's name is on one line: ${JSON.stringify(engine)}`);
      assert.equal(engine.inside, true, `the engine's name stays in its box: ${JSON.stringify(engine)}`);
      assert.ok(engine.text.includes(levelName), `the level "${levelName}" is named in full: ${JSON.stringify(engine)}`);
      assert.match(engine.text, /Engine/, 'the engine is said to be the engine');
      assert.equal(sides[1].cut, false);
      assert.match(sides[1].text, /You/);
      if (level === 'full') await shot(page, `names-${viewport.width}`);
    }
  }
  assert.deepEqual(problems, []);
});

test('the board and the main controls never move while a game is played, ends or is reviewed', async (t) => {
  const session = await openPage({ viewport: VIEWPORTS[0] });
  t.after(session.close);
  const { page, problems } = session;
  const [game] = wthorGames(1);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const screens = viewport.width === 1280 || viewport.width === 390 ? ['light', 'dark'] : ['light'];
    for (const theme of screens) {
      await setTheme(page, theme);
      const name = (state) => `${state}-${viewport.width}x${viewport.height}-${theme}`;
      const seen = [];
      const note = async (state) => {
        await shot(page, name(state));
        seen.push({ state, boxes: await fixedBoxes(page) });
      };
      // The start of a game on the clock, the engine thinking on its move (Master without its book).
      if (await page.isChecked('#book')) await page.uncheck('#book');
      await startGame(page, { colour: 'human-engine', level: 'full', clock: '5+0' });
      await note('start');
      await page.click('[data-square="f5"]');
      await page.waitForFunction(() => window.othelloPage.activity === 'move'
        && document.getElementById('think-depth').textContent !== '–', null, { timeout: 30_000 });
      await note('thinking');
      await page.click('#move-now');
      await page.waitForFunction(() => window.othelloPage.record.moves.length === 2 && window.othelloPage.activity !== 'move');
      // Hints on the player's move.
      const hinted = nextEvent(page, 'hints');
      await page.check('#hints');
      await hinted;
      await note('hints');
      await page.uncheck('#hints');
      // A pass: the pasted game's Black has no move, passes at once; the pasted game is reviewed (the engine waits).
      await load(page, BLACK_MUST_PASS);
      await page.waitForSelector('#review-bar', { state: 'visible' });
      assert.match(await page.textContent('#announce'), /passes/);
      await note('pass');
      // Review of an earlier move.
      await page.click('#moves button[data-ply="3"]');
      await note('review');
      // A finished game: a two-line result in the status.
      await load(page, game.moves);
      assert.match(await page.textContent('#status'), /^Game over/);
      await note('game-over');
      // A loss on time: the flag falls on the player's clock.
      await startGame(page, { colour: 'human-engine', level: 'casual', clock: '1+0' });
      await page.evaluate(() => { window.othelloPage.clock.remaining.black = 1; });
      await page.waitForSelector('#play-on', { state: 'visible' });
      await note('time-loss');
      await page.click('#result-close');
      const [first] = seen;
      for (const { state, boxes } of seen) {
        assert.deepEqual(boxes, first.boxes, `at ${viewport.width}x${viewport.height} (${theme}) ${state} moved the board or controls`);
      }
      for (const [selector, [x, y, width, height]] of Object.entries(first.boxes)) {
        assert.ok(x >= 0 && y >= 0 && x + width <= viewport.width && y + height <= viewport.height,
          `${selector} is inside the ${viewport.width}x${viewport.height} window: ${[x, y, width, height]}`);
      }
    }
    // Back to the light theme at this size (on a phone held sideways the toggle heads the side column).
    await setTheme(page, 'light');
  }
  await setTheme(page, 'light');
  assert.deepEqual(problems, []);
});

test('the panel, hints, graph, review and result give one score for one position, from the side they name', async (t) => {
  const session = await openPage({ viewport: { width: 1280, height: 800 } });
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#mode', 'human-human');
  await load(page, MIDGAME);
  const { toMove, cursor } = await recordState(page);
  assert.equal(toMove, 'black');
  const hinted = nextEvent(page, 'hints');
  await page.check('#hints');
  await hinted;
  // The best hint: the margin for Black (to move), on a black badge.
  const best = await page.$eval('#board .hint.best', (badge) => ({
    square: badge.closest('.square').dataset.square, text: badge.firstChild.textContent, black: badge.classList.contains('for-black'),
  }));
  assert.equal(best.black, true, 'the hint badges have the colour of the player to move');
  const margin = Number(best.text);
  const words = named(margin);
  assert.equal(await page.textContent('#think-score'), words, 'the engine panel names the same side and margin');
  assert.equal(await page.getAttribute('#graph', 'data-score'), words, 'the graph reads the same score');
  assert.ok((await page.getAttribute('#graph', 'aria-valuetext')).endsWith(`, ${words}`), 'and says it to a screen reader');
  // The graph has Black's half above the middle line: the bar of this position is above it for Black's lead.
  const bar = await page.$eval(`#graph rect[data-ply="${cursor}"]`, (rect) => {
    const axis = document.querySelector('#graph .axis');
    return { top: Number(rect.getAttribute('y')), height: Number(rect.getAttribute('height')), middle: Number(axis.getAttribute('y1')) };
  });
  if (margin > 0) assert.ok(bar.top + bar.height <= bar.middle + 0.01, 'Black ahead: above the middle line');
  if (margin < 0) assert.ok(bar.top >= bar.middle - 0.01, 'White ahead: below the middle line');
  assert.match(await page.textContent('#graph'), /Black ahead[\s\S]*White ahead/, 'the halves are labelled');
  assert.match(await page.textContent('#score-legend'), /disc margin at the end with best play/);
  await shot(page, 'scores-hints');
  // The review of the best move, once played, says the same.
  await page.uncheck('#hints');
  await page.click(`[data-square="${best.square}"]`);
  const review = await page.textContent('#review');
  assert.ok(review.includes(`the best move, ${words}`), `the review says "${words}": "${review}"`);
  // A finished game: the result, the panel and the graph name the winner and the margin.
  await load(page, SHORT_GAME.slice(0, -2));
  await page.click(`[data-square="${SHORT_GAME.slice(-2)}"]`);
  await page.waitForSelector('#result-card', { state: 'visible' });
  assert.equal(await page.textContent('#result-title'), 'Black wins');
  assert.equal(await page.textContent('#result-score'), '64–0');
  assert.equal(await page.textContent('#think-score'), 'Black +64');
  assert.equal(await page.getAttribute('#graph', 'data-score'), 'Black +64');
  assert.match(await page.textContent('#status'), /Black wins 64–0/);
  await shot(page, 'scores-result');
  assert.deepEqual(problems, []);
});

test('the engine panel shows only the viewed position, the header only a short state', async (t) => {
  const session = await openPage({ viewport: { width: 390, height: 844 } });
  t.after(session.close);
  const { page, problems } = session;
  // The header: a short state; the engine's diagnostics in "About the engine".
  const header = await page.textContent('#engine-state');
  assert.doesNotMatch(header, /first answer|\bms\b/, `no developer message in the header: "${header}"`);
  const state = await page.$eval('#engine-state', (line) => ({ cut: line.scrollWidth > line.clientWidth + 1, text: line.textContent }));
  assert.equal(state.cut, false, `the header's state reads in full on a phone: ${JSON.stringify(state)}`);
  await page.click('#engine-about summary');
  assert.match(await page.textContent('#engine-ready'), /\d+ ms/);
  assert.match(await page.textContent('#think-threads'), /^\d+$/);
  assert.match(await page.textContent('#engine-build'), /WebAssembly/);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'about-engine-light');
  await setTheme(page, 'dark');
  await shot(page, 'about-engine-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.$eval('#engine-about', (details) => details.scrollIntoView());
  await page.screenshot({ path: await artifact('layout-about-engine-390-dark.png') });
  await setTheme(page, 'light');

  // Hints score a position; viewed again later, the panel shows that analysis, and '–' where none is known.
  await page.selectOption('#mode', 'human-human');
  await load(page, MIDGAME);
  const hinted = nextEvent(page, 'hints');
  await page.check('#hints');
  await hinted;
  const scored = await page.textContent('#think-score');
  assert.match(scored, /^(Black|White) \+\d+$|^Even$/);
  await page.uncheck('#hints');
  const plies = (await recordState(page)).cursor;
  await page.click(`#moves button[data-ply="${plies - 3}"]`);
  assert.equal(await page.textContent('#think-score'), '–', 'a position with no analysis shows none');
  assert.equal(await page.textContent('#think-pv'), '–');
  await page.click(`#moves button[data-ply="${plies}"]`);
  assert.equal(await page.textContent('#think-score'), scored, 'the viewed position shows its own analysis');

  // A search that counted no nodes per second shows no speed, not "0 k".
  await page.evaluate(async () => {
    const { ThinkingPanel } = await import('./thinking.js');
    const field = (id) => document.getElementById(id);
    const panel = new ThinkingPanel({
      depth: field('think-depth'), score: field('think-score'), nps: field('think-nps'), time: field('think-time'),
      pv: field('think-pv'), threads: field('think-threads'),
    });
    panel.show({ kind: 'exact', depth: 0, score: 4, nps: 0, elapsedMs: 0, pv: [] }, 'Black +4', performance.now());
  });
  assert.equal(await page.textContent('#think-nps'), '–');
  assert.deepEqual(problems, []);
});

test('the graph labels read at the small text size and its marks have 3:1 contrast, light and dark', async (t) => {
  const session = await openPage({ viewport: { width: 1280, height: 800 } });
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#mode', 'human-human');
  await load(page, MIDGAME);
  // Scores on both sides of the line, as an analysis would leave them.
  await page.evaluate(() => {
    const { record, evals } = window.othelloPage;
    record.positions.forEach((position, ply) => evals.set(position, { black: ply % 4 < 2 ? ply : -ply, kind: 'depth', depth: 10, confidence: 95 }));
  });
  await page.click('#moves button[data-ply="8"]');
  for (const theme of ['light', 'dark']) {
    await setTheme(page, theme);
    const found = await page.evaluate(() => {
      const svg = document.getElementById('graph');
      const small = parseFloat(getComputedStyle(document.querySelector('.about')).fontSize);
      // The size a label is drawn at: its font size in the SVG's units times their scale on the screen.
      const sizes = [...svg.querySelectorAll('text')].map((text) => parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a);
      const style = (selector) => getComputedStyle(svg.querySelector(selector));
      return {
        small, sizes, background: getComputedStyle(svg).backgroundColor,
        marks: {
          black: style('.area-black').fill, white: style('.area-white').fill, line: style('.line').stroke,
        },
        opacity: { black: style('.area-black').opacity, white: style('.area-white').opacity },
      };
    });
    assert.ok(found.sizes.length > 0);
    for (const size of found.sizes) assert.ok(size >= found.small - 0.01, `a graph label of ${size.toFixed(1)} px, below ${found.small} px`);
    assert.deepEqual(found.opacity, { black: '1', white: '1' }, 'the bars are drawn in their colours');
    for (const [mark, colour] of Object.entries(found.marks)) {
      const ratio = contrast(colour, found.background);
      assert.ok(ratio >= 3, `${theme}: the ${mark} marks (${colour}) on ${found.background}: ${ratio.toFixed(2)}:1`);
    }
    await shot(page, `graph-${theme}`);
  }
  await setTheme(page, 'light');
  assert.deepEqual(problems, []);
});

test('the 96-square board: hints in rounded evaluation units inside their squares, a graph to scale', async (t) => {
  const session = await openPage({ viewport: { width: 1280, height: 800 } });
  t.after(session.close);
  const { page, problems } = session;
  await startGame(page, { board: '96', colour: 'human-human' });
  const state = await recordState(page);
  await page.click(`[data-square="${state.legal[0]}"]`);
  const hinted = nextEvent(page, 'hints');
  await page.check('#hints');
  await hinted;
  const badges = await page.$$eval('#board .hint', (hints) => hints.map((badge) => {
    const square = badge.closest('.square').getBoundingClientRect();
    const box = badge.getBoundingClientRect();
    return {
      main: badge.firstChild.textContent, sub: badge.querySelector('small').textContent,
      inside: box.left >= square.left - 0.5 && box.right <= square.right + 0.5 && box.top >= square.top - 0.5 && box.bottom <= square.bottom + 0.5,
      fits: badge.scrollWidth <= badge.clientWidth + 1 && badge.scrollHeight <= badge.clientHeight + 1,
      title: badge.title,
    };
  }));
  assert.ok(badges.length > 0);
  for (const badge of badges) {
    assert.match(badge.main, /^[+-]?\d+$/, `a rounded value: ${JSON.stringify(badge)}`);
    assert.equal(badge.sub, 'eval', 'said to be evaluation units');
    assert.equal(badge.inside, true, `the badge is inside its square: ${JSON.stringify(badge)}`);
    assert.equal(badge.fits, true, `the figure fits its badge: ${JSON.stringify(badge)}`);
  }
  assert.match(await page.textContent('#score-legend'), /eval/);
  for (const theme of ['light', 'dark']) {
    await setTheme(page, theme);
    await shot(page, `board96-hints-${theme}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, `board96-hints-390-${theme}`);
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await setTheme(page, 'light');

  // The graph: scores past 96 drawn to scale, a missing value (no number) leaves a gap.
  await page.uncheck('#hints');
  const graph = await page.evaluate(async () => {
    const { drawGraph } = await import('./graph.js');
    const svg = document.getElementById('graph');
    drawGraph(svg, [10, 150, null, -101.4, 120, undefined, 60], 6, 3, { black: 'Red ahead', white: 'White ahead' });
    const view = svg.viewBox.baseVal;
    const heights = Object.fromEntries([...svg.querySelectorAll('rect')].map((rect) => [rect.dataset.ply, Number(rect.getAttribute('height'))]));
    const inside = [...svg.querySelectorAll('rect')].every((rect) => {
      const x = Number(rect.getAttribute('x'));
      const y = Number(rect.getAttribute('y'));
      return x >= 0 && y >= 0 && x + Number(rect.getAttribute('width')) <= view.width && y + Number(rect.getAttribute('height')) <= view.height;
    });
    const path = svg.querySelector('.line').getAttribute('d');
    const points = [...path.matchAll(/[ML]([\d.-]+),([\d.-]+)/g)].map((match) => [Number(match[1]), Number(match[2])]);
    return {
      heights, inside, path, moves: (path.match(/M/g) ?? []).length,
      pointsInside: points.every(([x, y]) => x >= 0 && y >= 0 && x <= view.width && y <= view.height),
    };
  });
  assert.equal(graph.inside, true, 'every bar is inside the plot');
  assert.equal(graph.pointsInside, true, `the line stays inside the plot: ${graph.path}`);
  assert.deepEqual(Object.keys(graph.heights).sort(), ['0', '1', '3', '4', '6'], 'no bar where the value is missing');
  assert.equal(graph.moves, 3, `the line breaks at each missing value: ${graph.path}`);
  assert.ok(graph.heights[1] > graph.heights[4] && graph.heights[4] > graph.heights[3], `drawn to scale: ${JSON.stringify(graph.heights)}`);
  assert.deepEqual(problems, []);
});

test('the dialog and the panels ask only what is used, and read cleanly', async (t) => {
  const session = await openPage({ viewport: { width: 1280, height: 800 } });
  t.after(session.close);
  const { page, problems } = session;
  // The settings panel: a time per move only for the level that uses it, without a clock.
  await page.selectOption('#level', 'casual');
  assert.equal(await page.isVisible('#move-time'), false, 'Club plays at a fixed depth: no time per move');
  await page.selectOption('#level', 'full');
  assert.equal(await page.isVisible('#move-time'), true, 'Master takes its time per move');
  // The dialog: the same, and the label names the level.
  await page.selectOption('#level', 'casual');
  await page.click('#new-game');
  await page.selectOption('#new-level', 'casual');
  await page.selectOption('#new-time-control', 'none');
  assert.equal(await page.isVisible('#new-move-time'), false, 'no time per move for Club');
  await page.selectOption('#new-level', 'full');
  assert.equal(await page.isVisible('#new-move-time'), true);
  assert.match(await page.textContent('#new-move-time-label'), /^Time per move \(Master\)/);
  await page.selectOption('#new-time-control', '5+0');
  assert.equal(await page.isVisible('#new-move-time'), false, 'on the clock Master uses the clock');
  await page.selectOption('#new-time-control', 'none');
  // The 96-square choice: no course code, its second line under its first.
  const choice = await page.$eval('label:has(input[name="board"][value="96"])', (label) => {
    const lines = label.querySelectorAll('.choice-text > *');
    return { text: label.textContent, left: [...lines].map((line) => Math.round(line.getBoundingClientRect().left)) };
  });
  assert.doesNotMatch(choice.text, /CS 221/);
  assert.equal(choice.left.length, 2);
  assert.equal(choice.left[0], choice.left[1], `the two lines start at one place: ${choice.left}`);
  await page.click('#new-game-cancel');
  for (const theme of ['light', 'dark']) {
    await setTheme(page, theme);
    await page.click('#new-game');
    await page.selectOption('#new-level', 'full');
    await page.screenshot({ path: await artifact(`layout-dialog-1280-${theme}.png`) });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: await artifact(`layout-dialog-390-${theme}.png`) });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.click('#new-game-cancel');
  }
  await setTheme(page, 'light');
  // The record panel: "Set up a position" follows the copy buttons (the last: Copy with variations) without an empty gap.
  const gap = await page.evaluate(() => {
    const copy = document.getElementById('copy-variations').getBoundingClientRect();
    const setup = document.getElementById('setup').getBoundingClientRect();
    return setup.top >= copy.bottom ? setup.top - copy.bottom : 0;
  });
  assert.ok(gap <= 8.5, `no empty gap between the copy buttons and Set up a position: ${gap} px`);
  // The dark theme's Black disc icon: a dark disc in a light outline.
  await setTheme(page, 'dark');
  const dot = await page.$eval('#dot-black', (icon) => {
    const style = getComputedStyle(icon);
    return { width: parseFloat(style.borderTopWidth), border: style.borderTopColor, image: style.backgroundImage, colour: style.backgroundColor };
  });
  await setTheme(page, 'light');
  assert.ok(dot.width >= 1, `an outline: ${JSON.stringify(dot)}`);
  assert.ok(luminance(dot.border) > 0.4, `a light outline: ${JSON.stringify(dot)}`);
  const fill = dot.image !== 'none' ? dot.image.match(/rgba?\([^)]*\)/g).at(-1) : dot.colour;
  assert.ok(luminance(fill) < 0.05, `a dark disc: ${JSON.stringify(dot)}`);
  assert.ok(dot.image !== 'none', `shaded as a disc, not a flat fill the page's dark colour hides: ${JSON.stringify(dot)}`);
  assert.deepEqual(problems, []);
});
