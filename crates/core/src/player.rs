//! The two sides of a game, by the order in which they move.

use serde::{Deserialize, Serialize};

/// One of the two sides, by the order in which they move: the game names them (black, white, violet…).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// The side that moves first from the start position.
    First,
    /// The side that moves second.
    Second,
}

impl Player {
    /// The other side.
    #[inline]
    pub fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for the first player, 1 for the second: for indexing per-player arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Both players, first first.
    pub const BOTH: [Player; 2] = [Player::First, Player::Second];
}
