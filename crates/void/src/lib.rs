//! Void: a circular board of 5 orbits × 18 sectors around the void.
//!
//! The rules for players are `docs/rules/void.md`; this crate implements them exactly, including
//! the rulings where we differ from voidgame 1.1 (see the README).

#![warn(missing_docs)]

mod apply;
mod cell;
mod diagram;
mod drawing;
mod encoding;
mod eval;
mod game;
mod levels;
mod movegen;
mod notation;
mod piece;
mod position;
mod state;
mod zobrist;

pub use cell::Cell;
pub use notation::VoidMove;
pub use piece::{Kind, Piece};
pub use state::Void;

/// Number of orbits (1 innermost … 5 outermost).
pub const ORBITS: usize = 5;
/// Number of sectors per orbit (a … r).
pub const SECTORS: usize = 18;
/// Number of cells.
pub const CELLS: usize = ORBITS * SECTORS;
