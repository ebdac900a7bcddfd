// The legend (every mark the board can show) and the piece key (every kind of piece), both from the Diagram.
import { h } from './svg.js';
import { markPicture, markStyle, glyphPicture } from './board.js';

/**
 * The legend: `diagram.legend` plus `extra` entries ({mark, text}) not in it already. Each item carries
 * `data-mark` so that a page (and a test) can tell which marks are explained.
 */
export function legendBox(diagram, extra = []) {
  const items = [...(diagram.legend || [])];
  for (const e of extra) if (!items.some((i) => i.mark === e.mark)) items.push(e);
  return h(
    'ul',
    { class: 'legend', 'aria-label': 'What the marks mean' },
    items.map((item) =>
      h(
        'li',
        { class: 'legend-item', 'data-mark': item.mark },
        markPicture(item.mark, item.style || markStyle(diagram, item.mark)),
        h('span', {}, item.text),
      ),
    ),
  );
}

/** The piece key: each kind of piece drawn small, with its name and what it does. */
export function pieceKey(diagram) {
  const entries = diagram.key || [];
  if (!entries.length) return null;
  return h(
    'ul',
    { class: 'piece-key', 'aria-label': 'The pieces' },
    entries.map((entry) =>
      h(
        'li',
        { class: 'key-item', 'data-glyph': entry.glyph },
        diagram.glyphs && diagram.glyphs[entry.glyph] ? glyphPicture(diagram, entry.glyph) : null,
        h('span', { class: 'key-text' }, h('strong', {}, entry.name), entry.text ? ` — ${entry.text}` : ''),
      ),
    ),
  );
}
