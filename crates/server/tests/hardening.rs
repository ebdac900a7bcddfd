//! What the server tells and checks below the game logic: JSON for the errors hyper answers by
//! itself, the security headers, state-changing requests only from the app's own pages, and the
//! `Secure` cookie behind an HTTPS proxy.

mod common;

use common::TestServer;
use serde_json::Value;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Sends `request` as raw bytes and reads the whole answer (the server closes after an error).
async fn raw(t: &TestServer, request: &[u8]) -> String {
    let addr = t.base.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    // A peer that closes while we still write is fine: what it answered is what counts.
    let _ = stream.write_all(request).await;
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut out)).await;
    String::from_utf8_lossy(&out).into_owned()
}

/// Status and JSON body of a raw answer; panics unless it is JSON.
fn status_and_json(answer: &str) -> (u16, Value) {
    let (head, body) = answer
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("no head: {answer:?}"));
    let status = head[9..12].parse().unwrap();
    assert!(
        head.to_ascii_lowercase().contains("content-type: application/json"),
        "not JSON: {head}"
    );
    let json: Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body:?}"));
    assert!(
        json["error"]["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{json}"
    );
    (status, json)
}

#[tokio::test]
async fn errors_hyper_answers_by_itself_are_json_too() {
    let t = TestServer::new().await;
    // A 100 KB address.
    let long = format!("GET /api/catalog?{} HTTP/1.1\r\nHost: x\r\n\r\n", "a".repeat(100_000));
    let (status, body) = status_and_json(&raw(&t, long.as_bytes()).await);
    assert_eq!((status, body["error"]["code"].as_str()), (414, Some("uri_too_long")));
    // 500 headers.
    let mut many = String::from("GET /api/catalog HTTP/1.1\r\nHost: x\r\n");
    for i in 0..500 {
        many.push_str(&format!("X-H{i}: {i}\r\n"));
    }
    many.push_str("\r\n");
    let (status, body) = status_and_json(&raw(&t, many.as_bytes()).await);
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (431, Some("headers_too_large"))
    );
    // An invalid Content-Length.
    let bad = b"POST /api/players HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n{}";
    let (status, body) = status_and_json(&raw(&t, bad).await);
    assert_eq!((status, body["error"]["code"].as_str()), (400, Some("bad_request")));
    // A request line that is not HTTP.
    let (status, _) = status_and_json(&raw(&t, b"HELLO\r\n\r\n").await);
    assert_eq!(status, 400);
    // The server goes on serving.
    assert_eq!(t.get("/api/catalog").await.0, 200);
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let t = TestServer::new().await;
    let id = t.create(serde_json::json!({"game": "void"})).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    for path in [
        "/".to_string(),
        format!("/game/{id}"),
        "/rules/krux".into(),
        "/static/app.js".into(),
        "/api/catalog".into(),
        format!("/api/games/{id}"),
        "/api/no-such-thing".into(),
        "/no/such/page".into(),
    ] {
        let r = t.anon.get(t.url(&path)).send().await.unwrap();
        let h = r.headers();
        let csp = h
            .get("content-security-policy")
            .map(|v| v.to_str().unwrap().to_string());
        let csp = csp.unwrap_or_else(|| panic!("{path}: no CSP"));
        assert!(csp.contains("default-src 'self'"), "{path}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
        assert_eq!(h.get("x-frame-options").unwrap(), "DENY", "{path}");
        assert_eq!(h.get("x-content-type-options").unwrap(), "nosniff", "{path}");
        assert_eq!(h.get("referrer-policy").unwrap(), "no-referrer", "{path}");
    }
}

#[tokio::test]
async fn state_changing_requests_from_another_sites_page_are_refused() {
    let t = TestServer::new().await;
    let view = t.create(serde_json::json!({"game": "void"})).await;
    let id = view["id"].as_str().unwrap().to_string();
    let version = view["version"].clone();
    let cookie = format!("arbiter_token={}", t.token);
    // What a page on another port of this host sends: the cookie (same site), no JSON type.
    for (path, fetch_site, origin) in [
        (format!("/api/games/{id}/undo"), Some("same-site"), "http://127.0.0.1:1"),
        (
            format!("/api/games/{id}/invite"),
            Some("cross-site"),
            "http://evil.example",
        ),
        (format!("/api/games/{id}/rematch"), None, "http://127.0.0.1:1"),
        (format!("/api/games/{id}/resign"), None, "null"),
        ("/api/players".to_string(), Some("same-site"), "http://127.0.0.1:1"),
    ] {
        let mut request = t
            .anon
            .post(t.url(&path))
            .header("cookie", &cookie)
            .header("origin", origin)
            .header("content-type", "application/x-www-form-urlencoded")
            .body("a=1");
        if let Some(site) = fetch_site {
            request = request.header("sec-fetch-site", site);
        }
        let r = request.send().await.unwrap();
        assert_eq!(r.status().as_u16(), 403, "{path}");
        let body: Value = r.json().await.unwrap();
        assert_eq!(body["error"]["code"], "cross_origin", "{path}: {body}");
    }
    assert_eq!(t.view(&id).await["version"], version, "nothing changed");
    // The app's own page, and an API client (no browser headers), still may.
    let own = t
        .anon
        .post(t.url(&format!("/api/games/{id}/invite")))
        .header("cookie", &cookie)
        .header("sec-fetch-site", "same-origin")
        .header("origin", &t.base)
        .send()
        .await
        .unwrap();
    assert_eq!(
        own.status().as_u16(),
        409,
        "reached the game logic (no open seat to invite to)"
    );
    let (status, _) = t
        .post(&format!("/api/games/{id}/moves"), serde_json::json!({"move": "pass"}))
        .await;
    assert_ne!(status, 403);
}

#[tokio::test]
async fn the_cookie_is_secure_when_the_request_came_over_https() {
    let mut t = TestServer::new().await;
    let cookie_of = |r: &reqwest::Response| {
        r.headers()
            .get("set-cookie")
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default()
    };
    // Straight to the server over plain HTTP: not Secure (the browser would drop it).
    let plain = t
        .anon
        .post(t.url("/api/players"))
        .json(&serde_json::json!({}))
        .send()
        .await
        .unwrap();
    assert!(!cookie_of(&plain).contains("Secure"), "{}", cookie_of(&plain));
    // A client cannot claim HTTPS for itself...
    let claimed = t
        .anon
        .post(t.url("/api/players"))
        .header("x-forwarded-proto", "https")
        .json(&serde_json::json!({}))
        .send()
        .await
        .unwrap();
    assert!(!cookie_of(&claimed).contains("Secure"));
    // ...but the trusted proxy that ended TLS can.
    t.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    t.restart().await;
    let proxied = t
        .anon
        .post(t.url("/api/players"))
        .header("x-forwarded-proto", "https")
        .header("x-forwarded-for", "198.51.100.7")
        .json(&serde_json::json!({}))
        .send()
        .await
        .unwrap();
    let cookie = cookie_of(&proxied);
    assert!(cookie.contains("Secure"), "{cookie}");
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
        "{cookie}"
    );
}
