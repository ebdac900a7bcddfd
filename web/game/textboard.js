// The text board: the position on the board in words, for screen readers (and anyone who prefers to read
// it): whose turn it is, the last move, and each side's pieces kind by kind with their cells. Written from
// what the board shows (the same Diagram), so it knows no game. A button under the board opens it; both are
// made once and kept across redraws (the focus stays where it is), and the text is written again whenever
// the board is drawn.
import { h, cap } from '../svg.js';
import { pieceWord } from '../input.js';
import { sideName, piecesOf, myTurn, reviewing, isComputer } from './state.js';

const OPEN_KEY = 'arbiter.textBoard';

/** "3 villagers", "1 flagship", "piece 4": a kind of piece and how many (a name ending in a digit is one piece). */
function kindWords(name, n) {
  if (n === 1 || /\d$/.test(name)) return n === 1 ? name : `${n} × ${name}`;
  return `${n} ${/s$/.test(name) ? name : `${name}s`}`;
}

/** The side to move in the position shown (the view's, or by the parity of the plies while reviewing). */
function shownToMove(S) {
  const now = S.view.to_move === 'first' ? 0 : 1;
  if (!reviewing(S)) return now;
  return (S.view.ply - S.review) % 2 === 0 ? now : 1 - now;
}

/** Whose turn it is, or how the game ended, or which position is shown instead of the game's. */
function turnLine(S) {
  const v = S.view;
  if (S.variation) return 'Showing a line the engine suggests, not the game.';
  if (reviewing(S)) {
    const where = S.review === 0 ? 'the start position' : `the position after move ${S.review}`;
    return `Reviewing ${where} of ${v.ply}; ${sideName(S, shownToMove(S))} to move there.`;
  }
  if (v.ending) return `Game over: ${v.ending.text}`;
  const t = shownToMove(S);
  if (myTurn(S)) return `${sideName(S, t)} to move: your move.`;
  if (v.thinking || isComputer(S, t)) return `${sideName(S, t)} (the computer) to move.`;
  return `${sideName(S, t)} to move.`;
}

/** The move that led to the position shown, with its words when the game has them. */
function lastMoveLine(S) {
  const v = S.view;
  if (S.variation) return null;
  const ply = reviewing(S) ? S.review : v.ply;
  if (!ply || !v.moves || v.moves.length < ply) return 'No move yet.';
  const mover = (shownToMove(S) + 1) % 2;
  const words = (v.move_words || [])[ply - 1];
  return `Last move: ${sideName(S, mover)} played ${v.moves[ply - 1]}${words ? ` (${words})` : ''}.`;
}

/**
 * The text of the board: `{turn, last, sides: [{name, you, kinds: [{kind, cells}]}]}`, from the pieces the
 * board shows (`board.pieces`), in the order of the board's cells.
 */
export function textOfBoard(S, board) {
  const order = new Map(((board.diagram && board.diagram.cells) || []).map((c, i) => [c.name, i]));
  const pieces = [...board.pieces].sort((a, b) => (order.get(a.cell) ?? 0) - (order.get(b.cell) ?? 0));
  const sides = S.view.sides.map((_, i) => {
    const kinds = new Map();
    for (const p of pieces.filter((q) => q.side === piecesOf(S, i))) {
      const kind = pieceWord(p);
      if (!kinds.has(kind)) kinds.set(kind, []);
      kinds.get(kind).push(p.cell);
    }
    return {
      name: sideName(S, i),
      you: S.mine.size === 1 && S.mine.has(i),
      kinds: [...kinds].map(([kind, cells]) => ({ kind, cells })),
    };
  });
  return { turn: turnLine(S), last: lastMoveLine(S), sides };
}

/** The text board: `{button, section, update()}` (the button opens and closes the section). */
export function createTextBoard(G) {
  const S = G.S;
  let open = false;
  try {
    open = localStorage.getItem(OPEN_KEY) === 'open';
  } catch (_) {
    /* no storage: closed */
  }
  const body = h('div', { class: 'text-board-body' });
  const section = h(
    'section',
    { class: 'text-board panel', id: 'text-board', 'aria-labelledby': 'text-board-title', hidden: !open },
    h('h2', { id: 'text-board-title' }, 'Text board'),
    body,
  );
  const button = h(
    'button',
    {
      type: 'button',
      class: 'ghost small',
      id: 'text-board-toggle',
      'aria-expanded': String(open),
      'aria-controls': 'text-board',
    },
    'Text board',
  );
  let written = null;

  const update = () => {
    if (!open || !S.view || !G.board.diagram) return;
    const text = textOfBoard(S, G.board);
    const key = JSON.stringify(text);
    if (key === written) return;
    written = key;
    body.replaceChildren(
      h('p', { id: 'text-board-turn' }, text.turn),
      text.last ? h('p', { id: 'text-board-last' }, text.last) : null,
      h(
        'ul',
        { class: 'text-board-sides', id: 'text-board-pieces' },
        text.sides.map((side, i) =>
          h(
            'li',
            { 'data-side': i },
            h('strong', {}, `${side.name}${side.you ? ' (you)' : ''}: `),
            side.kinds.length
              ? side.kinds.map((k) => `${cap(kindWords(k.kind, k.cells.length))}: ${k.cells.join(', ')}.`).join(' ')
              : 'no pieces.',
          ),
        ),
      ),
    );
  };

  button.addEventListener('click', () => {
    open = !open;
    section.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    try {
      localStorage.setItem(OPEN_KEY, open ? 'open' : 'closed');
    } catch (_) {
      /* no storage: for this page only */
    }
    update();
  });
  return { button, section, update };
}
