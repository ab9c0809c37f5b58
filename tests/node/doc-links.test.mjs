// Every relative link of the repository's Markdown files resolves: the file
// or folder it names exists, and an anchor (`file.md#section`, `#section`)
// names a heading of that file, with the heading's id as GitHub makes it.
// Links to other sites are not fetched; code blocks and code spans are
// skipped (a path there is text, not a link).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SKIPPED = new Set(['node_modules', 'target', 'dist', 'test-artifacts', '.git']);

/** Every `.md` file under `dir`, outside the skipped folders. */
function markdownFiles(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...markdownFiles(path));
    else if (entry.isFile() && entry.name.endsWith('.md')) found.push(path);
  }
  return found;
}

/** The text outside fenced code blocks, and each line's number. */
function proseLines(text) {
  const lines = [];
  let fence = null;
  text.split('\n').forEach((line, index) => {
    const marker = line.match(/^\s*(```+|~~~+)/);
    if (marker) {
      if (fence === null) fence = marker[1][0];
      else if (marker[1][0] === fence) fence = null;
      return;
    }
    if (fence === null) lines.push({ line, number: index + 1 });
  });
  return lines;
}

/** A heading's id as GitHub makes it (its slugger, duplicates numbered). */
function slugsOf(text) {
  const seen = new Map();
  const slugs = new Set();
  for (const { line } of proseLines(text)) {
    const heading = line.match(/^#{1,6}\s+(.*?)\s*#*\s*$/);
    if (!heading) continue;
    const words = heading[1]
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(words) ?? 0;
    seen.set(words, count + 1);
    slugs.add(count === 0 ? words : `${words}-${count}`);
  }
  return slugs;
}

/** The inline links and images of the prose: `[text](target)`. */
function linksOf(text) {
  const links = [];
  for (const { line, number } of proseLines(text)) {
    const prose = line.replace(/`+[^`]*`+/g, '');
    for (const match of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ target: match[1], line: number });
    }
  }
  return links;
}

test('every relative link of every Markdown file resolves, anchors included', () => {
  const files = markdownFiles(ROOT);
  assert.ok(files.some((file) => file.endsWith(join('docs', 'benchmarks.md'))), 'the docs are found');
  const slugCache = new Map();
  const slugs = (file) => {
    if (!slugCache.has(file)) slugCache.set(file, slugsOf(readFileSync(file, 'utf8')));
    return slugCache.get(file);
  };
  const broken = [];
  for (const file of files) {
    for (const { target, line } of linksOf(readFileSync(file, 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, ...
      const [path, anchor] = target.split('#');
      const where = `${relative(ROOT, file)}:${line}: ${target}`;
      const destination = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
      if (!existsSync(destination)) {
        broken.push(`${where} (no such file)`);
        continue;
      }
      if (anchor !== undefined && anchor !== '' && destination.endsWith('.md') && statSync(destination).isFile()
        && !slugs(destination).has(decodeURIComponent(anchor).toLowerCase())) {
        broken.push(`${where} (no heading with that id)`);
      }
    }
  }
  assert.deepEqual(broken, []);
});

test('the heading ids are GitHub\'s', () => {
  const ids = slugsOf('# The package (`{ board: 96 }`)\n## Learning (`learn.rs`, `train --board 96`)\n'
    + '## Time manager (`time_manager.rs`)\n### #40-#59, exact\n## A\n## A\n```\n# not a heading\n```\n');
  assert.deepEqual([...ids], [
    'the-package--board-96-', 'learning-learnrs-train---board-96', 'time-manager-time_managerrs', '40-59-exact',
    'a', 'a-1',
  ]);
});
