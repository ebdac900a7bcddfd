// Step-by-step input, for games whose turn is built one step at a time (a PartialTurn from the server):
// every legal next step is marked on its cell (or offered as a button when it has no cell); the turn ends
// with "End turn", or by itself once it has won (or is the swap). What the puzzle page's input shares with it is
// in ../input.js.
import { h, cap } from '../svg.js';
import { api } from '../api.js';
import { clickStep, markSteps, stepHits, stepButtons, turnButtons, turnSoFar } from '../input.js';
import { myTurn } from './state.js';
import { SWAP } from './swap.js';

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
      // A turn that has won, or the swap (a whole turn by itself), is played at once.
      if (turn.won || (tokens.length === 1 && tokens[0] === SWAP)) {
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
    if (!st.turn) return;
    return clickStep(st.turn, cell, {
      push,
      choose: (options) => {
        st.options = options;
        return G.render();
      },
      say: (text, kind) => G.say(text, kind),
      where: { choose: ' (buttons on the right)', buttons: 'the buttons on the right' },
    });
  }

  function marks(board) {
    if (st.turn && myTurn(S)) markSteps(board, st.turn, st.options);
  }

  const hitClasses = (cell) => (st.turn && myTurn(S) ? stepHits(st.turn, cell) : []);

  function controls() {
    const turn = st.turn;
    if (!turn || !myTurn(S)) return null;
    return h(
      'div',
      { class: 'turn-controls', id: 'turn-controls' },
      turnSoFar(turn),
      turn.note ? h('p', { class: 'small note' }, turn.note) : null,
      stepButtons(turn, st.options, {
        diagram: S.diagram,
        push,
        listAttrs: { open: S.tokensOpen, ontoggle: (e) => (S.tokensOpen = e.target.open) },
      }),
      h(
        'div',
        { class: 'choices' },
        turnButtons(turn, {
          end: () => (turn.can_finish ? G.play(turn.notation) : G.say(turn.blocked, 'warn')),
          undo: pop,
        }),
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
      !turn.can_finish && turn.blocked ? h('p', { class: 'small muted', id: 'turn-blocked' }, turn.blocked) : null,
    );
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
