//! The final scoring, which the outcome, the heuristic and the ending story share: villagers row
//! by row from the far row down, then warriors the same way.
//!
//! Rows are numbered from each player's own first row: White's row `r` is rank `r`, Black's
//! row `r` is rank `N + 1 - r`.

use crate::bits::Bits;
use crate::board::Board;
use crate::geometry::Geometry;
use crate::piece::{Kind, Piece, BLACK, WHITE};
use arbiter_core::{Outcome, Player};
use std::cmp::Ordering;

impl<G: Geometry> Board<G> {
    /// How many pieces of `player` showing `kind` stand on that player's row `row` (1 = own first row).
    pub fn count_on_row(&self, player: Player, kind: Kind, row: usize) -> u32 {
        let rank = if player == WHITE { row - 1 } else { G::N - row };
        (self.set(Piece::new(player, kind)) & G::tables().ranks[rank]).count()
    }

    /// White's score against Black's by the rules' comparison: `Greater` means White wins.
    pub fn compare_scores(&self) -> Ordering {
        for kind in [Kind::Villager, Kind::Warrior] {
            for row in (1..=G::N).rev() {
                let white = self.count_on_row(WHITE, kind, row);
                let black = self.count_on_row(BLACK, kind, row);
                match white.cmp(&black) {
                    Ordering::Equal => {}
                    decided => return decided,
                }
            }
        }
        Ordering::Equal
    }

    /// The result the scoring gives for the board as it stands.
    pub fn score_outcome(&self) -> Outcome {
        match self.compare_scores() {
            Ordering::Greater => Outcome::Win(WHITE),
            Ordering::Less => Outcome::Win(BLACK),
            Ordering::Equal => Outcome::Draw,
        }
    }
}
