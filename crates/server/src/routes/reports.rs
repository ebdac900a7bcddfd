//! Game reports: `GET /api/reports/{game}?options=…` says where a game's report is (and queues it
//! when nobody asked for it before); `GET /reports/{game}/index.html?options=…` and
//! `…/report.json` serve it once made. See [`crate::reports`].

use crate::auth::ClientAddr;
use crate::error::ApiError;
use crate::reports::{ReportKey, ReportStatus};
use crate::routes::rules::game_named;
use crate::service::ServiceError;
use crate::state::AppState;
use arbiter_core::Registry;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;

/// The query: the game's options (`size=6`), none for the default game.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReportQuery {
    /// The options string.
    #[serde(default)]
    pub options: String,
}

/// The options asked for (400 for a query that is not just `options`).
fn options(query: Result<Query<ReportQuery>, QueryRejection>) -> Result<String, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::bad_request("bad_query", e.body_text()))?;
    Ok(q.options)
}

/// The report asked for: a game the registry has (not found otherwise) and options it accepts.
fn key(registry: &Registry, name: &str, options: &str) -> Result<ReportKey, ServiceError> {
    let game = game_named(registry, name)?;
    ReportKey::new(game, options)
}

/// `GET /api/reports/{game}`
pub async fn status(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    Path(name): Path<String>,
    query: Result<Query<ReportQuery>, QueryRejection>,
) -> Result<Json<ReportStatus>, ApiError> {
    let options = options(query)?;
    let (reports, limits) = (state.reports.clone(), state.limits.clone());
    let status = state
        .run(move |s| -> Result<ReportStatus, ApiError> {
            let key = key(s.registry(), &name, &options)?;
            reports.status(&key, &limits, client)
        })
        .await?;
    Ok(Json(status))
}

/// `GET /reports/{game}/{file}`: the report's standalone page (`index.html`) or its figures
/// (`report.json`); 404 (JSON) until the report is made.
pub async fn file(
    State(state): State<AppState>,
    Path((name, file)): Path<(String, String)>,
    query: Result<Query<ReportQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let content_type = match file.as_str() {
        "index.html" => "text/html; charset=utf-8",
        "report.json" => "application/json",
        _ => {
            return Err(ApiError::not_found(
                "a report has two files: index.html and report.json",
            ))
        }
    };
    let options = options(query)?;
    let reports = state.reports.clone();
    let body = state
        .run(move |s| -> Result<Vec<u8>, ApiError> {
            let key = key(s.registry(), &name, &options)?;
            let not_ready = || {
                ApiError::new(
                    axum::http::StatusCode::NOT_FOUND,
                    "report_not_ready",
                    format!(
                        "the report of {} is not made yet: GET /api/reports/{} starts it and says when it is ready",
                        key.game, key.game
                    ),
                )
            };
            // A report being made may be half written.
            if reports.in_progress(&key) {
                return Err(not_ready());
            }
            match std::fs::read(reports.file(&key, &file)) {
                Ok(body) => Ok(body),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(not_ready()),
                Err(e) => Err(ApiError::internal(format!("cannot read the report: {e}"))),
            }
        })
        .await?;
    Ok((
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            // The page is standalone: its own styles and inline SVG, nothing to fetch, no scripts;
            // only the app may frame it.
            (
                header::CONTENT_SECURITY_POLICY,
                "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'",
            ),
        ],
        body,
    )
        .into_response())
}
