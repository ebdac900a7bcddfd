//! Void: a circular board of 5 orbits × 18 sectors around the void.
//!
//! The rules for players are `docs/rules/void.md`; this crate implements them exactly, including
//! the rulings where we differ from voidgame 1.1 (see `tests/rules.rs`). The files follow the
//! skeleton shared by every game crate (`docs/architecture.md`).

#![warn(missing_docs)]

mod board;
mod diagram;
mod drawing;
mod encoding;
mod eval;
mod game;
mod geometry;
mod levels;
mod movegen;
mod moves;
mod nets;
mod notation;
mod outcome;
mod piece;
mod play;
mod position;
mod puzzles;
mod square;
mod themes;
mod zobrist;

pub use board::Void;
pub use moves::Move;
pub use piece::{Kind, Piece};
pub use square::{Square, ORBITS, SECTORS, SQUARES};
