// The home page's lists of games: yours (with whom you play and whose move it is) and public games of
// other people, to watch.
import { api } from '../api.js';
import { h, cap } from '../svg.js';

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
export async function listYourGames(box, catalog, player) {
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
  const { against, state, stateClass } = view ? fromView(view, player) : fromSummary(g);
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

/** Whom you play and the game's state, from its view: whose move, or how it ended. */
function fromView(view, player) {
  const held = (s) => !!(s.player && s.player.id === player.id);
  const others = view.sides.filter((s) => !held(s));
  const against = others.length ? 'vs ' + others.map(opponentWords).join(' and ') : 'both sides on this screen';
  const t = view.sides[view.to_move === 'first' ? 0 : 1];
  if (view.ending) return { against, state: view.ending.text, stateClass: 'result' };
  if (view.sides.some((s) => s.open)) return { against, state: 'Waiting for your friend to join', stateClass: 'muted' };
  if (held(t) && t.seat.kind === 'human') return { against, state: 'Your move', stateClass: 'your-move' };
  const state = t.seat.kind === 'computer' ? 'The computer is to move' : 'Their move';
  return { against, state, stateClass: 'muted' };
}

/** Who plays a side you do not hold. */
function opponentWords(s) {
  if (s.seat.kind === 'computer') return `computer (level ${s.seat.level})`;
  if (s.open) return 'your friend (not joined yet)';
  return (s.player && s.player.name) || 'an anonymous player';
}

/** Who plays and the game's state, from its summary alone (its view could not be fetched). */
function fromSummary(g) {
  return {
    against: `${seatWords(g, 0)} vs ${seatWords(g, 1)}`,
    state: g.over ? g.result || 'finished' : 'in progress',
    stateClass: g.over ? 'result' : 'muted',
  };
}

/** Public games of other people, to watch. */
export async function listPublicGames(box, catalog) {
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
  box.replaceChildren(...games.map((g) => publicGameLine(catalog, g)));
}

function publicGameLine(catalog, g) {
  const sides = sidesOf(catalog, g.game);
  return h(
    'a',
    { class: `recent-game ${g.over ? 'over' : 'ongoing'}`, href: `/game/${g.id}`, 'data-id': g.id },
    h('strong', {}, gameTitle(catalog, g)),
    h('span', {}, `${cap(sides[0])}: ${seatWords(g, 0)} · ${cap(sides[1])}: ${seatWords(g, 1)}`),
    h('span', { class: g.over ? 'result' : 'muted' }, g.over ? g.result || 'finished' : `Watch · ${plies(g.ply)}`),
  );
}
