//! voidgame 1.1's click machine on Arbiter's Void engine: the core of `arbiter.voidgame`.
//!
//! voidgame 1.1, the original Python Void, is played by clicks: `process(state, orbit, sector)`
//! changes a state of six attributes that programs read and may assign (`turn`, `phase`,
//! `prompt`, the points `black` and `white`, and a 5 × 18 `board` of strings carrying markers).
//! This crate is that click machine with voidgame's markers, prompts and points; every rule comes
//! from the Void engine (`arbiter-void`: the legal turns, the position after a turn, the outcome),
//! so where Arbiter's rulings differ from voidgame's (`docs/rules/void.md`) the engine's hold.
//!
//! * [`process`] is one click. It works on a [`Machine`] (the analysed position, the turn so far,
//!   what it last drew) and a [`Surface`] (the six attributes as the program holds them), so the
//!   Python binding shows them as real Python objects and [`PlainState`] as Rust values.
//! * A refused click (most clicks of a user) reads one cell and sets the prompt: no allocation,
//!   no engine call. A click that changes the state first checks that the attributes still show
//!   what the machine drew, and re-reads the position from them if a program has changed them.
//! * Positions are analysed once by the engine ([`Analysis`]: legal turns, outcome, pieces,
//!   points) and shared ([`Analyses`]); the boards with markers are drawn from an analysis on
//!   demand (`render.rs`).

#![warn(missing_docs)]

mod analyses;
mod analysis;
mod board;
mod cell_text;
mod flags;
mod machine;
mod phase;
mod plain;
mod points;
mod process;
mod prompt;
mod render;
mod setup;
mod side;
mod surface;

pub use analyses::Analyses;
pub use analysis::{Analysis, Ending};
pub use board::{Board, Changes};
pub use cell_text::{parse_piece_word, piece_word, Base, CellText, Mark, MAX_MARKS};
pub use flags::Flags;
pub use machine::{Machine, Selection};
pub use phase::Phase;
pub use plain::{PlainError, PlainState, Shown};
pub use points::{value, Scores, BOMBER_POINTS, FIGHTER_POINTS, FLAG_POINTS, MAX_SCORE, SWEEPER_POINTS};
pub use process::{process, refusal};
pub use prompt::Prompt;
pub use setup::SetupError;
pub use side::Side;
pub use surface::Surface;

/// The engine's cell, orbit count and sector count, which the machine's boards are indexed by.
pub use arbiter_void::{Square, ORBITS, SECTORS, SQUARES};
