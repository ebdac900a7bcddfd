// /leaderboards: every rating pool's best settled ratings (provisional ones are not listed), each name
// leading to its profile.
import { api } from './api.js';
import { h, clear, cap } from './svg.js';

export async function renderLeaderboards(main) {
  clear(main);
  document.title = 'Leaderboards · Arbiter';
  const page = h('div', { class: 'profile-page', id: 'leaderboards' }, h('h1', {}, 'Leaderboards'));
  main.appendChild(page);
  let boards;
  try {
    boards = await api('GET', '/leaderboards?limit=50');
  } catch (e) {
    page.appendChild(h('p', { class: 'error' }, e.message));
    return;
  }
  const shown = boards.filter((b) => b.lines.length);
  if (!shown.length) {
    page.appendChild(
      h(
        'p',
        { class: 'panel', id: 'no-leaders' },
        'Nobody has a settled rating yet: ratings show here after a dozen or so rated games.',
      ),
    );
    return;
  }
  for (const b of shown) {
    const [game, options] = b.pool.split(/:(.*)/s);
    page.appendChild(
      h(
        'section',
        { class: 'panel', 'data-pool': b.pool },
        h('h2', {}, cap(game) + (options ? ` (${options})` : '')),
        h(
          'table',
          { class: 'leaderboard' },
          h(
            'thead',
            {},
            h('tr', {}, h('th', {}, '#'), h('th', {}, 'Player'), h('th', {}, 'Rating'), h('th', {}, 'Games')),
          ),
          h(
            'tbody',
            {},
            b.lines.map((l) =>
              h(
                'tr',
                {},
                h('td', {}, String(l.rank)),
                h(
                  'td',
                  {},
                  h('a', { href: `/player/${encodeURIComponent(l.player.id)}` }, l.player.name || 'Anonymous player'),
                ),
                h('td', {}, String(l.rating)),
                h('td', {}, String(l.games)),
              ),
            ),
          ),
        ),
      ),
    );
  }
}
