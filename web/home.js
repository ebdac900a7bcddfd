// The home page: choose a game, its options, a clock and who plays (the computer, a friend through an
// invite link, both sides on this screen, or anyone: a challenge in the lobby); load a record; the open
// challenges, live; your games and public games to watch.
// Everything about the games (names, sides, blurbs, options, levels, pictures) comes from the server.
import { api, getDiagram, me, rename } from './api.js';
import { h, cap, clear } from './svg.js';
import { Board } from './board.js';
import { rememberInvite } from './game/state.js';
import { PRESETS, CORRESPONDENCE, clockLabel, clockWords } from './clock.js';
import { createLobby } from './lobby.js';

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
  // Who plays: 'computer' (you against it), 'friend' (the other side open for an invite), 'local' (both
  // sides on this screen), 'computers' (the computer against itself) or 'lobby' (a challenge anyone may
  // accept, `colour` being the challenger's side). The clock: '' (none), a control ('fischer:180+2',
  // 'days:3') or 'custom' (`minutes` each plus `increment` seconds a move).
  const form = {
    game: initial.name,
    options: {},
    repetition: true,
    who: 'computer',
    mySide: 0,
    level: 2,
    levels: [2, 2],
    public: false,
    colour: 'random',
    clock: '',
    minutes: '10',
    increment: '5',
  };
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

  const cards = h('div', { class: 'game-cards', role: 'group', 'aria-label': 'Games' });
  const optionsBox = h('div', { class: 'options' });
  const playersBox = h('div', { class: 'players-choice' });
  const clockBox = h('div', { class: 'clock-choice' });
  const current = () => catalog.games.find((g) => g.name === form.game);
  const levelsOf = (g) => g.levels;
  const titleOf = (g) => g.title || cap(g.name);

  // The chosen game in a few words, with its rules and tutorial, under the cards.
  const about = h('p', { class: 'game-about', id: 'game-about', 'aria-live': 'polite' });
  const renderAbout = () => {
    const g = current();
    about.replaceChildren(
      h('strong', {}, titleOf(g)),
      ' ',
      h('span', { class: 'game-about-sides' }, `${cap(g.sides[0])} vs ${cap(g.sides[1])}`),
      g.blurb ? ` — ${g.blurb} ` : ' ',
      g.rules === false
        ? null
        : h(
            'span',
            { class: 'game-about-links' },
            h('a', { href: `/rules/${g.name}`, class: 'rules-link', id: `rules-${g.name}` }, 'How to play'),
            ' · ',
            h('a', { href: `/learn/${g.name}`, class: 'learn-link', id: `learn-${g.name}` }, 'Tutorial'),
          ),
    );
  };

  const selectGame = (name) => {
    form.game = name;
    for (const card of cards.children) {
      const on = card.dataset.game === name;
      card.classList.toggle('selected', on);
      card.querySelector('.pick').setAttribute('aria-pressed', on ? 'true' : 'false');
    }
    const max = levelsOf(current());
    form.level = Math.min(form.level, max);
    form.levels = form.levels.map((l) => Math.min(l, max));
    renderAbout();
    renderOptions();
    renderPlayers();
  };

  // Small cards, all in one row: the chosen game's words, options and the start button come right below.
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
            title: g.blurb || null,
            onclick: () => selectGame(g.name),
          },
          picture.svg,
          h(
            'span',
            { class: 'game-card-text' },
            h('span', { class: 'game-card-title' }, titleOf(g)),
            h('span', { class: 'game-card-sides' }, `${cap(g.sides[0])} vs ${cap(g.sides[1])}`),
          ),
        ),
      ),
    );
  }

  // A game's own options: one or two are shown as they are (Villawar's size); more (Krux's setup, hole,
  // freeze and distance) are variants, folded under one line that says which are chosen.
  const VARIANTS_FOLDED = 3;
  let variantsOpen = false;

  function renderOptions() {
    clear(optionsBox);
    const g = current();
    const choices = g.option_choices || g.option_values || {};
    const keys = g.options.filter((k) => !COMMON_OPTIONS.includes(k));
    const fields = h('div', { class: 'option-fields' });
    const chosen = () =>
      keys.filter((k) => form.options[`${g.name}.${k}`]).map((k) => `${k} ${form.options[`${g.name}.${k}`]}`);
    const summary = h('summary', {});
    const summarize = () => {
      const list = chosen();
      summary.textContent = `Variant: ${list.length ? list.join(', ') : 'default'}`;
    };
    for (const key of keys) {
      const value = form.options[`${g.name}.${key}`] || '';
      const set = (e) => {
        form.options[`${g.name}.${key}`] = e.target.value.trim();
        summarize();
      };
      const input = choices[key]
        ? h(
            'select',
            { id: `opt-${key}`, onchange: set },
            h('option', { value: '' }, 'default'),
            choices[key].map((c) => h('option', { value: String(c), selected: String(c) === value }, String(c))),
          )
        : h('input', { type: 'text', id: `opt-${key}`, value, placeholder: 'default', size: 6, onchange: set });
      fields.appendChild(h('label', { class: 'field stacked' }, h('span', {}, cap(key)), input));
    }
    const folded = keys.length >= VARIANTS_FOLDED;
    if (keys.length && !folded) optionsBox.appendChild(fields);
    if (folded) {
      summarize();
      const box = h(
        'details',
        { class: 'variant-options', id: 'variant-options', open: variantsOpen },
        summary,
        fields,
      );
      box.addEventListener('toggle', () => (variantsOpen = box.open));
      optionsBox.appendChild(box);
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

  const WHO = [
    ['computer', 'Against the computer'],
    ['friend', 'With a friend (invite link)'],
    ['local', 'Both sides on this screen'],
    ['computers', 'Computer against computer'],
    ['lobby', 'Anyone (post a challenge)'],
  ];

  function renderPlayers() {
    clear(playersBox);
    const g = current();
    const levels = [];
    for (let l = 1; l <= levelsOf(g); l++) levels.push(l);
    const sideLabel = (i) => cap(g.sides[i]) + (i === 0 ? ' (moves first)' : '');
    const levelSelect = (id, value, set) =>
      h(
        'select',
        { id, onchange: (e) => set(Number(e.target.value)) },
        levels.map((l) => h('option', { value: String(l), selected: l === value }, `Level ${l}`)),
      );
    const sideSelect = () =>
      h(
        'select',
        { id: 'my-side', onchange: (e) => (form.mySide = Number(e.target.value)) },
        g.sides.map((_, i) => h('option', { value: String(i), selected: form.mySide === i }, sideLabel(i))),
      );
    playersBox.appendChild(
      h(
        'div',
        { class: 'who', role: 'radiogroup', 'aria-label': 'Who plays' },
        WHO.map(([value, text]) =>
          h(
            'label',
            { class: `who-choice ${form.who === value ? 'selected' : ''}` },
            h('input', {
              type: 'radio',
              name: 'who',
              id: `who-${value}`,
              value,
              checked: form.who === value,
              onchange: () => {
                form.who = value;
                renderPlayers();
              },
            }),
            h('span', {}, text),
          ),
        ),
      ),
    );
    const more = h('div', { class: 'who-details' });
    if (form.who === 'computer') {
      more.append(
        h('label', { class: 'field stacked' }, h('span', {}, 'You play'), sideSelect()),
        h(
          'label',
          { class: 'field stacked' },
          h('span', {}, 'Computer'),
          levelSelect('computer-level', form.level, (l) => (form.level = l)),
        ),
      );
    } else if (form.who === 'friend') {
      more.append(
        h('label', { class: 'field stacked' }, h('span', {}, 'You play'), sideSelect()),
        h(
          'p',
          { class: 'small muted' },
          'You get a link to send to your friend: whoever opens it first plays the other side.',
        ),
      );
    } else if (form.who === 'lobby') {
      const colours = [
        ['random', 'Random'],
        ['first', sideLabel(0)],
        ['second', sideLabel(1)],
      ];
      more.append(
        h(
          'label',
          { class: 'field stacked' },
          h('span', {}, 'You play'),
          h(
            'select',
            { id: 'challenge-colour', onchange: (e) => (form.colour = e.target.value) },
            colours.map(([value, text]) => h('option', { value, selected: form.colour === value }, text)),
          ),
        ),
        h(
          'p',
          { class: 'small muted' },
          'Anyone may accept it under Open challenges; stay here: this page then goes to the game.',
        ),
      );
    } else if (form.who === 'local') {
      more.append(h('p', { class: 'small muted' }, 'You play both sides, taking turns at this screen.'));
    } else {
      g.sides.forEach((_, i) =>
        more.append(
          h(
            'label',
            { class: 'field stacked side-field' },
            h('span', { class: 'side-name' }, sideLabel(i)),
            levelSelect(`level-${i}`, form.levels[i], (l) => (form.levels[i] = l)),
          ),
        ),
      );
    }
    playersBox.appendChild(more);
    startButton.textContent = form.who === 'lobby' ? 'Post the challenge' : 'Start game';
  }

  // The game's "public" flag: the game is listed on everyone's home page for spectators. (A challenge
  // is listed in the lobby for everyone either way.)
  const publicBox = h(
    'label',
    {
      class: 'field checkbox spectators',
      title: 'The game is listed under Public games on everyone’s home page, for anyone to watch',
    },
    h('input', {
      type: 'checkbox',
      id: 'public-game',
      checked: form.public,
      onchange: (e) => (form.public = e.target.checked),
    }),
    h('span', {}, 'List the game for spectators to watch'),
  );

  /** The chosen clock: `{control}` (undefined for none) or `{error}` for a custom one out of range. */
  const chosenClock = () => {
    if (form.clock !== 'custom') return { control: form.clock || undefined };
    const minutes = Number(String(form.minutes).replace(',', '.'));
    const increment = Number(form.increment || 0);
    const base = Math.round(minutes * 60);
    if (!Number.isFinite(minutes) || base < 10 || base > 86400)
      return { error: 'The time for each side is 10 seconds to 24 hours: 0.25 to 1440 minutes.' };
    if (!Number.isInteger(increment) || increment < 0 || increment > 600)
      return { error: 'The time added after each move is 0 to 600 whole seconds.' };
    return { control: `fischer:${base}+${increment}` };
  };

  const clockNote = h('p', { class: 'small muted', id: 'clock-words' });
  const updateClockNote = () => {
    const c = chosenClock();
    // The presets say themselves in words; a custom clock is told back (or refused) as it is typed.
    clockNote.className = `small ${c.error ? 'error' : 'muted'}${form.clock === 'custom' ? '' : ' none'}`;
    clockNote.textContent = c.error || (c.control ? clockWords(c.control) + '.' : 'No clock: take your time.');
  };

  function renderClock() {
    clear(clockBox);
    const choice = (value, text) => h('option', { value, selected: form.clock === value }, text);
    clockBox.appendChild(
      h(
        'label',
        { class: 'field stacked' },
        h('span', {}, 'Time control'),
        h(
          'select',
          {
            id: 'clock-choice',
            onchange: (e) => {
              form.clock = e.target.value;
              renderClock();
            },
          },
          choice('', 'No clock'),
          h(
            'optgroup',
            { label: 'Minutes each + seconds a move' },
            PRESETS.map(([value, text]) => choice(value, text)),
            choice('custom', 'Custom…'),
          ),
          h(
            'optgroup',
            { label: 'Correspondence' },
            CORRESPONDENCE.map((d) => choice(`days:${d}`, clockLabel(`days:${d}`))),
          ),
        ),
      ),
    );
    if (form.clock === 'custom') {
      const number = (id, key, attrs) =>
        h('input', {
          type: 'number',
          id,
          value: form[key],
          inputmode: 'decimal',
          ...attrs,
          oninput: (e) => {
            form[key] = e.target.value.trim();
            updateClockNote();
          },
        });
      clockBox.appendChild(
        h(
          'div',
          { class: 'custom-clock' },
          h(
            'label',
            { class: 'field' },
            h('span', {}, 'Minutes each'),
            number('clock-minutes', 'minutes', { min: 0.25, max: 1440, step: 'any' }),
          ),
          h(
            'label',
            { class: 'field' },
            h('span', {}, '+ seconds a move'),
            number('clock-increment', 'increment', { min: 0, max: 600, step: 1 }),
          ),
        ),
      );
    }
    clockBox.appendChild(clockNote);
    updateClockNote();
  }

  // Your display name, kept by the server: the people you play see it.
  const nameInput = h('input', {
    type: 'text',
    id: 'display-name',
    maxlength: 24,
    placeholder: 'Anonymous',
    autocomplete: 'nickname',
    'aria-label': 'Your name',
  });
  let savedName = '';
  const saveName = async () => {
    const name = nameInput.value.trim();
    if (name === savedName) return true;
    if (!name) {
      say('A name needs 1 to 24 characters. Your old name stays.', 'warn');
      nameInput.value = savedName;
      return true;
    }
    try {
      await me();
      const player = await rename(name);
      savedName = player.name || '';
      nameInput.value = savedName;
      say(`Saved: others see you as ${savedName}.`);
      return true;
    } catch (e) {
      if (e.code === 'bad_name') say(`That name cannot be used: ${e.serverMessage || e.message}.`, 'error');
      else say(e.message, 'error');
      return false;
    }
  };
  nameInput.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') saveName();
  });
  const nameBox = h(
    'div',
    { class: 'name-box' },
    h(
      'div',
      { class: 'field' },
      nameInput,
      h('button', { type: 'button', id: 'save-name', onclick: saveName }, 'Save'),
    ),
    h('p', { class: 'small muted' }, 'Shown to the people you play with. Optional.'),
  );

  const positionInput = h('textarea', {
    id: 'setup-position',
    rows: 2,
    placeholder: 'Paste a position string (or a game record) to start from it (optional)',
  });
  const recordInput = h('input', { type: 'file', id: 'load-record', accept: 'application/json,.json' });

  const human = { kind: 'human' };
  const computer = (level) => ({ kind: 'computer', level });
  /** The seats, the open side and the public flag for the new game's request. */
  const whoPlays = () => {
    const body = { public: form.public };
    if (form.who === 'computer')
      body.players = form.mySide === 0 ? [human, computer(form.level)] : [computer(form.level), human];
    else if (form.who === 'computers') body.players = form.levels.map(computer);
    else body.players = [human, human];
    if (form.who === 'friend') body.open = form.mySide === 0 ? 'second' : 'first';
    return body;
  };

  const start = async (body, what = null) => {
    say('Starting…');
    try {
      // The game belongs to this browser's player: make sure the server knows it (and its name) first.
      await me();
      if (!(await saveName())) return;
      const view = await api('POST', '/games', { ...body, ...whoPlays() });
      if (view.invite) rememberInvite(view.id, view.invite);
      location.href = `/game/${view.id}`;
    } catch (e) {
      const refusal = e.code === 'network' || [401, 403, 429].includes(e.status);
      if (what && !refusal) say(recordProblem(what, e), 'error', e.serverMessage || e.message);
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
    start({ record }, name);
  };

  /** Posts a challenge to the lobby; it is listed there until someone accepts it (or it is cancelled). */
  const post = async (body) => {
    say('Posting your challenge…');
    try {
      await me();
      if (!(await saveName())) return;
      const challenge = await api('POST', '/challenges', body);
      if (lobby) lobby.add(challenge);
      say('Challenge posted: it is under Open challenges. This page goes to the game when someone accepts it.');
    } catch (e) {
      if (e.code === 'too_many_challenges')
        say('You have too many open challenges: cancel one under Open challenges first.', 'warn', e.serverMessage);
      else if (e.status === 404) say('This server has no lobby.', 'error');
      else say(e.message, 'error', e.serverMessage && e.serverMessage !== e.message ? e.serverMessage : null);
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
        for (const key of g.options) {
          const value = form.options[`${g.name}.${key}`];
          if (value) options.push(`${key}=${value}`);
        }
        if (g.options.includes('repetition') && !form.repetition) options.push('repetition=off');
        const clock = chosenClock();
        if (clock.error) return say(clock.error, 'error');
        const position = positionInput.value.trim();
        if (form.who === 'lobby') {
          if (position)
            return say('A challenge starts from the start position: clear the position box to post it.', 'warn');
          return post({
            game: form.game,
            options: options.join(','),
            clock: clock.control,
            colour: form.colour,
            public: form.public,
          });
        }
        if (position.startsWith('{')) return startRecord(position, 'The pasted text');
        start({ game: form.game, options: options.join(','), position: position || undefined, clock: clock.control });
      },
    },
    'Start game',
  );

  recordInput.addEventListener('change', async () => {
    const file = recordInput.files[0];
    if (file) startRecord(await file.text(), file.name);
  });

  const yours = h('div', { class: 'recent', id: 'your-games' }, h('p', { class: 'muted small' }, 'Loading…'));
  const publicGames = h('div', { class: 'recent', id: 'public-games' });
  const lobbyBox = h('div', { class: 'lobby-slot' });
  let lobby = null;
  main.appendChild(
    h(
      'div',
      { class: 'home' },
      h(
        'section',
        { class: 'panel new-game' },
        h('h1', {}, 'Play a game'),
        cards,
        about,
        h(
          'div',
          { class: 'new-game-form' },
          h('h2', {}, 'Who plays'),
          playersBox,
          h('h2', {}, 'Options'),
          h('div', { class: 'settings' }, optionsBox, clockBox),
          publicBox,
        ),
        h('div', { class: 'actions' }, startButton),
        message,
        details,
        h(
          'details',
          { class: 'setup' },
          h('summary', {}, 'Start from a position or a saved record'),
          positionInput,
          h('label', { class: 'field file' }, h('span', {}, 'Load a game record (JSON)'), recordInput),
        ),
      ),
      h(
        'div',
        { class: 'home-lists' },
        h('section', { class: 'panel you' }, h('h2', {}, 'Your name'), nameBox),
        lobbyBox,
        h('section', { class: 'panel' }, h('h2', {}, 'Your games'), yours),
        h('section', { class: 'panel' }, h('h2', {}, 'Public games'), publicGames),
      ),
    ),
  );
  selectGame(form.game);
  renderClock();

  let player = null;
  try {
    player = await me();
    savedName = player.name || '';
    nameInput.value = savedName;
  } catch (e) {
    say(`${e.message} You can still watch games.`, 'error');
  }
  // The lobby: "Post a challenge" there switches the form to a challenge.
  lobby = createLobby({
    catalog,
    player,
    onPost: () => {
      form.who = 'lobby';
      renderPlayers();
      playersBox.scrollIntoView({ block: 'nearest' });
      say('Choose the game, its options, the clock and your side, then post the challenge.');
    },
  });
  lobbyBox.replaceWith(lobby.section);
  // For tests and the curious: who this browser is, the lobby, and whether the lists are in.
  window.arbiterHome = { me: player, form, lobby: lobby.state, listed: false };
  await Promise.all([listYourGames(yours, catalog, player), listPublicGames(publicGames, catalog)]);
  window.arbiterHome.listed = true;
}

/** A game's title and options, from the catalog. */
function gameTitle(catalog, summary) {
  const g = catalog.games.find((x) => x.name === summary.game);
  return ((g && g.title) || cap(summary.game)) + (summary.options ? ` (${summary.options})` : '');
}

/** The side names of a game, from the catalog (else "first"/"second"). */
function sidesOf(catalog, game) {
  const g = catalog.games.find((x) => x.name === game);
  return g ? g.sides : ['first', 'second'];
}

const plies = (n) => `${n} ${n === 1 ? 'ply' : 'plies'}`;

/** Who plays a side in a game list line, from its summary. */
function seatWords(summary, i) {
  const seat = summary.seats[i];
  if (seat.kind === 'computer') return `computer ${seat.level}`;
  return summary.players[i] || 'anonymous';
}

/** Ongoing games first (the most recently changed first), then finished ones. */
const byInterest = (a, b) => Number(a.over) - Number(b.over) || (b.updated_at || 0) - (a.updated_at || 0);

/**
 * Your games, with whom you play and whose move it is: the summary says who plays; each game's view
 * (fetched alongside) says which side is yours, whose turn it is and which seat is still open.
 */
async function listYourGames(box, catalog, player) {
  let games;
  try {
    games = player ? await api('GET', '/games?mine=true&limit=20') : [];
  } catch (e) {
    box.replaceChildren(h('p', { class: 'error small' }, e.message));
    return;
  }
  games = games.filter((g) => g.yours !== false).sort(byInterest);
  if (!games.length) {
    box.replaceChildren(h('p', { class: 'muted' }, 'No games yet: start one above.'));
    return;
  }
  const views = await Promise.all(games.map((g) => api('GET', `/games/${g.id}`).catch(() => null)));
  box.replaceChildren(...games.map((g, k) => yourGameLine(catalog, g, views[k], player)));
}

function yourGameLine(catalog, g, view, player) {
  let against;
  let state;
  let stateClass = 'muted';
  if (view) {
    const held = (s) => !!(s.player && s.player.id === player.id);
    const others = view.sides.filter((s) => !held(s));
    against = others.length
      ? 'vs ' +
        others
          .map((s) =>
            s.seat.kind === 'computer'
              ? `computer (level ${s.seat.level})`
              : s.open
                ? 'your friend (not joined yet)'
                : (s.player && s.player.name) || 'an anonymous player',
          )
          .join(' and ')
      : 'both sides on this screen';
    const t = view.sides[view.to_move === 'first' ? 0 : 1];
    if (view.ending) {
      state = view.ending.text;
      stateClass = 'result';
    } else if (view.sides.some((s) => s.open)) {
      state = 'Waiting for your friend to join';
    } else if (held(t) && t.seat.kind === 'human') {
      state = 'Your move';
      stateClass = 'your-move';
    } else {
      state = t.seat.kind === 'computer' ? 'The computer is to move' : 'Their move';
    }
  } else {
    against = `${seatWords(g, 0)} vs ${seatWords(g, 1)}`;
    state = g.over ? g.result || 'finished' : 'in progress';
    if (g.over) stateClass = 'result';
  }
  const sides = sidesOf(catalog, g.game);
  return h(
    'a',
    {
      class: `recent-game ${g.over ? 'over' : 'ongoing'}`,
      href: `/game/${g.id}`,
      'data-id': g.id,
      title: `${cap(sides[0])} against ${cap(sides[1])}`,
    },
    h('strong', {}, gameTitle(catalog, g)),
    h('span', {}, `${against} · ${plies(g.ply)}${g.public ? ' · listed for spectators' : ''}`),
    h('span', { class: stateClass }, state),
  );
}

/** Public games of other people, to watch. */
async function listPublicGames(box, catalog) {
  let games;
  try {
    games = await api('GET', '/games?limit=30');
  } catch (e) {
    box.replaceChildren(h('p', { class: 'error small' }, e.message));
    return;
  }
  games = games.filter((g) => g.public && !g.yours).sort(byInterest);
  if (!games.length) {
    box.replaceChildren(h('p', { class: 'muted' }, 'No public games right now.'));
    return;
  }
  box.replaceChildren(
    ...games.map((g) => {
      const sides = sidesOf(catalog, g.game);
      return h(
        'a',
        { class: `recent-game ${g.over ? 'over' : 'ongoing'}`, href: `/game/${g.id}`, 'data-id': g.id },
        h('strong', {}, gameTitle(catalog, g)),
        h('span', {}, `${cap(sides[0])}: ${seatWords(g, 0)} · ${cap(sides[1])}: ${seatWords(g, 1)}`),
        h('span', { class: g.over ? 'result' : 'muted' }, g.over ? g.result || 'finished' : `Watch · ${plies(g.ply)}`),
      );
    }),
  );
}
