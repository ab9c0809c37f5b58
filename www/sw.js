// Offline support: every file of the page is cached at install; requests to
// this origin go to the network first (so a new build is picked up at once
// and refreshes the cache) and fall back to the cache when the network fails.
// Only this origin's own answers are cached: a request to this origin that a
// redirect took elsewhere (a readable CORS answer, or an opaque one) is
// passed on but never kept, so the cache can never serve another site's
// content under this origin's URLs.
const CACHE = 'othello-page-v3';
const FILES = [
  './',
  'index.html',
  'style.css',
  'app.js',
  'analysis.js',
  'analysis-panel.js',
  'announcements.js',
  'board-image.js',
  'board-kind.js',
  'board-play.js',
  'board-theme.js',
  'board-view.js',
  'clock.js',
  'engine-turn.js',
  'engine-wasm.js',
  'engine.js',
  'error-text.js',
  'evaluation.js',
  'endgame-positions.js',
  'endgame-progress.js',
  'endgame-trainer.js',
  'explorer.js',
  'game-controller.js',
  'game-tree.js',
  'game-loading.js',
  'geometry.js',
  'graph.js',
  'i18n.js',
  'i18n/en.js',
  'i18n/ja.js',
  'keyboard.js',
  'language.js',
  'levels.js',
  'move-list.js',
  'moves-panel.js',
  'new-game-dialog.js',
  'notices.js',
  'opening-names.js',
  'openings.js',
  'opening-line.js',
  'opening-review.js',
  'opening-saved-line.js',
  'opening-trainer.js',
  'page-elements.js',
  'page-game.js',
  'player-names.js',
  'players.js',
  'previous-games.js',
  'record-panel.js',
  'record.js',
  'resignation.js',
  'result-card.js',
  'result.js',
  'review-mode.js',
  'saving.js',
  'scheduler.js',
  'score-text.js',
  'settings-panel.js',
  'settings.js',
  'setup-mode.js',
  'setup.js',
  'share-dialog.js',
  'share.js',
  'sharing.js',
  'side-boxes.js',
  'sound.js',
  'storage.js',
  'storage-messages.js',
  'theme.js',
  'thinking.js',
  'timekeeper.js',
  'transcript-sheet.js',
  'undo-toast.js',
  'whole-game-analysis.js',
  'manifest.webmanifest',
  'icon.svg',
  'pkg/index.js',
  'pkg/client.js',
  'pkg/errors.js',
  'pkg/loader.js',
  'pkg/limits.js',
  'pkg/variations.js',
  'pkg/threaded.js',
  'pkg/other-origin.js',
  'pkg/pool.js',
  'pkg/worker.js',
  'pkg/pool-worker.js',
  'pkg/wasm/othello.js',
  'pkg/wasm-threads/othello.js',
  'pkg/wasm/othello_bg.wasm',
  'pkg/wasm-threads/othello_bg.wasm',
];

/**
 * The engine's one build the page loads, by the page's own rule (THREADED
 * in engine-wasm.js): the other is not fetched at install (it would double the
 * first visit's download); it is cached when it is used.
 */
const PAGE_WASM = self.crossOriginIsolated === true && (navigator.hardwareConcurrency ?? 1) > 1
  ? 'pkg/wasm-threads/othello_bg.wasm'
  : 'pkg/wasm/othello_bg.wasm';
const INSTALLED = FILES.filter((file) => !file.endsWith('othello_bg.wasm') || file === PAGE_WASM);

/** This file's global scope, a service worker's. */
const scope = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

scope.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      // Revalidated, not reloaded: files the page has just fetched come back as 304s, not a second download.
      .then((cache) => cache.addAll(INSTALLED.map((file) => new Request(file, { cache: 'no-cache' }))))
      .then(() => scope.skipWaiting()),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => scope.clients.claim()),
  );
});

scope.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(networkFirst(request));
});

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    // Revalidated with the server, so a new build is never hidden by the HTTP cache.
    const response = await fetch(request, { cache: 'no-cache' });
    if (ownAnswer(response)) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(request, { ignoreSearch: true }) ??
      (request.mode === 'navigate' ? await cache.match('./') : undefined);
    if (cached) return cached;
    throw error;
  }
}

/**
 * A successful answer of this origin itself: 'basic' is the type of a
 * same-origin response only (a cross-origin one is 'cors' or 'opaque'),
 * and a redirected one is not served again for the URL first asked for.
 */
function ownAnswer(response) {
  return response.ok && response.type === 'basic' && !response.redirected;
}
