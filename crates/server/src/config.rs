//! How to run the server: where to listen, where the games and reports are stored.

use crate::connections::ConnectionLimits;
use crate::limits::Limits;
use crate::store::DbLocation;
use arbiter_ai::Engines;
use arbiter_core::Registry;
use arbiter_report::ReportConfig;
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
    /// The database: a SQLite file (created with its schema when missing) or a PostgreSQL URL
    /// (migrated on start; any number of servers may share it).
    pub db: DbLocation,
    /// How many games stay in memory (least recently used idle ones are dropped; games in use never).
    pub cache_games: usize,
    /// Per-client rate limits.
    pub limits: Limits,
    /// Game reports made on demand: where they are kept and how much self-play each gets.
    pub reports: ReportSettings,
    /// Reverse proxies whose `X-Forwarded-For` names the client (for per-client rate limits).
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// What one client, and all together, may hold open: connections, WebSockets, time to send headers.
    pub connections: ConnectionLimits,
    /// The engine's work for people: workers (analyses and hints at once), the analysis queue.
    pub analysis: crate::service::AnalysisLimits,
}

/// Game reports made on demand (`GET /api/reports/{game}`). A report is self-play, hence costly:
/// the server keeps every one it makes and spends a small, fixed budget on each.
#[derive(Debug, Clone)]
pub struct ReportSettings {
    /// The folder of the reports, one subfolder per game and options; `None` puts it beside the
    /// database file (`<db folder>/reports`), so that one data folder holds all the server keeps
    /// (with PostgreSQL: `reports` in the working folder).
    pub dir: Option<PathBuf>,
    /// The self-play budget of one report.
    pub budget: ReportConfig,
}

impl ReportSettings {
    /// The budget of a report made on demand: a few games per matchup between the random mover
    /// and levels 1 and 2 (budgeted by iterations or depth, so the games do not depend on the
    /// machine; a report takes under a minute), one game at a time so that people playing keep
    /// the rest of the machine.
    pub fn default_budget() -> ReportConfig {
        ReportConfig {
            games: DEFAULT_REPORT_GAMES,
            levels: vec![1, 2],
            seconds_per_move: Some(0.1),
            max_plies: 300,
            concurrency: 1,
            sequence_positions: 8,
            sequence_budget: 100_000,
            ..ReportConfig::default()
        }
    }

    /// The folder reports go to for a server whose database is `db`.
    pub fn dir_for(&self, db: &DbLocation) -> PathBuf {
        match &self.dir {
            Some(dir) => dir.clone(),
            None => db.data_dir().join("reports"),
        }
    }
}

impl Default for ReportSettings {
    fn default() -> Self {
        ReportSettings {
            dir: None,
            budget: Self::default_budget(),
        }
    }
}

/// Games per matchup of a report made on demand, unless configured otherwise.
pub const DEFAULT_REPORT_GAMES: u32 = 6;

impl Default for ServeConfig {
    fn default() -> Self {
        ServeConfig {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: DbLocation::Sqlite(PathBuf::from("arbiter.db")),
            cache_games: crate::service::DEFAULT_CACHE_GAMES,
            limits: Limits::default(),
            reports: ReportSettings::default(),
            trusted_proxies: Vec::new(),
            connections: ConnectionLimits::default(),
            analysis: Default::default(),
        }
    }
}
