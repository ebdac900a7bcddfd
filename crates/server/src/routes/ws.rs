//! `GET /api/games/{id}/ws`: a WebSocket that sends the game's state on connect and on every change,
//! and the computer's thinking reports. Players and watchers alike; moves go through the HTTP API.

use crate::auth::ClientAddr;
use crate::connections::WebSocketSlots;
use crate::error::ApiError;
use crate::live::GameEntry;
use crate::service::ServiceError;
use crate::state::AppState;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use axum::Extension;
use futures_util::{SinkExt, StreamExt};
use governor::DefaultDirectRateLimiter;
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::watch;

/// Read buffer of a socket: clients send only short `state` requests (tungstenite's default is
/// 128 KiB, which with as much again for writing cost about 130 KB per idle socket).
const READ_BUFFER: usize = 4096;

/// The most a socket may have waiting to be written (a state message is a few KB; a client that
/// stops reading is dropped rather than buffered for).
const MAX_WRITE_BUFFER: usize = 1024 * 1024;

/// Every socket's settings: small buffers, each message written out at once, incoming messages of
/// at most `max_message` bytes.
pub(crate) fn small_buffers(upgrade: WebSocketUpgrade, max_message: usize) -> WebSocketUpgrade {
    upgrade
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .max_write_buffer_size(MAX_WRITE_BUFFER)
        .max_message_size(max_message)
        .max_frame_size(max_message)
}

/// A socket that only listens (the lobby, a tournament): `first`, then every update as it is
/// broadcast; after missing some (a slow reader), what `current` says now instead. It closes when
/// the server stops, the client leaves, or `current` fails.
pub(crate) async fn broadcast_to_socket<F, Fut>(
    socket: WebSocket,
    first: String,
    mut updates: tokio::sync::broadcast::Receiver<Arc<str>>,
    mut shutdown: watch::Receiver<bool>,
    current: F,
) where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = Option<String>>,
{
    let (mut sink, mut stream) = socket.split();
    if sink.send(Message::Text(first.into())).await.is_err() {
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
                    Err(RecvError::Lagged(_)) => match current().await {
                        Some(text) => text,
                        None => break,
                    },
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

/// A socket over its client's share: opened, told why in a close frame (1013, "try again later"),
/// and closed.
pub(crate) fn refuse(upgrade: WebSocketUpgrade) -> Response {
    small_buffers(upgrade, 1024).on_upgrade(|mut socket| async move {
        let frame = CloseFrame {
            code: 1013,
            reason: "too many open WebSockets from your address: close another tab of this site".into(),
        };
        let _ = socket.send(Message::Close(Some(frame))).await;
    })
}

/// Upgrades to a WebSocket on a game (404 if there is no such game).
pub async fn ws(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    Extension(slots): Extension<WebSocketSlots>,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let (entry, shutdown) = state
        .run(move |s| Ok::<_, ServiceError>((s.entry(&id)?, s.shutdown_signal())))
        .await?;
    let Ok(slot) = slots.take(client) else {
        return Ok(refuse(upgrade));
    };
    let limiter = state.limits.websocket();
    Ok(small_buffers(upgrade, 4096).on_upgrade(move |socket| async move {
        watch(socket, state, entry, shutdown, limiter).await;
        drop(slot);
    }))
}

/// The game's `{"type":"state"}` message now, made on a blocking thread: the game's lock may be
/// held by a change being stored, and a view lists every legal move.
async fn state_message(state: &AppState, entry: &Arc<GameEntry>) -> Option<String> {
    let entry = entry.clone();
    state
        .run(move |_| Ok::<_, ServiceError>(entry.lock().state_message()))
        .await
        .ok()
}

/// What a refused `state` request gets instead of the state: a few bytes, not a whole view.
const RATE_LIMITED: &str = r#"{"type":"error","code":"rate_limited","message":"too many state requests: the state comes by itself on every change"}"#;

async fn watch(
    socket: WebSocket,
    state: AppState,
    entry: Arc<GameEntry>,
    mut shutdown: watch::Receiver<bool>,
    limiter: Option<DefaultDirectRateLimiter>,
) {
    let mut updates = entry.updates.subscribe();
    let Some(first) = state_message(&state, &entry).await else {
        return;
    };
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
                    Err(RecvError::Lagged(_)) => match state_message(&state, &entry).await {
                        Some(text) => text,
                        None => break,
                    },
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
                        let text = if allowed {
                            match state_message(&state, &entry).await {
                                Some(text) => text,
                                None => break,
                            }
                        } else {
                            RATE_LIMITED.to_string()
                        };
                        if sink.send(Message::Text(text.into())).await.is_err() {
                            break;
                        }
                    }
                    Some(Ok(_)) => {}
                }
            }
        }
    }
}
