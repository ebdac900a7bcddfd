// Attraction's hover aid: the orbit of the stone under the pointer — the circle through its orthogonal
// neighbours, round which an adjacent stone travels — found from the Diagram's cell centres.
import { el } from '../svg.js';

function hover(board, cell) {
  if (!board.pieceAt(cell)) return;
  const [x, y] = board.center(cell);
  const unit = board.unit;
  // The orthogonal neighbours are the cells one unit away.
  const neighbours = [];
  for (const [name, other] of board.cells) {
    if (name === cell) continue;
    const d = Math.hypot(other.center[0] - x, other.center[1] - y);
    if (Math.abs(d - unit) < unit * 0.1) neighbours.push(other.center);
  }
  if (!neighbours.length) return;
  el('circle', { cx: x, cy: y, r: unit, class: 'mark mark-orbit orbit-circle' }, board.hoverLayer);
  for (const [px, py] of neighbours) {
    el('circle', { cx: px, cy: py, r: unit * 0.09, class: 'orbit-point' }, board.hoverLayer);
  }
}

export default { hover };
