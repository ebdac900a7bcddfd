//! Several `arbiter serve` processes on one PostgreSQL behave as one server: players and watchers
//! split across them, moves raced through both, the instance running the computer killed with
//! SIGKILL mid-think — and a SQLite file moved into PostgreSQL with `arbiter db migrate`.

mod common;

use common::{new_player, serve};
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::process::Command;
use std::time::{Duration, Instant};

async fn send(http: &reqwest::Client, url: String, body: Option<Value>) -> (u16, Value) {
    let request = match body {
        Some(body) => http.post(url).json(&body),
        None => http.get(url),
    };
    let r = request.send().await.expect("request");
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// Waits until the game's view on `base` is at `ply` (another instance's change has arrived).
async fn view_at(http: &reqwest::Client, base: &str, id: &str, ply: u64) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (_, view) = send(http, format!("{base}/api/games/{id}"), None).await;
        if view["ply"] == ply || Instant::now() > deadline {
            assert_eq!(view["ply"], ply, "{base} shows the game at ply {ply}");
            return view;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The next state message on a game's WebSocket that is at `ply`.
async fn state_at(
    ws: &mut (impl StreamExt<Item = Result<tokio_tungstenite::tungstenite::Message, tokio_tungstenite::tungstenite::Error>>
              + Unpin),
    ply: u64,
) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let message = tokio::time::timeout_at(deadline, ws.next())
            .await
            .unwrap_or_else(|_| panic!("no state at ply {ply} within 10 s"))
            .expect("the socket stays open")
            .expect("a message");
        if let Ok(text) = message.to_text() {
            let v: Value = serde_json::from_str(text).unwrap_or(Value::Null);
            if v["type"] == "state" && v["state"]["ply"] == ply {
                return v["state"].clone();
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_instances_serve_one_site() {
    let db = arbiter_testkit::cluster().database();
    let a = serve(&db, 0).await;
    let b = serve(&db, 0).await;
    // Alice plays on A, Bob on B: Alice's game leaves a side open, Bob claims it through B.
    let alice = new_player(&a.base).await;
    let bob = new_player(&b.base).await;
    let (status, created) = send(
        &alice,
        format!("{}/api/games", a.base),
        Some(json!({"game": "void", "open": "second"})),
    )
    .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let invite = created["invite"].as_str().unwrap();
    let (status, claimed) = send(
        &bob,
        format!("{}/api/games/{id}/claim", b.base),
        Some(json!({"invite": invite})),
    )
    .await;
    assert_eq!(status, 200, "{claimed}");
    // A watcher on each instance.
    let ws = |port: u16| format!("ws://127.0.0.1:{port}/api/games/{id}/ws");
    let (mut watch_a, _) = tokio_tungstenite::connect_async(ws(a.port)).await.unwrap();
    let (mut watch_b, _) = tokio_tungstenite::connect_async(ws(b.port)).await.unwrap();
    // A shows Bob's claim too, as soon as B's change is announced.
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let seen = view_at(&alice, &a.base, &id, 0).await;
        if seen["sides"][1]["player"]["id"].is_string() {
            break;
        }
        assert!(Instant::now() < deadline, "A never showed the claim: {seen}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }

    // Moves alternate between the instances; each reaches the other instance's watcher.
    let mut latencies = Vec::new();
    for ply in 0..8u64 {
        let (who, here, there_ws) = if ply % 2 == 0 {
            (&alice, &a.base, &mut watch_b)
        } else {
            (&bob, &b.base, &mut watch_a)
        };
        let view = view_at(who, here, &id, ply).await;
        let mv = view["legal"][0]["notation"].clone();
        let sent = Instant::now();
        let (status, after) = send(
            who,
            format!("{here}/api/games/{id}/moves"),
            Some(json!({"move": mv, "ply": ply})),
        )
        .await;
        assert_eq!(status, 200, "ply {ply}: {after}");
        let heard = state_at(there_ws, ply + 1).await;
        latencies.push(sent.elapsed());
        assert_eq!(heard["moves"], after["moves"], "the other instance tells the same game");
    }
    latencies.sort();
    eprintln!(
        "a move through one instance reached the other's watcher in {:?} (median; worst {:?}, move included)",
        latencies[latencies.len() / 2],
        latencies[latencies.len() - 1]
    );

    // Alice sends her move for one ply through both instances at once: one is stored, the other
    // refused with 409, every time.
    let mut refused = 0;
    let mut ply = 8;
    for round in 0..10u64 {
        let view_a = view_at(&alice, &a.base, &id, ply).await;
        view_at(&alice, &b.base, &id, ply).await;
        if !view_a["ending"].is_null() {
            break; // the moves raced ended the game (random legal moves may)
        }
        let legal = view_a["legal"].as_array().unwrap();
        let (first, second) = (legal[0]["notation"].clone(), legal[1]["notation"].clone());
        let (ra, rb) = tokio::join!(
            send(
                &alice,
                format!("{}/api/games/{id}/moves", a.base),
                Some(json!({"move": first, "ply": ply}))
            ),
            send(
                &alice,
                format!("{}/api/games/{id}/moves", b.base),
                Some(json!({"move": second, "ply": ply}))
            ),
        );
        let statuses = [ra.0, rb.0];
        assert_eq!(
            statuses.iter().filter(|&&s| s == 200).count(),
            1,
            "round {round}: {statuses:?} {} {}",
            ra.1,
            rb.1
        );
        let loser = if ra.0 == 200 { &rb } else { &ra };
        assert_eq!(loser.0, 409, "{}", loser.1);
        assert_eq!(loser.1["error"]["code"], "stale");
        refused += 1;
        ply += 1;
        // Bob answers through B.
        let view = view_at(&bob, &b.base, &id, ply).await;
        if !view["ending"].is_null() {
            break;
        }
        let mv = view["legal"][0]["notation"].clone();
        let (status, body) = send(
            &bob,
            format!("{}/api/games/{id}/moves", b.base),
            Some(json!({"move": mv, "ply": ply})),
        )
        .await;
        assert_eq!(status, 200, "{body} after {view}");
        ply += 1;
    }
    assert!(refused >= 3, "{refused} races");
    // Both instances tell the same moves, and the record holds one move per ply.
    let on_a = view_at(&alice, &a.base, &id, ply).await;
    let on_b = view_at(&bob, &b.base, &id, ply).await;
    assert_eq!(on_a["moves"], on_b["moves"]);
    let (_, record) = send(&alice, format!("{}/api/games/{id}/record", b.base), None).await;
    assert_eq!(record["moves"].as_array().unwrap().len() as u64, ply);
    // Bob (white) cannot act for Alice's side (black) through either instance.
    for base in [&a.base, &b.base] {
        let (status, body) = send(
            &bob,
            format!("{base}/api/games/{id}/moves"),
            Some(json!({"move": "m3-n4", "side": "black"})),
        )
        .await;
        assert_eq!(status, 403, "{body}");
    }
    // A challenge posted on B is listed on A, and taken only once across both.
    let (status, challenge) = send(
        &bob,
        format!("{}/api/challenges", b.base),
        Some(json!({"game": "krux"})),
    )
    .await;
    assert_eq!(status, 200, "{challenge}");
    let cid = challenge["id"].as_str().unwrap();
    let (_, listed) = send(&alice, format!("{}/api/challenges", a.base), None).await;
    assert!(listed.as_array().unwrap().iter().any(|c| c["id"] == cid));
    let carol = new_player(&a.base).await;
    let accept = |http: reqwest::Client, base: String| async move {
        send(&http, format!("{base}/api/challenges/{cid}/accept"), Some(json!({}))).await
    };
    let (x, y) = tokio::join!(
        accept(alice.clone(), a.base.clone()),
        accept(carol.clone(), b.base.clone())
    );
    let mut statuses = [x.0, y.0];
    statuses.sort();
    assert_eq!(statuses, [200, 404], "{} {}", x.1, y.1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_computer_goes_on_when_its_instance_is_killed() {
    let db = arbiter_testkit::cluster().database();
    let mut a = serve(&db, 0).await;
    let b = serve(&db, 0).await;
    let me = new_player(&a.base).await;
    // The computer plays both sides at its top level (a second per move): A, which created the
    // game, runs the computer.
    let seats = json!([{"kind": "computer", "level": 6}, {"kind": "computer", "level": 6}]);
    let (status, created) = send(
        &me,
        format!("{}/api/games", a.base),
        Some(json!({"game": "krux", "players": seats})),
    )
    .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    // B serves the game as well (watchers, views) but must not think for it while A does.
    let (mut watch_b, _) = tokio_tungstenite::connect_async(format!("ws://127.0.0.1:{}/api/games/{id}/ws", b.port))
        .await
        .unwrap();
    let second = state_at(&mut watch_b, 2).await;
    assert!(second["ending"].is_null(), "the game lasts longer than two plies");
    // Killed mid-think (A is always thinking or pausing between the computer's moves).
    let killed_at = Instant::now();
    a.child.kill().expect("SIGKILL");
    a.child.wait().unwrap();
    let (_, at_kill) = send(&me, format!("{}/api/games/{id}", b.base), None).await;
    let ply_at_kill = at_kill["ply"].as_u64().unwrap();
    // B takes the game over once A's lease runs out, and the computer plays it to the end.
    let deadline = Instant::now() + Duration::from_secs(180);
    let mut first_move_after = None;
    let view = loop {
        let (_, view) = send(&me, format!("{}/api/games/{id}", b.base), None).await;
        if first_move_after.is_none() && view["ply"].as_u64().unwrap() > ply_at_kill {
            first_move_after = Some(killed_at.elapsed());
        }
        if !view["ending"].is_null() {
            break view;
        }
        assert!(Instant::now() < deadline, "the game did not finish on B: {view}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    eprintln!(
        "A killed at ply {ply_at_kill}; B's first move {:?} later; the game ended at ply {}: {}",
        first_move_after.unwrap(),
        view["ply"],
        view["ending"]["text"]
    );
    assert!(view["ply"].as_u64().unwrap() > ply_at_kill, "B played on");
    // The stored record replays to the same end (one move per ply, nothing lost or doubled).
    let (_, record) = send(&me, format!("{}/api/games/{id}/record", b.base), None).await;
    assert_eq!(record["moves"], view["moves"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sqlite_site_moves_to_postgres() {
    // A site on SQLite, with a finished game, a game in progress and an open challenge.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("arbiter.db");
    let site = serve(file.to_str().unwrap(), 0).await;
    let me = new_player(&site.base).await;
    let mut ids = Vec::new();
    for (game, plies) in [("void", 6), ("attraction", 3), ("krux", 0)] {
        let (_, view) = send(&me, format!("{}/api/games", site.base), Some(json!({"game": game}))).await;
        let id = view["id"].as_str().unwrap().to_string();
        for ply in 0..plies {
            let view = view_at(&me, &site.base, &id, ply).await;
            let mv = view["legal"][0]["notation"].clone();
            let (status, _) = send(
                &me,
                format!("{}/api/games/{id}/moves", site.base),
                Some(json!({"move": mv})),
            )
            .await;
            assert_eq!(status, 200);
        }
        ids.push(id);
    }
    let (status, _) = send(
        &me,
        format!("{}/api/games/{}/resign", site.base, ids[0]),
        Some(json!({"side": "white"})),
    )
    .await;
    assert_eq!(status, 200);
    let (status, _) = send(
        &me,
        format!("{}/api/challenges", site.base),
        Some(json!({"game": "void"})),
    )
    .await;
    assert_eq!(status, 200);
    let mut before = Vec::new();
    for id in &ids {
        before.push(send(&me, format!("{}/api/games/{id}", site.base), None).await.1);
    }
    drop(site);

    let db = arbiter_testkit::cluster().database();
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["db", "migrate", "--from"])
        .arg(&file)
        .args(["--to", &db])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        stdout.contains(
            "Copied 1 players (0 with accounts, 0 ratings), 3 games (9 moves, 0 analyses), 0 puzzle attempts, 1 open \
             challenges and 0 tournaments"
        ),
        "{stdout}"
    );
    // Once more into the same database: refused, nothing doubled.
    let again = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["db", "migrate", "--from"])
        .arg(&file)
        .args(["--to", &db])
        .output()
        .unwrap();
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("empty one"));

    // The site on PostgreSQL: the same player (same token), games, moves and challenge.
    let site = serve(&db, 0).await;
    for (id, before) in ids.iter().zip(&before) {
        let (status, after) = send(&me, format!("{}/api/games/{id}", site.base), None).await;
        assert_eq!(status, 200);
        for key in ["moves", "position", "ending", "sides", "ply"] {
            assert_eq!(after[key], before[key], "{id}: {key}");
        }
    }
    let (_, listed) = send(&me, format!("{}/api/challenges", site.base), None).await;
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert_eq!(listed[0]["yours"], true, "the token still names the same player");
    // And play goes on there.
    let view = view_at(&me, &site.base, &ids[1], 3).await;
    let (status, _) = send(
        &me,
        format!("{}/api/games/{}/moves", site.base, ids[1]),
        Some(json!({"move": view["legal"][0]["notation"]})),
    )
    .await;
    assert_eq!(status, 200);
}
