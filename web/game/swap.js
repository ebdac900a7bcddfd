// The swap rule (the game option swap=on, any game): right after the first player's first move, the second
// player may take over that side instead of answering. Offered as a move without cells, `swap`, which the
// page shows as a button with a short explanation; whole-move games list it among the legal moves, games
// built step by step among the first steps (with the same notation).
import { h, cap } from '../svg.js';
import { toMove, sideName } from './state.js';

/** The swap's notation. */
export const SWAP = 'swap';

/** The swap offered to the side to move: what it does, and its button (`play`: plays it). */
export function swapOffer(S, play) {
  const t = toMove(S);
  const mine = sideName(S, t);
  const theirs = sideName(S, 1 - t);
  return h(
    'div',
    { class: 'swap-offer' },
    h(
      'p',
      { class: 'small' },
      `Swap rule: instead of answering, you may take over ${theirs}'s side with its first move. ` +
        `Your opponent then plays ${mine} and moves next.`,
    ),
    h(
      'button',
      { class: 'primary', 'data-move': SWAP, onclick: play, title: `Take over ${theirs}'s side` },
      `Swap: play ${cap(theirs)}`,
    ),
  );
}
