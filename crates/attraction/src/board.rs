//! The position: the stones (one bitboard per side, with the goal test), the side to move, the
//! passes in a row and the incremental key.

use crate::bits::{RANK_1, RANK_8};
use crate::{movegen, route, zobrist, Move, Square};
use arbiter_core::{NoVariant, Player};

/// An Attraction position: the stones, the side to move and the passes just played in a row.
///
/// Small and `Copy`; the Zobrist key of board and side is kept incrementally.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Attraction {
    pub(crate) board: Board,
    pub(crate) to_move: Player,
    pub(crate) passes: u8,
    /// Key of board and side to move (the repetition key); the pass key is added by `hash()`.
    pub(crate) key: u64,
}

/// The start: Violet on rank 1, Red on rank 8, Violet to move.
pub(crate) fn new(_: &NoVariant) -> Attraction {
    Attraction::from_parts(Board::START, Player::First, 0)
}

impl Attraction {
    /// A position from its parts; `passes` above 2 is taken as 2.
    pub fn from_parts(board: Board, to_move: Player, passes: u8) -> Attraction {
        Attraction {
            board,
            to_move,
            passes: passes.min(2),
            key: zobrist::board_key(&board, to_move),
        }
    }

    /// The side to move.
    #[inline]
    pub(crate) fn side(&self) -> Player {
        self.to_move
    }

    /// The hash: the incrementally kept key with the pass count's.
    #[inline]
    pub(crate) fn key(&self) -> u64 {
        zobrist::hash(self)
    }

    /// The stones.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Passes just played in a row (2 = the game ended by two passes).
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// The number of orbit moves `player` would have here (whoever is to move).
    pub fn mobility(&self, player: Player) -> u32 {
        movegen::mobility(self, player)
    }

    /// One chain of orbits making `mv`: every point the moving stone passes, start and end
    /// included. `None` for a pass or a move that is not legal here.
    pub fn route(&self, mv: Move) -> Option<Vec<Square>> {
        route::route(self, mv)
    }
}

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
    use arbiter_core::Game;

    #[test]
    fn is_small_and_hashes_incrementally() {
        assert!(std::mem::size_of::<Attraction>() <= 32);
        let mut g = Attraction::new(&NoVariant);
        let mut moves = Vec::new();
        for i in 0..40 {
            g.legal_moves(&mut moves);
            g.play(moves[(i * 7) % moves.len()]);
            assert_eq!(g.hash(), g.hash_from_scratch());
        }
    }

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
