// The result card, over the board at the end of a finished game (once,
// until closed): the result in words and its score, the rule that decided
// it, and what to do next (analyse the game, a rematch, copy the game).
import { fillResultCard } from './result.js';

/**
 * @typedef {object} ResultCardParts
 * @property {import('./page-game.js').PageGame} game
 * @property {{ resultCard: HTMLElement, resultTitle: HTMLElement, resultScore: HTMLElement, resultRule: HTMLElement,
 *   resultAnalyse: HTMLElement, resultRematch: HTMLElement, resultCopy: HTMLElement,
 *   resultClose: HTMLElement }} elements the card, its lines and its buttons
 * @property {() => void} analyse analyses the whole game
 * @property {() => void} rematch starts a new game with the same players
 * @property {(format: string) => void} copy copies the game as a transcript or GGF
 * @property {() => void} redraw draws the page from its state
 */

export class ResultCard {
  /** @param {ResultCardParts} parts */
  constructor({ game, elements, analyse, rematch, copy, redraw }) {
    this.game = game;
    this.elements = elements;
    this.analyse = analyse;
    this.rematch = rematch;
    this.copy = copy;
    this.redraw = redraw;
  }

  /** The card's buttons; each closes it (a copy leaves it open). */
  bind() {
    const { game, elements } = this;
    elements.resultAnalyse.addEventListener('click', () => { game.resultSeen = true; this.analyse(); });
    elements.resultRematch.addEventListener('click', () => this.rematch());
    elements.resultCopy.addEventListener('click', () => this.copy(game.record.standardStart ? 'transcript' : 'ggf'));
    elements.resultClose.addEventListener('click', () => { game.resultSeen = true; this.redraw(); });
  }

  /** Shows the card at the end of a finished game until it was seen (not while a position is set up). */
  render() {
    const { game, elements: view } = this;
    const record = game.record;
    const atEnd = record.atMainEnd;
    view.resultCard.hidden = !record.over || !atEnd || game.resultSeen || game.setup !== null;
    if (!view.resultCard.hidden) {
      fillResultCard({ title: view.resultTitle, score: view.resultScore, rule: view.resultRule }, record.position, {
        ending: record.ending, number: record.movesPlayed(), playOn: Boolean(game.clock?.flagged),
      });
    }
  }
}
