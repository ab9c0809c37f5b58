// A typed use of both layers, checked by `tsc --noEmit` with the DOM library
// (tsconfig.json) and in a Node-only project (tsconfig.node.json).
import {
  analyze, clearTable, cliUsage, ERROR_CODES, evaluate, formatGame, init, initSync, isOthelloError, legalMoves,
  parseGame, perft, play, playerMove, runCli, score, search, setTableSize, setThreads, status,
  type ClockMemory96, type ErrorCode, type Limits, type Limits96, type MoveScore96, type ParsedGame96, type Search96Report,
  type SearchReport, type Square, type Status, type Status96,
} from 'othello-wasm-engine';
import { EngineClient, type MoveScore, type ThreadsInUse } from 'othello-wasm-engine/client';

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

// The 96-square board of the CS 221 report: `{ board: 96 }` picks it.
export async function board96(): Promise<MoveScore96[]> {
  await init();
  const B = { board: 96 } as const;
  const first: string[] = legalMoves('', B);
  const line: string = play('', first[0] ?? 'e4', B);
  const state: Status96 = status(line, B);
  const final: number = score(line, B).final;
  const parsed: ParsedGame96 = parseGame('e4f4', B);
  const report: Search96Report = search(line, { board: 96, depth: 4, evaluation: 'greedy', algorithm: 'mtdf' }, {
    onProgress: (r) => console.log(r.depth, r.best, r.score),
    shouldStop: () => false,
  });
  // On the clock: the time manager's memory goes back with the side's next move.
  const clocked = search(line, { board: 96, clock: { remainingMs: 30_000 } });
  const memory: ClockMemory96 | undefined = clocked.clockMemory;
  search(line, { board: 96, clock: { remainingMs: 29_000, memory } });
  console.log(state.toMove === 'white', final, parsed.moves.join(' '), report.kind);
  const engine = new EngineClient();
  const inWorker: Search96Report = await engine.search(line, { board: 96, timeMs: 200 }, {
    onProgress: (r) => console.log(r.evaluation, r.pv.join(' ')),
  });
  const moves: string[] = await engine.legalMoves(line, B);
  const status96: Status96 = await engine.status(line, B);
  const values: MoveScore96[] = await engine.analyze(line, { board: 96, depth: 3 });
  engine.terminate();
  console.log(inWorker.best, moves.length, status96.empties);
  return values;
}

// What the types refuse on the 96-square board (checked by tsc; never run).
export function refused96(line: string): void {
  // @ts-expect-error the 8x8 limits (exact) are not the 96-square board's
  search(line, { board: 96, exact: true });
  // @ts-expect-error a board is 8 or 96
  legalMoves(line, { board: 10 });
  // @ts-expect-error without { board: 96 } the status is the 8x8 one
  const eight: Status96 = status(line);
  // @ts-expect-error an analysis on the 96-square board takes no algorithm
  analyze(line, { board: 96, algorithm: 'mtdf' });
  console.log(eight);
}

// Cancelling one request, the worker's threads, squares as types, limits of either board.
export async function requests(limits: Limits | Limits96): Promise<Square[]> {
  await init();
  const engine = new EngineClient({ localRules: true });
  const threads: ThreadsInUse = await engine.ready();
  const controller = new AbortController();
  const hints = engine.analyze('f5d6', { depth: 12 }, { signal: controller.signal });
  controller.abort();
  await hints.catch((error: unknown) => console.log(error instanceof Error ? error.name : error));
  const squares: Square[] = await engine.legalMoves('f5d6');
  // A result's confidence is a confidence the limits take.
  const shallow = search('f5d6c3', { depth: 4 });
  const again: SearchReport = search('f5d6c3', { depth: 6, confidence: shallow.confidence });
  const either = await engine.search('f5d6c3', limits);
  const leaves: number = perft(6);
  console.log(threads.threads, again.best, either.best, leaves);
  engine.terminate();
  return [...squares, ...legalMoves('')];
}

// What the types refuse on the 8x8 board, in its own terms.
export function refused8(): void {
  // @ts-expect-error 'deph' is no limit ('depth' is)
  search('', { deph: 4 });
  // @ts-expect-error a confidence is one of the listed levels
  search('', { confidence: 90 });
}

// The rest of the direct API: notation, evaluation, the table, threads, the CLI, errors.
export function everythingElse(bytes: Uint8Array): ErrorCode | null {
  initSync(bytes);
  const ggf: string = formatGame('f5d6', 'ggf', { PB: 'Alice' });
  const value: number = evaluate('f5d6', 'pattern');
  setTableSize(64);
  clearTable();
  const threads: number = setThreads(1);
  const usage: string = cliUsage();
  runCli(['perft', '3'], (line: string) => console.log(line));
  const reply: string = playerMove('iago:4', 'f5d6c3', 7);
  console.log(ggf, value, threads, usage.length, reply);
  try {
    play('f5d6', 'a1');
  } catch (error) {
    if (isOthelloError(error) && error.code === ERROR_CODES.ILLEGAL_MOVE) return error.code;
  }
  return null;
}
