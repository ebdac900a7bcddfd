//! Game reports: `GET /api/reports/{game}?options=…` says where a game's report is (and queues it
//! when nobody asked for it before); `GET /reports/{game}/index.html?options=…` and
//! `…/report.json` serve it once made. See [`crate::reports`].

use crate::app::AppState;
use crate::auth::ClientAddr;
use crate::error::ApiError;
use crate::reports::{ReportKey, ReportStatus};
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

/// The report asked for: a game the registry has (404 otherwise) and options it accepts (400).
fn key(state: &AppState, name: &str, query: Result<Query<ReportQuery>, QueryRejection>) -> Result<ReportKey, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::bad_request("bad_query", e.body_text()))?;
    let game = crate::routes::rules::game_named(state, name)?;
    ReportKey::new(game, &q.options)
}

/// `GET /api/reports/{game}`
pub async fn status(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    Path(name): Path<String>,
    query: Result<Query<ReportQuery>, QueryRejection>,
) -> Result<Json<ReportStatus>, ApiError> {
    let key = key(&state, &name, query)?;
    Ok(Json(state.reports.status(&key, &state.limits, client)?))
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
    let key = key(&state, &name, query)?;
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
    if state.reports.in_progress(&key) {
        return Err(not_ready());
    }
    let path = state.reports.file(&key, &file);
    let body = tokio::task::spawn_blocking(move || std::fs::read(path))
        .await
        .map_err(|e| ApiError::internal(e.to_string()))?;
    let body = match body {
        Ok(body) => body,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(not_ready()),
        Err(e) => return Err(ApiError::internal(format!("cannot read the report: {e}"))),
    };
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
