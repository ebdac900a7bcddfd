// The move list and reviewing: click a move (or use ←/→) to see the position after it; the last move of
// the shown position is highlighted on the board.
import { h, fill } from '../svg.js';
import { api, getDiagram } from '../api.js';
import { reviewing } from './state.js';

export function createReview(G) {
  const S = G.S;

  /** Shows the position after `ply` (null or the current ply: back to the game). */
  async function review(ply) {
    const v = S.view;
    S.variation = null;
    if (ply === null || ply >= v.ply) {
      S.review = null;
      return G.render();
    }
    if (!S.positions || S.positions.version !== v.version) {
      try {
        S.positions = { version: v.version, list: await api('GET', `/games/${S.id}/positions`) };
        S.reviewInfo = new Map();
      } catch (e) {
        return G.fail(e);
      }
    }
    S.review = Math.max(0, ply);
    G.input.reset();
    G.render();
  }

  /** The MoveInfo of the move that led to the shown position (null at the start, or while it loads). */
  function lastInfo() {
    if (!reviewing(S)) return S.view.last || null;
    const ply = S.review;
    if (ply === 0) return null;
    if (S.reviewInfo.has(ply)) return S.reviewInfo.get(ply);
    S.reviewInfo.set(ply, null);
    getDiagram({
      game: S.view.game,
      options: S.view.options,
      position: S.positions.list[ply - 1],
      move: S.view.moves[ply - 1],
    })
      .then((d) => {
        S.reviewInfo.set(ply, (d.move && d.move.info) || null);
        if (S.review === ply) G.drawMarks();
      })
      .catch(() => {});
    return null;
  }

  const moveButton = (i) => {
    const v = S.view;
    const shown = reviewing(S) ? S.review - 1 : v.moves.length - 1;
    // One unbreakable span per token: a long turn wraps between its tokens, never inside one.
    const parts = [];
    v.moves[i].split(/(?<=[ ,])/).forEach((t, k) => {
      if (k) parts.push(h('wbr'));
      parts.push(h('span', { class: 'tok' }, t));
    });
    // The analysis's mark of the move (?!, ?, ??), if it has one.
    const mark = G.moveMark ? G.moveMark(i) : null;
    if (mark)
      parts.push(h('span', { class: `glyph ${mark.mark}`, title: mark.text, 'aria-label': mark.text }, mark.glyph));
    return h(
      'button',
      {
        class: `mv ${i === shown ? 'current' : ''} ${(G.moveMark && G.moveMark(i) && G.moveMark(i).mark) || ''}`,
        'data-ply': i + 1,
        // A game that words its moves (Krux) says the move in words on hover.
        title: (v.move_words && v.move_words[i]) || 'Show the position after this move',
        'aria-current': i === shown ? 'true' : null,
        onclick: () => review(i + 1),
      },
      parts,
    );
  };

  /** Draws the move list (and the review bar) into `box`. */
  function renderMoves(box) {
    const v = S.view;
    const list = h('ol', { class: 'move-list', id: 'move-list' });
    const long = v.moves.some((m) => m.length > 9);
    list.classList.toggle('long', long);
    for (let i = 0; i < v.moves.length; i += 2) {
      list.appendChild(
        h(
          'li',
          {},
          h('span', { class: 'mv-number' }, `${i / 2 + 1}.`),
          moveButton(i),
          i + 1 < v.moves.length ? moveButton(i + 1) : null,
        ),
      );
    }
    if (!v.moves.length) list.appendChild(h('li', { class: 'muted empty' }, 'No moves yet.'));
    const bar = reviewing(S)
      ? h(
          'div',
          { class: 'review-bar', id: 'review-bar' },
          h(
            'span',
            { class: 'small' },
            S.review === 0 ? 'Start position' : `After move ${S.review}: ${v.moves[S.review - 1]}`,
          ),
          h(
            'div',
            { class: 'review-buttons' },
            h(
              'button',
              {
                onclick: () => review(S.review - 1),
                disabled: S.review === 0,
                title: 'Previous (←)',
                'aria-label': 'Previous move',
              },
              '◀',
            ),
            h('button', { onclick: () => review(S.review + 1), title: 'Next (→)', 'aria-label': 'Next move' }, '▶'),
            h('button', { class: 'primary', onclick: () => review(null) }, 'Back to the game'),
          ),
        )
      : null;
    const previousScroll = box.querySelector('#move-list') ? box.querySelector('#move-list').scrollTop : null;
    fill(box, h('h2', {}, 'Moves'), bar, list, G.analysisSection ? G.analysisSection() : null);
    // Live: the end of the list; reviewing: keep the shown move in sight.
    if (!reviewing(S)) list.scrollTop = list.scrollHeight;
    else {
      if (previousScroll !== null) list.scrollTop = previousScroll;
      const current = list.querySelector('.mv.current');
      if (current) {
        const top = current.offsetTop - list.offsetTop;
        if (top < list.scrollTop) list.scrollTop = top - 8;
        else if (top + current.offsetHeight > list.scrollTop + list.clientHeight)
          list.scrollTop = top + current.offsetHeight - list.clientHeight + 8;
      }
    }
  }

  function onKey(e) {
    if (e.target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(e.target.tagName)) return false;
    if (!S.view) return false;
    if (e.key === 'ArrowLeft' && S.view.ply > 0) {
      review((S.review === null ? S.view.ply : S.review) - 1);
      return true;
    }
    if (e.key === 'ArrowRight' && S.review !== null) {
      review(S.review + 1);
      return true;
    }
    return false;
  }

  return { review, lastInfo, renderMoves, onKey };
}
