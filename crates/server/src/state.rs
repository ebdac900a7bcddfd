//! What every handler gets ([`AppState`]), and the one way the routes reach the service:
//! [`AppState::run`], on a blocking thread.
//!
//! The service is synchronous and waits for its store: SQLite on the calling thread, PostgreSQL on
//! a channel to the store's own runtime. A handler calling it straight from its async task would
//! hold a Tokio worker for every request in progress, and enough slow queries would stop the whole
//! server (WebSockets, time-outs, other requests). So every call goes through [`AppState::run`],
//! which runs it with [`tokio::task::spawn_blocking`] and turns its error into an [`ApiError`].

use crate::error::ApiError;
use crate::limits::RateLimits;
use crate::reports::Reports;
use crate::service::Service;
use std::sync::Arc;

/// What every handler gets.
#[derive(Clone)]
pub struct AppState {
    /// The game service (call it through [`AppState::run`]).
    pub service: Arc<Service>,
    /// The per-client rate limits.
    pub limits: Arc<RateLimits>,
    /// The game reports.
    pub reports: Arc<Reports>,
    /// Service calls in progress at once: more than the store can serve only queue up on its lock
    /// or pool, each on a thread of its own.
    calls: Arc<tokio::sync::Semaphore>,
}

/// Calls at once on SQLite: one connection serves them in turn, so a few threads keep it busy;
/// 200 threads waiting on its lock made the server 15% slower and doubled its p99.
const SQLITE_CALLS: usize = 4;

/// Calls at once on PostgreSQL: twice the store's pool of 16 connections.
const POSTGRES_CALLS: usize = 32;

impl AppState {
    /// The state of a server with this service, these limits and these reports.
    pub fn new(service: Arc<Service>, limits: Arc<RateLimits>, reports: Arc<Reports>) -> Self {
        let calls = match service.store().backend() {
            "sqlite" => SQLITE_CALLS,
            _ => POSTGRES_CALLS,
        };
        AppState {
            service,
            limits,
            reports,
            calls: Arc::new(tokio::sync::Semaphore::new(calls)),
        }
    }

    /// Runs `f` with the service on a blocking thread (never on an async worker: the service may
    /// wait for its store) and answers its result, its error as an [`ApiError`]. A panic in `f` is
    /// a 500 `internal`.
    pub async fn run<T, E>(&self, f: impl FnOnce(&Arc<Service>) -> Result<T, E> + Send + 'static) -> Result<T, ApiError>
    where
        T: Send + 'static,
        E: Into<ApiError> + Send + 'static,
    {
        let Ok(_permit) = self.calls.acquire().await else {
            return Err(ApiError::internal("the server is stopping"));
        };
        self.run_long(f).await
    }

    /// [`AppState::run`] for a call that may take long (the engine's hint): not counted among the
    /// store's calls, so that it holds up no one else's.
    pub async fn run_long<T, E>(
        &self,
        f: impl FnOnce(&Arc<Service>) -> Result<T, E> + Send + 'static,
    ) -> Result<T, ApiError>
    where
        T: Send + 'static,
        E: Into<ApiError> + Send + 'static,
    {
        let service = self.service.clone();
        match tokio::task::spawn_blocking(move || f(&service)).await {
            Ok(result) => result.map_err(Into::into),
            Err(e) => Err(ApiError::internal(format!("the request failed: {e}"))),
        }
    }
}
