//! The leaderboards: the best-rated players of a rating pool.

use crate::error::ApiError;
use crate::service::LeaderboardLine;
use crate::state::AppState;
use axum::extract::{Query, State};
use axum::Json;
use serde::Deserialize;

/// `GET /api/leaderboard?pool=villawar:size=10&limit=50`
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderboardQuery {
    /// The pool: a game, with the options that make it another game.
    pub pool: String,
    /// How many (1..=200, default 50).
    pub limit: Option<String>,
}

/// `GET /api/leaderboard`: the pool's best-rated players with settled ratings, best first.
pub async fn leaderboard(
    State(state): State<AppState>,
    Query(q): Query<LeaderboardQuery>,
) -> Result<Json<Vec<LeaderboardLine>>, ApiError> {
    let limit = match q.limit.as_deref() {
        None => 50,
        Some(text) => text.parse::<usize>().map_err(|_| {
            ApiError::bad_request(
                "bad_query",
                format!("limit must be a whole number, not '{}'", arbiter_core::quote(text)),
            )
        })?,
    };
    Ok(Json(state.run(move |s| s.leaderboard(&q.pool, limit)).await?))
}
