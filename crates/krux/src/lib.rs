//! Krux, a game by Jonatan Rydh, for Arbiter: a 7×7 board with a hole in the middle; each turn
//! one numbered piece (1..6 in turn; White 1 3 5, Black 2 4 6) takes up to 3 steps and up to 2
//! actions in any order — repel, attract, and the power of its ring (blue carries, green jumps,
//! pink switches). Putting an opponent piece into the hole wins. Rule variants for self-play
//! studies are game options ([`KruxVariant`]: the setup, whether the hole blocks sight, the
//! freeze, the distance of a repel or attract); no options is the standard game.
//!
//! A turn is identified by its result ([`Move`]); turn generation searches token sequences with
//! a visited set and lists every distinct result once. The rules of one token are written once
//! (`turn.rs`), for generation and for explaining why a token is illegal alike. [`TurnBuilder`]
//! plays a turn token by token for interfaces. The rules for players are `docs/rules/krux.md`;
//! the crate README lists the rulings and figures. The files follow the skeleton shared by every
//! game crate (`docs/architecture.md`); `token.rs`, `turn.rs`, `turn_builder.rs`, `stepwise.rs`,
//! `canonical.rs`, `table.rs`, `random_walk.rs`, `winning.rs` (is there a winning turn?, asked
//! without listing the turns), `words.rs` (a turn in words for players) and `themes.rs` (a
//! puzzle's themes) are Krux's own.

#![warn(missing_docs)]

mod board;
mod canonical;
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
mod random_walk;
mod setup;
mod square;
mod stepwise;
mod table;
mod themes;
mod token;
mod turn;
mod turn_builder;
mod variant;
mod winning;
mod words;
mod zobrist;

pub use board::Krux;
pub use moves::Move;
pub use piece::{Piece, Ring};
pub use setup::Setup;
pub use square::Square;
pub use token::{join as join_tokens, Token};
pub use turn_builder::{Placement, TurnBuilder};
pub use variant::{Distance, Hole, KruxVariant};
