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
use crate::piece::{Kind, Piece, BLACK, WHITE};
use arbiter_core::Outcome;

/// The value of a won game.
pub const WIN: i32 = 1000;

impl<G: Geometry> Board<G> {
    /// The heuristic value for the side to move, within ±1000.
    pub fn evaluate(&self) -> i32 {
        let white = match self.outcome() {
            Some(Outcome::Win(p)) if p == WHITE => WIN,
            Some(Outcome::Win(_)) => -WIN,
            Some(Outcome::Draw) => 0,
            None => self.white_material(),
        };
        if self.side == WHITE {
            white
        } else {
            -white
        }
    }

    /// White's advantage by the smoothed score, clamped within ±999.
    fn white_material(&self) -> i32 {
        let mut raw = 0i64;
        for row in 1..=G::N {
            let r = row as i64;
            let villagers = i64::from(self.count_on_row(WHITE, Kind::Villager, row))
                - i64::from(self.count_on_row(BLACK, Kind::Villager, row));
            let warriors = i64::from(self.count_on_row(WHITE, Kind::Warrior, row))
                - i64::from(self.count_on_row(BLACK, Kind::Warrior, row));
            raw += villagers * 6 * r * r + warriors * r;
        }
        // A villager two rows ahead of its rival near the far row is worth roughly 150-200.
        let scaled = raw * 64 / (G::N * G::N) as i64;
        scaled.clamp(-(WIN as i64 - 1), WIN as i64 - 1) as i32
    }

    /// A move-ordering hint: captures 1000 (1100 for a villager), villager jumps 10 per row gained.
    pub fn order_hint(&self, mv: Move) -> i32 {
        if mv.is_pass() {
            return 0;
        }
        let (from, to) = (mv.origin(), mv.target());
        let them = self.side.opponent();
        if self.set(Piece::new(self.side, Kind::Warrior)).has(from) {
            let villager = self.set(Piece::new(them, Kind::Villager)).has(to);
            return if villager { 1100 } else { 1000 };
        }
        let gained = (to / G::N) as i32 - (from / G::N) as i32;
        if self.side == WHITE {
            10 * gained
        } else {
            -10 * gained
        }
    }
}
