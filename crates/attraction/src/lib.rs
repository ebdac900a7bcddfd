//! Attraction (Mathieu Rivier, Dujardin 1999) for Arbiter.
//!
//! Stones orbit round orthogonally adjacent stones, chaining orbits of alternating sense, and may
//! end a chain by pushing the first stone met on an orbit one point along it. Each side tries to
//! fill the other's start row. The rules for players are `docs/rules/attraction.md`.
//!
//! The state is two `u64` bitboards. Move generation finds the ends of all chains of one stone at
//! once with bitboard shifts (a chain's future depends only on where the stone is and on the sense
//! of its last orbit). Random playouts use the trait's default `random_move`, which builds the move
//! list and picks from it: measured, that is cheaper than counting each stone's moves and building
//! only the chosen one (see `movegen.rs`).
//!
//! The files follow the skeleton shared by every game crate (`docs/architecture.md`); beside it,
//! `bits.rs` (sets of points), `orbit.rs` (one orbit's geometry), `route.rs` (one chain
//! point by point, for interfaces) and `themes.rs` (a puzzle's themes).
//!
//! ```
//! use arbiter_attraction::Attraction;
//! use arbiter_core::{Game, NoVariant};
//!
//! let game = Attraction::from_position(&NoVariant, "8/8/2v5/2r5/8/2r5/1r1vr3/8 r 0").unwrap();
//! let mv = game.parse_move("e2-c6+d6").unwrap();
//! let mut next = game;
//! next.play(mv);
//! assert_eq!(next.position(), "8/8/2rv4/2r5/8/2r5/1r1v4/8 v 0");
//! ```
#![warn(missing_docs)]

mod bits;
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
mod orbit;
mod outcome;
mod piece;
mod play;
mod position;
mod puzzles;
mod route;
mod square;
mod themes;
mod zobrist;

pub use bits::{RANK_1, RANK_8};
pub use board::{Attraction, Board};
pub use geometry::Direction;
pub use moves::Move;
pub use orbit::Sense;
pub use square::Square;
