//! The lobby's endpoints: open challenges, posting, cancelling and accepting them, and the lobby's
//! WebSocket.

use crate::auth::ClientAddr;
use crate::connections::WebSocketSlots;
use crate::error::ApiError;
use crate::extract::ApiJson;
use crate::limits::Limited;
use crate::live::GameView;
use crate::service::lobby::NewChallenge;
use crate::service::{Caller, Service, ServiceError};
use crate::state::AppState;
use crate::store::Challenge;
use axum::extract::ws::{WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use axum::{Extension, Json};
use serde::Deserialize;
use serde_json::json;

/// `POST /api/challenges`
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChallengeRequest {
    /// The registry name.
    pub game: String,
    /// The options string.
    #[serde(default)]
    pub options: String,
    /// A time control (`fischer:300+5`, `days:3`).
    pub clock: Option<String>,
    /// The challenger's side: `first`, `second` or `random` (default).
    pub colour: Option<String>,
    /// List the game to everyone.
    #[serde(default)]
    pub public: bool,
    /// Allow the engine's hints to both players (default: no).
    #[serde(default)]
    pub hints: bool,
    /// The game will be rated (default: no).
    #[serde(default)]
    pub rated: bool,
}

/// `GET /api/challenges`
pub async fn list(State(state): State<AppState>, caller: Caller) -> Result<Json<Vec<Challenge>>, ApiError> {
    Ok(Json(state.run(move |s| s.challenges(&caller)).await?))
}

/// `POST /api/challenges`
pub async fn post(
    State(state): State<AppState>,
    caller: Caller,
    ClientAddr(client): ClientAddr,
    ApiJson(req): ApiJson<ChallengeRequest>,
) -> Result<Json<Challenge>, ApiError> {
    caller.require()?;
    state.limits.check(Limited::Game, client)?;
    let new = NewChallenge {
        game: req.game,
        options: req.options,
        clock: req.clock,
        colour: req.colour,
        public: req.public,
        hints: req.hints,
        rated: req.rated,
    };
    Ok(Json(state.run(move |s| s.post_challenge(&caller, new)).await?))
}

/// `DELETE /api/challenges/{id}`
pub async fn cancel(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let cancelled = id.clone();
    state.run(move |s| s.cancel_challenge(&caller, &id)).await?;
    Ok(Json(json!({ "cancelled": cancelled })))
}

/// `POST /api/challenges/{id}/accept`: a new game, counted as one against the caller's address.
pub async fn accept(
    State(state): State<AppState>,
    caller: Caller,
    ClientAddr(client): ClientAddr,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    caller.require()?;
    state.limits.check(Limited::Game, client)?;
    Ok(Json(state.run(move |s| s.accept_challenge(&caller, &id)).await?))
}

/// `GET /api/lobby/ws`: the open challenges on connect and after every change, and acceptances.
pub async fn ws(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    Extension(slots): Extension<WebSocketSlots>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let Ok(slot) = slots.take(client) else {
        return super::ws::refuse(upgrade);
    };
    super::ws::small_buffers(upgrade, 1024).on_upgrade(move |socket| async move {
        watch(socket, state).await;
        drop(slot);
    })
}

/// The `{"type":"challenges"}` message of the open challenges now (an empty list if the store fails).
fn current(service: &Service) -> String {
    let list = service.challenges(&Caller::default()).unwrap_or_default();
    json!({"type": "challenges", "challenges": list}).to_string()
}

async fn watch(socket: WebSocket, state: AppState) {
    // Subscribed before the list is read, so that no change in between is missed.
    let started = state
        .run(|s| {
            let updates = s.lobby_updates().subscribe();
            Ok::<_, ServiceError>((updates, s.shutdown_signal(), current(s)))
        })
        .await;
    let Ok((updates, shutdown, first)) = started else {
        return;
    };
    let current = || async { state.run(|s| Ok::<_, ServiceError>(current(s))).await.ok() };
    super::ws::broadcast_to_socket(socket, first, updates, shutdown, current).await;
}
