// Measures the board page's analysis panel in Chromium: the time from
// turning it on to its first line drawn, and the depth its lines reach in
// 5 s, with 1, 3 and 5 lines, on one thread (the page served without
// cross-origin isolation: the single-thread build) and on every thread (the
// page cross-origin isolated: the threaded build on navigator.hardwareConcurrency
// threads). Each run is a fresh page (an empty transposition table) whose
// engine has searched once before (a depth-2 search of another position:
// the evaluation's tables are decoded on a worker's first search, about
// 100 ms, which the first line would otherwise include). Not a test (CI
// does not run it): the figures are in docs/benchmarks.md.
//
//   ./build.sh page && node tests/browser/measure-analysis-lines.mjs [--seconds 5] [--runs 1]
//
// Prints one line per run and a Markdown table of the medians.
import { load, openPage, splitMoves, wthorGames } from './page-support.mjs';

const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const SECONDS = argument('seconds', 5);
const RUNS = argument('runs', 1);
/** The first WTHOR game of tests/data after 20 and after 36 moves: 40 and 24 empties. */
const [GAME] = wthorGames(1);
const POSITIONS = [20, 36].map((plies) => splitMoves(GAME.moves).slice(0, plies).join(''));

/** One run: the panel turned on with `lines` lines in `position`; what it showed and when. */
async function run({ plain, lines, position }) {
  const session = await openPage({ plain, viewport: { width: 1280, height: 800 } });
  const { page } = session;
  try {
    await page.selectOption('#mode', 'human-human');
    await load(page, position);
    await page.evaluate((count) => {
      const select = /** @type {HTMLSelectElement} */ (document.getElementById('lines-count'));
      select.value = String(count);
      select.dispatchEvent(new Event('change'));
    }, lines);
    const threads = await page.evaluate(() => window.othelloPage.metrics.threads);
    await page.evaluate(() => window.othelloPage.engine.client.search('f5d6', { depth: 2, book: false }));
    const result = await page.evaluate(async ([seconds]) => {
      const list = document.getElementById('lines-list');
      const status = document.getElementById('lines-status');
      let firstLineMs = null;
      const started = performance.now();
      new MutationObserver(() => {
        if (firstLineMs === null && list.querySelector('li') && list.dataset.position === window.othelloPage.record.position) {
          firstLineMs = performance.now() - started;
        }
      }).observe(list, { childList: true });
      document.getElementById('lines-toggle').click();
      await new Promise((done) => setTimeout(done, seconds * 1000));
      const text = status.textContent;
      const shown = list.querySelectorAll('li').length;
      return { firstLineMs, text, shown };
    }, [SECONDS]);
    const depth = result.text.match(/depth (\d+)/)?.[1] ?? (/^Solved/.test(result.text) ? 'solved' : '?');
    const nodes = result.text.match(/· ([\d.]+[KMB]?) nodes/)?.[1] ?? '?';
    return { threads: threads.threads, build: threads.build, ...result, depth, nodes };
  } finally {
    await session.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const rows = [];
for (const position of POSITIONS) {
  const empties = 60 - splitMoves(position).length;
  for (const plain of [true, false]) {
    for (const lines of [1, 3, 5]) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) {
        const measured = await run({ plain, lines, position });
        console.log(`${empties} empties, ${measured.threads} thread(s) (${measured.build}), ${lines} lines: first line ${measured.firstLineMs?.toFixed(0)} ms; after ${SECONDS} s: ${measured.text}`);
        runs.push(measured);
      }
      rows.push({
        empties, threads: runs[0].threads, build: runs[0].build, lines,
        firstLineMs: median(runs.map((r) => r.firstLineMs)),
        depths: runs.map((r) => r.depth).join(', '),
        nodes: runs.map((r) => r.nodes).join(', '),
      });
    }
  }
}
console.log(`\n| empties | threads | lines | first line (median) | depth after ${SECONDS} s | nodes by then |\n|---|---|---|---|---|---|`);
for (const row of rows) {
  console.log(`| ${row.empties} | ${row.threads} (${row.build}) | ${row.lines} | ${Math.round(row.firstLineMs)} ms | ${row.depths} | ${row.nodes} |`);
}
