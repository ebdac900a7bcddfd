//! The player endpoints: a new anonymous player (token), who am I, my display name.

use crate::auth::{ClientAddr, OverHttps};
use crate::error::ApiError;
use crate::extract::ApiJson;
use crate::limits::Limited;
use crate::player::{PlayerRef, TOKEN_COOKIE};
use crate::service::{Caller, Me, Profile};
use crate::state::AppState;
use axum::extract::State;
use axum::Json;
use axum_extra::extract::cookie::{Cookie, SameSite};
use axum_extra::extract::CookieJar;
use serde::{Deserialize, Serialize};

/// `POST /api/players` and `POST /api/me`
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NameRequest {
    /// The display name (optional for a new player).
    pub name: Option<String>,
}

/// A new player: who they are and their secret token (shown once; the server keeps only its hash).
#[derive(Debug, Serialize)]
pub struct NewPlayer {
    /// The public id.
    pub id: String,
    /// The display name.
    pub name: Option<String>,
    /// The secret: `Authorization: Bearer <token>`, or the cookie the answer sets.
    pub token: String,
}

/// `POST /api/players`: a new anonymous player; the token comes in the body and as an HttpOnly,
/// SameSite cookie for the browser (`Secure` when the client came over HTTPS).
pub async fn create(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    OverHttps(https): OverHttps,
    jar: CookieJar,
    ApiJson(req): ApiJson<NameRequest>,
) -> Result<(CookieJar, Json<NewPlayer>), ApiError> {
    state.limits.check(Limited::Player, client)?;
    let (player, token) = state.run(move |s| s.new_player(req.name.as_deref())).await?;
    Ok((
        jar.add(token_cookie(token.clone(), https)),
        Json(NewPlayer {
            id: player.id.0,
            name: player.name,
            token,
        }),
    ))
}

/// The cookie that carries a player's token: HttpOnly, SameSite, `Secure` when the client came
/// over HTTPS, kept for 400 days (the most a browser allows).
pub fn token_cookie(token: String, https: bool) -> Cookie<'static> {
    Cookie::build((TOKEN_COOKIE, token))
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(https)
        .path("/")
        .max_age(time::Duration::days(400))
        .build()
}

/// `GET /api/me`: the caller, with their username if they have an account (401 without a known
/// token).
pub async fn me(State(state): State<AppState>, caller: Caller) -> Result<Json<Me>, ApiError> {
    caller.require()?;
    Ok(Json(state.run(move |s| s.me(&caller)).await?))
}

/// `POST /api/me`: changes the caller's display name.
pub async fn rename(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<NameRequest>,
) -> Result<Json<PlayerRef>, ApiError> {
    let name = req
        .name
        .ok_or_else(|| ApiError::bad_request("bad_name", "give a name ('name')"))?;
    Ok(Json(state.run(move |s| s.rename(&caller, &name)).await?))
}

/// `GET /api/players/{who}?limit=N`
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProfileQuery {
    /// How many games (1..=200, default 50).
    pub limit: Option<String>,
}

/// `GET /api/players/{who}`: a player's profile, by username or id.
pub async fn profile(
    State(state): State<AppState>,
    caller: Caller,
    axum::extract::Path(who): axum::extract::Path<String>,
    axum::extract::Query(q): axum::extract::Query<ProfileQuery>,
) -> Result<Json<Profile>, ApiError> {
    let limit = super::limit_query(q.limit.as_deref(), 50)?;
    Ok(Json(state.run(move |s| s.profile(&caller, &who, limit)).await?))
}
