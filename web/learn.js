// The guided first game (/learn/<game>): the server's tutorial, step by step. On "you" steps the reader
// enters the move by clicking, as in a real game, with the next click marked; "opponent" steps play by
// themselves.
import { getDiagram, getPartialTurn } from './api.js';
import { h, cap, sleep, reducedMotion, fill } from './svg.js';
import { Board } from './board.js';
import { legendBox, pieceKey } from './legend.js';
import { loadRules } from './rules.js';

export async function renderLearn(main, game) {
  const rules = await loadRules(main, game, 'Tutorial');
  if (!rules) return;
  const T = createTutorial(game, rules);
  document.title = `Learn ${T.title} · Arbiter`;
  main.appendChild(layOut(T));
  T.board.onCell = (cell) => cellClicked(T, cell);
  start(T);
}

/**
 * The tutorial page: the game, its steps, the board and the parts of the panel. `T.L` is where the
 * reader is (also `window.arbiterLearn`, for tests): `run` counts the starts, so that a restart stops
 * whatever the last one was still doing.
 */
function createTutorial(game, rules) {
  const title = rules.title || cap(game);
  const tutorial = rules.tutorial || { position: null, options: '', steps: [] };
  const L = {
    step: 0,
    position: null,
    clicks: [],
    clickIndex: 0,
    after: null,
    info: null,
    diagram: null,
    busy: true,
    done: false,
    run: 0,
  };
  window.arbiterLearn = L;
  const message = h('p', { class: 'message', id: 'learn-message', role: 'status', 'aria-live': 'polite' });
  return {
    game,
    title,
    tutorial,
    steps: tutorial.steps || [],
    options: tutorial.options || '',
    L,
    board: new Board({ id: 'board', className: 'board', label: `${title} tutorial board` }),
    counter: h('p', { class: 'learn-counter', id: 'learn-counter' }),
    sayBox: h('div', { class: 'learn-say', id: 'learn-say', 'aria-live': 'polite' }),
    next: h('p', { class: 'learn-next', id: 'learn-next' }),
    buttons: h('div', { class: 'choices', id: 'learn-buttons' }),
    message,
    finish: h('div', { class: 'learn-finish hidden', id: 'learn-finish' }),
    legend: h('div', { class: 'learn-legend' }),
    say: (text, kind = '') => {
      message.textContent = text || '';
      message.className = `message ${kind}`;
    },
  };
}

function layOut(T) {
  const { game } = T;
  return h(
    'div',
    { class: 'learn-page game-page', id: 'learn-page', 'data-game': game },
    h('div', { class: 'board-col' }, h('div', { class: 'board-wrap' }, T.board.svg)),
    h(
      'aside',
      { class: 'side panel learn-panel' },
      h(
        'div',
        { class: 'title-row' },
        h('h1', {}, `Learn ${T.title}`),
        h('a', { class: 'rules-link', href: `/rules/${game}` }, 'Rules'),
      ),
      T.counter,
      T.sayBox,
      T.next,
      T.buttons,
      T.message,
      T.finish,
      h(
        'div',
        { class: 'actions' },
        h('button', { id: 'learn-restart', onclick: () => start(T) }, '↺ Restart'),
        h('a', { class: 'button', href: `/?game=${game}` }, 'Skip to a real game'),
      ),
      T.legend,
    ),
  );
}

// The counter changes only together with the step's words (runStep): the step just played keeps both
// while its move is shown, and past the last step the tutorial is done.
function showCounter(T) {
  const { L, steps } = T;
  T.counter.textContent =
    L.done || L.step >= steps.length ? `All ${steps.length} steps done` : `Step ${L.step + 1} of ${steps.length}`;
}

/** Marks the clicks of the step made so far. */
function markDone(T) {
  const { L, board } = T;
  board.clearMarks();
  for (const c of L.clicks.slice(0, L.clickIndex)) if (c.cell) board.mark(c.cell, 'selected');
}

/** The next click of a "you" step: marked on the board, or a button when it has no cell. */
function prompt(T) {
  const { L, board } = T;
  markDone(T);
  fill(T.buttons);
  const click = L.clicks[L.clickIndex];
  if (!click) return;
  if (click.cell) {
    board.mark(click.cell, 'hint');
    T.next.textContent = `Click ${click.cell}: ${click.label}.`;
  } else {
    T.next.textContent = `Choose: ${click.label}.`;
    T.buttons.appendChild(
      h(
        'button',
        { class: 'token-choice primary', 'data-token': click.token || '', onclick: () => advance(T) },
        click.label,
      ),
    );
  }
  board.setHits((cell) => (cell === click.cell ? ['token'] : []));
}

/** A turn entered step by step shows each step on the board as it is clicked. */
async function showSteps(T, run) {
  const { L } = T;
  const tokens = L.clicks.slice(0, L.clickIndex).map((c) => c.token);
  if (!tokens.length || tokens.some((t) => !t) || !L.diagram) return;
  try {
    const turn = await getPartialTurn({ game: T.game, options: T.options, position: L.position, tokens });
    if (run === L.run) await T.board.setDiagram(L.diagram, { pieces: turn.pieces, animate: true });
  } catch (e) {
    T.say(e.message, 'error');
  }
}

/** The right click was made: on to the next one, or the move is played. */
async function advance(T) {
  const { L } = T;
  const run = L.run;
  L.clickIndex += 1;
  T.say('');
  if (L.clickIndex >= L.clicks.length) return playMove(T, run);
  L.busy = true;
  await showSteps(T, run);
  if (run !== L.run) return;
  L.busy = false;
  prompt(T);
}

function cellClicked(T, cell) {
  const { L, say } = T;
  if (L.done) return say('The tutorial is over: play a real game, or restart.', 'info');
  const s = T.steps[L.step];
  if (L.busy || !s || s.by !== 'you') return say('Wait a moment: your opponent is moving.', 'info');
  const click = L.clicks[L.clickIndex];
  if (!click) return;
  if (click.cell === cell) return advance(T);
  if (!click.cell) return say(`Not on the board this time: first choose “${click.label}” with the button.`, 'warn');
  say(`Not ${cell} — this step is “${click.label}”: click the marked cell ${click.cell}.`, 'warn');
}

/** Plays the step's move on the board (an arrow, then the pieces slide), then goes on to the next step. */
async function playMove(T, run) {
  const { L, board } = T;
  L.busy = true;
  board.setHits(null);
  fill(T.buttons);
  const info = L.info || {};
  if (info.from && info.to) board.arrow(info.from, info.to, 'mark-hint');
  await sleep(reducedMotion() ? 0 : 250);
  const d = await getDiagram({ game: T.game, options: T.options, position: L.after });
  if (run !== L.run) return;
  board.clearMarks();
  await board.setDiagram(d, { animate: true });
  if (run !== L.run) return;
  for (const c of [info.from, info.to]) if (c) board.mark(c, 'last');
  L.position = d.position;
  L.diagram = d;
  L.step += 1;
  await sleep(reducedMotion() ? 50 : 400);
  if (run === L.run) runStep(T, run);
}

/** Shows the step's words and loads its move: the reader clicks it ("you"), or it plays itself. */
async function runStep(T, run) {
  const { L } = T;
  T.say('');
  T.next.textContent = '';
  if (L.step >= T.steps.length) return finishTutorial(T);
  const s = T.steps[L.step];
  showCounter(T);
  fill(
    T.sayBox,
    ...String(s.say || '')
      .split(/\n\n+/)
      .map((p) => h('p', {}, p)),
  );
  L.busy = true;
  let d;
  try {
    d = await getDiagram({ game: T.game, options: T.options, position: L.position, move: s.move });
  } catch (e) {
    return T.say(`This step could not be loaded: ${e.message}`, 'error');
  }
  if (run !== L.run) return;
  const move = d.move || {};
  L.clicks = move.clicks || [];
  L.after = move.after;
  L.info = move.info || null;
  L.clickIndex = 0;
  if (s.by === 'opponent') return opponentMoves(T, run, s.move);
  L.busy = false;
  prompt(T);
}

/** The opponent's step: its clicks are marked, then its move is played. */
async function opponentMoves(T, run, notation) {
  const { L, board } = T;
  T.next.textContent = `Your opponent plays ${notation}.`;
  board.clearMarks();
  await sleep(reducedMotion() ? 100 : 700);
  if (run !== L.run) return;
  for (const c of L.clicks) if (c.cell) board.mark(c.cell, 'selected');
  L.clickIndex = L.clicks.length;
  await playMove(T, run);
}

/** Past the last step: how the game ended, if it did, and the way to a real game. */
function finishTutorial(T) {
  const { L, game } = T;
  L.done = true;
  L.busy = false;
  showCounter(T);
  const ending = L.diagram && L.diagram.ending;
  fill(
    T.sayBox,
    ending ? h('p', { class: 'learn-ending', id: 'learn-ending' }, ending.text) : null,
    h('p', {}, `That is the whole tutorial. You know enough to play ${T.title}.`),
  );
  if (ending) for (const c of ending.cells || []) T.board.mark(c, 'decisive');
  T.finish.className = 'learn-finish';
  fill(
    T.finish,
    h('a', { class: 'button primary big', id: 'play-real', href: `/?game=${game}` }, 'Play a real game'),
    h('a', { class: 'button', href: `/rules/${game}` }, 'Read the full rules'),
  );
}

/** (Re)starts the tutorial from its first position. */
async function start(T) {
  const { L, board } = T;
  L.run += 1;
  const run = L.run;
  Object.assign(L, { step: 0, clicks: [], clickIndex: 0, done: false, busy: true });
  T.finish.className = 'learn-finish hidden';
  fill(T.finish);
  T.say('');
  let d;
  try {
    d = await getDiagram({ game: T.game, options: T.options, position: T.tutorial.position });
  } catch (e) {
    return T.say(e.message, 'error');
  }
  if (run !== L.run) return;
  L.position = d.position;
  L.diagram = d;
  board.clearMarks();
  await board.setDiagram(d, { animate: !!board.diagram });
  showLegend(T, d);
  if (!T.steps.length) {
    fill(T.sayBox, h('p', {}, 'This game has no tutorial yet: read the rules instead.'));
    return;
  }
  runStep(T, run);
}

/** The legend, its "hint" mark meaning the next click here. */
function showLegend(T, d) {
  fill(
    T.legend,
    h(
      'details',
      { class: 'legend-section', open: true },
      h('summary', {}, 'Legend and pieces'),
      legendBox({
        ...d,
        legend: [{ mark: 'hint', text: 'click here next' }, ...(d.legend || []).filter((i) => i.mark !== 'hint')],
      }),
      pieceKey(d),
    ),
  );
}
