// The generic board: draws a Diagram sent by the server (background, pieces from glyphs, one hit area per
// cell) and the app's marks on top. It knows no game: every picture and every cell comes from the Diagram.
import { el, h, clear, drawShape, reducedMotion } from './svg.js';

/** How long a move slides, in milliseconds. */
export const MOVE_MS = 250;

// How each mark is drawn on a cell. A game's own marks come with their style in its legend
// (`diagram.legend[i].style`); these are the app's own marks, the same in every game.
const APP_MARKS = {
  last: 'area',
  selected: 'area',
  active: 'area',
  choose: 'area',
  hint: 'area-over',
  decisive: 'area-over',
  dest: 'dot',
  path: 'small-dot',
  target: 'ring',
  fall: 'ring',
};
// Corner styles: a frame round the cell and a badge in that corner, so that several actions on one
// cell stay apart and none is confused with the round pieces.
const CORNERS = { 'corner-nw': [-1, -1], 'corner-ne': [1, -1], 'corner-sw': [-1, 1], 'corner-se': [1, 1] };

/** The style of a mark: the diagram's legend says it for the game's marks, the app for its own. */
export function markStyle(diagram, mark) {
  const entry = ((diagram && diagram.legend) || []).find((e) => e.mark === mark);
  return (entry && entry.style) || APP_MARKS[mark] || 'ring';
}

/** Is this style drawn over the whole cell? */
function isArea(style) {
  return style === 'area' || style === 'area-over';
}

/**
 * Draws mark `mark` in style `style` for a cell centred on (x, y) of size `unit` into `parent`; `shape` is
 * the cell's area (a Diagram shape; a square when absent). Returns the element.
 */
export function drawMark(parent, mark, { style = 'ring', x = 0, y = 0, unit = 100, shape = null, cell = null } = {}) {
  const cls = `mark mark-${mark}`;
  const data = cell ? { 'data-mark-cell': cell } : {};
  if (isArea(style)) {
    if (shape) return drawShape(shape, parent, { class: cls, ...data });
    const s = unit * 0.96;
    return el(
      'rect',
      { x: x - s / 2, y: y - s / 2, width: s, height: s, rx: unit * 0.06, class: cls, ...data },
      parent,
    );
  }
  if (style === 'dot') return el('circle', { cx: x, cy: y, r: unit * 0.16, class: cls, ...data }, parent);
  if (style === 'small-dot') return el('circle', { cx: x, cy: y, r: unit * 0.08, class: cls, ...data }, parent);
  if (style === 'square') {
    const s = unit * 0.34;
    return el('rect', { x: x - s / 2, y: y - s / 2, width: s, height: s, class: cls, ...data }, parent);
  }
  if (style === 'small-ring') return el('circle', { cx: x, cy: y, r: unit * 0.22, class: cls, ...data }, parent);
  if (CORNERS[style]) {
    const [dx, dy] = CORNERS[style];
    const g = el('g', { class: `${cls} mark-action`, ...data }, parent);
    const s = unit * 0.92;
    el('rect', { x: x - s / 2, y: y - s / 2, width: s, height: s, rx: unit * 0.08, class: 'mark-frame' }, g);
    el('circle', { cx: x + dx * unit * 0.34, cy: y + dy * unit * 0.34, r: unit * 0.12, class: 'mark-badge' }, g);
    return g;
  }
  return el('circle', { cx: x, cy: y, r: unit * 0.42, class: cls, ...data }, parent);
}

/** Draws an arrow from (x1, y1) to (x2, y2) with classes `mark-arrow <cls>` (the head: `mark-arrow-head <cls>-head`). */
export function drawArrow(parent, [x1, y1], [x2, y2], unit, cls = '') {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const headLength = unit * 0.26;
  const headWidth = unit * 0.16;
  // Start a little off the first centre and stop at the head, which ends a little before the second.
  const sx = x1 + ux * unit * 0.2;
  const sy = y1 + uy * unit * 0.2;
  const tx = x2 - ux * unit * 0.18;
  const ty = y2 - uy * unit * 0.18;
  const ex = tx - ux * headLength;
  const ey = ty - uy * headLength;
  const g = el('g', { class: `arrow ${cls}` }, parent);
  el('path', { d: `M${sx},${sy} L${ex},${ey}`, class: `mark-arrow ${cls}` }, g);
  el(
    'path',
    {
      d: `M${tx},${ty} L${ex - uy * headWidth},${ey + ux * headWidth} L${ex + uy * headWidth},${ey - ux * headWidth} Z`,
      class: `mark-arrow-head ${cls ? cls + '-head' : ''}`,
    },
    g,
  );
  return g;
}

/** Draws a glyph (a shape, or a list of shapes, centred on (0, 0)) at (x, y) in a group of its own. */
export function drawGlyph(parent, glyph, x, y, attrs = {}) {
  const g = el('g', { transform: `translate(${x},${y})`, ...attrs }, parent);
  for (const shape of Array.isArray(glyph) ? glyph : glyph ? [glyph] : []) drawShape(shape, g);
  return g;
}

/** A small SVG picture of one glyph (for the piece key). */
export function glyphPicture(diagram, glyph, size = 36) {
  const u = diagram.unit || 100;
  const svg = el('svg', {
    class: 'glyph-picture',
    viewBox: `${-u * 0.55} ${-u * 0.55} ${u * 1.1} ${u * 1.1}`,
    width: size,
    height: size,
    'aria-hidden': 'true',
  });
  drawGlyph(svg, diagram.glyphs[glyph], 0, 0, { class: 'placed' });
  return svg;
}

/** A small SVG picture of a mark, drawn in `style`, on a plain cell (for the legend). */
export function markPicture(mark, style, size = 22) {
  const svg = el('svg', {
    class: 'mark-picture',
    viewBox: '-50 -50 100 100',
    width: size,
    height: size,
    'aria-hidden': 'true',
  });
  el('rect', { x: -48, y: -48, width: 96, height: 96, rx: 10, class: 'swatch-cell' }, svg);
  if (mark === 'arrow') drawArrow(svg, [-60, 40], [40, -40], 100, 'mark-hint');
  else drawMark(svg, mark, { style, unit: 100 });
  return svg;
}

/** Pairs the pieces of two positions: [[old, new]] with old/new null when a piece vanished or appeared. */
function pairPieces(before, after) {
  const usedOld = new Set();
  const usedNew = new Set();
  const pairs = [];
  const take = (i, j) => {
    usedOld.add(i);
    usedNew.add(j);
    pairs.push([before[i], after[j]]);
  };
  // Unmoved pieces first, then the nearest piece with the same picture, then the same side and label
  // (a piece whose picture changed, such as a Krux piece that took a ring).
  after.forEach((p, j) => {
    const i = before.findIndex((q, k) => !usedOld.has(k) && q.cell === p.cell && q.glyph === p.glyph);
    if (i >= 0) take(i, j);
  });
  const nearest = (same) => {
    const candidates = [];
    after.forEach((p, j) => {
      if (usedNew.has(j)) return;
      before.forEach((q, i) => {
        if (!usedOld.has(i) && same(q, p)) candidates.push([Math.hypot(q.x - p.x, q.y - p.y), i, j]);
      });
    });
    candidates.sort((a, b) => a[0] - b[0]);
    for (const [, i, j] of candidates) if (!usedOld.has(i) && !usedNew.has(j)) take(i, j);
  };
  nearest((q, p) => q.glyph === p.glyph);
  nearest((q, p) => q.side === p.side && !!q.label && q.label === p.label);
  before.forEach((q, i) => usedOld.has(i) || pairs.push([q, null]));
  after.forEach((p, j) => usedNew.has(j) || pairs.push([null, p]));
  return pairs;
}

// The arrow keys, as directions on the drawing (y grows downwards, as on the screen).
const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/**
 * The cell (of `cells`: `{name, center}`) nearest to `from` in direction `[dx, dy]` (a unit vector), by
 * the cells' centres, whatever the board's shape: among the cells ahead, those within 45° of the direction
 * first, the nearest by distance ahead plus twice the distance aside; null when no cell lies ahead.
 */
export function cellInDirection(cells, from, [dx, dy]) {
  const start = cells.find((c) => c.name === from);
  if (!start) return null;
  const [x0, y0] = start.center;
  let best = null;
  for (const c of cells) {
    if (c.name === from) continue;
    const vx = c.center[0] - x0;
    const vy = c.center[1] - y0;
    const ahead = vx * dx + vy * dy;
    if (ahead <= 1e-6 * (Math.abs(vx) + Math.abs(vy) + 1)) continue;
    const aside = Math.abs(vx * dy - vy * dx);
    const rank = [aside <= ahead ? 0 : 1, ahead + 2 * aside];
    if (!best || rank[0] < best.rank[0] || (rank[0] === best.rank[0] && rank[1] < best.rank[1]))
      best = { name: c.name, rank };
  }
  return best ? best.name : null;
}

/** An interactive board drawing Diagrams. */
export class Board {
  /**
   * `className`: the SVG's classes; `label`: its accessible name; `id`: its element id.
   * Set `onCell(cell)` for clicks and `onHover(cell|null)` for the pointer.
   */
  constructor({ className = 'board', label = 'game board', id = null } = {}) {
    this.svg = el('svg', { class: className, role: 'img', 'aria-label': label, id });
    const layer = (cls) => el('g', { class: cls }, this.svg);
    this.layers = {
      bg: layer('layer-bg'),
      under: layer('layer-under'),
      pieces: layer('layer-pieces'),
      fade: layer('layer-fade'),
      over: layer('layer-over'),
      hover: layer('layer-hover'),
      hits: layer('layer-hits'),
      cursor: layer('layer-cursor'),
    };
    this.diagram = null;
    this.cells = new Map();
    this.placed = [];
    this.onCell = null;
    this.onHover = null;
    this.hoverCell = null;
    this.animation = Promise.resolve();
    this.runs = []; // the running animations (Web Animations) of the last setDiagram
    this.moved = new Map(); // cell → cell: where each piece that moved in the last setDiagram went
    this.marked = new Map(); // cell → the marks on it (not the hover marks), for the keyboard's words
    this.keys = null; // the keyboard's state, once `useKeys` made the board a tab stop
    // A click while pieces slide finishes the slide at once, then counts for what was under the pointer:
    // a piece in motion is the piece it is going to be (on its new cell), not the cell it crosses.
    this.svg.addEventListener('click', (e) => {
      const target = e.target.closest('[data-cell]');
      if (!target || !this.onCell) return;
      let cell = target.getAttribute('data-cell');
      if (this.animating) {
        const moving = this.movingPieceAt(e.clientX, e.clientY, cell);
        if (moving) cell = moving.cell;
        this.finishAnimation();
      }
      if (this.keys) this.keys.cell = cell;
      this.onCell(cell);
    });
    this.svg.addEventListener('mouseover', (e) => {
      const target = e.target.closest('[data-cell]');
      this.setHover(target ? target.getAttribute('data-cell') : null);
    });
    this.svg.addEventListener('mouseleave', () => this.setHover(null));
  }

  setHover(cell) {
    if (cell === this.hoverCell) return;
    this.hoverCell = cell;
    if (this.onHover) this.onHover(cell);
  }

  /** The size of one cell in diagram units. */
  get unit() {
    return (this.diagram && this.diagram.unit) || 100;
  }

  /** The centre of a cell, or null. */
  center(cell) {
    const c = this.cells.get(cell);
    return c ? c.center : null;
  }

  /** The piece shown on a cell, or null. */
  pieceAt(cell) {
    return this.placed.find((p) => p.cell === cell) || null;
  }

  /** Every piece shown. */
  get pieces() {
    return this.placed;
  }

  /** Are pieces sliding (or fading) now? */
  get animating() {
    return this.runs.some((run) => run.playState === 'running');
  }

  /** Ends the running animation at once: every piece on its cell, the pieces taken gone. */
  finishAnimation() {
    for (const run of this.runs) {
      try {
        run.finish();
      } catch (_) {
        run.cancel();
      }
    }
    this.runs = [];
  }

  /**
   * The sliding piece drawn under the point (x, y) of the window, if any: the nearest one whose picture
   * holds the point. A piece standing still on the clicked `cell` comes first (it is what was clicked).
   */
  movingPieceAt(x, y, cell) {
    const still = this.pieceAt(cell);
    if (still && !still.node.classList.contains('moving')) return null;
    let best = null;
    let bestDistance = Infinity;
    for (const p of this.placed) {
      if (!p.node.classList.contains('moving')) continue;
      const r = p.node.getBoundingClientRect();
      if (x < r.left || x > r.right || y < r.top || y > r.bottom) continue;
      const d = Math.hypot(x - (r.left + r.right) / 2, y - (r.top + r.bottom) / 2);
      if (d < bestDistance) {
        best = p;
        bestDistance = d;
      }
    }
    return best;
  }

  /** Where the piece that stood on `cell` before the last setDiagram stands now (the same cell if it stayed). */
  followed(cell) {
    return this.moved.get(cell) || cell;
  }

  /**
   * Shows a diagram; `pieces` (optional) replaces the diagram's pieces (a partial turn). With `animate`, pieces
   * slide from where they stood to where they stand now (unless the reader asks for less motion).
   * Returns a promise that resolves when the pieces have arrived.
   */
  setDiagram(diagram, { pieces = null, animate = false } = {}) {
    const old = this.diagram;
    const sameFrame =
      old &&
      old.game === diagram.game &&
      old.flipped === diagram.flipped &&
      JSON.stringify(old.view_box) === JSON.stringify(diagram.view_box);
    const newBackground = !sameFrame || JSON.stringify(old.background) !== JSON.stringify(diagram.background);
    this.diagram = diagram;
    this.svg.setAttribute('viewBox', diagram.view_box.join(' '));
    this.svg.dataset.game = diagram.game;
    this.svg.dataset.position = diagram.position;
    if (newBackground) {
      clear(this.layers.bg);
      for (const shape of diagram.background || []) drawShape(shape, this.layers.bg);
      clear(this.layers.hits);
      this.cells = new Map();
      for (const cell of diagram.cells || []) {
        this.cells.set(cell.name, cell);
        drawShape(cell.shape, this.layers.hits, { class: 'hit', 'data-cell': cell.name });
      }
    }
    const shown = (pieces || diagram.pieces || []).filter((p) => p.cell && this.cells.has(p.cell));
    const next = shown.map((p) => {
      const [x, y] = this.center(p.cell);
      return { ...p, x, y, node: null };
    });
    const before = this.placed;
    // A new diagram replaces the pictures: an animation still running on the old ones is over.
    this.finishAnimation();
    clear(this.layers.pieces);
    for (const p of next) {
      p.node = drawGlyph(this.layers.pieces, diagram.glyphs[p.glyph], p.x, p.y, {
        class: `placed side-${p.side}`,
        'data-piece-cell': p.cell,
        'data-glyph': p.glyph,
      });
    }
    this.placed = next;
    this.markHasPiece();
    const pairs = sameFrame && before.length ? pairPieces(before, next) : [];
    this.moved = new Map(pairs.filter(([q, p]) => q && p && q.cell !== p.cell).map(([q, p]) => [q.cell, p.cell]));
    if (!animate || !sameFrame || reducedMotion() || !before.length) {
      clear(this.layers.fade);
      this.animation = Promise.resolve();
      return this.animation;
    }
    const runs = [];
    const timing = { duration: MOVE_MS, easing: 'ease-in-out' };
    const started = (run) => {
      this.runs.push(run);
      return run.finished.catch(() => {});
    };
    for (const [q, p] of pairs) {
      if (q && p) {
        if (q.x === p.x && q.y === p.y) continue;
        const from = `translate(${q.x}px, ${q.y}px)`;
        const to = `translate(${p.x}px, ${p.y}px)`;
        p.node.classList.add('moving');
        const run = p.node.animate([{ transform: from }, { transform: to }], timing);
        runs.push(started(run).then(() => p.node.classList.remove('moving')));
      } else if (p) {
        runs.push(started(p.node.animate([{ opacity: 0 }, { opacity: 1 }], timing)));
      } else if (q) {
        const ghost = q.node.cloneNode(true);
        ghost.classList.add('leaving');
        this.layers.fade.appendChild(ghost);
        const run = ghost.animate(
          [
            { opacity: 1, transform: `translate(${q.x}px, ${q.y}px) scale(1)` },
            { opacity: 0, transform: `translate(${q.x}px, ${q.y}px) scale(0.6)` },
          ],
          timing,
        );
        runs.push(started(run).then(() => ghost.remove()));
      }
    }
    this.animation = Promise.all(runs);
    return this.animation;
  }

  markHasPiece() {
    for (const hit of this.layers.hits.children) {
      hit.classList.toggle('has-piece', !!this.pieceAt(hit.getAttribute('data-cell')));
    }
  }

  /** Sets the hit areas' classes: `classes(cell)` gives a list (`selectable`, `dest`, `choice`, `token`…). */
  setHits(classes) {
    for (const hit of this.layers.hits.children) {
      const cell = hit.getAttribute('data-cell');
      const list = ['hit', ...(classes ? classes(cell) : [])];
      if (this.pieceAt(cell)) list.push('has-piece');
      hit.setAttribute('class', list.join(' '));
    }
  }

  /** Removes the marks (not the hover marks). */
  clearMarks() {
    clear(this.layers.under);
    clear(this.layers.over);
    this.marked = new Map();
  }

  /** Removes the hover marks. */
  clearHover() {
    clear(this.layers.hover);
  }

  /** Marks a cell; `hover` puts it with the hover marks. */
  mark(cell, mark, { hover = false } = {}) {
    const c = this.cells.get(cell);
    if (!c) return null;
    const style = markStyle(this.diagram, mark);
    const layer = hover ? this.layers.hover : style === 'area' ? this.layers.under : this.layers.over;
    if (!hover) {
      const marks = this.marked.get(cell) || [];
      if (!marks.includes(mark)) this.marked.set(cell, [...marks, mark]);
    }
    return drawMark(layer, mark, { style, x: c.center[0], y: c.center[1], unit: this.unit, shape: c.shape, cell });
  }

  /** Draws an arrow between two cells' centres. */
  arrow(from, to, cls = '', { hover = false } = {}) {
    const a = this.center(from);
    const b = this.center(to);
    if (!a || !b || from === to) return null;
    return drawArrow(hover ? this.layers.hover : this.layers.over, a, b, this.unit, cls);
  }

  /** The marks on a cell now (not the hover marks), in the order drawn. */
  marksAt(cell) {
    return this.marked.get(cell) || [];
  }

  /** The classes the move input gave a cell's hit area (`selectable`, `dest`, `choice`, `token`…). */
  hitClassesOf(cell) {
    const hit = [...this.layers.hits.children].find((e) => e.getAttribute('data-cell') === cell);
    return hit ? [...hit.classList].filter((c) => c !== 'hit' && c !== 'has-piece') : [];
  }

  /**
   * Makes the board usable by keyboard alone: one tab stop (`role="application"`, named `label`, its help
   * in the element `helpId`); the arrow keys move a cursor to the nearest cell that way (by the cells'
   * centres, so any board's shape will do); Enter or Space acts as a click on the cursor's cell. What the
   * cursor comes to is said in the polite live region `this.keys.say` (to put on the page), in the words of
   * `describe(cell)`. Other keys (Escape…) are the page's.
   */
  useKeys({ label, helpId = null, describe }) {
    const say = h('p', { class: 'visually-hidden', id: 'board-cursor-say', 'aria-live': 'polite' });
    this.keys = { cell: null, on: false, said: null, describe, say };
    this.svg.setAttribute('role', 'application');
    this.svg.setAttribute('tabindex', '0');
    this.svg.setAttribute('aria-label', label);
    if (helpId) this.svg.setAttribute('aria-describedby', helpId);
    this.svg.addEventListener('keydown', (e) => this.onKey(e));
    // The cursor shows for the keyboard (a focus by Tab, or any key), not after a click.
    this.svg.addEventListener('focus', () => {
      if (this.svg.matches(':focus-visible')) this.showCursor();
    });
    this.svg.addEventListener('blur', () => {
      this.keys.on = false;
      this.keys.said = null;
      this.drawCursor();
      if (this.hoverCell === this.keys.cell) this.setHover(null);
    });
    // A click does not give the board the focus (a click there took it nowhere before the board was a tab
    // stop): for someone with a mouse, the arrow keys stay the page's (the move list's ← and →).
    this.svg.addEventListener('mousedown', (e) => {
      if (document.activeElement === this.svg) return;
      e.preventDefault();
      if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
    });
    return say;
  }

  /** The cell the cursor starts on: the selected one, else the first the move input marks, else the first. */
  startCell() {
    const cells = (this.diagram && this.diagram.cells) || [];
    const selected = cells.find((c) => this.marksAt(c.name).includes('selected'));
    if (selected) return selected.name;
    const useful = cells.find((c) => this.hitClassesOf(c.name).length);
    return useful ? useful.name : cells.length ? cells[0].name : null;
  }

  /** Shows the keyboard's cursor (on its cell, or where it starts) and says where it is. */
  showCursor() {
    const k = this.keys;
    if (!k || !this.diagram) return;
    if (!k.cell || !this.cells.has(k.cell)) k.cell = this.startCell();
    k.on = true;
    this.drawCursor();
    this.setHover(k.cell);
    this.sayCursor(true);
  }

  drawCursor() {
    clear(this.layers.cursor);
    const k = this.keys;
    this.svg.removeAttribute('data-cursor');
    if (!k || !k.on || !k.cell || !this.cells.has(k.cell)) return;
    const c = this.cells.get(k.cell);
    drawShape(c.shape, this.layers.cursor, { class: 'board-cursor-back' });
    drawShape(c.shape, this.layers.cursor, { class: 'board-cursor' });
    this.svg.setAttribute('data-cursor', k.cell);
  }

  /** Says the cursor's cell in the live region (`again`: even when the words have not changed). */
  sayCursor(again = false) {
    const k = this.keys;
    if (!k || !k.on || !k.cell) return;
    const words = k.describe ? k.describe(k.cell) : k.cell;
    if (!again && words === k.said) return;
    k.said = words;
    k.say.textContent = words;
  }

  /**
   * After the board was drawn again (a new position, new marks): the cursor stays on its cell (or starts
   * again when the cell is gone) and, while the board has the focus, what changed there is said.
   */
  refreshCursor() {
    const k = this.keys;
    if (!k || !k.on) return;
    if (!k.cell || !this.cells.has(k.cell)) k.cell = this.startCell();
    this.drawCursor();
    this.sayCursor();
  }

  onKey(e) {
    if (e.altKey || e.ctrlKey || e.metaKey || !this.diagram) return;
    const k = this.keys;
    const arrow = ARROWS[e.key];
    if (arrow) {
      e.preventDefault();
      e.stopPropagation();
      if (!k.on || !k.cell || !this.cells.has(k.cell)) return this.showCursor();
      const next = cellInDirection(this.diagram.cells || [], k.cell, arrow);
      if (!next) {
        k.said = null;
        k.say.textContent = `Edge of the board (${k.cell}).`;
        return;
      }
      k.cell = next;
      this.drawCursor();
      // What the pointer's hover shows (the way there, what a move would hit) follows the cursor.
      this.setHover(next);
      this.sayCursor(true);
      return;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      e.stopPropagation();
      if (!k.on || !k.cell || !this.cells.has(k.cell)) return this.showCursor();
      if (this.animating) this.finishAnimation();
      if (this.onCell) this.onCell(k.cell);
    }
  }

  /** Is there a cell centred at (x, y), give or take a tenth of a cell? */
  hasCellAt(x, y) {
    for (const c of this.cells.values())
      if (Math.hypot(c.center[0] - x, c.center[1] - y) < this.unit * 0.1) return true;
    return false;
  }

  /**
   * Draws a picture from the game's legend (shapes centred on (0, 0)) round a cell, with the hover marks;
   * a shape centred where no cell is (past the board's edge) is left out.
   */
  picture(cell, shapes) {
    const c = this.center(cell);
    if (!c) return null;
    const [x, y] = c;
    const onBoard = ({ attrs = {} }) => this.hasCellAt(x + Number(attrs.cx || 0), y + Number(attrs.cy || 0));
    const g = el('g', { class: 'hover-picture', transform: `translate(${x},${y})` }, this.layers.hover);
    for (const shape of shapes) if (onBoard(shape)) drawShape(shape, g);
    return g;
  }
}
