//! API integration tests: a real server on a random port, a real SQLite file.

mod common;

use common::{code, first_legal, side_to_move, TestServer};
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

const HUMANS: fn() -> Value = || json!([{"kind": "human"}, {"kind": "human"}]);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn catalog_lists_every_game() {
    let t = TestServer::new().await;
    let (status, catalog) = t.get("/api/catalog").await;
    assert_eq!(status, 200);
    let names: Vec<&str> = catalog["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    for game in ["void", "attraction"] {
        assert!(names.contains(&game), "{game} missing from {names:?}");
    }
    let (status, page) = (
        t.client.get(t.url("/")).send().await.unwrap().status(),
        t.client
            .get(t.url("/static/app.js"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap(),
    );
    assert_eq!(status, 200);
    assert!(page.contains("import"), "the app's entry module is served");
    for game in catalog["games"].as_array().unwrap() {
        assert!(!game["blurb"].as_str().unwrap().is_empty(), "{game}");
        assert_eq!(game["levels"], 6);
        assert_eq!(game["rules"], true, "{game}");
        if game["name"] == "villawar" {
            assert_eq!(game["option_choices"]["size"], json!(["6", "8", "10"]));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn create_play_undo_resign_and_download() {
    let t = TestServer::new().await;
    let view = t.create(json!({"game": "void", "players": HUMANS()})).await;
    let id = view["id"].as_str().unwrap().to_string();
    assert_eq!(view["ply"], 0);
    assert_eq!(view["legal"].as_array().unwrap().len(), 40);
    assert_eq!(side_to_move(&view), "black");

    let after = t.play(&id, "black", "m4-n4").await;
    assert_eq!(after["ply"], 1);
    assert_eq!(after["moves"], json!(["m4-n4"]));
    assert_eq!(side_to_move(&after), "white");
    assert_eq!(after["previous"], view["position"]);
    let reply = first_legal(&after);
    let after2 = t.play(&id, "white", &reply).await;
    assert_eq!(after2["ply"], 2);

    let (status, positions) = t.get(&format!("/api/games/{id}/positions")).await;
    assert_eq!(status, 200);
    assert_eq!(
        positions,
        json!([view["position"], after["position"], after2["position"]])
    );

    let (status, undone) = t.post(&format!("/api/games/{id}/undo"), json!({})).await;
    assert_eq!(status, 200, "{undone}");
    assert_eq!(undone["ply"], 1);
    assert_eq!(undone["position"], after["position"]);

    let (status, resigned) = t
        .post(&format!("/api/games/{id}/resign"), json!({"side": "white"}))
        .await;
    assert_eq!(status, 200, "{resigned}");
    assert_eq!(resigned["ending"]["winner"], "black");
    assert_eq!(resigned["ending"]["reason"], "resignation");
    assert_eq!(resigned["legal"], json!([]));

    let r = t
        .client
        .get(t.url(&format!("/api/games/{id}/record")))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert!(r.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .contains("attachment"));
    let record: Value = r.json().await.unwrap();
    assert_eq!(record["game"], "void");
    assert_eq!(record["moves"], json!(["m4-n4"]));
    assert_eq!(record["result"]["reason"], "resignation");

    // A finished game stays finished: no undo of the resignation. The record loads as a new game.
    let (status, back) = t.post(&format!("/api/games/{id}/undo"), json!({})).await;
    assert_eq!((status, code(&back)), (409, "game_over"), "{back}");
    assert_eq!(t.view(&id).await["ending"]["reason"], "resignation");
    let loaded = t.create(json!({"record": record})).await;
    assert_eq!(loaded["position"], after["position"]);
    assert_eq!(loaded["ending"]["reason"], "resignation");

    let (status, list) = t.get("/api/games?limit=5").await;
    assert_eq!(status, 200);
    assert!(list.as_array().unwrap().iter().any(|g| g["id"] == json!(id)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computer_replies_and_undo_goes_back_to_the_human() {
    let t = TestServer::new().await;
    for game in ["void", "attraction"] {
        let view = t
            .create(json!({"game": game, "players": [{"kind": "human"}, {"kind": "computer", "level": 1}]}))
            .await;
        let id = view["id"].as_str().unwrap().to_string();
        let side = side_to_move(&view);
        t.play(&id, &side, &first_legal(&view)).await;
        let replied = t.wait_for_ply(&id, 2).await;
        assert_eq!(side_to_move(&replied), side);
        let (status, undone) = t.post(&format!("/api/games/{id}/undo"), json!({})).await;
        assert_eq!(status, 200);
        assert_eq!(
            undone["ply"], 0,
            "undo takes back the computer's reply and the human's move"
        );
        assert_eq!(undone["position"], view["position"]);

        let (status, hint) = t.get(&format!("/api/games/{id}/hint")).await;
        assert_eq!(status, 200, "{hint}");
        let best = hint["best"].as_str().unwrap();
        assert!(view["legal"].as_array().unwrap().iter().any(|m| m["notation"] == best));
    }
    // The computer moving first starts by itself.
    let view = t
        .create(json!({"game": "void", "players": [{"kind": "computer", "level": 1}, {"kind": "human"}]}))
        .await;
    t.wait_for_ply(view["id"].as_str().unwrap(), 1).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_survive_a_restart() {
    let mut t = TestServer::new().await;
    let view = t.create(json!({"game": "attraction", "players": HUMANS()})).await;
    let id = view["id"].as_str().unwrap().to_string();
    let mut v = view;
    for _ in 0..4 {
        let side = side_to_move(&v);
        v = t.play(&id, &side, &first_legal(&v)).await;
    }
    let resigned_game = t.create(json!({"game": "void", "players": HUMANS()})).await;
    let rid = resigned_game["id"].as_str().unwrap().to_string();
    t.play(&rid, "black", "m4-n4").await;
    t.post(&format!("/api/games/{rid}/resign"), json!({"side": "black"}))
        .await;

    t.restart().await;
    let resumed = t.view(&id).await;
    assert_eq!(resumed["moves"], v["moves"]);
    assert_eq!(resumed["position"], v["position"]);
    let side = side_to_move(&resumed);
    let next = t.play(&id, &side, &first_legal(&resumed)).await;
    assert_eq!(next["ply"], 5);
    let r = t.view(&rid).await;
    assert_eq!(r["ending"]["winner"], "white");
    assert_eq!(r["moves"], json!(["m4-n4"]));

    // The database is in WAL mode and has every move as a row.
    let conn = rusqlite::Connection::open(t.db()).unwrap();
    let mode: String = conn.query_row("PRAGMA journal_mode", [], |r| r.get(0)).unwrap();
    assert_eq!(mode, "wal");
    let rows: i64 = conn
        .query_row("SELECT COUNT(*) FROM moves WHERE game_id = ?1", [&id], |r| r.get(0))
        .unwrap();
    assert_eq!(rows, 5);
}

async fn next_state(
    ws: &mut (impl StreamExt<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin),
    ply: u64,
) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let msg = tokio::time::timeout_at(deadline, ws.next())
            .await
            .expect("a state message in time")
            .expect("socket open")
            .expect("message");
        if let Message::Text(text) = msg {
            let v: Value = serde_json::from_str(&text).unwrap();
            if v["type"] == "state" && v["state"]["ply"].as_u64() == Some(ply) {
                return v["state"].clone();
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_clients_and_a_watcher_see_each_others_moves() {
    let t = TestServer::new().await;
    let view = t
        .create(json!({"game": "void", "players": HUMANS(), "open": "white"}))
        .await;
    let id = view["id"].as_str().unwrap().to_string();
    // White is claimed by a second player with the invite, as the friend's browser does.
    let (friend, _) = t.claim_as_new_player(&id, &view["invite"]).await;
    let ws_url = format!("{}/api/games/{id}/ws", t.base.replace("http://", "ws://"));
    let (mut black, _) = tokio_tungstenite::connect_async(&ws_url).await.unwrap();
    let (mut white, _) = tokio_tungstenite::connect_async(&ws_url).await.unwrap();
    let (mut watcher, _) = tokio_tungstenite::connect_async(&ws_url).await.unwrap();
    for ws in [&mut black, &mut white, &mut watcher] {
        next_state(ws, 0).await;
    }
    t.play(&id, "black", "m4-n4").await;
    let seen = next_state(&mut white, 1).await;
    assert_eq!(seen["moves"], json!(["m4-n4"]));
    next_state(&mut watcher, 1).await;
    let reply = first_legal(&seen);
    // White moves through a second HTTP client, as another browser would.
    let other = common::client_with_token(&friend);
    let r = other
        .post(t.url(&format!("/api/games/{id}/moves")))
        .json(&json!({"move": reply, "side": "white", "ply": 1}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let seen = next_state(&mut black, 2).await;
    assert_eq!(seen["moves"][1], json!(reply));
    next_state(&mut watcher, 2).await;
    // A stale move from a client that did not see the reply is refused.
    let (status, err) = t
        .post(
            &format!("/api/games/{id}/moves"),
            json!({"move": first_legal(&seen), "side": "black", "ply": 1}),
        )
        .await;
    assert_eq!((status, code(&err)), (409, "stale"));
    // Stopping the server does not wait for the open sockets; they are closed.
    let mut t = t;
    tokio::time::timeout(Duration::from_secs(20), t.restart())
        .await
        .expect("the server stops although sockets are open");
    let closed = tokio::time::timeout(Duration::from_secs(20), async {
        while let Some(Ok(msg)) = watcher.next().await {
            if let Message::Close(_) = msg {
                break;
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "the watcher's socket is closed");
    drop((black, white));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn krux_turns_build_token_by_token() {
    let t = TestServer::new().await;
    let (_, catalog) = t.get("/api/catalog").await;
    if !catalog["games"].as_array().unwrap().iter().any(|g| g["name"] == "krux") {
        return; // not registered yet
    }
    let view = t.create(json!({"game": "krux", "players": HUMANS()})).await;
    let id = view["id"].as_str().unwrap().to_string();
    assert!(view["legal"].is_null());
    let tokens = |turn: &Value| -> Vec<String> {
        turn["next"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n["token"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(tokens(&view["turn"]), ["@b", "@g", "@p"]);
    assert!(
        view["turn"]["next"][0]["cell"].is_null(),
        "a ring is chosen by a button"
    );
    assert_eq!(view["turn"]["next"][1]["label"], "Green ring (jumper)");
    assert!(view["turn"]["note"].as_str().unwrap().contains("choose its ring"));
    assert_eq!(view["turn"]["can_finish"], false);
    let (status, turn) = t
        .post(&format!("/api/games/{id}/turn"), json!({"tokens": ["@g"]}))
        .await;
    assert_eq!(status, 200, "{turn}");
    assert_eq!(turn["can_finish"], true);
    assert_eq!(turn["pieces"].as_array().unwrap().len(), 6, "every piece is placed");
    assert_eq!(
        turn["pieces"][0]["glyph"], "piece-1-g",
        "the chosen ring is worn at once"
    );
    let step = tokens(&turn).into_iter().find(|t| t.len() == 2).unwrap();
    let marked = turn["next"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["token"] == step.as_str())
        .unwrap();
    assert_eq!(
        (marked["mark"].as_str(), marked["cell"].as_str()),
        (Some("step"), Some(step.as_str()))
    );
    assert!(
        turn["status"].as_str().unwrap().contains("steps 0/3"),
        "{}",
        turn["status"]
    );
    let (status, turn) = t
        .post(&format!("/api/games/{id}/turn"), json!({"tokens": ["@g", step]}))
        .await;
    assert_eq!(status, 200);
    let played = t.play(&id, "white", turn["notation"].as_str().unwrap()).await;
    assert_eq!(played["ply"], 1);
    // An illegal token names itself; the game is untouched.
    let (status, err) = t
        .post(&format!("/api/games/{id}/turn"), json!({"tokens": ["a1"]}))
        .await;
    assert_eq!((status, code(&err)), (400, "bad_move"), "{err}");
    let (status, err) = t
        .post(&format!("/api/games/{id}/moves"), json!({"move": "-", "side": "black"}))
        .await;
    assert_eq!((status, code(&err)), (400, "bad_move"), "{err}");
    assert_eq!(t.view(&id).await["ply"], 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn villawar_sizes() {
    let t = TestServer::new().await;
    let (_, catalog) = t.get("/api/catalog").await;
    if !catalog["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["name"] == "villawar")
    {
        return;
    }
    let view = t.create(json!({"game": "villawar", "options": "size=10"})).await;
    assert_eq!(view["options"], "size=10");
    assert_eq!(view["position"].as_str().unwrap().split('/').count(), 10);
    let (status, err) = t
        .post("/api/games", json!({"game": "villawar", "options": "size=7"}))
        .await;
    assert_eq!((status, code(&err)), (400, "bad_options"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_is_refused_and_leaves_the_game_untouched() {
    let t = TestServer::new().await;
    // Creation.
    let cases = [
        (json!({"game": "chess"}), 400, "unknown_game"),
        (json!({"game": "void", "options": "colour=red"}), 400, "bad_options"),
        (json!({"game": "void", "options": "plies"}), 400, "bad_options"),
        (
            json!({"game": "void", "position": "not a position"}),
            400,
            "bad_position",
        ),
        (
            json!({"game": "void", "players": [{"kind": "computer", "level": 9}, {"kind": "human"}]}),
            400,
            "bad_players",
        ),
        (
            json!({"game": "void", "players": [{"kind": "robot"}, {"kind": "human"}]}),
            400,
            "bad_request_body",
        ),
        (json!({"game": "void", "colour": "red"}), 400, "bad_request_body"),
        (json!({}), 400, "bad_request_body"),
        (json!({"game": 7}), 400, "bad_request_body"),
        (
            json!({"record": {"game": "void", "start": "3BFB6bfb3/3S1S6s1s3/3XXX6xxx3/18/18 b 0", "moves": ["a1-a2"]}}),
            400,
            "bad_record",
        ),
    ];
    for (body, status, expected) in cases {
        let (s, err) = t.post("/api/games", body.clone()).await;
        assert_eq!((s, code(&err)), (status, expected), "{body} -> {err}");
        assert!(!err["error"]["message"].as_str().unwrap().is_empty());
    }
    let (s, err) = t
        .post_raw("/api/games", b"{\"game\": \"void\"".to_vec(), "application/json")
        .await;
    assert_eq!((s, code(&err)), (400, "bad_json"));
    let (s, err) = t
        .post_raw("/api/games", b"{\"game\": \"void\"}".to_vec(), "text/plain")
        .await;
    assert_eq!((s, code(&err)), (415, "bad_content_type"));
    let huge = format!("{{\"game\": \"void\", \"position\": \"{}\"}}", "x".repeat(300 * 1024));
    let (s, err) = t.post_raw("/api/games", huge.into_bytes(), "application/json").await;
    assert_eq!((s, code(&err)), (413, "body_too_large"));

    // Moves and other actions on an existing game.
    let view = t
        .create(json!({"game": "void", "players": [{"kind": "human"}, {"kind": "computer", "level": 1}]}))
        .await;
    let id = view["id"].as_str().unwrap().to_string();
    let moves = format!("/api/games/{id}/moves");
    let cases = [
        (json!({"move": "zz", "side": "black"}), 400, "bad_move"),
        (json!({"move": "m4-m1", "side": "black"}), 400, "bad_move"),
        (json!({"move": "", "side": "black"}), 400, "bad_move"),
        (json!({"move": "d3-e2", "side": "white"}), 409, "not_your_turn"),
        (json!({"move": "m4-n4", "side": "green"}), 400, "bad_side"),
        (json!({"move": "m4-n4", "side": "black", "ply": 3}), 409, "stale"),
        (json!({"side": "black"}), 400, "bad_request_body"),
        (
            json!({"move": "m4-n4", "side": "black", "extra": 1}),
            400,
            "bad_request_body",
        ),
        (json!({"move": ["m4-n4"], "side": "black"}), 400, "bad_request_body"),
    ];
    for (body, status, expected) in cases {
        let (s, err) = t.post(&moves, body.clone()).await;
        assert_eq!((s, code(&err)), (status, expected), "{body} -> {err}");
    }
    let (s, err) = t.post_raw(&moves, vec![b'a'; 300 * 1024], "application/json").await;
    assert_eq!((s, code(&err)), (413, "body_too_large"));
    let (s, err) = t.post(&format!("/api/games/{id}/undo"), json!({})).await;
    assert_eq!((s, code(&err)), (409, "nothing_to_undo"));
    let (s, err) = t
        .post(&format!("/api/games/{id}/resign"), json!({"side": "purple"}))
        .await;
    assert_eq!((s, code(&err)), (400, "bad_side"));
    let (s, err) = t.post(&format!("/api/games/{id}/turn"), json!({"tokens": []})).await;
    assert_eq!((s, code(&err)), (400, "no_turn_builder"));
    let (s, err) = t
        .post(
            &format!("/api/games/{id}/players"),
            json!({"players": [{"kind": "computer", "level": 0}, {"kind": "human"}]}),
        )
        .await;
    assert_eq!((s, code(&err)), (400, "bad_players"));
    let unchanged = t.view(&id).await;
    assert_eq!(unchanged["ply"], 0);
    assert_eq!(unchanged["position"], view["position"]);
    assert_eq!(unchanged["sides"], view["sides"]);

    // The computer's side cannot be moved by a human.
    t.play(&id, "black", "m4-n4").await;
    let reply_view = t.wait_for_ply(&id, 2).await;
    let (s, err) = t
        .post(&moves, json!({"move": first_legal(&reply_view), "side": "white"}))
        .await;
    assert_eq!((s, code(&err)), (409, "not_your_turn"));

    // A finished game takes no moves and no second resignation.
    t.post(&format!("/api/games/{id}/resign"), json!({"side": "black"}))
        .await;
    let finished = t.view(&id).await;
    let (s, err) = t
        .post(&moves, json!({"move": first_legal(&reply_view), "side": "black"}))
        .await;
    assert_eq!((s, code(&err)), (409, "game_over"));
    let (s, err) = t
        .post(&format!("/api/games/{id}/resign"), json!({"side": "white"}))
        .await;
    assert_eq!((s, code(&err)), (409, "game_over"));
    let (s, err) = t.get(&format!("/api/games/{id}/hint")).await;
    assert_eq!((s, code(&err)), (409, "game_over"));
    let after = t.view(&id).await;
    assert_eq!(after["moves"], finished["moves"]);
    assert_eq!(after["ending"], finished["ending"]);

    // Unknown games and routes.
    for path in ["/api/games/nosuchgame", "/api/games/bad%20id!", "/api/nothing"] {
        let (s, err) = t.get(path).await;
        assert_eq!((s, code(&err)), (404, "not_found"), "{path}");
    }
    let (s, err) = t
        .post("/api/games/nosuchgame/moves", json!({"move": "m4-n4", "side": "black"}))
        .await;
    assert_eq!((s, code(&err)), (404, "not_found"));
    let (s, err) = t.get("/api/games?limit=abc").await;
    assert_eq!((s, code(&err)), (400, "bad_query"));
    let (s, err) = t.get(&format!("/api/games/{id}/moves")).await;
    assert_eq!((s, code(&err)), (405, "method_not_allowed"));

    // Nothing of the above reached the database: a restart shows the same game.
    let mut t = t;
    t.restart().await;
    let reloaded = t.view(&id).await;
    assert_eq!(reloaded["moves"], finished["moves"]);
    assert_eq!(reloaded["ending"], finished["ending"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_is_drawn_and_its_moves_explained() {
    let t = TestServer::new().await;
    let (_, catalog) = t.get("/api/catalog").await;
    for game in catalog["games"].as_array().unwrap() {
        let name = game["name"].as_str().unwrap();
        let (status, d) = t.get(&format!("/api/diagram?game={name}")).await;
        assert_eq!(status, 200, "{name}: {d}");
        assert_eq!(d["position"], game["start"]);
        let cells: Vec<&str> = d["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap())
            .collect();
        let pieces = d["pieces"].as_array().unwrap();
        assert!(!pieces.is_empty(), "{name}");
        for piece in pieces {
            assert!(cells.contains(&piece["cell"].as_str().unwrap()), "{name}: {piece}");
            assert!(
                d["glyphs"][piece["glyph"].as_str().unwrap()].is_object(),
                "{name}: {piece}"
            );
        }
        assert!(!d["legend"].as_array().unwrap().is_empty() && !d["key"].as_array().unwrap().is_empty());
        let (_, flipped) = t.get(&format!("/api/diagram?game={name}&flipped=true")).await;
        assert_ne!(
            flipped["cells"][0]["center"], d["cells"][0]["center"],
            "{name}: flipping moves the cells"
        );

        // The first legal move, explained: the clicks that enter it stand on the board.
        let view = t.create(json!({"game": name, "players": HUMANS()})).await;
        let mv = match view["legal"].as_array() {
            Some(legal) => legal[0]["notation"].as_str().unwrap().to_string(),
            None => view["turn"]["next"][0]["token"].as_str().unwrap().to_string(),
        };
        let response = t
            .client
            .get(t.url("/api/diagram"))
            .query(&[("game", name), ("move", mv.as_str())])
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "{name} {mv}");
        let body: Value = response.json().await.unwrap();
        let details = &body["move"];
        assert_ne!(details["after"], d["position"], "{name}: {details}");
        let clicks = details["clicks"].as_array().unwrap();
        assert!(!clicks.is_empty(), "{name}: {details}");
        for click in clicks {
            if let Some(cell) = click["cell"].as_str() {
                assert!(cells.contains(&cell), "{name}: {click}");
            }
            assert!(!click["label"].as_str().unwrap().is_empty());
        }
    }
    // Bad input: a JSON error that says what is wrong.
    for (query, code_expected) in [
        ("game=chess", "unknown_game"),
        ("game=void&position=garbage", "bad_position"),
        ("game=void&move=z9-z9", "bad_move"),
        ("game=void&colour=red", "bad_query"),
        ("position=x", "bad_query"),
    ] {
        let (status, err) = t.get(&format!("/api/diagram?{query}")).await;
        assert_eq!((status, code(&err)), (400, code_expected), "{query}: {err}");
    }
    let long = "x".repeat(5000);
    let (status, err) = t.get(&format!("/api/diagram?game=void&position={long}")).await;
    assert_eq!((status, code(&err)), (400, "too_long"));
    assert!(
        err["error"]["message"].as_str().unwrap().len() < 200,
        "the input is not echoed"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_pages_and_unknown_pages() {
    let t = TestServer::new().await;
    let (_, catalog) = t.get("/api/catalog").await;
    for game in catalog["games"].as_array().unwrap() {
        let name = game["name"].as_str().unwrap();
        let (status, rules) = t.get(&format!("/api/rules/{name}")).await;
        assert_eq!(status, 200, "{name}: {rules}");
        let html = rules["html"].as_str().unwrap();
        assert!(
            !html.contains("../shared"),
            "{name}: the rules point outside the project"
        );
        let diagrams = rules["diagrams"].as_array().unwrap();
        assert!(!diagrams.is_empty(), "{name}");
        for d in diagrams {
            let id = d["id"].as_str().unwrap();
            assert!(
                html.contains(&format!("data-diagram=\"{id}\"")),
                "{name}: diagram {id} is not in the text"
            );
        }
        assert!(!rules["tutorial"]["steps"].as_array().unwrap().is_empty(), "{name}");
        for page in [format!("/rules/{name}"), format!("/learn/{name}")] {
            let response = t.client.get(t.url(&page)).send().await.unwrap();
            assert_eq!(response.status(), 200, "{page}");
            assert!(response.text().await.unwrap().contains("<main id=\"app\""), "{page}");
        }
    }
    let (status, err) = t.get("/api/rules/chess").await;
    assert_eq!((status, code(&err)), (404, "not_found"));
    // An unknown page is the app's page with 404 (the app says "Page not found"); a missing file
    // or API path is a JSON error.
    for page in ["/no/such/page", "/rules/chess", "/learn/chess"] {
        let response = t.client.get(t.url(page)).send().await.unwrap();
        assert_eq!(response.status(), 404, "{page}");
        assert!(response.text().await.unwrap().contains("<main id=\"app\""), "{page}");
    }
    for path in ["/static/nothing.js", "/api/nothing"] {
        let (status, err) = t.get(path).await;
        assert_eq!((status, code(&err)), (404, "not_found"), "{path}: {err}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn endings_say_what_happened() {
    let t = TestServer::new().await;
    let view = t.create(json!({"game": "void", "players": HUMANS()})).await;
    let id = view["id"].as_str().unwrap().to_string();
    let (_, over) = t
        .post(&format!("/api/games/{id}/resign"), json!({"side": "white"}))
        .await;
    assert_eq!(over["ending"]["text"], "White resigned. Black wins.");
    // Void, worked example 2: Black's flagship attacks the fighter above it, which falls and
    // pushes the flagship into the void. The view tells it and keeps the decisive cells.
    let view = t
        .create(json!({"game": "void", "players": HUMANS(), "position": "F17/5X12/18/18/4f13 b 0"}))
        .await;
    let id = view["id"].as_str().unwrap().to_string();
    let over = t.play(&id, "black", "e1-f1xf4").await;
    assert_eq!(
        over["ending"]["text"],
        "Black's flagship fell into the void. White wins."
    );
    let cells: Vec<&str> = over["ending"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert!(cells.contains(&"f1"), "where the flagship stood: {cells:?}");
    assert_eq!(over["last"]["notation"], "e1-f1xf4");
    assert_eq!(over["last"]["from"], "e1");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turns_are_built_step_by_step_from_any_position() {
    let t = TestServer::new().await;
    let (status, turn) = t
        .post("/api/turn", json!({"game": "krux", "tokens": ["@b", "Pb1"]}))
        .await;
    assert_eq!(status, 200, "{turn}");
    assert_eq!(
        turn["pieces"].as_array().unwrap().len(),
        5,
        "the carried piece is off the board"
    );
    assert!(turn["note"].as_str().unwrap().starts_with("Carrying piece 3"), "{turn}");
    assert_eq!(turn["can_finish"], false);
    let (status, turn) = t
        .post(
            "/api/turn",
            json!({"game": "krux", "position": ".....46/...1g.../......./...*.../......./...2.../35..... 1", "tokens": ["Ad2"]}),
        )
        .await;
    assert_eq!((status, &turn["won"]), (200, &json!(true)), "{turn}");
    for (body, status_expected, code_expected) in [
        (json!({"game": "void", "tokens": []}), 400, "no_turn_builder"),
        (json!({"game": "krux", "tokens": ["zz"]}), 400, "bad_move"),
        (
            json!({"game": "krux", "position": "junk", "tokens": []}),
            400,
            "bad_position",
        ),
        (
            json!({"game": "krux", "tokens": [], "extra": 1}),
            400,
            "bad_request_body",
        ),
        (
            json!({"game": "krux", "position": ".....46/...1g.../......./...2.../......./......./35..... 2", "tokens": []}),
            409,
            "game_over",
        ),
    ] {
        let (status, err) = t.post("/api/turn", body.clone()).await;
        assert_eq!((status, code(&err)), (status_expected, code_expected), "{body}: {err}");
    }
}

/// Errors raised before a handler runs are JSON too, and long inputs are not echoed back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_error_is_json_and_short() {
    let t = TestServer::new().await;
    let view = t.create(json!({"game": "void", "players": HUMANS()})).await;
    let id = view["id"].as_str().unwrap().to_string();
    for path in [
        format!("/api/games/{id}/ws"),
        "/api/games/nothing/ws".to_string(),
        "/api/games/%FF".to_string(),
        "/api/games?limit=1&limit=2".to_string(),
        "/static/%FF".to_string(),
    ] {
        let response = t.client.get(t.url(&path)).send().await.unwrap();
        let status = response.status().as_u16();
        assert!((400..500).contains(&status), "{path}: {status}");
        let kind = response.headers()["content-type"].to_str().unwrap().to_string();
        assert!(kind.starts_with("application/json"), "{path}: {kind}");
        let body: Value = response.json().await.unwrap();
        assert!(
            body["error"]["code"].is_string() && body["error"]["message"].is_string(),
            "{path}: {body}"
        );
    }
    let huge = "x".repeat(200_000);
    let (status, err) = t
        .post(
            "/api/games",
            json!({"game": "void", "players": HUMANS(), "position": huge}),
        )
        .await;
    assert_eq!((status, code(&err)), (400, "bad_position"), "{err}");
    let message = err["error"]["message"].as_str().unwrap();
    assert!(
        message.len() < 600,
        "the bad position is not echoed back whole: {} bytes",
        message.len()
    );
}
