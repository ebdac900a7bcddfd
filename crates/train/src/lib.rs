//! Training a learned evaluation on `arbiter datagen`'s data, with candle on CPU.
//!
//! - [`dataset`]: the data files read into sparse inputs (the game's observation planes, which
//!   carry the side to move) and targets, split into training and validation by game.
//! - [`net`]: the net — inputs → hidden (clipped ReLU) → one output through a sigmoid — and its
//!   file (safetensors, with the game and the shape in its metadata).
//! - [`training`]: AdamW epochs over the training set, the validation loss after each, and the
//!   curve drawn by the report crate's plotting.
//!
//! This crate is the only one that builds the framework: `arbiter serve` and the search never do.

pub mod dataset;
pub mod net;
pub mod training;

pub use dataset::{Dataset, Split, Targets};
pub use net::{Net, NetInfo, NET_FORMAT};
pub use training::{train, Curve, Settings};
