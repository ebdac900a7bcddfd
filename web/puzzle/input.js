// The move input of a position that belongs to no game (a puzzle): whole moves chosen from the legal moves
// the server lists (click a piece, then where it goes, then what tells moves apart), or a turn built step by
// step from the server's partial turns (every legal next step marked; "End turn", or a step that wins).
// Every move can also be entered with the keyboard: the buttons under "All legal moves" / "steps".
// It knows no game: the legal moves, the steps and their cells come from the server. What it shares with
// the game page's inputs (game/moves.js, game/steps.js) is in ../input.js.
import { h, fill } from '../svg.js';
import { getPartialTurn, getDiagram } from '../api.js';
import {
  choicePrompt,
  clickMove,
  markMove,
  moveHits,
  hoverMove,
  clickStep,
  markSteps,
  stepHits,
  stepButtons,
  turnButtons,
  turnSoFar,
} from '../input.js';

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
    if (!st.turn) return;
    clickStep(st.turn, cell, {
      push,
      choose: (choice) => {
        st.choice = choice;
        return draw();
      },
      say,
      where: { choose: ' with the buttons', buttons: 'the buttons' },
    });
  }

  function stepControls() {
    const turn = st.turn;
    if (!turn) return [];
    return [
      ...turnSoFar(turn),
      ...stepButtons(turn, st.choice, { diagram: board.diagram, push }),
      h(
        'div',
        { class: 'choices' },
        turnButtons(turn, { end: () => endTurn(), undo: () => sendTokens(turn.tokens.slice(0, -1)) }),
      ),
    ];
  }

  // ---- whole moves ----

  function moveClick(cell) {
    clickMove(st, cell, {
      board,
      legal: legal(),
      side: st.spot.side,
      play,
      say,
      draw,
      prompt: () => choicePrompt(st.choice),
      cannot: (to, dests) => `That piece cannot go to ${to}. It can go to: ${dests.join(', ')}.`,
      notYours: (piece) =>
        piece ? 'That piece is your opponent’s: select one of yours.' : 'Select one of your pieces first.',
    });
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
      markSteps(board, st.turn, st.choice);
      board.setHits((cell) => stepHits(st.turn, cell));
    } else if (!stepwise) {
      markMove(board, st, legal());
      board.setHits((cell) => moveHits(board, st, legal(), st.spot.side, cell));
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
    if (!st.open || st.spot.stepwise || st.choice) return;
    hoverMove(board, st, legal(), cell);
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
