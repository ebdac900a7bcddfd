//! Arena tournaments' endpoints: creating, listing, viewing, joining and leaving them, and each
//! tournament's WebSocket of live standings.

use crate::auth::ClientAddr;
use crate::connections::WebSocketSlots;
use crate::error::ApiError;
use crate::extract::ApiJson;
use crate::limits::Limited;
use crate::service::{Caller, NewTournament, ServiceError, TournamentView};
use crate::state::AppState;
use axum::extract::ws::{WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde::Deserialize;
use serde_json::json;

/// `POST /api/tournaments`
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentRequest {
    /// Its name (default: the game's name and "arena").
    pub name: Option<String>,
    /// The registry name.
    pub game: String,
    /// The game's options string.
    #[serde(default)]
    pub options: String,
    /// The time control of every game (`fischer:180+2`).
    pub clock: String,
    /// How long it runs, in minutes.
    pub minutes: i64,
    /// Minutes from now until it starts (default 0: now).
    #[serde(default)]
    pub starts_in: i64,
    /// Rated games (default: yes).
    pub rated: Option<bool>,
}

/// `POST /api/tournaments`: counted as a new game against the caller's address.
pub async fn create(
    State(state): State<AppState>,
    caller: Caller,
    ClientAddr(client): ClientAddr,
    ApiJson(req): ApiJson<TournamentRequest>,
) -> Result<Json<TournamentView>, ApiError> {
    caller.require()?;
    state.limits.check(Limited::Game, client)?;
    let new = NewTournament {
        name: req.name,
        game: req.game,
        options: req.options,
        clock: req.clock,
        minutes: req.minutes,
        starts_in: req.starts_in,
        rated: req.rated.unwrap_or(true),
    };
    Ok(Json(state.run(move |s| s.create_tournament(&caller, new)).await?))
}

/// `GET /api/tournaments`
pub async fn list(State(state): State<AppState>) -> Result<Json<serde_json::Value>, ApiError> {
    let list = state.run(|s| s.tournaments()).await?;
    Ok(Json(json!({ "tournaments": list })))
}

/// `GET /api/tournaments/{id}`
pub async fn show(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<TournamentView>, ApiError> {
    Ok(Json(state.run(move |s| s.tournament(&caller, &id)).await?))
}

/// `POST /api/tournaments/{id}/join`
pub async fn join(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<TournamentView>, ApiError> {
    Ok(Json(state.run(move |s| s.join_tournament(&caller, &id)).await?))
}

/// `POST /api/tournaments/{id}/leave`
pub async fn leave(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<TournamentView>, ApiError> {
    Ok(Json(state.run(move |s| s.leave_tournament(&caller, &id)).await?))
}

/// `GET /api/tournaments/{id}/ws`: the tournament on connect and after every change.
pub async fn ws(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    Extension(slots): Extension<WebSocketSlots>,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Response {
    // Subscribed before the first message is read, so that no change in between is missed.
    let watched = {
        let id = id.clone();
        state.run(move |s| s.watch_tournament(&id)).await
    };
    let (first, updates) = match watched {
        Ok(watched) => watched,
        Err(e) => return e.into_response(),
    };
    let Ok(slot) = slots.take(client) else {
        return super::ws::refuse(upgrade);
    };
    super::ws::small_buffers(upgrade, 1024).on_upgrade(move |socket| async move {
        watch(socket, state, id, first, updates).await;
        drop(slot);
    })
}

async fn watch(
    socket: WebSocket,
    state: AppState,
    id: String,
    first: String,
    updates: tokio::sync::broadcast::Receiver<std::sync::Arc<str>>,
) {
    let Ok(shutdown) = state.run(|s| Ok::<_, ServiceError>(s.shutdown_signal())).await else {
        return;
    };
    let current = || {
        let id = id.clone();
        let state = state.clone();
        async move {
            state
                .run(move |s| s.watch_tournament(&id))
                .await
                .ok()
                .map(|(text, _)| text)
        }
    };
    super::ws::broadcast_to_socket(socket, first, updates, shutdown, current).await;
}
