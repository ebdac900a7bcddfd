//! The lobby's endpoints: open challenges, posting, cancelling and accepting them, and the lobby's
//! WebSocket.

use crate::app::AppState;
use crate::auth::{Caller, ClientAddr};
use crate::error::ApiError;
use crate::extract::ApiJson;
use crate::limits::Limited;
use crate::live::GameView;
use crate::lobby::NewChallenge;
use crate::store::Challenge;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use axum::Json;
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::json;
use tokio::sync::broadcast::error::RecvError;

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
}

/// `GET /api/challenges`
pub async fn list(State(state): State<AppState>, caller: Caller) -> Result<Json<Vec<Challenge>>, ApiError> {
    Ok(Json(state.service.challenges(&caller)?))
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
    };
    Ok(Json(state.service.post_challenge(&caller, new)?))
}

/// `DELETE /api/challenges/{id}`
pub async fn cancel(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<serde_json::Value>, ApiError> {
    state.service.cancel_challenge(&caller, &id)?;
    Ok(Json(json!({ "cancelled": id })))
}

/// `POST /api/challenges/{id}/accept`
pub async fn accept(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    Ok(Json(state.service.accept_challenge(&caller, &id)?))
}

/// `GET /api/lobby/ws`: the open challenges on connect and after every change, and acceptances.
pub async fn ws(State(state): State<AppState>, upgrade: WebSocketUpgrade) -> Response {
    upgrade
        .max_message_size(1024)
        .on_upgrade(move |socket| watch(socket, state))
}

async fn watch(socket: WebSocket, state: AppState) {
    let mut updates = state.service.lobby_updates().subscribe();
    let mut shutdown = state.service.shutdown_signal();
    let (mut sink, mut stream) = socket.split();
    let current = |state: &AppState| {
        let list = state.service.challenges(&Caller::default()).unwrap_or_default();
        json!({"type": "challenges", "challenges": list}).to_string()
    };
    if sink.send(Message::Text(current(&state).into())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            _ = shutdown.changed() => {
                let _ = sink.send(Message::Close(None)).await;
                break;
            }
            update = updates.recv() => {
                let text = match update {
                    Ok(message) => message.to_string(),
                    Err(RecvError::Lagged(_)) => current(&state),
                    Err(RecvError::Closed) => break,
                };
                if sink.send(Message::Text(text.into())).await.is_err() {
                    break;
                }
            }
            incoming = stream.next() => {
                match incoming {
                    None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                    Some(Ok(_)) => {}
                }
            }
        }
    }
}
