// What a player does on the game page, each a request to the server whose answer is a new view: move,
// undo or ask to take back, resign, ask for a hint, start a rematch or a new game, invite a friend,
// change who plays a side; and flip the board.
import { api, getDiagram, me } from '../api.js';
import { rememberInvite, toMove, sideName, holds, isPlayer } from './state.js';

/** Puts the actions on the page (`G.play`, `G.undo`…), for the move input and the panel. */
export function installActions(G) {
  Object.assign(G, {
    play: (notation) => play(G, notation),
    undo: () => undo(G),
    answerTakeback: (accept, words) => answerTakeback(G, accept, words),
    resign: () => resign(G),
    hint: () => hint(G),
    clearHint: () => {
      G.S.hint = null;
      G.render();
    },
    rematch: () => rematch(G),
    newInvite: () => newInvite(G),
    startNew: (position) => startNew(G, position),
    flip: () => {
      G.S.flipped = !G.S.flipped;
      G.S.flippedByHand = true;
      G.render();
    },
    setSeat: (i, value) => setSeat(G, i, value),
  });
}

async function play(G, notation) {
  const S = G.S;
  G.say(null);
  try {
    const body = { move: notation, side: S.view.sides[toMove(S)].name, ply: S.view.ply };
    G.setView(await api('POST', `/games/${S.id}/moves`, body));
  } catch (e) {
    G.fail(e);
    G.refresh();
  }
}

async function undo(G) {
  try {
    const view = await api('POST', `/games/${G.S.id}/undo`);
    G.setView(view);
    G.say(view.takeback ? 'You asked your opponent to take back your last move.' : 'Move taken back.');
  } catch (e) {
    G.fail(e);
  }
}

/** Answers a takeback request: accept or decline it (the opponent), or withdraw it (the asker). */
async function answerTakeback(G, accept, words) {
  const S = G.S;
  S.takebackAnswered = true;
  try {
    G.setView(await api('POST', `/games/${S.id}/takeback`, { accept }));
    G.say(words);
  } catch (e) {
    S.takebackAnswered = false;
    G.fail(e);
    G.refresh();
  }
}

const confirmAction = (question) => (window.arbiterNoConfirm ? true : window.confirm(question));

async function resign(G) {
  const S = G.S;
  const who = S.mine.size === 1 ? [...S.mine][0] : toMove(S);
  if (!confirmAction(`Resign for ${sideName(S, who)}?`)) return;
  try {
    G.setView(await api('POST', `/games/${S.id}/resign`, { side: S.view.sides[who].name }));
    G.say(null);
  } catch (e) {
    G.fail(e);
  }
}

/** Asks the engine for a move, shown on the board (its clicks, from the server) with a "Play it" button. */
async function hint(G) {
  const S = G.S;
  G.say('Asking the engine…');
  const version = S.view.version;
  try {
    const r = await api('GET', `/games/${S.id}/hint`);
    const d = await getDiagram({ game: S.view.game, options: S.view.options, position: S.view.position, move: r.best });
    if (S.view.version !== version) return;
    // The hint is a whole move from the position as it stands: drop a move half entered.
    G.input.reset();
    S.hint = { notation: r.best, info: d.move ? d.move.info : null, clicks: d.move ? d.move.clicks : [] };
    G.say(null);
    G.render();
  } catch (e) {
    G.fail(e);
  }
}

async function rematch(G) {
  G.say('Starting the rematch…');
  try {
    const created = await api('POST', `/games/${G.S.id}/rematch`);
    location.href = `/game/${created.id}`;
  } catch (e) {
    G.fail(e);
    G.refresh();
  }
}

/** A new invite link for the open side (the creator only; the old link stops working). */
async function newInvite(G) {
  const S = G.S;
  try {
    const answer = await api('POST', `/games/${S.id}/invite`);
    S.invite = answer.invite;
    rememberInvite(S.id, answer.invite);
    G.say('Here is a new invite link. Any older link no longer works.');
    G.render();
  } catch (e) {
    if (e.code === 'no_open_seat') G.say('Nobody can be invited any more: the seat is taken.', 'warn');
    else G.fail(e);
    G.refresh();
  }
}

/** A new game with this game's options and players: a side another person plays is left open for them. */
async function startNew(G, position) {
  const S = G.S;
  const v = S.view;
  try {
    await me();
    const body = { game: v.game, options: v.options, players: v.sides.map((x) => x.seat), public: v.public };
    if (v.clock) body.clock = v.clock.control;
    const others = v.sides.map((s, i) => i).filter((i) => v.sides[i].seat.kind === 'human' && !holds(S, i));
    if (isPlayer(S) && others.length === 1) body.open = others[0] === 0 ? 'first' : 'second';
    if (position) body.position = position;
    const created = await api('POST', '/games', body);
    if (created.invite) rememberInvite(created.id, created.invite);
    location.href = `/game/${created.id}`;
  } catch (e) {
    G.fail(e);
  }
}

/** Hands side `i` to a person (`human`) or to the computer at a level. */
async function setSeat(G, i, value) {
  const players = G.S.view.sides.map((s) => s.seat);
  players[i] = value === 'human' ? { kind: 'human' } : { kind: 'computer', level: Number(value) };
  try {
    G.setView(await api('POST', `/games/${G.S.id}/players`, { players }));
  } catch (e) {
    G.fail(e);
  }
}
