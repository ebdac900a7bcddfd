//! The service's errors: what went wrong, in words and as a stable code, and its kind (a bad request,
//! a game that is not there, a conflict with the game's state…). No HTTP here: the routes turn a
//! kind into a status in one place (`impl From<ServiceError> for ApiError` in `src/error.rs`).

use crate::store::StoreError;
use std::time::Duration;

/// What kind of failure an error is; the routes answer each with its own HTTP status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The request itself is wrong.
    BadRequest,
    /// The request needs a player, and has none (or one not known here).
    Unauthorized,
    /// The caller may not do this (a side they do not hold, a bad invite).
    Forbidden,
    /// No such game, challenge or player.
    NotFound,
    /// The request is well-formed but does not fit the state of things (a move out of turn, a
    /// game changed meanwhile).
    Conflict,
    /// Over a limit; try again after `retry_after`.
    TooMany,
    /// A failure on our side (storage), never the caller's fault.
    Internal,
}

/// An error of the service: its kind, a stable machine-readable code, a message for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServiceError {
    /// What kind of failure.
    pub kind: ErrorKind,
    /// A stable code (`bad_move`, `not_your_turn`, `game_over`…).
    pub code: &'static str,
    /// What was wrong, in words.
    pub message: String,
    /// For [`ErrorKind::TooMany`]: how long to wait.
    pub retry_after: Option<Duration>,
}

impl ServiceError {
    /// An error of that kind with the given code and message (long or multi-line text from outside
    /// is shortened to one line: a bad 200 KB request is not echoed back).
    pub fn new(kind: ErrorKind, code: &'static str, message: impl Into<String>) -> Self {
        ServiceError {
            kind,
            code,
            message: arbiter_core::shorten(&message.into(), 500),
            retry_after: None,
        }
    }

    /// The request needs a player token.
    pub fn unauthorized(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Unauthorized, "unauthorized", message)
    }

    /// The caller does not hold the side the request acts for.
    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Forbidden, "forbidden", message)
    }

    /// Forbidden, with its own code (`bad_invite`).
    pub fn forbidden_code(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Forbidden, code, message)
    }

    /// Over a limit; try again after `wait`.
    pub fn too_many(message: impl Into<String>, wait: Duration) -> Self {
        ServiceError {
            retry_after: Some(wait),
            ..Self::new(ErrorKind::TooMany, "rate_limited", message)
        }
    }

    /// The request itself is wrong.
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::BadRequest, code, message)
    }

    /// The request is well-formed but does not fit the game's state.
    pub fn conflict(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Conflict, code, message)
    }

    /// No such game (or challenge, or file).
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::NotFound, "not_found", message)
    }

    /// A failure on our side (storage), never the caller's fault.
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Internal, "internal", message)
    }
}

impl From<arbiter_core::Error> for ServiceError {
    fn from(error: arbiter_core::Error) -> Self {
        use arbiter_core::Error as E;
        let message = error.to_string();
        match error {
            E::Position(_) => Self::bad_request("bad_position", message),
            E::Move { .. } => Self::bad_request("bad_move", message),
            E::Options(_) => Self::bad_request("bad_options", message),
            E::UnknownGame { .. } => Self::bad_request("unknown_game", message),
            E::GameOver => Self::conflict("game_over", "the game is over"),
            E::Invalid(_) => Self::bad_request("invalid", message),
        }
    }
}

impl From<StoreError> for ServiceError {
    fn from(error: StoreError) -> Self {
        match error {
            StoreError::Stale => Self::conflict("stale", "the game was changed meanwhile: reload"),
            StoreError::Missing(what) => Self::not_found(format!("{what} is not stored")),
            StoreError::Failed(message) => Self::internal(format!("storage failed: {message}")),
        }
    }
}

impl std::fmt::Display for ServiceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({:?}): {}", self.code, self.kind, self.message)
    }
}

impl std::error::Error for ServiceError {}
