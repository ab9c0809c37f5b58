// A typed use of both layers, checked by `tsc --noEmit` (see tsconfig.json).
import { init, legalMoves, search, type SearchReport, type Status, status } from 'othello-wasm-engine';
import { EngineClient, type MoveScore } from 'othello-wasm-engine/client';

export async function direct(): Promise<string | null> {
  await init();
  const moves: string[] = legalMoves('f5d6');
  const state: Status = status('f5d6');
  const report: SearchReport = search('f5d6c3', { depth: 6 }, { shouldStop: () => false });
  return moves.includes(report.best ?? '') && state.toMove === 'black' ? report.best : null;
}

export async function inWorker(): Promise<MoveScore[]> {
  const engine = new EngineClient({ timeoutMs: 10_000, tableMb: 16 });
  engine.addEventListener('progress', (event) => console.log(event.detail.depth, event.detail.pv.join(' ')));
  engine.addEventListener('crash', (event) => console.warn(event.detail.message));
  const best: SearchReport = await engine.search('f5d6c3', { timeMs: 500 }, {
    onProgress: (report) => console.log(report.score),
  });
  const ggf: string = await engine.formatGame('f5d6c3', 'ggf', { PB: 'Alice', PW: 'Bob' });
  console.log(best.best, ggf, engine.stopMode);
  const scores = await engine.analyze('f5d6c3', { depth: 4 });
  await engine.stop();
  // A request no longer needed: its promise rejects with an Error named 'AbortError'.
  const stale = engine.analyze('f5d6c3d3', {}).catch((error: Error) => error.name);
  await engine.abort();
  console.log(await stale);
  const reply: string = await engine.playerMove('iago:4', 'f5d6c3', 7);
  console.log(reply === 'pass' ? 'pa' : reply);
  engine.terminate();
  return scores;
}
