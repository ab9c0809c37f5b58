// The page's modules (www/**/*.js) stay readable: their imports form no
// cycle, app.js stays a short composition root (at most APP_LINES lines)
// and no other module grows past MODULE_LINES lines, except the data files
// listed in EXEMPT. The imports are read from each module's code (its
// comments and the insides of its other literals blanked out, so that a
// JSDoc `import('./x.js').Type` is no import): static `import ... from
// '...'`, `import '...'`, `export ... from '...'` and `import('...')` with a
// string literal. The last tests give the same functions fixtures, to show
// that a cycle is found (and reported) and that an import in a comment or a
// string is not read as one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { posix } from 'node:path';

/** Most lines of www/app.js, the page's composition root. */
const APP_LINES = 300;
/** Most lines of any other module of the page. */
const MODULE_LINES = 700;
/** The page's data files, which may be longer: path -> what it holds. */
const EXEMPT = new Map([
  ['www/i18n/en.js', 'the English catalogue of the page\'s words'],
  ['www/i18n/ja.js', 'the Japanese catalogue of the page\'s words'],
  ['www/opening-names.js', 'the table of named openings'],
]);

/** Words after which a `/` starts a regular expression, not a division. */
const BEFORE_REGEX = new Set([
  'return', 'typeof', 'instanceof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'yield', 'await',
]);

/**
 * The code of `source` as far as its imports go: comments blanked out (each
 * character a space, line breaks kept), and so are the insides of strings,
 * template literals and regular expressions, except a string that names a
 * module (after `from`, `import` or `import(`).
 * @param {string} source
 * @returns {string}
 */
function importCode(source) {
  let out = '';
  let i = 0;
  // For each template literal whose `${` is open: the brace depth that closes it.
  const templates = [];
  let depth = 0;
  // The last of the code before `i` (comments left out, literals as `x`): what a `/` or a string follows.
  let code = '';
  const blank = (text) => text.replace(/[^\n]/g, ' ');
  const follow = (text) => {
    code = (code + text).slice(-80);
  };
  const copyTemplate = () => {
    // At a template's text (after its opening ` or the } that closes a `${`): up to its end or its next `${`.
    while (i < source.length) {
      const c = source[i];
      if (c === '\\') {
        out += blank(source.slice(i, i + 2));
        i += 2;
      } else if (c === '`') {
        out += c;
        i += 1;
        return;
      } else if (c === '$' && source[i + 1] === '{') {
        out += '${';
        i += 2;
        depth += 1;
        templates.push(depth);
        return;
      } else {
        out += blank(c);
        i += 1;
      }
    }
  };
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    const before = code.trimEnd();
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      out += blank(source.slice(i, stop));
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      out += blank(source.slice(i, stop));
      i = stop;
    } else if (c === '\'' || c === '"' || (c === '`' && /\bimport\s*\($/.test(before))) {
      let j = i + 1;
      while (j < source.length && source[j] !== c && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1;
      const literal = source.slice(i, j + 1);
      const specifier = /(?:^|[^\w$.])(?:from|import)$/.test(before) || /\bimport\s*\($/.test(before);
      out += specifier ? literal : c + blank(literal.slice(1, -1)) + literal.slice(-1);
      follow(' x ');
      i = j + 1;
    } else if (c === '`') {
      out += c;
      i += 1;
      copyTemplate();
      follow(' x ');
    } else if (c === '/') {
      const word = /[\w$]+$/.exec(before)?.[0];
      const regex = before === '' || /[(,=:[!&|?{};+\-*%<>~^]$/.test(before)
        || (word !== undefined && BEFORE_REGEX.has(word));
      if (!regex) {
        out += c;
        follow(c);
        i += 1;
        continue;
      }
      let j = i + 1;
      let inClass = false;
      while (j < source.length && source[j] !== '\n') {
        const d = source[j];
        if (d === '\\') j += 1;
        else if (d === '[') inClass = true;
        else if (d === ']') inClass = false;
        else if (d === '/' && !inClass) break;
        j += 1;
      }
      j += 1;
      while (j < source.length && /[a-z]/i.test(source[j])) j += 1;
      out += c + blank(source.slice(i + 1, j));
      follow(' x ');
      i = j;
    } else if (c === '}' && templates.at(-1) === depth) {
      templates.pop();
      depth -= 1;
      out += c;
      i += 1;
      copyTemplate();
      follow(' x ');
    } else {
      if (c === '{') depth += 1;
      else if (c === '}') depth -= 1;
      out += c;
      follow(c);
      i += 1;
    }
  }
  return out;
}

/**
 * The modules that `source` (the text of the module at `file`) imports,
 * as paths from the repository's root (relative specifiers only).
 * @param {string} file
 * @param {string} source
 * @returns {string[]}
 */
function importsOf(file, source) {
  const code = importCode(source);
  const specifiers = [
    ...code.matchAll(/(?:^|[^\w$.])(?:import|export)\s+(?:[\w$*{}\s,]+?\s+from\s*)?(['"])([^'"\n]+)\1/g),
    ...code.matchAll(/(?:^|[^\w$.])import\s*\(\s*(['"`])([^'"`\n$]+)\1\s*\)/g),
  ].map((match) => match[2]);
  const paths = specifiers.filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => posix.normalize(posix.join(posix.dirname(file), specifier)));
  return [...new Set(paths)].sort();
}

/**
 * The import graph of `sources` (path -> module text): path -> the paths it imports.
 * @param {Map<string, string>} sources
 * @returns {Map<string, string[]>}
 */
function moduleGraph(sources) {
  return new Map([...sources].map(([file, source]) => [file, importsOf(file, source)]));
}

/**
 * The import cycles of `graph`, each as its modules in import order, the
 * first one repeated at the end (`a -> b -> a`); one for each import that
 * closes a cycle in a depth-first walk, so none when the graph has none.
 * @param {Map<string, string[]>} graph
 * @returns {string[][]}
 */
function findCycles(graph) {
  const cycles = [];
  const done = new Set();
  const path = [];
  const onPath = new Set();
  const visit = (file) => {
    path.push(file);
    onPath.add(file);
    for (const target of graph.get(file) ?? []) {
      if (onPath.has(target)) cycles.push([...path.slice(path.indexOf(target)), target]);
      else if (!done.has(target)) visit(target);
    }
    path.pop();
    onPath.delete(file);
    done.add(file);
  };
  for (const file of [...graph.keys()].sort()) if (!done.has(file)) visit(file);
  return cycles;
}

/** Every .js module of the page (www/ and its folders) with its text. */
async function pageSources() {
  const entries = await readdir('www', { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => posix.join((entry.parentPath ?? entry.path).split('\\').join('/'), entry.name)).sort();
  return new Map(await Promise.all(files.map(async (file) => [file, await readFile(file, 'utf8')])));
}

/** The number of lines of `text`. */
const lineCount = (text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

test('the page\'s modules import each other without a cycle', async () => {
  const sources = await pageSources();
  const graph = moduleGraph(sources);
  // The walk reaches the whole page from app.js, and the graph is the page's (a sanity check of the reading).
  assert.ok(graph.get('www/app.js').includes('www/game-controller.js'), 'app.js imports the game controller');
  assert.ok(graph.get('www/i18n.js').includes('www/i18n/en.js'), 'i18n.js imports its catalogues');
  const cycles = findCycles(graph).map((cycle) => cycle.join(' -> '));
  assert.deepEqual(cycles, [], `import cycles:\n${cycles.join('\n')}`);
});

test('app.js stays a short composition root and no module of the page grows too long', async () => {
  const sources = await pageSources();
  const appLines = lineCount(sources.get('www/app.js'));
  assert.ok(appLines <= APP_LINES, `www/app.js has ${appLines} lines, more than ${APP_LINES}`);
  const long = [...sources].filter(([file]) => !EXEMPT.has(file))
    .map(([file, text]) => ({ file, lines: lineCount(text) }))
    .filter(({ lines }) => lines > MODULE_LINES)
    .map(({ file, lines }) => `${file}: ${lines} lines`);
  assert.deepEqual(long, [], `modules longer than ${MODULE_LINES} lines (split them, or list a data file in EXEMPT)`);
  for (const file of EXEMPT.keys()) assert.ok(existsSync(file), `${file} is exempt but does not exist`);
});

test('the cycle check finds a cycle, through every kind of import', () => {
  const sources = new Map([
    ['www/a.js', "import { b } from './b.js';\nexport const a = () => b;\n"],
    ['www/b.js', "export { c as b } from './sub/c.js';\n"],
    ['www/sub/c.js', "export async function c() {\n  return (await import('../d.js')).d;\n}\n"],
    ['www/d.js', "import './a.js';\nexport const d = 4;\n"],
    ['www/e.js', "import { a } from './a.js';\nexport const e = a;\n"],
  ]);
  const graph = moduleGraph(sources);
  assert.deepEqual(graph.get('www/b.js'), ['www/sub/c.js']);
  assert.deepEqual(graph.get('www/sub/c.js'), ['www/d.js']);
  assert.deepEqual(findCycles(graph), [['www/a.js', 'www/b.js', 'www/sub/c.js', 'www/d.js', 'www/a.js']]);
  // Without the import that closes it, no cycle is left.
  sources.set('www/d.js', 'export const d = 4;\n');
  assert.deepEqual(findCycles(moduleGraph(sources)), []);
  // Two modules that import each other.
  assert.deepEqual(findCycles(new Map([['x', ['y']], ['y', ['x']]])), [['x', 'y', 'x']]);
});

test('imports are read from the code alone, not from comments, strings or computed names', () => {
  const source = [
    "import { t } from './i18n.js';",
    "import * as kinds from './board-kind.js';",
    "import defaultThing, { other as renamed } from './thing.js';",
    "export { shown } from './shown.js';",
    "export * from './all.js';",
    "import './side-effect.js';",
    "const later = () => import('./later.js');",
    '// import { x } from \'./in-a-line-comment.js\';',
    "/** @param {import('./in-jsdoc.js').Type} value */",
    "/* import('./in-a-block-comment.js') */",
    "const text = 'import(\"./in-a-string.js\")';",
    "const pattern = /['\"]\\/\\/ not a comment/g;",
    "const template = `a ${`nested ${1}`} b // not a comment either`;",
    "const computed = (name) => import(`./${name}.js`);",
    "import { bare } from 'bare-package';",
    "export const value = 'not an import.js';",
  ].join('\n');
  assert.deepEqual(importsOf('www/app.js', source), [
    'www/all.js', 'www/board-kind.js', 'www/i18n.js', 'www/later.js', 'www/shown.js', 'www/side-effect.js', 'www/thing.js',
  ]);
  const code = importCode(source);
  assert.equal(code.split('\n').length, source.split('\n').length, 'lines kept');
  for (const gone of ['in-a-line-comment', 'in-jsdoc', 'in-a-block-comment', 'in-a-string', 'not a comment', 'not an import']) {
    assert.ok(!code.includes(gone), `${gone} blanked out`);
  }
});
