// /player/<who>: a player's profile — their ratings pool by pool with a graph of each over their rated
// games, and their games (public and rated ones; all of them on one's own profile) with filters and
// each game's record to download as JSON or as text.
import { api } from './api.js';
import { h, el, clear, cap } from './svg.js';

export async function renderProfile(main, who) {
  clear(main);
  document.title = 'Player · Arbiter';
  const page = h('div', { class: 'profile-page', id: 'profile' });
  main.appendChild(page);
  let p;
  try {
    p = await api('GET', `/players/${encodeURIComponent(who)}?limit=200`);
  } catch (e) {
    page.appendChild(
      h(
        'section',
        { class: 'panel' },
        h('h1', {}, 'Player'),
        h('p', { class: 'error' }, e.status === 404 ? `There is no player "${who}".` : e.message),
      ),
    );
    return;
  }
  const shown = p.name || p.username || 'Anonymous player';
  document.title = `${shown} · Arbiter`;
  page.append(
    h(
      'section',
      { class: 'panel' },
      h('h1', {}, shown),
      h(
        'p',
        { class: 'muted' },
        p.username ? `Username ${p.username}` : 'No account (an anonymous player)',
        p.yours ? ' · this is you' : '',
        ' · ',
        h('a', { href: '/leaderboards' }, 'Leaderboards'),
        ' · ',
        h('a', { href: '/tournaments' }, 'Tournaments'),
      ),
      ratingsTable(p),
      p.history.map(graph),
      resultsTable(p),
    ),
    gamesSection(p),
  );
}

const poolWords = (pool) => {
  const [game, options] = pool.split(/:(.*)/s);
  return cap(game) + (options ? ` (${options})` : '');
};

function ratingsTable(p) {
  if (!p.ratings.length) return h('p', { id: 'no-ratings' }, 'No rated games yet.');
  return h(
    'table',
    { class: 'ratings', id: 'ratings' },
    h(
      'thead',
      {},
      h('tr', {}, h('th', {}, 'Game'), h('th', {}, 'Rating'), h('th', {}, 'Games'), h('th', {}, 'Won · drawn · lost')),
    ),
    h(
      'tbody',
      {},
      p.ratings.map((r) =>
        h(
          'tr',
          { 'data-pool': r.pool },
          h('td', {}, poolWords(r.pool)),
          h(
            'td',
            { title: r.provisional ? `Provisional (deviation ${r.deviation})` : `Deviation ${r.deviation}` },
            `${r.rating}${r.provisional ? '?' : ''}`,
          ),
          h('td', {}, String(r.games)),
          h('td', {}, `${r.wins} · ${r.draws} · ${r.losses}`),
        ),
      ),
    ),
  );
}

/** Won, drawn and lost per game, rated or not (against the computer too): every finished game listed here. */
function resultsTable(p) {
  if (!p.results || !p.results.length) return null;
  return h(
    'table',
    { class: 'ratings', id: 'results' },
    h('caption', {}, 'All finished games'),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Game'),
        h('th', { scope: 'col' }, 'Won'),
        h('th', { scope: 'col' }, 'Drawn'),
        h('th', { scope: 'col' }, 'Lost'),
      ),
    ),
    h(
      'tbody',
      {},
      p.results.map((r) =>
        h(
          'tr',
          { 'data-game': r.game },
          h('th', { scope: 'row' }, cap(r.game)),
          h('td', {}, String(r.wins)),
          h('td', {}, String(r.draws)),
          h('td', {}, String(r.losses)),
        ),
      ),
    ),
  );
}

/** One pool's rating over its games: a line from the first game's rating before to the last one's after. */
function graph(course) {
  const width = 480;
  const height = 140;
  const pad = 28;
  const ratings = course.points.map((q) => q.rating);
  const low = Math.min(...ratings) - 20;
  const high = Math.max(...ratings) + 20;
  const x = (i) => pad + (i * (width - 2 * pad)) / Math.max(1, course.points.length - 1);
  const y = (r) => height - pad / 2 - ((r - low) * (height - pad)) / (high - low);
  const svg = el('svg', {
    viewBox: `0 0 ${width} ${height}`,
    class: 'rating-graph',
    role: 'img',
    'aria-label': `${poolWords(course.pool)} rating: ${ratings.join(', ')}`,
    'data-pool': course.pool,
  });
  for (const r of [low + 20, high - 20]) {
    el('line', { x1: pad, x2: width - pad / 2, y1: y(r), y2: y(r), class: 'graph-grid' }, svg);
    el('text', { x: 2, y: y(r) + 4, class: 'graph-label' }, svg).textContent = String(r);
  }
  el('polyline', { points: course.points.map((q, i) => `${x(i)},${y(q.rating)}`).join(' '), class: 'graph-line' }, svg);
  course.points.forEach((q, i) => {
    const dot = el('circle', { cx: x(i), cy: y(q.rating), r: 3.5, class: 'graph-dot' }, svg);
    el('title', {}, dot).textContent = q.game ? `${q.rating} after game ${q.game}` : `${q.rating} at the start`;
  });
  return h(
    'figure',
    { class: 'rating-course' },
    h('figcaption', { class: 'small muted' }, poolWords(course.pool)),
    svg,
  );
}

function gamesSection(p) {
  const body = h('tbody', {});
  const gameFilter = h(
    'select',
    { id: 'profile-game-filter', 'aria-label': 'Game' },
    h('option', { value: '' }, 'Every game'),
    [...new Set(p.games.map((g) => g.game))].map((g) => h('option', { value: g }, cap(g))),
  );
  const ratedFilter = h('input', { type: 'checkbox', id: 'profile-rated-filter' });
  const render = () => {
    const rows = p.games.filter(
      (g) => (!gameFilter.value || g.game === gameFilter.value) && (!ratedFilter.checked || g.rated),
    );
    body.replaceChildren(
      ...(rows.length ? rows.map((g) => gameRow(g)) : [h('tr', {}, h('td', { colspan: 5 }, 'No games.'))]),
    );
  };
  gameFilter.addEventListener('change', render);
  ratedFilter.addEventListener('change', render);
  render();
  return h(
    'section',
    { class: 'panel' },
    h('h2', {}, 'Games'),
    h(
      'div',
      { class: 'profile-filters' },
      gameFilter,
      h('label', { class: 'field checkbox' }, ratedFilter, h('span', {}, 'Rated only')),
    ),
    h(
      'table',
      { class: 'profile-games', id: 'profile-games' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', {}, 'When'),
          h('th', {}, 'Game'),
          h('th', {}, 'Players'),
          h('th', {}, 'Result'),
          h('th', {}, 'Record'),
        ),
      ),
      body,
    ),
  );
}

function gameRow(g) {
  const when = new Date(g.updated_at * 1000).toLocaleDateString();
  const players = g.players.map((n, i) => (g.seats[i].kind === 'computer' ? 'computer' : n || 'anonymous')).join(' – ');
  const change = g.rating_change
    ? ` (${g.rating_change.change >= 0 ? '+' : '−'}${Math.abs(g.rating_change.change)})`
    : '';
  return h(
    'tr',
    { 'data-id': g.id },
    h('td', {}, when),
    h('td', {}, h('a', { href: `/game/${g.id}` }, poolWords(g.pool)), g.rated ? ' · rated' : ''),
    h('td', {}, players),
    h('td', {}, (g.result || (g.over ? 'over' : 'playing')) + change),
    h(
      'td',
      {},
      h('a', { href: `/api/games/${g.id}/record`, download: `arbiter-${g.game}-${g.id}.json` }, 'JSON'),
      ' · ',
      h('a', { href: `/api/games/${g.id}/record?format=text`, download: `arbiter-${g.game}-${g.id}.txt` }, 'text'),
    ),
  );
}
