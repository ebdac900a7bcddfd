// The home page: choose a game, its options and who plays each side; load a record; resume a game.
// Everything about the games (names, sides, blurbs, options, levels, pictures) comes from the server.
import { api, getDiagram } from './api.js';
import { h, cap, clear } from './svg.js';
import { Board } from './board.js';
import { rememberSeats } from './game/state.js';

// Options every game takes that the form offers as a checkbox, or leaves to the CLI.
const COMMON_OPTIONS = ['repetition', 'plies'];

/** A record that the server refused: a short sentence, with the server's own words kept for the curious. */
function recordProblem(name, e) {
  const raw = e.message || '';
  const technical =
    e.code === 'bad_request_body' ||
    e.code === 'bad_json' ||
    raw.length > 160 ||
    /line \d+ column \d+|invalid type|unknown field|missing field|unknown variant|expected `/.test(raw);
  return technical
    ? `${name} is not a game record Arbiter can read: a record is a JSON object with "game", "options", "start" and "moves".`
    : `${name}: ${raw}`;
}

export async function renderHome(main) {
  clear(main);
  document.title = 'Arbiter — play Void, Krux, Attraction and Villawar';
  let catalog;
  try {
    catalog = await api('GET', '/catalog');
  } catch (e) {
    main.appendChild(h('section', { class: 'panel' }, h('h1', {}, 'Arbiter'), h('p', { class: 'error' }, e.message)));
    return;
  }
  const wanted = new URLSearchParams(location.search).get('game');
  const initial = catalog.games.find((g) => g.name === wanted) || catalog.games[0];
  const form = { game: initial.name, options: {}, repetition: true, players: ['human', 'computer:2'] };
  const message = h('p', { class: 'message', id: 'home-message', role: 'status' });
  const details = h('div', { class: 'message-details' });
  const say = (text, kind = '', more = null) => {
    message.textContent = text || '';
    message.className = `message ${kind}`;
    details.replaceChildren();
    if (more)
      details.appendChild(
        h('details', { class: 'small muted' }, h('summary', {}, 'What the server said'), h('code', {}, more)),
      );
  };

  const cards = h('div', { class: 'game-cards' });
  const optionsBox = h('div', { class: 'options' });
  const playersBox = h('div', { class: 'players-choice' });
  const current = () => catalog.games.find((g) => g.name === form.game);
  const levelsOf = (g) => g.levels || catalog.max_level || 1;
  const titleOf = (g) => g.title || cap(g.name);

  const selectGame = (name) => {
    form.game = name;
    for (const card of cards.children) {
      const on = card.dataset.game === name;
      card.classList.toggle('selected', on);
      card.querySelector('.pick').setAttribute('aria-pressed', on ? 'true' : 'false');
    }
    const max = levelsOf(current());
    form.players = form.players.map((p) =>
      p.startsWith('computer:') && Number(p.split(':')[1]) > max ? `computer:${max}` : p,
    );
    renderOptions();
    renderPlayers();
  };

  for (const g of catalog.games) {
    const picture = new Board({ className: 'preview', label: `${titleOf(g)}: the start position` });
    getDiagram({ game: g.name })
      .then((d) => picture.setDiagram(d))
      .catch(() => {});
    cards.appendChild(
      h(
        'div',
        { class: 'game-card', 'data-game': g.name },
        h(
          'button',
          {
            class: 'pick',
            type: 'button',
            id: `pick-${g.name}`,
            'aria-pressed': 'false',
            onclick: () => selectGame(g.name),
          },
          picture.svg,
          h('span', { class: 'game-card-title' }, titleOf(g)),
          h('span', { class: 'game-card-sides' }, `${cap(g.sides[0])} vs ${cap(g.sides[1])}`),
          h('span', { class: 'game-card-blurb' }, g.blurb || ''),
        ),
        g.rules === false
          ? null
          : h(
              'div',
              { class: 'game-card-links' },
              h('a', { href: `/rules/${g.name}`, class: 'rules-link', id: `rules-${g.name}` }, 'How to play'),
              h('a', { href: `/learn/${g.name}`, class: 'learn-link', id: `learn-${g.name}` }, 'Tutorial'),
            ),
      ),
    );
  }

  function renderOptions() {
    clear(optionsBox);
    const g = current();
    const choices = g.option_choices || g.option_values || {};
    for (const key of g.options.filter((k) => !COMMON_OPTIONS.includes(k))) {
      const value = form.options[`${g.name}.${key}`] || '';
      const set = (e) => (form.options[`${g.name}.${key}`] = e.target.value.trim());
      const input = choices[key]
        ? h(
            'select',
            { id: `opt-${key}`, onchange: set },
            h('option', { value: '' }, 'default'),
            choices[key].map((c) => h('option', { value: String(c), selected: String(c) === value }, String(c))),
          )
        : h('input', { type: 'text', id: `opt-${key}`, value, placeholder: 'default', size: 6, onchange: set });
      optionsBox.appendChild(h('label', { class: 'field' }, h('span', {}, cap(key)), input));
    }
    if (g.options.includes('repetition')) {
      const rep = h('input', {
        type: 'checkbox',
        id: 'opt-repetition',
        checked: form.repetition,
        onchange: (e) => (form.repetition = e.target.checked),
      });
      optionsBox.appendChild(h('label', { class: 'field checkbox' }, rep, h('span', {}, 'Threefold repetition draws')));
    }
  }

  function renderPlayers() {
    clear(playersBox);
    const g = current();
    const levels = [];
    for (let l = 1; l <= levelsOf(g); l++) levels.push(l);
    g.sides.forEach((side, i) => {
      const select = h(
        'select',
        { id: `player-${i}`, onchange: (e) => (form.players[i] = e.target.value) },
        h('option', { value: 'human', selected: form.players[i] === 'human' }, 'Human'),
        levels.map((l) =>
          h(
            'option',
            { value: `computer:${l}`, selected: form.players[i] === `computer:${l}` },
            `Computer — level ${l}`,
          ),
        ),
      );
      playersBox.appendChild(
        h(
          'label',
          { class: 'field side-field' },
          h('span', { class: 'side-name' }, cap(side) + (i === 0 ? ' (moves first)' : '')),
          select,
        ),
      );
    });
  }

  const positionInput = h('textarea', {
    id: 'setup-position',
    rows: 2,
    placeholder: 'Paste a position string (or a game record) to start from it (optional)',
  });
  const recordInput = h('input', { type: 'file', id: 'load-record', accept: 'application/json,.json' });

  const seatsOf = () =>
    form.players.map((p) => (p === 'human' ? { kind: 'human' } : { kind: 'computer', level: Number(p.split(':')[1]) }));

  const start = async (body, what = null) => {
    say('Starting…');
    try {
      const view = await api('POST', '/games', body);
      rememberSeats(
        view.id,
        view.sides.map((s, i) => (s.seat.kind === 'human' ? i : -1)).filter((i) => i >= 0),
      );
      location.href = `/game/${view.id}`;
    } catch (e) {
      if (what) say(recordProblem(what, e), 'error', e.message);
      else say(e.message, 'error');
    }
  };

  const startRecord = (text, name) => {
    let record;
    try {
      record = JSON.parse(text);
    } catch (_) {
      return say(`${name} is not a game record: it is not valid JSON.`, 'error');
    }
    if (!record || typeof record !== 'object' || Array.isArray(record)) {
      return say(`${name} is not a game record: a record is a JSON object with "game" and "moves".`, 'error');
    }
    start({ record, players: seatsOf() }, name);
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
        for (const key of g.options) {
          const value = form.options[`${g.name}.${key}`];
          if (value) options.push(`${key}=${value}`);
        }
        if (g.options.includes('repetition') && !form.repetition) options.push('repetition=off');
        const position = positionInput.value.trim();
        if (position.startsWith('{')) return startRecord(position, 'The pasted text');
        start({ game: form.game, options: options.join(','), position: position || undefined, players: seatsOf() });
      },
    },
    'Start game',
  );

  recordInput.addEventListener('change', async () => {
    const file = recordInput.files[0];
    if (file) startRecord(await file.text(), file.name);
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
        h(
          'div',
          { class: 'form-grid' },
          h('div', {}, h('h2', {}, 'Players'), playersBox),
          h('div', {}, h('h2', {}, 'Options'), optionsBox),
        ),
        h(
          'details',
          { class: 'setup' },
          h('summary', {}, 'Start from a position or a saved record'),
          positionInput,
          h('label', { class: 'field file' }, h('span', {}, 'Load a game record (JSON)'), recordInput),
        ),
        h('div', { class: 'actions' }, startButton),
        message,
        details,
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
