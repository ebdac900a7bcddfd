//! `GET /api/catalog`: the games the server offers, their sides, options and start positions.

use crate::error::ApiError;
use crate::seat::MAX_LEVEL;
use crate::service::{Service, ServiceError};
use crate::state::AppState;
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
    /// The values of the keys that have a short list of them (`{"size": ["6", "8", "10"]}`).
    pub option_choices: std::collections::BTreeMap<&'static str, &'static [&'static str]>,
    /// The start position with default options.
    pub start: String,
    /// Turns are built step by step (`/turn`) rather than chosen from a list of moves.
    pub stepwise: bool,
    /// One line for players choosing a game.
    pub blurb: &'static str,
    /// How many computer levels it has.
    pub levels: usize,
    /// Its rules for players are at `/rules/<name>` (and a tutorial at `/learn/<name>`).
    pub rules: bool,
    /// Named sets of options to choose between ("Recommended rules"), if the game has some.
    pub rule_sets: Vec<RuleSetView>,
}

/// A named set of options.
#[derive(Debug, Serialize)]
pub struct RuleSetView {
    /// Its name for players.
    pub name: &'static str,
    /// The options it stands for.
    pub options: &'static str,
    /// Why, in a sentence.
    pub about: &'static str,
    /// Chosen unless the player chooses otherwise.
    pub recommended: bool,
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
    Ok(Json(state.run(|s| catalog_of(s)).await?))
}

/// The catalog of the service's games.
fn catalog_of(service: &Service) -> Result<Catalog, ServiceError> {
    let registry = service.registry();
    let mut games = Vec::new();
    for name in registry.names() {
        let game = registry.get(name)?;
        let session = game.new_session("", None)?;
        games.push(CatalogGame {
            name,
            sides: [session.player_name(Player::First), session.player_name(Player::Second)],
            options: game.option_keys(),
            option_choices: game.option_choices().iter().copied().collect(),
            start: session.position(),
            stepwise: game.stepwise(),
            blurb: game.blurb(),
            levels: game.strength_levels().len(),
            rules: game.rules().is_some(),
            rule_sets: game
                .rule_sets()
                .iter()
                .map(|r| RuleSetView {
                    name: r.name,
                    options: r.options,
                    about: r.about,
                    recommended: r.recommended,
                })
                .collect(),
        });
    }
    Ok(Catalog {
        games,
        max_level: MAX_LEVEL,
        engine: service.computer_name(),
    })
}
