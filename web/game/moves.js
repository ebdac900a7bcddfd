// Whole-move input, for games whose legal moves the view lists (MoveInfo): click a piece, then where it
// goes; when several moves share those two cells, click the cell that tells them apart (MoveInfo.choice).
// What the puzzle page's input shares with it is in ../input.js.
import { h, cap } from '../svg.js';
import { getDiagram } from '../api.js';
import {
  choiceOf,
  pieceWord,
  choicePrompt,
  clickMove,
  markMove,
  moveHits,
  hoverMove,
  previewMove,
  movesFrom,
} from '../input.js';
import { toMove, sideName, myTurn, piecesOf, playerOfPieces } from './state.js';
import { SWAP, swapOffer } from './swap.js';

export function createMoveInput(G) {
  const S = G.S;
  const st = { selected: null, choice: null, labels: new Map() };
  const legal = () => S.view.legal || [];

  const reset = () => {
    st.selected = null;
    st.choice = null;
  };

  const prompt = () => choicePrompt(st.choice, ' (point at it to see what it does)');

  // The words for each way of playing a move with several forms, from the server (the last click's label).
  const loadLabels = (candidates) => {
    for (const m of candidates) {
      if (st.labels.has(m.notation)) continue;
      st.labels.set(m.notation, null);
      getDiagram({ game: S.view.game, options: S.view.options, position: S.view.position, move: m.notation })
        .then((d) => {
          const clicks = (d.move && d.move.clicks) || [];
          st.labels.set(m.notation, clicks.length ? clicks[clicks.length - 1].label : null);
          if (st.choice) G.renderPanel();
        })
        .catch(() => {});
    }
  };

  function click(cell) {
    const t = toMove(S);
    return clickMove(st, cell, {
      board: G.board,
      legal: legal(),
      side: piecesOf(S, t),
      play: (notation) => G.play(notation),
      say: (text, kind) => G.say(text, kind),
      draw: () => G.render(),
      prompt,
      onChoice: loadLabels,
      cannot: (to, dests) => {
        const p = G.board.pieceAt(st.selected);
        return `The ${p ? pieceWord(p) : 'piece'} on ${st.selected} cannot go to ${to}. It can go to: ${dests.join(', ')}.`;
      },
      notYours: (piece) =>
        piece
          ? `That ${pieceWord(piece)} is ${sideName(S, playerOfPieces(S, piece.side))}'s; you play ${sideName(S, t)}.`
          : `Select one of ${sideName(S, t)}'s pieces first.`,
    });
  }

  function marks(board) {
    if (myTurn(S)) markMove(board, st, legal());
  }

  function hover(board, cell) {
    if (!myTurn(S)) return;
    if (st.choice) {
      const specific = st.choice.candidates.filter((m) => choiceOf(m) !== st.choice.to);
      const shown = cell
        ? st.choice.candidates.find((m) => choiceOf(m) === cell)
        : specific.length === 1
          ? specific[0]
          : null;
      if (shown) previewMove(board, shown);
      return;
    }
    hoverMove(board, st, legal(), cell);
  }

  const hitClasses = (cell) => (myTurn(S) ? moveHits(G.board, st, legal(), piecesOf(S, toMove(S)), cell) : []);

  function controls() {
    if (!myTurn(S)) return null;
    const box = h('div', { class: 'move-controls' });
    // Moves that no cell stands for (a pass, the swap): a button each, which says so when it is the only move.
    const alone = legal().length === 1;
    for (const m of legal().filter((x) => !x.from)) {
      if (m.notation === SWAP) {
        box.appendChild(swapOffer(S, () => G.play(m.notation)));
        continue;
      }
      box.appendChild(
        h(
          'button',
          { class: 'primary', 'data-move': m.notation, onclick: () => G.play(m.notation) },
          alone ? `${cap(m.notation)} (no other legal move)` : m.notation,
        ),
      );
    }
    if (st.choice) {
      box.appendChild(h('p', { class: 'small' }, `Ways to play ${st.choice.from}–${st.choice.to}:`));
      box.appendChild(
        h(
          'div',
          { class: 'choices' },
          st.choice.candidates.map((m) =>
            h(
              'button',
              { class: 'choice-button', 'data-move': m.notation, onclick: () => G.play(m.notation) },
              h('code', {}, m.notation),
              st.labels.get(m.notation) ? h('span', { class: 'choice-label' }, st.labels.get(m.notation)) : null,
            ),
          ),
          h(
            'button',
            {
              class: 'ghost',
              onclick: () => {
                reset();
                G.say(null);
                G.render();
              },
            },
            'Cancel',
          ),
        ),
      );
    }
    return box.childNodes.length ? box : null;
  }

  /** Words for the keyboard's cursor on `cell`: where the selected piece can go, which move a choice plays. */
  function describe(cell) {
    if (!myTurn(S)) return [];
    if (st.choice) {
      const plays = st.choice.candidates.filter((m) => choiceOf(m) === cell).map((m) => m.notation);
      return plays.length ? [`Enter plays ${plays.join(' or ')}`] : [];
    }
    if (st.selected === cell) {
      const dests = [...new Set(movesFrom(legal(), cell).map((m) => m.to))];
      return dests.length ? [`can go to ${dests.join(', ')}`] : [];
    }
    return [];
  }

  return { st, click, marks, hover, hitClasses, controls, reset, describe, legendExtra: () => [] };
}
