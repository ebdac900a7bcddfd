//! How a finished game came out, and why it ended.

use crate::Player;
use serde::{Deserialize, Serialize};

/// How a finished game came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The given player won.
    Win(Player),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win(p) => Some(p),
            Outcome::Draw => None,
        }
    }

    /// +1 if `player` won, -1 if they lost, 0 for a draw.
    pub fn score_for(self, player: Player) -> i32 {
        match self {
            Outcome::Win(p) if p == player => 1,
            Outcome::Win(_) => -1,
            Outcome::Draw => 0,
        }
    }
}

/// Why a game ended: by the board itself, or by a history rule kept in the [`crate::Session`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The position itself is finished (a win or a draw shown by the board, or two passes).
    Board,
    /// The same position occurred for the third time.
    Repetition,
    /// The ply limit set in the options was reached.
    PlyLimit,
    /// A player resigned (conceded).
    Resignation,
    /// The side to move ran out of time on its clock.
    Time,
}

/// A finished game's outcome with its reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// Who won, if anyone.
    pub outcome: Outcome,
    /// Why the game ended.
    pub reason: EndReason,
}
