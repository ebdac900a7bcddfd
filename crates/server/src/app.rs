//! The router: every route of the API, the WebSocket and the web app, with the body limit.

use crate::routes::{assets, catalog, diagram, games, rules, ws};
use crate::service::Service;
use axum::extract::DefaultBodyLimit;
use axum::routing::{any, get, post};
use axum::Router;
use std::sync::Arc;

/// The largest request body accepted (a long game record fits easily).
pub const BODY_LIMIT: usize = 256 * 1024;

/// What every handler gets.
#[derive(Clone)]
pub struct AppState {
    /// The game service.
    pub service: Arc<Service>,
}

/// The application's router.
pub fn router(service: Arc<Service>) -> Router {
    let api = Router::new()
        .route("/catalog", get(catalog::catalog))
        .route("/diagram", get(diagram::diagram))
        .route("/turn", post(diagram::turn))
        .route("/rules/{game}", get(rules::rules))
        .route("/games", get(games::list).post(games::create))
        .route("/games/{id}", get(games::get))
        .route("/games/{id}/record", get(games::record))
        .route("/games/{id}/moves", post(games::play))
        .route("/games/{id}/undo", post(games::undo))
        .route("/games/{id}/resign", post(games::resign))
        .route("/games/{id}/players", post(games::players))
        .route("/games/{id}/turn", post(games::turn))
        .route("/games/{id}/hint", get(games::hint))
        .route("/games/{id}/positions", get(games::positions))
        .route("/games/{id}/ws", get(ws::ws))
        .fallback(any(games::not_found))
        .method_not_allowed_fallback(games::method_not_allowed);
    Router::new()
        .nest("/api", api)
        .route("/", get(assets::index))
        .route("/game/{id}", get(assets::index))
        .route("/rules/{game}", get(rules::page))
        .route("/learn/{game}", get(rules::page))
        .route("/static/{*path}", get(assets::file))
        .fallback(assets::page_not_found)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(AppState { service })
}
