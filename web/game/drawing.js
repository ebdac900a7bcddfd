// The game page's board: brought to the shown position (its Diagram fetched from the server), with the
// marks of the last move, the ending, the hint and the move input, the hover, and the clicks. A click
// made while the board is still on its way to the view's position waits for it.
import { getDiagram } from '../api.js';
import { myTurn, reviewing, shownPosition, whyNotMyTurn } from './state.js';
import { legendSection } from './panel.js';
import { drawHoverAid } from './aids.js';

/** Puts the board on the page: `G.showBoard`, `G.drawMarks`, and the board's clicks and hover. */
export function installBoard(G, reviewer, side) {
  // `request`/`drawn` count the Diagrams asked for and drawn (a late answer is dropped); `held`: clicks.
  const B = { G, reviewer, side, request: 0, drawn: 0, held: [] };
  G.showBoard = () => showBoard(B);
  G.drawMarks = () => drawMarks(B);
  G.board.onHover = () => drawHover(G);
  G.board.onCell = (cell) => cellClicked(B, cell);
}

/** The pieces the move input shows in place of the Diagram's (a turn half built), or null. */
const inputPieces = (G) => (reviewing(G.S) || !G.input.pieces ? null : G.input.pieces());

/** Is the board still showing another position than the one to show (its Diagram on its way)? */
const boardBehind = (S) => !S.shown || S.shown.position !== shownPosition(S) || S.shown.flipped !== !!S.flipped;

/** Brings the board to the shown position (fetching its Diagram), then draws the marks. */
async function showBoard(B) {
  const S = B.G.S;
  const position = shownPosition(S);
  const flipped = !!S.flipped;
  if (S.shown && S.shown.position === position && S.shown.flipped === flipped) return redraw(B);
  const request = ++B.request;
  let diagram;
  try {
    diagram = await getDiagram({ game: S.view.game, options: S.view.options, position, flipped });
  } catch (e) {
    B.held = [];
    return B.G.fail(e);
  }
  if (request === B.request) showDiagram(B, diagram, { position, flipped });
}

/** The board shows the position already: the move input's pieces and the marks are drawn again. */
function redraw(B) {
  const G = B.G;
  B.request += 1; // a Diagram still on its way is for a position no longer to show
  if (G.input.pieces) G.board.setDiagram(G.S.diagram, { pieces: inputPieces(G), animate: true });
  drawMarks(B);
  releaseClicks(B, false);
}

/** Puts a new Diagram on the board (its pieces sliding from where they stood), with its marks and legend. */
function showDiagram(B, diagram, shown) {
  const G = B.G;
  const S = G.S;
  const legendWasEmpty = !S.diagram;
  const animate = !!S.shown && S.shown.flipped === shown.flipped;
  S.diagram = diagram;
  S.shown = shown;
  S.animating = true;
  const drawn = ++B.drawn;
  G.board.setDiagram(diagram, { pieces: inputPieces(G), animate }).then(() => {
    if (drawn === B.drawn) S.animating = false;
  });
  drawMarks(B);
  if (legendWasEmpty) G.renderPanel();
  else {
    const old = B.side.querySelector('#legend-section');
    if (old) old.replaceWith(legendSection(G));
  }
  releaseClicks(B, true);
}

/** Draws every mark: last move, decisive cells, hint, and the move input's marks. */
function drawMarks(B) {
  const { G, reviewer } = B;
  const { S, board } = G;
  if (!S.diagram || !S.view) return;
  board.clearMarks();
  const info = S.variation ? null : reviewer.lastInfo();
  if (info) for (const c of [info.from, info.to]) if (c) board.mark(c, 'last');
  if (G.analysisMarks) G.analysisMarks(board);
  const live = !reviewing(S) && !S.variation;
  if (live && S.view.ending) for (const c of S.view.ending.cells || []) board.mark(c, 'decisive');
  if (live && S.hint && myTurn(S)) markHint(board, S.hint);
  if (live) G.input.marks(board);
  board.setHits(live ? (cell) => G.input.hitClasses(cell) : null);
  drawHover(G);
  // What the keyboard's cursor is on may have changed, and the text board follows the board.
  board.refreshCursor();
  if (G.textBoard) G.textBoard.update();
}

/** The engine's suggestion (`{info, clicks}`: a hint, the analysis's best move): the cells it clicks, and an arrow for a whole move. */
export function markHint(board, hint) {
  const hi = hint.info || {};
  const cells = new Set((hint.clicks || []).map((c) => c.cell).filter(Boolean));
  if (hi.from) cells.add(hi.from);
  if (hi.to) cells.add(hi.to);
  for (const c of cells) board.mark(c, 'hint');
  // A turn built step by step is shown by its squares: an arrow from start to end could cut
  // across squares the turn never visits.
  const stepwise = (hint.clicks || []).some((c) => c.token);
  if (hi.from && hi.to && !stepwise) board.arrow(hi.from, hi.to, 'mark-hint');
}

/** The marks under the pointer: the move input's preview, and the game's own aid (from its legend). */
function drawHover(G) {
  const { S, board } = G;
  board.clearHover();
  if (!S.view || reviewing(S) || S.variation) return;
  G.input.hover(board, board.hoverCell);
  drawHoverAid(board, board.hoverCell);
}

/** A click on a cell, for the move input. (A click while pieces slide ends the slide first: see Board.) */
function cellClicked(B, cell) {
  const G = B.G;
  const S = G.S;
  if (!S.view) return;
  if (S.variation) return G.say('You are looking at the engine’s line: click “Leave the line” to come back.', 'warn');
  if (S.review !== null)
    return G.say('You are looking at an earlier position: click “Back to the game” to play.', 'warn');
  if (!myTurn(S)) return G.say(whyNotMyTurn(S), 'warn');
  // The view changed but the board does not show it yet (its Diagram on its way, a slow machine): the
  // click waits for it, else it would be read against pieces that have moved since.
  if (boardBehind(S)) {
    B.held = [...B.held, cell].slice(-2);
    return;
  }
  G.input.click(cell);
}

/**
 * Plays the clicks held while the board was behind, now that it shows the view: each counts for the
 * piece that was clicked, where it stands now (`follow`: the board has just moved its pieces); the
 * player is acting, so the slide ends at once.
 */
function releaseClicks(B, follow) {
  if (!B.held.length) return;
  const held = B.held.map((cell) => (follow ? B.G.board.followed(cell) : cell));
  B.held = [];
  B.G.board.finishAnimation();
  for (const cell of held) cellClicked(B, cell);
}
