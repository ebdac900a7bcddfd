//! Krux, a game by Jonatan Rydh, for Arbiter: a 7×7 board with a hole in the middle; each turn
//! one numbered piece (1..6 in turn; White 1 3 5, Black 2 4 6) takes up to 3 steps and up to 2
//! actions in any order — repel, attract, and the power of its ring (blue carries, green jumps,
//! pink switches). Putting an opponent piece into the hole wins.
//!
//! A turn is identified by its result ([`Move`]); turn generation searches token sequences with
//! a visited set and lists every distinct result once. [`TurnBuilder`] plays a turn token by
//! token for interfaces. The rules for players are `docs/rules/krux.md`; the crate README lists
//! the rulings and figures.

#![warn(missing_docs)]

mod canonical;
mod drawing;
mod encoding;
mod eval;
mod game;
mod krux_move;
mod levels;
mod movegen;
mod notation;
mod piece;
mod position;
mod random_walk;
mod square;
mod state;
mod stepwise;
mod table;
mod token;
mod turn;
mod turn_builder;
mod zobrist;

pub use krux_move::Move;
pub use piece::{Piece, Ring};
pub use square::Square;
pub use state::Krux;
pub use token::{join as join_tokens, Token};
pub use turn_builder::{Placement, TurnBuilder};
