//! A first heuristic: material, weighted by how hard each ship is to replace, and flagship safety.

use crate::{Cell, Kind, Void};

fn worth(kind: Kind) -> i32 {
    match kind {
        Kind::Flagship => 0,
        Kind::Bomber => 90,
        Kind::Sweeper => 80,
        Kind::Fighter => 50,
    }
}

impl Void {
    /// Material and flagship height (a flagship near the void is one attack from losing),
    /// from the side to move's view.
    pub(crate) fn heuristic(&self) -> i32 {
        let me = self.side_to_move();
        let mut score = 0;
        for cell in Cell::all() {
            if let Some(p) = self.piece(cell) {
                let mut v = worth(p.kind);
                if p.kind == Kind::Flagship {
                    v += 25 * cell.orbit();
                }
                score += if p.owner == me { v } else { -v };
            }
        }
        score.clamp(-1000, 1000)
    }
}
