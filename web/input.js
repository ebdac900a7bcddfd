// What the move inputs of the game page (game/moves.js, game/steps.js) and of the puzzle page
// (puzzle/input.js) share. Whole moves: a piece clicked, then where it goes, then, when several moves share
// those two cells, the cell that tells them apart (MoveInfo.choice). A turn built step by step (a PartialTurn
// from the server): every legal next step marked on its cell, or a button when it has no cell; several steps
// on one cell offered as buttons. It knows no game: the legal moves, the steps and their cells come from the
// server. Each page keeps its own state and words; `st` here is the part of it these functions read and set.
import { h } from './svg.js';
import { markPicture, markStyle } from './board.js';
import { previewMarks } from './game/aids.js';

// ---- whole moves ----

/** The cell that tells a move apart from the others with the same from and to. */
export const choiceOf = (m) => m.choice || m.to;
export const pieceWord = (p) => p.name || (p.label ? `piece ${p.label}` : 'piece');

/** The legal moves (`legal`: MoveInfo[]) that start on `cell`. */
export const movesFrom = (legal, cell) => legal.filter((m) => m.from === cell);

/** What to say while a move is to be chosen among several with the same from and to (`aside`: after "one"). */
export function choicePrompt(choice, aside = '') {
  const plain = choice.candidates.some((m) => choiceOf(m) === choice.to);
  return (
    `Several moves go from ${choice.from} to ${choice.to}: click a marked cell to choose one${aside}` +
    (plain ? `, or click ${choice.to} again for the move without it.` : '.')
  );
}

/**
 * A click on `cell` while a whole move is entered. `st`: `{selected, choice}`, changed here; `io`: `board`,
 * `legal` (the moves), `side` (the index of the side to move), `play(notation)`, `say(text, kind)`, `draw()`,
 * and the page's words: `prompt()` (while a choice is open), `cannot(cell, dests)` (the selected piece cannot
 * go there), `notYours(piece)` (no piece of the mover's, nothing selected); `onChoice(moves)`, when given,
 * hears of a choice opened.
 */
export function clickMove(st, cell, io) {
  const piece = io.board.pieceAt(cell);
  const mine = piece && piece.side === io.side;
  const from = (c) => movesFrom(io.legal, c);
  const deselect = () => {
    st.selected = null;
    st.choice = null;
    io.say(null);
    return io.draw();
  };
  if (st.choice) {
    const pick = st.choice.candidates.find((m) => choiceOf(m) === cell);
    if (pick) return io.play(pick.notation);
    if (cell === st.choice.from) return deselect();
    if (!mine) return io.say(io.prompt(), 'warn');
    st.choice = null;
  }
  if (st.selected && cell !== st.selected) {
    const moves = from(st.selected).filter((m) => m.to === cell);
    if (moves.length === 1) return io.play(moves[0].notation);
    if (moves.length > 1) {
      st.choice = { from: st.selected, to: cell, candidates: moves };
      if (io.onChoice) io.onChoice(moves);
      io.say(io.prompt(), 'info');
      return io.draw();
    }
  }
  if (mine) {
    if (st.selected === cell) return deselect();
    if (!from(cell).length) {
      st.selected = null;
      st.choice = null;
      io.draw();
      return io.say(`This ${pieceWord(piece)} on ${cell} has no legal move.`, 'warn');
    }
    st.selected = cell;
    io.say(null);
    return io.draw();
  }
  if (st.selected) return io.say(io.cannot(cell, [...new Set(from(st.selected).map((m) => m.to))]), 'warn');
  return io.say(io.notYours(piece), 'warn');
}

/** The marks of the move being entered: the selected piece and where it can go, or the choice open. */
export function markMove(board, st, legal) {
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
  } else if (st.selected) {
    board.mark(st.selected, 'selected');
    for (const to of new Set(movesFrom(legal, st.selected).map((m) => m.to))) board.mark(to, 'dest');
  }
}

/** The hit classes of `cell` while a move is entered (`side`: the index of the side to move). */
export function moveHits(board, st, legal, side, cell) {
  const out = [];
  if (st.choice && st.choice.candidates.some((m) => choiceOf(m) === cell)) out.push('choice');
  if (!st.choice && st.selected && movesFrom(legal, st.selected).some((m) => m.to === cell)) out.push('dest');
  const piece = board.pieceAt(cell);
  if (piece && piece.side === side && movesFrom(legal, cell).length) out.push('selectable');
  return out;
}

/** What a move would hit, marked under the pointer. */
export function previewMove(board, move) {
  for (const { cell: c, mark } of previewMarks(board.diagram, move)) board.mark(c, mark, { hover: true });
}

/** Under the pointer on `cell`: where the selected piece would pass, and what the move would hit. */
export function hoverMove(board, st, legal, cell) {
  if (!st.selected || !cell) return;
  const moves = movesFrom(legal, st.selected).filter((m) => m.to === cell);
  if (!moves.length) return;
  for (const p of moves[0].path || []) if (p !== cell) board.mark(p, 'path', { hover: true });
  if (moves.length === 1) previewMove(board, moves[0]);
}

// ---- a turn step by step ----

/**
 * A click on `cell` while a turn is built step by step (`turn`: the PartialTurn). `io`: `push(token)` (a
 * step taken), `choose({cell, items})` (several steps on the cell: offer them and draw), `say(text, kind)`,
 * and `where` the page's buttons are, in words: `{choose, buttons}` (" (buttons on the right)", "the buttons
 * on the right").
 */
export function clickStep(turn, cell, io) {
  const items = turn.next.filter((n) => n.cell === cell);
  if (items.length === 1) return io.push(items[0].token);
  if (items.length > 1) {
    io.say(`Several things can be done on ${cell}: choose one${io.where.choose}.`, 'info');
    return io.choose({ cell, items });
  }
  if (!turn.next.length) return io.say('Nothing more can be done this turn: click “End turn”.', 'warn');
  const buttons = turn.next.filter((n) => !n.cell);
  if (buttons.length === turn.next.length)
    return io.say(`First choose: ${buttons.map((n) => n.label).join(', or ')} (${io.where.buttons}).`, 'warn');
  const status = turn.status ? ` ${turn.status}.` : '';
  return io.say(`Nothing can be done on ${cell} now.${status} The marked cells show what can.`, 'warn');
}

/** The marks of the turn being built (`options`: the steps of one cell offered, or null). */
export function markSteps(board, turn, options) {
  if (turn.active) board.mark(turn.active, 'active');
  for (const n of turn.next) if (n.cell && n.mark) board.mark(n.cell, n.mark);
  if (options) board.mark(options.cell, 'selected');
}

/** The hit classes of `cell` in the turn being built. */
export const stepHits = (turn, cell) => (turn.next.some((n) => n.cell === cell) ? ['token'] : []);

/** The button of a next step (`diagram`: for the picture of its mark). */
export const tokenButton = (n, cls, diagram, push) =>
  h(
    'button',
    { class: cls, 'data-token': n.token, title: n.label, onclick: () => push(n.token) },
    n.mark && n.cell ? markPicture(n.mark, markStyle(diagram, n.mark), 18) : null,
    n.label,
  );

/** The status of the turn being built and its notation so far. */
export const turnSoFar = (turn) => [
  turn.status ? h('p', { class: 'turn-status', id: 'turn-status' }, turn.status) : null,
  h('p', { class: 'turn-so-far' }, 'Turn so far: ', h('code', { id: 'turn-notation' }, turn.notation || '—')),
];

/**
 * The buttons of the next steps: those with no cell, the steps of one cell offered (`options`), and every
 * step on a cell in a list that opens (`listAttrs`: more attributes of that list).
 */
export function stepButtons(turn, options, { diagram, push, listAttrs = {} }) {
  const button = (n, cls) => tokenButton(n, cls, diagram, push);
  const cellless = turn.next.filter((n) => !n.cell);
  const onCells = turn.next.filter((n) => n.cell);
  return [
    cellless.length
      ? h(
          'div',
          { class: 'choices' },
          cellless.map((n) => button(n, 'token-choice')),
        )
      : null,
    options ? h('p', { class: 'small' }, `On ${options.cell}:`) : null,
    options
      ? h(
          'div',
          { class: 'choices' },
          options.items.map((n) => button(n, 'choice-button')),
        )
      : null,
    onCells.length
      ? h(
          'details',
          { class: 'all-tokens', ...listAttrs },
          h('summary', {}, `All ${onCells.length} legal next steps`),
          h(
            'div',
            { class: 'choices token-list' },
            onCells.map((n) => button(n, 'token-button')),
          ),
        )
      : null,
  ];
}

/** "End turn" (`onclick`: plays the turn, or says why it cannot end) and "Undo step" (`undo`). */
export const turnButtons = (turn, { end, undo }) => [
  h(
    'button',
    {
      class: 'primary',
      id: 'end-turn',
      disabled: !turn.can_finish,
      title: turn.blocked || 'Play this turn',
      onclick: end,
    },
    turn.tokens.length ? 'End turn' : 'End turn (do nothing)',
  ),
  h('button', { id: 'undo-token', disabled: !turn.tokens.length, onclick: undo }, 'Undo step'),
];
