// The game page's state: the view from the server, which sides this browser plays, what is shown,
// and the questions every other module asks about it.
import { cap } from '../svg.js';

const SEATS_KEY = (id) => `arbiter.seats.${id}`;

/** Remembers which sides (indices) this browser plays in game `id`. */
export function rememberSeats(id, sides) {
  try {
    localStorage.setItem(SEATS_KEY(id), JSON.stringify(sides));
  } catch (_) {
    /* private mode: the choice lasts for this page only */
  }
}

/** The sides this browser plays in game `id`, if it chose. */
export function loadSeats(id) {
  try {
    const v = JSON.parse(localStorage.getItem(SEATS_KEY(id)) || 'null');
    return Array.isArray(v) ? v : null;
  } catch (_) {
    return null;
  }
}

/** A fresh page state for game `id` (also `window.arbiter`, for tests and the curious). */
export function createState(id) {
  return {
    id,
    view: null,
    catalog: null, // this game's catalog entry (levels, title…), once known
    mine: new Set(),
    flipped: null,
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

/** Index (0 or 1) of the side to move. */
export const toMove = (S) => (S.view.to_move === 'first' ? 0 : 1);
/** A side's name, capitalised. */
export const sideName = (S, i) => cap(S.view.sides[i].name);
export const isComputer = (S, i) => S.view.sides[i].seat.kind === 'computer';
export const isOver = (S) => !!S.view.ending;
/** Is the page showing an earlier position? */
export const reviewing = (S) => S.review !== null && !!S.positions && S.positions.version === S.view.version;
/** May this browser move now? */
export const myTurn = (S) =>
  !isOver(S) && S.review === null && S.mine.has(toMove(S)) && !isComputer(S, toMove(S)) && !S.view.thinking;
/** Are turns built step by step (a partial turn) rather than chosen from the legal moves? */
export const stepwise = (S) => !S.view.legal;
/** Does this browser play every human side (so that it may undo)? */
export const localControl = (S) => S.view.sides.every((s, i) => s.seat.kind === 'computer' || S.mine.has(i));
/** The position shown on the board. */
export const shownPosition = (S) => (reviewing(S) ? S.positions.list[S.review] : S.view.position);

/** Why this browser may not move now, in words. */
export function whyNotMyTurn(S) {
  if (isOver(S)) return `The game is over: ${S.view.ending.text}`;
  const t = toMove(S);
  if (S.mine.size === 0) return 'You are watching. To play, choose a side under “Share, players and position”.';
  if (isComputer(S, t)) return `It is ${sideName(S, t)}'s turn: the computer is thinking.`;
  return `It is ${sideName(S, t)}'s turn: wait for your opponent's move.`;
}
