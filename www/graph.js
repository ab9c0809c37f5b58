// The evaluation graph: the score for Black (in discs) after each move of the
// record, drawn as an SVG area above (Black better) or below (White better)
// the middle line. Positions not scored yet leave a gap.
const NS = 'http://www.w3.org/2000/svg';
const WIDTH = 300;
const HEIGHT = 120;
const LEFT = 18;
const TOP = 6;
const BOTTOM = 12;

function element(name, attributes, text) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Draws `scores` (index: ply, value: Black's score or undefined) into `svg`,
 * with a marker at `cursor`. `plies` is the number of moves in the record.
 */
export function drawGraph(svg, scores, plies, cursor) {
  const known = scores.filter((score) => score !== undefined);
  // Up to 96 discs: the 96-square board's scores (the 8x8 board's stay within 64).
  const range = Math.min(96, Math.max(8, Math.ceil(Math.max(0, ...known.map(Math.abs)) / 8) * 8));
  const span = Math.max(plies, 20);
  const x = (ply) => LEFT + (ply / span) * (WIDTH - LEFT - 4);
  const middle = TOP + (HEIGHT - TOP - BOTTOM) / 2;
  const y = (score) => middle - (Math.max(-range, Math.min(range, score)) / range) * ((HEIGHT - TOP - BOTTOM) / 2);
  svg.replaceChildren();
  svg.append(element('line', { class: 'grid', x1: LEFT, x2: WIDTH - 4, y1: y(range), y2: y(range) }));
  svg.append(element('line', { class: 'grid', x1: LEFT, x2: WIDTH - 4, y1: y(-range), y2: y(-range) }));
  svg.append(element('line', { class: 'axis', x1: LEFT, x2: WIDTH - 4, y1: middle, y2: middle }));
  svg.append(element('text', { x: 1, y: y(range) + 3 }, `+${range}`));
  svg.append(element('text', { x: 6, y: middle + 3 }, '0'));
  svg.append(element('text', { x: 1, y: y(-range) + 3 }, `−${range}`));
  for (let ply = 10; ply <= span - 4; ply += 10) {
    svg.append(element('text', { x: x(ply) - 4, y: HEIGHT - 2 }, String(ply)));
  }
  // Bars per scored ply: dark above the line (Black ahead), light below (White ahead).
  const barWidth = Math.max(1, (WIDTH - LEFT - 4) / span - 0.6);
  let path = '';
  scores.forEach((score, ply) => {
    if (score === undefined) return;
    const top = Math.min(y(score), middle);
    const height = Math.max(0.8, Math.abs(y(score) - middle));
    svg.append(element('rect', {
      class: score >= 0 ? 'area-black' : 'area-white',
      x: x(ply) - barWidth / 2, y: top, width: barWidth, height,
      'data-ply': ply,
    }));
    path += `${path === '' || scores[ply - 1] === undefined ? 'M' : 'L'}${x(ply).toFixed(1)},${y(score).toFixed(1)}`;
  });
  if (path !== '') svg.append(element('path', { class: 'line', d: path }));
  svg.append(element('line', { class: 'cursor', x1: x(cursor), x2: x(cursor), y1: TOP, y2: HEIGHT - BOTTOM }));
  svg.dataset.scored = String(known.length);
  return { plyAt: (clientX) => {
    const box = svg.getBoundingClientRect();
    const svgX = ((clientX - box.left) / box.width) * WIDTH;
    return Math.max(0, Math.min(plies, Math.round(((svgX - LEFT) / (WIDTH - LEFT - 4)) * span)));
  } };
}
