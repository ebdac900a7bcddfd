// Void: 5 concentric orbits of 18 sectors around the dark void. Sector a..r clockwise, orbit 1 innermost.
// Drawn like voidgame's picture: sector e at the top (White's side), sector n at the bottom (Black's).
import { el, text } from '../svg.js';

const SECTORS = 'abcdefghijklmnopqr';
const R0 = 118; // radius of the void
const W = 56; // width of an orbit
const KINDS = { f: 'flagship', b: 'bomber', s: 'sweeper', x: 'fighter' };

function parse(position) {
  const [board, side] = position.split(' ');
  const pieces = new Map();
  board.split('/').forEach((row, i) => {
    const orbit = 5 - i;
    let sector = 0;
    for (const m of row.matchAll(/(\d+)|([a-zA-Z])/g)) {
      if (m[1]) sector += Number(m[1]);
      else {
        const ch = m[2];
        const lower = ch.toLowerCase();
        pieces.set(SECTORS[sector] + orbit, {
          side: ch === lower ? 0 : 1,
          kind: KINDS[lower] || lower,
          label: ch.toUpperCase(),
        });
        sector += 1;
      }
    }
  });
  return { pieces, toMove: side === 'w' ? 1 : 0 };
}

function coords(cell) {
  return [SECTORS.indexOf(cell[0]), Number(cell.slice(1))];
}

function layout(_position, flipped) {
  const rot = flipped ? 180 : 0;
  const point = (angleDeg, r) => {
    const a = ((angleDeg + rot) * Math.PI) / 180;
    return [r * Math.sin(a), -r * Math.cos(a)];
  };
  const angleOf = (sector) => (sector - 4) * 20;
  const cells = [];
  for (let o = 1; o <= 5; o++) for (let s = 0; s < 18; s++) cells.push(SECTORS[s] + o);
  const sectorPath = (cell, inset = 0) => {
    const [s, o] = coords(cell);
    const r1 = R0 + (o - 1) * W + inset;
    const r2 = R0 + o * W - inset;
    const a1 = angleOf(s) - 10 + inset / 12;
    const a2 = angleOf(s) + 10 - inset / 12;
    const [x1, y1] = point(a1, r2);
    const [x2, y2] = point(a2, r2);
    const [x3, y3] = point(a2, r1);
    const [x4, y4] = point(a1, r1);
    return `M${x1},${y1} A${r2},${r2} 0 0 1 ${x2},${y2} L${x3},${y3} A${r1},${r1} 0 0 0 ${x4},${y4} Z`;
  };
  const center = (cell) => {
    const [s, o] = coords(cell);
    return point(angleOf(s), R0 + (o - 0.5) * W);
  };
  return {
    unit: W,
    viewBox: '-470 -470 940 940',
    cells,
    center,
    drawBackground(g) {
      el('circle', { cx: 0, cy: 0, r: 468, class: 'void-frame' }, g);
      for (const cell of cells) {
        const [s, o] = coords(cell);
        el('path', { d: sectorPath(cell), class: (s + o) % 2 === 0 ? 'void-dark' : 'void-light' }, g);
      }
      el('circle', { cx: 0, cy: 0, r: R0 + 5 * W + 6, class: 'void-rim' }, g);
      el('circle', { cx: 0, cy: 0, r: R0 - 3, class: 'void-hole' }, g);
      el('circle', { cx: 0, cy: 0, r: R0 - 3, class: 'void-hole-glow' }, g);
      for (let s = 0; s < 18; s++) {
        const [x, y] = point(angleOf(s), R0 + 5 * W + 30);
        text(g, x, y, SECTORS[s], { class: 'coord' });
      }
      for (let o = 1; o <= 5; o++) {
        // orbit numbers along the boundary between r and a (between two sectors), small.
        const [x, y] = point(angleOf(-0.5) , R0 + (o - 0.5) * W);
        text(g, x, y, String(o), { class: 'coord coord-small' });
      }
    },
    cellShape(cell, attrs, g) {
      return el('path', { d: sectorPath(cell, 2), ...attrs }, g);
    },
    drawPiece(g, cell, piece, style) {
      const [x, y] = center(cell);
      const grp = el('g', { class: `piece piece-${piece.kind}`, transform: `translate(${x},${y})` }, g);
      el('circle', { r: 21, fill: style.fill, stroke: style.stroke, 'stroke-width': 3 }, grp);
      glyph(grp, piece.kind, style.ink);
      return grp;
    },
  };
}

/** A small icon per kind, in the spirit of voidgame's pieces, with the letter for the notation-minded. */
function glyph(g, kind, ink) {
  const a = { stroke: ink, 'stroke-width': 2.6, fill: 'none', 'stroke-linecap': 'round' };
  switch (kind) {
    case 'flagship':
      el('path', { d: 'M-9,9 L9,9 M-3,9 L-3,-11 L8,-5 L-3,0', ...a }, g);
      break;
    case 'bomber':
      el('path', { d: 'M-5,-10 L-8,10 M5,-10 L8,10', ...a }, g);
      el('circle', { cx: 0, cy: -7, r: 2, fill: ink }, g);
      break;
    case 'sweeper':
      el('path', { d: 'M-8,4 A9,9 0 1 1 8,4', ...a }, g);
      el('circle', { cx: 0, cy: 8, r: 2.6, fill: ink }, g);
      break;
    case 'fighter':
      el('path', { d: 'M0,0 L10,0 M0,0 L-7,-7', ...a }, g);
      el('circle', { cx: 0, cy: 0, r: 2.4, fill: ink }, g);
      break;
    default:
      break;
  }
}

export default {
  parse,
  layout,
  choiceCell: (info) => (info.targets && info.targets.length ? info.targets[0] : info.to),
  describe: (piece) => piece.kind,
};
