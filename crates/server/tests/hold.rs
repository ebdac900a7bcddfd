//! A server that holds: a small game cache under concurrent moves and watchers (the eviction race),
//! memory bounded by the cache, per-client rate limits, and WebSocket request limits.

mod common;

use common::{client_with_token, code, first_legal, TestServer};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

const HUMANS: fn() -> Value = || json!([{"kind": "human"}, {"kind": "human"}]);

/// The last ply a watcher saw before `ply` arrived or the time ran out.
async fn watch_until(url: String, ply: u64) -> u64 {
    let (mut ws, _) = tokio_tungstenite::connect_async(&url).await.expect("ws");
    let mut seen = 0;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    while seen < ply {
        match tokio::time::timeout_at(deadline, ws.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => {
                let v: Value = serde_json::from_str(&text).unwrap();
                if v["type"] == "state" {
                    seen = seen.max(v["state"]["ply"].as_u64().unwrap());
                }
            }
            Ok(Some(Ok(_))) => {}
            _ => break,
        }
    }
    seen
}

/// Two games in memory at most, twelve games played at once by racing clients, half of them watched:
/// every move is answered 200 or a clean 409/400 (never 500), no turn gets two moves, every watcher
/// sees the last move, and the store holds exactly the moves acknowledged.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_tiny_cache_under_racing_moves_and_watchers_loses_nothing() {
    let t = TestServer::with(2, arbiter_server::Limits::none()).await;
    const GAMES: usize = 12;
    const PLIES: u64 = 16;
    let mut ids = Vec::new();
    for _ in 0..GAMES {
        let view = t.create(json!({"game": "villawar", "players": HUMANS()})).await;
        ids.push(view["id"].as_str().unwrap().to_string());
    }
    let ws_base = t.base.replace("http://", "ws://");
    // Half the games are watched (a watched game is held in memory), half are not (they come and go).
    let mut watchers = Vec::new();
    for id in ids.iter().step_by(2) {
        watchers.push(tokio::spawn(watch_until(format!("{ws_base}/api/games/{id}/ws"), PLIES)));
    }
    let mut players = Vec::new();
    for id in ids.clone() {
        for racer in 0..2 {
            let client = client_with_token(&t.token);
            let base = t.base.clone();
            let id = id.clone();
            players.push(tokio::spawn(async move {
                let mut acknowledged = Vec::new();
                let mut refusals = 0;
                for _ in 0..2000 {
                    let view: Value = client
                        .get(format!("{base}/api/games/{id}"))
                        .send()
                        .await
                        .unwrap()
                        .json()
                        .await
                        .unwrap();
                    let ply = view["ply"].as_u64().unwrap();
                    if ply >= PLIES || !view["ending"].is_null() {
                        return (acknowledged, refusals);
                    }
                    let legal = view["legal"].as_array().unwrap();
                    let mv = legal[(ply as usize + racer) % legal.len()]["notation"].clone();
                    let r = client
                        .post(format!("{base}/api/games/{id}/moves"))
                        .json(&json!({"move": mv, "ply": ply}))
                        .send()
                        .await
                        .unwrap();
                    let status = r.status().as_u16();
                    let body: Value = r.json().await.unwrap_or(Value::Null);
                    match status {
                        200 => acknowledged.push((ply, mv.as_str().unwrap().to_string())),
                        409 | 400 => refusals += 1,
                        other => panic!("move answered {other}: {body}"),
                    }
                }
                panic!("game {id} made no progress: {refusals} refusals in a row");
            }));
        }
    }
    let mut acknowledged = std::collections::HashMap::<(String, u64), String>::new();
    for (i, player) in players.into_iter().enumerate() {
        let (moves, _refusals) = player.await.unwrap();
        for (ply, mv) in moves {
            let previous = acknowledged.insert((ids[i / 2].clone(), ply), mv);
            assert!(previous.is_none(), "two moves acknowledged for one turn");
        }
    }
    for (id, watcher) in ids.iter().step_by(2).zip(watchers) {
        let seen = watcher.await.unwrap();
        let view = t.view(id).await;
        assert_eq!(
            seen,
            view["ply"].as_u64().unwrap(),
            "the watcher of {id} saw every move"
        );
    }
    // The stored games are exactly the acknowledged moves.
    let mut t = t;
    t.restart().await;
    for id in &ids {
        let record = t.get(&format!("/api/games/{id}/record")).await.1;
        let moves = record["moves"].as_array().unwrap();
        for (ply, mv) in moves.iter().enumerate() {
            assert_eq!(
                acknowledged.get(&(id.clone(), ply as u64)).map(String::as_str),
                mv.as_str(),
                "{id} ply {ply}"
            );
        }
        assert_eq!(
            moves.len(),
            acknowledged.keys().filter(|(g, _)| g == id).count(),
            "every acknowledged move of {id} is stored"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_holds_only_as_many_idle_games_as_the_cache() {
    let t = TestServer::with(5, arbiter_server::Limits::none()).await;
    let mut ids = Vec::new();
    for _ in 0..40 {
        let view = t.create(json!({"game": "attraction", "players": HUMANS()})).await;
        ids.push(view["id"].as_str().unwrap().to_string());
    }
    let server = t.server.as_ref().unwrap();
    assert!(server.games_in_memory() <= 5, "{} in memory", server.games_in_memory());
    // A watched game stays while idle games come and go; every game still loads.
    let ws = format!("{}/api/games/{}/ws", t.base.replace("http://", "ws://"), ids[0]);
    let (mut watcher, _) = tokio_tungstenite::connect_async(&ws).await.unwrap();
    watcher.next().await.unwrap().unwrap();
    for id in &ids {
        t.view(id).await;
    }
    assert!(server.games_in_memory() <= 6);
    let view = t.view(&ids[0]).await;
    let view = t.play(&ids[0], "first", &first_legal(&view)).await;
    assert_eq!(view["ply"], 1);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let msg = tokio::time::timeout_at(deadline, watcher.next())
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        if let Message::Text(text) = msg {
            let v: Value = serde_json::from_str(&text).unwrap();
            if v["state"]["ply"] == 1 {
                break;
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clients_over_their_limits_get_429_as_json() {
    let limits = arbiter_server::Limits {
        players_per_minute: Some(3),
        games_per_minute: Some(4),
        computer_games_per_minute: Some(2),
        hints_per_minute: Some(2),
        ws_requests_per_second: Some(2),
        reports_per_hour: Some(1),
        ..arbiter_server::Limits::none()
    };
    let t = TestServer::with(100, limits).await; // one player made already
    t.new_player().await;
    t.new_player().await;
    let r = t
        .anon
        .post(t.url("/api/players"))
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 429);
    let wait: u64 = r.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&wait), "Retry-After {wait}");
    let body: Value = r.json().await.unwrap();
    assert_eq!(code(&body), "rate_limited");
    // Computer games have their own, tighter limit.
    let computer = json!({"game": "void", "players": [{"kind": "human"}, {"kind": "computer", "level": 1}]});
    t.create(computer.clone()).await;
    let game = t.create(computer.clone()).await;
    let (s, e) = t.post("/api/games", computer).await;
    assert_eq!((s, code(&e)), (429, "rate_limited"));
    let id = t.create(json!({"game": "void", "players": HUMANS()})).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let (s, e) = t.post("/api/games", json!({"game": "void"})).await;
    assert_eq!((s, code(&e)), (429, "rate_limited"), "four games a minute");
    // Hints.
    for _ in 0..2 {
        let (s, hint) = t.get(&format!("/api/games/{id}/hint")).await;
        assert_eq!(s, 200, "{hint}");
    }
    let (s, e) = t.get(&format!("/api/games/{id}/hint")).await;
    assert_eq!((s, code(&e)), (429, "rate_limited"));
    // A WebSocket flood of `state` requests gets short errors, not whole views.
    let gid = game["id"].as_str().unwrap();
    let ws = format!("{}/api/games/{gid}/ws", t.base.replace("http://", "ws://"));
    let (mut socket, _) = tokio_tungstenite::connect_async(&ws).await.unwrap();
    socket.next().await.unwrap().unwrap();
    for _ in 0..20 {
        socket.send(Message::Text("state".into())).await.unwrap();
    }
    let (mut states, mut limited) = (0, 0);
    while states + limited < 20 {
        let msg = tokio::time::timeout(Duration::from_secs(20), socket.next())
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        if let Message::Text(text) = msg {
            let v: Value = serde_json::from_str(&text).unwrap();
            match v["type"].as_str() {
                Some("error") if v["code"] == "rate_limited" => {
                    limited += 1;
                    assert!(text.len() < 200);
                }
                Some("state") => states += 1,
                _ => {}
            }
        }
    }
    assert!(states >= 1 && limited >= 15, "{states} states, {limited} refused");
}
