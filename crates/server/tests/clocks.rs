//! Clocks: Fischer and correspondence time controls kept by the server from its own clock (a test
//! clock moved by hand), flags that fall with nobody connected and across restarts, the computer
//! keeping to its time, and the times in the record.

mod common;

use arbiter_server::{Limits, ManualTime};
use common::{code, first_legal, TestServer};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;

const HUMANS: fn() -> Value = || json!([{"kind": "human"}, {"kind": "human"}]);
const START: u64 = 1_800_000_000_000;

async fn manual() -> (TestServer, Arc<ManualTime>) {
    let time = Arc::new(ManualTime::new(START));
    let t = TestServer::with_time(100, Limits::none(), time.clone()).await;
    (t, time)
}

fn left(view: &Value) -> (u64, u64) {
    let l = &view["clock"]["left_ms"];
    (l[0].as_u64().unwrap(), l[1].as_u64().unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fischer_clock_counts_adds_increments_and_flags() {
    let (mut t, time) = manual().await;
    let view = t
        .create(json!({"game": "void", "players": HUMANS(), "clock": "fischer:60+2"}))
        .await;
    let id = view["id"].as_str().unwrap().to_string();
    assert_eq!(view["clock"]["control"], "fischer:60+2");
    assert_eq!(view["clock"]["running"], false, "no clock before the first move");
    time.advance(30_000);
    let view = t.play(&id, "black", &first_legal(&t.view(&id).await)).await;
    assert_eq!(
        left(&view),
        (60_000, 60_000),
        "the first move is free, without an increment"
    );
    assert_eq!(view["clock"]["running"], true);
    assert_eq!(view["clock"]["deadline_ms"], START + 30_000 + 60_000);
    time.advance(10_000);
    assert_eq!(left(&t.view(&id).await), (60_000, 50_000));
    let view = t.play(&id, "white", &first_legal(&t.view(&id).await)).await;
    assert_eq!(left(&view), (60_000, 52_000));
    // Black thinks too long: nobody is connected, yet its flag falls.
    time.advance(59_999);
    assert_eq!(t.server.as_ref().unwrap().check_clocks(), 0);
    time.advance(1);
    assert_eq!(t.server.as_ref().unwrap().check_clocks(), 1);
    let view = t.view(&id).await;
    assert_eq!(view["ending"]["reason"], "time");
    assert_eq!(view["ending"]["winner"], "white");
    assert_eq!(view["ending"]["text"], "Black ran out of time. White wins.");
    assert_eq!(view["clock"]["running"], false);
    assert_eq!(left(&view), (0, 52_000));
    // The record keeps the time control, every move's time left and the flag fall; it loads again.
    let (_, record) = t.get(&format!("/api/games/{id}/record")).await;
    assert_eq!(
        record["clock"],
        json!({"control": "fischer:60+2", "left_ms": [60_000, 52_000]})
    );
    assert_eq!(record["result"]["reason"], "time");
    // A loss on time cannot be taken back.
    let (s, e) = t.post(&format!("/api/games/{id}/undo"), json!({})).await;
    assert_eq!((s, code(&e)), (409, "time_up"));
    let loaded = t.create(json!({"record": record})).await;
    assert_eq!(loaded["ending"]["reason"], "time");
    // And so does the server after a restart.
    t.restart().await;
    assert_eq!(t.view(&id).await["ending"]["reason"], "time");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_that_fell_while_the_server_was_down_falls_at_start() {
    let (mut t, time) = manual().await;
    let view = t
        .create(json!({"game": "villawar", "players": HUMANS(), "clock": "days:1"}))
        .await;
    let id = view["id"].as_str().unwrap().to_string();
    t.play(&id, "first", &first_legal(&view)).await;
    time.advance(23 * 3600 * 1000);
    assert_eq!(t.server.as_ref().unwrap().check_clocks(), 0, "a day per move");
    t.restart().await; // the game is not in memory after this
    time.advance(2 * 3600 * 1000);
    t.restart().await;
    let view = t.view(&id).await;
    assert_eq!(view["ending"]["reason"], "time", "{view}");
    assert_eq!(view["ending"]["winner"], "white", "black (to move) ran out");
    // A move after the flag is refused.
    let (s, e) = t
        .post(&format!("/api/games/{id}/moves"), json!({"move": "a1-a2"}))
        .await;
    assert_eq!((s, code(&e)), (409, "game_over"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_move_loses_on_time_and_clocks_wait_for_the_invited_player() {
    let (t, time) = manual().await;
    let view = t
        .create(json!({"game": "void", "players": HUMANS(), "clock": "fischer:60+0", "open": "white"}))
        .await;
    let id = view["id"].as_str().unwrap().to_string();
    let invite = view["invite"].clone();
    let view = t.play(&id, "black", &first_legal(&view)).await;
    assert_eq!(view["clock"]["running"], false, "white has not joined: no clock yet");
    time.advance(3_600_000);
    let (friend, view) = t.claim_as_new_player(&id, &invite).await;
    assert_eq!(view["clock"]["running"], true, "the clock starts when white joins");
    assert_eq!(left(&view).1, 60_000);
    time.advance(60_001);
    let (s, e) = t
        .send_as(
            Some(&friend),
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(json!({"move": first_legal(&view)})),
        )
        .await;
    assert_eq!((s, code(&e)), (409, "time_up"));
    let view = t.view(&id).await;
    assert_eq!(
        (view["ending"]["reason"].as_str(), view["ply"].as_u64()),
        (Some("time"), Some(1))
    );
    let (s, e) = t
        .post("/api/games", json!({"game": "void", "clock": "fischer:1+0"}))
        .await;
    assert_eq!((s, code(&e)), (400, "bad_clock"));
}

/// With the real clock: the flag falls by the server's own timer, told to a watcher, and the
/// computer keeps to a small share of its time whatever its level.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn flags_fall_by_the_timer_and_the_computer_keeps_to_its_clock() {
    let t = TestServer::new().await;
    let view = t
        .create(json!({"game": "void", "players": [{"kind": "human"}, {"kind": "computer", "level": 6}], "clock": "fischer:10+0"}))
        .await;
    let id = view["id"].as_str().unwrap().to_string();
    t.play(&id, "black", &first_legal(&view)).await;
    let view = t.wait_for_ply(&id, 2).await;
    let (_, white) = left(&view);
    assert!(
        white >= 8_000,
        "level 6 answered within its share of 10 s: {white} ms left"
    );
    // Black now waits; the server's timer ends the game when black's 10 s are up.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let view = t.view(&id).await;
        if !view["ending"].is_null() {
            assert_eq!(view["ending"]["reason"], "time");
            assert_eq!(view["ending"]["winner"], "white");
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "the flag fell in time");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}
