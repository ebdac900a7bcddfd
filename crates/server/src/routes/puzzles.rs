//! The puzzles API: the sets, the next puzzle, a puzzle by id, attempts, and the caller's own
//! mistakes. HTTP only: the work is the service's (`service/puzzles.rs`).

use crate::error::ApiError;
use crate::extract::ApiJson;
use crate::service::{AttemptView, Caller, MistakesView, PuzzleMode, PuzzleView, ServiceError, SetsView};
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::Json;
use serde::Deserialize;

/// `GET /api/puzzles`
pub async fn sets(State(state): State<AppState>) -> Result<Json<SetsView>, ApiError> {
    Ok(Json(state.run(|s| Ok::<_, ServiceError>(s.puzzle_sets())).await?))
}

/// `GET /api/puzzles/{set}/next?theme=T&mode=rated|streak&step=N`
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NextQuery {
    /// Only puzzles with this theme.
    pub theme: Option<String>,
    /// `rated` (default) or `streak`.
    pub mode: Option<String>,
    /// In a streak, the puzzle's place from 0 (default 0).
    pub step: Option<String>,
}

/// `GET /api/puzzles/{set}/next`
pub async fn next(
    State(state): State<AppState>,
    caller: Caller,
    Path(set): Path<String>,
    Query(q): Query<NextQuery>,
) -> Result<Json<PuzzleView>, ApiError> {
    let mode = PuzzleMode::parse(q.mode.as_deref().unwrap_or("rated"))?;
    let step = match q.step.as_deref() {
        None => 0,
        Some(text) => text
            .parse::<usize>()
            .ok()
            .filter(|&n| n < 100_000)
            .ok_or_else(|| ApiError::bad_request("bad_query", "step must be a whole number from 0 to 99999"))?,
    };
    let theme = q.theme.filter(|t| !t.is_empty());
    Ok(Json(
        state
            .run(move |s| s.next_puzzle(&caller, &set, theme.as_deref(), mode, step))
            .await?,
    ))
}

/// `GET /api/puzzle/{id}`
pub async fn puzzle(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<PuzzleView>, ApiError> {
    Ok(Json(state.run(move |s| s.puzzle(&caller, &id)).await?))
}

/// `POST /api/puzzle/{id}/attempt`
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttemptRequest {
    /// The solver's moves so far, in order (not the replies).
    #[serde(default)]
    pub moves: Vec<String>,
    /// Give up and see the solution.
    #[serde(default)]
    pub give_up: bool,
    /// `rated` (default) or `streak` (never rated).
    pub mode: Option<String>,
}

/// `POST /api/puzzle/{id}/attempt`
pub async fn attempt(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<AttemptRequest>,
) -> Result<Json<AttemptView>, ApiError> {
    let mode = PuzzleMode::parse(req.mode.as_deref().unwrap_or("rated"))?;
    Ok(Json(
        state
            .run(move |s| s.attempt_puzzle(&caller, &id, &req.moves, req.give_up, mode))
            .await?,
    ))
}

/// `GET /api/puzzles/mine`
pub async fn mine(State(state): State<AppState>, caller: Caller) -> Result<Json<MistakesView>, ApiError> {
    Ok(Json(state.run(move |s| s.my_mistakes(&caller)).await?))
}

/// `GET /puzzles/{set}` and `/puzzles/{set}/{id}`: the app's page, with 404 for a set (or puzzle)
/// that does not exist.
pub async fn page(State(state): State<AppState>, Path(parts): Path<Vec<String>>) -> axum::response::Response {
    let mut page = crate::routes::assets::index().await;
    let known = state
        .run(move |s| {
            let sets = s.puzzle_sets();
            let set_known = sets.sets.iter().any(|set| Some(&set.name.to_string()) == parts.first());
            let id_known = parts.get(1).is_none_or(|id| s.puzzle_exists(id));
            Ok::<_, ServiceError>(set_known && id_known)
        })
        .await;
    if !matches!(known, Ok(true)) {
        *page.status_mut() = axum::http::StatusCode::NOT_FOUND;
    }
    page
}
