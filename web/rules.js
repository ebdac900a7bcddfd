// "How to play" pages (/rules/<game>): the game's rules from the server, each picture a small live board
// whose example move the reader can play and reset.
import { api, getDiagram } from './api.js';
import { h, cap, clear, sleep, reducedMotion } from './svg.js';
import { Board } from './board.js';
import { pieceKey } from './legend.js';
import { renderNotFound } from './notfound.js';

/** Shows a move's clicks on a board, one after another (each labelled in `caption`). */
export async function showClicks(board, clicks, caption, pause = 450) {
  const wait = reducedMotion() ? 0 : pause;
  for (const [i, click] of clicks.entries()) {
    if (click.cell) board.mark(click.cell, i === clicks.length - 1 ? 'hint' : 'selected');
    if (caption) caption.textContent = `${i + 1}. ${click.label}`;
    await sleep(wait);
  }
}

function liveFigure(figure, game, def) {
  const board = new Board({ className: 'board mini', label: def.caption || 'diagram' });
  const note = h('p', { class: 'figure-note', 'aria-live': 'polite' });
  const options = def.options || '';
  let start = null;
  let busy = false;
  const show = async (position, animate) => {
    const d = await getDiagram({ game, options, position });
    await board.setDiagram(d, { animate });
    figure.dataset.position = d.position;
    return d;
  };
  const play = async () => {
    if (busy || !def.example || !start) return;
    busy = true;
    playButton.disabled = true;
    try {
      if (figure.dataset.position !== start.position) {
        board.clearMarks();
        await show(def.position, true);
      }
      const d = await getDiagram({ game, options, position: def.position, move: def.example });
      const move = d.move || {};
      board.clearMarks();
      await showClicks(board, move.clicks || [], note);
      const info = move.info || {};
      if (info.from && info.to) board.arrow(info.from, info.to, 'mark-hint');
      await sleep(reducedMotion() ? 0 : 350);
      const after = def.after || move.after;
      board.clearMarks();
      await show(after, true);
      for (const c of [info.from, info.to]) if (c) board.mark(c, 'last');
      // The game's words for the move, where its notation is hard to read.
      note.textContent = `Played: ${def.example}${move.words ? ` — ${move.words}` : ''}`;
      figure.classList.add('played');
    } catch (e) {
      note.textContent = e.message;
      note.classList.add('error');
    }
    busy = false;
    playButton.disabled = false;
  };
  const reset = async () => {
    if (busy) return;
    board.clearMarks();
    note.textContent = '';
    figure.classList.remove('played');
    await show(def.position, true);
  };
  const playButton = h('button', { class: 'primary small play-example', onclick: play }, '▶ Play the example');
  const buttons = h(
    'div',
    { class: 'figure-buttons' },
    def.example ? playButton : null,
    def.example ? h('button', { class: 'small reset-example', onclick: reset }, '↺ Reset') : null,
    def.example ? h('code', { class: 'example-move' }, def.example) : null,
  );
  if (!figure.querySelector('figcaption') && def.caption) figure.appendChild(h('figcaption', {}, def.caption));
  figure.prepend(board.svg);
  figure.insertBefore(buttons, figure.querySelector('figcaption'));
  figure.insertBefore(note, figure.querySelector('figcaption'));
  show(def.position, false)
    .then((d) => (start = d))
    .catch((e) => {
      note.textContent = `This diagram could not be drawn: ${e.message}`;
      note.classList.add('error');
    });
}

/**
 * Clears `main` and fetches a game's rules (text, diagrams, tutorial); on failure shows "Page not found" (no such
 * game) or the error under `heading`, and resolves to null.
 */
export async function loadRules(main, game, heading) {
  clear(main);
  try {
    return await api('GET', `/rules/${encodeURIComponent(game)}`);
  } catch (e) {
    if (e.status === 404 || e.code === 'unknown_game') renderNotFound(main, `There is no game called “${game}” here.`);
    else
      main.appendChild(h('section', { class: 'panel' }, h('h1', {}, heading), h('p', { class: 'error' }, e.message)));
    return null;
  }
}

export async function renderRules(main, game) {
  const rules = await loadRules(main, game, 'How to play');
  if (!rules) return;
  const title = rules.title || cap(game);
  document.title = `How to play ${title} · Arbiter`;
  const text = h('div', { class: 'rules-text' });
  text.innerHTML = rules.html;
  const keyBox = h('aside', { class: 'rules-key panel' }, h('h2', {}, 'The pieces'));
  const page = h(
    'article',
    { class: 'rules-page', id: 'rules-page', 'data-game': game },
    h(
      'header',
      { class: 'rules-head' },
      h('h1', {}, `How to play ${title}`),
      h(
        'nav',
        { class: 'rules-nav' },
        h('a', { class: 'button', href: `/learn/${game}`, id: 'learn-link' }, 'Tutorial: a guided first game'),
        h(
          'a',
          { class: 'button', href: `/report/${game}`, id: 'report-link' },
          'Game report: balance, length, branching…',
        ),
        h('a', { class: 'button primary', href: `/?game=${game}`, id: 'play-link' }, `Play ${title}`),
      ),
    ),
    keyBox,
    text,
  );
  main.appendChild(page);
  getDiagram({ game })
    .then((d) => {
      const key = pieceKey(d);
      if (key) keyBox.appendChild(key);
      else keyBox.remove();
    })
    .catch(() => keyBox.remove());
  const defs = new Map((rules.diagrams || []).map((d) => [d.id, d]));
  for (const figure of text.querySelectorAll('figure.live-diagram')) {
    const def = defs.get(figure.dataset.diagram);
    if (def) liveFigure(figure, game, def);
  }
  // Wide screens: consecutive diagrams side by side.
  for (const figure of text.querySelectorAll('figure.live-diagram')) {
    const prev = figure.previousElementSibling;
    if (prev && prev.matches('figure.live-diagram') && !prev.parentElement.classList.contains('figure-row')) {
      const row = h('div', { class: 'figure-row' });
      prev.replaceWith(row);
      row.append(prev, figure);
    } else if (prev && prev.classList.contains('figure-row')) {
      prev.appendChild(figure);
    }
  }
  if (location.hash) {
    const target = document.getElementById(location.hash.slice(1));
    if (target) target.scrollIntoView();
  }
}
