//! Display names through the API: names that would let a player pass for another (invisible,
//! or mixing scripts) are refused with 400 `bad_name`, both for a new
//! player and for a rename; the rules themselves are unit-tested in `player.rs`.

mod common;

use common::{code, TestServer};
use serde_json::{json, Value};

/// Refused names with a part of the message each must give.
const REFUSED: [(&str, &str); 4] = [
    // The finding: three U+3164 HANGUL FILLER, and Cyrillic А (U+0410) then "lice".
    (
        "\u{3164}\u{3164}\u{3164}",
        "a name may not contain invisible characters (\\u{3164})",
    ),
    ("\u{410}lice", "a name may not mix scripts (Cyrillic and Latin)"),
    (
        "Al\u{200B}ice",
        "a name may not contain invisible characters (\\u{200b})",
    ),
    ("\u{3A9}mega", "a name may not mix scripts (Greek and Latin)"),
];

fn assert_bad_name(status: u16, body: &Value, name: &str, message: &str) {
    assert_eq!((status, code(body)), (400, "bad_name"), "{name:?}: {body}");
    let said = body["error"]["message"].as_str().unwrap_or_default();
    assert_eq!(said, message, "{name:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_players_with_impersonating_names_are_refused() {
    let t = TestServer::new().await;
    for (name, message) in REFUSED {
        let (s, body) = t
            .send_as(None, "POST", "/api/players", Some(json!({"name": name})))
            .await;
        assert_bad_name(s, &body, name, message);
        assert!(body["token"].is_null(), "no player for {name:?}");
    }
    // The same, as JSON escapes in the body.
    let (s, body) = t
        .post_raw(
            "/api/players",
            br#"{"name": "\u3164\u3164\u3164"}"#.to_vec(),
            "application/json",
        )
        .await;
    assert_bad_name(s, &body, "\\u3164 x3", REFUSED[0].1);
    let (s, body) = t
        .post_raw(
            "/api/players",
            br#"{"name": "\u0410lice"}"#.to_vec(),
            "application/json",
        )
        .await;
    assert_bad_name(s, &body, "\\u0410lice", REFUSED[1].1);
    // Fullwidth letters are normalised (NFKC) to the plain ones.
    let (s, body) = t
        .send_as(
            None,
            "POST",
            "/api/players",
            Some(json!({"name": "\u{FF21}\u{FF4C}\u{FF49}\u{FF43}\u{FF45}"})),
        )
        .await;
    assert_eq!((s, body["name"].as_str()), (200, Some("Alice")), "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn renames_to_impersonating_names_are_refused() {
    let t = TestServer::new().await;
    let token = t.token.as_str();
    // Дмитрий: one script, not a Latin look-alike.
    let dmitry = "\u{414}\u{43C}\u{438}\u{442}\u{440}\u{438}\u{439}";
    let (s, me) = t
        .send_as(Some(token), "POST", "/api/me", Some(json!({"name": dmitry})))
        .await;
    assert_eq!((s, me["name"].as_str()), (200, Some(dmitry)), "{me}");
    for (name, message) in REFUSED {
        let (s, body) = t
            .send_as(Some(token), "POST", "/api/me", Some(json!({"name": name})))
            .await;
        assert_bad_name(s, &body, name, message);
    }
    // The name is what it was.
    let (s, me) = t.send_as(Some(token), "GET", "/api/me", None).await;
    assert_eq!((s, me["name"].as_str()), (200, Some(dmitry)), "{me}");
}
