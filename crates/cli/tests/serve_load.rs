//! `arbiter serve` under load, killed with SIGKILL mid-load and restarted: 200 games played at
//! once over HTTP with WebSocket watchers, and every acknowledged move is still there afterwards.

mod common;

use common::{free_port, new_player, serve};
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const GAMES: usize = 200;
const WATCHED: usize = 50;

/// Plays random legal moves on one game until the server goes away or `until` passes; each
/// acknowledged move is recorded as (ply, move).
async fn play(base: String, http: reqwest::Client, id: String, until: Instant, acked: Arc<Mutex<Vec<(u64, String)>>>) {
    let mut view: Value = match http.get(format!("{base}/api/games/{id}")).send().await {
        Ok(r) => r.json().await.unwrap_or(Value::Null),
        Err(_) => return,
    };
    while Instant::now() < until && view["ending"].is_null() {
        let Some(legal) = view["legal"].as_array() else { return };
        let ply = view["ply"].as_u64().unwrap();
        let mv = legal[(ply as usize * 7 + id.len()) % legal.len()]["notation"].clone();
        let Ok(r) = http
            .post(format!("{base}/api/games/{id}/moves"))
            .json(&json!({"move": mv, "ply": ply}))
            .send()
            .await
        else {
            return; // the server was killed: this move was not acknowledged
        };
        let status = r.status().as_u16();
        let Ok(body) = r.json::<Value>().await else { return };
        assert_eq!(status, 200, "a move refused under load: {body}");
        acked.lock().unwrap().push((ply, mv.as_str().unwrap().to_string()));
        view = body;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_hundred_games_survive_a_kill_minus_nine() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("load.db");
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let mut server = serve(db.to_str().unwrap(), port).await;
    let anon = reqwest::Client::new();
    let http = new_player(&base).await;
    let mut ids = Vec::new();
    for i in 0..GAMES {
        let game = ["void", "villawar", "attraction", "villawar:size=10"][i % 4];
        let (name, options) = game.split_once(':').unwrap_or((game, ""));
        let view: Value = http
            .post(format!("{base}/api/games"))
            .json(&json!({"game": name, "options": options}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        ids.push(view["id"].as_str().expect("created").to_string());
    }
    // Watchers on a quarter of the games count the states they receive.
    let mut watchers = Vec::new();
    for id in ids.iter().take(WATCHED) {
        let url = format!("ws://127.0.0.1:{port}/api/games/{id}/ws");
        watchers.push(tokio::spawn(async move {
            let (mut ws, _) = tokio_tungstenite::connect_async(&url).await.expect("ws");
            let mut states = 0;
            while let Some(Ok(msg)) = ws.next().await {
                if msg.is_text() {
                    states += 1;
                }
            }
            states
        }));
    }
    // Play for a few seconds, then SIGKILL the server in the middle of it.
    let until = Instant::now() + Duration::from_secs(30);
    let acked: Vec<_> = ids.iter().map(|_| Arc::new(Mutex::new(Vec::new()))).collect();
    let mut players = Vec::new();
    for (id, acked) in ids.iter().zip(&acked) {
        players.push(tokio::spawn(play(
            base.clone(),
            http.clone(),
            id.clone(),
            until,
            acked.clone(),
        )));
    }
    tokio::time::sleep(Duration::from_secs(4)).await;
    server.child.kill().expect("SIGKILL"); // Child::kill is SIGKILL on Unix
    server.child.wait().unwrap();
    for player in players {
        player.await.expect("a player task");
    }
    let mut seen_states = 0;
    for watcher in watchers {
        seen_states += watcher.await.unwrap();
    }
    let total: usize = acked.iter().map(|a| a.lock().unwrap().len()).sum();
    eprintln!("{total} moves acknowledged in 4 s over {GAMES} games, {seen_states} states to {WATCHED} watchers; then SIGKILL");
    assert!(
        total >= GAMES,
        "load was made: {total} moves acknowledged before the kill"
    );
    assert!(seen_states >= WATCHED, "watchers received states");

    // Restarted on the same file: every acknowledged move is there, in order.
    let mut server = serve(db.to_str().unwrap(), port).await;
    let mut stored_total = 0;
    for (id, acked) in ids.iter().zip(&acked) {
        let record: Value = anon
            .get(format!("{base}/api/games/{id}/record"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let moves = record["moves"].as_array().unwrap();
        let by_ply: HashMap<u64, String> = acked.lock().unwrap().iter().cloned().collect();
        for (ply, mv) in &by_ply {
            assert_eq!(
                moves.get(*ply as usize).and_then(Value::as_str),
                Some(mv.as_str()),
                "{id} ply {ply}"
            );
        }
        // At most the one move in flight at the kill is stored without its answer.
        assert!(
            moves.len() <= by_ply.len() + 1,
            "{id}: {} stored, {} acknowledged",
            moves.len(),
            by_ply.len()
        );
        stored_total += moves.len();
    }
    assert!(stored_total >= total);
    // And play goes on, in a game the load did not finish (random play ends some games early).
    let mut unfinished = None;
    for id in &ids {
        let view: Value = anon
            .get(format!("{base}/api/games/{id}"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        if view["ending"].is_null() {
            unfinished = Some(id.clone());
            break;
        }
    }
    let unfinished = unfinished.expect("some game is still being played");
    let until = Instant::now() + Duration::from_secs(2);
    let after = Arc::new(Mutex::new(Vec::new()));
    play(base.clone(), http.clone(), unfinished, until, after.clone()).await;
    assert!(!after.lock().unwrap().is_empty(), "moves after the restart");
    server.child.kill().unwrap();
    server.child.wait().unwrap();
}
