//! The game-agnostic core of Arbiter.
//!
//! Every game implements the static [`Game`] trait (its rules: small `Copy` moves, a state without
//! history) and three views of it: [`Heuristics`] for the search (core runs none), [`Presentation`]
//! for people and [`Encoding`] for learning.
//! History rules live in [`Session`]; the object-safe [`dynamic`] layer and the [`Registry`] let
//! the CLI, server and bindings speak to any game by name with strings.

#![warn(missing_docs)]

mod bit_instructions;
mod builtin_net;
pub mod clock;
pub mod conformance;
pub mod drawing;
pub mod dynamic;
mod encoding;
mod error;
mod game;
mod grid_square;
mod heuristics;
mod options;
mod outcome;
pub mod perft;
mod player;
pub mod playout;
mod position_fields;
mod presentation;
pub mod proof;
mod record;
mod registry;
pub mod rules_docs;
mod session;
pub mod stepwise;
pub mod story;
pub mod swap;
pub mod zobrist;

pub use builtin_net::BuiltinNet;
pub use clock::{ClockState, TimeControl};
pub use drawing::Drawing;
pub use dynamic::{DynGameType, DynSession, MoveDetails, MoveInfo};
pub use encoding::Encoding;
pub use error::{quote, shorten, Error};
pub use game::{FullGame, Game, NoVariant, Variant};
pub use heuristics::{Heuristics, Levels, Tactics, DEFAULT_LEVELS, LEVELS, TACTICAL_HINT};
pub use options::{key_values, key_values_in, switch, with_ply_limit, HistoryRules, OptionMap};
pub use outcome::{EndReason, Ending, Outcome};
pub use player::Player;
pub use position_fields::PositionFields;
pub use presentation::{themes_of_line, Presentation, PuzzleSet, RuleSet};
pub use record::{GameRecord, RecordClock, RecordResult};
pub use registry::Registry;
pub use session::Session;
pub use stepwise::{Click, NextStep, PartialTurn, StepActions};
pub use story::Story;
pub use swap::{SwapMove, SwapOn, SwapState, WithSwap};
