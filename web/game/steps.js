// Step-by-step input, for games whose turn is built one step at a time (a PartialTurn from the server):
// every legal next step is marked on its cell (or offered as a button when it has no cell); the turn ends
// with "End turn", or by itself once it has won.
import { h, cap } from '../svg.js';
import { api } from '../api.js';
import { markPicture, markStyle } from '../board.js';
import { myTurn } from './state.js';

export function createStepInput(G) {
  const S = G.S;
  const st = { tokens: [], turn: null, options: null, busy: false };

  const reset = () => {
    st.tokens = [];
    st.turn = S.view.turn || null;
    st.options = null;
  };

  const send = async (tokens) => {
    if (st.busy) return;
    st.busy = true;
    try {
      const turn = await api('POST', `/games/${S.id}/turn`, { tokens });
      st.tokens = tokens;
      st.turn = turn;
      st.options = null;
      G.say(null);
      if (turn.won) {
        st.busy = false;
        return G.play(turn.notation);
      }
    } catch (e) {
      G.fail(e);
    }
    st.busy = false;
    G.render();
  };
  const push = (token) => send([...st.tokens, token]);
  const pop = () => st.tokens.length && send(st.tokens.slice(0, -1));

  function click(cell) {
    const turn = st.turn;
    if (!turn) return;
    const items = turn.next.filter((n) => n.cell === cell);
    if (items.length === 1) return push(items[0].token);
    if (items.length > 1) {
      st.options = { cell, items };
      G.say(`Several things can be done on ${cell}: choose one (buttons on the right).`, 'info');
      return G.render();
    }
    if (!turn.next.length) return G.say('Nothing more can be done this turn: click “End turn”.', 'warn');
    const buttons = turn.next.filter((n) => !n.cell);
    if (buttons.length === turn.next.length) {
      return G.say(`First choose: ${buttons.map((n) => n.label).join(', or ')} (the buttons on the right).`, 'warn');
    }
    const status = turn.status ? ` ${turn.status}.` : '';
    return G.say(`Nothing can be done on ${cell} now.${status} The marked cells show what can.`, 'warn');
  }

  function marks(board) {
    const turn = st.turn;
    if (!turn || !myTurn(S)) return;
    if (turn.active) board.mark(turn.active, 'active');
    for (const n of turn.next) if (n.cell && n.mark) board.mark(n.cell, n.mark);
    if (st.options) board.mark(st.options.cell, 'selected');
  }

  function hitClasses(cell) {
    if (!st.turn || !myTurn(S)) return [];
    return st.turn.next.some((n) => n.cell === cell) ? ['token'] : [];
  }

  const tokenButton = (n, cls) =>
    h(
      'button',
      { class: cls, 'data-token': n.token, title: n.label, onclick: () => push(n.token) },
      n.mark && n.cell ? markPicture(n.mark, markStyle(S.diagram, n.mark), 18) : null,
      n.label,
    );

  function controls() {
    const turn = st.turn;
    if (!turn || !myTurn(S)) return null;
    const box = h('div', { class: 'turn-controls', id: 'turn-controls' });
    if (turn.status) box.appendChild(h('p', { class: 'turn-status', id: 'turn-status' }, turn.status));
    box.appendChild(
      h('p', { class: 'turn-so-far' }, 'Turn so far: ', h('code', { id: 'turn-notation' }, turn.notation || '—')),
    );
    if (turn.note) box.appendChild(h('p', { class: 'small note' }, turn.note));
    const cellless = turn.next.filter((n) => !n.cell);
    if (cellless.length) {
      box.appendChild(
        h(
          'div',
          { class: 'choices' },
          cellless.map((n) => tokenButton(n, 'token-choice')),
        ),
      );
    }
    if (st.options) {
      box.appendChild(h('p', { class: 'small' }, `On ${st.options.cell}:`));
      box.appendChild(
        h(
          'div',
          { class: 'choices' },
          st.options.items.map((n) => tokenButton(n, 'choice-button')),
        ),
      );
    }
    const onCells = turn.next.filter((n) => n.cell);
    if (onCells.length) {
      box.appendChild(
        h(
          'details',
          { class: 'all-tokens', open: S.tokensOpen, ontoggle: (e) => (S.tokensOpen = e.target.open) },
          h('summary', {}, `All ${onCells.length} legal next steps`),
          h(
            'div',
            { class: 'choices token-list' },
            onCells.map((n) => tokenButton(n, 'token-button')),
          ),
        ),
      );
    }
    box.appendChild(
      h(
        'div',
        { class: 'choices' },
        h(
          'button',
          {
            class: 'primary',
            id: 'end-turn',
            disabled: !turn.can_finish,
            title: turn.blocked || 'Play this turn',
            onclick: () => (turn.can_finish ? G.play(turn.notation) : G.say(turn.blocked, 'warn')),
          },
          turn.tokens.length ? 'End turn' : 'End turn (do nothing)',
        ),
        h('button', { id: 'undo-token', onclick: pop, disabled: !turn.tokens.length }, 'Undo step'),
        h(
          'button',
          {
            class: 'ghost',
            id: 'reset-turn',
            disabled: !turn.tokens.length,
            onclick: () => {
              reset();
              G.say(null);
              G.render();
            },
          },
          'Reset',
        ),
      ),
    );
    if (!turn.can_finish && turn.blocked)
      box.appendChild(h('p', { class: 'small muted', id: 'turn-blocked' }, turn.blocked));
    return box;
  }

  /** The marks of the partial turn that the diagram's legend may not list. */
  function legendExtra() {
    const out = [];
    if (!st.turn || !myTurn(S)) return out;
    if (st.turn.active) out.push({ mark: 'active', text: 'the piece moving this turn' });
    for (const n of st.turn.next) if (n.mark && n.cell) out.push({ mark: n.mark, text: cap(n.mark) });
    return out;
  }

  /** The pieces to draw instead of the diagram's: where everything stands in the partial turn. */
  const pieces = () => (st.turn && st.turn.pieces && myTurn(S) ? st.turn.pieces : null);

  return { st, click, marks, hover: () => {}, hitClasses, controls, reset, legendExtra, pieces, push };
}
