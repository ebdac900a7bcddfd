// Krux: 7×7 squares with the hole on d4; pieces 1..6 (White 1 3 5, Black 2 4 6) wear rings:
// blue carries, green jumps, pink switches.
import { el, text } from '../svg.js';
import { gridLayout, cellName } from './grid.js';

export const RINGS = {
  b: { name: 'blue', power: 'carrier', colour: '#3d8bfd' },
  g: { name: 'green', power: 'jumper', colour: '#2fbf71' },
  p: { name: 'pink', power: 'switcher', colour: '#f062b0' },
};

function parse(position) {
  const [board, piece] = position.split(' ');
  const pieces = new Map();
  board.split('/').forEach((row, i) => {
    const rank = 6 - i;
    let file = 0;
    for (const m of row.matchAll(/(\.)|(\*)|([1-6])([bgp]?)/g)) {
      if (m[3]) {
        const number = Number(m[3]);
        pieces.set(cellName(file, rank), {
          side: number % 2 === 1 ? 0 : 1,
          kind: 'piece',
          label: m[3],
          ring: m[4] || null,
        });
      }
      file += 1;
    }
  });
  return { pieces, toMove: Number(piece) % 2 === 1 ? 0 : 1, active: piece };
}

function layout(_position, flipped) {
  const g = gridLayout(7, flipped, { light: '#e7e2d6', dark: '#d3ccbb' });
  const background = g.drawBackground;
  g.drawBackground = (parent) => {
    background(parent);
    const [x, y] = g.center('d4');
    el('rect', { x: x - 50, y: y - 50, width: 100, height: 100, class: 'krux-hole-square' }, parent);
    el('circle', { cx: x, cy: y, r: 38, class: 'krux-hole' }, parent);
    el('circle', { cx: x, cy: y, r: 26, class: 'krux-hole-inner' }, parent);
  };
  g.drawPiece = (parent, cell, piece, style) => {
    const [x, y] = g.center(cell);
    const grp = el('g', { class: 'piece piece-krux', transform: `translate(${x},${y})` }, parent);
    if (piece.ring) el('circle', { r: 40, fill: 'none', stroke: RINGS[piece.ring].colour, 'stroke-width': 9 }, grp);
    else el('circle', { r: 40, fill: 'none', class: 'krux-no-ring' }, grp);
    el('circle', { r: 31, fill: style.fill, stroke: style.stroke, 'stroke-width': 3 }, grp);
    text(grp, 0, 2, piece.label, { class: 'krux-number', fill: style.ink });
    return grp;
  };
  return g;
}

export default {
  parse,
  layout,
  choiceCell: (info) => info.to,
  describe: (piece) => `piece ${piece.label}`,
};
