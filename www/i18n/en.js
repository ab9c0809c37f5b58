// The page's strings in English (the keys are shared with i18n/ja.js; see
// i18n.js). Each part of the page keeps its keys in its own section.
export const EN = {
  // ---------------------------------------------------------------- page
  'page.title': 'Othello',
  'language.label': 'Language',

  // ---------------------------------------------------------------- record: move list, review, export, result

  // ---------------------------------------------------------------- layout, scores, engine panel, graph, dialogs

  // ---------------------------------------------------------------- storage, previous games
  'storage.dropped': 'Some saved data could not be read and was reset: {what}.',
  'storage.dropped.separator': ', ',
  'storage.dropped.settings': 'the settings ({names})',
  'storage.dropped.allSettings': 'the settings',
  'storage.dropped.previousGames': ({ count }) => (count === 1 ? '1 previous game' : `${count} previous games`),
  'storage.dropped.previousList': 'the list of previous games',
  'storage.dropped.analysis': 'the saved analysis',
  'storage.dropped.otherTabs': ({ count }) => (count === 1 ? 'the game of another tab'
    : `the games of ${count} other tabs`),
  'storage.setting.mode': 'the players',
  'storage.setting.level': 'the level',
  'storage.setting.level96': 'the level on the 96-square board',
  'storage.setting.moveTime': 'the time per move',
  'storage.setting.showLegal': 'showing legal moves',
  'storage.setting.hints': 'hints',
  'storage.setting.thinkAhead': 'thinking on your time',
  'storage.setting.book': 'the opening book',
  'storage.setting.sound': 'the click sound',
  'storage.setting.theme': 'the theme',
  'storage.setting.timeControl': 'the time control',
  'storage.trimmed': ({ count }) => (count === 1 ? 'The oldest previous game was removed to make room.'
    : `The ${count} oldest previous games were removed to make room.`),
  'previous.empty': 'A game you replace by a new one or a pasted one is kept here.',
  'previous.players': '{black} – {white}',
  'previous.wins': '{side} wins {black}–{white}',
  'previous.draw': 'Draw {black}–{white}',
  'previous.moves': ({ count }) => (count === 1 ? '1 move' : `${count} moves`),
  'previous.unfinished': ({ count }) => (count === 1 ? 'unfinished, 1 move' : `unfinished, ${count} moves`),
  'previous.open': 'Open this game (the one on the board is kept here)',
  'previous.rename': 'Rename',
  'previous.renameGame': 'Rename {game}',
  'previous.delete': 'Delete',
  'previous.deleteGame': 'Delete {game}',
  'previous.deleted': 'Deleted: {game}.',
  'previous.undo': 'Undo',
  'previous.nameLabel': 'Name of this game',
  'previous.namePlaceholder': 'Name this game (Enter keeps it)',

  // ---------------------------------------------------------------- board: flip, themes, share, images
};
