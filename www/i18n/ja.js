// The page's strings in Japanese (the keys are shared with i18n/en.js; see
// i18n.js). Each part of the page keeps its keys in its own section.
export const JA = {
  // ---------------------------------------------------------------- page
  'page.title': 'オセロ',
  'language.label': '言語',

  // ---------------------------------------------------------------- record: move list, review, export, result

  // ---------------------------------------------------------------- layout, scores, engine panel, graph, dialogs

  // ---------------------------------------------------------------- storage, previous games

  // ---------------------------------------------------------------- board: flip, themes, share, images
  'board.tools.label': '盤の向きと共有',
  'board.flip': '反転',
  'board.flip.title': '盤を180度回転して白の側から見る（h8が左上）',
  'board.flip.boardLabel': '{board}、回転表示：左上が{topLeft}、右下が{bottomRight}',
  'board.theme.label': '盤の色',
  'board.theme.green': 'クラシック（緑）',
  'board.theme.wood': '木目',
  'board.theme.contrast': 'ハイコントラスト',
  'board.coordinates': '盤の周りに座標を表示',
  'share.open': '共有…',
  'share.open.title': '対局を共有：リンク、保存用ファイル、盤面画像',
  'share.title': 'この対局を共有',
  'share.link.game': 'この対局へのリンク（全手順）',
  'share.link.position': '現在の局面へのリンク',
  'share.copy': 'リンクをコピー',
  'share.copied': 'リンクをコピーしました。',
  'share.copyRefused': 'ブラウザがコピーを許可しませんでした。上のリンクが選択されているので、そこからコピーしてください。',
  'share.files': 'ダウンロード',
  'share.ggf': '棋譜（.ggf）',
  'share.txt': '手順（.txt）',
  'share.png': '盤面画像（.png）',
  'share.numbers': '画像の石に手数を表示',
  'share.close': '閉じる',
  'share.downloaded': '{name} をダウンロードに保存しました。',
  'share.imageFailed': '画像を作成できませんでした（{reason}）。',
  'share.hash.unknown': 'リンクのアドレスに対局が含まれていません（#moves=… または #board=… で終わる必要があります）',
  'share.hash.encoding': 'リンクのアドレスが壊れています（% の後に16進数2桁がありません）',
  'share.hash.empty': 'リンクのアドレスに手順も局面もありません',
  'share.hash.notOpened': 'リンクの対局を開けませんでした：{reason}。盤上の対局はそのままです。',
  'share.hash.openedGame': 'リンクの対局を開きました：{moves}手。',
  'share.hash.openedPosition': 'リンクの局面を開きました。',
};
