//! Villawar (Villagers and Warriors) for Arbiter: a bitboard rules engine implementing
//! [`arbiter_core::Game`].
//!
//! On an N×N board (N = 6, 8 or 10; 8 by default) each side starts with its first two rows full
//! of villagers; White moves first. A move is a **jump** along one of the 8 directions over
//! exactly one phalanx of one's own pieces (a run of same-colour, same-type pieces on that line),
//! with any number of empty squares before and after it:
//!
//! - a **villager** lands on any empty square beyond the phalanx; crossing own villagers turns
//!   them into warriors, crossing own warriors removes them (`c1-c5`);
//! - a **warrior** crosses only own warriors and lands on the first occupied square beyond them,
//!   which must hold an enemy piece: it is captured (`c3xc7`).
//!
//! A player without a jump must `pass`; two passes in a row end the game, which is then scored by
//! comparing villagers row by row from the far row down (then warriors).
//!
//! The rules for players are `docs/rules/villawar.md`; the crate README lists the rulings. The
//! files follow the skeleton shared by every game crate (`docs/architecture.md`); beside it,
//! `bits.rs` (the bitboard word), `fill.rs` (whole-board fills), `size.rs` (the variant),
//! `score.rs` (the final scoring), `themes.rs` (a puzzle's themes) and `rule.rs` (the rule of
//! one move, square by square, with the reason for each refusal: what parsing answers, proven
//! to agree with the generator).
//!
//! ```
//! use arbiter_core::Game;
//! use arbiter_villawar::{Villawar, VillawarVariant};
//!
//! let mut game = Villawar::new(&VillawarVariant::default());
//! let mut moves = Vec::new();
//! game.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 68);
//! let mv = game.parse_move("a1-a4").unwrap();
//! game.play(mv);
//! assert_eq!(game.position(), "vvvvvvvv/vvvvvvvv/8/8/V7/8/WVVVVVVV/1VVVVVVV b 0");
//! ```

#![warn(missing_docs)]

mod bits;
mod board;
mod diagram;
mod drawing;
mod encoding;
mod eval;
mod fill;
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
mod rule;
mod score;
mod size;
mod square;
mod themes;
mod zobrist;

pub use board::Villawar;
pub use geometry::Direction;
pub use moves::Move;
pub use piece::{Kind, Piece, BLACK, WHITE};
pub use size::{Size, VillawarVariant};
pub use square::{Square, SquareName};
