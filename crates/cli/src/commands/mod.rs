//! One file per subcommand.

pub mod analyze;
pub mod analyze_game;
pub mod bench;
pub mod datagen;
pub mod db;
pub mod diagram;
pub mod engine;
pub mod r#match;
pub mod moves;
pub mod perft;
pub mod play;
pub mod puzzle_difficulty;
pub mod puzzles;
pub mod report;
pub mod serve;
pub mod show;
pub mod signature;
pub mod solve;
pub mod tune;
