//! Runs the web app without the CLI: `cargo run -p arbiter-server --example serve -- [ADDR] [DB]`
//! (DB: a SQLite file or a postgres:// URL).

fn main() {
    let mut args = std::env::args().skip(1);
    let mut config = arbiter_server::ServeConfig::default();
    if let Some(addr) = args.next() {
        match addr.parse() {
            Ok(a) => config.addr = a,
            Err(e) => {
                eprintln!("error: bad address '{addr}': {e}");
                std::process::exit(1);
            }
        }
    }
    if let Some(db) = args.next() {
        match arbiter_server::DbLocation::parse(&db) {
            Ok(db) => config.db = db,
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(1);
            }
        }
    }
    let games = arbiter_server::Games {
        registry: arbiter_games::registry(),
        engines: arbiter_games::engines(),
    };
    if let Err(e) = arbiter_server::serve_blocking(config, games) {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}
