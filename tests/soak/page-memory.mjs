// The page's memory over a long session (opt-in; not part of ./build.sh
// test): the engine plays itself for many games in Chromium, and the
// memory of the page and of the engine's worker is measured every few
// games with performance.measureUserAgentSpecificMemory() (the page is
// served cross-origin isolated, as www/serve.mjs serves it). The worker's
// memory must stay flat once the first games have warmed it up.
//
//   ./build.sh && node tests/soak/page-memory.mjs [--games 200] [--every 20] [--level novice] [--dir dist]
//
// Prints a line per measurement and ends with one JSON summary line.
import { parseArgs } from 'node:util';
import { openPage } from '../browser/page-support.mjs';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '200' },
    every: { type: 'string', default: '20' },
    level: { type: 'string', default: 'novice' },
    dir: { type: 'string', default: 'dist' },
  },
});
const games = Number(values.games);
const every = Number(values.every);

/** Starts an engine-against-engine game at `level` on a 20-minute clock (on a clock the page adds no pause between moves). */
async function startEngineGame(page, level) {
  await page.click('#new-game');
  await page.check('input[name="colour"][value="engine-engine"]');
  await page.selectOption('#new-level', level);
  await page.selectOption('#new-time-control', '20+0');
  await page.click('#new-game-start');
}

/** The page's memory by scope, in bytes: { total, worker, page }. */
async function measure(page) {
  return page.evaluate(async () => {
    const result = await performance.measureUserAgentSpecificMemory();
    let worker = 0;
    let window = 0;
    for (const entry of result.breakdown) {
      for (const owner of entry.attribution) {
        if (owner.scope === 'DedicatedWorkerGlobalScope') worker += entry.bytes / entry.attribution.length;
        else if (owner.scope === 'Window') window += entry.bytes / entry.attribution.length;
      }
    }
    return { total: result.bytes, worker: Math.round(worker), page: Math.round(window) };
  });
}

const mb = (bytes) => (bytes / 2 ** 20).toFixed(1);
const { page, close, problems } = await openPage({ dir: values.dir, viewport: { width: 1280, height: 800 } });
const started = Date.now();
const samples = [];
const pending = [];
let measuring = false;
try {
  if (!(await page.evaluate(() => globalThis.crossOriginIsolated))) throw new Error('the page is not cross-origin isolated');
  await startEngineGame(page, values.level);
  for (let game = 1; game <= games; game += 1) {
    await page.waitForFunction(() => window.othelloPage.record.state.status === 'gameover', null, { timeout: 120_000 });
    // Chromium answers at its next garbage collection (up to a minute later): the games go on
    // meanwhile, and the next measurement waits for the answer (measurements asked together get one answer).
    if ((game % every === 0 || game === 1 || game === games) && !measuring) {
      const asked = Math.round((Date.now() - started) / 1000);
      measuring = true;
      pending.push(measure(page).then((memory) => {
        measuring = false;
        samples.push({ game, ...memory });
        console.log(`after game ${game} (${asked} s): worker ${mb(memory.worker)} MB, page ${mb(memory.page)} MB, total ${mb(memory.total)} MB`);
      }));
    }
    if (game < games) await page.click('#result-rematch');
  }
  await Promise.all(pending);
  samples.sort((a, b) => a.game - b.game);
} finally {
  await close();
}
const warm = samples.find((sample) => sample.game >= every) ?? samples[0];
const last = samples.at(-1);
console.log(JSON.stringify({
  command: 'soak page-memory', games, level: values.level,
  workerMb: samples.map((sample) => Number(mb(sample.worker))),
  pageMb: samples.map((sample) => Number(mb(sample.page))),
  workerGrowthMb: Number(mb(last.worker - warm.worker)),
  problems: problems.length, seconds: Math.round((Date.now() - started) / 1000),
}));
