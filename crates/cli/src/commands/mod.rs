//! One file per subcommand.

pub mod bench;
pub mod moves;
pub mod perft;
pub mod play;
pub mod show;
