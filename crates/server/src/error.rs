//! API errors: every failure becomes a JSON body `{"error":{"code":…,"message":…}}` with a fitting status.

use crate::service::{ErrorKind, ServiceError};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

/// An error returned by the API: a stable machine-readable code, a message for people, an HTTP status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// A stable code (`bad_move`, `not_your_turn`, `game_over`…).
    pub code: &'static str,
    /// What was wrong, in words.
    pub message: String,
    /// For 429: how long to wait (sent as `Retry-After`, whole seconds).
    pub retry_after: Option<std::time::Duration>,
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: ErrorDetail<'a>,
}

#[derive(Serialize)]
struct ErrorDetail<'a> {
    code: &'a str,
    message: &'a str,
}

impl ApiError {
    /// An error with the given status, code and message (long or multi-line text from outside is
    /// shortened to one line: a bad 200 KB body is not echoed back).
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            code,
            message: arbiter_core::shorten(&message.into(), 500),
            retry_after: None,
        }
    }

    /// 401: the request needs a player token.
    pub fn unauthorized(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "unauthorized", message)
    }

    /// 403: the caller does not hold the side the request acts for.
    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, "forbidden", message)
    }

    /// 403 with its own code (`bad_invite`).
    pub fn forbidden_code(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, code, message)
    }

    /// 429: over a rate limit; try again after `wait`.
    pub fn too_many(message: impl Into<String>, wait: std::time::Duration) -> Self {
        ApiError {
            retry_after: Some(wait),
            ..Self::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", message)
        }
    }

    /// 400: the request itself is wrong.
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message)
    }

    /// 409: the request is well-formed but does not fit the game's state.
    pub fn conflict(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, code, message)
    }

    /// 404: no such game (or route).
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    /// 500: a failure on our side (storage), never the caller's fault.
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }
}

/// The one place where the service's errors become HTTP: each kind has its status; code, message
/// and `Retry-After` pass through as they are.
impl From<ServiceError> for ApiError {
    fn from(error: ServiceError) -> Self {
        let status = match error.kind {
            ErrorKind::BadRequest => StatusCode::BAD_REQUEST,
            ErrorKind::Unauthorized => StatusCode::UNAUTHORIZED,
            ErrorKind::Forbidden => StatusCode::FORBIDDEN,
            ErrorKind::NotFound => StatusCode::NOT_FOUND,
            ErrorKind::Conflict => StatusCode::CONFLICT,
            ErrorKind::TooMany => StatusCode::TOO_MANY_REQUESTS,
            ErrorKind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError {
            status,
            code: error.code,
            message: error.message,
            retry_after: error.retry_after,
        }
    }
}

/// The JSON body of an error, `{"error":{"code":…,"message":…}}`, for answers written outside the
/// router (the accept loop's refusals, hyper's own parse errors).
pub fn error_body(code: &str, message: &str) -> String {
    let body = ErrorBody {
        error: ErrorDetail { code, message },
    };
    serde_json::to_string(&body).unwrap_or_else(|_| String::from("{}"))
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({}): {}", self.code, self.status.as_u16(), self.message)
    }
}

impl std::error::Error for ApiError {}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: ErrorDetail {
                code: self.code,
                message: &self.message,
            },
        };
        let mut response = (self.status, Json(body)).into_response();
        if let Some(wait) = self.retry_after {
            let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from(seconds.max(1)),
            );
        }
        response
    }
}
