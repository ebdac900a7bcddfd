// A tournament's game moves on: once it has ended, the page of one of its players watches the tournament
// (its live standings, as the tournament page does) and goes to the player's next game of it as soon as it is
// paired, saying so on a line above the board with a way to stay ("Stay here"). Only the game that follows
// this one is gone to, and only when the page saw this game end or saw that game paired: a page opened
// later on an old game stays put.
import { h } from '../svg.js';
import { watchTournament } from '../api.js';
import { isPlayer, leaveNote } from './state.js';

const nameOf = (p) => (p && p.name) || 'Anonymous player';

/** `{box, update()}`: the line to put above the board, and what to call after each view. */
export function createNextGame(G) {
  const S = G.S;
  // A polite live region kept on the page, its line written in and out.
  const box = h('div', { class: 'next-game-box', id: 'next-game', role: 'status', 'aria-live': 'polite' });
  const N = { stop: null, done: false, sawPlaying: false, heard: false };

  const show = (...children) => box.replaceChildren(h('p', { class: 'next-game' }, ...children));
  const finish = () => {
    N.done = true;
    if (N.stop) N.stop();
    N.stop = null;
  };

  const stay = (tournament) => {
    finish();
    show(
      'You stay on this game. Your next game in the tournament is listed on ',
      h('a', { href: `/tournament/${encodeURIComponent(tournament.id)}` }, 'its page'),
      '.',
    );
  };

  const onTournament = (t) => {
    if (N.done || !S.me) return;
    const first = !N.heard;
    N.heard = true;
    const me = S.me.id;
    const line = t.standings.find((s) => s.player.id === me);
    // The games are listed newest first: this player's game after this one is the one just before it.
    const mine = t.games.filter((g) => g.first.id === me || g.second.id === me);
    const at = mine.findIndex((g) => g.id === S.id);
    const next = at > 0 ? mine[at - 1] : null;
    if (next) {
      if (!next.outcome && line && line.playing === next.id && (N.sawPlaying || !first)) {
        finish();
        const other = next.first.id === me ? next.second : next.first;
        leaveNote(next.id, `${t.name || 'The tournament'}: your game against ${nameOf(other)}.`);
        show(`Your next game in ${t.name || 'the tournament'} is on: going to it…`);
        location.assign(`/game/${next.id}`);
        return;
      }
      box.replaceChildren();
      return finish();
    }
    const more = at >= 0 && line && line.active && (t.status === 'running' || t.status === 'upcoming');
    if (!more) {
      box.replaceChildren();
      return finish();
    }
    if (box.querySelector('#next-game-stay')) return;
    show(
      `Waiting for your next game in ${t.name || 'the tournament'}…`,
      ' ',
      h('button', { type: 'button', class: 'ghost small', id: 'next-game-stay', onclick: () => stay(t) }, 'Stay here'),
    );
  };

  /** After each view: a player's tournament game that has ended starts the watch (once). */
  const update = () => {
    const v = S.view;
    if (!v || !v.tournament) return;
    if (!v.ending) N.sawPlaying = true;
    if (N.done || N.stop || !v.ending || !S.me || !isPlayer(S)) return;
    N.stop = watchTournament(v.tournament.id, (msg) => {
      if (msg.type === 'tournament' && msg.tournament) onTournament(msg.tournament);
    });
  };
  return { box, update };
}
