//! Void for machine learning: the position as planes and every turn as one action index.
//!
//! Observation: 9 planes × 5 orbits (row 0 = orbit 1, next to the void) × 18 sectors (column 0 =
//! sector a). Planes 0–3: Black's flagship, bombers, sweepers, fighters; 4–7: White's; plane 8:
//! all ones when Black is to move. Actions: `(from × 90 + to) × 91 + t`, with `t` = 0 for no
//! attack or 1 + the target cell (cells indexed orbit-major from a1); the pass is the last action,
//! 90 × 90 × 91. Whole turns keep one action per distinct turn, at the price of a large but
//! sparse space.

use crate::state::BLACK;
use crate::{Cell, Kind, Void, VoidMove, CELLS, ORBITS, SECTORS};

/// Planes of the observation.
pub(crate) const PLANES: usize = 9;
/// The pass's action, the last of the space.
pub(crate) const PASS: usize = CELLS * CELLS * (CELLS + 1);
/// The size of the action space.
pub(crate) const ACTIONS: usize = PASS + 1;

/// The observation's shape.
pub(crate) const SHAPE: [usize; 3] = [PLANES, ORBITS, SECTORS];

impl Void {
    /// Writes the planes (see the module's doc); `out` holds `9 × 5 × 18` values.
    pub(crate) fn write_planes(&self, out: &mut [f32]) {
        out.fill(0.0);
        let plane = ORBITS * SECTORS;
        for cell in Cell::all() {
            if let Some(piece) = self.piece(cell) {
                let kind = Kind::ALL.iter().position(|&k| k == piece.kind).expect("a kind");
                let owner = if piece.owner == BLACK { 0 } else { 4 };
                let at = (cell.orbit() as usize - 1) * SECTORS + cell.sector() as usize;
                out[(owner + kind) * plane + at] = 1.0;
            }
        }
        if self.side_to_move() == BLACK {
            out[8 * plane..9 * plane].fill(1.0);
        }
    }
}

/// The action index of a turn.
pub(crate) fn action(mv: VoidMove) -> usize {
    match mv {
        VoidMove::Pass => PASS,
        VoidMove::Turn { from, to, target } => {
            (from.index() * CELLS + to.index()) * (CELLS + 1) + target.map_or(0, |t| t.index() + 1)
        }
    }
}
