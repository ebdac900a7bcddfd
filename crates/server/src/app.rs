//! The router: every route of the API, the WebSocket and the web app, with the body limit, the
//! cross-site check, JSON errors and the security headers.

use crate::error::ApiError;
use crate::limits::{RateLimits, BODY_LIMIT};
use crate::reports::Reports;
use crate::routes::{
    accounts, assets, catalog, diagram, games, lobby, players, puzzles, ratings, reports, rules, tournaments, ws,
};
use crate::security;
use crate::service::Service;
use crate::state::AppState;
use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{header, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, delete, get, post};
use axum::Router;
use std::sync::Arc;

/// The application's router.
pub fn router(service: Arc<Service>, limits: Arc<RateLimits>, reports: Arc<Reports>) -> Router {
    let api = Router::new()
        .route("/catalog", get(catalog::catalog))
        .route("/diagram", get(diagram::diagram))
        .route("/turn", post(diagram::turn))
        .route("/rules/{game}", get(rules::rules))
        .route("/reports/{game}", get(reports::status))
        .route("/players", post(players::create))
        .route("/players/{who}", get(players::profile))
        .route("/me", get(players::me).post(players::rename))
        .route("/account", post(accounts::create))
        .route("/account/password", post(accounts::change_password))
        .route("/account/delete", post(accounts::delete))
        .route("/login", post(accounts::login))
        .route("/leaderboard", get(ratings::leaderboard))
        .route("/leaderboards", get(ratings::leaderboards))
        .route("/logout", post(accounts::logout))
        .route("/logout/everywhere", post(accounts::logout_everywhere))
        .route("/challenges", get(lobby::list).post(lobby::post))
        .route("/challenges/{id}", delete(lobby::cancel))
        .route("/challenges/{id}/accept", post(lobby::accept))
        .route("/lobby/ws", get(lobby::ws))
        .route("/tournaments", get(tournaments::list).post(tournaments::create))
        .route("/tournaments/{id}", get(tournaments::show))
        .route("/tournaments/{id}/join", post(tournaments::join))
        .route("/tournaments/{id}/leave", post(tournaments::leave))
        .route("/tournaments/{id}/ws", get(tournaments::ws))
        .route("/games", get(games::list).post(games::create))
        .route("/games/{id}", get(games::get))
        .route("/games/{id}/record", get(games::record))
        .route("/games/{id}/moves", post(games::play))
        .route("/games/{id}/undo", post(games::undo))
        .route("/games/{id}/takeback", post(games::takeback))
        .route("/games/{id}/claim", post(games::claim))
        .route("/games/{id}/invite", post(games::invite))
        .route("/games/{id}/rematch", post(games::rematch))
        .route("/games/{id}/resign", post(games::resign))
        .route("/games/{id}/players", post(games::players))
        .route("/games/{id}/turn", post(games::turn))
        .route("/games/{id}/hint", get(games::hint))
        .route(
            "/games/{id}/analysis",
            get(games::analysis)
                .post(games::start_analysis)
                .delete(games::cancel_analysis),
        )
        .route("/games/{id}/positions", get(games::positions))
        .route("/games/{id}/ws", get(ws::ws))
        .route("/puzzles", get(puzzles::sets))
        .route("/puzzles/mine", get(puzzles::mine))
        .route("/puzzles/{set}/next", get(puzzles::next))
        .route("/puzzle/{id}", get(puzzles::puzzle))
        .route("/puzzle/{id}/attempt", post(puzzles::attempt))
        .route(
            "/csp-reports",
            get(security::csp_reports).post(security::receive_csp_report),
        )
        .fallback(any(games::not_found))
        .method_not_allowed_fallback(games::method_not_allowed);
    Router::new()
        .nest("/api", api)
        .route("/", get(assets::index))
        .route("/game/{id}", get(assets::index))
        .route("/rules/{game}", get(rules::page))
        .route("/learn/{game}", get(rules::page))
        .route("/report/{game}", get(rules::page))
        .route("/puzzles", get(assets::index))
        .route("/account", get(assets::index))
        .route("/player/{who}", get(assets::index))
        .route("/leaderboards", get(assets::index))
        .route("/tournaments", get(assets::index))
        .route("/tournament/{id}", get(assets::index))
        .route("/puzzles/{set}", get(puzzles::page))
        .route("/puzzles/{set}/{id}", get(puzzles::page))
        .route("/reports/{game}/{file}", get(reports::file))
        .route("/static/{*path}", get(assets::file))
        .fallback(assets::page_not_found)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(middleware::from_fn(security::refuse_cross_site))
        .layer(middleware::from_fn(json_errors))
        .layer(middleware::from_fn(security::add_security_headers))
        .layer(axum::Extension(security::CspReports::new()))
        .with_state(AppState::new(service, limits, reports))
}

/// Every error is JSON: an error answered before a handler ran (a path that does not decode, a
/// repeated query key, a WebSocket request without its upgrade headers) comes from axum as plain
/// text; it leaves as `{"error":{"code","message"}}` with the same status. The app's own "page not
/// found" (HTML) stays as it is.
async fn json_errors(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let kind = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if kind.starts_with("application/json") || kind.starts_with("text/html") {
        return response;
    }
    let body = axum::body::to_bytes(response.into_body(), 64 * 1024)
        .await
        .unwrap_or_default();
    let text = String::from_utf8_lossy(&body);
    let code = match status {
        StatusCode::NOT_FOUND => "not_found",
        StatusCode::METHOD_NOT_ALLOWED => "method_not_allowed",
        StatusCode::PAYLOAD_TOO_LARGE => "body_too_large",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "bad_content_type",
        StatusCode::UPGRADE_REQUIRED => "upgrade_required",
        s if s.is_server_error() => "internal",
        _ => "bad_request",
    };
    let message = match text.trim() {
        "" => status.canonical_reason().unwrap_or("error").to_string(),
        t => t.to_string(),
    };
    ApiError::new(status, code, message).into_response()
}
