// A game's aids, drawn as its legend asks (`legend[i].shows`): the mark that previews what a move
// targets, and the picture round the piece under the pointer. The game crates say which; no game is
// named here.

/** The legend line that the app shows on `what` (`targets`, `hovered-piece`) by itself, if any. */
function shownOn(diagram, what) {
  return ((diagram && diagram.legend) || []).find((entry) => entry.shows === what) || null;
}

/** The marks that preview a move: its targets (in the game's own mark, else `target`) and what falls. */
export function previewMarks(diagram, info) {
  const falls = info.falls || [];
  const targeted = shownOn(diagram, 'targets');
  const mark = targeted ? targeted.mark : 'target';
  // A target that falls is marked as falling; the move's own end is marked already.
  const targets = (info.targets || []).filter((cell) => !falls.includes(cell) && cell !== info.to);
  return [...targets.map((cell) => ({ cell, mark })), ...falls.map((cell) => ({ cell, mark: 'fall' }))];
}

/** Draws the game's mark round the piece under the pointer (Attraction: its orbit), if its legend has one. */
export function drawHoverAid(board, cell) {
  const aid = shownOn(board.diagram, 'hovered-piece');
  if (!aid || !cell || !board.pieceAt(cell)) return;
  if (aid.picture) board.picture(cell, aid.picture);
  else board.mark(cell, aid.mark, { hover: true });
}
