// The lobby on the home page: open challenges, live over the lobby's WebSocket. Anyone may accept another
// player's challenge (and goes to the new game); a challenger may cancel theirs, and their page goes to
// the game as soon as someone accepts it.
import { api, me, watchLobby } from './api.js';
import { h, cap } from './svg.js';
import { clockLabel, clockWords } from './clock.js';
import { leaveNote } from './game/state.js';

/**
 * The lobby's panel. `catalog` names the games and their sides; `player` is this browser's player (or
 * null); `onPost` switches the new-game form to posting a challenge. Returns `{section, add, state}`:
 * `add(challenge)` lists a challenge just posted (before the WebSocket tells it), `state` is for tests.
 */
export function createLobby({ catalog, player, onPost }) {
  const state = { connected: false, loaded: false, challenges: [] };
  const mine = new Set(); // ids of this player's challenges, open now or before
  const list = h('div', { class: 'recent challenges', id: 'lobby-list' }, h('p', { class: 'muted small' }, 'Loading…'));
  const message = h('p', { class: 'message', id: 'lobby-message', role: 'status' });
  const conn = h('span', { class: 'conn off', id: 'lobby-conn', title: 'connecting…' });
  const say = (text, kind = '') => {
    message.textContent = text || '';
    message.className = `message ${kind}`;
  };
  const yours = (c) => !!(player && c.by && c.by.id === player.id);

  const gameOf = (name) => catalog.games.find((g) => g.name === name);
  const title = (c) => {
    const g = gameOf(c.game);
    return ((g && g.title) || cap(c.game)) + (c.options ? ` (${c.options})` : '');
  };
  const sideOf = (c, i) => {
    const g = gameOf(c.game);
    return cap(g ? g.sides[i] : i === 0 ? 'first' : 'second');
  };
  /** Who plays what, from the reader's side: the challenger's colour, or the one the accepter gets. */
  const colourWords = (c) => {
    if (c.colour !== 'first' && c.colour !== 'second') return 'sides drawn at random';
    const theirs = c.colour === 'first' ? 0 : 1;
    return yours(c) ? `you play ${sideOf(c, theirs)}` : `you play ${sideOf(c, 1 - theirs)}`;
  };

  /** The rating range the reader wants to see (empty: no bound); their own challenges always show. */
  const range = { min: null, max: null };
  const inRange = (c) =>
    yours(c) ||
    c.rating === null ||
    c.rating === undefined ||
    ((range.min === null || c.rating >= range.min) && (range.max === null || c.rating <= range.max));
  const bound = (id, label, key) => {
    const input = h('input', {
      type: 'number',
      id,
      min: 0,
      max: 4000,
      step: 50,
      placeholder: 'any',
      'aria-label': label,
      oninput: (e) => {
        const n = parseInt(e.target.value, 10);
        range[key] = Number.isFinite(n) ? n : null;
        render();
      },
    });
    return h('label', { class: 'rating-bound' }, h('span', { class: 'small muted' }, label), input);
  };
  const filter = h(
    'div',
    { class: 'lobby-filter', id: 'lobby-filter' },
    bound('lobby-min-rating', 'Rating from', 'min'),
    bound('lobby-max-rating', 'to', 'max'),
  );

  const render = () => {
    const all = state.challenges;
    const challenges = all.filter(inRange);
    if (all.length && !challenges.length) {
      list.replaceChildren(
        h('p', { class: 'muted small', id: 'lobby-filtered' }, `${all.length} open, none in your rating range.`),
      );
      return;
    }
    if (!challenges.length) {
      list.replaceChildren(
        h(
          'p',
          { class: 'muted small', id: 'lobby-empty' },
          'No open challenges right now. Post one: anyone may accept it.',
        ),
      );
      return;
    }
    list.replaceChildren(...challenges.map(line));
  };

  const line = (c) => {
    const own = yours(c);
    const name = own ? 'You' : (c.by && c.by.name) || 'Anonymous';
    const who = typeof c.rating === 'number' ? `${name} (${c.rating}${c.provisional ? '?' : ''})` : name;
    const button = own
      ? h(
          'button',
          { class: 'ghost small cancel-challenge', type: 'button', onclick: (e) => cancel(c, e.target) },
          'Cancel',
        )
      : h(
          'button',
          { class: 'primary small accept-challenge', type: 'button', onclick: (e) => accept(c, e.target) },
          'Accept',
        );
    return h(
      'div',
      { class: `challenge ${own ? 'yours' : ''}`, 'data-id': c.id, 'data-by': c.by ? c.by.id : '' },
      h(
        'div',
        { class: 'challenge-text' },
        h('strong', {}, title(c)),
        // Every challenge is listed here for everyone; "public" is about the game it makes: listed for
        // spectators on everyone's home page.
        h(
          'span',
          { class: 'challenge-by' },
          `${who} · ${colourWords(c)}${c.rated ? ' · rated' : ''}${c.hints ? ' · hints allowed' : ''}${c.public ? ' · game listed for spectators' : ''}`,
        ),
        h(
          'span',
          { class: `challenge-clock ${c.clock ? '' : 'none'}`, title: c.clock ? clockWords(c.clock) : '' },
          c.clock ? `Clock: ${clockLabel(c.clock)}` : 'No clock',
        ),
      ),
      button,
    );
  };

  const show = (challenges) => {
    for (const c of challenges) if (yours(c)) mine.add(c.id);
    state.challenges = challenges;
    state.loaded = true;
    render();
  };

  const accept = async (c, button) => {
    button.disabled = true;
    say('Accepting the challenge…');
    try {
      const who = await me();
      const view = await api('POST', `/challenges/${encodeURIComponent(c.id)}/accept`);
      const i = view.sides.findIndex((s) => s.player && s.player.id === who.id);
      const side = i >= 0 ? ` You play ${cap(view.sides[i].name)}.` : '';
      leaveNote(view.id, `You accepted the challenge of ${(c.by && c.by.name) || 'an anonymous player'}.${side}`);
      location.href = `/game/${view.id}`;
    } catch (e) {
      button.disabled = false;
      if (e.code === 'not_found') {
        say('That challenge is no longer open: someone else accepted it, or it was cancelled.', 'warn');
        show(state.challenges.filter((x) => x.id !== c.id));
      } else if (e.code === 'own_challenge') say('That challenge is yours: someone else has to accept it.', 'warn');
      else say(e.message, 'error');
    }
  };

  const cancel = async (c, button) => {
    button.disabled = true;
    try {
      await api('DELETE', `/challenges/${encodeURIComponent(c.id)}`);
      say('Challenge cancelled.');
      show(state.challenges.filter((x) => x.id !== c.id));
    } catch (e) {
      button.disabled = false;
      if (e.status === 404) {
        say('That challenge is no longer open.', 'warn');
        show(state.challenges.filter((x) => x.id !== c.id));
      } else say(e.message, 'error');
    }
  };

  /** Someone accepted a challenge: if it is this player's, to the game at once. */
  const accepted = (msg) => {
    if (!mine.has(msg.challenge)) return;
    if (player && msg.by && msg.by.id === player.id) return; // our own accept goes there by itself
    const who = (msg.by && msg.by.name) || 'An anonymous player';
    say(`${who} accepted your challenge: to the game…`, 'info');
    leaveNote(msg.game, `${who} accepted your challenge.`);
    location.href = `/game/${msg.game}`;
  };

  const section = h(
    'section',
    { class: 'panel lobby', id: 'lobby' },
    h('div', { class: 'lobby-head' }, h('h2', {}, 'Open challenges'), conn),
    filter,
    list,
    message,
    h('button', { type: 'button', id: 'post-challenge-open', class: 'small', onclick: onPost }, '+ Post a challenge'),
  );

  const setConnected = (on) => {
    state.connected = on;
    conn.className = `conn ${on ? 'on' : 'off'}`;
    conn.title = on ? 'live' : 'reconnecting…';
  };

  // The list at once (with any refusal in words), then every change live.
  api('GET', '/challenges')
    .then((challenges) => {
      if (!state.loaded) show(challenges);
    })
    .catch((e) => {
      if (!state.loaded)
        list.replaceChildren(
          h(
            'p',
            { class: 'error small' },
            e.status === 404 ? 'This server has no lobby.' : `The challenges could not be loaded: ${e.message}`,
          ),
        );
    });
  watchLobby(
    (msg) => {
      if (msg.type === 'challenges' && Array.isArray(msg.challenges)) show(msg.challenges);
      else if (msg.type === 'accepted') accepted(msg);
    },
    (on) => {
      const was = state.connected;
      setConnected(on);
      if (!on && was) say('Lost the connection to the lobby: reconnecting…', 'error');
      else if (on && message.classList.contains('error')) say(null);
    },
  );

  return {
    section,
    state,
    /** A challenge this player just posted: listed (and known as theirs) before the WebSocket tells it. */
    add(c) {
      mine.add(c.id);
      if (!state.challenges.some((x) => x.id === c.id)) show([c, ...state.challenges]);
    },
  };
}
