// The page's strings in English (the keys are shared with i18n/ja.js; see
// i18n.js). Each part of the page keeps its keys in its own section.
export const EN = {
  // ---------------------------------------------------------------- page
  'page.title': 'Othello',
  'language.label': 'Language',

  // ---------------------------------------------------------------- record: move list, review, export, result

  // ---------------------------------------------------------------- layout, scores, engine panel, graph, dialogs

  // ---------------------------------------------------------------- storage, previous games

  // ---------------------------------------------------------------- board: flip, themes, share, images
  'board.tools.label': 'Board view and sharing',
  'board.flip': 'Flip',
  'board.flip.title': 'Turn the board round: view it from White\'s side (h8 top left)',
  'board.flip.boardLabel': '{board}, turned round: {topLeft} top left, {bottomRight} bottom right',
  'board.theme.label': 'Board colours',
  'board.theme.green': 'Classic green',
  'board.theme.wood': 'Wood',
  'board.theme.contrast': 'High contrast',
  'board.coordinates': 'Coordinates around the board',
  'share.open': 'Share…',
  'share.open.title': 'Share the game: a link, files to keep, an image of the board',
  'share.title': 'Share this game',
  'share.link.game': 'Link to this game (all its moves)',
  'share.link.position': 'Link to the position on the board',
  'share.copy': 'Copy link',
  'share.copied': 'Link copied.',
  'share.copyRefused': 'The browser did not allow copying: the link above is selected, copy it from there.',
  'share.files': 'Download',
  'share.ggf': 'Game record (.ggf)',
  'share.txt': 'Transcript (.txt)',
  'share.png': 'Board image (.png)',
  'share.numbers': 'Move numbers on the image\'s discs',
  'share.close': 'Close',
  'share.downloaded': 'Saved {name} to your downloads.',
  'share.imageFailed': 'The image could not be made ({reason}).',
  'share.hash.unknown': 'the link\'s address does not hold a game (it should end in #moves=… or #board=…)',
  'share.hash.encoding': 'the link\'s address is damaged (a % sign not followed by two hex digits)',
  'share.hash.empty': 'the link\'s address holds no moves and no position',
  'share.hash.notOpened': 'The game in the link could not be opened: {reason}. The game on the board is unchanged.',
  'share.hash.openedGame': ({ moves }) => `Opened the game from the link: ${moves} move${moves === 1 ? '' : 's'}.`,
  'share.hash.openedPosition': 'Opened the position from the link.',
};
