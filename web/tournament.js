// /tournament/<id>: one arena tournament, live over its WebSocket — its game, clock and status with a
// countdown (read against the server's time: the browser's own clock may be off), Join and Leave, the
// standings and the games. When the viewer's own new game starts, the page goes to it.
import { api, me, watchTournament } from './api.js';
import { h, clear, cap, fill } from './svg.js';
import { clockLabel, clockWords } from './clock.js';
import { leaveNote } from './game/state.js';

/** A tournament's status in a word. */
export const STATUS = { upcoming: 'Upcoming', running: 'Running', finishing: 'Finishing', finished: 'Finished' };

/** A tournament's clock ("3+2": minutes each + seconds a move) as a game's control, `fischer:180+2`. */
export function tournamentControl(clock) {
  const text = String(clock || '').trim();
  if (/^(fischer|days):/.test(text)) return text;
  const m = /^(\d+(?:[.,]\d+)?)\+(\d+)$/.exec(text);
  return m ? `fischer:${Math.round(Number(m[1].replace(',', '.')) * 60)}+${m[2]}` : text;
}

/** A tournament's clock in short ("5 min + 3 s"). */
export const tournamentClock = (clock) => clockLabel(tournamentControl(clock));

/** The game's title from the catalog (when it came), with its options. */
export function gameWords(catalog, game, options) {
  const g = catalog && catalog.games.find((x) => x.name === game);
  return ((g && g.title) || cap(game)) + (options ? ` (${options})` : '');
}

/** A player's name, or what to call them without one. */
export const nameOf = (p) => (p && p.name) || 'Anonymous player';

/** "1st", "2nd", "3rd", "11th"… */
const ordinal = (n) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] || 'th';
  return `${n}${suffix}`;
};

const two = (n) => String(n).padStart(2, '0');

/** Time to go, to the second (rounded up: "00:00" is the moment itself). */
function countdown(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(s / 3600);
  const rest = `${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  return hours ? `${hours}:${rest}` : rest;
}

/**
 * Each game's points, marked when the player was on fire (after two wins in a row: a win counts 4, a
 * draw 2, until a game is not won). The sequence alone tells it: on fire, 4 is a win; otherwise 2 is.
 */
export function pointMarks(points) {
  let wins = 0;
  return points.map((p) => {
    const fire = wins >= 2;
    wins = p === (fire ? 4 : 2) ? wins + 1 : 0;
    return { points: p, fire };
  });
}

export async function renderTournament(main, id) {
  clear(main);
  document.title = 'Tournament · Arbiter';
  const page = h('div', { class: 'profile-page tournament-page', id: 'tournament' });
  main.appendChild(page);
  // For tests and the curious: the view shown, this browser's player, the connection.
  const state = { view: null, me: null, connected: false, loaded: false };
  window.arbiterTournament = state;
  let view;
  try {
    state.me = await me().catch(() => null);
    view = await api('GET', `/tournaments/${encodeURIComponent(id)}`);
  } catch (e) {
    page.appendChild(
      h(
        'section',
        { class: 'panel' },
        h('h1', {}, 'Tournament'),
        h('p', { class: 'error' }, e.status === 404 ? 'There is no such tournament.' : e.message),
        h('p', {}, h('a', { href: '/tournaments' }, 'All tournaments')),
      ),
    );
    return;
  }
  const T = createPage(id, state);
  page.append(T.header, T.standingsSection, T.gamesSection);
  api('GET', '/catalog')
    .then((catalog) => {
      T.catalog = catalog;
      if (state.view) T.renderHeader(state.view);
    })
    .catch(() => {});
  // The games on at load are not new: only a game that starts while the page is open is gone to.
  for (const g of view.games) T.seen.add(g.id);
  for (const s of view.standings) if (s.playing) T.seen.add(s.playing);
  T.show(view);
  state.loaded = true;
  setInterval(T.tick, 500);
  watchTournament(
    id,
    (msg) => {
      if (msg.type === 'tournament' && msg.tournament) T.show(msg.tournament);
    },
    T.setConnected,
  );
}

/** The page's parts and what redraws them. */
function createPage(id, state) {
  const T = { catalog: null, seen: new Set(), offset: 0, going: false };
  const title = h('h1', {}, 'Tournament');
  const facts = h('p', { class: 'tournament-facts', id: 'tournament-facts' });
  const statusWord = h('strong', { id: 'tournament-status-word' });
  const timer = h('span', { class: 'countdown', id: 'tournament-countdown', role: 'timer' });
  const sep = h('span', { class: 'muted' });
  const statusLine = h('p', { class: 'tournament-status', id: 'tournament-status' }, statusWord, sep, timer);
  const message = h('p', { class: 'message', id: 'tournament-message', role: 'status', 'aria-live': 'polite' });
  const say = (text, kind = '') => {
    message.textContent = text || '';
    message.className = `message ${kind}`;
  };
  const act = (what) => async (e) => {
    const button = e.currentTarget;
    button.disabled = true;
    try {
      const view = await api('POST', `/tournaments/${encodeURIComponent(id)}/${what}`);
      T.show(view);
      if (what === 'leave') say('You left: you get no more games. Your score stays; you may join again.');
      else if (view.status === 'upcoming') say('You joined: the pairings start when the tournament does.');
      else say('You joined: you get a game as soon as another player is free.');
    } catch (err) {
      say(err.message, 'error');
    } finally {
      button.disabled = false;
    }
  };
  const join = h('button', { type: 'button', class: 'primary', id: 'tournament-join', onclick: act('join') }, 'Join');
  const leave = h('button', { type: 'button', id: 'tournament-leave', onclick: act('leave') }, 'Leave');
  const yourGame = h('p', { class: 'your-game', id: 'your-game', hidden: true });
  T.header = h(
    'section',
    { class: 'panel' },
    title,
    facts,
    statusLine,
    h('div', { class: 'actions' }, join, leave, h('a', { class: 'button', href: '/tournaments' }, 'All tournaments')),
    message,
    yourGame,
  );

  const conn = h('span', { class: 'conn off', id: 'tournament-conn', title: 'connecting…' });
  const news = h('p', { class: 'small muted tournament-news', id: 'standings-news', 'aria-live': 'polite' });
  const body = h('tbody', {});
  T.standingsSection = h(
    'section',
    { class: 'panel' },
    h('div', { class: 'lobby-head' }, h('h2', {}, 'Standings'), conn),
    news,
    h(
      'table',
      { class: 'standings', id: 'standings' },
      h(
        'caption',
        { class: 'visually-hidden' },
        'Standings: rank, player, score, points game by game, won · drawn · lost',
      ),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, '#'),
          h('th', { scope: 'col' }, 'Player'),
          h('th', { scope: 'col' }, 'Score'),
          h('th', { scope: 'col' }, 'Points each game'),
          h('th', { scope: 'col' }, 'Won · drawn · lost'),
        ),
      ),
      body,
    ),
  );
  const games = h('div', { class: 'recent', id: 'tournament-games' });
  T.gamesSection = h('section', { class: 'panel' }, h('h2', {}, 'Games'), games);

  const mine = (view) => (state.me ? view.standings.find((s) => s.player.id === state.me.id) || null : null);

  T.renderHeader = (view) => {
    const name = view.name || 'Arena tournament';
    document.title = `${name} · Arbiter`;
    title.textContent = name;
    fill(
      facts,
      h('span', { class: 'tournament-game' }, gameWords(T.catalog, view.game, view.options)),
      ' · ',
      h('span', { title: clockWords(tournamentControl(view.clock)) }, tournamentClock(view.clock)),
      ` · ${view.rated ? 'rated' : 'casual'} · ${view.minutes} minutes · `,
      `${view.players} ${view.players === 1 ? 'player' : 'players'}`,
      view.created_by
        ? [
            ' · made by ',
            h('a', { href: `/player/${encodeURIComponent(view.created_by.id)}` }, nameOf(view.created_by)),
          ]
        : null,
    );
    const s = mine(view);
    const open = view.status === 'upcoming' || view.status === 'running';
    const active = s ? s.active : !!(view.you && view.you.active);
    join.hidden = !open || active;
    join.textContent = s ? 'Join again' : 'Join';
    leave.hidden = !open || !active;
    const playing = s && s.playing;
    yourGame.hidden = !playing;
    yourGame.replaceChildren(
      ...(playing
        ? ['You are playing a game of this tournament: ', h('a', { href: `/game/${playing}` }, 'go to your game')]
        : []),
    );
  };

  /** Past the start or the end with no news from the server for a few seconds: the page asks. */
  let asked = 0;
  const askIfLate = (ms) => {
    if (ms > -3000 || Date.now() - asked < 5000) return;
    asked = Date.now();
    api('GET', `/tournaments/${encodeURIComponent(id)}`)
      .then(T.show)
      .catch(() => {});
  };

  T.tick = () => {
    const view = state.view;
    if (!view) return;
    const now = Date.now() + T.offset;
    let word = STATUS[view.status] || cap(view.status);
    let left = '';
    if (view.status === 'upcoming') {
      const ms = view.starts_at * 1000 - now;
      left = ms > 0 ? `starts in ${countdown(ms)}` : 'starting…';
      askIfLate(ms);
    } else if (view.status === 'running') {
      const ms = view.ends_at * 1000 - now;
      left = ms > 0 ? `ends in ${countdown(ms)}` : 'ending…';
      askIfLate(ms);
    } else if (view.status === 'finishing') left = 'time is up: the last games are being played';
    else if (view.status === 'finished') {
      const top = view.standings[0];
      word = 'Finished';
      left = top ? `won by ${nameOf(top.player)} with ${top.score} points` : '';
    }
    if (statusWord.textContent !== word) statusWord.textContent = word;
    if (timer.textContent !== left) timer.textContent = left;
    sep.textContent = left ? ' · ' : '';
  };

  T.renderStandings = (view) => {
    const me = state.me;
    if (!view.standings.length) {
      body.replaceChildren(h('tr', {}, h('td', { colspan: 5 }, 'Nobody has joined yet.')));
      return;
    }
    body.replaceChildren(
      ...view.standings.map((s) =>
        h(
          'tr',
          {
            'data-player': s.player.id,
            class: [me && me.id === s.player.id ? 'you' : '', s.active ? '' : 'left'].join(' ').trim() || null,
          },
          h('td', {}, String(s.rank)),
          h(
            'th',
            { scope: 'row' },
            h('a', { href: `/player/${encodeURIComponent(s.player.id)}`, class: 'player-link' }, nameOf(s.player)),
            me && me.id === s.player.id ? [' ', h('span', { class: 'badge you' }, 'you')] : null,
            s.fire ? [' ', h('span', { class: 'badge fire', title: 'A win counts 4, a draw 2' }, 'on fire')] : null,
            s.active ? null : [' ', h('span', { class: 'badge', title: 'Gets no more games' }, 'left')],
            s.playing ? [' ', h('a', { class: 'badge playing', href: `/game/${s.playing}` }, 'playing')] : null,
          ),
          h('td', { class: 'score' }, String(s.score)),
          h(
            'td',
            { class: 'points' },
            pointMarks(s.points).flatMap((m, i) => [
              i ? ' ' : null,
              h(
                'span',
                { class: m.fire ? 'point fire' : 'point', title: m.fire ? 'on fire' : null },
                String(m.points),
                m.fire ? h('span', { class: 'visually-hidden' }, ' on fire') : null,
              ),
            ]),
          ),
          h('td', {}, `${s.wins} · ${s.draws} · ${s.losses}`),
        ),
      ),
    );
  };

  T.renderGames = (view) => {
    if (!view.games.length) {
      games.replaceChildren(
        h(
          'p',
          { class: 'muted small', id: 'no-tournament-games' },
          view.status === 'upcoming' ? 'The games start with the tournament.' : 'No games yet.',
        ),
      );
      return;
    }
    const focused =
      document.activeElement && games.contains(document.activeElement) && document.activeElement.dataset.id;
    games.replaceChildren(
      ...view.games.map((g) => {
        const result =
          g.outcome === 'first'
            ? `${nameOf(g.first)} won`
            : g.outcome === 'second'
              ? `${nameOf(g.second)} won`
              : g.outcome === 'draw'
                ? 'drawn'
                : 'playing';
        const yours = state.me && (g.first.id === state.me.id || g.second.id === state.me.id);
        return h(
          'a',
          { class: 'recent-game', href: `/game/${g.id}`, 'data-id': g.id },
          h('strong', {}, `${nameOf(g.first)} – ${nameOf(g.second)}`),
          h('span', { class: g.outcome ? 'result' : '' }, yours ? `${result} · your game` : result),
        );
      }),
    );
    // A redraw keeps the reader's place.
    if (focused) {
      const again = games.querySelector(`[data-id="${focused}"]`);
      if (again) again.focus();
    }
  };

  /** What changed since the last view, in words for the live region (the table itself is not read out). */
  const changes = (before, after) => {
    const said = [];
    if (before.status !== after.status) {
      if (after.status === 'running') said.push('The tournament has started.');
      else if (after.status === 'finishing') said.push('Time is up: no new games, the last ones are being played.');
      else if (after.status === 'finished') {
        const top = after.standings[0];
        said.push(`The tournament is over${top ? `: ${nameOf(top.player)} wins with ${top.score} points` : ''}.`);
      }
    }
    const was = new Map(before.games.map((g) => [g.id, g]));
    for (const g of after.games) {
      if (!g.outcome || (was.get(g.id) && was.get(g.id).outcome)) continue;
      if (g.outcome === 'draw') said.push(`${nameOf(g.first)} and ${nameOf(g.second)} drew.`);
      else {
        const [winner, loser] = g.outcome === 'first' ? [g.first, g.second] : [g.second, g.first];
        said.push(`${nameOf(winner)} beat ${nameOf(loser)}.`);
      }
    }
    const [a, b] = [mine(before), mine(after)];
    if (b && (!a || a.rank !== b.rank || a.score !== b.score))
      said.push(`You are ${ordinal(b.rank)} with ${b.score} ${b.score === 1 ? 'point' : 'points'}.`);
    return said.join(' ');
  };

  T.show = (view) => {
    if (typeof view.now === 'number') T.offset = view.now * 1000 - Date.now();
    const before = state.view;
    state.view = view;
    T.renderHeader(view);
    T.renderStandings(view);
    T.renderGames(view);
    T.tick();
    if (before) {
      const text = changes(before, view);
      if (text) news.textContent = text;
    }
    goToNewGame(view);
  };

  /** The viewer's own game, new since the page opened: to it. */
  const goToNewGame = (view) => {
    const s = mine(view);
    if (!s || !s.playing || T.seen.has(s.playing) || T.going) return;
    T.going = true;
    const game = view.games.find((g) => g.id === s.playing);
    const other = game && (game.first.id === s.player.id ? game.second : game.first);
    leaveNote(s.playing, `${view.name || 'The tournament'}: your game${other ? ` against ${nameOf(other)}` : ''}.`);
    say('Your game is on: to it…', 'info');
    location.assign(`/game/${s.playing}`);
  };

  T.setConnected = (on) => {
    state.connected = on;
    conn.className = `conn ${on ? 'on' : 'off'}`;
    conn.title = on ? 'live' : 'reconnecting…';
  };
  return T;
}
