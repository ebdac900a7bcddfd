//! What a browser is told and checked for: no state-changing request from another site, the
//! security headers on every answer, and the Content-Security-Policy's violation reports.
//!
//! The player's cookie is `SameSite=Lax`, which a page on another port of the same host (the same
//! *site*) still gets sent with a form or a `no-cors` fetch. So every request that may change
//! something (any method but GET, HEAD and OPTIONS) must come from the app's own origin:
//! `Sec-Fetch-Site` (sent by every current browser) must be `same-origin` or `none`; a browser
//! without it is judged by `Origin`. A request with neither is not from a browser's page (an API
//! client with its bearer token) and passes.

use crate::error::ApiError;
use axum::extract::Request;
use axum::http::header::{self, HeaderName, HeaderValue};
use axum::http::{HeaderMap, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The policy of the app's pages: everything from the app itself, no inline script or style, no
/// framing by others; violations are reported to [`CSP_REPORTS`]. (A game report's standalone page
/// sends its own, stricter policy.)
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; \
     form-action 'self'; frame-src 'self'; frame-ancestors 'none'; report-uri /api/csp-reports";

/// Where browsers send the policy's violation reports.
pub const CSP_REPORTS: &str = "/api/csp-reports";

/// The headers every answer carries (unless the route set its own).
pub fn security_headers() -> [(HeaderName, HeaderValue); 5] {
    [
        (
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        ),
        (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
        (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
        // Invite links carry a secret in their address: never tell it to another site.
        (header::REFERRER_POLICY, HeaderValue::from_static("no-referrer")),
        (
            HeaderName::from_static("cross-origin-opener-policy"),
            HeaderValue::from_static("same-origin"),
        ),
    ]
}

/// Adds [`security_headers`] to every answer that lacks them.
pub async fn add_security_headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    for (name, value) in security_headers() {
        if !headers.contains_key(&name) {
            headers.insert(name, value);
        }
    }
    response
}

/// Is this request, if it may change something, from the app's own pages (or from no page)?
pub fn from_own_site(method: &Method, headers: &HeaderMap) -> Result<(), &'static str> {
    if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
        return Ok(());
    }
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    if let Some(site) = text("sec-fetch-site") {
        return match site {
            "same-origin" | "none" => Ok(()),
            _ => Err("this request came from another site's page"),
        };
    }
    let Some(origin) = text("origin") else {
        return Ok(());
    };
    let host = text("host").unwrap_or("");
    if origin_matches_host(origin, host) {
        Ok(())
    } else {
        Err("this request came from another origin")
    }
}

/// `Origin: https://example.org:8443` against `Host: example.org:8443` (a host without a port, as
/// a proxy may pass it on, is compared without the port).
fn origin_matches_host(origin: &str, host: &str) -> bool {
    let Some((_, authority)) = origin.split_once("://") else {
        return false; // "null": a sandboxed frame or a file
    };
    if host.is_empty() {
        return false;
    }
    if host.contains(':') && !host.ends_with(']') {
        authority.eq_ignore_ascii_case(host)
    } else {
        let name = match authority.rsplit_once(':') {
            Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) && !name.is_empty() => name,
            _ => authority,
        };
        name.eq_ignore_ascii_case(host)
    }
}

/// Refuses (403, JSON) a state-changing request from another site's page.
pub async fn refuse_cross_site(request: Request, next: Next) -> Response {
    if request.uri().path() != CSP_REPORTS {
        if let Err(why) = from_own_site(request.method(), request.headers()) {
            return ApiError::forbidden_code(
                "cross_origin",
                format!("{why}: the app's own pages may change games, other sites may not"),
            )
            .into_response();
        }
    }
    next.run(request).await
}

/// The policy's violation reports received since the start (the newest few kept, for the log and
/// for tests).
#[derive(Debug, Default)]
pub struct CspReports {
    count: AtomicU64,
    recent: Mutex<VecDeque<serde_json::Value>>,
}

/// How many reports are kept.
const KEPT_REPORTS: usize = 20;

impl CspReports {
    /// None yet.
    pub fn new() -> Arc<Self> {
        Arc::new(CspReports::default())
    }

    fn add(&self, report: serde_json::Value) {
        let n = self.count.fetch_add(1, Ordering::Relaxed);
        if n < 100 || n.is_power_of_two() {
            eprintln!("Content-Security-Policy violation reported (#{}): {report}", n + 1);
        }
        let mut recent = self.recent.lock().unwrap_or_else(|e| e.into_inner());
        if recent.len() == KEPT_REPORTS {
            recent.pop_front();
        }
        recent.push_back(report);
    }

    fn summary(&self) -> serde_json::Value {
        let recent = self.recent.lock().unwrap_or_else(|e| e.into_inner());
        serde_json::json!({
            "count": self.count.load(Ordering::Relaxed),
            "recent": recent.iter().collect::<Vec<_>>(),
        })
    }
}

/// `POST /api/csp-reports`: a browser's violation report (`application/csp-report`; at most 16 KB,
/// junk ignored).
pub async fn receive_csp_report(Extension(reports): Extension<Arc<CspReports>>, body: axum::body::Bytes) -> Response {
    if body.len() <= 16 * 1024 {
        if let Ok(report) = serde_json::from_slice::<serde_json::Value>(&body) {
            reports.add(report);
        }
    }
    axum::http::StatusCode::NO_CONTENT.into_response()
}

/// `GET /api/csp-reports`: how many reports came, and the newest.
pub async fn csp_reports(Extension(reports): Extension<Arc<CspReports>>) -> Json<serde_json::Value> {
    Json(reports.summary())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (k, v) in pairs {
            map.insert(*k, HeaderValue::from_static(v));
        }
        map
    }

    #[test]
    fn only_the_apps_own_pages_may_change_things() {
        let post = Method::POST;
        assert!(from_own_site(&Method::GET, &headers(&[("sec-fetch-site", "cross-site")])).is_ok());
        assert!(from_own_site(&post, &headers(&[("sec-fetch-site", "same-origin")])).is_ok());
        assert!(from_own_site(&post, &headers(&[("sec-fetch-site", "same-site")])).is_err());
        assert!(from_own_site(&post, &headers(&[("sec-fetch-site", "cross-site")])).is_err());
        // No browser: an API client.
        assert!(from_own_site(&post, &headers(&[("host", "a.example")])).is_ok());
        // A browser without Sec-Fetch-Site: its Origin.
        let same = [("origin", "http://127.0.0.1:8080"), ("host", "127.0.0.1:8080")];
        assert!(from_own_site(&post, &headers(&same)).is_ok());
        let other_port = [("origin", "http://127.0.0.1:9999"), ("host", "127.0.0.1:8080")];
        assert!(from_own_site(&post, &headers(&other_port)).is_err());
        let proxied = [
            ("origin", "https://arbiter.example.org"),
            ("host", "arbiter.example.org"),
        ];
        assert!(from_own_site(&post, &headers(&proxied)).is_ok());
        let evil = [("origin", "https://evil.example"), ("host", "arbiter.example.org")];
        assert!(from_own_site(&Method::DELETE, &headers(&evil)).is_err());
        assert!(from_own_site(&post, &headers(&[("origin", "null"), ("host", "a.example")])).is_err());
        let v6 = [("origin", "http://[::1]:8080"), ("host", "[::1]:8080")];
        assert!(from_own_site(&post, &headers(&v6)).is_ok());
    }
}
