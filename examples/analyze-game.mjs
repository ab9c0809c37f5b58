#!/usr/bin/env node
// Analyses a game given as a transcript and prints each move's score next to
// the best move's, from the mover's side, in discs:
//   node analyze-game.mjs f5d6c3d3c4f4f6f3e6e7 [--depth 8]
import { EngineClient } from 'othello-wasm-engine/client';

const args = process.argv.slice(2);
const depthAt = args.indexOf('--depth');
const depth = depthAt === -1 ? 8 : Number(args.splice(depthAt, 2)[1]);
const transcript = args[0] ?? 'f5d6c3d3c4f4f6f3e6e7d7c6f7c5b6b5';

const engine = new EngineClient(); // the engine in a worker thread
try {
  const game = await engine.parseGame(transcript); // explicit passes, errors for bad moves
  let position = game.start;
  for (const [ply, move] of game.moves.entries()) {
    const { toMove } = await engine.status(position);
    const scores = await engine.analyze(position, { depth }); // every legal move, best first
    const played = scores.find((s) => s.move === move);
    const best = scores[0];
    const verdict = played.score === best.score ? 'best' : `best ${best.move} ${best.score}, loses ${best.score - played.score}`;
    const how = played.kind === 'book' ? 'book' : `${played.kind} ${played.depth}`; // book moves have book values
    console.log(`${String(ply + 1).padStart(2)}. ${toMove.padEnd(5)} ${move}  ${String(played.score).padStart(3)}  (${how}; ${verdict})`);
    position = await engine.play(position, move);
  }
  const score = await engine.score(position);
  console.log(`Final: Black ${score.black}, White ${score.white}${score.gameOver ? ' (game over)' : ''}`);
} catch (error) {
  console.error(`analyze-game: ${error.message}`);
  process.exitCode = 1;
} finally {
  engine.terminate();
}
