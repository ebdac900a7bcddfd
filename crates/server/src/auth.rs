//! Who is asking, read from the request: the player token from the `Authorization: Bearer` header
//! or the `arbiter_token` cookie (the same token, two carriers) becomes the service's [`Caller`],
//! and the client's address ([`ClientAddr`]) is kept for rate limits.

use crate::error::ApiError;
use crate::player::TOKEN_COOKIE;
use crate::service::Caller;
use crate::state::AppState;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use axum_extra::extract::CookieJar;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

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

/// The caller of a request: the player of its token (remembered, or looked up on a blocking
/// thread), if any.
impl FromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        match token_of(parts) {
            None => Ok(Caller::default()),
            Some(token) => match state.service.known_caller(&token) {
                Some(caller) => Ok(caller),
                None => state.run(move |service| service.caller(&token)).await,
            },
        }
    }
}

/// The token the request carried, if any (to sign out the device that sent it).
#[derive(Debug, Clone, Default)]
pub struct SentToken(pub Option<String>);

impl<S: Send + Sync> FromRequestParts<S> for SentToken {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(SentToken(token_of(parts)))
    }
}

/// The client's address (rate limits are per address). Unknown (a server without connection
/// info) counts as one client. Behind a reverse proxy named in [`TrustedProxies`], the address the
/// proxy saw, from `X-Forwarded-For`.
#[derive(Debug, Clone, Copy)]
pub struct ClientAddr(pub IpAddr);

/// The reverse proxies whose `X-Forwarded-For` header is believed (`arbiter serve
/// --trusted-proxy`); from anyone else the header is ignored, so a client cannot pick its address.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies(pub Vec<IpAddr>);

/// The client of a connection from `peer`: `peer` itself, unless it is a trusted proxy; then the
/// right-most address of `X-Forwarded-For` that is not a trusted proxy (each proxy appends the
/// address it saw, so entries further left were written by the client and prove nothing).
pub fn client_ip(peer: IpAddr, forwarded_for: Option<&str>, trusted: &[IpAddr]) -> IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    let Some(header) = forwarded_for else {
        return peer;
    };
    let mut client = peer;
    for entry in header.rsplit(',') {
        match entry.trim().parse::<IpAddr>() {
            Ok(ip) => {
                client = ip;
                if !trusted.contains(&ip) {
                    break;
                }
            }
            Err(_) => break, // garbage: the last good address stands
        }
    }
    client
}

/// The connection's peer, and the proxies trusted to speak for their clients.
fn peer_and_trusted(parts: &Parts) -> (IpAddr, &[IpAddr]) {
    let peer = parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip())
        .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
    let trusted = parts
        .extensions
        .get::<TrustedProxies>()
        .map(|t| t.0.as_slice())
        .unwrap_or(&[]);
    (peer, trusted)
}

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let (peer, trusted) = peer_and_trusted(parts);
        let forwarded = parts.headers.get("x-forwarded-for").and_then(|v| v.to_str().ok());
        Ok(ClientAddr(client_ip(peer, forwarded, trusted)))
    }
}

/// Did the client reach the site over HTTPS? The server speaks plain HTTP, so only a trusted proxy
/// that ended TLS can say so (`X-Forwarded-Proto: https`, the value nearest to us); then cookies are
/// `Secure`. From anyone else the header is ignored.
#[derive(Debug, Clone, Copy)]
pub struct OverHttps(pub bool);

impl<S: Send + Sync> FromRequestParts<S> for OverHttps {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let (peer, trusted) = peer_and_trusted(parts);
        let https = trusted.contains(&peer)
            && parts
                .headers
                .get("x-forwarded-proto")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.rsplit(',').next())
                .is_some_and(|proto| proto.trim().eq_ignore_ascii_case("https"));
        Ok(OverHttps(https))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forwarded_addresses_count_only_from_trusted_proxies() {
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        let proxy = [ip("127.0.0.1"), ip("10.0.0.2")];
        // A client straight to the server: its header is ignored.
        assert_eq!(client_ip(ip("203.0.113.9"), Some("1.2.3.4"), &proxy), ip("203.0.113.9"));
        // Through the proxy: the address the proxy saw, not what the client wrote before it.
        assert_eq!(
            client_ip(ip("127.0.0.1"), Some("1.2.3.4, 198.51.100.7"), &proxy),
            ip("198.51.100.7")
        );
        // Through two trusted proxies.
        assert_eq!(
            client_ip(ip("127.0.0.1"), Some("198.51.100.7, 10.0.0.2"), &proxy),
            ip("198.51.100.7")
        );
        assert_eq!(client_ip(ip("127.0.0.1"), None, &proxy), ip("127.0.0.1"));
        assert_eq!(client_ip(ip("127.0.0.1"), Some("junk"), &proxy), ip("127.0.0.1"));
        assert_eq!(
            client_ip(ip("127.0.0.1"), Some("::1"), &[]),
            ip("127.0.0.1"),
            "no proxy trusted"
        );
        assert_eq!(
            client_ip(ip("127.0.0.1"), Some("2001:db8::5"), &proxy),
            ip("2001:db8::5")
        );
    }
}
