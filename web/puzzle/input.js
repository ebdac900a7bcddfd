// The move input of a position that belongs to no game (a puzzle): whole moves chosen from the legal moves
// the server lists (click a piece, then where it goes, then what tells moves apart), or a turn built step by
// step from the server's partial turns (every legal next step marked; "End turn", or a step that wins).
// Every move can also be entered with the keyboard: the buttons under "All legal moves" / "steps".
// It knows no game: the legal moves, the steps and their cells come from the server.
import { h, fill } from '../svg.js';
import { getPartialTurn, getDiagram } from '../api.js';
import { markPicture, markStyle } from '../board.js';
import { previewMarks } from '../game/aids.js';

/** The cell that tells a move apart from the others with the same from and to. */
const choiceOf = (m) => m.choice || m.to;
const pieceWord = (p) => p.name || (p.label ? `piece ${p.label}` : 'piece');

/**
 * `board`: the Board; `controls`: the element the input draws its buttons in; `say(text, kind)`: the
 * message line; `onMove(notation, spot)`: a whole move entered; `baseMarks()`: the page's own marks (the last
 * move), drawn under the input's. `open({game, options, position, diagram, legal,
 * stepwise, side})` waits for a move in that position (`side`: the index of the side to move); `close()`
 * takes no more.
 */
export function createInput({ board, controls, say, onMove, baseMarks = () => {} }) {
  const st = {
    open: false,
    spot: null, // {game, options, position, diagram, legal, stepwise, side}
    selected: null,
    choice: null,
    turn: null,
    busy: false,
  };

  const legal = () => (st.spot && st.spot.legal) || [];
  const movesFrom = (cell) => legal().filter((m) => m.from === cell);

  function reset() {
    st.selected = null;
    st.choice = null;
  }

  function open(spot) {
    Object.assign(st, { open: true, spot, turn: null, busy: false });
    reset();
    if (spot.stepwise) return sendTokens([]);
    if (!spot.legal)
      say('The server did not list the legal moves of this position: it cannot be played here.', 'error');
    draw();
  }

  function close() {
    st.open = false;
    st.turn = null;
    reset();
    board.setHits(null);
    board.clearHover();
    fill(controls);
  }

  function play(notation) {
    const spot = st.spot;
    close();
    onMove(notation, spot);
  }

  // ---- step by step ----

  async function sendTokens(tokens) {
    if (st.busy) return;
    st.busy = true;
    const spot = st.spot;
    try {
      const turn = await getPartialTurn({ game: spot.game, options: spot.options, position: spot.position, tokens });
      if (!st.open || st.spot !== spot) return;
      st.turn = turn;
      st.choice = null;
      say('');
      // Still busy while the step slides: a turn that has won is played before anything else is clicked.
      await board.setDiagram(spot.diagram, { pieces: turn.pieces, animate: true });
      st.busy = false;
      if (!st.open || st.spot !== spot) return;
      if (turn.won) return play(turn.notation);
    } catch (e) {
      say(e.message, 'error');
    }
    st.busy = false;
    if (st.open) draw();
  }
  const push = (token) => sendTokens([...st.turn.tokens, token]);

  /** Ends the turn as it stands now (not as it stood when the button was drawn). */
  function endTurn() {
    const turn = st.turn;
    if (!st.open || st.busy || !turn) return;
    if (turn.can_finish) play(turn.notation);
    else say(turn.blocked, 'warn');
  }

  function stepClick(cell) {
    const turn = st.turn;
    if (!turn) return;
    const items = turn.next.filter((n) => n.cell === cell);
    if (items.length === 1) return push(items[0].token);
    if (items.length > 1) {
      st.choice = { cell, items };
      say(`Several things can be done on ${cell}: choose one with the buttons.`, 'info');
      return draw();
    }
    if (!turn.next.length) return say('Nothing more can be done this turn: click “End turn”.', 'warn');
    const buttons = turn.next.filter((n) => !n.cell);
    if (buttons.length === turn.next.length)
      return say(`First choose: ${buttons.map((n) => n.label).join(', or ')} (the buttons).`, 'warn');
    const status = turn.status ? ` ${turn.status}.` : '';
    say(`Nothing can be done on ${cell} now.${status} The marked cells show what can.`, 'warn');
  }

  const tokenButton = (n, cls) =>
    h(
      'button',
      { class: cls, 'data-token': n.token, title: n.label, onclick: () => push(n.token) },
      n.mark && n.cell ? markPicture(n.mark, markStyle(board.diagram, n.mark), 18) : null,
      n.label,
    );

  function stepControls() {
    const turn = st.turn;
    if (!turn) return [];
    const cellless = turn.next.filter((n) => !n.cell);
    const onCells = turn.next.filter((n) => n.cell);
    return [
      turn.status ? h('p', { class: 'turn-status', id: 'turn-status' }, turn.status) : null,
      h('p', { class: 'turn-so-far' }, 'Turn so far: ', h('code', { id: 'turn-notation' }, turn.notation || '—')),
      cellless.length
        ? h(
            'div',
            { class: 'choices' },
            cellless.map((n) => tokenButton(n, 'token-choice')),
          )
        : null,
      st.choice ? h('p', { class: 'small' }, `On ${st.choice.cell}:`) : null,
      st.choice
        ? h(
            'div',
            { class: 'choices' },
            st.choice.items.map((n) => tokenButton(n, 'choice-button')),
          )
        : null,
      onCells.length
        ? h(
            'details',
            { class: 'all-tokens' },
            h('summary', {}, `All ${onCells.length} legal next steps`),
            h(
              'div',
              { class: 'choices token-list' },
              onCells.map((n) => tokenButton(n, 'token-button')),
            ),
          )
        : null,
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
            onclick: () => endTurn(),
          },
          turn.tokens.length ? 'End turn' : 'End turn (do nothing)',
        ),
        h(
          'button',
          {
            id: 'undo-token',
            disabled: !turn.tokens.length,
            onclick: () => sendTokens(turn.tokens.slice(0, -1)),
          },
          'Undo step',
        ),
      ),
    ];
  }

  // ---- whole moves ----

  function choicePrompt() {
    const c = st.choice;
    const plain = c.candidates.some((m) => choiceOf(m) === c.to);
    return (
      `Several moves go from ${c.from} to ${c.to}: click a marked cell to choose one` +
      (plain ? `, or click ${c.to} again for the move without it.` : '.')
    );
  }

  function moveClick(cell) {
    const piece = board.pieceAt(cell);
    const mine = piece && piece.side === st.spot.side;
    if (st.choice) {
      const pick = st.choice.candidates.find((m) => choiceOf(m) === cell);
      if (pick) return play(pick.notation);
      if (!mine) return say(choicePrompt(), 'warn');
      st.choice = null;
    }
    if (st.selected && cell !== st.selected) {
      const moves = movesFrom(st.selected).filter((m) => m.to === cell);
      if (moves.length === 1) return play(moves[0].notation);
      if (moves.length > 1) {
        st.choice = { from: st.selected, to: cell, candidates: moves };
        say(choicePrompt(), 'info');
        return draw();
      }
    }
    if (mine) {
      if (st.selected === cell) {
        reset();
        say('');
        return draw();
      }
      if (!movesFrom(cell).length) {
        reset();
        draw();
        return say(`This ${pieceWord(piece)} on ${cell} has no legal move.`, 'warn');
      }
      st.selected = cell;
      say('');
      return draw();
    }
    if (st.selected) {
      const dests = [...new Set(movesFrom(st.selected).map((m) => m.to))];
      return say(`That piece cannot go to ${cell}. It can go to: ${dests.join(', ')}.`, 'warn');
    }
    say(piece ? 'That piece is your opponent’s: select one of yours.' : 'Select one of your pieces first.', 'warn');
  }

  function moveMarks() {
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
      for (const to of new Set(movesFrom(st.selected).map((m) => m.to))) board.mark(to, 'dest');
    }
  }

  function moveHits(cell) {
    const out = [];
    if (st.choice && st.choice.candidates.some((m) => choiceOf(m) === cell)) out.push('choice');
    if (!st.choice && st.selected && movesFrom(st.selected).some((m) => m.to === cell)) out.push('dest');
    const piece = board.pieceAt(cell);
    if (piece && piece.side === st.spot.side && movesFrom(cell).length) out.push('selectable');
    return out;
  }

  function moveControls() {
    const all = legal();
    const cellless = all.filter((m) => !m.from);
    const moveButton = (m, cls = 'choice-button') =>
      h('button', { class: cls, 'data-move': m.notation, onclick: () => play(m.notation) }, h('code', {}, m.notation));
    return [
      cellless.length
        ? h(
            'div',
            { class: 'choices' },
            cellless.map((m) => moveButton(m, 'primary')),
          )
        : null,
      st.choice
        ? h(
            'div',
            { class: 'choices' },
            h('p', { class: 'small' }, `Ways to play ${st.choice.from}–${st.choice.to}:`),
            st.choice.candidates.map((m) => moveButton(m)),
          )
        : null,
      all.length
        ? h(
            'details',
            { class: 'all-tokens', id: 'all-moves' },
            h('summary', {}, `All ${all.length} legal moves`),
            h(
              'div',
              { class: 'choices token-list' },
              all.map((m) => moveButton(m, 'token-button')),
            ),
          )
        : null,
    ];
  }

  /** A move typed in the game's notation: checked by the server (it must be legal here), then played. */
  function typedMove() {
    const field = h('input', {
      id: 'puzzle-notation',
      type: 'text',
      autocomplete: 'off',
      spellcheck: 'false',
      'aria-label': 'Your move in notation',
    });
    const submit = async (e) => {
      e.preventDefault();
      const text = field.value.trim();
      const spot = st.spot;
      if (!text || !st.open || st.busy) return;
      try {
        const d = await getDiagram({ game: spot.game, options: spot.options, position: spot.position, move: text });
        if (st.open && st.spot === spot) play(d.move.info.notation || text);
      } catch (err) {
        say(err.message, 'warn');
      }
    };
    return h(
      'form',
      { class: 'typed-move', id: 'puzzle-type-move', onsubmit: submit },
      h('label', { for: 'puzzle-notation', class: 'small muted' }, 'Or type the move:'),
      field,
      h('button', { type: 'submit' }, 'Play'),
    );
  }

  /** The input's marks, hit classes and buttons, drawn again. */
  function draw() {
    if (!st.open) return;
    const stepwise = st.spot.stepwise;
    board.clearMarks();
    baseMarks();
    if (stepwise && st.turn) {
      if (st.turn.active) board.mark(st.turn.active, 'active');
      for (const n of st.turn.next) if (n.cell && n.mark) board.mark(n.cell, n.mark);
      if (st.choice) board.mark(st.choice.cell, 'selected');
      board.setHits((cell) => (st.turn.next.some((n) => n.cell === cell) ? ['token'] : []));
    } else if (!stepwise) {
      moveMarks();
      board.setHits(moveHits);
    }
    const details = controls.querySelector('details');
    const wasOpen = !!(details && details.open);
    const typed = controls.querySelector('#puzzle-notation');
    const typing = typed ? typed.value : '';
    fill(controls, stepwise ? stepControls() : moveControls(), typedMove());
    if (typing) controls.querySelector('#puzzle-notation').value = typing;
    const again = controls.querySelector('details');
    if (again && wasOpen) again.open = true;
  }

  function click(cell) {
    if (!st.open || st.busy) return false;
    if (st.spot.stepwise) stepClick(cell);
    else moveClick(cell);
    return true;
  }

  /** Under the pointer: where the selected piece would pass and what the move would hit. */
  function hover(cell) {
    board.clearHover();
    if (!st.open || st.spot.stepwise || !st.selected || !cell || st.choice) return;
    const moves = movesFrom(st.selected).filter((m) => m.to === cell);
    if (!moves.length) return;
    for (const p of moves[0].path || []) if (p !== cell) board.mark(p, 'path', { hover: true });
    if (moves.length === 1)
      for (const { cell: c, mark } of previewMarks(board.diagram, moves[0])) board.mark(c, mark, { hover: true });
  }

  /** Escape: the selection (or the steps so far) is dropped. */
  function cancel() {
    if (!st.open) return;
    reset();
    say('');
    if (st.spot.stepwise && st.turn && st.turn.tokens.length) return sendTokens([]);
    draw();
  }

  return { st, open, close, click, hover, cancel, draw, isOpen: () => st.open };
}
