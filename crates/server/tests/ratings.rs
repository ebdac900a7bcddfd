//! Rated games between two people: chosen when the game or the challenge is made, played without
//! undo, hints or analysis until the end, then both players' Glicko-2 ratings in the game's pool
//! change once (shown in the game's view and the players' own), kept across a restart; leaderboards
//! per pool list settled ratings only.

mod common;

use common::{code, first_legal, side_to_move, TestServer};
use serde_json::{json, Value};

const HUMANS: fn() -> Value = || json!([{"kind": "human"}, {"kind": "human"}]);

/// A rated Void game between the test's player (black, first) and `friend` (white, by invite),
/// with one move played: its id.
async fn rated_game(t: &TestServer, friend: &str) -> String {
    let view = t
        .create(json!({"game": "void", "players": HUMANS(), "open": "white", "rated": true}))
        .await;
    assert_eq!(view["rated"], true);
    let id = view["id"].as_str().unwrap().to_string();
    let (s, claimed) = t
        .send_as(
            Some(friend),
            "POST",
            &format!("/api/games/{id}/claim"),
            Some(json!({"invite": view["invite"]})),
        )
        .await;
    assert_eq!(s, 200, "{claimed}");
    t.play(&id, &side_to_move(&view), &first_legal(&view)).await;
    id
}

/// `token`'s player resigns game `id`; the view after.
async fn resign(t: &TestServer, token: &str, id: &str) -> Value {
    let (s, view) = t
        .send_as(Some(token), "POST", &format!("/api/games/{id}/resign"), Some(json!({})))
        .await;
    assert_eq!(s, 200, "{view}");
    view
}

#[tokio::test]
async fn a_rated_game_changes_both_ratings_once_at_its_end() {
    let mut t = TestServer::new().await;
    let friend = t.new_player().await;
    let id = rated_game(&t, &friend).await;

    // Until the end: no takeback, no hint, no analysis, no computer.
    let (s, e) = t.post(&format!("/api/games/{id}/undo"), json!({})).await;
    assert_eq!((s, code(&e)), (409, "rated_game"), "{e}");
    let (s, e) = t
        .send_as(Some(&friend), "GET", &format!("/api/games/{id}/hint"), None)
        .await;
    assert_eq!((s, code(&e)), (403, "hints_off"), "{e}");
    assert!(e["error"]["message"].as_str().unwrap().contains("rated"), "{e}");
    let (s, e) = t.post(&format!("/api/games/{id}/analysis"), json!({})).await;
    assert_eq!((s, code(&e)), (409, "analysis_unavailable"), "{e}");
    let (s, e) = t
        .send_as(
            Some(&friend),
            "POST",
            &format!("/api/games/{id}/players"),
            Some(json!({"players": [{"kind": "human"}, {"kind": "computer", "level": 1}]})),
        )
        .await;
    assert_eq!((s, code(&e)), (409, "rated_game"), "{e}");
    assert_eq!(t.view(&id).await["rating_changes"], Value::Null);

    // White resigns: Black (the test's player) wins; two new players, one game: 1662 and 1338.
    let view = resign(&t, &friend, &id).await;
    let changes = &view["rating_changes"];
    assert_eq!(
        changes,
        &json!([
            {"before": 1500, "after": 1662, "change": 162, "provisional": true},
            {"before": 1500, "after": 1338, "change": -162, "provisional": true}
        ]),
        "{view}"
    );
    let (_, me) = t.get("/api/me").await;
    assert_eq!(me["ratings"][0]["pool"], "void");
    assert_eq!(
        (
            &me["ratings"][0]["rating"],
            &me["ratings"][0]["games"],
            &me["ratings"][0]["wins"]
        ),
        (&json!(1662), &json!(1), &json!(1))
    );
    let (_, theirs) = t.send_as(Some(&friend), "GET", "/api/me", None).await;
    assert_eq!(
        (&theirs["ratings"][0]["rating"], &theirs["ratings"][0]["losses"]),
        (&json!(1338), &json!(1))
    );

    // The analysis is open now, and the changes are kept across a restart (rated once only).
    let (s, _) = t.post(&format!("/api/games/{id}/analysis"), json!({})).await;
    assert_eq!(s, 200);
    t.restart().await;
    assert_eq!(&t.view(&id).await["rating_changes"], changes);
    assert_eq!(t.get("/api/me").await.1["ratings"][0]["games"], 1);

    // The rematch is rated too, and starts from the new ratings.
    let (s, rematch) = t.post(&format!("/api/games/{id}/rematch"), json!({})).await;
    assert_eq!(s, 200, "{rematch}");
    assert_eq!(rematch["rated"], true);
    let next = rematch["id"].as_str().unwrap();
    let view = resign(&t, &t.token, next).await;
    let mine = view["sides"]
        .as_array()
        .unwrap()
        .iter()
        .position(|side| side["player"]["id"] == me["id"])
        .unwrap();
    assert_eq!(view["rating_changes"][mine]["before"], 1662, "{view}");
    assert!(view["rating_changes"][mine]["change"].as_i64().unwrap() < 0);
}

#[tokio::test]
async fn only_a_game_between_two_people_from_the_start_is_rated() {
    let t = TestServer::new().await;
    for (body, why) in [
        (
            json!({"game": "void", "players": HUMANS(), "rated": true}),
            "both sides one person's",
        ),
        (
            json!({"game": "void", "players": [{"kind": "human"}, {"kind": "computer", "level": 1}], "rated": true}),
            "a computer",
        ),
        (
            json!({"game": "void", "players": HUMANS(), "open": "white", "rated": true,
                   "position": t.create(json!({"game": "void", "players": HUMANS()})).await["position"]}),
            "a position",
        ),
    ] {
        let (s, e) = t.post("/api/games", body).await;
        assert_eq!((s, code(&e)), (400, "bad_rated"), "{why}: {e}");
    }
    // A rated challenge makes a rated game in its pool (Villawar's size is part of it).
    let (s, challenge) = t
        .post(
            "/api/challenges",
            json!({"game": "villawar", "options": "size=6", "rated": true}),
        )
        .await;
    assert_eq!(s, 200, "{challenge}");
    assert_eq!(challenge["rated"], true);
    let other = t.new_player().await;
    let (s, view) = t
        .send_as(
            Some(&other),
            "POST",
            &format!("/api/challenges/{}/accept", challenge["id"].as_str().unwrap()),
            None,
        )
        .await;
    assert_eq!(s, 200, "{view}");
    assert_eq!(view["rated"], true);
    let id = view["id"].as_str().unwrap();
    resign(&t, &other, id).await;
    let (_, me) = t.get("/api/me").await;
    assert_eq!(me["ratings"][0]["pool"], "villawar:size=6", "{me}");
    // The lobby shows a challenger's rating in the challenge's pool (1500? before any rated game there).
    for (options, rating, provisional) in [("size=6", 1662, true), ("size=8", 1500, true)] {
        let (s, posted) = t
            .post(
                "/api/challenges",
                json!({"game": "villawar", "options": options, "rated": true}),
            )
            .await;
        assert_eq!(s, 200, "{posted}");
        let (_, lobby) = t.send_as(Some(&other), "GET", "/api/challenges", None).await;
        let listed = lobby
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] == posted["id"])
            .unwrap()
            .clone();
        assert_eq!(
            (&listed["rating"], &listed["provisional"]),
            (&json!(rating), &json!(provisional)),
            "{listed}"
        );
    }
    // A game that is not rated changes nothing.
    let view = t
        .create(json!({"game": "void", "players": HUMANS(), "open": "white"}))
        .await;
    assert_eq!(view["rated"], false);
    let (friend, _) = t
        .claim_as_new_player(view["id"].as_str().unwrap(), &view["invite"])
        .await;
    let ended = resign(&t, &friend, view["id"].as_str().unwrap()).await;
    assert_eq!(ended["rating_changes"], Value::Null);
    assert_eq!(t.get("/api/me").await.1["ratings"].as_array().unwrap().len(), 1);
}

/// Leaderboards list settled ratings only (deviation at most 110), best first.
#[tokio::test]
async fn leaderboards_list_settled_ratings_best_first() {
    let t = TestServer::new().await;
    let (s, e) = t.get("/api/leaderboard?pool=nonsense").await;
    assert_eq!((s, code(&e)), (400, "unknown_game"), "{e}");
    let (s, e) = t.get("/api/leaderboard?pool=void&limit=x").await;
    assert_eq!((s, code(&e)), (400, "bad_query"), "{e}");
    let (s, board) = t.get("/api/leaderboard?pool=void").await;
    assert_eq!((s, board), (200, json!([])));

    let friend = t.new_player().await;
    let mut games = 0;
    loop {
        let id = rated_game(&t, &friend).await;
        // The test's player wins two games in three.
        let loser = if games % 3 == 2 {
            t.token.clone()
        } else {
            friend.clone()
        };
        resign(&t, &loser, &id).await;
        games += 1;
        let (_, board) = t.get("/api/leaderboard?pool=void").await;
        let board = board.as_array().unwrap().clone();
        if board.is_empty() {
            assert!(games < 40, "ratings still provisional after {games} games");
            continue;
        }
        assert_eq!(board.len(), 2, "{board:?}");
        let me = t.get("/api/me").await.1;
        assert_eq!(board[0]["player"]["id"], me["id"], "the stronger first: {board:?}");
        assert_eq!((&board[0]["rank"], &board[1]["rank"]), (&json!(1), &json!(2)));
        assert!(board[0]["rating"].as_i64() > board[1]["rating"].as_i64());
        assert_eq!(board[0]["provisional"], false);
        assert_eq!(board[0]["games"], games);
        break;
    }
    // Every pool's board at once.
    let (s, all) = t.get("/api/leaderboards").await;
    assert_eq!(s, 200);
    assert_eq!(all.as_array().unwrap().len(), 1, "{all}");
    assert_eq!(all[0]["pool"], "void");
    assert_eq!(all[0]["lines"].as_array().unwrap().len(), 2);
    let (s, e) = t.get("/api/leaderboard").await;
    assert_eq!((s, code(&e)), (400, "bad_query"), "{e}");
}

/// A profile, by username or id: ratings with their course game by game, the games others may see
/// (public or rated; the player sees all of theirs), and each game's record as text.
#[tokio::test]
async fn a_profile_shows_ratings_their_course_and_games() {
    let t = TestServer::new().await;
    let (s, _) = t
        .post("/api/account", json!({"username": "Ada", "password": "long enough"}))
        .await;
    assert_eq!(s, 200);
    let friend = t.new_player().await;
    let first = rated_game(&t, &friend).await;
    resign(&t, &friend, &first).await;
    let second = rated_game(&t, &friend).await;
    resign(&t, &t.token, &second).await;
    let private = t.create(json!({"game": "attraction", "players": HUMANS()})).await;

    let viewer = t.new_player().await;
    let (s, profile) = t.send_as(Some(&viewer), "GET", "/api/players/ADA", None).await;
    assert_eq!(s, 200, "{profile}");
    assert_eq!(
        (&profile["username"], &profile["yours"]),
        (&json!("Ada"), &json!(false))
    );
    assert_eq!(profile["ratings"][0]["games"], 2);
    assert_eq!(
        profile["results"],
        json!([{"game": "void", "wins": 1, "draws": 0, "losses": 1}]),
        "{profile}"
    );
    let course: Vec<i64> = profile["history"][0]["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["rating"].as_i64().unwrap())
        .collect();
    assert_eq!(course.len(), 3, "{profile}");
    assert_eq!(&course[..2], [1500, 1662]);
    assert!(course[2] < 1662);
    assert_eq!(profile["history"][0]["pool"], "void");
    let ids: Vec<&str> = profile["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    // Newest first, to the second (both games may end within one).
    let mut sorted = ids.clone();
    sorted.sort_unstable();
    let mut expected = [second.as_str(), first.as_str()];
    expected.sort_unstable();
    assert_eq!(sorted, expected, "the rated games, not the private one");
    let ended: Vec<i64> = profile["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["updated_at"].as_i64().unwrap())
        .collect();
    assert!(ended[0] >= ended[1], "newest first: {profile}");
    let won = profile["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == first.as_str())
        .unwrap();
    assert_eq!(won["rating_change"]["change"], 162);
    assert_eq!(won["rated"], true);
    // By id, and as its own player: the private game too.
    let id = profile["id"].as_str().unwrap();
    let (_, own) = t.get(&format!("/api/players/{id}")).await;
    assert_eq!(own["yours"], true);
    assert!(
        own["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == private["id"]),
        "{own}"
    );
    let (s, e) = t.get("/api/players/nobody-here").await;
    assert_eq!((s, code(&e)), (404, "not_found"), "{e}");
    let (s, e) = t.get(&format!("/api/players/{id}?limit=many")).await;
    assert_eq!((s, code(&e)), (400, "bad_query"), "{e}");

    // The record as text for people: tags with who played, numbered moves, the ending in words.
    let r = reqwest::get(t.url(&format!("/api/games/{first}/record?format=text")))
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/plain"));
    let text = r.text().await.unwrap();
    assert!(text.starts_with("[Game \"void\"]\n[Id "), "{text}");
    for part in [
        "[Black \"Ada\"]",
        "[White \"anonymous player\"]",
        "[Rated \"yes\"]",
        "[Result \"black wins\"]",
        "\n\n1. ",
        "White resigned. Black wins.\n",
    ] {
        assert!(text.contains(part), "{part}: {text}");
    }
    let (s, e) = t.get(&format!("/api/games/{first}/record?format=pgn")).await;
    assert_eq!((s, code(&e)), (400, "bad_query"), "{e}");
}

/// A game finished before outcomes were stored (its result in words only) gets its outcome at the
/// next start, by replaying it: it counts in the player's wins and losses.
#[tokio::test]
async fn games_finished_before_outcomes_were_stored_count_after_a_restart() {
    let mut t = TestServer::new().await;
    let friend = t.new_player().await;
    let id = rated_game(&t, &friend).await;
    resign(&t, &friend, &id).await;
    let conn = rusqlite::Connection::open(t.db()).unwrap();
    assert_eq!(conn.execute("UPDATE games SET outcome = NULL", []).unwrap(), 1);
    let (_, me) = t.get("/api/me").await;
    let who = me["id"].as_str().unwrap().to_string();
    let (_, before) = t.get(&format!("/api/players/{who}")).await;
    assert_eq!(before["results"], json!([]), "{before}");
    t.restart().await;
    for _ in 0..50 {
        let (_, after) = t.get(&format!("/api/players/{who}")).await;
        if after["results"] != json!([]) {
            assert_eq!(
                after["results"],
                json!([{"game": "void", "wins": 1, "draws": 0, "losses": 0}])
            );
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the outcome was never written back");
}
