//! The lobby's open challenges, kept in the database so that a restart (or another server on the
//! same data) keeps them.

use crate::player::PlayerRef;
use arbiter_core::TimeControl;
use serde::{Deserialize, Serialize};

/// The side a challenger asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// The first mover's side.
    First,
    /// The second mover's side.
    Second,
    /// Drawn by lot when the challenge is accepted.
    Random,
}

impl Colour {
    pub(super) fn text(self) -> &'static str {
        match self {
            Colour::First => "first",
            Colour::Second => "second",
            Colour::Random => "random",
        }
    }

    pub(super) fn parse(text: &str) -> Option<Colour> {
        match text {
            "first" => Some(Colour::First),
            "second" => Some(Colour::Second),
            "random" => Some(Colour::Random),
            _ => None,
        }
    }
}

/// An open challenge: a game anyone may accept.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Challenge {
    /// Its id.
    pub id: String,
    /// Who offers it.
    pub by: PlayerRef,
    /// The registry name.
    pub game: String,
    /// The options string.
    pub options: String,
    /// The time control, if any.
    pub clock: Option<TimeControl>,
    /// The challenger's side.
    pub colour: Colour,
    /// The game will be listed to everyone.
    pub public: bool,
    /// The game allows the engine's hints to both players (shown before anyone accepts).
    pub hints: bool,
    /// The game will be rated.
    pub rated: bool,
    /// When it was posted, unix seconds.
    pub created_at: i64,
    /// The caller posted it.
    pub yours: bool,
    /// The challenger's rating in the game's pool, rounded (1500 before their first rated game);
    /// filled in by the service for the lobby, not stored.
    pub rating: Option<i64>,
    /// That rating is provisional.
    pub provisional: bool,
}
