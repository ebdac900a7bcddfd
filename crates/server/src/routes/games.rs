//! The game endpoints: create, view, list, play, undo, resign, seats, turn building, hints, records.

use crate::auth::ClientAddr;
use crate::computer::ComputerMove;
use crate::error::ApiError;
use crate::extract::ApiJson;
use crate::limits::Limited;
use crate::live::GameView;
use crate::seat::Seat;
use crate::service::{AnalysisView, Caller, NewGame, NewSeats};
use crate::state::AppState;
use crate::store::GameSummary;
use arbiter_core::GameRecord;
use arbiter_core::PartialTurn;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::IntoResponse;
use axum::Json;
use serde::{Deserialize, Serialize};

/// `POST /api/games`: a game by name (from the start or a position), or a record to load.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// The registry name (not with `record`).
    pub game: Option<String>,
    /// The options string (`size=10,repetition=off`).
    #[serde(default)]
    pub options: String,
    /// A position string to start from.
    pub position: Option<String>,
    /// A game record to load instead.
    pub record: Option<GameRecord>,
    /// Who plays each side, first mover first; both human by default.
    pub players: Option<[Seat; 2]>,
    /// A human side left open for someone else (claimed with the invite in the answer).
    pub open: Option<String>,
    /// Listed to everyone (default: only to its players).
    #[serde(default)]
    pub public: bool,
    /// Allow the engine's hints to both players of a game between two people (default: no).
    #[serde(default)]
    pub hints: bool,
    /// A rated game between two people (default: no; needs an `open` side).
    #[serde(default)]
    pub rated: bool,
    /// A time control: `fischer:300+5` (seconds) or `days:3`.
    pub clock: Option<String>,
}

/// `GET /api/games/{id}/record?format=text`
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordQuery {
    /// `json` (the default: the record to load again) or `text` (for people).
    pub format: Option<String>,
}

/// `POST /api/games/{id}/moves`
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The move in notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The side making it (`black`, `violet`…, or `first`/`second`); by default the side to move.
    pub side: Option<String>,
    /// The ply the client saw; a different current ply means the move is stale.
    pub ply: Option<usize>,
}

/// `POST /api/games/{id}/resign`
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResignRequest {
    /// The side that resigns; needed only by a player holding both sides.
    pub side: Option<String>,
}

/// `POST /api/games/{id}/claim`
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaimRequest {
    /// The invite from the creator's link.
    pub invite: String,
}

/// `POST /api/games/{id}/takeback`
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TakebackAnswer {
    /// Accept (the opponent) or decline / withdraw.
    pub accept: bool,
}

/// The answer of `POST /api/games/{id}/invite`.
#[derive(Debug, Serialize)]
pub struct InviteAnswer {
    /// The new invite (the old one no longer works).
    pub invite: String,
}

/// `POST /api/games/{id}/players`
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayersRequest {
    /// Who plays each side, first mover first.
    pub players: [Seat; 2],
}

/// `POST /api/games/{id}/turn`
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnRequest {
    /// The tokens of the partial turn so far.
    pub tokens: Vec<String>,
}

/// `GET /api/games?limit=N&mine=true`
#[derive(Debug, Deserialize)]
pub struct ListQuery {
    /// How many (1..=200, default 20).
    pub limit: Option<String>,
    /// Only the caller's games (`true`), or theirs and public ones (default).
    pub mine: Option<String>,
}

/// `POST /api/games`
pub async fn create(
    State(state): State<AppState>,
    caller: Caller,
    ClientAddr(client): ClientAddr,
    ApiJson(req): ApiJson<CreateRequest>,
) -> Result<Json<GameView>, ApiError> {
    caller.require()?;
    let new = match (req.record, req.game) {
        (Some(_), Some(_)) => {
            return Err(ApiError::bad_request(
                "bad_request_body",
                "give either a game or a record, not both",
            ))
        }
        (Some(record), None) => {
            if req.position.is_some() || !req.options.is_empty() {
                return Err(ApiError::bad_request(
                    "bad_request_body",
                    "a record carries its own options and start position",
                ));
            }
            NewGame::Record(record)
        }
        (None, Some(game)) => NewGame::Fresh {
            game,
            options: req.options,
            position: req.position,
        },
        (None, None) => {
            return Err(ApiError::bad_request(
                "bad_request_body",
                "say which game to start ('game') or give a record ('record')",
            ))
        }
    };
    let seats = req.players.unwrap_or([Seat::Human, Seat::Human]);
    state.limits.check(Limited::Game, client)?;
    if seats.iter().any(|s| s.level().is_some()) {
        state.limits.check(Limited::ComputerGame, client)?;
    }
    let clock = req
        .clock
        .as_deref()
        .map(str::parse::<arbiter_core::TimeControl>)
        .transpose()
        .map_err(|m| ApiError::bad_request("bad_clock", m))?;
    let seats = NewSeats {
        seats,
        open: req.open,
        public: req.public,
        hints: req.hints,
        rated: req.rated,
        clock,
    };
    Ok(Json(state.run(move |s| s.create(&caller, new, seats)).await?))
}

/// `GET /api/games`
pub async fn list(
    State(state): State<AppState>,
    caller: Caller,
    Query(q): Query<ListQuery>,
) -> Result<Json<Vec<GameSummary>>, ApiError> {
    let mine = match q.mine.as_deref() {
        None | Some("false") => false,
        Some("true") => true,
        Some(other) => {
            return Err(ApiError::bad_request(
                "bad_query",
                format!("mine must be true or false, not '{other}'"),
            ))
        }
    };
    if mine {
        caller.require()?;
    }
    let limit = super::limit_query(q.limit.as_deref(), 20)?;
    Ok(Json(state.run(move |s| s.list(&caller, mine, limit)).await?))
}

/// `GET /api/games/{id}`
pub async fn get(State(state): State<AppState>, Path(id): Path<String>) -> Result<Json<GameView>, ApiError> {
    Ok(Json(state.run(move |s| s.view(&id)).await?))
}

/// `GET /api/games/{id}/record`: the game record as a JSON download.
pub async fn record(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<RecordQuery>,
) -> Result<impl IntoResponse, ApiError> {
    match q.format.as_deref() {
        None | Some("json") => {}
        Some("text") => {
            let text = {
                let id = id.clone();
                state.run(move |s| s.record_text(&id)).await?
            };
            return Ok((
                [
                    (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_string()),
                    (
                        header::CONTENT_DISPOSITION,
                        format!("attachment; filename=\"arbiter-{id}.txt\""),
                    ),
                ],
                text,
            ));
        }
        Some(other) => {
            return Err(ApiError::bad_request(
                "bad_query",
                format!("format is json or text, not '{}'", arbiter_core::quote(other)),
            ))
        }
    }
    let record = {
        let id = id.clone();
        state.run(move |s| s.record(&id)).await?
    };
    let disposition = format!("attachment; filename=\"arbiter-{}-{id}.json\"", record.game);
    let body = serde_json::to_string_pretty(&record).map_err(|e| ApiError::internal(e.to_string()))?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/json".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        body,
    ))
}

/// `POST /api/games/{id}/moves`
pub async fn play(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<MoveRequest>,
) -> Result<Json<GameView>, ApiError> {
    Ok(Json(
        state
            .run(move |s| s.play(&caller, &id, req.side.as_deref(), &req.mv, req.ply))
            .await?,
    ))
}

/// `POST /api/games/{id}/undo`
pub async fn undo(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    Ok(Json(state.run(move |s| s.undo(&caller, &id)).await?))
}

/// `POST /api/games/{id}/takeback`: the answer to a takeback request.
pub async fn takeback(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<TakebackAnswer>,
) -> Result<Json<GameView>, ApiError> {
    Ok(Json(
        state.run(move |s| s.answer_takeback(&caller, &id, req.accept)).await?,
    ))
}

/// `POST /api/games/{id}/claim`: takes the open side with the invite.
pub async fn claim(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<ClaimRequest>,
) -> Result<Json<GameView>, ApiError> {
    Ok(Json(state.run(move |s| s.claim(&caller, &id, &req.invite)).await?))
}

/// `POST /api/games/{id}/invite`: a new invite for the open side.
pub async fn invite(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<InviteAnswer>, ApiError> {
    Ok(Json(InviteAnswer {
        invite: state.run(move |s| s.new_invite(&caller, &id)).await?,
    }))
}

/// `POST /api/games/{id}/rematch`: the rematch's view (started now, or earlier by the opponent).
pub async fn rematch(
    State(state): State<AppState>,
    caller: Caller,
    ClientAddr(client): ClientAddr,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    caller.require()?;
    state.limits.check(Limited::Game, client)?;
    Ok(Json(state.run(move |s| s.rematch(&caller, &id)).await?))
}

/// `POST /api/games/{id}/resign`
pub async fn resign(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<ResignRequest>,
) -> Result<Json<GameView>, ApiError> {
    Ok(Json(
        state.run(move |s| s.resign(&caller, &id, req.side.as_deref())).await?,
    ))
}

/// `POST /api/games/{id}/players`
pub async fn players(
    State(state): State<AppState>,
    caller: Caller,
    ClientAddr(client): ClientAddr,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<PlayersRequest>,
) -> Result<Json<GameView>, ApiError> {
    caller.require()?;
    if req.players.iter().any(|s| s.level().is_some()) {
        state.limits.check(Limited::ComputerGame, client)?;
    }
    Ok(Json(state.run(move |s| s.set_seats(&caller, &id, req.players)).await?))
}

/// `POST /api/games/{id}/turn`
pub async fn turn(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<TurnRequest>,
) -> Result<Json<PartialTurn>, ApiError> {
    Ok(Json(state.run(move |s| s.turn(&caller, &id, &req.tokens)).await?))
}

/// `GET /api/games/{id}/positions`: the position after each ply, the start first.
pub async fn positions(State(state): State<AppState>, Path(id): Path<String>) -> Result<Json<Vec<String>>, ApiError> {
    Ok(Json(state.run(move |s| s.positions(&id)).await?))
}

/// `GET /api/games/{id}/hint`
pub async fn hint(
    State(state): State<AppState>,
    caller: Caller,
    ClientAddr(client): ClientAddr,
    Path(id): Path<String>,
) -> Result<Json<ComputerMove>, ApiError> {
    caller.require()?;
    state.limits.check(Limited::Hint, client)?;
    Ok(Json(state.run_long(move |s| s.hint(&caller, &id)).await?))
}

/// `GET /api/games/{id}/analysis`: the stored analysis and the state of its job.
pub async fn analysis(State(state): State<AppState>, Path(id): Path<String>) -> Result<Json<AnalysisView>, ApiError> {
    Ok(Json(state.run(move |s| s.analysis(&id)).await?))
}

/// `POST /api/games/{id}/analysis`: analyse the game up to now (its progress comes over the
/// game's WebSocket). Engine work: it shares the hint's rate limit.
pub async fn start_analysis(
    State(state): State<AppState>,
    caller: Caller,
    ClientAddr(client): ClientAddr,
    Path(id): Path<String>,
) -> Result<Json<AnalysisView>, ApiError> {
    caller.require()?;
    state.limits.check(Limited::Hint, client)?;
    Ok(Json(state.run(move |s| s.start_analysis(&caller, &id)).await?))
}

/// `DELETE /api/games/{id}/analysis`: cancel the caller's analysis of the game.
pub async fn cancel_analysis(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<AnalysisView>, ApiError> {
    Ok(Json(state.run(move |s| s.cancel_analysis(&caller, &id)).await?))
}

/// A known path asked with the wrong method.
pub async fn method_not_allowed() -> ApiError {
    ApiError::new(
        axum::http::StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "this endpoint does not take that method",
    )
}

/// Any other `/api/…` path.
pub async fn not_found() -> ApiError {
    ApiError::not_found("no such API endpoint")
}
