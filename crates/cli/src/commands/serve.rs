//! `arbiter serve`: the web app.

use std::net::SocketAddr;
use std::path::PathBuf;

/// `arbiter serve [--addr 127.0.0.1:8080] [--db arbiter.db]`
#[derive(clap::Args)]
pub struct Args {
    /// The address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The SQLite file the games are stored in (created when missing).
    #[arg(long, default_value = "arbiter.db")]
    db: PathBuf,
}

/// Serves the web app and its API until Ctrl-C.
pub fn run(args: Args) -> Result<(), String> {
    arbiter_server::serve_blocking(
        arbiter_server::ServeConfig {
            addr: args.addr,
            db: args.db,
        },
        arbiter_server::Games {
            registry: arbiter_games::registry(),
            engines: arbiter_games::engines(),
        },
    )
}
