//! A learned evaluation in the search: the net `arbiter-train` writes, with integer weights, and
//! an accumulator of its hidden layer that is updated by the inputs that changed.
//!
//! - [`file`]: the net's file (safetensors with the game and shape in its metadata), read and
//!   written here only.
//! - [`network`]: the net read from its file and quantised: hidden weights and
//!   biases × [`QA`], output weights × [`QB`]; every sum is exact in integers.
//! - [`accumulator`]: the hidden layer's sums for one position, refreshed from all of its active
//!   inputs or updated by the inputs added and removed since the position it last held; integer
//!   arithmetic makes both give the same numbers.
//! - [`builtin`]: the nets the games carry inside the program, read once.
//! - [`evaluator`]: a position's evaluation through the net, as the search asks for it: the
//!   game's observation planes become the active inputs, and the accumulator follows the
//!   positions the search visits by their differences.
//! - `simd`: the two inner loops (adding columns, the output layer), vectorised for the
//!   instruction set the program runs on.

pub mod accumulator;
pub mod builtin;
pub mod evaluator;
pub mod file;
pub mod network;
mod simd;

pub use accumulator::{Accumulator, InputBits};
pub use builtin::builtin;
pub use evaluator::NetEvaluator;
pub use file::{NetFile, NET_FORMAT};
pub use network::{Network, QA, QB};
