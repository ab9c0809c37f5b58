// A picture of the board as the page shows it, for a PNG file: the squares
// in the board theme's colours (board-theme.js's palette), turned round when
// the board is, the coordinates when they are shown, the discs in flat
// colours, and, when asked, each played square's move number on its disc
// (the transcript sheet's numbers: record.js's squareNumbers). Drawn on a
// canvas of a fixed size: SQUARE_PX a square, so the image is the same on
// every screen.

/** The side of a square in the image, in pixels. */
export const SQUARE_PX = 64;
/** The margin around the squares: room for the coordinates, or a thin frame without them. */
export const MARGIN_PX = { coordinates: 28, plain: 8 };
/** The lines between squares, in pixels. */
const LINE_PX = 2;

/**
 * The image's side in pixels for a board of `size` squares a side.
 * @param {number} size
 * @param {boolean} coordinates
 * @returns {number}
 */
export function imageSide(size, coordinates) {
  return size * SQUARE_PX + 2 * (coordinates ? MARGIN_PX.coordinates : MARGIN_PX.plain);
}

/**
 * Draws the board on a new canvas.
 * @param {object} options
 * @param {{ geometry: import('./geometry.js').Geometry, cellSide: Record<string, string>,
 *   discClass: Record<string, string> }} options.kind the board kind (board-kind.js)
 * @param {string} options.board the board string of its kind, a character a square
 * @param {import('./board-theme.js').BoardPalette} options.palette the colours
 * @param {boolean} options.flipped turned round: the last square top left
 * @param {boolean} options.coordinates letters and numbers around the board
 * @param {Map<string, number> | null} options.numbers move numbers by square name, or null for none
 * @returns {HTMLCanvasElement}
 */
export function drawBoardImage({ kind, board, palette, flipped, coordinates, numbers }) {
  const { geometry } = kind;
  const size = geometry.size;
  const margin = coordinates ? MARGIN_PX.coordinates : MARGIN_PX.plain;
  const side = imageSide(size, coordinates);
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  context.fillStyle = palette.frame;
  context.fillRect(0, 0, side, side);
  /** The top left corner of grid place (`row`, `column`) in the image. */
  const corner = (row, column) => {
    const shownRow = flipped ? size - 1 - row : row;
    const shownColumn = flipped ? size - 1 - column : column;
    return [margin + shownColumn * SQUARE_PX, margin + shownRow * SQUARE_PX];
  };
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) {
      const index = geometry.at(row, column);
      if (index === -1) continue;
      const [x, y] = corner(row, column);
      context.fillStyle = palette.felt;
      context.fillRect(x + LINE_PX / 2, y + LINE_PX / 2, SQUARE_PX - LINE_PX, SQUARE_PX - LINE_PX);
      const cell = board[index];
      if (cell === '-' || cell === undefined) continue;
      const colour = kind.discClass[kind.cellSide[cell]];
      const centreX = x + SQUARE_PX / 2;
      const centreY = y + SQUARE_PX / 2;
      context.beginPath();
      context.arc(centreX, centreY, SQUARE_PX * 0.41, 0, 2 * Math.PI);
      context.fillStyle = palette.discs[colour];
      context.fill();
      context.lineWidth = 2;
      context.strokeStyle = palette.edge;
      context.stroke();
      const number = numbers?.get(geometry.squareName(index));
      if (number !== undefined) {
        context.fillStyle = colour === 'white' ? '#000' : '#fff';
        context.font = `700 ${Math.round(SQUARE_PX * 0.36)}px system-ui, sans-serif`;
        context.fillText(String(number), centreX, centreY + 1);
      }
    }
  }
  // Star points on the 8x8 board, where the lines between b/c and f/g cross those between 2/3 and 6/7.
  if (size === 8) {
    context.fillStyle = palette.frame;
    for (const [row, column] of [[2, 2], [2, 6], [6, 2], [6, 6]]) {
      context.beginPath();
      context.arc(margin + column * SQUARE_PX, margin + row * SQUARE_PX, 4, 0, 2 * Math.PI);
      context.fill();
    }
  }
  if (coordinates) {
    const files = flipped ? [...geometry.files].reverse() : geometry.files;
    const ranks = flipped ? [...geometry.ranks].reverse() : geometry.ranks;
    context.fillStyle = palette.coordinates;
    context.font = `600 ${Math.round(margin * 0.55)}px system-ui, sans-serif`;
    files.forEach((file, column) => {
      const x = margin + (column + 0.5) * SQUARE_PX;
      context.fillText(file, x, margin / 2);
      context.fillText(file, x, side - margin / 2);
    });
    ranks.forEach((rank, row) => {
      const y = margin + (row + 0.5) * SQUARE_PX;
      context.fillText(rank, margin / 2, y);
      context.fillText(rank, side - margin / 2, y);
    });
  }
  return canvas;
}

/**
 * The canvas as a PNG file.
 * @param {HTMLCanvasElement} canvas
 * @returns {Promise<Blob>}
 */
export function canvasPng(canvas) {
  return new Promise((done, fail) => {
    canvas.toBlob((blob) => (blob ? done(blob) : fail(new Error('the image could not be made'))), 'image/png');
  });
}
