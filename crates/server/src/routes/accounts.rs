//! The account endpoints: make an account for the caller, sign in and out (one device or all),
//! change the password, delete the account. Every password check counts against the address's and
//! the account's limits.

use super::players::token_cookie;
use crate::auth::{ClientAddr, OverHttps, SentToken};
use crate::error::ApiError;
use crate::extract::ApiJson;
use crate::limits::Limited;
use crate::player::TOKEN_COOKIE;
use crate::service::{Caller, Me};
use crate::state::AppState;
use axum::extract::State;
use axum::Json;
use axum_extra::extract::cookie::Cookie;
use axum_extra::extract::CookieJar;
use serde::{Deserialize, Serialize};
use std::net::IpAddr;

/// `POST /api/account` and `POST /api/login`
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// The username.
    pub username: String,
    /// The password.
    pub password: String,
}

/// `POST /api/account/password`
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PasswordChange {
    /// The password now.
    pub current: String,
    /// The new one.
    pub new: String,
}

/// `POST /api/account/delete`
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Confirmation {
    /// The account's password.
    pub password: String,
}

/// A signed-in player: who they are and this device's new secret token.
#[derive(Debug, Serialize)]
pub struct SignedIn {
    /// Who.
    #[serde(flatten)]
    pub me: Me,
    /// The secret: `Authorization: Bearer <token>`, or the cookie the answer sets.
    pub token: String,
}

/// Counts a password check from `client` against the account `key`.
fn count_attempt(state: &AppState, client: IpAddr, key: &str) -> Result<(), ApiError> {
    state.limits.check(Limited::Login, client)?;
    state.limits.check_account(key)
}

/// `POST /api/account`: the caller chooses a username and a password, to sign in elsewhere.
pub async fn create(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    caller: Caller,
    ApiJson(req): ApiJson<Credentials>,
) -> Result<Json<Me>, ApiError> {
    caller.require()?;
    state.limits.check(Limited::Login, client)?;
    Ok(Json(
        state
            .run(move |s| s.create_account(&caller, &req.username, &req.password))
            .await?,
    ))
}

/// `POST /api/login`: signs in; the token comes in the body and as the cookie.
pub async fn login(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    OverHttps(https): OverHttps,
    jar: CookieJar,
    ApiJson(req): ApiJson<Credentials>,
) -> Result<(CookieJar, Json<SignedIn>), ApiError> {
    // A username that cannot exist still counts, on its own key.
    let key = crate::account::parse_username(&req.username)
        .map(|u| u.key)
        .unwrap_or_else(|_| req.username.trim().to_lowercase());
    count_attempt(&state, client, &key)?;
    let (me, token) = state.run(move |s| s.sign_in(&req.username, &req.password)).await?;
    Ok((
        jar.add(token_cookie(token.clone(), https)),
        Json(SignedIn { me, token }),
    ))
}

/// `POST /api/logout`: this device's token stops working (and its cookie is removed).
pub async fn logout(
    State(state): State<AppState>,
    caller: Caller,
    SentToken(token): SentToken,
    jar: CookieJar,
) -> Result<(CookieJar, Json<serde_json::Value>), ApiError> {
    caller.require()?;
    let token = token.unwrap_or_default();
    state.run(move |s| s.sign_out(&caller, &token)).await?;
    Ok((
        jar.remove(Cookie::build(TOKEN_COOKIE).path("/")),
        Json(serde_json::json!({"signed_out": true})),
    ))
}

/// `POST /api/logout/everywhere`: every token of the caller stops working, this one too.
pub async fn logout_everywhere(
    State(state): State<AppState>,
    caller: Caller,
    jar: CookieJar,
) -> Result<(CookieJar, Json<serde_json::Value>), ApiError> {
    caller.require()?;
    state.run(move |s| s.sign_out_everywhere(&caller)).await?;
    Ok((
        jar.remove(Cookie::build(TOKEN_COOKIE).path("/")),
        Json(serde_json::json!({"signed_out": "everywhere"})),
    ))
}

/// `POST /api/account/password`: a new password, given the current one; other devices are signed out.
pub async fn change_password(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    caller: Caller,
    SentToken(token): SentToken,
    ApiJson(req): ApiJson<PasswordChange>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let id = caller.require()?.id.0.clone();
    count_attempt(&state, client, &id)?;
    let token = token.unwrap_or_default();
    state
        .run(move |s| s.change_password(&caller, &token, &req.current, &req.new))
        .await?;
    Ok(Json(serde_json::json!({"changed": true})))
}

/// `POST /api/account/delete`: deletes the caller's account, given its password; their games stay,
/// played by "deleted player".
pub async fn delete(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    caller: Caller,
    jar: CookieJar,
    ApiJson(req): ApiJson<Confirmation>,
) -> Result<(CookieJar, Json<serde_json::Value>), ApiError> {
    let id = caller.require()?.id.0.clone();
    count_attempt(&state, client, &id)?;
    state.run(move |s| s.delete_account(&caller, &req.password)).await?;
    Ok((
        jar.remove(Cookie::build(TOKEN_COOKIE).path("/")),
        Json(serde_json::json!({"deleted": true})),
    ))
}
