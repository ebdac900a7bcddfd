// Villawar: N×N squares; villagers are round with a roof mark, warriors are shields with a sword.
import { el } from '../svg.js';
import { gridLayout, cellName, expandRanks } from './grid.js';

function parse(position) {
  const [board, side] = position.split(' ');
  const pieces = new Map();
  const ranks = expandRanks(board, '[vVwW]');
  ranks.forEach((row, i) => {
    const rank = ranks.length - 1 - i;
    row.forEach((p, file) => {
      if (!p) return;
      const lower = p.toLowerCase();
      pieces.set(cellName(file, rank), {
        side: p === lower ? 1 : 0,
        kind: lower === 'v' ? 'villager' : 'warrior',
        label: p,
      });
    });
  });
  return { pieces, toMove: side === 'b' ? 1 : 0, size: ranks.length };
}

function layout(position, flipped) {
  const n = position.split(' ')[0].split('/').length;
  const g = gridLayout(n, flipped, { light: '#eadfc6', dark: '#b9a27a' });
  g.drawPiece = (parent, cell, piece, style) => {
    const [x, y] = g.center(cell);
    const grp = el('g', { class: `piece piece-${piece.kind}`, transform: `translate(${x},${y})` }, parent);
    const a = { fill: style.fill, stroke: style.stroke, 'stroke-width': 3.5 };
    if (piece.kind === 'villager') {
      el('circle', { r: 33, ...a }, grp);
      el('path', { d: 'M-14,6 L0,-10 L14,6 M-9,1 L-9,14 L9,14 L9,1', fill: 'none', stroke: style.ink, 'stroke-width': 4, 'stroke-linejoin': 'round' }, grp);
    } else {
      el('path', { d: 'M0,-38 L32,-24 L28,14 L0,38 L-28,14 L-32,-24 Z', ...a, 'stroke-width': 4.5 }, grp);
      el('path', { d: 'M0,-22 L0,18 M-10,8 L10,8', fill: 'none', stroke: style.ink, 'stroke-width': 5, 'stroke-linecap': 'round' }, grp);
    }
    return grp;
  };
  return g;
}

export default {
  parse,
  layout,
  choiceCell: (info) => info.to,
  describe: (piece) => piece.kind,
};
