//! Data for learned evaluations (NNUE): positions from self-play, each with the search's score
//! and the game's result, in a compact, versioned binary file that a run can resume.
//!
//! - [`format`]: the file — a header naming the game and the settings, then one block per game.
//! - [`datagen`]: self-play on all cores through the one game loop (`arbiter_ai::game_loop`),
//!   appending each finished game to the file; games already there are skipped, so a stopped
//!   run goes on where it stopped.

pub mod datagen;
pub mod format;

pub use datagen::{generate, play_many, play_one, DatagenSettings, Played, Progress, Summary};
pub use format::{describe, DataHeader, DataReader, DataWriter, GameBlock, Sample, FORMAT_VERSION, PROVEN_SCORE};
