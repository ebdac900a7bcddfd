//! The HTTP routes: the JSON API, the WebSocket and the web app's files.

pub mod accounts;
pub mod assets;
pub mod catalog;
pub mod diagram;
pub mod games;
pub mod lobby;
pub mod players;
pub mod puzzles;
pub mod ratings;
pub mod reports;
pub mod rules;
pub mod tournaments;
pub mod ws;

/// A list's `limit` query value as a number (`default` when absent): 400 `bad_query` for anything
/// else. The service clamps it to what the list allows.
pub fn limit_query(text: Option<&str>, default: usize) -> Result<usize, crate::error::ApiError> {
    match text {
        None => Ok(default),
        Some(text) => text.parse::<usize>().map_err(|_| {
            crate::error::ApiError::bad_request(
                "bad_query",
                format!("limit must be a whole number, not '{}'", arbiter_core::quote(text)),
            )
        }),
    }
}
