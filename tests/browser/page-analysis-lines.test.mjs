// The analysis panel, in Chromium on the built page (cross-origin isolated:
// the threaded build on every core):
// - turned on, it shows the chosen number of best lines of the position on
//   the board, deepening, on the page's threads; each line starts with a
//   legal move of that position and plays out legally;
// - it follows the viewed position at once: while the player steps through
//   a game, every state of the list ever drawn belongs to the position then
//   on the board (no stale lines), and the lines of the last one come;
// - Solve proves the FFO file's published scores (tests/data/ffo) for the
//   best lines, exact and win/loss/draw, with its progress (empties, depth,
//   nodes, time); Stop ends a long solve with the lines found so far (a
//   screenshot of a solved position: analysis-lines-solved-en-1280-light.png);
// - a pass inside a line reads as the word, not as the notation's "pa";
// - in Japanese it shows no English; screenshots of the analysis at
//   1280x800 and 390x844, light and dark, English and Japanese, go to
//   test-artifacts/analysis-lines-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { artifact, load, openPage, recordState, setTheme, splitMoves, wthorGames } from './page-support.mjs';

/** FFO positions with every move's published score, best first: `{ position, scores: [{ move, score }] }`. */
function ffo(count) {
  return readFileSync(new URL('../data/ffo/fforum-1-19.obf', import.meta.url), 'utf8').trim().split('\n').slice(0, count)
    .map((line) => {
      const [position, ...moves] = line.split(';').map((part) => part.trim()).filter(Boolean);
      const scores = moves.map((entry) => {
        const [move, score] = entry.split(':');
        return { move: move.toLowerCase(), score: Number(score) };
      });
      return { position, scores };
    });
}

/** The lines the panel shows: `{ move, score, kind, pv }` (score for the side to move), and the position they are for. */
function shownLines(page) {
  return page.evaluate(() => {
    const list = document.getElementById('lines-list');
    return {
      position: list.dataset.position,
      lines: [...list.querySelectorAll('li')].map((item) => ({
        move: item.dataset.move,
        score: Number(item.dataset.score),
        kind: item.dataset.kind,
        pv: item.dataset.pv.split(' '),
      })),
    };
  });
}

/** Waits until the panel shows `count` lines of the position on the board, at `depth` or deeper ('exact'/'wld': solved). */
function linesAt(page, count, status) {
  return page.waitForFunction(([wanted, pattern]) => {
    const list = document.getElementById('lines-list');
    return list.dataset.position === window.othelloPage.record.position
      && list.querySelectorAll('li').length === wanted
      && new RegExp(pattern).test(document.getElementById('lines-status').textContent);
  }, [count, status], { timeout: 60_000 });
}

/** Whether every line starts with a legal move of `position` and plays out legally (checked by the page's own rules). */
function legalLines(page, position, lines) {
  return page.evaluate(async ([start, all]) => {
    const { play, status } = await import('./pkg/index.js');
    return all.every((line) => {
      let current = start;
      for (const move of line.pv) {
        const state = status(current);
        const legal = move === 'pa' ? state.status === 'pass' : state.moves.includes(move);
        if (!legal) return false;
        current = play(current, move);
      }
      return true;
    });
  }, [position, lines]);
}

/** Records every state of the panel's list as it is drawn, with the position then on the board. */
function watchList(page) {
  return page.evaluate(() => {
    window.linesSeen = [];
    const list = document.getElementById('lines-list');
    new MutationObserver(() => {
      window.linesSeen.push({
        listPosition: list.dataset.position,
        onBoard: window.othelloPage.record.position,
        moves: [...list.querySelectorAll('li')].map((item) => item.dataset.move),
      });
    }).observe(list, { childList: true, subtree: true, attributes: true });
  });
}

test('the panel shows the best lines of the position on the board, deepening, and follows the viewed position at once', async (t) => {
  const session = await openPage({ viewport: { width: 1280, height: 800 } });
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#mode', 'human-human');
  const [game] = wthorGames(1);
  const moves = splitMoves(game.moves);
  await load(page, moves.slice(0, 30).join(''));
  assert.equal(await page.isVisible('#lines-body'), false, 'off until turned on');
  await page.click('#lines-toggle');
  assert.equal(await page.getAttribute('#lines-toggle', 'aria-pressed'), 'true');
  await linesAt(page, 3, 'depth [6-9]|depth \\d\\d');
  const first = await shownLines(page);
  const state = await recordState(page);
  assert.equal(first.position, state.position);
  assert.ok(await legalLines(page, state.position, first.lines), JSON.stringify(first));
  for (let i = 1; i < first.lines.length; i += 1) assert.ok(first.lines[i - 1].score >= first.lines[i].score);
  assert.equal(await page.evaluate(() => window.othelloPage.activity), 'lines');
  const threads = await page.evaluate(() => window.othelloPage.metrics.threads);
  assert.match(await page.textContent('#lines-status'), new RegExp(`${threads.threads} thread`));

  // Five lines, then one.
  await page.selectOption('#lines-count', '5');
  await linesAt(page, 5, 'depth [4-9]|depth \\d\\d');
  await page.selectOption('#lines-count', '1');
  await linesAt(page, 1, 'depth [4-9]|depth \\d\\d');
  await page.selectOption('#lines-count', '3');

  // Stepping through the game, fast and slow: every list drawn belongs to the position then on the board.
  await watchList(page);
  for (const [ply, wait] of [[29, 0], [28, 0], [27, 50], [20, 0], [21, 400], [10, 0], [11, 0], [12, 900], [24, 150]]) {
    await page.click(`#moves button[data-ply="${ply}"]`);
    if (wait > 0) await page.waitForTimeout(wait);
  }
  await linesAt(page, 3, 'depth [5-9]|depth \\d\\d');
  const seen = await page.evaluate(() => window.linesSeen);
  const drawn = seen.filter((entry) => entry.moves.length > 0);
  assert.ok(drawn.length > 0);
  for (const entry of drawn) assert.equal(entry.listPosition, entry.onBoard, JSON.stringify(entry));
  const positions = [...new Set(drawn.map((entry) => entry.onBoard))];
  assert.ok(positions.length >= 3, `lines of several positions were shown: ${positions.length}`);
  const legal = await page.evaluate(async (entries) => {
    const { status } = await import('./pkg/index.js');
    return entries.every((entry) => entry.moves.every((move) => status(entry.onBoard).moves.includes(move)));
  }, drawn);
  assert.ok(legal, 'every line drawn starts with a legal move of the position on the board');
  const last = await shownLines(page);
  assert.equal(last.position, (await recordState(page)).position);
  assert.equal((await recordState(page)).cursor, 24);

  // Near the end the lines are solved and the study ends; left for the finished game and come back to, it starts again.
  await load(page, game.moves);
  const plies = (await recordState(page)).moves.length;
  await page.click(`#moves button[data-ply="${plies - 8}"]`);
  const late = await recordState(page);
  const solved = [Math.min(3, late.legal.length), `^Solved ${late.position.split('-').length - 1} empties, exact score`];
  await linesAt(page, ...solved);
  await page.click(`#moves button[data-ply="${plies}"]`);
  await page.waitForFunction(() => /^The game is over/.test(document.getElementById('lines-status').textContent));
  await page.click(`#moves button[data-ply="${plies - 8}"]`);
  await linesAt(page, ...solved);
  assert.ok(await legalLines(page, (await recordState(page)).position, (await shownLines(page)).lines));

  // Off: the engine stops (nothing else is wanted in a two-player game without hints).
  await page.click('#lines-toggle');
  assert.equal(await page.isVisible('#lines-body'), false);
  await page.waitForFunction(() => window.othelloPage.activity === null);
  assert.deepEqual(problems, []);
});

test('Solve proves the FFO file\'s scores for the best lines, exact and win/loss/draw, and Stop ends a long solve', async (t) => {
  const session = await openPage({ viewport: { width: 1280, height: 800 } });
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#mode', 'human-human');
  await page.click('#lines-toggle');
  for (const [index, { position, scores }] of ffo(3).entries()) {
    await load(page, position);
    await watchList(page);
    await page.evaluate(() => {
      window.statusSeen = [];
      const status = document.getElementById('lines-status');
      new MutationObserver(() => window.statusSeen.push(status.textContent)).observe(status, { childList: true, characterData: true, subtree: true });
    });
    const empties = (await recordState(page)).position.split(' ')[0].split('-').length - 1;
    await page.selectOption('#lines-solve-kind', 'exact');
    await page.click('#lines-solve');
    await linesAt(page, 3, `^Solved ${empties} empties, exact score`);
    const { lines } = await shownLines(page);
    assert.deepEqual(lines.map((line) => line.score), scores.slice(0, 3).map((s) => s.score), position);
    for (const line of lines) {
      assert.equal(line.kind, 'exact');
      assert.equal(scores.find((s) => s.move === line.move)?.score, line.score, `${position} ${line.move}`);
    }
    if (index === 0) {
      await page.$eval('#lines-panel', (panel) => panel.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: await artifact('analysis-lines-solved-en-1280-light.png') });
    }
    // Its progress said the empties, the depth, the nodes and the time.
    const progress = await page.evaluate(() => window.statusSeen);
    assert.ok(progress.some((text) => new RegExp(`^Solving ${empties} empties \\(exact score\\): depth \\d+.* · [\\d.]+[KMB]? nodes · [\\d.]+ s · \\d threads?$`).test(text)),
      progress.join('\n'));
    // Win/loss/draw: the signs of the same scores.
    await page.selectOption('#lines-solve-kind', 'wld');
    await page.click('#lines-solve');
    await linesAt(page, 3, `^Solved ${empties} empties, win/loss/draw`);
    const wld = await shownLines(page);
    assert.deepEqual(wld.lines.map((line) => Math.sign(line.score)), scores.slice(0, 3).map((s) => Math.sign(s.score)));
    for (const line of wld.lines) assert.equal(Math.sign(scores.find((s) => s.move === line.move).score), Math.sign(line.score));
  }
  // A solve of the start of a game takes far too long: Stop ends it with the lines of its last completed iteration.
  const [game] = wthorGames(1);
  await load(page, splitMoves(game.moves).slice(0, 20).join(''));
  await page.selectOption('#lines-solve-kind', 'exact');
  await page.click('#lines-solve');
  await page.waitForFunction(() => /^Solving 40 empties/.test(document.getElementById('lines-status').textContent)
    && document.querySelectorAll('#lines-list li').length === 3, null, { timeout: 30_000 });
  assert.equal(await page.evaluate(() => window.othelloPage.activity), 'solve');
  await page.click('#lines-stop');
  await page.waitForFunction(() => /^Stopped at depth \d+/.test(document.getElementById('lines-status').textContent));
  await page.waitForFunction(() => window.othelloPage.activity === null);
  assert.equal(await page.isVisible('#lines-stop'), false);
  const stopped = await shownLines(page);
  assert.equal(stopped.lines.length, 3);
  assert.ok(await legalLines(page, stopped.position, stopped.lines));
  assert.deepEqual(problems, []);
});

test('a pass inside a line reads as a pass, not as the notation\'s "pa"', async (t) => {
  const session = await openPage({ viewport: { width: 1280, height: 800 } });
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#mode', 'human-human');
  await page.click('#lines-toggle');
  // WTHOR game 1 after 45 moves: each of its three best lines has a side
  // with no move before the end, whichever equal line the search finds.
  const [game] = wthorGames(1);
  await load(page, splitMoves(game.moves).slice(0, 45).join(''));
  await page.selectOption('#lines-solve-kind', 'exact');
  await page.click('#lines-solve');
  await linesAt(page, 3, '^Solved 15 empties, exact score');
  const shown = await page.evaluate(() => [...document.querySelectorAll('#lines-list li')]
    .map((item) => ({ pv: item.dataset.pv.split(' '), text: item.querySelector('.line-pv').textContent.split(' ') })));
  assert.ok(shown.every((line) => line.pv.includes('pa')), 'every line has a pass');
  for (const line of shown) {
    assert.deepEqual(line.text, line.pv.slice(1).map((move) => (move === 'pa' ? 'pass' : move)));
  }
  assert.deepEqual(problems, []);
});

test('screenshots of the analysis, desktop and phone, light and dark, English and Japanese; no English in Japanese', async (t) => {
  const session = await openPage({ viewport: { width: 1280, height: 800 } });
  t.after(session.close);
  const { page, problems } = session;
  await page.selectOption('#mode', 'human-human');
  const [game] = wthorGames(1);
  await load(page, splitMoves(game.moves).slice(0, 24).join(''));
  await page.click('#lines-toggle');
  await linesAt(page, 3, '.');
  for (const language of ['en', 'ja']) {
    await page.selectOption('#language', language);
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      for (const theme of ['light', 'dark']) {
        await setTheme(page, theme);
        await linesAt(page, 3, language === 'ja' ? '深さ \\d+' : 'depth \\d+');
        await page.$eval('#lines-panel', (panel) => panel.scrollIntoView({ block: 'center' }));
        await page.screenshot({ path: await artifact(`analysis-lines-${language}-${viewport.width}-${theme}.png`) });
      }
    }
    if (language === 'ja') {
      // Every text of the panel, its options and labels: no word of Latin letters (square names are letters and digits).
      const texts = await page.$$eval('#lines-panel, #lines-panel *', (elements) => elements.flatMap((element) => [
        element.childNodes.length === 1 && element.firstChild.nodeType === 3 ? element.textContent : '',
        element.getAttribute('aria-label') ?? '', element.getAttribute('title') ?? '',
      ]));
      const english = texts.filter((text) => /[A-Za-z]{2,}/.test(text.replace(/[a-h][1-8]/g, '')));
      assert.deepEqual(english, []);
    }
  }
  assert.deepEqual(problems, []);
});
