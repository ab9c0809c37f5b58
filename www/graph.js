// The evaluation graph: the score for Black (the first side) after each move
// of the record, drawn as bars above (Black ahead) or below (White ahead)
// the middle line, the two halves labelled with the sides' names, and a
// line through the scores. Positions not scored yet leave a gap (the line
// breaks there). The SVG is drawn in CSS pixels (its viewBox follows its
// width), so its labels have the page's small text size at any width; the
// scale grows with the largest score (the 96-square board's evaluation
// goes past 64), and every mark stays inside the plot.
import { t } from './i18n.js';

const NS = 'http://www.w3.org/2000/svg';
/** The graph's height in CSS pixels, and its width where it has none yet. */
const HEIGHT = 140;
const FALLBACK_WIDTH = 300;
/** Room for the scale's figures on the left, the move numbers below. */
const LEFT = 28;
const RIGHT = 6;
const TOP = 6;
const BOTTOM = 18;

/**
 * An SVG element with `attributes` and text.
 * @param {string} name
 * @param {Record<string, string | number>} attributes
 * @param {string} [text]
 * @returns {SVGElement}
 */
function element(name, attributes, text) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * The scale's half height: a multiple of 8 discs (of 16 beyond 64) that
 * holds the largest score.
 * @param {number} largest
 * @returns {number}
 */
function scaleFor(largest) {
  const step = largest > 64 ? 16 : 8;
  return Math.max(8, Math.ceil(largest / step) * step);
}

/**
 * Draws `scores` (index: ply, value: Black's score, or undefined where none
 * is known) into `svg`, with a marker at `cursor`. `plies` is the number of
 * moves in the record; `sides` names the halves ({ black, white }).
 * @param {SVGSVGElement} svg
 * @param {(number | undefined)[]} scores
 * @param {number} plies
 * @param {number} cursor
 * @param {{ black: string, white: string }} sides
 * @returns {{ plyAt: (clientX: number) => number }}
 */
export function drawGraph(svg, scores, plies, cursor, sides = { black: t('side.black'), white: t('side.white') }) {
  const width = svg.clientWidth || FALLBACK_WIDTH;
  svg.setAttribute('viewBox', `0 0 ${width} ${HEIGHT}`);
  const known = scores.filter((score) => Number.isFinite(score));
  const range = scaleFor(Math.max(0, ...known.map(Math.abs)));
  const span = Math.max(plies, 20);
  const plotWidth = width - LEFT - RIGHT;
  const x = (ply) => LEFT + (ply / span) * plotWidth;
  const half = (HEIGHT - TOP - BOTTOM) / 2;
  const middle = TOP + half;
  const y = (score) => middle - (Math.max(-range, Math.min(range, score)) / range) * half;
  svg.replaceChildren();
  svg.append(element('line', { class: 'grid', x1: LEFT, x2: width - RIGHT, y1: y(range), y2: y(range) }));
  svg.append(element('line', { class: 'grid', x1: LEFT, x2: width - RIGHT, y1: y(-range), y2: y(-range) }));
  svg.append(element('line', { class: 'axis', x1: LEFT, x2: width - RIGHT, y1: middle, y2: middle }));
  // The scale: the margin each half reaches, for the side whose half it is.
  svg.append(element('text', { x: LEFT - 4, y: y(range), 'text-anchor': 'end', 'dominant-baseline': 'hanging' }, String(range)));
  svg.append(element('text', { x: LEFT - 4, y: middle, 'text-anchor': 'end', 'dominant-baseline': 'middle' }, '0'));
  svg.append(element('text', { x: LEFT - 4, y: y(-range), 'text-anchor': 'end' }, String(range)));
  for (let ply = 10; ply <= span - 4; ply += 10) {
    svg.append(element('text', { x: x(ply), y: HEIGHT - 3, 'text-anchor': 'middle' }, String(ply)));
  }
  // Bars per scored ply: dark above the line (Black ahead), light below (White ahead).
  const barWidth = Math.max(1, plotWidth / span - 0.6);
  let path = '';
  scores.forEach((score, ply) => {
    if (!Number.isFinite(score)) return;
    const top = Math.min(y(score), middle);
    const height = Math.max(0.8, Math.abs(y(score) - middle));
    const left = Math.max(LEFT, x(ply) - barWidth / 2);
    svg.append(element('rect', {
      class: score >= 0 ? 'area-black' : 'area-white',
      x: left, y: top, width: Math.min(barWidth, width - RIGHT - left), height,
      'data-ply': ply,
    }));
    path += `${path === '' || !Number.isFinite(scores[ply - 1]) ? 'M' : 'L'}${x(ply).toFixed(1)},${y(score).toFixed(1)}`;
  });
  if (path !== '') svg.append(element('path', { class: 'line', d: path }));
  // The halves' names, over the bars.
  svg.append(element('text', { class: 'side-label', x: LEFT + 4, y: TOP + 2, 'dominant-baseline': 'hanging' }, sides.black));
  svg.append(element('text', { class: 'side-label', x: LEFT + 4, y: y(-range) - 3 }, sides.white));
  svg.append(element('line', { class: 'cursor', x1: x(cursor), x2: x(cursor), y1: TOP, y2: HEIGHT - BOTTOM }));
  svg.dataset.scored = String(known.length);
  svg.dataset.range = String(range);
  return { plyAt: (clientX) => {
    const box = svg.getBoundingClientRect();
    const svgX = ((clientX - box.left) / box.width) * width;
    return Math.max(0, Math.min(plies, Math.round(((svgX - LEFT) / plotWidth) * span)));
  } };
}
