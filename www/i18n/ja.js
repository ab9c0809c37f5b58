// The page's strings in Japanese (the keys are shared with i18n/en.js; see
// i18n.js). Each part of the page keeps its keys in its own section.
export const JA = {
  // ---------------------------------------------------------------- page
  'page.title': 'オセロ',
  'language.label': '言語',

  // ---------------------------------------------------------------- record: move list, review, export, result

  // ---------------------------------------------------------------- layout, scores, engine panel, graph, dialogs
  'layout.flagPlayOn': '時計なしで対局を続けられます。',
  'layout.flagWinner': '{side}の時間切れ勝ちです。',
  'side.engine': 'エンジン',
  'side.discs': '石',
  'score.side': '{side} +{margin}',
  'score.sideEval': '{side} +{margin} 評価値',
  'score.even': '互角',
  'score.wins': '{side}の勝ち',
  'score.draw': '引き分け',
  'score.win': '勝ち',
  'score.loss': '負け',
  'score.drawShort': '引分',
  'score.legend': '評価は、最善を尽くしたときの終局の石差を、名前の付いた側から示します（「黒 +4」「白 +2」「互角」）。'
    + 'ヒントは手番の側から見た石差で、その側の石の色で示します。',
  'score.legend96': 'この盤では、終局まで読み切るまでエンジンの評価は石差ではなく評価関数の単位（「評価値」、四捨五入）です。',
  'engine.title': 'エンジン',
  'engine.score': '評価',
  'engine.depth': '深さ',
  'engine.time': '時間',
  'engine.line': '読み筋:',
  'engine.about': 'エンジンについて',
  'engine.nps': 'ノード/秒',
  'engine.threads': 'スレッド',
  'engine.build': 'ビルド',
  'engine.ready': '最初の応答',
  'engine.readyMs': '読み込みから {ms} ミリ秒',
  'engine.buildThreaded': 'WebAssembly（マルチスレッド）',
  'engine.buildSingle': 'WebAssembly（シングルスレッド）',
  'engine.final': '終局',
  'engine.stateReady': 'エンジン準備完了',
  'graph.title': '形勢',
  'graph.ahead': '{side}優勢',
  'graph.label': '形勢グラフ：中央線より上は{black}優勢、下は{white}優勢。矢印キーで手順を移動します',
  'graph.valueText': '{plies} 手中 {ply} 手目',
  'dialog.board96': '96マス盤',
  'dialog.board96About': '10×10から4マスを除いた盤、赤対白',
  'dialog.moveTime': '1手の時間',
  'dialog.moveTimeFor': '1手の時間（{level}）',

  // ---------------------------------------------------------------- storage, previous games

  // ---------------------------------------------------------------- board: flip, themes, share, images
};
