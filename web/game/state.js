// The game page's state: the view from the server, which sides this browser's player holds (from the
// server: `sides[i].player.id` is ours), what is shown, and the questions every other module asks about it.
import { cap } from '../svg.js';

const INVITE_KEY = (id) => `arbiter.invite.${id}`;

/** Keeps the invite code of a game this browser created, to show its link until the seat is taken. */
export function rememberInvite(id, code) {
  try {
    if (code) localStorage.setItem(INVITE_KEY(id), code);
    else localStorage.removeItem(INVITE_KEY(id));
  } catch (_) {
    /* private mode: the link is shown on this page only */
  }
}

/** The invite code this browser keeps for game `id`, if any. */
export function loadInvite(id) {
  try {
    return localStorage.getItem(INVITE_KEY(id));
  } catch (_) {
    return null;
  }
}

const NOTE_KEY = (id) => `arbiter.note.${id}`;

/** Leaves a word for the page of game `id`, shown once when it opens ("Bob accepted your challenge"). */
export function leaveNote(id, text) {
  try {
    sessionStorage.setItem(NOTE_KEY(id), text);
  } catch (_) {
    /* no storage: no note */
  }
}

/** The word left for game `id`'s page, if any (taken: it is shown once). */
export function takeNote(id) {
  try {
    const text = sessionStorage.getItem(NOTE_KEY(id));
    sessionStorage.removeItem(NOTE_KEY(id));
    return text;
  } catch (_) {
    return null;
  }
}

/** A fresh page state for game `id` (also `window.arbiter`, for tests and the curious). */
export function createState(id) {
  return {
    id,
    me: null, // {id, name}: this browser's player, once known
    view: null,
    catalog: null, // this game's catalog entry (levels, title…), once known
    mine: new Set(), // the human sides this player holds
    invite: null, // the invite code for the open side, when this browser knows it
    rematchBy: null, // who started the rematch: 'me', 'other' or null (not known yet)
    flipped: null,
    flippedByHand: false,
    message: null, // {text, kind, network}
    thinkingInfo: null,
    connected: false,
    lastVersion: -1,
    review: null, // the ply shown while reviewing the game, or null for the live position
    positions: null, // {version, list}: every position of the game, for reviewing
    reviewInfo: new Map(), // ply -> MoveInfo of the move that led to it (while reviewing)
    diagram: null, // the Diagram on the board
    shown: null, // {position, flipped} of that Diagram
    hint: null, // {notation, info, clicks}
    moreOpen: false,
    tokensOpen: false,
    legendOpen: true,
  };
}

/** Does this player hold side `i` (a person's side, or a side handed to the computer)? */
export const holds = (S, i) => !!(S.me && S.view.sides[i].player && S.view.sides[i].player.id === S.me.id);
/** The human sides this player holds, from the view. */
export const mySides = (S) => new Set(S.view.sides.map((_, i) => i).filter((i) => holds(S, i) && !isComputer(S, i)));
/** Does this player play in the game at all (a watcher does not)? */
export const isPlayer = (S) => S.view.sides.some((_, i) => holds(S, i));
/** Did this player create the game? */
export const isCreator = (S) => !!(S.me && S.view.creator && S.view.creator.id === S.me.id);
/** The index of the open side (a human side nobody holds yet), or -1. */
export const openSide = (S) => S.view.sides.findIndex((s) => s.open);
/** Does another person hold a side (or may, once the invite is used)? Then undo is a takeback request. */
export const otherPerson = (S) =>
  S.view.sides.some((s, i) => !holds(S, i) && s.seat.kind === 'human' && (s.open || s.player));

/** Index (0 or 1) of the side to move. */
export const toMove = (S) => (S.view.to_move === 'first' ? 0 : 1);
/** Index of a side by its role (`first`/`second`) or name. */
export const sideIndex = (S, role) =>
  role === 'first' ? 0 : role === 'second' ? 1 : S.view.sides.findIndex((s) => s.name === role);
/** A side's name, capitalised. */
export const sideName = (S, i) => cap(S.view.sides[i].name);
/** The index of the pieces player `i` moves (the board's `piece.side`): its own, the other's after a swap. */
export const piecesOf = (S, i) => (S.view.sides[i].plays === 'second' ? 1 : 0);
/** The player who moves the pieces of index `side`. */
export const playerOfPieces = (S, side) => (piecesOf(S, 0) === side ? 0 : 1);
/** Who holds side `i`, in words: "you", their name, or "Anonymous". */
export const personName = (S, i) => {
  const p = S.view.sides[i].player;
  if (holds(S, i)) return 'you';
  return (p && p.name) || 'Anonymous';
};
export const isComputer = (S, i) => S.view.sides[i].seat.kind === 'computer';
export const isOver = (S) => !!S.view.ending;
/** Is the page showing an earlier position? */
export const reviewing = (S) => S.review !== null && !!S.positions && S.positions.version === S.view.version;
/** May this browser move now? */
export const myTurn = (S) =>
  !isOver(S) && S.review === null && S.mine.has(toMove(S)) && !isComputer(S, toMove(S)) && !S.view.thinking;
/** Are turns built step by step (a partial turn) rather than chosen from the legal moves? */
export const stepwise = (S) => !S.view.legal;
/** Does this player hold every human side (so that undo acts at once, without asking anyone)? */
export const localControl = (S) => isPlayer(S) && !otherPerson(S);
/** The position shown on the board. */
export const shownPosition = (S) => {
  if (S.variation) return S.variation.positions[S.variation.index];
  return reviewing(S) ? S.positions.list[S.review] : S.view.position;
};

/** Why this browser may not move now, in words. */
export function whyNotMyTurn(S) {
  if (isOver(S)) return `The game is over: ${S.view.ending.text}`;
  const t = toMove(S);
  if (S.mine.size === 0) {
    if (!S.me) return 'You are watching: the server could not tell who you are, so you cannot play here.';
    return 'You are watching this game: only its players can move.';
  }
  if (isComputer(S, t)) return `It is ${sideName(S, t)}'s turn: the computer is thinking.`;
  if (S.view.sides[t].open) return `It is ${sideName(S, t)}'s turn: waiting for your friend to join.`;
  return `It is ${sideName(S, t)}'s turn: wait for your opponent's move.`;
}
