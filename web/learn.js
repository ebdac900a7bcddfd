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
  const title = rules.title || cap(game);
  document.title = `Learn ${title} · Arbiter`;
  const tutorial = rules.tutorial || { position: null, options: '', steps: [] };
  const steps = tutorial.steps || [];
  const options = tutorial.options || '';

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

  const board = new Board({ id: 'board', className: 'board', label: `${title} tutorial board` });
  const counter = h('p', { class: 'learn-counter', id: 'learn-counter' });
  const sayBox = h('div', { class: 'learn-say', id: 'learn-say', 'aria-live': 'polite' });
  const next = h('p', { class: 'learn-next', id: 'learn-next' });
  const buttons = h('div', { class: 'choices', id: 'learn-buttons' });
  const message = h('p', { class: 'message', id: 'learn-message', role: 'status', 'aria-live': 'polite' });
  const finish = h('div', { class: 'learn-finish hidden', id: 'learn-finish' });
  const legend = h('div', { class: 'learn-legend' });
  const say = (text, kind = '') => {
    message.textContent = text || '';
    message.className = `message ${kind}`;
  };

  main.appendChild(
    h(
      'div',
      { class: 'learn-page game-page', id: 'learn-page', 'data-game': game },
      h('div', { class: 'board-col' }, h('div', { class: 'board-wrap' }, board.svg)),
      h(
        'aside',
        { class: 'side panel learn-panel' },
        h(
          'div',
          { class: 'title-row' },
          h('h1', {}, `Learn ${title}`),
          h('a', { class: 'rules-link', href: `/rules/${game}` }, 'Rules'),
        ),
        counter,
        sayBox,
        next,
        buttons,
        message,
        finish,
        h(
          'div',
          { class: 'actions' },
          h('button', { id: 'learn-restart', onclick: () => start() }, '↺ Restart'),
          h('a', { class: 'button', href: `/?game=${game}` }, 'Skip to a real game'),
        ),
        legend,
      ),
    ),
  );

  // The counter changes only together with the step's words (runStep): the step just played keeps both
  // while its move is shown, and past the last step the tutorial is done.
  const showCounter = () => {
    counter.textContent =
      L.done || L.step >= steps.length ? `All ${steps.length} steps done` : `Step ${L.step + 1} of ${steps.length}`;
  };

  const markDone = () => {
    board.clearMarks();
    for (const c of L.clicks.slice(0, L.clickIndex)) if (c.cell) board.mark(c.cell, 'selected');
  };

  // The next click of a "you" step: marked on the board, or a button when it has no cell.
  const prompt = () => {
    markDone();
    fill(buttons);
    const click = L.clicks[L.clickIndex];
    if (!click) return;
    if (click.cell) {
      board.mark(click.cell, 'hint');
      next.textContent = `Click ${click.cell}: ${click.label}.`;
    } else {
      next.textContent = `Choose: ${click.label}.`;
      buttons.appendChild(
        h(
          'button',
          { class: 'token-choice primary', 'data-token': click.token || '', onclick: () => advance() },
          click.label,
        ),
      );
    }
    board.setHits((cell) => (cell === click.cell ? ['token'] : []));
  };

  // A turn entered step by step shows each step on the board as it is clicked.
  const showSteps = async (run) => {
    const tokens = L.clicks.slice(0, L.clickIndex).map((c) => c.token);
    if (!tokens.length || tokens.some((t) => !t) || !L.diagram) return;
    try {
      const turn = await getPartialTurn({ game, options, position: L.position, tokens });
      if (run === L.run) await board.setDiagram(L.diagram, { pieces: turn.pieces, animate: true });
    } catch (e) {
      say(e.message, 'error');
    }
  };

  const advance = async () => {
    const run = L.run;
    L.clickIndex += 1;
    say('');
    if (L.clickIndex >= L.clicks.length) return playMove(run);
    L.busy = true;
    await showSteps(run);
    if (run !== L.run) return;
    L.busy = false;
    prompt();
  };

  board.onCell = (cell) => {
    if (L.done) return say('The tutorial is over: play a real game, or restart.', 'info');
    const s = steps[L.step];
    if (L.busy || !s || s.by !== 'you') return say('Wait a moment: your opponent is moving.', 'info');
    const click = L.clicks[L.clickIndex];
    if (!click) return;
    if (click.cell === cell) return advance();
    if (!click.cell) return say(`Not on the board this time: first choose “${click.label}” with the button.`, 'warn');
    say(`Not ${cell} — this step is “${click.label}”: click the marked cell ${click.cell}.`, 'warn');
  };

  const playMove = async (run) => {
    L.busy = true;
    board.setHits(null);
    fill(buttons);
    const info = L.info || {};
    if (info.from && info.to) board.arrow(info.from, info.to, 'mark-hint');
    await sleep(reducedMotion() ? 0 : 250);
    const d = await getDiagram({ game, options, position: L.after });
    if (run !== L.run) return;
    board.clearMarks();
    await board.setDiagram(d, { animate: true });
    if (run !== L.run) return;
    for (const c of [info.from, info.to]) if (c) board.mark(c, 'last');
    L.position = d.position;
    L.diagram = d;
    L.step += 1;
    await sleep(reducedMotion() ? 50 : 400);
    if (run === L.run) runStep(run);
  };

  const runStep = async (run) => {
    say('');
    next.textContent = '';
    if (L.step >= steps.length) {
      L.done = true;
      L.busy = false;
      showCounter();
      const ending = L.diagram && L.diagram.ending;
      fill(
        sayBox,
        ending ? h('p', { class: 'learn-ending', id: 'learn-ending' }, ending.text) : null,
        h('p', {}, `That is the whole tutorial. You know enough to play ${title}.`),
      );
      if (ending) for (const c of ending.cells || []) board.mark(c, 'decisive');
      finish.className = 'learn-finish';
      fill(
        finish,
        h('a', { class: 'button primary big', id: 'play-real', href: `/?game=${game}` }, 'Play a real game'),
        h('a', { class: 'button', href: `/rules/${game}` }, 'Read the full rules'),
      );
      return;
    }
    const s = steps[L.step];
    showCounter();
    fill(
      sayBox,
      ...String(s.say || '')
        .split(/\n\n+/)
        .map((p) => h('p', {}, p)),
    );
    L.busy = true;
    let d;
    try {
      d = await getDiagram({ game, options, position: L.position, move: s.move });
    } catch (e) {
      return say(`This step could not be loaded: ${e.message}`, 'error');
    }
    if (run !== L.run) return;
    const move = d.move || {};
    L.clicks = move.clicks || [];
    L.after = move.after;
    L.info = move.info || null;
    L.clickIndex = 0;
    if (s.by === 'opponent') {
      next.textContent = `Your opponent plays ${s.move}.`;
      board.clearMarks();
      await sleep(reducedMotion() ? 100 : 700);
      if (run !== L.run) return;
      for (const c of L.clicks) if (c.cell) board.mark(c.cell, 'selected');
      L.clickIndex = L.clicks.length;
      await playMove(run);
    } else {
      L.busy = false;
      prompt();
    }
  };

  const start = async () => {
    L.run += 1;
    const run = L.run;
    Object.assign(L, { step: 0, clicks: [], clickIndex: 0, done: false, busy: true });
    finish.className = 'learn-finish hidden';
    fill(finish);
    say('');
    let d;
    try {
      d = await getDiagram({ game, options, position: tutorial.position });
    } catch (e) {
      return say(e.message, 'error');
    }
    if (run !== L.run) return;
    L.position = d.position;
    L.diagram = d;
    board.clearMarks();
    await board.setDiagram(d, { animate: !!board.diagram });
    fill(
      legend,
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
    if (!steps.length) {
      fill(sayBox, h('p', {}, 'This game has no tutorial yet: read the rules instead.'));
      return;
    }
    runStep(run);
  };

  start();
}
