// Attraction: 8×8 points; violet starts on rank 1, red on rank 8. Hovering a stone shows its orbit:
// the circle through its four orthogonal neighbours, round which an adjacent stone travels.
import { el } from '../svg.js';
import { gridLayout, cellName, cellCoords, expandRanks } from './grid.js';

function parse(position) {
  const [board, side] = position.split(' ');
  const pieces = new Map();
  const ranks = expandRanks(board, '[vr]');
  ranks.forEach((row, i) => {
    const rank = ranks.length - 1 - i;
    row.forEach((p, file) => {
      if (p) pieces.set(cellName(file, rank), { side: p === 'v' ? 0 : 1, kind: 'stone', label: '' });
    });
  });
  return { pieces, toMove: side === 'r' ? 1 : 0 };
}

function layout(_position, flipped) {
  const g = gridLayout(8, flipped, { points: true });
  g.drawPiece = (parent, cell, piece, style) => {
    const [x, y] = g.center(cell);
    const grp = el('g', { class: 'piece piece-stone', transform: `translate(${x},${y})` }, parent);
    el('circle', { r: 34, fill: style.fill, stroke: style.stroke, 'stroke-width': 3 }, grp);
    el('circle', { r: 34, class: 'stone-shine' }, grp);
    return grp;
  };
  return g;
}

/** The orbit of the stone on `cell`: a dashed circle through its orthogonal neighbours, and those points. */
function hover(g, cell, parsed, lay) {
  if (!parsed.pieces.has(cell)) return;
  const [x, y] = lay.center(cell);
  el('circle', { cx: x, cy: y, r: lay.unit, class: 'orbit-circle' }, g);
  const [f, r] = cellCoords(cell);
  for (const [df, dr] of [[0, 1], [1, 0], [0, -1], [-1, 0]]) {
    const nf = f + df;
    const nr = r + dr;
    if (nf < 0 || nf > 7 || nr < 0 || nr > 7) continue;
    const [px, py] = lay.center(cellName(nf, nr));
    el('circle', { cx: px, cy: py, r: 9, class: 'orbit-point' }, g);
  }
}

export default {
  parse,
  layout,
  // A push is told apart by where the pushed stone lands (`e2-c6+d6`).
  choiceCell: (info) => {
    const m = /\+([a-h][1-8])$/.exec(info.notation);
    return m ? m[1] : info.to;
  },
  describe: () => 'stone',
  hover,
};
