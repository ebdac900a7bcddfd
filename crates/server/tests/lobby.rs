//! The lobby: challenges posted, listed live on the lobby's WebSocket, cancelled, and accepted
//! into a game between the two players (once, however many accept at once).

mod common;

use common::{code, next_json, TestServer};
use serde_json::{json, Value};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenges_are_posted_seen_live_and_accepted_once() {
    let mut t = TestServer::new().await;
    let url = format!("{}/api/lobby/ws", t.base.replace("http://", "ws://"));
    let (mut lobby, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    assert_eq!(
        next_json(&mut lobby).await,
        json!({"type": "challenges", "challenges": []})
    );

    // Bad challenges are refused with clear errors.
    for (body, expected) in [
        (json!({"game": "chess"}), "unknown_game"),
        (json!({"game": "villawar", "options": "size=7"}), "bad_options"),
        (json!({"game": "void", "clock": "fischer:0+0"}), "bad_clock"),
        (json!({"game": "void", "colour": "green"}), "bad_colour"),
    ] {
        let (s, e) = t.post("/api/challenges", body.clone()).await;
        assert_eq!((s, code(&e)), (400, expected), "{body}");
    }
    let (s, e) = t
        .send_as(None, "POST", "/api/challenges", Some(json!({"game": "void"})))
        .await;
    assert_eq!((s, code(&e)), (401, "unauthorized"));

    let (s, challenge) = t
        .post(
            "/api/challenges",
            json!({"game": "villawar", "options": "size=10", "clock": "fischer:180+2", "colour": "second", "public": true}),
        )
        .await;
    assert_eq!(s, 200, "{challenge}");
    assert_eq!(
        (challenge["clock"].as_str(), challenge["yours"].as_bool()),
        (Some("fischer:180+2"), Some(true))
    );
    let seen = next_json(&mut lobby).await;
    assert_eq!(seen["challenges"][0]["id"], challenge["id"], "told live: {seen}");
    assert_eq!(seen["challenges"][0]["options"], "size=10");
    let id = challenge["id"].as_str().unwrap().to_string();

    // The author cannot accept it; a stranger sees it as not theirs; a watcher cannot cancel it.
    let (s, e) = t.post(&format!("/api/challenges/{id}/accept"), json!({})).await;
    assert_eq!((s, code(&e)), (409, "own_challenge"));
    let bob = t.new_player().await;
    let (_, list) = t.send_as(Some(&bob), "GET", "/api/challenges", None).await;
    assert_eq!(list[0]["yours"], false);
    let (s, e) = t
        .send_as(Some(&bob), "DELETE", &format!("/api/challenges/{id}"), None)
        .await;
    assert_eq!((s, code(&e)), (403, "forbidden"));

    // Open challenges survive a restart.
    drop(lobby);
    t.restart().await;
    let url = format!("{}/api/lobby/ws", t.base.replace("http://", "ws://"));
    let (mut lobby, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    assert_eq!(next_json(&mut lobby).await["challenges"][0]["id"], json!(id));

    // Two accept at once: one game, the other is told it is gone.
    let carol = t.new_player().await;
    let accept = format!("/api/challenges/{id}/accept");
    let (a, b) = tokio::join!(
        t.send_as(Some(&bob), "POST", &accept, Some(json!({}))),
        t.send_as(Some(&carol), "POST", &accept, Some(json!({})))
    );
    let mut statuses = [a.0, b.0];
    statuses.sort();
    assert_eq!(statuses, [200, 404], "{} / {}", a.1, b.1);
    let (winner, game) = if a.0 == 200 { (&bob, a.1) } else { (&carol, b.1) };
    assert_eq!(game["game"], "villawar");
    assert_eq!(game["options"], "size=10");
    assert_eq!(game["clock"]["control"], "fischer:180+2");
    assert_eq!(game["public"], true);
    let (_, me) = t.get("/api/me").await;
    assert_eq!(
        game["sides"][1]["player"]["id"], me["id"],
        "the author plays the second side, as asked"
    );
    let (_, them) = t.send_as(Some(winner), "GET", "/api/me", None).await;
    assert_eq!(game["sides"][0]["player"]["id"], them["id"]);
    // The lobby hears of it: the acceptance (for the author's page) and the list without it.
    let accepted = next_json(&mut lobby).await;
    assert_eq!(
        (accepted["type"].as_str(), &accepted["game"]),
        (Some("accepted"), &game["id"])
    );
    assert_eq!(accepted["challenge"], json!(id));
    assert_eq!(next_json(&mut lobby).await["challenges"], json!([]));
    let (s, e) = t.send_as(Some(&carol), "POST", &accept, Some(json!({}))).await;
    assert_eq!((s, code(&e)), (404, "not_found"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenges_are_cancelled_by_their_author_and_limited() {
    let t = TestServer::new().await;
    let mut ids = Vec::new();
    for _ in 0..5 {
        let (s, c) = t.post("/api/challenges", json!({"game": "krux"})).await;
        assert_eq!(s, 200, "{c}");
        ids.push(c["id"].as_str().unwrap().to_string());
    }
    let (s, e) = t.post("/api/challenges", json!({"game": "krux"})).await;
    assert_eq!((s, code(&e)), (409, "too_many_challenges"));
    let (s, body) = t
        .send_as(Some(&t.token), "DELETE", &format!("/api/challenges/{}", ids[0]), None)
        .await;
    assert_eq!((s, &body["cancelled"]), (200, &json!(ids[0])));
    let (s, e) = t
        .send_as(Some(&t.token), "DELETE", &format!("/api/challenges/{}", ids[0]), None)
        .await;
    assert_eq!((s, code(&e)), (404, "not_found"));
    let (_, list) = t.get("/api/challenges").await;
    assert_eq!(list.as_array().unwrap().len(), 4);
    let (s, _) = t.post("/api/challenges", json!({"game": "krux"})).await;
    assert_eq!(s, 200, "room for one more after a cancel");
}

/// Accepting a challenge starts a game, so it counts against the address's limit on new games as
/// creating one does: over the limit it is refused (429) and the challenge stays open.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accepting_a_challenge_counts_against_the_limit_on_new_games() {
    let limits = arbiter_server::Limits {
        games_per_minute: Some(3),
        ..arbiter_server::Limits::none()
    };
    let t = TestServer::with(arbiter_server::service::DEFAULT_CACHE_GAMES, limits).await;
    // The challenge is posted while the limit allows it (posting one counts too).
    let author = t.new_player().await;
    let (s, challenge) = t
        .send_as(Some(&author), "POST", "/api/challenges", Some(json!({"game": "void"})))
        .await;
    assert_eq!(s, 200, "{challenge}");
    let accept = format!("/api/challenges/{}/accept", challenge["id"].as_str().unwrap());
    // The rest of the limit goes on new games (every test client is 127.0.0.1).
    let mut created = 0;
    loop {
        let (s, e) = t.post("/api/games", json!({"game": "void"})).await;
        if s == 429 {
            assert_eq!(code(&e), "rate_limited");
            break;
        }
        assert_eq!(s, 200, "{e}");
        created += 1;
        assert!(created < 10, "the limit never came");
    }
    let r = t.client.post(t.url(&accept)).json(&json!({})).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 429, "accepting is a new game too");
    assert!(r.headers().get("retry-after").is_some());
    let e: Value = r.json().await.unwrap();
    assert_eq!(code(&e), "rate_limited", "{e}");
    // Nothing was taken: the challenge is still open, and no game was started.
    let (_, list) = t.get("/api/challenges").await;
    assert_eq!(list.as_array().unwrap().len(), 1, "{list}");
    let (_, games) = t.send_as(Some(&author), "GET", "/api/games?mine=true", None).await;
    assert_eq!(games, json!([]), "the author plays no game");
}
