//! Two servers on one PostgreSQL follow each other's changes without redoing their own: every
//! server hears its own announcements too, and must not read a game back from the store for them;
//! and of two servers asked to analyse one game, one runs the job.

mod common;

use arbiter_server::RunningServer;
use common::{client_with_token, first_legal, postgres_server};
use serde_json::{json, Value};
use std::time::Duration;

async fn server_on(url: &str) -> RunningServer {
    postgres_server(url, 3000).await
}

async fn json_of(response: reqwest::Response) -> Value {
    let status = response.status();
    let body: Value = response.json().await.expect("a JSON answer");
    assert!(status.is_success(), "{status}: {body}");
    body
}

/// A client acting as a new player of `server`.
async fn new_player(server: &RunningServer) -> reqwest::Client {
    let player = json_of(
        reqwest::Client::new()
            .post(format!("{}/api/players", server.url()))
            .json(&json!({}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    client_with_token(player["token"].as_str().expect("a token"))
}

/// Moves played through one server: it never reloads the game (its copy is current), while the
/// other server, which has the game in memory, reloads it and shows the last move.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_server_does_not_reload_a_game_for_its_own_changes() {
    let url = arbiter_testkit::cluster().database();
    let (one, two) = (server_on(&url).await, server_on(&url).await);
    let http = new_player(&one).await;
    let humans = json!([{"kind": "human"}, {"kind": "human"}]);
    let mut view = json_of(
        http.post(format!("{}/api/games", one.url()))
            .json(&json!({"game": "villawar", "players": humans}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    let id = view["id"].as_str().unwrap().to_string();
    // The second server reads the game once, so it holds a copy to keep up to date.
    json_of(http.get(format!("{}/api/games/{id}", two.url())).send().await.unwrap()).await;

    const PLIES: u64 = 8;
    for _ in 0..PLIES {
        let mv = first_legal(&view);
        view = json_of(
            http.post(format!("{}/api/games/{id}/moves", one.url()))
                .json(&json!({"move": mv, "ply": view["ply"]}))
                .send()
                .await
                .unwrap(),
        )
        .await;
    }
    // The second server catches up (its copy reloaded from the announcements)…
    let mut seen = 0;
    for _ in 0..200 {
        let there = json_of(http.get(format!("{}/api/games/{id}", two.url())).send().await.unwrap()).await;
        seen = there["ply"].as_u64().unwrap();
        if seen == PLIES {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(seen, PLIES, "the second server never showed the last move");
    assert!(two.reloads() >= 1, "the second server caught up without reloading?");
    // …and by then the first has heard all its own announcements, and reloaded nothing for them.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        one.reloads(),
        0,
        "the server that made every move reloaded the game for its own changes"
    );
    one.stop().await.unwrap();
    two.stop().await.unwrap();
}

/// Both servers are asked at once to analyse one finished game: exactly one runs the job, both
/// say it runs, and when its player cancels it, neither does.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn of_two_servers_asked_to_analyse_one_game_one_runs_it() {
    let url = arbiter_testkit::cluster().database();
    let (one, two) = (
        postgres_server(&url, 50_000_000).await,
        postgres_server(&url, 50_000_000).await,
    );
    let anon = reqwest::Client::new();
    let players = [new_player(&one).await, new_player(&one).await];
    let humans = json!([{"kind": "human"}, {"kind": "human"}]);
    let view = json_of(
        players[0]
            .post(format!("{}/api/games", one.url()))
            .json(&json!({"game": "void", "players": humans}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    let id = view["id"].as_str().unwrap().to_string();
    let side = view["sides"][0]["name"].as_str().unwrap().to_string();
    let mv = first_legal(&view);
    json_of(
        players[0]
            .post(format!("{}/api/games/{id}/moves", one.url()))
            .json(&json!({"move": mv, "side": side}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    json_of(
        players[0]
            .post(format!("{}/api/games/{id}/resign", one.url()))
            .json(&json!({"side": view["sides"][1]["name"]}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    let path = format!("/api/games/{id}/analysis");
    let (a, b) = tokio::join!(
        players[0].post(format!("{}{path}", one.url())).json(&json!({})).send(),
        players[1].post(format!("{}{path}", two.url())).json(&json!({})).send(),
    );
    let (a, b) = (json_of(a.unwrap()).await, json_of(b.unwrap()).await);
    assert_eq!(
        (a["status"].as_str(), b["status"].as_str()),
        (Some("running"), Some("running")),
        "{a} {b}"
    );
    let (a, b) = (
        json_of(anon.get(format!("{}{path}", one.url())).send().await.unwrap()).await,
        json_of(anon.get(format!("{}{path}", two.url())).send().await.unwrap()).await,
    );
    assert_eq!(
        (a["status"].as_str(), b["status"].as_str()),
        (Some("running"), Some("running"))
    );
    let runners: Vec<usize> = [&a, &b]
        .iter()
        .enumerate()
        .filter(|(_, v)| !v["progress"].is_null())
        .map(|(i, _)| i)
        .collect();
    assert_eq!(runners.len(), 1, "exactly one server runs the job: {a} {b}");
    let runner = runners[0];
    let server = if runner == 0 { &one } else { &two };
    json_of(
        players[runner]
            .delete(format!("{}{path}", server.url()))
            .send()
            .await
            .unwrap(),
    )
    .await;
    for s in [&one, &two] {
        let mut status = String::new();
        for _ in 0..200 {
            let v = json_of(anon.get(format!("{}{path}", s.url())).send().await.unwrap()).await;
            status = v["status"].as_str().unwrap().to_string();
            if status != "running" {
                break;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        assert_eq!(status, "none", "a cancelled job leaves no result and no runner");
    }
    one.stop().await.unwrap();
    two.stop().await.unwrap();
}

/// Signing out everywhere through one server: the other server, which knew the token a moment ago,
/// refuses it too (told through the store, not after its memory of tokens expires).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_token_revoked_on_one_server_is_refused_by_the_other() {
    let url = arbiter_testkit::cluster().database();
    let (one, two) = (server_on(&url).await, server_on(&url).await);
    let anon = reqwest::Client::new();
    let http = new_player(&one).await;
    json_of(
        http.post(format!("{}/api/account", one.url()))
            .json(&json!({"username": "ada", "password": "long enough"}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    // Signed in through the second server, which now remembers both tokens' player.
    let signed = json_of(
        anon.post(format!("{}/api/login", two.url()))
            .json(&json!({"username": "ADA", "password": "long enough"}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    let phone = client_with_token(signed["token"].as_str().expect("a token"));
    for client in [&http, &phone] {
        let me = json_of(client.get(format!("{}/api/me", two.url())).send().await.unwrap()).await;
        assert_eq!(me["username"], "ada");
    }
    json_of(
        http.post(format!("{}/api/logout/everywhere", one.url()))
            .send()
            .await
            .unwrap(),
    )
    .await;
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    for client in [&http, &phone] {
        loop {
            let status = client
                .get(format!("{}/api/me", two.url()))
                .send()
                .await
                .unwrap()
                .status()
                .as_u16();
            if status == 401 {
                break;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the second server still takes a revoked token"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// A new name chosen through one server shows on the other's copy of the player's game (and its
/// players), though the game itself did not change.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_name_chosen_on_one_server_shows_on_the_other() {
    let url = arbiter_testkit::cluster().database();
    let (one, two) = (server_on(&url).await, server_on(&url).await);
    let http = new_player(&one).await;
    let humans = json!([{"kind": "human"}, {"kind": "human"}]);
    let view = json_of(
        http.post(format!("{}/api/games", one.url()))
            .json(&json!({"game": "krux", "players": humans}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    let id = view["id"].as_str().unwrap().to_string();
    json_of(http.get(format!("{}/api/games/{id}", two.url())).send().await.unwrap()).await;
    json_of(
        http.post(format!("{}/api/me", one.url()))
            .json(&json!({"name": "Grace"}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    loop {
        let seen = json_of(http.get(format!("{}/api/games/{id}", two.url())).send().await.unwrap()).await;
        if seen["sides"][0]["player"]["name"] == "Grace" {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "still the old name: {seen}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
