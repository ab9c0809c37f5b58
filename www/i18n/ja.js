// The page's strings in Japanese (the keys are shared with i18n/en.js; see
// i18n.js). Each part of the page keeps its keys in its own section.
export const JA = {
  // ---------------------------------------------------------------- page
  'page.title': 'オセロ',
  'language.label': '言語',

  // ---------------------------------------------------------------- record: move list, review, export, result

  // ---------------------------------------------------------------- layout, scores, engine panel, graph, dialogs

  // ---------------------------------------------------------------- storage, previous games
  'storage.dropped': '保存データの一部を読み込めなかったため、初期状態に戻しました: {what}。',
  'storage.dropped.separator': '、',
  'storage.dropped.settings': '設定（{names}）',
  'storage.dropped.allSettings': '設定',
  'storage.dropped.previousGames': ({ count }) => `以前の対局 ${count} 局`,
  'storage.dropped.previousList': '以前の対局の一覧',
  'storage.dropped.analysis': '保存された解析',
  'storage.dropped.otherTabs': ({ count }) => (count === 1 ? '別のタブの対局'
    : `別のタブの対局 ${count} 局`),
  'storage.setting.mode': '対局者',
  'storage.setting.level': 'レベル',
  'storage.setting.level96': '96マス盤のレベル',
  'storage.setting.moveTime': '1手の時間',
  'storage.setting.showLegal': '合法手の表示',
  'storage.setting.hints': 'ヒント',
  'storage.setting.thinkAhead': '相手の手番中の思考',
  'storage.setting.book': '定石',
  'storage.setting.sound': 'クリック音',
  'storage.setting.theme': 'テーマ',
  'storage.setting.timeControl': '持ち時間',
  'storage.trimmed': ({ count }) => (count === 1
    ? '空きを作るため、最も古い以前の対局を削除しました。'
    : `空きを作るため、古い以前の対局を ${count} 局削除しました。`),
  'previous.empty': '新しい対局や貼り付けた対局に置き換えた対局はここに保存されます。',
  'previous.players': '{black} – {white}',
  'previous.wins': '{side}の勝ち {black}–{white}',
  'previous.draw': '引き分け {black}–{white}',
  'previous.moves': ({ count }) => `${count}手`,
  'previous.unfinished': ({ count }) => `対局中、${count}手`,
  'previous.open': 'この対局を開く（盤上の対局はここに保存されます）',
  'previous.rename': '名前を変更',
  'previous.renameGame': '{game} の名前を変更',
  'previous.delete': '削除',
  'previous.deleteGame': '{game} を削除',
  'previous.deleted': '削除しました: {game}。',
  'previous.undo': '元に戻す',
  'previous.nameLabel': 'この対局の名前',
  'previous.namePlaceholder': '対局に名前を付ける（Enter で確定）',

  // ---------------------------------------------------------------- board: flip, themes, share, images
};
