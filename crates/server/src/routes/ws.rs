//! `GET /api/games/{id}/ws`: a WebSocket that sends the game's state on connect and on every change,
//! and the computer's thinking reports. Players and watchers alike; moves go through the HTTP API.

use crate::app::AppState;
use crate::error::ApiError;
use crate::live::GameEntry;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use governor::DefaultDirectRateLimiter;
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::watch;

/// Upgrades to a WebSocket on a game (404 if there is no such game).
pub async fn ws(
    State(state): State<AppState>,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let entry = state.service.entry(&id)?;
    let shutdown = state.service.shutdown_signal();
    let limiter = state.limits.websocket();
    Ok(upgrade
        .max_message_size(4096)
        .on_upgrade(move |socket| watch(socket, entry, shutdown, limiter)))
}

/// What a refused `state` request gets instead of the state: a few bytes, not a whole view.
const RATE_LIMITED: &str = r#"{"type":"error","code":"rate_limited","message":"too many state requests: the state comes by itself on every change"}"#;

async fn watch(
    socket: WebSocket,
    entry: Arc<GameEntry>,
    mut shutdown: watch::Receiver<bool>,
    limiter: Option<DefaultDirectRateLimiter>,
) {
    let mut updates = entry.updates.subscribe();
    let first = entry.lock().state_message();
    let (mut sink, mut stream) = socket.split();
    if sink.send(Message::Text(first.into())).await.is_err() {
        return;
    }
    loop {
        if *shutdown.borrow() {
            let _ = sink.send(Message::Close(None)).await;
            break;
        }
        tokio::select! {
            _ = shutdown.changed() => {
                let _ = sink.send(Message::Close(None)).await;
                break;
            }
            update = updates.recv() => {
                let text: String = match update {
                    Ok(message) => message.to_string(),
                    // Fell behind: send the whole state again.
                    Err(RecvError::Lagged(_)) => entry.lock().state_message(),
                    Err(RecvError::Closed) => break,
                };
                if sink.send(Message::Text(text.into())).await.is_err() {
                    break;
                }
            }
            incoming = stream.next() => {
                match incoming {
                    None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                    Some(Ok(Message::Text(text))) if text.as_str() == "state" => {
                        let allowed = limiter.as_ref().is_none_or(|l| l.check().is_ok());
                        let state = if allowed { entry.lock().state_message() } else { RATE_LIMITED.to_string() };
                        if sink.send(Message::Text(state.into())).await.is_err() {
                            break;
                        }
                    }
                    Some(Ok(_)) => {}
                }
            }
        }
    }
}
