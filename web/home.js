// The home page: choose a game, its options and who plays each side; load a record; resume a game.
import { api } from './api.js';
import { h, el, cap, clear } from './svg.js';
import { BLURBS, BOARDS, sideStyle } from './boards/index.js';
import { rememberSeats } from './game.js';

const LEVELS = [1, 2, 3, 4, 5, 6];

export async function renderHome(main) {
  clear(main);
  document.title = 'Arbiter — play Void, Krux, Attraction and Villawar';
  let catalog;
  try {
    catalog = await api('GET', '/catalog');
  } catch (e) {
    main.appendChild(h('p', { class: 'error' }, e.message));
    return;
  }
  const form = { game: catalog.games[0].name, size: '8', repetition: true, players: ['human', 'computer:2'] };
  const message = h('p', { class: 'message', id: 'home-message', role: 'status' });

  const cards = h('div', { class: 'game-cards', role: 'radiogroup' });
  const optionsBox = h('div', { class: 'options' });
  const playersBox = h('div', { class: 'players-choice' });

  const selectGame = (name) => {
    form.game = name;
    for (const card of cards.children) card.classList.toggle('selected', card.dataset.game === name);
    renderOptions();
    renderPlayers();
  };

  for (const g of catalog.games) {
    cards.appendChild(
      h(
        'button',
        { class: 'game-card', type: 'button', 'data-game': g.name, id: `pick-${g.name}`, onclick: () => selectGame(g.name) },
        preview(g),
        h('span', { class: 'game-card-title' }, cap(g.name)),
        h('span', { class: 'game-card-sides' }, `${cap(g.sides[0])} vs ${cap(g.sides[1])}`),
        h('span', { class: 'game-card-blurb' }, BLURBS[g.name] || ''),
      ),
    );
  }

  const current = () => catalog.games.find((g) => g.name === form.game);

  function renderOptions() {
    clear(optionsBox);
    const g = current();
    if (g.options.includes('size')) {
      const select = h(
        'select',
        { id: 'opt-size', onchange: (e) => (form.size = e.target.value) },
        ['6', '8', '10'].map((n) => h('option', { value: n, selected: n === form.size }, `${n}×${n}`)),
      );
      optionsBox.appendChild(h('label', { class: 'field' }, h('span', {}, 'Board size'), select));
    }
    const rep = h('input', { type: 'checkbox', id: 'opt-repetition', checked: form.repetition, onchange: (e) => (form.repetition = e.target.checked) });
    optionsBox.appendChild(h('label', { class: 'field checkbox' }, rep, h('span', {}, 'Threefold repetition draws')));
  }

  function renderPlayers() {
    clear(playersBox);
    const g = current();
    g.sides.forEach((side, i) => {
      const style = sideStyle(side);
      const select = h(
        'select',
        { id: `player-${i}`, onchange: (e) => (form.players[i] = e.target.value) },
        h('option', { value: 'human', selected: form.players[i] === 'human' }, 'Human'),
        LEVELS.map((l) =>
          h('option', { value: `computer:${l}`, selected: form.players[i] === `computer:${l}` }, `Computer — level ${l}`),
        ),
      );
      playersBox.appendChild(
        h(
          'label',
          { class: 'field side-field' },
          h('span', { class: 'side-chip', style: `background:${style.fill};border-color:${style.stroke}` }),
          h('span', { class: 'side-name' }, cap(side) + (i === 0 ? ' (moves first)' : '')),
          select,
        ),
      );
    });
  }

  const positionInput = h('textarea', { id: 'setup-position', rows: 2, placeholder: 'Paste a position string to start from it (optional)' });
  const recordInput = h('input', { type: 'file', id: 'load-record', accept: 'application/json,.json' });

  const seatsOf = () =>
    form.players.map((p) => (p === 'human' ? { kind: 'human' } : { kind: 'computer', level: Number(p.split(':')[1]) }));

  const start = async (body) => {
    message.textContent = 'Starting…';
    message.className = 'message';
    try {
      const view = await api('POST', '/games', body);
      rememberSeats(view.id, view.sides.map((s, i) => (s.seat.kind === 'human' ? i : -1)).filter((i) => i >= 0));
      location.href = `/game/${view.id}`;
    } catch (e) {
      message.textContent = e.message;
      message.className = 'message error';
    }
  };

  const startButton = h(
    'button',
    {
      class: 'primary big',
      id: 'start-game',
      type: 'button',
      onclick: () => {
        const g = current();
        const options = [];
        if (g.options.includes('size') && form.size !== '8') options.push(`size=${form.size}`);
        if (!form.repetition) options.push('repetition=off');
        const position = positionInput.value.trim();
        start({ game: form.game, options: options.join(','), position: position || undefined, players: seatsOf() });
      },
    },
    'Start game',
  );

  recordInput.addEventListener('change', async () => {
    const file = recordInput.files[0];
    if (!file) return;
    let record;
    try {
      record = JSON.parse(await file.text());
    } catch (e) {
      message.textContent = `${file.name} is not JSON: ${e.message}`;
      message.className = 'message error';
      return;
    }
    start({ record, players: seatsOf() });
  });

  const recent = h('div', { class: 'recent' });
  main.appendChild(
    h(
      'div',
      { class: 'home' },
      h(
        'section',
        { class: 'panel new-game' },
        h('h1', {}, 'Play a game'),
        cards,
        h('div', { class: 'form-grid' }, h('div', {}, h('h2', {}, 'Players'), playersBox), h('div', {}, h('h2', {}, 'Options'), optionsBox)),
        h('details', { class: 'setup' }, h('summary', {}, 'Start from a position or a saved record'), positionInput, h('label', { class: 'field file' }, h('span', {}, 'Load a game record (JSON)'), recordInput)),
        h('div', { class: 'actions' }, startButton),
        message,
      ),
      h('section', { class: 'panel' }, h('h2', {}, 'Recent games'), recent),
    ),
  );
  selectGame(form.game);

  try {
    const games = await api('GET', '/games?limit=12');
    if (!games.length) recent.appendChild(h('p', { class: 'muted' }, 'No games yet.'));
    for (const g of games) {
      const seats = g.seats.map((s) => (s.kind === 'human' ? 'human' : `computer ${s.level}`)).join(' vs ');
      recent.appendChild(
        h(
          'a',
          { class: 'recent-game', href: `/game/${g.id}` },
          h('strong', {}, cap(g.game) + (g.options ? ` (${g.options})` : '')),
          h('span', {}, `${seats} · ${g.ply} plies`),
          h('span', { class: g.result ? 'result' : 'muted' }, g.result || 'in progress'),
        ),
      );
    }
  } catch (_) {
    /* the list is a convenience */
  }
}

/** A small picture of a game's start position. */
function preview(game) {
  const board = BOARDS[game.name];
  const svg = el('svg', { class: 'preview', 'aria-hidden': 'true' });
  if (!board) return svg;
  try {
    const lay = board.layout(game.start, false);
    svg.setAttribute('viewBox', lay.viewBox);
    const g = el('g', {}, svg);
    lay.drawBackground(g);
    const styles = game.sides.map(sideStyle);
    for (const [cell, piece] of board.parse(game.start).pieces) lay.drawPiece(g, cell, piece, styles[piece.side]);
  } catch (_) {
    /* a preview is decoration */
  }
  return svg;
}
