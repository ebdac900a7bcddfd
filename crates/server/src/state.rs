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
}

impl AppState {
    /// Runs `f` with the service on a blocking thread (never on an async worker: the service may
    /// wait for its store) and answers its result, its error as an [`ApiError`]. A panic in `f` is
    /// a 500 `internal`.
    pub async fn run<T, E>(&self, f: impl FnOnce(&Arc<Service>) -> Result<T, E> + Send + 'static) -> Result<T, ApiError>
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
