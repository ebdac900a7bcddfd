// The game report page (/report/<game>?options=…): is the game fair, how long does it last, how many choices
// does a player face — measured by the server's self-play. The server makes a report once, on demand, and
// keeps it; this page asks for it, shows how far the self-play has come while it is made, then shows the
// report's own standalone page.
import { api } from './api.js';
import { h, cap, clear, sleep } from './svg.js';
import { renderNotFound } from './notfound.js';

/** How often the page asks how far the report has come (ms). */
const POLL = 1000;

/** The report's status address: `/reports/<game>` with its options. */
function statusPath(game, options) {
  const query = options ? `?options=${encodeURIComponent(options)}` : '';
  return `/reports/${encodeURIComponent(game)}${query}`;
}

/**
 * Links to the report of each variant the game offers (`size=6`…), the one shown marked: as asked for
 * (`asked`) or as the server normalised it (`current`).
 */
async function variantLinks(nav, game, asked, current) {
  let catalog;
  try {
    catalog = await api('GET', '/catalog');
  } catch (_) {
    return;
  }
  const entry = (catalog.games || []).find((g) => g.name === game);
  const choices = Object.entries((entry && entry.option_choices) || {});
  if (!choices.length) return;
  nav.appendChild(h('span', { class: 'muted' }, 'Variants:'));
  for (const [key, values] of choices) {
    for (const value of values) {
      const options = `${key}=${value}`;
      const here = current.split(',').includes(options) || asked.split(',').includes(options);
      nav.appendChild(
        h(
          'a',
          {
            class: here ? 'button small current' : 'button small',
            href: `/report/${game}?options=${encodeURIComponent(options)}`,
            'aria-current': here ? 'page' : null,
          },
          `${key} ${value}`,
        ),
      );
    }
  }
}

/** The report, framed: its page sizes the frame so that the app's page scrolls, not the frame. */
function reportFrame(url, title) {
  const frame = h('iframe', {
    class: 'report-frame',
    id: 'report-frame',
    src: url,
    title,
    // The report has no scripts; same origin lets the app read its height.
    sandbox: 'allow-same-origin',
  });
  const fit = () => {
    const doc = frame.contentDocument;
    if (doc && doc.documentElement) frame.style.height = `${doc.documentElement.scrollHeight + 4}px`;
  };
  frame.addEventListener('load', () => {
    fit();
    window.arbiterReport.loaded = true;
  });
  window.addEventListener('resize', fit);
  return frame;
}

export async function renderReport(main, game) {
  clear(main);
  const options = new URLSearchParams(location.search).get('options') || '';
  const title = cap(game);
  document.title = `${title} game report · Arbiter`;
  window.arbiterReport = { state: null, loaded: false };
  const bar = h('progress', { id: 'report-progress', 'aria-label': 'Self-play games played' });
  const message = h(
    'p',
    { class: 'report-message', id: 'report-message', 'aria-live': 'polite' },
    'Asking the server for the report…',
  );
  const status = h('section', { class: 'panel report-status', id: 'report-status' }, bar, message);
  const variants = h('nav', { class: 'report-variants', 'aria-label': 'Variants' });
  const body = h('div', { class: 'report-body', id: 'report-body' });
  main.appendChild(
    h(
      'article',
      { class: 'report-page', id: 'report-page', 'data-game': game },
      h(
        'header',
        { class: 'rules-head' },
        h('h1', {}, `${title}: game report`),
        h(
          'nav',
          { class: 'rules-nav' },
          h('a', { class: 'button', href: `/rules/${game}`, id: 'rules-link' }, `How to play ${title}`),
          h('a', { class: 'button primary', href: `/?game=${game}` }, `Play ${title}`),
        ),
      ),
      h(
        'p',
        { class: 'muted report-intro' },
        'Is the game fair to both sides? How long does it last, how often is it drawn, does skill decide it, ' +
          'how many choices does a player face? The server measures it by letting its computer players play ' +
          'each other. It plays a small number of games, so read the intervals.',
      ),
      variants,
      status,
      body,
    ),
  );
  let first = true;
  for (;;) {
    let s;
    try {
      s = await api('GET', statusPath(game, options));
    } catch (e) {
      if (e.status === 404) {
        renderNotFound(main, `There is no game called “${game}” here.`);
        return;
      }
      message.textContent = e.message;
      message.classList.add('error');
      // Busy or too many requests: try again when the server says.
      if (e.status === 429 || e.status === 503) {
        await sleep((e.retryAfter || 30) * 1000);
        message.classList.remove('error');
        continue;
      }
      window.arbiterReport.state = 'error';
      bar.remove();
      return;
    }
    window.arbiterReport.state = s.state;
    if (first) {
      first = false;
      variantLinks(variants, game, options, s.options || '');
    }
    if (s.state === 'ready') {
      bar.remove();
      message.replaceChildren(
        'The report is ready. ',
        h('a', { href: s.url, id: 'report-open' }, 'Open it on its own page'),
        '.',
      );
      body.appendChild(reportFrame(s.url, `${title} game report`));
      return;
    }
    if (s.state === 'failed') {
      bar.remove();
      message.textContent = s.message;
      message.classList.add('error');
      return;
    }
    if (s.games_total) {
      bar.max = s.games_total;
      bar.value = s.games_done;
    }
    const note = 'The first visitor waits while the server plays; everyone after reads it at once.';
    message.textContent = `${s.message} ${note}`;
    await sleep(POLL);
  }
}
