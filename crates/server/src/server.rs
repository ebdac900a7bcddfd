//! Starting and stopping the server: [`serve`] for the command line, [`start`] for tests and embedders.

use crate::app::router;
use crate::auth::TrustedProxies;
use crate::computer::{Computer, EngineComputer};
use crate::config::{Games, ServeConfig};
use crate::limits::RateLimits;
use crate::reports::Reports;
use crate::service::Service;
use crate::time::{SystemTimeSource, TimeSource};
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// How long open requests may take to finish once the server is asked to stop.
const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(10);

/// A server running in the background.
pub struct RunningServer {
    addr: SocketAddr,
    service: Arc<Service>,
    reports: Arc<Reports>,
    shutdown: Option<oneshot::Sender<()>>,
    task: JoinHandle<std::io::Result<()>>,
}

impl RunningServer {
    /// The address it listens on (with the real port when port 0 was asked for).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// How many games the server keeps in memory now.
    pub fn games_in_memory(&self) -> usize {
        self.service.games_in_memory()
    }

    /// How many times a game in memory was read back from the store because it had changed there.
    pub fn reloads(&self) -> u64 {
        self.service.reloads()
    }

    /// Checks every game in memory for a fallen flag now (tests with a hand-moved clock); how many fell.
    pub fn check_clocks(&self) -> usize {
        self.service.check_clocks()
    }

    /// The base URL, `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Stops accepting requests, finishes the ones in progress and waits for the end.
    pub async fn stop(mut self) -> std::io::Result<()> {
        self.service.shut_down();
        let service = self.service.clone();
        let _ = tokio::task::spawn_blocking(move || service.release_leases()).await;
        self.reports.shut_down();
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        let result = self.task.await.map_err(std::io::Error::other)?;
        self.reports.finished().await;
        result
    }

    /// Waits until the server ends (it ends on its own only on an error).
    pub async fn wait(self) -> std::io::Result<()> {
        let RunningServer { task, shutdown, .. } = self;
        let result = task.await.map_err(std::io::Error::other)?;
        drop(shutdown);
        result
    }
}

/// Opens the database and starts listening; returns once the socket is bound.
pub async fn start(config: ServeConfig, games: Games) -> Result<RunningServer, String> {
    start_with_time(config, games, Arc::new(SystemTimeSource)).await
}

/// [`start`] with the clocks reading `time` (tests move it by hand).
pub async fn start_with_time(
    config: ServeConfig,
    games: Games,
    time: Arc<dyn TimeSource>,
) -> Result<RunningServer, String> {
    crate::reports::check_budget(&config.reports.budget).map_err(|e| format!("bad report budget: {e}"))?;
    crate::allocator::map_large_blocks();
    let db = config.db.clone();
    let store = tokio::task::spawn_blocking(move || db.open())
        .await
        .map_err(|e| e.to_string())?
        .map_err(|e| format!("cannot open database {}: {e}", config.db))?;
    let engines = Arc::new(games.engines);
    let computer: Arc<dyn Computer> = Arc::new(EngineComputer::shared(engines.clone()));
    let service = Service::new(
        games.registry,
        store,
        computer,
        config.cache_games,
        time,
        config.analysis,
    );
    // On a shared store: other servers' changes reach this one's watchers, and leases are kept.
    service.follow_changes();
    if service.store().changes().is_some() {
        let keeper = Arc::downgrade(&service);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(crate::service::LEASE / 5);
            loop {
                tick.tick().await;
                let Some(service) = keeper.upgrade() else { return };
                if *service.shutdown_signal().borrow() {
                    return;
                }
                let _ = tokio::task::spawn_blocking(move || service.keep_leases()).await;
            }
        });
    }
    // Arena tournaments: free players paired, finished tournaments closed, about once a second.
    let arenas = Arc::downgrade(&service);
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(std::time::Duration::from_secs(1));
        loop {
            tick.tick().await;
            let Some(service) = arenas.upgrade() else { return };
            if *service.shutdown_signal().borrow() {
                return;
            }
            let _ = tokio::task::spawn_blocking(move || service.run_tournaments()).await;
        }
    });
    // Games finished before outcomes were stored get theirs, for profiles' wins and losses.
    let backfill = service.clone();
    tokio::task::spawn_blocking(move || match backfill.backfill_outcomes() {
        Ok(0) => {}
        Ok(n) => eprintln!("wrote the outcome of {n} games finished before outcomes were stored"),
        Err(e) => eprintln!("cannot write the outcomes of older games: {}", e.message),
    });
    // Flags fall even for games nobody opens after a restart.
    let resumed = service.clone();
    tokio::task::spawn_blocking(move || resumed.resume_clocks())
        .await
        .map_err(|e| e.to_string())?
        .map_err(|e| format!("cannot resume the clocks: {}", e.message))?;
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let (tx, rx) = oneshot::channel::<()>();
    let reports = Reports::new(
        service.clone(),
        engines,
        config.reports.dir_for(&config.db),
        config.reports.budget.clone(),
    );
    let app = router(
        service.clone(),
        Arc::new(RateLimits::new(config.limits)),
        reports.clone(),
    )
    .layer(axum::Extension(TrustedProxies(config.trusted_proxies.clone())))
    .layer(axum::Extension(crate::connections::WebSocketSlots::new(
        config.connections.websockets_per_address,
    )));
    let limits = config.connections.fitted_to_fd_limit();
    let trusted = config.trusted_proxies.clone();
    let task = tokio::spawn(async move {
        let shutdown = async {
            let _ = rx.await;
        };
        crate::connections::serve(listener, app, limits, trusted, shutdown, SHUTDOWN_GRACE).await
    });
    Ok(RunningServer {
        addr,
        service,
        reports,
        shutdown: Some(tx),
        task,
    })
}

/// Runs the server until Ctrl-C (what `arbiter serve` does).
pub async fn serve(config: ServeConfig, games: Games) -> Result<(), String> {
    let RunningServer {
        addr,
        service,
        reports,
        shutdown,
        task,
    } = start(config.clone(), games).await?;
    println!(
        "Arbiter is serving on http://{addr} (games stored in {}, game reports in {}); press Ctrl-C to stop",
        config.db,
        config.reports.dir_for(&config.db).display()
    );
    let mut task = task;
    tokio::select! {
        ended = &mut task => {
            return ended.map_err(|e| e.to_string())?.map_err(|e| e.to_string());
        }
        signal = tokio::signal::ctrl_c() => signal.map_err(|e| e.to_string())?,
    }
    service.shut_down();
    let leaving = service.clone();
    let _ = tokio::task::spawn_blocking(move || leaving.release_leases()).await;
    reports.shut_down();
    if let Some(tx) = shutdown {
        let _ = tx.send(());
    }
    let result = task.await.map_err(|e| e.to_string())?.map_err(|e| e.to_string());
    reports.finished().await;
    result
}

/// [`serve`] on a new multi-threaded runtime, for callers without one (the `arbiter serve` command).
pub fn serve_blocking(config: ServeConfig, games: Games) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(serve(config, games))
}
