// The puzzles' front page (/puzzles): a card per set (its game and options, how many puzzles, the themes),
// and "Learn from your mistakes": positions of the player's own analysed games where their move was a
// mistake or a blunder. Every set and every word about a game comes from the server.
import { api, me } from './api.js';
import { h, clear, fill } from './svg.js';
import { variantTitle, themeWords } from './puzzle/words.js';
import { MINE, mistakeId } from './puzzle/page.js';

export async function renderPuzzles(main) {
  clear(main);
  document.title = 'Puzzles · Arbiter';
  const setsBox = h('div', { class: 'puzzle-sets', id: 'puzzle-sets' }, h('p', { class: 'muted' }, 'Loading…'));
  const mineBox = h('div', { class: 'puzzle-mine', id: 'puzzle-mine' }, h('p', { class: 'muted' }, 'Loading…'));
  main.appendChild(
    h(
      'div',
      { class: 'puzzles-page', id: 'puzzles-page' },
      h(
        'section',
        { class: 'panel' },
        h('h1', {}, 'Puzzles'),
        h(
          'p',
          { class: 'muted' },
          'Positions from real games, just after a mistake: find the move that punishes it. ',
          'Rated puzzles follow your puzzle rating; a streak goes from the easiest on until the first wrong answer.',
        ),
        setsBox,
      ),
      h('section', { class: 'panel' }, h('h2', {}, 'Learn from your mistakes'), mineBox),
    ),
  );
  let catalog;
  try {
    catalog = await api('GET', '/catalog');
  } catch (e) {
    fill(setsBox, h('p', { class: 'error' }, e.message));
    fill(mineBox);
    return;
  }
  await Promise.all([listSets(setsBox, catalog), listMistakes(mineBox, catalog)]);
}

async function listSets(box, catalog) {
  let sets;
  try {
    sets = (await api('GET', '/puzzles')).sets || [];
  } catch (e) {
    return fill(box, h('p', { class: 'error' }, e.message));
  }
  if (!sets.length) return fill(box, h('p', { class: 'muted' }, 'No puzzles here yet.'));
  fill(
    box,
    sets.map((set) => setCard(set, catalog)),
  );
}

function setCard(set, catalog) {
  const href = `/puzzles/${encodeURIComponent(set.name)}`;
  return h(
    'article',
    { class: 'puzzle-set', 'data-set': set.name },
    h('h3', {}, h('a', { href, id: `puzzle-set-${set.name}` }, variantTitle(catalog, set.game, set.options))),
    h('p', { class: 'puzzle-count' }, `${set.count} ${set.count === 1 ? 'puzzle' : 'puzzles'}`),
    set.themes && set.themes.length
      ? h(
          'ul',
          { class: 'puzzle-theme-list', 'aria-label': 'Themes' },
          set.themes.map((t) =>
            h(
              'li',
              {},
              h(
                'a',
                { href: `${href}?theme=${encodeURIComponent(t.theme)}` },
                themeWords(t.theme),
                h('span', { class: 'muted' }, ` ${t.count}`),
              ),
            ),
          ),
        )
      : null,
    h('a', { class: 'button primary', href }, 'Solve'),
  );
}

async function listMistakes(box, catalog) {
  let mistakes;
  try {
    await me();
    mistakes = (await api('GET', '/puzzles/mine')).mistakes || [];
  } catch (e) {
    return fill(box, h('p', { class: 'error small' }, e.message));
  }
  if (!mistakes.length)
    return fill(
      box,
      h(
        'p',
        { class: 'muted', id: 'puzzle-mine-empty' },
        'No mistakes to learn from yet. Finish a game, have it analysed on its page, and the moves marked as ',
        'mistakes or blunders come here as puzzles.',
      ),
    );
  fill(
    box,
    h(
      'ol',
      { class: 'puzzle-mistakes' },
      mistakes.map((m) =>
        h(
          'li',
          {},
          h(
            'a',
            { href: `/puzzles/${MINE}/${mistakeId(m)}` },
            `${variantTitle(catalog, m.game, m.options)}, ply ${m.ply}: you played `,
            h('code', {}, m.played),
            ` (${m.mark})`,
          ),
        ),
      ),
    ),
  );
}
