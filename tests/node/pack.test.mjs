// The published shape of the package: `npm pack` makes a tarball that installs
// into an empty project without network access, where the Node example
// prints each move's score (checked against the direct API), both entry
// points load by their package names, and TypeScript resolves their types
// through `exports`.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as direct from '../../pkg/index.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const tsc = join(root, 'node_modules/.bin/tsc');

before(async () => {
  await direct.init();
});

test('npm pack installs offline into an empty project and runs the examples', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'othello-pack-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: join(root, 'pkg') });
  const [packed] = JSON.parse(stdout);
  const files = packed.files.map((file) => file.path).sort();
  for (const name of ['package.json', 'README.md', 'LICENSE', 'NOTICE.md', 'CHANGELOG.md', 'errors.js', 'other-origin.js', 'index.js', 'index.d.ts', 'client.js', 'client.d.ts', 'worker.js',
    'loader.js', 'threaded.js', 'threaded.d.ts', 'pool.js', 'pool-worker.js', 'cli.mjs', 'wasm/othello.js', 'wasm/othello_bg.wasm',
    'wasm-threads/othello.js', 'wasm-threads/othello_bg.wasm']) {
    assert.ok(files.includes(name), `${name} is not in the tarball: ${files.join(', ')}`);
  }
  t.diagnostic(`package size: ${packed.size} bytes packed, ${packed.unpackedSize} bytes unpacked, ${files.length} files`);

  // The README's links resolve inside the package (an npm user has the package, not the repository).
  const readme = await readFile(join(root, 'pkg/README.md'), 'utf8');
  const links = [...readme.matchAll(/\]\(([^)\s]+)\)|\b(?:href|src)="([^"]+)"/g)].map((match) => match[1] ?? match[2]);
  const local = links.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'));
  assert.ok(local.length >= 5, `the README links the package's files: ${links.join(', ')}`);
  for (const target of local) {
    const file = target.replace(/^\.\//, '').split('#')[0];
    assert.ok(files.includes(file), `README links ${target}, which the package lacks: ${files.join(', ')}`);
  }
  assert.doesNotMatch(readme, /repositor/i, 'the README sends no one to the repository');
  assert.doesNotMatch(readme, /(^|[\s`(])(examples|docs|tests|crates|tools|www|dist)\//m, 'the README names no folder of the repository');

  const project = join(dir, 'project');
  await mkdir(project);
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'empty', private: true, type: 'module' }));
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(dir, packed.filename)], { cwd: project });

  // The Node example, as a user would run it.
  await copyFile(join(root, 'examples/analyze-game.mjs'), join(project, 'analyze-game.mjs'));
  const game = 'f5d6c3d3c4f4f6f3e6e7d7c6';
  const example = await run('node', ['analyze-game.mjs', game, '--depth', '4'], { cwd: project });
  const lines = example.stdout.trim().split('\n');
  const moves = direct.parseGame(game).moves;
  assert.equal(lines.length, moves.length + 1, example.stdout);
  let position = direct.parseGame(game).start;
  for (const [ply, move] of moves.entries()) {
    const scores = direct.analyze(position, { depth: 4 }); // the book's values where it has them
    const played = scores.find((s) => s.move === move);
    const [number, , shown, score] = lines[ply].trim().split(/\s+/);
    assert.deepEqual([Number(number), shown, Number(score)], [ply + 1, move, played.score], lines[ply]);
    position = direct.play(position, move);
  }
  const final = direct.score(position);
  assert.equal(lines.at(-1), `Final: Black ${final.black}, White ${final.white}`);

  // Both entry points by name, and the wasm's own export.
  const script = `
    import { init, legalMoves } from 'othello-wasm-engine';
    import { EngineClient } from 'othello-wasm-engine/client';
    import { readFile } from 'node:fs/promises';
    import { createRequire } from 'node:module';
    const wasm = await readFile(createRequire(import.meta.url).resolve('othello-wasm-engine/othello.wasm'));
    await init(wasm);
    const client = new EngineClient();
    console.log(JSON.stringify([legalMoves('f5'), await client.legalMoves('f5')]));
    client.terminate();`;
  await writeFile(join(project, 'entries.mjs'), script);
  const entries = await run('node', ['entries.mjs'], { cwd: project });
  const expected = direct.legalMoves('f5');
  assert.deepEqual(JSON.parse(entries.stdout), [expected, expected]);

  // TypeScript finds the declarations through `exports`, as in a user's project.
  await copyFile(join(root, 'examples/typed.ts'), join(project, 'typed.ts'));
  await run(tsc, ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext',
    '--target', 'es2022', '--lib', 'es2022,dom', '--types', '', 'typed.ts'], { cwd: project })
    .catch((error) => assert.fail(`tsc: ${error.stdout}${error.stderr}`));
});
