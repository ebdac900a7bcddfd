//! Who is asking: the player token from the `Authorization: Bearer` header or the `arbiter_token`
//! cookie (the same token, two carriers), and the client's address for rate limits.

use crate::app::AppState;
use crate::error::ApiError;
use crate::player::{secret_hash, well_formed_secret, PlayerRef, TOKEN_COOKIE};
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use axum_extra::extract::CookieJar;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

/// The player making a request, if it carries a known token.
#[derive(Debug, Clone, Default)]
pub struct Caller {
    /// The player, when the token is known.
    pub player: Option<PlayerRef>,
    /// A token was sent (known or not): tells "no token" apart from "a token we do not know".
    pub sent_token: bool,
}

impl Caller {
    /// The player, or 401 for a request that needs one.
    pub fn require(&self) -> Result<&PlayerRef, ApiError> {
        match &self.player {
            Some(player) => Ok(player),
            None if self.sent_token => Err(ApiError::unauthorized(
                "the player token is not known here: get a new one with POST /api/players",
            )),
            None => Err(ApiError::unauthorized(
                "this needs a player token (the arbiter_token cookie or an Authorization: Bearer header); \
                 POST /api/players gives one",
            )),
        }
    }
}

/// The token a request carries: the header first, then the cookie.
fn token_of(parts: &Parts) -> Option<String> {
    if let Some(value) = parts.headers.get(AUTHORIZATION) {
        let text = value.to_str().unwrap_or("");
        let token = text
            .strip_prefix("Bearer ")
            .or_else(|| text.strip_prefix("bearer "))
            .unwrap_or("");
        return Some(token.trim().to_string());
    }
    CookieJar::from_headers(&parts.headers)
        .get(TOKEN_COOKIE)
        .map(|c| c.value().to_string())
}

impl FromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let Some(token) = token_of(parts) else {
            return Ok(Caller::default());
        };
        let player = if well_formed_secret(&token) {
            state.service.store().player_by_token_hash(&secret_hash(&token))?
        } else {
            None
        };
        Ok(Caller {
            player,
            sent_token: true,
        })
    }
}

/// The client's address (rate limits are per address). Unknown (a server without connection
/// info) counts as one client.
#[derive(Debug, Clone, Copy)]
pub struct ClientAddr(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let addr = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(addr)| addr.ip())
            .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
        Ok(ClientAddr(addr))
    }
}
