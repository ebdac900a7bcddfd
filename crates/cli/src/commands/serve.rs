//! `arbiter serve`: the web app.

use arbiter_server::DbLocation;
use std::net::SocketAddr;

/// `arbiter serve [--addr 127.0.0.1:8080] [--db arbiter.db | --db postgres://…] [--cache-games 1000]
/// [--rate-limits on|off] [--report-games 6] [--trusted-proxy IP…] [--connections-per-address 64]
/// [--websockets-per-address 32] [--header-timeout 10]`
#[derive(clap::Args)]
pub struct Args {
    /// The address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Where the games are stored: a SQLite file (created when missing) or a PostgreSQL URL
    /// (`postgres://user:password@host:5432/arbiter`), which any number of servers may share.
    #[arg(long, env = "ARBITER_DB", default_value = "arbiter.db", value_parser = DbLocation::parse)]
    db: DbLocation,
    /// How many games stay in memory (idle ones beyond this reload from the database on demand).
    #[arg(long, default_value_t = arbiter_server::service::DEFAULT_CACHE_GAMES, value_parser = clap::value_parser!(usize))]
    cache_games: usize,
    /// Per-client rate limits on new players, games, computer games, hints and WebSocket requests
    /// (`off` for a trusted machine or a load test).
    #[arg(long, default_value = "on", value_parser = ["on", "off"])]
    rate_limits: String,
    /// Games per matchup of a game report made on demand (random, levels 1 and 2; kept in
    /// `reports/` beside the database).
    #[arg(long, default_value_t = arbiter_server::config::DEFAULT_REPORT_GAMES, value_parser = clap::value_parser!(u32).range(1..=1000))]
    report_games: u32,
    /// A reverse proxy (its IP address) whose `X-Forwarded-For` header names the client, for
    /// per-client rate limits behind nginx or Caddy; repeat for several.
    #[arg(long = "trusted-proxy", value_name = "IP")]
    trusted_proxies: Vec<std::net::IpAddr>,
    /// Open connections one address may hold (WebSockets included; a trusted proxy is exempt);
    /// more are answered 429 and closed.
    #[arg(long, default_value_t = arbiter_server::ConnectionLimits::default().per_address, value_parser = clap::value_parser!(usize))]
    connections_per_address: usize,
    /// Open game and lobby WebSockets one client address may hold; more are closed with a reason.
    #[arg(long, default_value_t = arbiter_server::ConnectionLimits::default().websockets_per_address, value_parser = clap::value_parser!(usize))]
    websockets_per_address: usize,
    /// Seconds a client may take to send a request's headers (and a kept-alive connection may
    /// stay idle).
    #[arg(long, default_value_t = arbiter_server::ConnectionLimits::default().header_timeout.as_secs(), value_parser = clap::value_parser!(u64).range(1..=3600))]
    header_timeout: u64,
    /// Searches for people (analyses and hints) at once; 0: one per core.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(usize))]
    engine_workers: usize,
    /// Nodes the analysis of a game searches per position.
    #[arg(long, default_value_t = arbiter_ai::analysis::DEFAULT_NODES, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    analysis_nodes: u64,
}

/// Serves the web app and its API until Ctrl-C.
pub fn run(args: Args) -> Result<(), String> {
    let mut reports = arbiter_server::ReportSettings::default();
    reports.budget.games = args.report_games;
    arbiter_server::serve_blocking(
        arbiter_server::ServeConfig {
            addr: args.addr,
            db: args.db,
            cache_games: args.cache_games.max(1),
            limits: if args.rate_limits == "off" {
                arbiter_server::Limits::none()
            } else {
                arbiter_server::Limits::default()
            },
            reports,
            trusted_proxies: args.trusted_proxies,
            connections: arbiter_server::ConnectionLimits {
                per_address: args.connections_per_address.max(1),
                websockets_per_address: args.websockets_per_address.max(1),
                header_timeout: std::time::Duration::from_secs(args.header_timeout),
                ..arbiter_server::ConnectionLimits::default()
            },
            analysis: {
                let defaults = arbiter_server::service::AnalysisLimits::default();
                arbiter_server::service::AnalysisLimits {
                    workers: if args.engine_workers == 0 {
                        defaults.workers
                    } else {
                        args.engine_workers
                    },
                    nodes: args.analysis_nodes,
                    ..defaults
                }
            },
        },
        arbiter_server::Games {
            registry: arbiter_games::registry(),
            engines: arbiter_games::engines(),
        },
    )
}
