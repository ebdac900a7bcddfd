//! Seats that belong to someone: player tokens (cookie and bearer), invites, the authorization
//! matrix of every mutating endpoint, takeback requests, rematches, the list of games, names.

mod common;

use common::{code, first_legal, TestServer};
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

const HUMANS: fn() -> Value = || json!([{"kind": "human"}, {"kind": "human"}]);

/// A Void game between the test's player (black, the creator) and a friend (white, by invite),
/// and a third player who only watches. Returns (id, friend's token, watcher's token).
async fn two_players(t: &TestServer) -> (String, String, String) {
    let view = t
        .create(json!({"game": "void", "players": HUMANS(), "open": "white"}))
        .await;
    let id = view["id"].as_str().unwrap().to_string();
    assert_eq!(view["sides"][1]["open"], true);
    assert!(view["sides"][1]["player"].is_null());
    let invite = view["invite"]
        .as_str()
        .expect("an invite for the open side")
        .to_string();
    let friend = t.new_player().await;
    let watcher = t.new_player().await;
    let claim = format!("/api/games/{id}/claim");
    // A wrong invite, no token, the creator's own invite: refused, nothing changes.
    let (s, e) = t
        .send_as(Some(&friend), "POST", &claim, Some(json!({"invite": "0".repeat(64)})))
        .await;
    assert_eq!((s, code(&e)), (403, "bad_invite"));
    let (s, e) = t.send_as(None, "POST", &claim, Some(json!({"invite": invite}))).await;
    assert_eq!((s, code(&e)), (401, "unauthorized"));
    let (s, e) = t.post(&claim, json!({"invite": invite})).await;
    assert_eq!((s, code(&e)), (409, "already_playing"));
    let (s, v) = t
        .send_as(Some(&friend), "POST", &claim, Some(json!({"invite": invite})))
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["sides"][1]["open"], false);
    assert!(v["sides"][1]["player"]["id"].is_string());
    assert!(v.get("invite").is_none(), "the invite is shown only to its creator");
    // Single use.
    let (s, e) = t
        .send_as(Some(&watcher), "POST", &claim, Some(json!({"invite": invite})))
        .await;
    assert_eq!((s, code(&e)), (409, "no_open_seat"));
    (id, friend, watcher)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tokens_come_as_cookie_or_bearer_and_are_stored_hashed() {
    let t = TestServer::new().await;
    let r = t
        .anon
        .post(t.url("/api/players"))
        .json(&json!({"name": "  Ann  "}))
        .send()
        .await
        .unwrap();
    let cookie = r
        .headers()
        .get("set-cookie")
        .expect("a cookie")
        .to_str()
        .unwrap()
        .to_string();
    let body: Value = r.json().await.unwrap();
    let token = body["token"].as_str().unwrap();
    assert_eq!(body["name"], "Ann");
    assert!(cookie.starts_with(&format!("arbiter_token={token}")), "{cookie}");
    for attribute in ["HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(cookie.contains(attribute), "{attribute} in {cookie}");
    }
    // The same token in the cookie or the header is the same player.
    let by_cookie: Value = t
        .anon
        .get(t.url("/api/me"))
        .header("cookie", format!("arbiter_token={token}"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let (s, by_header) = t.send_as(Some(token), "GET", "/api/me", None).await;
    assert_eq!(s, 200);
    assert_eq!(by_cookie, by_header);
    assert_eq!(by_header["id"], body["id"]);
    // No token, a junk token, an unknown token.
    let (s, e) = t.send_as(None, "GET", "/api/me", None).await;
    assert_eq!((s, code(&e)), (401, "unauthorized"));
    let (s, e) = t.send_as(Some("junk"), "GET", "/api/me", None).await;
    assert_eq!((s, code(&e)), (401, "unauthorized"));
    assert!(e["error"]["message"].as_str().unwrap().contains("not known"));
    let (s, _) = t.send_as(Some(&"a".repeat(64)), "GET", "/api/me", None).await;
    assert_eq!(s, 401);
    // Names: set, checked.
    let (s, me) = t
        .send_as(Some(token), "POST", "/api/me", Some(json!({"name": "Ann Lee"})))
        .await;
    assert_eq!((s, me["name"].as_str()), (200, Some("Ann Lee")));
    for bad in ["", "<b>", &"x".repeat(25), "a\nb"] {
        let (s, e) = t
            .send_as(Some(token), "POST", "/api/me", Some(json!({"name": bad})))
            .await;
        assert_eq!((s, code(&e)), (400, "bad_name"), "{bad:?}");
    }
    // The database holds the token's hash only.
    let db = std::fs::read(t.db()).unwrap();
    let wal = std::fs::read(t.db().with_extension("db-wal")).unwrap_or_default();
    for bytes in [&db, &wal] {
        assert!(
            !bytes.windows(token.len()).any(|w| w == token.as_bytes()),
            "the token itself is not stored"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_mutating_request_needs_the_token_of_its_side() {
    let t = TestServer::new().await;
    let (id, friend, watcher) = two_players(&t).await;
    let me = t.token.clone();
    let g = |path: &str| format!("/api/games/{id}{path}");
    let version = |v: &Value| v["version"].as_u64().unwrap();
    let before = t.view(&id).await;

    // (method, path, body, who may) — black (the creator) is to move.
    let black_move = json!({"move": first_legal(&before), "side": "black"});
    let requests: Vec<(&str, String, Option<Value>)> = vec![
        ("POST", g("/moves"), Some(black_move.clone())),
        ("POST", g("/moves"), Some(json!({"move": first_legal(&before)}))),
        ("POST", g("/turn"), Some(json!({"tokens": []}))),
        ("GET", g("/hint"), None),
        ("POST", g("/resign"), Some(json!({"side": "black"}))),
        (
            "POST",
            g("/players"),
            Some(json!({"players": [{"kind": "computer", "level": 1}, {"kind": "human"}]})),
        ),
    ];
    for (method, path, body) in &requests {
        let (s, e) = t.send_as(None, method, path, body.clone()).await;
        assert_eq!((s, code(&e)), (401, "unauthorized"), "{method} {path} without a token");
        for (who, token) in [("the other side", &friend), ("a watcher", &watcher)] {
            let (s, e) = t.send_as(Some(token), method, path, body.clone()).await;
            assert_eq!((s, code(&e)), (403, "forbidden"), "{method} {path} by {who}: {e}");
        }
    }
    // Undo, takeback answers, invites and rematches: no token 401, a watcher 403.
    for (method, path, body) in [
        ("POST", g("/undo"), None),
        ("POST", g("/takeback"), Some(json!({"accept": true}))),
        ("POST", g("/invite"), None),
        ("POST", g("/rematch"), None),
    ] {
        let (s, e) = t.send_as(None, method, &path, body.clone()).await;
        assert_eq!((s, code(&e)), (401, "unauthorized"), "{path}");
        let (s, e) = t.send_as(Some(&watcher), method, &path, body.clone()).await;
        assert!(s == 403 || s == 409, "{path} by a watcher: {s} {e}");
    }
    let (s, e) = t.send_as(Some(&friend), "POST", &g("/invite"), None).await;
    assert_eq!((s, code(&e)), (403, "forbidden"), "only the creator invites");
    let (s, e) = t.send_as(Some(&me), "POST", &g("/invite"), None).await;
    assert_eq!((s, code(&e)), (409, "no_open_seat"));
    // Nothing was changed by any refusal.
    let after = t.view(&id).await;
    assert_eq!(version(&after), version(&before));
    assert_eq!(after["ply"], 0);
    assert_eq!(after["sides"], before["sides"]);

    // The right tokens: black moves, white answers (a move without a side is the side to move).
    let (s, v) = t.send_as(Some(&me), "POST", &g("/moves"), Some(black_move)).await;
    assert_eq!(s, 200, "{v}");
    let (s, e) = t
        .send_as(Some(&me), "POST", &g("/moves"), Some(json!({"move": first_legal(&v)})))
        .await;
    assert_eq!(
        (s, code(&e)),
        (403, "forbidden"),
        "not black's turn: white's move is not mine"
    );
    let (s, v) = t
        .send_as(
            Some(&friend),
            "POST",
            &g("/moves"),
            Some(json!({"move": first_legal(&v)})),
        )
        .await;
    assert_eq!((s, v["ply"].as_u64()), (200, Some(2)), "{v}");
    // The side to move's own player, but a game between two people without hints (tests/hints.rs).
    let (s, hint) = t.send_as(Some(&me), "GET", &g("/hint"), None).await;
    assert_eq!((s, code(&hint)), (403, "hints_off"), "{hint}");
    // Resign only one's own side; a player holding one side need not name it.
    let (s, e) = t
        .send_as(Some(&friend), "POST", &g("/resign"), Some(json!({"side": "black"})))
        .await;
    assert_eq!((s, code(&e)), (403, "forbidden"));
    let (s, v) = t.send_as(Some(&friend), "POST", &g("/resign"), Some(json!({}))).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["ending"]["winner"], "black");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_against_a_person_is_a_takeback_they_answer() {
    let t = TestServer::new().await;
    let (id, friend, watcher) = two_players(&t).await;
    let me = t.token.clone();
    let g = |path: &str| format!("/api/games/{id}{path}");
    let v = t.play(&id, "black", &first_legal(&t.view(&id).await)).await;
    let (s, v) = t
        .send_as(
            Some(&friend),
            "POST",
            &g("/moves"),
            Some(json!({"move": first_legal(&v)})),
        )
        .await;
    assert_eq!(s, 200);
    let v = t.play(&id, "black", &first_legal(&v)).await;
    assert_eq!(v["ply"], 3);
    // White asks to take back its move; nothing is undone yet.
    let (s, v) = t.send_as(Some(&friend), "POST", &g("/undo"), None).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!((v["ply"].as_u64(), &v["takeback"]), (Some(3), &json!({"by": "second"})));
    let (s, e) = t.send_as(Some(&friend), "POST", &g("/undo"), None).await;
    assert_eq!((s, code(&e)), (409, "takeback_pending"));
    // The asker cannot accept, a watcher cannot answer; black declines.
    let accept = Some(json!({"accept": true}));
    let (s, e) = t.send_as(Some(&friend), "POST", &g("/takeback"), accept.clone()).await;
    assert_eq!((s, code(&e)), (403, "forbidden"));
    let (s, _) = t
        .send_as(Some(&watcher), "POST", &g("/takeback"), Some(json!({"accept": false})))
        .await;
    assert_eq!(s, 403);
    let (s, v) = t
        .send_as(Some(&me), "POST", &g("/takeback"), Some(json!({"accept": false})))
        .await;
    assert_eq!((s, v["ply"].as_u64()), (200, Some(3)));
    assert!(v["takeback"].is_null());
    let (s, e) = t.send_as(Some(&me), "POST", &g("/takeback"), accept.clone()).await;
    assert_eq!((s, code(&e)), (409, "no_takeback"));
    // Asked again and accepted: back to white's turn (black's reply and white's move are gone).
    t.send_as(Some(&friend), "POST", &g("/undo"), None).await;
    let (s, v) = t.send_as(Some(&me), "POST", &g("/takeback"), accept.clone()).await;
    assert_eq!(
        (s, v["ply"].as_u64(), v["to_move"].as_str()),
        (200, Some(1), Some("second"))
    );
    assert!(v["takeback"].is_null());
    // A request is dropped by the next move, and survives a restart while pending.
    let (s, _) = t.send_as(Some(&me), "POST", &g("/undo"), None).await;
    assert_eq!(s, 200);
    let mut t = t;
    t.restart().await;
    let v = t.view(&id).await;
    assert_eq!(v["takeback"], json!({"by": "first"}));
    let (s, v) = t
        .send_as(
            Some(&friend),
            "POST",
            &g("/moves"),
            Some(json!({"move": first_legal(&v)})),
        )
        .await;
    assert_eq!(s, 200);
    assert!(v["takeback"].is_null());
    // Alone against the computer, undo acts at once.
    let solo = t
        .create(json!({"game": "void", "players": [{"kind": "human"}, {"kind": "computer", "level": 1}]}))
        .await;
    let sid = solo["id"].as_str().unwrap().to_string();
    t.play(&sid, "black", &first_legal(&solo)).await;
    t.wait_for_ply(&sid, 2).await;
    let (s, v) = t.post(&format!("/api/games/{sid}/undo"), json!({})).await;
    assert_eq!((s, v["ply"].as_u64()), (200, Some(0)), "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rematches_swap_sides_and_both_players_find_them() {
    let t = TestServer::new().await;
    let (id, friend, watcher) = two_players(&t).await;
    let g = |path: &str| format!("/api/games/{id}{path}");
    let (s, e) = t.send_as(Some(&friend), "POST", &g("/rematch"), None).await;
    assert_eq!((s, code(&e)), (409, "not_over"));
    t.post(&g("/resign"), json!({})).await;
    let (s, e) = t.send_as(Some(&watcher), "POST", &g("/rematch"), None).await;
    assert_eq!((s, code(&e)), (403, "forbidden"));
    let (s, re) = t.send_as(Some(&friend), "POST", &g("/rematch"), None).await;
    assert_eq!(s, 200, "{re}");
    let old = t.view(&id).await;
    assert_eq!(old["rematch"], re["id"]);
    assert_eq!(re["sides"][0]["player"], old["sides"][1]["player"], "sides swapped");
    assert_eq!(re["sides"][1]["player"], old["sides"][0]["player"]);
    // The other player asking gets the same rematch.
    let (s, same) = t.post(&g("/rematch"), json!({})).await;
    assert_eq!((s, &same["id"]), (200, &re["id"]));
    // The friend now plays black in the rematch and moves first.
    let rid = re["id"].as_str().unwrap();
    let (s, _) = t
        .send_as(
            Some(&friend),
            "POST",
            &format!("/api/games/{rid}/moves"),
            Some(json!({"move": first_legal(&re)})),
        )
        .await;
    assert_eq!(s, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_are_listed_to_their_players_and_public_ones_to_all() {
    let t = TestServer::new().await;
    let private = t.create(json!({"game": "void", "players": HUMANS()})).await;
    let public = t
        .create(json!({"game": "attraction", "players": HUMANS(), "public": true}))
        .await;
    let ids = |list: &Value| -> Vec<String> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_str().unwrap().to_string())
            .collect()
    };
    let (s, mine) = t.get("/api/games?mine=true").await;
    assert_eq!(s, 200);
    assert_eq!(ids(&mine).len(), 2);
    assert!(mine.as_array().unwrap().iter().all(|g| g["yours"] == true));
    let stranger = t.new_player().await;
    let (_, seen) = t.send_as(Some(&stranger), "GET", "/api/games", None).await;
    assert_eq!(ids(&seen), [public["id"].as_str().unwrap()]);
    assert_eq!(seen[0]["yours"], false);
    let (_, seen) = t.send_as(None, "GET", "/api/games?limit=200", None).await;
    assert!(!ids(&seen).contains(&private["id"].as_str().unwrap().to_string()));
    let (_, theirs) = t.send_as(Some(&stranger), "GET", "/api/games?mine=true", None).await;
    assert_eq!(theirs, json!([]));
    let (s, e) = t.send_as(None, "GET", "/api/games?mine=true", None).await;
    assert_eq!((s, code(&e)), (401, "unauthorized"));
    let (s, e) = t.get("/api/games?mine=maybe").await;
    assert_eq!((s, code(&e)), (400, "bad_query"));
    // Creating needs a token; an open side must be a human one.
    let (s, e) = t
        .send_as(None, "POST", "/api/games", Some(json!({"game": "void"})))
        .await;
    assert_eq!((s, code(&e)), (401, "unauthorized"));
    let (s, e) = t
        .post(
            "/api/games",
            json!({"game": "void", "players": [{"kind": "human"}, {"kind": "computer", "level": 2}], "open": "white"}),
        )
        .await;
    assert_eq!((s, code(&e)), (400, "bad_players"));
}

/// A WebSocket on a game, past the state it sends on connect.
async fn watch(
    t: &TestServer,
    id: &str,
) -> tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>> {
    let url = format!("{}/api/games/{id}/ws", t.base.replace("http://", "ws://"));
    let (mut ws, _) = tokio_tungstenite::connect_async(&url).await.expect("ws");
    let first = states_within(&mut ws, Duration::from_secs(20), 1).await;
    assert_eq!(first.len(), 1, "the state on connect");
    ws
}

/// The states a watcher is sent within `wait` (at most `most` of them).
async fn states_within(
    ws: &mut (impl StreamExt<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin),
    wait: Duration,
    most: usize,
) -> Vec<Value> {
    let deadline = tokio::time::Instant::now() + wait;
    let mut states = Vec::new();
    while states.len() < most {
        match tokio::time::timeout_at(deadline, ws.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => {
                let message: Value = serde_json::from_str(&text).unwrap();
                if message["type"] == "state" {
                    states.push(message["state"].clone());
                }
            }
            Ok(Some(Ok(_))) => {}
            Ok(other) => panic!("the WebSocket ended: {other:?}"),
            Err(_) => break,
        }
    }
    states
}

/// Posting a game's seats as they are changes nothing: someone who neither plays in the game nor
/// created it is refused whatever they post; a player gets the view as it is, and nothing is
/// stored, counted (the version stays), told to the watchers, or restarted (the computer's search).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seats_as_they_are_change_nothing_and_strangers_may_not_post_them() {
    let t = TestServer::new().await;
    let (id, friend, watcher) = two_players(&t).await;
    let players = format!("/api/games/{id}/players");
    let before = t.view(&id).await;
    let mut ws = watch(&t, &id).await;
    let same = json!({"players": HUMANS()});
    let other = json!({"players": [{"kind": "computer", "level": 1}, {"kind": "human"}]});
    for body in [&same, &other] {
        let (s, e) = t.send_as(Some(&watcher), "POST", &players, Some(body.clone())).await;
        assert_eq!((s, code(&e)), (403, "forbidden"), "a watcher posting {body}: {e}");
    }
    for (who, token) in [("the creator", &t.token), ("the invitee", &friend)] {
        let (s, v) = t.send_as(Some(token), "POST", &players, Some(same.clone())).await;
        assert_eq!(s, 200, "{who}: {v}");
        assert_eq!(v["version"], before["version"], "{who}: nothing changed");
        assert_eq!(v["sides"], before["sides"], "{who}");
    }
    let after = t.view(&id).await;
    assert_eq!(
        (&after["version"], &after["sides"]),
        (&before["version"], &before["sides"])
    );
    let told = states_within(&mut ws, Duration::from_millis(300), usize::MAX).await;
    assert!(told.is_empty(), "nothing to tell the watchers: {told:?}");

    // The computer to move (level 6 thinks about a second): its search goes on undisturbed.
    let seats = json!([{"kind": "computer", "level": 6}, {"kind": "human"}]);
    let view = t.create(json!({"game": "villawar", "players": seats})).await;
    let id = view["id"].as_str().unwrap().to_string();
    assert_eq!(view["thinking"], true);
    let mut ws = watch(&t, &id).await;
    let players = format!("/api/games/{id}/players");
    let (s, e) = t
        .send_as(Some(&watcher), "POST", &players, Some(json!({"players": seats})))
        .await;
    assert_eq!((s, code(&e)), (403, "forbidden"), "{e}");
    let (s, v) = t.post(&players, json!({"players": seats})).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!((&v["version"], &v["thinking"]), (&view["version"], &json!(true)));
    // Only the computer's own move may come meanwhile: no state of the game still at its start.
    let told = states_within(&mut ws, Duration::from_millis(300), usize::MAX).await;
    assert!(
        told.iter().all(|state| state["ply"] != 0),
        "the search was not restarted: {told:?}"
    );
    let moved = t.wait_for_ply(&id, 1).await;
    assert_eq!(moved["sides"], view["sides"]);
}
