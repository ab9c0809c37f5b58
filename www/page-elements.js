// The page's elements, by what they are for: looked up once, when the page
// starts, from their ids in index.html.

/** @param {string} id */
const $ = (id) => document.getElementById(id);
/** @param {string} id */
const $button = (id) => /** @type {HTMLButtonElement} */ ($(id));
/** @param {string} id */
const $select = (id) => /** @type {HTMLSelectElement} */ ($(id));
/** @param {string} id A checkbox. */
const $check = (id) => /** @type {HTMLInputElement} */ ($(id));

/** The elements of the page that its parts draw into and listen to. */
export function pageElements() {
  return {
    board: $('board'), frame: $('board-frame'), status: $('status'), announce: $('announce'),
    engineState: $('engine-state'), countBlack: $('count-black'), countWhite: $('count-white'),
    nameBlack: $('name-black'), nameWhite: $('name-white'), roleBlack: $('role-black'), roleWhite: $('role-white'),
    scoreLegend: $('score-legend'), clockBlack: $('clock-black'), clockWhite: $('clock-white'),
    sideBlack: $('side-black'), sideWhite: $('side-white'), dotBlack: $('dot-black'), dotWhite: $('dot-white'),
    undo: $button('undo'), redo: $button('redo'), moveNow: $button('move-now'), go: $('go'), playOn: $('play-on'),
    newGame: $('new-game'),
    mode: $select('mode'), level: $select('level'), levelAbout: $('level-about'), moveTime: $select('move-time'),
    timeControlShown: $('time-control-shown'), language: $select('language'),
    showLegal: $check('show-legal'), hints: $check('hints'), thinkAhead: $check('think-ahead'), book: $check('book'),
    sound: $check('sound'),
    themeToggle: $('theme-toggle'), themeLabel: $('theme-label'),
    graph: /** @type {SVGSVGElement} */ (/** @type {Element} */ ($('graph'))), review: $('review'),
    analyse: $('analyse'), analyseStop: $('analyse-stop'),
    progress: /** @type {HTMLProgressElement} */ ($('analyse-progress')),
    moves: $('moves'), opening: $('opening'), recordText: /** @type {HTMLTextAreaElement} */ ($('record-text')),
    recordMessage: $('record-message'),
    copyTranscript: $('copy-transcript'), copyObf: $('copy-obf'), copyGgf: $('copy-ggf'),
    copyVariations: $('copy-variations'),
    comment: /** @type {HTMLTextAreaElement} */ ($('move-comment')), promote: $button('promote'),
    deleteMove: $button('delete-move'),
    setup: $('setup'), setupPanel: $('setup-panel'), setupSide: $select('setup-side'), setupCounts: $('setup-counts'),
    setupMessage: $('setup-message'), setupDone: $('setup-done'), setupCancel: $('setup-cancel'),
    setupClear: $('setup-clear'), setupStart: $('setup-start'), load: $('load'),
    previous: $('previous'), movesSheet: $('moves-sheet'), viewList: $('moves-view-list'),
    viewSheet: $('moves-view-sheet'),
    reviewBar: $('review-bar'), reviewMode: $('review-mode'), reviewSides: $select('review-sides'),
    playFromHere: $('play-from-here'),
    resign: $('resign'), resignConfirm: $('resign-confirm'), resignQuestion: $('resign-question'),
    resignBlack: $('resign-black'), resignWhite: $('resign-white'), resignCancel: $('resign-cancel'),
    resultCard: $('result-card'), resultTitle: $('result-title'), resultScore: $('result-score'),
    resultRule: $('result-rule'),
    resultAnalyse: $('result-analyse'), resultRematch: $('result-rematch'), resultCopy: $('result-copy'),
    resultClose: $('result-close'),
    dialog: /** @type {HTMLDialogElement} */ ($('new-game-dialog')),
    shareDialog: /** @type {HTMLDialogElement} */ ($('share-dialog')),
    notice: $('notice'), noticeText: $('notice-text'), noticeClose: $('notice-close'),
    undoToast: { box: $('undo-toast'), text: $('undo-toast-text'), button: $button('undo-toast-button') },
    flip: $('flip'), share: $('share'), boardTheme: $select('board-theme'), coordinates: $check('coordinates'),
    explorer: $('explorer'), openingTrainer: $('opening-trainer'), endgameTrainer: $('endgame-trainer'),
    analysisPanel: {
      panel: $('lines-panel'), toggle: $button('lines-toggle'), body: $('lines-body'), count: $select('lines-count'),
      solve: $button('lines-solve'), solveKind: $select('lines-solve-kind'), stop: $button('lines-stop'),
      status: $('lines-status'), list: $('lines-list'),
    },
    thinking: {
      depth: $('think-depth'), score: $('think-score'), nps: $('think-nps'), time: $('think-time'), pv: $('think-pv'),
      threads: $('think-threads'), build: $('engine-build'), ready: $('engine-ready'),
    },
  };
}

/** @typedef {ReturnType<typeof pageElements>} PageElements */
