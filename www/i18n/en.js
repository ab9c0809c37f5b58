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
};
