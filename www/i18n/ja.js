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
};
