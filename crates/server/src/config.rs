//! How to run the server: where to listen and where the games are stored.

use std::net::SocketAddr;
use std::path::PathBuf;

/// The configuration of `arbiter serve`.
#[derive(Debug, Clone)]
pub struct ServeConfig {
    /// The address to listen on; port 0 picks a free port (see [`crate::RunningServer::addr`]).
    pub addr: SocketAddr,
    /// The SQLite database file; created with its schema when missing.
    pub db: PathBuf,
}

impl Default for ServeConfig {
    fn default() -> Self {
        ServeConfig {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: PathBuf::from("arbiter.db"),
        }
    }
}
