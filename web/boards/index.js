// Optional per-game aids, by registry name: the only game-specific JavaScript left. Each works from the
// Diagram alone (its cells and pieces) and the MoveInfo the server sends. An aid may export:
//   hover(board, cell)   draws into board.hoverLayer while the pointer is over `cell`
//   preview(info)        -> [{cell, mark}]: the marks that show what a move would do (default: its
//                           targets as `target`, what falls as `fall`)
import attraction from './attraction.js';
import villawar from './villawar.js';

const AIDS = { attraction, villawar };

/** The aids of a game (an empty object when it has none). */
export function aidsFor(game) {
  return AIDS[game] || {};
}

/** The marks that preview a move: the game's own, or its targets and falls. */
export function previewMarks(game, info) {
  const aids = aidsFor(game);
  if (aids.preview) return aids.preview(info);
  const falls = info.falls || [];
  const marks = [];
  for (const cell of info.targets || []) {
    if (cell === info.to && !falls.includes(cell)) continue;
    if (!falls.includes(cell)) marks.push({ cell, mark: 'target' });
  }
  for (const cell of falls) marks.push({ cell, mark: 'fall' });
  return marks;
}
