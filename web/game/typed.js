// Moves by keyboard: a box to type a move in notation (the legal ones offered as suggestions where the
// game lists them), and an announcement of every move for screen readers (a polite live region).
import { h } from '../svg.js';
import { myTurn, sideName } from './state.js';

/** The typed-move box (made once, kept across renders so typing is never lost): shown on the player's turn. */
export function typedMove(G) {
  const S = G.S;
  if (!G.typed) {
    const input = h('input', {
      type: 'text',
      id: 'typed-move',
      list: 'typed-move-legal',
      autocomplete: 'off',
      spellcheck: 'false',
      autocapitalize: 'none',
      'aria-describedby': 'typed-move-help',
    });
    const legal = h('datalist', { id: 'typed-move-legal' });
    const form = h(
      'form',
      { class: 'typed-move', id: 'typed-move-form' },
      h('label', { for: 'typed-move' }, 'Type a move'),
      h('div', { class: 'field' }, input, h('button', { type: 'submit' }, 'Play')),
      h(
        'p',
        { class: 'small muted', id: 'typed-move-help' },
        'In the notation of the move list (the rules page explains it); Enter plays it.',
      ),
      legal,
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      input.value = '';
      G.play(text);
    });
    G.typed = { form, input, legal, shown: null };
  }
  const v = S.view;
  if (!v || v.ending || !myTurn(S)) return null;
  // Suggestions: the legal moves' notation, where the game lists them (not for turns built step by step).
  const key = `${v.version}`;
  if (G.typed.shown !== key) {
    G.typed.shown = key;
    G.typed.legal.replaceChildren(...(v.legal || []).slice(0, 400).map((m) => h('option', { value: m.notation })));
  }
  return G.typed.form;
}

/** A visually hidden live region that says each new move, and the end, as it happens. */
export function announcer() {
  return h('div', { class: 'visually-hidden', id: 'announce', 'aria-live': 'polite', role: 'log' });
}

/** Announces what changed from `before` to the view now: a move played (by the side not to move now), and the end. */
export function announce(G, before) {
  const S = G.S;
  const v = S.view;
  if (!G.announceBox || !before) return;
  const lines = [];
  if (v.ply > before.ply && v.moves && v.moves.length >= v.ply) {
    const mover = sideName(S, v.to_move === 'first' ? 1 : 0);
    const words = (v.move_words || [])[v.ply - 1];
    lines.push(`${mover} played ${v.moves[v.ply - 1]}${words ? ` (${words})` : ''}.`);
  }
  if (v.ending && !before.ending) lines.push(v.ending.text);
  if (lines.length) say(G, lines.join(' '));
}

/** Says `text` in the page's live region (the last few things said are kept there). */
export function say(G, text) {
  if (!G.announceBox || !text) return;
  G.announceBox.appendChild(h('p', {}, text));
  while (G.announceBox.childNodes.length > 5) G.announceBox.firstChild.remove();
}
