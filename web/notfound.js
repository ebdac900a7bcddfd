// The page shown for a path the app does not have (the server answers it with status 404).
import { h, clear } from './svg.js';

export function renderNotFound(main, what = null) {
  clear(main);
  document.title = 'Page not found · Arbiter';
  main.appendChild(
    h(
      'section',
      { class: 'panel not-found', id: 'not-found' },
      h('h1', {}, 'Page not found'),
      h('p', {}, what || `There is no page at ${location.pathname}.`),
      h('p', {}, h('a', { class: 'button primary', href: '/' }, 'Go to the home page'), ' to start or resume a game.'),
    ),
  );
}
