// The package README's JavaScript examples run, so that they cannot drift
// from the runtime: each ```js block of pkg/README.md runs as a module under
// Node (the package's names imported, `show`-like placeholders stubbed, a
// `position` given where the block uses one without defining it), and
// every line `expression; // <value>` whose comment starts with a literal
// (an array, object or string, not abbreviated with "...") must give that
// value. Blocks that cannot run under Node (a CDN URL, a config file) are
// named and skipped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const README = readFileSync(new URL('../../pkg/README.md', import.meta.url), 'utf8');
const INDEX = new URL('../../pkg/index.js', import.meta.url).href;
const CLIENT = new URL('../../pkg/client.js', import.meta.url).href;

/** The ```js blocks with the line each starts on. */
const BLOCKS = [...README.matchAll(/^```js\n([\s\S]*?)^```/gm)].map((match) => ({
  code: match[1], line: README.slice(0, match.index).split('\n').length + 1,
}));

/** Why a block cannot run under Node, or null. */
function skipReason(code) {
  if (/cdn\.example/.test(code)) return 'a CDN URL';
  if (/^export default/m.test(code)) return 'a config file';
  if (/from 'react'/.test(code)) return 'a React hook (tests/browser/react-example.test.mjs runs it)';
  if (/process\.argv/.test(code)) return 'a command-line script (tests/node/pack.test.mjs runs it)';
  return null;
}

/** The literal a comment starts with, or null when it starts with none or with a description (`{ best, score }`). */
function leadingLiteral(comment) {
  const literal = literalText(comment);
  if (literal === null) return null;
  try {
    new Function(`return (${literal});`)();
    return literal;
  } catch {
    return null;
  }
}

/** The text of the literal a comment starts with (balanced brackets or a quoted string), or null. */
function literalText(comment) {
  const text = comment.trim();
  if (/^(e\.g\.|in |the |an? )/.test(text)) return null;
  if (text.startsWith("'")) {
    const end = text.indexOf("'", 1);
    return end > 0 ? text.slice(0, end + 1) : null;
  }
  if (!/^[[{]/.test(text)) return null;
  let depth = 0;
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === "'") quoted = !quoted;
    if (quoted) continue;
    if (char === '[' || char === '{') depth += 1;
    if (char === ']' || char === '}') depth -= 1;
    if (depth === 0) return text.slice(0, index + 1);
  }
  return null;
}

/** The block as a module: imports, stubs, and each checkable line turned into a check. */
function moduleFor(code) {
  const lines = code.split('\n').map((line, index) => {
    // `expression; // comment`: a call (with properties after it) or a property read, awaited or not.
    const match = line.match(/^((?:await\s+)?[A-Za-z_$].*?\)(?:\.[\w.]+)?|[A-Za-z_$][\w$]*(?:\.[\w$]+)+);\s*\/\/(.*)$/);
    if (!match || /^(const|let|var|return|if|for)\b/.test(line)) return line;
    const [, expression, comment] = match;
    const literal = leadingLiteral(comment);
    if (literal === null || literal.includes('...')) return line;
    return `check(${expression}, ${literal}, ${index + 1});`;
  });
  const given = (name) => new RegExp(`\\b(const|let)\\s+(\\{[^}]*\\b${name}\\b[^}]*\\}|${name})\\b`).test(code);
  const stubs = [
    given('position') ? '' : "const position = 'f5d6c3d3c4';",
    given('move') ? '' : "const move = 'a1';",
    'const show = () => {}; const showIllegal = () => {};',
  ].join('\n');
  // A block that imports the package runs with its own imports only; a fragment (no import) with every name.
  const imports = /from 'othello-wasm-engine(\/client)?';$/m.test(code);
  const body = lines.join('\n')
    .replace(/from 'othello-wasm-engine';$/gm, `from ${JSON.stringify(INDEX)};`)
    .replace(/from 'othello-wasm-engine\/client';$/gm, `from ${JSON.stringify(CLIENT)};`);
  const names = imports ? '' : `import { EngineClient } from ${JSON.stringify(CLIENT)};
const { init, legalMoves, play, status, score, parseGame, formatGame, search, analyze, playerMove, perft, evaluate,
  isOthelloError, ERROR_CODES } = othello;
await othello.init();`;
  return `import * as othello from ${JSON.stringify(INDEX)};
import { deepStrictEqual } from 'node:assert';
${names}
let checked = 0;
function check(value, expected, line) {
  deepStrictEqual(value, expected, 'block line ' + line);
  checked += 1;
}
${stubs}
${body}
console.log(JSON.stringify({ checked }));
process.exit(0);
`;
}

test('every JavaScript example of the package README runs, and the values it shows are the values given', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'othello-readme-'));
  let checked = 0;
  try {
    for (const { code, line } of BLOCKS) {
      const reason = skipReason(code);
      if (reason !== null) {
        t.diagnostic(`README line ${line}: not run (${reason})`);
        continue;
      }
      const file = join(dir, `block-${line}.mjs`);
      await writeFile(file, moduleFor(code));
      const run = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 120_000 });
      assert.equal(run.status, 0, `README line ${line}:\n${run.stderr}`);
      checked += JSON.parse(run.stdout.trim().split('\n').at(-1)).checked;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  t.diagnostic(`${BLOCKS.length} blocks, ${checked} values checked`);
  assert.ok(checked >= 6, `values checked: ${checked}`);
});

/** The code block under the `<details>` whose summary names `file`. */
function inlined(file) {
  const match = README.match(new RegExp(`<summary>[^<]*<code>${file.replace('.', '\\.')}</code>[^<]*</summary>\\n\\n\`\`\`\\w+\\n([\\s\\S]*?)^\`\`\`$`, 'm'));
  assert.ok(match, `README inlines ${file}`);
  return match[1];
}

test('the examples the README inlines are the repository\'s, which the tests run', () => {
  const example = (path) => readFileSync(new URL(`../../examples/${path}`, import.meta.url), 'utf8');
  assert.equal(inlined('use-othello-engine.js'), example('react/use-othello-engine.js'));
  assert.equal(inlined('analyze-game.mjs'), example('analyze-game.mjs'));
  // The page imports the package by its name (the repository's copy imports ../pkg/client.js).
  const page = example('page.html').replace(
    "  // In your project: import { EngineClient } from 'othello-wasm-engine/client';\n  import { EngineClient } from '../pkg/client.js';\n",
    "  import { EngineClient } from 'othello-wasm-engine/client'; // or '/node_modules/othello-wasm-engine/client.js' without a bundler\n",
  );
  assert.equal(inlined('page.html'), page);
});
