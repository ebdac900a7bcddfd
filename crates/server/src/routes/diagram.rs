//! Any position, with no game stored: `GET /api/diagram?game=…&position=…&flipped=…&move=…`, the
//! board picture as the game crate draws it, with a legal move explained (its cells, the position
//! after it, the clicks that enter it); and `POST /api/turn`, a turn built step by step from any
//! position (the rules pages and tutorials use both). The server knows no game's drawing.

use crate::error::ApiError;
use crate::extract::ApiJson;
use crate::service::ServiceError;
use crate::state::AppState;
use arbiter_core::{Drawing, MoveDetails, PartialTurn, Story};
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
    /// How the game ended, if the position is finished.
    pub ending: Option<Story>,
    /// The legal moves with the cells they touch, for a board that lets people move outside a
    /// game (puzzles, their own mistakes); absent where turns are built step by step and at the end.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<arbiter_core::MoveInfo>>,
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
    let view = state
        .run(move |s| -> Result<DiagramView, ServiceError> {
            let (game, options) = s.registry().parse_spec(&q.game)?;
            let session = game.new_session(options, q.position.as_deref())?;
            let mv = match &q.mv {
                Some(text) => Some(session.move_details(text)?),
                None => None,
            };
            Ok(DiagramView {
                game: session.game(),
                options: session.options(),
                position: session.position(),
                flipped: q.flipped,
                drawing: session.drawing(q.flipped),
                mv,
                ending: session.story(),
                legal: (!session.is_stepwise() && session.ending().is_none()).then(|| session.legal_move_infos()),
            })
        })
        .await?;
    Ok(Json(view))
}

/// The body of `POST /api/turn`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnQuery {
    /// A game spec.
    pub game: String,
    /// A position string; the start position when absent.
    pub position: Option<String>,
    /// The steps so far.
    pub tokens: Vec<String>,
}

/// `POST /api/turn`: the partial turn after `tokens` from a position, for games built step by step.
pub async fn turn(
    State(state): State<AppState>,
    ApiJson(q): ApiJson<TurnQuery>,
) -> Result<Json<PartialTurn>, ApiError> {
    if q.game.len() > MAX_TEXT || q.position.as_ref().is_some_and(|p| p.len() > MAX_TEXT) {
        return Err(ApiError::bad_request(
            "too_long",
            format!("game and position are at most {MAX_TEXT} characters each"),
        ));
    }
    let turn = state
        .run(move |s| -> Result<PartialTurn, ServiceError> {
            let (game, options) = s.registry().parse_spec(&q.game)?;
            let session = game.new_session(options, q.position.as_deref())?;
            crate::service::partial_turn(session.as_ref(), &q.tokens)
        })
        .await?;
    Ok(Json(turn))
}
