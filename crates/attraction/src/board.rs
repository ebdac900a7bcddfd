//! The stones on the board, one bitboard per side, and the goal test.

use crate::bitboard::{RANK_1, RANK_8};
use crate::Square;
use arbiter_core::Player;

/// Violet (the first player) and Red (the second) stones. Violet starts on rank 1, Red on rank 8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board {
    stones: [u64; 2],
}

impl Board {
    /// The start: Violet on `a1..h1`, Red on `a8..h8`.
    pub const START: Board = Board {
        stones: [RANK_1, RANK_8],
    };

    /// A board from the two sides' stones as bitboards (bit `rank * 8 + file`); `None` if a
    /// point holds both.
    pub fn new(violet: u64, red: u64) -> Option<Board> {
        (violet & red == 0).then_some(Board { stones: [violet, red] })
    }

    /// A board from the two sides' stones; they must not overlap.
    pub(crate) fn from_bits(violet: u64, red: u64) -> Board {
        debug_assert_eq!(violet & red, 0);
        Board { stones: [violet, red] }
    }

    /// The stones of one side.
    #[inline]
    pub fn stones(&self, player: Player) -> u64 {
        self.stones[player.index()]
    }

    /// Every stone.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.stones[0] | self.stones[1]
    }

    /// The owner of the stone on `sq`, if any.
    #[inline]
    pub fn owner(&self, sq: Square) -> Option<Player> {
        if self.stones[0] & sq.bit() != 0 {
            Some(Player::First)
        } else if self.stones[1] & sq.bit() != 0 {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// Moves `player`'s stone from `from` to the empty `to`.
    #[inline]
    pub(crate) fn relocate(&mut self, player: Player, from: Square, to: Square) {
        self.stones[player.index()] ^= from.bit() | to.bit();
    }

    /// The row a side must fill: its opponent's start row.
    #[inline]
    pub const fn goal_row(player: Player) -> u64 {
        match player {
            Player::First => RANK_8,
            Player::Second => RANK_1,
        }
    }

    /// A side's start row.
    #[inline]
    pub fn home_row(player: Player) -> u64 {
        Board::goal_row(player.opponent())
    }

    /// Whether `player` has reached its goal: every point of its goal row is occupied (by either
    /// side) and at least one of them by its own stone.
    #[inline]
    pub fn goal_reached(&self, player: Player) -> bool {
        let row = Board::goal_row(player);
        self.occupied() & row == row && self.stones(player) & row != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goal_needs_a_full_row_and_an_own_stone() {
        assert!(!Board::START.goal_reached(Player::First));
        assert!(!Board::START.goal_reached(Player::Second));
        // Seven red stones left at home and one violet stone among them: violet has filled rank 8.
        let b = Board::from_bits(1 << 63, (RANK_8 & !(1 << 63)) | 1);
        assert!(b.goal_reached(Player::First));
        assert!(!b.goal_reached(Player::Second));
        // A full rank of the opponent alone is no goal.
        let b = Board::from_bits(0, RANK_8);
        assert!(!b.goal_reached(Player::First));
    }
}
