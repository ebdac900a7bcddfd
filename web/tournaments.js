// /tournaments: the arena tournaments — running, upcoming, then the latest finished — and the form that
// creates one (the game, a clock, how long it lasts, when it starts), for a player with an account: a
// tournament outlives an anonymous player's cookie.
import { api, me } from './api.js';
import { h, clear } from './svg.js';
import { clockWords } from './clock.js';
import { titleOf } from './home/form.js';
import { STATUS, tournamentClock, tournamentControl, gameWords, nameOf } from './tournament.js';

export async function renderTournaments(main) {
  clear(main);
  document.title = 'Tournaments · Arbiter';
  const page = h('div', { class: 'profile-page tournaments-page', id: 'tournaments' }, h('h1', {}, 'Tournaments'));
  main.appendChild(page);
  let list;
  let catalog;
  let player;
  try {
    [list, catalog, player] = await Promise.all([
      api('GET', '/tournaments'),
      api('GET', '/catalog'),
      me().catch(() => null),
    ]);
  } catch (e) {
    page.appendChild(h('p', { class: 'error' }, e.message));
    return;
  }
  page.append(...listSections(list.tournaments, catalog), createSection(catalog, player));
}

/** The groups the list shows, in order: a group without tournaments is left out. */
const GROUPS = [
  ['Running now', ['running', 'finishing']],
  ['Upcoming', ['upcoming']],
  ['Finished', ['finished']],
];

function listSections(tournaments, catalog) {
  if (!tournaments.length)
    return [
      h(
        'p',
        { class: 'panel', id: 'no-tournaments' },
        'No tournaments yet. Create one below: anyone may join it, and the players are paired as they come free.',
      ),
    ];
  return GROUPS.map(([title, statuses]) => {
    const shown = tournaments.filter((t) => statuses.includes(t.status));
    if (!shown.length) return null;
    return h(
      'section',
      { class: 'panel', 'data-group': statuses[0] },
      h('h2', {}, title),
      h(
        'table',
        { class: 'tournament-list' },
        h('caption', { class: 'visually-hidden' }, `${title}: the tournaments`),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ['Tournament', 'Game', 'Clock', 'When', 'Players', 'Leader'].map((c) => h('th', { scope: 'col' }, c)),
          ),
        ),
        h(
          'tbody',
          {},
          shown.map((t) => row(t, catalog)),
        ),
      ),
    );
  });
}

/** A time of the day (a date too unless it is today). */
function when(seconds) {
  const d = new Date(seconds * 1000);
  const time = d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return d.toDateString() === new Date().toDateString() ? time : `${d.toLocaleDateString()} ${time}`;
}

function row(t, catalog) {
  const timing =
    t.status === 'upcoming'
      ? `starts ${when(t.starts_at)}`
      : t.status === 'running'
        ? `ends ${when(t.ends_at)}`
        : t.status === 'finishing'
          ? 'last games'
          : `ended ${when(t.ends_at)}`;
  return h(
    'tr',
    { 'data-id': t.id, 'data-status': t.status },
    h(
      'th',
      { scope: 'row' },
      h('a', { href: `/tournament/${encodeURIComponent(t.id)}` }, t.name || 'Arena tournament'),
      t.rated ? h('span', { class: 'muted small' }, ' · rated') : null,
    ),
    h('td', {}, gameWords(catalog, t.game, t.options)),
    h('td', { title: clockWords(tournamentControl(t.clock)) }, tournamentClock(t.clock)),
    h('td', { title: STATUS[t.status] || t.status }, timing),
    h('td', {}, String(t.players)),
    h('td', {}, t.leader ? `${nameOf(t.leader)} (${t.leader.score})` : '—'),
  );
}

/** The form (a player with an account), or the way to an account. */
function createSection(catalog, player) {
  const section = h('section', { class: 'panel', id: 'create-tournament-panel' }, h('h2', {}, 'Create a tournament'));
  if (!player || !player.username) {
    section.appendChild(
      h(
        'p',
        { id: 'tournament-account-note' },
        'Creating a tournament needs an account: ',
        h('a', { href: '/account' }, 'create one or sign in'),
        '. Anyone may join a tournament.',
      ),
    );
    return section;
  }
  const message = h('p', { class: 'message', id: 'tournament-form-message', role: 'status', 'aria-live': 'polite' });
  const say = (text, kind = '') => {
    message.textContent = text;
    message.className = `message ${kind}`;
  };
  const game = h(
    'select',
    { id: 'tournament-game', name: 'game' },
    catalog.games.map((g) => h('option', { value: g.name }, titleOf(g))),
  );
  const name = h('input', {
    type: 'text',
    id: 'tournament-name',
    name: 'name',
    maxlength: 24,
    placeholder: 'optional',
  });
  const clockNote = h('span', { class: 'small muted', id: 'tournament-clock-words' });
  const clock = h('input', {
    type: 'text',
    id: 'tournament-clock',
    name: 'clock',
    value: '3+2',
    required: true,
    list: 'tournament-clocks',
    spellcheck: 'false',
    autocomplete: 'off',
    'aria-describedby': 'tournament-clock-words',
  });
  const clocks = h(
    'datalist',
    { id: 'tournament-clocks' },
    ['1+0', '3+0', '3+2', '5+0', '5+3', '10+5'].map((c) => h('option', { value: c })),
  );
  // Typed as "3+2" (as people say it); sent as the control the server reads, "fischer:180+2".
  const clockFine = () => /^fischer:\d+\+\d+$/.test(tournamentControl(clock.value));
  const sayClock = () => {
    const control = tournamentControl(clock.value);
    const fine = clockFine();
    clockNote.textContent = fine ? `${clockWords(control)}.` : 'Minutes each + seconds a move, as 3+2.';
    clockNote.className = `small ${fine ? 'muted' : 'error'}`;
  };
  clock.addEventListener('input', sayClock);
  sayClock();
  const number = (id, value, min, max) =>
    h('input', { type: 'number', id, name: id, value, min, max, step: 1, required: true, inputmode: 'numeric' });
  const minutes = number('tournament-minutes', 30, 1, 180);
  const startsIn = number('tournament-starts-in', 5, 0, 1440);
  const rated = h('input', { type: 'checkbox', id: 'tournament-rated', name: 'rated', checked: true });
  const field = (input, label) => h('label', { class: 'field stacked', for: input.id }, h('span', {}, label), input);
  const form = h(
    'form',
    { id: 'create-tournament', class: 'tournament-form' },
    h(
      'div',
      { class: 'tournament-fields' },
      field(game, 'Game'),
      field(name, 'Name'),
      h('div', { class: 'tournament-clock' }, field(clock, 'Clock (minutes + seconds a move)'), clockNote),
      field(minutes, 'Length in minutes (1–180)'),
      field(startsIn, 'Starts in minutes (0: now)'),
    ),
    clocks,
    h('label', { class: 'field checkbox', for: 'tournament-rated' }, rated, h('span', {}, 'Rated')),
    h(
      'div',
      { class: 'actions' },
      h('button', { type: 'submit', class: 'primary', id: 'create-tournament-submit' }, 'Create the tournament'),
    ),
    message,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (!clockFine()) {
      say('The clock is minutes each + seconds a move, as 3+2.', 'error');
      clock.focus();
      return;
    }
    const button = form.querySelector('button[type="submit"]');
    button.disabled = true;
    say('Creating the tournament…');
    try {
      const body = {
        game: game.value,
        options: '',
        clock: tournamentControl(clock.value),
        minutes: Number(minutes.value),
        starts_in: Number(startsIn.value),
        rated: rated.checked,
      };
      if (name.value.trim()) body.name = name.value.trim();
      const t = await api('POST', '/tournaments', body);
      location.assign(`/tournament/${encodeURIComponent(t.id)}`);
    } catch (err) {
      say(err.serverMessage || err.message, 'error');
      button.disabled = false;
    }
  });
  section.append(
    h(
      'p',
      { class: 'small muted' },
      'An arena: from the start to the end every free player is paired with another at once. A win counts 2, a draw 1; after two wins in a row a player is on fire and a win counts 4, a draw 2.',
    ),
    form,
  );
  return section;
}
