//! The leaderboards: the best-rated players of a rating pool.

use crate::error::ApiError;
use crate::service::{Leaderboard, LeaderboardLine};
use crate::state::AppState;
use axum::extract::{Query, State};
use axum::Json;
use serde::Deserialize;

/// `GET /api/leaderboard?pool=villawar:size=10&limit=50` (without `pool`: every pool's)
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderboardQuery {
    /// The pool: a game, with the options that make it another game.
    pub pool: Option<String>,
    /// How many (1..=200, default 50).
    pub limit: Option<String>,
}

/// `GET /api/leaderboard`: the pool's best-rated players with settled ratings, best first.
pub async fn leaderboard(
    State(state): State<AppState>,
    Query(q): Query<LeaderboardQuery>,
) -> Result<Json<Vec<LeaderboardLine>>, ApiError> {
    let pool = q
        .pool
        .clone()
        .ok_or_else(|| ApiError::bad_request("bad_query", "name the pool: ?pool=void (or GET /api/leaderboards)"))?;
    let limit = super::limit_query(q.limit.as_deref(), 50)?;
    Ok(Json(state.run(move |s| s.leaderboard(&pool, limit)).await?))
}

/// `GET /api/leaderboards?limit=N`: every pool's leaderboard.
pub async fn leaderboards(
    State(state): State<AppState>,
    Query(q): Query<LeaderboardQuery>,
) -> Result<Json<Vec<Leaderboard>>, ApiError> {
    let limit = super::limit_query(q.limit.as_deref(), 50)?;
    Ok(Json(state.run(move |s| s.leaderboards(limit)).await?))
}
