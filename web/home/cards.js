// The game cards, small and all in one row (the chosen game's words, options and the start button come
// right below them), and the chosen game in a few words, with its rules and tutorial.
import { getDiagram } from '../api.js';
import { h } from '../svg.js';
import { Board } from '../board.js';
import { titleOf, sidesOf } from './form.js';
import { renderOptions } from './options.js';
import { renderPlayers } from './players.js';

/** One card per game of the catalog, each with a picture of its start position. */
export function gameCards(home) {
  const cards = h('div', { class: 'game-cards', role: 'group', 'aria-label': 'Games' });
  for (const g of home.catalog.games) cards.appendChild(gameCard(home, g));
  return cards;
}

function gameCard(home, g) {
  const picture = new Board({ className: 'preview', label: `${titleOf(g)}: the start position` });
  getDiagram({ game: g.name })
    .then((d) => picture.setDiagram(d))
    .catch(() => {});
  return h(
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
        onclick: () => selectGame(home, g.name),
      },
      picture.svg,
      h(
        'span',
        { class: 'game-card-text' },
        h('span', { class: 'game-card-title' }, titleOf(g)),
        h('span', { class: 'game-card-sides' }, sidesOf(g)),
      ),
    ),
  );
}

/** Chooses a game: its card is marked, its words, options and players shown (levels it lacks lowered). */
export function selectGame(home, name) {
  const { form } = home;
  form.game = name;
  for (const card of home.cards.children) {
    const on = card.dataset.game === name;
    card.classList.toggle('selected', on);
    card.querySelector('.pick').setAttribute('aria-pressed', on ? 'true' : 'false');
  }
  const max = home.current().levels;
  form.level = Math.min(form.level, max);
  form.levels = form.levels.map((l) => Math.min(l, max));
  renderAbout(home);
  renderOptions(home);
  renderPlayers(home);
}

/** The chosen game in a few words, under the cards. */
function renderAbout(home) {
  const g = home.current();
  home.about.replaceChildren(
    h('strong', {}, titleOf(g)),
    ' ',
    h('span', { class: 'game-about-sides' }, sidesOf(g)),
    g.blurb ? ` — ${g.blurb} ` : ' ',
    g.rules === false
      ? null
      : h(
          'span',
          { class: 'game-about-links' },
          h('a', { href: `/rules/${g.name}`, class: 'rules-link', id: `rules-${g.name}` }, 'How to play'),
          ' · ',
          h('a', { href: `/learn/${g.name}`, class: 'learn-link', id: `learn-${g.name}` }, 'Tutorial'),
          ' · ',
          h('a', { href: '/puzzles', class: 'puzzles-link' }, 'Puzzles'),
        ),
  );
}
