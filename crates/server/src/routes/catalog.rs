//! `GET /api/catalog`: the games the server offers, their sides, options and start positions.

use crate::app::AppState;
use crate::error::ApiError;
use crate::seat::MAX_LEVEL;
use crate::turns;
use arbiter_core::Player;
use axum::extract::State;
use axum::Json;
use serde::Serialize;

/// One game of the catalog.
#[derive(Debug, Serialize)]
pub struct CatalogGame {
    /// The registry name.
    pub name: &'static str,
    /// The side names, first mover first.
    pub sides: [&'static str; 2],
    /// Every option key it accepts.
    pub options: Vec<&'static str>,
    /// The start position with default options.
    pub start: String,
    /// Turns are built token by token (`/turn`) rather than chosen from a list of moves.
    pub stepwise: bool,
}

/// The catalog.
#[derive(Debug, Serialize)]
pub struct Catalog {
    /// Every game.
    pub games: Vec<CatalogGame>,
    /// The strongest computer level.
    pub max_level: u8,
    /// The computer player in use.
    pub engine: &'static str,
}

/// `GET /api/catalog`
pub async fn catalog(State(state): State<AppState>) -> Result<Json<Catalog>, ApiError> {
    let registry = state.service.registry();
    let mut games = Vec::new();
    for name in registry.names() {
        let game = registry.get(name)?;
        let session = game.new_session("", None)?;
        games.push(CatalogGame {
            name,
            sides: [session.player_name(Player::First), session.player_name(Player::Second)],
            options: game.option_keys(),
            start: session.position(),
            stepwise: turns::has_turn_builder(name),
        });
    }
    Ok(Json(Catalog {
        games,
        max_level: MAX_LEVEL,
        engine: state.service.computer_name(),
    }))
}
