//! How to run the server: where to listen and where the games are stored.

use crate::limits::Limits;
use arbiter_ai::Engines;
use arbiter_core::Registry;
use std::net::SocketAddr;
use std::path::PathBuf;

/// The games the server offers and the engines that play them, given by the caller (the CLI
/// passes `arbiter_games::registry()` and `arbiter_games::engines()`): the server names no game
/// and depends on no game crate.
pub struct Games {
    /// Every game, by name.
    pub registry: Registry,
    /// The computer's search engines for those games.
    pub engines: Engines,
}

/// The configuration of `arbiter serve`.
#[derive(Debug, Clone)]
pub struct ServeConfig {
    /// The address to listen on; port 0 picks a free port (see [`crate::RunningServer::addr`]).
    pub addr: SocketAddr,
    /// The SQLite database file; created with its schema when missing.
    pub db: PathBuf,
    /// How many games stay in memory (least recently used idle ones are dropped; games in use never).
    pub cache_games: usize,
    /// Per-client rate limits.
    pub limits: Limits,
}

impl Default for ServeConfig {
    fn default() -> Self {
        ServeConfig {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: PathBuf::from("arbiter.db"),
            cache_games: crate::service::DEFAULT_CACHE_GAMES,
            limits: Limits::default(),
        }
    }
}
