// The board page's analysis across reloads: the scores of "Analyse game" are
// kept in local storage with the game (graph and mistake marks come back
// without a new search, a second analysis searches only new positions), a
// corrupt or foreign stored value is ignored, and hint badges say the
// confidence of their selective search.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { artifact, engineReady, nextEvent, openPage, recordState, splitMoves, wthorGames } from './page-support.mjs';

const ANALYSIS_KEY = 'othello-analysis-v3';
/** A short game whose last move (g2, giving White the corner) is a blunder at the analysis's depth. */
const BLUNDER_GAME = 'f5d6c3d3c4f4f6f3e6e7g2';
const START = '---------------------------OX------XO--------------------------- X';

/** The moves marked as mistakes in the move list: ["11??", ...]. */
function marks(page) {
  return page.$$eval('#moves button[data-ply]', (buttons) => buttons
    .filter((button) => button.querySelector('.mistake'))
    .map((button) => `${button.dataset.ply}${button.querySelector('.mistake').textContent}`));
}

const scored = async (page) => Number(await page.getAttribute('#graph', 'data-scored'));

async function reload(page) {
  await page.reload();
  await engineReady(page);
}

async function loadGame(page, text) {
  await page.fill('#record-text', text);
  await page.click('#load');
}

test('analysed scores come back after a reload, and a new analysis searches only new positions', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#mode', 'human-human');
  await loadGame(page, BLUNDER_GAME);
  const positions = (await recordState(page)).moves.length + 1;

  const analysed = nextEvent(page, 'analysed');
  await page.click('#analyse');
  assert.deepEqual(await analysed, { finished: true });
  assert.deepEqual(await page.evaluate(() => window.othelloPage.metrics.analysis), { searched: positions, skipped: 0 });
  assert.equal(await scored(page), positions);
  const before = await marks(page);
  assert.ok(before.includes('11??'), `g2 gives White a corner: marks ${before}`);

  // After a reload: the same graph and marks at once, with no analysis run.
  await reload(page);
  assert.equal(await scored(page), positions);
  assert.deepEqual(await marks(page), before);
  assert.deepEqual(await page.evaluate(() => ({
    analysis: window.othelloPage.metrics.analysis ?? null, activity: window.othelloPage.activity,
  })), { analysis: null, activity: null });
  assert.match(await page.getAttribute('#moves button[data-ply="11"]', 'aria-label'), /loses \d+ discs/);

  // One more move: "Analyse game" searches only its position.
  const state = await recordState(page);
  await page.click(`[data-square="${state.legal[0]}"]`);
  const again = nextEvent(page, 'analysed');
  await page.click('#analyse');
  assert.deepEqual(await again, { finished: true });
  assert.deepEqual(await page.evaluate(() => window.othelloPage.metrics.analysis), { searched: 1, skipped: positions });
  assert.equal(await scored(page), positions + 1);

  // Only the current game's positions are kept.
  await loadGame(page, 'f5f6');
  const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)), ANALYSIS_KEY);
  const current = await page.evaluate(() => window.othelloPage.record.positions);
  assert.ok(Object.keys(stored.positions).length > 0, 'the start position is scored in both games');
  assert.ok(Object.keys(stored.positions).every((position) => current.includes(position)), 'stored scores belong to the game on the board');
  assert.deepEqual(problems, []);
});

test('a corrupt or foreign stored analysis is ignored: the page and its game load without an error', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#mode', 'human-human');
  await loadGame(page, 'f5d6');
  const entry = { black: 2, kind: 'depth', depth: 10, confidence: 95, analysed: true };
  const limits = await page.evaluate(async () => (await import('./levels.js')).GAME_ANALYSIS_LIMITS);
  const garbage = [
    '{not json',
    'null',
    '[1, 2, 3]',
    JSON.stringify({ limits, positions: [{ score: entry }] }),
    JSON.stringify({ limits, positions: { [START]: null } }),
    JSON.stringify({ limits, positions: { [START]: { score: { ...entry, black: 'lots' } } } }),
    JSON.stringify({ limits, positions: { [START]: { score: { ...entry, kind: 'guess' } } } }),
    JSON.stringify({ limits, positions: { [START]: { score: { black: 2, kind: 'depth', depth: 10 } } } }),
    JSON.stringify({ limits, positions: { [START]: { score: { ...entry, depth: 1e9 } } } }),
    JSON.stringify({ limits, positions: { [START]: { moves: [['z9', 1, 'depth', 10, 95]] } } }),
    JSON.stringify({ limits, positions: { [START]: { moves: 'f5' } } }),
    JSON.stringify({ version: 0, [START]: entry }),
  ];
  for (const value of garbage) {
    await page.evaluate(([key, text]) => localStorage.setItem(key, text), [ANALYSIS_KEY, value]);
    await reload(page);
    assert.deepEqual((await recordState(page)).moves, ['f5', 'd6'], `the game survives ${value}`);
    assert.equal(await scored(page), 0, `nothing scored from ${value}`);
    assert.match(await page.textContent('#status'), /Black to move/);
  }

  // A score analysed at other limits is drawn but analysed again.
  const other = JSON.stringify({ limits: { depth: 3 }, positions: { [START]: { score: { ...entry, depth: 6 } } } });
  await page.evaluate(([key, text]) => localStorage.setItem(key, text), [ANALYSIS_KEY, other]);
  await reload(page);
  assert.equal(await scored(page), 1);
  const analysed = nextEvent(page, 'analysed');
  await page.click('#analyse');
  assert.deepEqual(await analysed, { finished: true });
  assert.deepEqual(await page.evaluate(() => window.othelloPage.metrics.analysis), { searched: 3, skipped: 0 });
  assert.deepEqual(problems, []);
});

test('a hint badge tells the confidence of its selective search in its label, not in its text', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#mode', 'human-human');
  // Sixteen random plies (a1 taken at the tenth): far from the opening book.
  await loadGame(page, 'd3c3b3b2b1d2e3e2d1a1f3a3f5g3f4f2');
  const hints = nextEvent(page, 'hints');
  await page.check('#hints');
  await hints;
  const badges = await page.$$eval('#board .square', (squares) => squares
    .filter((square) => square.querySelector('.hint'))
    .map((square) => ({
      text: square.querySelector('.hint').textContent,
      title: square.querySelector('.hint').title,
      label: square.getAttribute('aria-label'),
    })));
  assert.ok(badges.length > 0);
  for (const badge of badges) {
    const [, score, depth] = badge.text.match(/^([+-]?\d+)d(\d+)$/) ?? [];
    assert.ok(score !== undefined, `a midgame badge shows score and depth only: ${badge.text}`);
    assert.equal(badge.title, `${score}, depth ${depth}, 95% confidence`);
    assert.ok(badge.label.endsWith(`, legal, hint ${score}, depth ${depth}, 95% confidence`), badge.label);
  }
  assert.deepEqual(problems, []);
});

test('a move the engine proved only as a win, loss or draw draws no disc score in the graph', async (t) => {
  const session = await openPage();
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#level', 'expert');
  // A tournament game's first 38 moves: Black (the player) to move with 22 empties.
  const [game] = wthorGames(1);
  await loadGame(page, splitMoves(game.moves).slice(0, 38).join(''));
  // A pasted game is reviewed: the player plays on from it as Black.
  await page.selectOption('#review-sides', 'human-engine');
  await page.click('#play-from-here');
  const state = await recordState(page);
  assert.equal(state.toMove, 'black');
  assert.equal(64 - state.black - state.white, 22);
  // The player's move leaves the Expert 21 empties: it proves who wins (from 22), it does not count discs (from 20).
  await page.click(`[data-square="${state.legal[0]}"]`);
  await page.waitForFunction(() => window.othelloPage.record.moves.length === 40, null, { timeout: 60_000 });
  assert.equal(await page.textContent('#think-depth'), 'WLD 21');
  const searched = await page.evaluate(() => {
    const entry = window.othelloPage.evals.get(window.othelloPage.record.positions[39]);
    return entry && { kind: entry.kind, black: entry.black };
  });
  assert.equal(searched?.kind, 'wld', JSON.stringify(searched));
  // Its score (+-2 or 0) is no count of discs: no bar for it, where a bar would show a close game.
  assert.equal(await page.$('#graph rect[data-ply="39"]'), null);
  await page.screenshot({ path: await artifact('page-wld-move.png') });
  assert.deepEqual(problems, []);
});
