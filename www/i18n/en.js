// The page's strings in English (the keys are shared with i18n/ja.js; see
// i18n.js). Each part of the page keeps its keys in its own section.
export const EN = {
  // ---------------------------------------------------------------- page
  'page.title': 'Othello',
  'language.label': 'Language',

  // ---------------------------------------------------------------- record: move list, review, export, result

  // ---------------------------------------------------------------- layout, scores, engine panel, graph, dialogs
  'layout.flagPlayOn': 'You may play on without the clock.',
  'layout.flagWinner': '{side} wins on time.',
  'side.engine': 'Engine',
  'side.discs': 'discs',
  'score.side': '{side} +{margin}',
  'score.sideEval': '{side} +{margin} eval',
  'score.even': 'Even',
  'score.wins': '{side} wins',
  'score.draw': 'Draw',
  'score.win': 'win',
  'score.loss': 'loss',
  'score.drawShort': 'draw',
  'score.legend': 'A score is the disc margin at the end with best play, for the side it names: “Black +4”, “White +2”, '
    + '“Even”. Hints show the margin for the player to move, on a disc of that player’s colour.',
  'score.legend96': 'On this board the engine’s scores are in its evaluation’s units (“eval”, rounded), not discs, '
    + 'until it sees the end of the game.',
  'engine.title': 'Engine',
  'engine.score': 'Score',
  'engine.depth': 'Depth',
  'engine.time': 'Time',
  'engine.line': 'Line:',
  'engine.about': 'About the engine',
  'engine.nps': 'Nodes/s',
  'engine.threads': 'Threads',
  'engine.build': 'Build',
  'engine.ready': 'First answer',
  'engine.readyMs': '{ms} ms after loading',
  'engine.buildThreaded': 'WebAssembly, threads',
  'engine.buildSingle': 'WebAssembly, one thread',
  'engine.final': 'game over',
  'engine.stateReady': 'Engine ready',
  'graph.title': 'Evaluation',
  'graph.ahead': '{side} ahead',
  'graph.label': 'Evaluation graph: {black} ahead above the middle line, {white} below; arrow keys step through the game',
  'graph.valueText': 'move {ply} of {plies}',
  'dialog.board96': '96-square board',
  'dialog.board96About': '10×10 without four squares, red against white',
  'dialog.moveTime': 'Time per move',
  'dialog.moveTimeFor': 'Time per move ({level})',

  // ---------------------------------------------------------------- storage, previous games

  // ---------------------------------------------------------------- board: flip, themes, share, images
};
