// Joining a game by an invite link (`/game/<id>?invite=<code>`): the code is used once, then taken out of
// the address; the open side is claimed, unless this player is already in the game.
import { api } from '../api.js';
import { cap } from '../svg.js';
import { rememberInvite, loadInvite } from './state.js';

/** The invite code in the address (null if none), taken out of the address and of the history. */
export function takeInviteFromAddress() {
  const params = new URLSearchParams(location.search);
  const code = params.get('invite');
  if (params.has('invite') || params.has('as')) {
    params.delete('invite');
    params.delete('as');
    const rest = params.toString();
    history.replaceState(history.state, '', location.pathname + (rest ? `?${rest}` : '') + location.hash);
  }
  return code;
}

const WATCHING = ' You are watching the game.';

/** The words for a player who already plays in the game. */
const alreadyPlaying = (view) => ({ view, joined: { text: 'You already play in this game.', kind: 'info' } });

/**
 * Claims the open side of `view` with invite `code` (`problem`: why this browser's player is not known);
 * resolves to `{view, joined}`, `joined` saying what happened. A game that is gone rejects.
 */
export async function useInvite(S, view, code, problem) {
  if (problem) return { view, joined: { text: `Could not join: ${problem.message}${WATCHING}`, kind: 'error' } };
  if (view.sides.some((s) => s.player && s.player.id === S.me.id)) return ownLink(S, view, code);
  try {
    const claimed = await api('POST', `/games/${S.id}/claim`, { invite: code });
    const i = claimed.sides.findIndex((s) => s.player && s.player.id === S.me.id);
    const side = i >= 0 ? ` You play ${cap(claimed.sides[i].name)}.` : '';
    const hints = claimed.hints ? ' Hints are allowed for both players.' : ' No hints in this game.';
    return { view: claimed, joined: { text: `You joined the game.${side}${hints}`, kind: 'info' } };
  } catch (e) {
    if (e.code === 'already_playing') return alreadyPlaying(view);
    const text = refusal(e);
    if (!text) throw e;
    return { view, joined: { text: text + WATCHING, kind: 'error' } };
  }
}

/** A player of the game opened the link: the creator keeps it to show, rather than take the friend's seat. */
function ownLink(S, view, code) {
  if (!(view.creator && view.creator.id === S.me.id && view.sides.some((s) => s.open))) return alreadyPlaying(view);
  // The link this browser made last is the newest one it knows (an old link may have been replaced).
  S.invite = loadInvite(S.id) || code;
  rememberInvite(S.id, S.invite);
  const text = 'This is your own invite link: send it to the friend you want to play with.';
  return { view, joined: { text, kind: 'info' } };
}

/** Why the invite did not work, in words; null when the game itself is gone. */
function refusal(e) {
  if (e.code === 'bad_invite')
    return 'This invite link does not work: it is wrong, or a newer link replaced it. Ask for a new link.';
  if (e.code === 'no_open_seat') return 'This invite link was already used: both seats are taken.';
  if (e.status === 404) return null;
  return `Could not join the game: ${e.message}`;
}
