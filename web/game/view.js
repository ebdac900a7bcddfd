// The game as the server sends it (after a move, over the live connection, on a refresh): the page takes
// each newer view, works out which sides this player holds, and tells the news it brings (a takeback
// answered, a friend who joined, a rematch).
import { api } from '../api.js';
import { h, cap } from '../svg.js';
import { glyphPicture } from '../board.js';
import {
  rememberInvite,
  toMove,
  sideName,
  sideIndex,
  myTurn,
  mySides,
  holds,
  openSide,
  stepwise,
  piecesOf,
} from './state.js';
import { createMoveInput } from './moves.js';
import { announce } from './typed.js';
import { createStepInput } from './steps.js';

/** `G.setView`, `G.refresh`, and what the panel asks of the view: `G.levels`, `G.sideGlyph`. */
export function installView(G) {
  G.setView = (view) => setView(G, view);
  G.refresh = async () => {
    try {
      G.setView(await api('GET', `/games/${G.S.id}`));
    } catch (e) {
      G.fail(e);
    }
  };
  G.levels = () => levels(G.S);
  G.sideGlyph = (i) => sideGlyph(G.S, i);
}

/** Shows a view (one older than the page's is dropped): a new position drops the move half entered. */
function setView(G, view) {
  const S = G.S;
  if (!view || view.version < S.lastVersion) return;
  const before = S.view;
  const changed = !before || before.ply !== view.ply || before.version !== view.version;
  S.lastVersion = view.version;
  S.view = view;
  G.clocks.set(view);
  updateSeats(S);
  const now = view.ending ? view.ending.text : myTurn(S) ? 'Your move' : `${sideName(S, toMove(S))} to move`;
  document.title = `${cap(view.game)} — ${now} · Arbiter`;
  if (!before) createInput(G);
  else {
    takebackNews(G, before, view);
    joinNews(G, before, view);
    announce(G, before);
  }
  if (changed) {
    G.input.reset();
    S.hint = null;
    if (!view.thinking) S.thinkingInfo = null;
    S.review = null;
  }
  if (view.rematch && !S.rematchBy) findRematchBy(G, view.rematch);
  G.render();
}

/** The move input the game asks for: whole moves from the legal list, or a turn built step by step. */
function createInput(G) {
  const S = G.S;
  G.input = stepwise(S) ? createStepInput(G) : createMoveInput(G);
  S.input = G.input.st;
  if (stepwise(S)) S.step = G.input.st;
}

/** The sides this player holds come from the server, with every view (an invite claimed, a seat changed). */
function updateSeats(S) {
  const v = S.view;
  S.mine = mySides(S);
  // The first player is drawn at the bottom, unless this player holds only the second.
  if (!S.flippedByHand) S.flipped = S.mine.size === 1 && piecesOf(S, [...S.mine][0]) === 1;
  // Once nobody's seat is open, the invite is spent.
  if (openSide(S) < 0 && S.invite) {
    S.invite = null;
    rememberInvite(S.id, null);
  }
  if (openSide(S) >= 0 && v.invite) {
    S.invite = v.invite;
    rememberInvite(S.id, v.invite);
  }
}

/** Tells the asker how their takeback request ended (the answer comes with the opponent's view). */
function takebackNews(G, before, view) {
  const S = G.S;
  const asked = before.takeback;
  if (!asked || view.takeback) return;
  const by = sideIndex(S, asked.by);
  if (S.takebackAnswered) {
    S.takebackAnswered = false;
    return;
  }
  if (view.ply > before.ply) return; // a move cleared it
  if (S.mine.has(by) && S.mine.size === 1) {
    if (view.ply < before.ply) G.say('Your opponent accepted: your last move is taken back.', 'info');
    else G.say('Your opponent declined to take back your move.', 'warn');
  } else if (S.mine.size && view.ply === before.ply) {
    G.say('Your opponent withdrew the request to take back.', 'info');
  }
}

/** Tells the creator that their friend took the open seat. */
function joinNews(G, before, view) {
  const S = G.S;
  const i = before.sides.findIndex((s) => s.open);
  if (i < 0 || view.sides[i].open || !view.sides[i].player || holds(S, i)) return;
  if (!(S.me && view.creator && view.creator.id === S.me.id)) return;
  const who = view.sides[i].player.name || 'Your friend';
  G.say(`${who} joined the game and plays ${sideName(S, i)}.`, 'info');
}

/** Who started the rematch: the page says "your opponent started a rematch" only when they did. */
async function findRematchBy(G, rematchId) {
  const S = G.S;
  S.rematchBy = 'unknown';
  try {
    const other = await api('GET', `/games/${rematchId}`);
    S.rematchBy = S.me && other.creator && other.creator.id === S.me.id ? 'me' : 'other';
  } catch (_) {
    S.rematchBy = 'other';
  }
  G.render();
}

/** The computer levels to choose from: the game's, and any level in use even if the catalog is not known yet. */
function levels(S) {
  const n = (S.catalog && S.catalog.levels) || 0;
  const list = [];
  for (let l = 1; l <= n; l++) list.push(l);
  for (const s of S.view.sides) if (s.seat.kind === 'computer' && !list.includes(s.seat.level)) list.push(s.seat.level);
  return list.sort((a, b) => a - b);
}

/** A small picture of a side's piece (its first on the board, else in the piece key), for the players list. */
function sideGlyph(S, i) {
  const d = S.diagram;
  const side = piecesOf(S, i);
  const piece = d && [...(d.pieces || []), ...(d.key || [])].find((p) => p.side === side);
  if (piece && d.glyphs[piece.glyph]) return h('span', { class: 'side-glyph' }, glyphPicture(d, piece.glyph, 26));
  return h('span', { class: `side-chip side-${side}` });
}
