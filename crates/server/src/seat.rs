//! Who plays a side: a person at a browser, or the computer at a strength level.

use serde::{Deserialize, Serialize};

/// The strongest computer level.
pub const MAX_LEVEL: u8 = arbiter_core::LEVELS;

/// Who plays one side of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Seat {
    /// A person, at this browser or at a shared link.
    Human,
    /// The computer, at level 1 (weakest) to 6.
    Computer {
        /// The strength level, 1..=6.
        level: u8,
    },
}

impl Seat {
    /// The computer's level, if the computer plays this side.
    pub fn level(self) -> Option<u8> {
        match self {
            Seat::Human => None,
            Seat::Computer { level } => Some(level),
        }
    }

    /// Checks the level's range.
    pub fn validate(self) -> Result<Seat, String> {
        match self {
            Seat::Computer { level } if !(1..=MAX_LEVEL).contains(&level) => {
                Err(format!("computer level must be 1 to {MAX_LEVEL}, not {level}"))
            }
            seat => Ok(seat),
        }
    }
}
