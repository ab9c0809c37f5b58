// The endgame trainer (www/endgame-trainer.js, endgame-positions.js,
// endgame-progress.js) on the built page, judged against the engine as the
// package gives it under Node (pkg/index.js: analyze with exact: true solves
// every move of the position the page shows), not against numbers written
// here:
// - its positions file is fetched when the trainer first opens, not before;
// - after an answer, every legal move's square shows that move's exact
//   score, and nothing else has a score;
// - a best move is called right; another move wrong, with the discs it loses
//   against the best;
// - the progress survives a reload: the answers counted, the positions seen
//   not shown again, and the missed position shown again three answers later.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { artifact, openPage, setTheme } from './page-support.mjs';

const engine = await import('../../pkg/index.js');
await engine.init();

/** The band trained, and the answers after which a missed position comes back (REVIEW_AFTER in endgame-progress.js). */
const BAND = '10-12';
const REVIEW_AFTER = 3;

let opened;
let page;
/** What the first test did, for the next. */
const done = { right: null, wrong: null };

before(async () => {
  opened = await openPage({ viewport: { width: 1280, height: 800 } });
  page = opened.page;
});

after(async () => {
  assert.deepEqual(opened.problems, []);
  await opened.close();
});

/** The position on the trainer's board: its id, its OBF board and side, and the scores shown on its squares. */
function shown() {
  return page.evaluate(() => {
    const frame = document.querySelector('.endgame-board');
    const squares = [...frame.querySelectorAll('.square')];
    const board = squares.map((square) => {
      const disc = square.querySelector('.disc');
      return disc === null ? '-' : disc.classList.contains('black') ? 'X' : 'O';
    }).join('');
    const hints = Object.fromEntries(squares.filter((square) => square.querySelector('.hint'))
      .map((square) => [square.dataset.square, Number(square.querySelector('.hint').dataset.score)]));
    const legal = squares.filter((square) => square.classList.contains('legal')).map((square) => square.dataset.square);
    return {
      id: frame.dataset.position, toMove: frame.dataset.toMove, chosen: frame.dataset.chosen, board, hints, legal,
      prompt: document.querySelector('.endgame-prompt').textContent,
      verdict: document.querySelector('.endgame-verdict').textContent,
      verdictClass: document.querySelector('.endgame-verdict').className,
    };
  });
}

/**
 * Every legal move's exact score in the position shown, by the package under Node.
 * @param {{ board: string, toMove: string }} position
 * @returns {Map<string, number>}
 */
function solved({ board, toMove }) {
  const scores = engine.analyze(`${board} ${toMove === 'black' ? 'X' : 'O'}`, { exact: true });
  assert.ok(scores.every((entry) => entry.kind === 'exact'));
  return new Map(scores.map((entry) => [entry.move, entry.score]));
}

/** Waits for a position of the band on the trainer's board, other than `previous`, unanswered. */
async function nextShown(previous) {
  await page.waitForFunction((old) => {
    const frame = document.querySelector('.endgame-board');
    return frame?.dataset.position && frame.dataset.position !== old && frame.dataset.chosen === '' && !frame.closest('[hidden]');
  }, previous ?? '', { timeout: 30_000 });
  return shown();
}

/** The stored progress of the band. */
function stored() {
  return page.evaluate((band) => JSON.parse(localStorage.getItem('othello-endgame-training-v1')).bands[band], BAND);
}

/**
 * Plays `move` in the position shown and checks every square's score and the verdict against the package.
 * @returns {Promise<{ id: string, scores: Map<string, number> }>}
 */
async function answer(position, move) {
  const scores = solved(position);
  await page.click(`.endgame-board [data-square="${move}"]`);
  await page.waitForFunction((m) => document.querySelector('.endgame-board').dataset.chosen === m, move);
  const after = await shown();
  assert.deepEqual(new Map(Object.entries(after.hints)), scores, 'every legal move shows its exact score');
  assert.deepEqual([...scores.keys()].sort(), [...position.legal].sort(), 'the legal moves are the package\'s');
  const best = Math.max(...scores.values());
  const right = scores.get(move) === best;
  assert.match(after.verdictClass, right ? /\bright\b/ : /\bwrong\b/);
  assert.ok(after.verdict.includes(move), after.verdict);
  if (!right) {
    const lost = best - scores.get(move);
    assert.ok(lost >= 2, 'the second best loses at least 2 discs');
    assert.ok(after.verdict.includes(`${lost} discs less`), after.verdict);
  }
  return { id: position.id, scores, after };
}

test('the positions are fetched when the trainer opens; answers are judged by every move\'s exact score', async () => {
  const fetched = () => opened.requests.filter((url) => url.endsWith('/trainer/endgame.obf'));
  assert.deepEqual(fetched(), [], 'nothing of the trainer is fetched on the first load');
  await page.click('#endgame-trainer-toggle');
  await page.click(`.endgame-band[data-band="${BAND}"]`);
  const first = await nextShown();
  assert.equal(fetched().length, 1, 'the positions are fetched once, when the trainer opens');
  const empties = first.board.split('-').length - 1;
  assert.ok(empties >= 10 && empties <= 12, `${empties} empties`);
  assert.ok(first.prompt.includes(first.toMove === 'black' ? 'Black' : 'White') && first.prompt.includes(`${empties} empties`));
  assert.deepEqual(first.hints, {}, 'no score before the answer');
  await page.screenshot({ path: await artifact('trainer-endgame-question.png') });
  // A best move, from the package's solve.
  const scores = solved(first);
  const best = [...scores].sort((a, b) => b[1] - a[1])[0][0];
  done.right = (await answer(first, best)).id;
  await page.screenshot({ path: await artifact('trainer-endgame-right.png') });
  // The next position: a move that is not the best.
  await page.click('.endgame-next');
  const second = await nextShown(first.id);
  const secondScores = solved(second);
  const worst = [...secondScores].sort((a, b) => a[1] - b[1])[0][0];
  const wrong = await answer(second, worst);
  done.wrong = wrong.id;
  await page.screenshot({ path: await artifact('trainer-endgame-wrong.png') });
  const progress = await stored();
  assert.equal(progress.done, 2);
  assert.equal(progress.right, 1);
  assert.deepEqual(progress.missed.map((entry) => entry.id), [wrong.id]);
  // The keyboard: Next has the focus after an answer; Enter shows the next position.
  assert.equal(await page.evaluate(() => document.activeElement?.className), 'primary endgame-next');
});

test('the progress survives a reload: no position comes again, the missed one comes back', async () => {
  assert.ok(done.wrong !== null, 'the first test ran');
  await page.reload();
  await page.waitForFunction(() => window.othelloPage !== undefined);
  await page.click('#endgame-trainer-toggle');
  const band = page.locator(`.endgame-band[data-band="${BAND}"]`);
  await page.waitForFunction((id) => document.querySelector(`.endgame-band[data-band="${id}"]`)?.textContent.includes('50%'), BAND);
  assert.match(await band.textContent(), /50% right of 2 positions/);
  await band.click();
  const seen = [done.right, done.wrong];
  let previous = null;
  for (let i = 0; i < REVIEW_AFTER; i += 1) {
    const position = await nextShown(previous);
    assert.ok(!seen.includes(position.id), 'a position answered is not shown again in the round');
    seen.push(position.id);
    const scores = solved(position);
    const best = [...scores].sort((a, b) => b[1] - a[1])[0][0];
    await answer(position, best);
    previous = position.id;
    await page.keyboard.press('Enter');
  }
  const back = await nextShown(previous);
  assert.equal(back.id, done.wrong, 'the missed position comes back');
  const stats = await page.textContent('.endgame-stats');
  assert.match(stats, /5 answered, 4 right \(80%\)/);
});

test('screenshots: desktop and phone, light and dark', async () => {
  for (const [width, height] of [[1280, 800], [390, 844]]) {
    await page.setViewportSize({ width, height });
    for (const theme of ['light', 'dark']) {
      await setTheme(page, theme);
      await page.locator('#endgame-trainer').scrollIntoViewIfNeeded();
      await page.locator('.endgame-board').scrollIntoViewIfNeeded();
      await page.screenshot({ path: await artifact(`trainer-endgame-${width}-${theme}.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await setTheme(page, 'light');
});
