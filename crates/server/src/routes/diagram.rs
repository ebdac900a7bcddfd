//! `GET /api/diagram?game=…&position=…&flipped=…&move=…`: the board picture of any position, as the
//! game crate draws it, with a legal move explained (its cells, the position after it, the clicks
//! that enter it). The web app draws every board from it; the server knows no game's drawing.

use crate::app::AppState;
use crate::error::ApiError;
use arbiter_core::{Drawing, MoveDetails};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::Json;
use serde::{Deserialize, Serialize};

/// The longest position or move text accepted.
const MAX_TEXT: usize = 2000;

/// The query.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiagramQuery {
    /// A game spec (`krux`, `villawar:size=10`).
    pub game: String,
    /// A position string; the start position when absent.
    pub position: Option<String>,
    /// Turn the board round.
    #[serde(default)]
    pub flipped: bool,
    /// A move legal in the position, to explain.
    #[serde(rename = "move")]
    pub mv: Option<String>,
}

/// The answer: the drawing and what it shows.
#[derive(Debug, Serialize)]
pub struct DiagramView {
    /// The registry name.
    pub game: &'static str,
    /// The options string.
    pub options: String,
    /// The position drawn.
    pub position: String,
    /// Turned round?
    pub flipped: bool,
    /// The picture.
    #[serde(flatten)]
    pub drawing: Drawing,
    /// The move asked about, explained.
    #[serde(rename = "move")]
    pub mv: Option<MoveDetails>,
}

/// `GET /api/diagram`
pub async fn diagram(
    State(state): State<AppState>,
    query: Result<Query<DiagramQuery>, QueryRejection>,
) -> Result<Json<DiagramView>, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::bad_request("bad_query", e.body_text()))?;
    let too_long = |text: &Option<String>| text.as_ref().is_some_and(|t| t.len() > MAX_TEXT);
    if q.game.len() > MAX_TEXT || too_long(&q.position) || too_long(&q.mv) {
        return Err(ApiError::bad_request(
            "too_long",
            format!("game, position and move are at most {MAX_TEXT} characters each"),
        ));
    }
    let (game, options) = state.service.registry().parse_spec(&q.game)?;
    let session = game.new_session(options, q.position.as_deref())?;
    let mv = match &q.mv {
        Some(text) => Some(session.move_details(text)?),
        None => None,
    };
    Ok(Json(DiagramView {
        game: session.game(),
        options: session.options(),
        position: session.position(),
        flipped: q.flipped,
        drawing: session.drawing(q.flipped),
        mv,
    }))
}
