// Measures how quickly the board page answers while its engine works, in
// Chromium, against the targets the page is built for: the engine's book
// reply, the longest frame while the engine searches, "move now" (on the
// cross-origin isolated page, whose search stops at a shared flag, and on a
// plain server, where the worker is replaced), and the engine's reply to a
// move played while the hints are being searched. Not a test (CI does not
// run it: these are figures of the machine and its load, which the page
// tests report with `t.diagnostic` but do not assert); the figures are in
// docs/benchmarks.md.
//
//   ./build.sh page && node tests/browser/responsiveness.mjs [--runs 3]
//
// Prints one line per run, then a Markdown table of the medians and worst
// runs against their targets; exits with status 1 when a median misses its
// target.
import { load, longestFrame, openPage, splitMoves, wthorGames } from './page-support.mjs';

const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const RUNS = argument('runs', 3);

/** What each figure is and the most it should take (ms). */
const TARGETS = {
  bookReplyMs: { what: 'book reply to f5 (10 s a move)', target: 2000 },
  worstFrameMs: { what: 'longest frame during a search (1.5 s of frames)', target: 250 },
  moveNowMs: { what: '"move now" to the move played (isolated page)', target: 300 },
  plainMoveNowMs: { what: '"move now" to the move played (plain server)', target: 300 },
  replyAfterHintsMs: { what: 'novice reply to a move played during hints', target: 2000 },
};

/** Waits until the engine searches its move and has reported `depth`. */
function searching(page, depth) {
  return page.waitForFunction((minimum) => window.othelloPage.activity === 'move' &&
    parseInt(document.getElementById('think-depth').textContent, 10) >= minimum, depth, { timeout: 60_000 });
}

/** Clicks `selector` and resolves with the time (ms) to the `count`-th move played after it. */
function clickUntilMoves(page, selector, count) {
  return page.evaluate(async ({ selector, count }) => {
    let seen = 0;
    const played = new Promise((done) => {
      document.addEventListener('othello:played', function listener() {
        seen += 1;
        if (seen < count) return;
        document.removeEventListener('othello:played', listener);
        done(performance.now());
      });
    });
    const began = performance.now();
    document.querySelector(selector).click();
    return (await played) - began;
  }, { selector, count });
}

/** The cross-origin isolated page: the book reply, frames during a search, "move now". */
async function isolatedRun() {
  const session = await openPage();
  const { page } = session;
  try {
    await page.selectOption('#level', 'full');
    await page.selectOption('#move-time', '10');
    const bookReplyMs = await clickUntilMoves(page, '[data-square="f5"]', 2);
    await page.selectOption('#mode', 'human-human');
    await load(page, '');
    await page.uncheck('#book');
    await page.selectOption('#move-time', '30');
    await page.selectOption('#mode', 'engine-human');
    await searching(page, 4);
    const worstFrameMs = await longestFrame(page);
    const moveNowMs = await clickUntilMoves(page, '#move-now', 1);
    return { bookReplyMs, worstFrameMs, moveNowMs };
  } finally {
    await session.close();
  }
}

/** The page on a plain server: "move now", and the reply to a move played during hints. */
async function plainRun() {
  const session = await openPage({ plain: true });
  const { page } = session;
  try {
    await page.selectOption('#level', 'full');
    await page.uncheck('#book');
    await page.selectOption('#move-time', '30');
    await page.selectOption('#mode', 'engine-human');
    await searching(page, 3);
    const plainMoveNowMs = await clickUntilMoves(page, '#move-now', 1);
    await page.selectOption('#mode', 'human-human');
    await load(page, splitMoves(wthorGames(1)[0].moves).slice(0, 20).join(''));
    await page.selectOption('#level', 'novice');
    await page.selectOption('#mode', 'human-engine');
    await page.check('#hints');
    await page.waitForFunction(() => window.othelloPage.activity === 'hints' &&
      parseInt(document.getElementById('think-depth').textContent, 10) >= 4, null, { timeout: 60_000 });
    const legal = await page.evaluate(() => window.othelloPage.record.state.moves);
    const replyAfterHintsMs = await clickUntilMoves(page, `[data-square="${legal[0]}"]`, 2);
    return { plainMoveNowMs, replyAfterHintsMs };
  } finally {
    await session.close();
  }
}

const runs = [];
for (let i = 0; i < RUNS; i += 1) {
  const measured = { ...(await isolatedRun()), ...(await plainRun()) };
  console.log(`run ${i + 1}: ${Object.entries(measured).map(([key, ms]) => `${key} ${ms.toFixed(0)} ms`).join(', ')}`);
  runs.push(measured);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
let missed = 0;
console.log(`\n| figure | target | median of ${RUNS} | worst |\n|---|---|---|---|`);
for (const [key, { what, target }] of Object.entries(TARGETS)) {
  const values = runs.map((run) => run[key]);
  const middle = median(values);
  if (middle >= target) missed += 1;
  console.log(`| ${what} | < ${target} ms | ${middle.toFixed(0)} ms${middle >= target ? ' (missed)' : ''} | ${Math.max(...values).toFixed(0)} ms |`);
}
process.exitCode = missed > 0 ? 1 : 0;
