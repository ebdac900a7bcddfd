//! A first heuristic: the final scoring made smooth.
//!
//! The rules reward the farthest villagers, so each villager is worth the square of its row
//! (counted from its owner's first row); warriors, which only break ties (and capture), are worth
//! their row. The difference is scaled to about ±1000 for a lopsided position; a finished game is
//! exactly ±1000 (or 0 for a draw).

use crate::bits::Bits;
use crate::board::Board;
use crate::geometry::Geometry;
use crate::moves::Move;
use crate::outcome::outcome;
use crate::piece::{Kind, Piece, BLACK, WHITE};
use arbiter_core::{Outcome, TACTICAL_HINT};

/// The value of a won game.
pub const WIN: i32 = 1000;

/// The heuristic value for the side to move, within ±1000.
pub fn evaluate<G: Geometry>(board: &Board<G>) -> i32 {
    let white = match outcome(board) {
        Some(Outcome::Win(p)) if p == WHITE => WIN,
        Some(Outcome::Win(_)) => -WIN,
        Some(Outcome::Draw) => 0,
        None => white_material(board),
    };
    if board.side == WHITE {
        white
    } else {
        -white
    }
}

/// White's advantage by the smoothed score, clamped within ±999.
fn white_material<G: Geometry>(board: &Board<G>) -> i32 {
    let mut raw = 0i64;
    for row in 1..=G::N {
        let r = row as i64;
        let villagers = i64::from(board.count_on_row(WHITE, Kind::Villager, row))
            - i64::from(board.count_on_row(BLACK, Kind::Villager, row));
        let warriors = i64::from(board.count_on_row(WHITE, Kind::Warrior, row))
            - i64::from(board.count_on_row(BLACK, Kind::Warrior, row));
        raw += villagers * 6 * r * r + warriors * r;
    }
    // A villager two rows ahead of its rival near the far row is worth roughly 150-200.
    let scaled = raw * 64 / (G::N * G::N) as i64;
    scaled.clamp(-(WIN as i64 - 1), WIN as i64 - 1) as i32
}

/// A move-ordering hint: captures first (tactical, so the quiescence search follows them; a
/// villager, worth more, 100 above a warrior), then villager jumps by 10 per row gained towards
/// the far side (backward jumps last), which only order: following every jump forward beyond the
/// horizon made the quiescence search explode on 10×10.
pub fn move_order_hint<G: Geometry>(board: &Board<G>, mv: Move) -> i32 {
    if mv.is_pass() {
        return 0;
    }
    let (from, to) = (mv.origin(), mv.target());
    let them = board.side.opponent();
    if board.set(Piece::new(board.side, Kind::Warrior)).has(from) {
        let villager = board.set(Piece::new(them, Kind::Villager)).has(to);
        return if villager { TACTICAL_HINT + 100 } else { TACTICAL_HINT };
    }
    let gained = (to / G::N) as i32 - (from / G::N) as i32;
    if board.side == WHITE {
        10 * gained
    } else {
        -10 * gained
    }
}
