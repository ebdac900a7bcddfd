//! A first heuristic: material, weighted by how hard each ship is to replace, and flagship safety;
//! and the move-ordering hint.

use crate::{Kind, Move, Square, Void};
use arbiter_core::TACTICAL_HINT;

fn worth(kind: Kind) -> i32 {
    match kind {
        Kind::Flagship => 0,
        Kind::Bomber => 90,
        Kind::Sweeper => 80,
        Kind::Fighter => 50,
    }
}

/// Material and flagship height (a flagship near the void is one attack from losing),
/// from the side to move's view.
pub(crate) fn evaluate(board: &Void) -> i32 {
    let me = board.to_move();
    let mut score = 0;
    for square in Square::all() {
        if let Some(p) = board.piece(square) {
            let mut v = worth(p.kind);
            if p.kind == Kind::Flagship {
                v += 25 * square.orbit();
            }
            score += if p.owner == me { v } else { -v };
        }
    }
    score.clamp(-1000, 1000)
}

/// Search attacks first, and follow them in the quiescence search.
pub(crate) fn move_order_hint(_: &Void, mv: Move) -> i32 {
    match mv {
        Move::Turn { target: Some(_), .. } => TACTICAL_HINT,
        _ => 0,
    }
}
