//! Arena tournaments through the API: created by players with an account, joined and left by
//! anyone, free players paired within moments (never the same opponent twice in a row while someone
//! else could come free), standings scored from the stored games and told live on the tournament's
//! WebSocket, the tournament finished once its time is up and its last game ended; on two servers
//! sharing PostgreSQL, one pairs (under a lease) and both tell their watchers.

mod common;

use arbiter_server::time::{ManualTime, TimeSource};
use arbiter_server::{Limits, RunningServer};
use common::{client_with_token, code, next_json, postgres_server, TestServer};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;

/// A player of `t` with an account: their token.
async fn account(t: &TestServer, username: &str) -> String {
    let token = t.new_player().await;
    let (s, made) = t
        .send_as(
            Some(&token),
            "POST",
            "/api/account",
            Some(json!({"username": username, "password": "long enough"})),
        )
        .await;
    assert_eq!(s, 200, "{made}");
    token
}

/// Asks for the tournament until `done` says yes (the server pairs about once a second).
async fn wait_for(t: &TestServer, token: &str, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..100 {
        let (s, view) = t
            .send_as(Some(token), "GET", &format!("/api/tournaments/{id}"), None)
            .await;
        assert_eq!(s, 200, "{view}");
        if done(&view) {
            return view;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the tournament never got there");
}

fn standing<'a>(view: &'a Value, token_player: &str) -> &'a Value {
    view["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["player"]["id"] == token_player)
        .expect("a standing")
}

async fn player_id(t: &TestServer, token: &str) -> String {
    let (_, me) = t.send_as(Some(token), "GET", "/api/me", None).await;
    me["id"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_pairs_free_players_scores_their_games_and_finishes() {
    let start_ms = SystemTimeNow::ms();
    let time = Arc::new(ManualTime::new(start_ms));
    let t = TestServer::with_time(
        arbiter_server::service::DEFAULT_CACHE_GAMES,
        Limits::none(),
        time.clone() as Arc<dyn TimeSource>,
    )
    .await;
    let ada = account(&t, "Ada").await;
    let bob = t.new_player().await;

    // Creating needs an account, and sound settings.
    let arena = json!({"game": "void", "clock": "fischer:300+0", "minutes": 30});
    let (s, e) = t
        .send_as(Some(&bob), "POST", "/api/tournaments", Some(arena.clone()))
        .await;
    assert_eq!((s, code(&e)), (403, "account_needed"), "{e}");
    for (change, expected) in [
        (json!({"clock": "days:3"}), "bad_clock"),
        (json!({"clock": "fischer:7200+0"}), "bad_clock"),
        (json!({"clock": "soon"}), "bad_clock"),
        (json!({"minutes": 0}), "bad_minutes"),
        (json!({"minutes": 500}), "bad_minutes"),
        (json!({"starts_in": -5}), "bad_starts_in"),
        (json!({"game": "chess"}), "unknown_game"),
        (json!({"name": "\u{202e}evil"}), "bad_name"),
        (json!({"colour": "red"}), "bad_request_body"),
    ] {
        let mut body = arena.clone();
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        let (s, e) = t.send_as(Some(&ada), "POST", "/api/tournaments", Some(body)).await;
        assert_eq!((s, code(&e)), (400, expected), "{change}: {e}");
    }
    let (s, created) = t
        .send_as(Some(&ada), "POST", "/api/tournaments", Some(arena.clone()))
        .await;
    assert_eq!(s, 200, "{created}");
    assert_eq!(
        (
            &created["name"],
            &created["status"],
            &created["clock"],
            &created["rated"]
        ),
        (
            &json!("Void arena"),
            &json!("running"),
            &json!("fischer:300+0"),
            &json!(true)
        )
    );
    let id = created["id"].as_str().unwrap().to_string();
    let (_, list) = t.get("/api/tournaments").await;
    assert_eq!(list["tournaments"][0]["id"], id.as_str(), "{list}");

    // Watched live from here on.
    let url = format!("{}/api/tournaments/{id}/ws", t.base.replace("http://", "ws://"));
    let (mut ws, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    let first = next_json(&mut ws).await;
    assert_eq!(
        (&first["type"], &first["tournament"]["players"]),
        (&json!("tournament"), &json!(0))
    );

    // Both join: paired at once, the game's clock running, no takeback, no hint.
    let (ada_id, bob_id) = (player_id(&t, &ada).await, player_id(&t, &bob).await);
    for token in [&ada, &bob] {
        let (s, view) = t
            .send_as(Some(token), "POST", &format!("/api/tournaments/{id}/join"), None)
            .await;
        assert_eq!((s, &view["you"]["active"]), (200, &json!(true)), "{view}");
    }
    let paired = wait_for(&t, &ada, &id, |v| !v["you"]["playing"].is_null()).await;
    let game = paired["you"]["playing"].as_str().unwrap().to_string();
    assert_eq!(standing(&paired, &bob_id)["playing"], game.as_str());
    let (_, view) = t.send_as(Some(&ada), "GET", &format!("/api/games/{game}"), None).await;
    assert_eq!(view["tournament"], json!({"id": id, "name": "Void arena"}), "{view}");
    assert_eq!(
        (&view["rated"], &view["clock"]["running"]),
        (&json!(true), &json!(true)),
        "{view}"
    );
    let (s, e) = t
        .send_as(Some(&bob), "POST", &format!("/api/games/{game}/undo"), Some(json!({})))
        .await;
    assert_eq!((s, code(&e)), (409, "rated_game"), "{e}");
    // The hint is for the side to move (the first side at the start), whoever was given it.
    let mover = if view["sides"][0]["player"]["id"] == json!(ada_id) {
        &ada
    } else {
        &bob
    };
    let (s, e) = t
        .send_as(Some(mover), "GET", &format!("/api/games/{game}/hint"), None)
        .await;
    assert_eq!((s, code(&e)), (403, "hints_off"), "{e}");
    let (s, e) = t
        .send_as(
            Some(&bob),
            "POST",
            &format!("/api/games/{game}/rematch"),
            Some(json!({})),
        )
        .await;
    assert_eq!((s, code(&e)), (409, "not_over"), "{e}");
    let first_side = view["sides"][0]["player"]["id"].clone();

    // The watchers saw the joins and the pairing.
    let mut seen = next_json(&mut ws).await;
    while seen["tournament"]["games"].as_array().unwrap().is_empty() {
        seen = next_json(&mut ws).await;
    }
    assert_eq!(seen["tournament"]["players"], 2);

    // Bob resigns: Ada 2 points, Bob none; both are paired again at once (nobody else could come
    // free), the sides swapped.
    let (s, _) = t
        .send_as(
            Some(&bob),
            "POST",
            &format!("/api/games/{game}/resign"),
            Some(json!({})),
        )
        .await;
    assert_eq!(s, 200);
    let (s, e) = t
        .send_as(
            Some(&bob),
            "POST",
            &format!("/api/games/{game}/rematch"),
            Some(json!({})),
        )
        .await;
    assert_eq!((s, code(&e)), (409, "tournament_game"), "{e}");
    let again = wait_for(&t, &ada, &id, |v| {
        v["you"]["playing"].as_str().is_some_and(|g| g != game)
    })
    .await;
    let a = standing(&again, &ada_id);
    assert_eq!(
        (&a["score"], &a["points"], &a["wins"]),
        (&json!(2), &json!([2]), &json!(1)),
        "{again}"
    );
    let b = standing(&again, &bob_id);
    assert_eq!(
        (&b["score"], &b["losses"], &b["rank"]),
        (&json!(0), &json!(1), &json!(2)),
        "{again}"
    );
    let second = again["you"]["playing"].as_str().unwrap().to_string();
    let (_, view) = t
        .send_as(Some(&ada), "GET", &format!("/api/games/{second}"), None)
        .await;
    assert_ne!(view["sides"][0]["player"]["id"], first_side, "sides alternate: {view}");
    let mut seen = next_json(&mut ws).await;
    while standing(&seen["tournament"], &ada_id)["score"] != 2 {
        seen = next_json(&mut ws).await;
    }

    // Bob leaves (his points stay), then loses the game he is in: nobody is paired after it.
    let (s, left) = t
        .send_as(Some(&bob), "POST", &format!("/api/tournaments/{id}/leave"), None)
        .await;
    assert_eq!(
        (s, &left["you"]["active"], &left["you"]["joined"]),
        (200, &json!(false), &json!(true))
    );
    let (s, _) = t
        .send_as(
            Some(&bob),
            "POST",
            &format!("/api/games/{second}/resign"),
            Some(json!({})),
        )
        .await;
    assert_eq!(s, 200);
    let over = wait_for(&t, &ada, &id, |v| v["you"]["playing"].is_null()).await;
    let a = standing(&over, &ada_id);
    assert_eq!(
        (&a["points"], &a["fire"]),
        (&json!([2, 2]), &json!(true)),
        "two wins: on a streak"
    );
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let (_, still) = t
        .send_as(Some(&ada), "GET", &format!("/api/tournaments/{id}"), None)
        .await;
    assert_eq!(still["games"].as_array().unwrap().len(), 2, "{still}");
    let (s, e) = t
        .send_as(Some(&bob), "POST", &format!("/api/tournaments/{id}/leave"), None)
        .await;
    assert_eq!(s, 200, "leaving twice is fine: {e}");

    // Time is up: finished, the standings kept; nobody joins any more.
    time.advance(31 * 60 * 1000);
    let done = wait_for(&t, &ada, &id, |v| v["status"] == "finished").await;
    assert_eq!(done["standings"][0]["player"]["id"], ada_id.as_str());
    assert_eq!(done["standings"][0]["score"], 4);
    let (s, e) = t
        .send_as(Some(&bob), "POST", &format!("/api/tournaments/{id}/join"), None)
        .await;
    assert_eq!((s, code(&e)), (409, "tournament_over"), "{e}");
    let (_, list) = t.get("/api/tournaments").await;
    let listed = &list["tournaments"][0];
    assert_eq!(
        (&listed["status"], &listed["leader"]["score"]),
        (&json!("finished"), &json!(4)),
        "{list}"
    );

    // Errors are JSON with a code.
    let (s, e) = t.get("/api/tournaments/tnothere").await;
    assert_eq!((s, code(&e)), (404, "not_found"), "{e}");
    let (s, e) = t.get("/api/tournaments/..%2F..").await;
    assert_eq!((s, code(&e)), (404, "not_found"), "{e}");
    let (s, e) = t
        .send_as(Some(&ada), "POST", "/api/tournaments/tnothere/join", None)
        .await;
    assert_eq!((s, code(&e)), (404, "not_found"), "{e}");
    let carol = t.new_player().await;
    let (s, e) = t
        .send_as(Some(&carol), "POST", &format!("/api/tournaments/{id}/leave"), None)
        .await;
    assert_eq!((s, code(&e)), (409, "not_joined"), "{e}");
    let (s, e) = t
        .send_as(None, "POST", &format!("/api/tournaments/{id}/join"), None)
        .await;
    assert_eq!((s, code(&e)), (401, "unauthorized"), "{e}");
}

/// One player may not run more than two tournaments at once.
#[tokio::test]
async fn a_player_runs_at_most_two_tournaments_at_once() {
    let t = TestServer::new().await;
    let ada = account(&t, "Ada").await;
    let arena = json!({"game": "krux", "clock": "fischer:60+1", "minutes": 10, "starts_in": 60, "name": "Krux night"});
    for _ in 0..2 {
        let (s, made) = t
            .send_as(Some(&ada), "POST", "/api/tournaments", Some(arena.clone()))
            .await;
        assert_eq!(
            (s, &made["status"], &made["name"]),
            (200, &json!("upcoming"), &json!("Krux night"))
        );
    }
    let (s, e) = t.send_as(Some(&ada), "POST", "/api/tournaments", Some(arena)).await;
    assert_eq!((s, code(&e)), (409, "too_many_tournaments"), "{e}");
}

/// The system's clock, to start a test's clock from.
struct SystemTimeNow;

impl SystemTimeNow {
    fn ms() -> u64 {
        arbiter_server::time::SystemTimeSource.now_ms()
    }
}

async fn call(http: &reqwest::Client, method: reqwest::Method, url: String, body: Option<Value>) -> Value {
    let mut request = http.request(method, url);
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    let body: Value = response.json().await.expect("a JSON answer");
    assert!(status.is_success(), "{status}: {body}");
    body
}

/// Two servers on one PostgreSQL: players of either are paired once (one server pairs, under the
/// tournament's lease), and a game ended through one reaches the other's watchers.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_servers_pair_an_arena_once_and_both_show_its_standings() {
    use reqwest::Method;
    let url = arbiter_testkit::cluster().database();
    let (one, two) = (postgres_server(&url, 3000).await, postgres_server(&url, 3000).await);
    let newcomer = |server: &RunningServer| {
        let base = server.url();
        async move {
            let made = call(
                &reqwest::Client::new(),
                Method::POST,
                format!("{base}/api/players"),
                Some(json!({})),
            )
            .await;
            let token = made["token"].as_str().unwrap().to_string();
            (client_with_token(&token), made["id"].as_str().map(str::to_string))
        }
    };
    let (ada, _) = newcomer(&one).await;
    call(
        &ada,
        Method::POST,
        format!("{}/api/account", one.url()),
        Some(json!({"username": "Ada", "password": "long enough"})),
    )
    .await;
    let created = call(
        &ada,
        Method::POST,
        format!("{}/api/tournaments", one.url()),
        Some(json!({"game": "attraction", "clock": "fischer:300+0", "minutes": 30})),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let ws_url = format!("{}/api/tournaments/{id}/ws", two.url().replace("http://", "ws://"));
    let (mut ws, _) = tokio_tungstenite::connect_async(&ws_url).await.unwrap();
    next_json(&mut ws).await;

    // Four players, two on each server.
    let mut players = vec![ada];
    players.push(newcomer(&one).await.0);
    players.push(newcomer(&two).await.0);
    players.push(newcomer(&two).await.0);
    for (i, http) in players.iter().enumerate() {
        let server = if i < 2 { &one } else { &two };
        call(
            http,
            Method::POST,
            format!("{}/api/tournaments/{id}/join", server.url()),
            None,
        )
        .await;
    }
    let mut view = Value::Null;
    for _ in 0..100 {
        view = call(
            &players[0],
            Method::GET,
            format!("{}/api/tournaments/{id}", two.url()),
            None,
        )
        .await;
        if view["games"].as_array().unwrap().len() >= 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Each player in exactly one game, however many servers tick.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let view2 = call(
        &players[0],
        Method::GET,
        format!("{}/api/tournaments/{id}", one.url()),
        None,
    )
    .await;
    assert_eq!(view2["games"].as_array().unwrap().len(), 2, "{view} then {view2}");
    let playing: Vec<&Value> = view2["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| &s["playing"])
        .collect();
    assert!(playing.iter().all(|g| g.is_string()), "{view2}");

    // A game ended through server one: the watcher of server two sees the score.
    let game = view2["games"][0]["id"].as_str().unwrap().to_string();
    let game_view = call(
        &players[0],
        Method::GET,
        format!("{}/api/games/{game}", one.url()),
        None,
    )
    .await;
    let loser = game_view["sides"][0]["player"]["id"].as_str().unwrap().to_string();
    let loser_http = {
        let mut found = None;
        for http in &players {
            let me = call(http, Method::GET, format!("{}/api/me", one.url()), None).await;
            if me["id"] == loser.as_str() {
                found = Some(http.clone());
            }
        }
        found.expect("the loser is one of the players")
    };
    call(
        &loser_http,
        Method::POST,
        format!("{}/api/games/{game}/resign", one.url()),
        Some(json!({})),
    )
    .await;
    let winner = loop {
        let seen = next_json(&mut ws).await;
        let scored = seen["tournament"]["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["score"] == 2)
            .map(|s| s["player"]["id"].as_str().unwrap().to_string());
        if let Some(winner) = scored {
            break winner;
        }
    };
    // The game was rated once, through server one; server two shows both ratings moved.
    for (who, better) in [(winner.as_str(), true), (loser.as_str(), false)] {
        let profile = call(
            &players[0],
            Method::GET,
            format!("{}/api/players/{who}", two.url()),
            None,
        )
        .await;
        let rating = &profile["ratings"][0];
        assert_eq!(rating["games"], 1, "{profile}");
        assert_eq!(rating["rating"].as_f64().unwrap() > 1500.0, better, "{profile}");
    }
}

/// Its watchers hear a tournament start and its time run out, though nothing was stored then.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watchers_hear_a_tournament_start_and_end() {
    let time = Arc::new(ManualTime::new(SystemTimeNow::ms()));
    let t = TestServer::with_time(
        arbiter_server::service::DEFAULT_CACHE_GAMES,
        Limits::none(),
        time.clone() as Arc<dyn TimeSource>,
    )
    .await;
    let ada = account(&t, "Ada").await;
    let arena = json!({"game": "villawar", "clock": "fischer:60+0", "minutes": 10, "starts_in": 5});
    let (s, made) = t.send_as(Some(&ada), "POST", "/api/tournaments", Some(arena)).await;
    assert_eq!((s, &made["status"]), (200, &json!("upcoming")), "{made}");
    let id = made["id"].as_str().unwrap();
    let url = format!("{}/api/tournaments/{id}/ws", t.base.replace("http://", "ws://"));
    let (mut ws, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    assert_eq!(next_json(&mut ws).await["tournament"]["status"], "upcoming");
    for (minutes, status) in [(5, "running"), (10, "finished")] {
        time.advance(minutes * 60 * 1000);
        let mut seen = next_json(&mut ws).await;
        while seen["tournament"]["status"] != status {
            seen = next_json(&mut ws).await;
        }
    }
}
