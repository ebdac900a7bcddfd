// A square grid layout shared by Krux, Villawar and Attraction: files a.. left to right, ranks 1.. bottom to top.
import { el, text } from '../svg.js';

export const FILES = 'abcdefghijklmnopqrstuvwxyz';

/** A cell name from 0-based file and rank. */
export function cellName(file, rank) {
  return FILES[file] + (rank + 1);
}

/** 0-based [file, rank] of a cell name, or null. */
export function cellCoords(name) {
  const m = /^([a-z])(\d{1,2})$/.exec(name || '');
  if (!m) return null;
  return [FILES.indexOf(m[1]), Number(m[2]) - 1];
}

/** The geometry of an n×n grid; `points` draws lines through the centres instead of squares. */
export function gridLayout(n, flipped, { size = 100, margin = 56, light = '#e9dfc8', dark = '#c7b48f', points = false } = {}) {
  const total = 2 * margin + n * size;
  const cells = [];
  for (let r = 0; r < n; r++) for (let f = 0; f < n; f++) cells.push(cellName(f, r));
  const corner = (cell) => {
    const [f, r] = cellCoords(cell);
    const col = flipped ? n - 1 - f : f;
    const row = flipped ? r : n - 1 - r;
    return [margin + col * size, margin + row * size];
  };
  const center = (cell) => {
    const [x, y] = corner(cell);
    return [x + size / 2, y + size / 2];
  };
  return {
    n,
    size,
    margin,
    unit: size,
    viewBox: `0 0 ${total} ${total}`,
    cells,
    corner,
    center,
    drawBackground(g) {
      el('rect', { x: 0, y: 0, width: total, height: total, rx: 18, class: 'board-frame' }, g);
      if (points) {
        el('rect', { x: margin, y: margin, width: n * size, height: n * size, rx: 10, class: 'points-field' }, g);
        for (let i = 0; i < n; i++) {
          const a = margin + size / 2 + i * size;
          const lo = margin + size / 2;
          const hi = margin + size / 2 + (n - 1) * size;
          el('line', { x1: lo, y1: a, x2: hi, y2: a, class: 'grid-line' }, g);
          el('line', { x1: a, y1: lo, x2: a, y2: hi, class: 'grid-line' }, g);
        }
        for (const cell of cells) {
          const [x, y] = center(cell);
          el('circle', { cx: x, cy: y, r: size * 0.07, class: 'grid-point' }, g);
        }
      } else {
        for (const cell of cells) {
          const [f, r] = cellCoords(cell);
          const [x, y] = corner(cell);
          el('rect', { x, y, width: size, height: size, fill: (f + r) % 2 === 0 ? dark : light }, g);
        }
      }
      for (let i = 0; i < n; i++) {
        const file = flipped ? n - 1 - i : i;
        const rank = flipped ? i : n - 1 - i;
        const pos = margin + i * size + size / 2;
        text(g, pos, total - margin / 2, FILES[file], { class: 'coord' });
        text(g, pos, margin / 2, FILES[file], { class: 'coord coord-top' });
        text(g, margin / 2, pos, String(rank + 1), { class: 'coord' });
        text(g, total - margin / 2, pos, String(rank + 1), { class: 'coord coord-top' });
      }
    },
    cellShape(cell, attrs, g) {
      const [x, y] = corner(cell);
      if (points) {
        return el('circle', { cx: x + size / 2, cy: y + size / 2, r: size * 0.46, ...attrs }, g);
      }
      return el('rect', { x, y, width: size, height: size, ...attrs }, g);
    },
  };
}

/** Splits a board field into ranks top to bottom, each a list of tokens (runs of empties expanded to null). */
export function expandRanks(board, pieceRe) {
  return board.split('/').map((rank) => {
    const out = [];
    const re = new RegExp(`(\\d+)|(${pieceRe})`, 'g');
    let m;
    while ((m = re.exec(rank))) {
      if (m[1]) for (let i = 0; i < Number(m[1]); i++) out.push(null);
      else out.push(m[2]);
    }
    return out;
  });
}
