//! Game records: a game as saved or sent (start, moves, ending, clock), replayable from its start.

use crate::EndReason;
use serde::{Deserialize, Serialize};

/// A game as saved to a file or sent over the network: replayable from its start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The registry name of the game.
    pub game: String,
    /// The options in option syntax (`size=10,repetition=off`), empty for the defaults.
    #[serde(default)]
    pub options: String,
    /// The start position string.
    pub start: String,
    /// The moves in notation, in order.
    pub moves: Vec<String>,
    /// The result, if the game is over.
    #[serde(default)]
    pub result: Option<RecordResult>,
    /// The clock, for a game played with one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<RecordClock>,
}

/// A game's clock in its record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordClock {
    /// The time control (`fischer:300+5`, `days:3`).
    pub control: crate::TimeControl,
    /// The mover's time left after each move, in milliseconds (`null` for a move made before the
    /// clock started).
    pub left_ms: Vec<Option<u64>>,
}

/// A finished game's result in a record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordResult {
    /// The winner's name as the game calls it (`black`), absent for a draw.
    pub winner: Option<String>,
    /// Why the game ended.
    pub reason: EndReason,
    /// What happened, in words (written for people; not checked when a record is loaded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}
