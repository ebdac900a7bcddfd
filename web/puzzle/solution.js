// A puzzle's whole solution line, once it is over: each move a button that shows the board after it (the
// solver's moves and the replies told apart), with ◀ ▶ (and the arrow keys) to step through it.
import { h, fill } from '../svg.js';
import { getDiagram } from '../api.js';

/**
 * The line `moves` from `position`, drawn into `box`; `show(diagram, info)` puts a position on the board
 * (`info`: the cells of the move that led there, or null). `played` is how many of its moves the board shows
 * now (the line's start: 0). Returns `{step(delta)}` for the keyboard.
 */
export function showSolution(box, { game, options, position, moves, flipped, solver, opponent, played = 0, show }) {
  // The positions along the line: positions[i] is the position after i moves; infos[i] the i-th move's cells.
  const positions = [position];
  const infos = [null];
  let at = played;
  let request = 0;

  async function positionAt(i) {
    for (let k = positions.length; k <= i; k++) {
      const d = await getDiagram({ game, options, position: positions[k - 1], move: moves[k - 1] });
      positions.push(d.move.after);
      infos.push(d.move.info || null);
    }
    return positions[i];
  }

  async function go(i) {
    if (i < 0 || i > moves.length) return;
    const mine = ++request;
    at = i;
    drawLine();
    try {
      const p = await positionAt(i);
      const d = await getDiagram({ game, options, position: p, flipped });
      if (mine === request) show(d, infos[i]);
    } catch (_) {
      /* the board keeps what it shows */
    }
  }

  const list = h('ol', { class: 'solution-line', id: 'puzzle-solution' });
  const back = h('button', { id: 'solution-back', 'aria-label': 'Previous move', onclick: () => go(at - 1) }, '◀');
  const forward = h('button', { id: 'solution-forward', 'aria-label': 'Next move', onclick: () => go(at + 1) }, '▶');

  function drawLine() {
    fill(
      list,
      moves.map((m, i) =>
        h(
          'li',
          { class: i % 2 ? 'reply' : 'solver' },
          h(
            'button',
            {
              class: `solution-move${i + 1 === at ? ' current' : ''}`,
              'data-ply': i + 1,
              'aria-current': i + 1 === at ? 'step' : null,
              title: `${i % 2 ? opponent : solver} plays this`,
              onclick: () => go(i + 1),
            },
            h('code', {}, m),
          ),
        ),
      ),
    );
    back.disabled = at <= 0;
    forward.disabled = at >= moves.length;
  }

  drawLine();
  fill(
    box,
    h('p', { class: 'small muted' }, `The solution (${solver}’s moves in gold):`),
    list,
    h(
      'div',
      { class: 'choices solution-steps' },
      back,
      forward,
      h('button', { class: 'ghost', id: 'solution-start', onclick: () => go(0) }, 'Start position'),
    ),
  );
  return { step: (delta) => go(at + delta) };
}
