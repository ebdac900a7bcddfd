// Whole-move input, for games whose legal moves the view lists (MoveInfo): click a piece, then where it
// goes; when several moves share those two cells, click the cell that tells them apart (MoveInfo.choice).
import { h, cap } from '../svg.js';
import { getDiagram } from '../api.js';
import { previewMarks } from './aids.js';
import { toMove, sideName, myTurn } from './state.js';

/** The cell that tells a move apart from the others with the same from and to. */
const choiceOf = (m) => m.choice || m.to;

export function createMoveInput(G) {
  const S = G.S;
  const st = { selected: null, choice: null, labels: new Map() };
  const legal = () => S.view.legal || [];
  const movesFrom = (cell) => legal().filter((m) => m.from === cell);
  const pieceWord = (p) => p.name || (p.label ? `piece ${p.label}` : 'piece');

  const reset = () => {
    st.selected = null;
    st.choice = null;
  };

  const choicePrompt = () => {
    const c = st.choice;
    const plain = c.candidates.some((m) => choiceOf(m) === c.to);
    return (
      `Several moves go from ${c.from} to ${c.to}: click a marked cell to choose one (point at it to see what it does)` +
      (plain ? `, or click ${c.to} again for the move without it.` : '.')
    );
  };

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
    const piece = G.board.pieceAt(cell);
    const t = toMove(S);
    if (st.choice) {
      const pick = st.choice.candidates.find((m) => choiceOf(m) === cell);
      if (pick) return G.play(pick.notation);
      if (cell === st.choice.from) {
        reset();
        G.say(null);
        return G.render();
      }
      if (!(piece && piece.side === t)) return G.say(choicePrompt(), 'warn');
      st.choice = null;
    }
    if (st.selected && cell !== st.selected) {
      const moves = movesFrom(st.selected).filter((m) => m.to === cell);
      if (moves.length === 1) return G.play(moves[0].notation);
      if (moves.length > 1) {
        st.choice = { from: st.selected, to: cell, candidates: moves };
        loadLabels(moves);
        G.say(choicePrompt(), 'info');
        return G.render();
      }
    }
    if (piece && piece.side === t) {
      if (st.selected === cell) {
        reset();
        G.say(null);
        return G.render();
      }
      if (!movesFrom(cell).length) {
        reset();
        G.render();
        return G.say(`This ${pieceWord(piece)} on ${cell} has no legal move.`, 'warn');
      }
      st.selected = cell;
      G.say(null);
      return G.render();
    }
    if (st.selected) {
      const p = G.board.pieceAt(st.selected);
      const dests = [...new Set(movesFrom(st.selected).map((m) => m.to))];
      return G.say(
        `The ${p ? pieceWord(p) : 'piece'} on ${st.selected} cannot go to ${cell}. It can go to: ${dests.join(', ')}.`,
        'warn',
      );
    }
    if (piece)
      return G.say(`That ${pieceWord(piece)} is ${sideName(S, piece.side)}'s; you play ${sideName(S, t)}.`, 'warn');
    return G.say(`Select one of ${sideName(S, t)}'s pieces first.`, 'warn');
  }

  function marks(board) {
    if (!myTurn(S)) return;
    if (st.choice) {
      const c = st.choice;
      board.mark(c.from, 'selected');
      board.mark(c.to, 'selected');
      for (const m of c.candidates) {
        const cell = choiceOf(m);
        if (cell === c.to) board.mark(cell, 'dest');
        else {
          board.mark(cell, 'target');
          board.arrow(c.to, cell, 'mark-choice');
        }
      }
      return;
    }
    if (!st.selected) return;
    board.mark(st.selected, 'selected');
    for (const to of new Set(movesFrom(st.selected).map((m) => m.to))) board.mark(to, 'dest');
  }

  function hover(board, cell) {
    if (!myTurn(S)) return;
    const preview = (move) => {
      for (const { cell: c, mark } of previewMarks(board.diagram, move)) board.mark(c, mark, { hover: true });
    };
    if (st.choice) {
      const specific = st.choice.candidates.filter((m) => choiceOf(m) !== st.choice.to);
      const shown = cell
        ? st.choice.candidates.find((m) => choiceOf(m) === cell)
        : specific.length === 1
          ? specific[0]
          : null;
      if (shown) preview(shown);
      return;
    }
    if (!st.selected || !cell) return;
    const moves = movesFrom(st.selected).filter((m) => m.to === cell);
    if (!moves.length) return;
    for (const p of moves[0].path || []) if (p !== cell) board.mark(p, 'path', { hover: true });
    if (moves.length === 1) preview(moves[0]);
  }

  function hitClasses(cell) {
    if (!myTurn(S)) return [];
    const out = [];
    if (st.choice && st.choice.candidates.some((m) => choiceOf(m) === cell)) out.push('choice');
    if (!st.choice && st.selected && movesFrom(st.selected).some((m) => m.to === cell)) out.push('dest');
    const piece = G.board.pieceAt(cell);
    if (piece && piece.side === toMove(S) && movesFrom(cell).length) out.push('selectable');
    return out;
  }

  function controls() {
    if (!myTurn(S)) return null;
    const box = h('div', { class: 'move-controls' });
    // Moves that no cell stands for (a pass): a button each, which says so when it is the only move.
    const alone = legal().length === 1;
    for (const m of legal().filter((x) => !x.from)) {
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

  return { st, click, marks, hover, hitClasses, controls, reset, legendExtra: () => [] };
}
