//! Puzzles through the API: the shipped sets, a puzzle solved move by move with the replies from
//! its solution, the ratings moved once per player and puzzle, wrong moves and giving up, streaks
//! easiest first, themes, the caller's own mistakes, and every bad request answered in JSON.

mod common;

use common::{code, TestServer};
use serde_json::{json, Value};

/// Every shipped puzzle of the set, as JSON.
fn shipped(set: &str) -> Vec<Value> {
    let registry = arbiter_games::registry();
    for name in registry.names() {
        for s in registry.get(name).unwrap().puzzle_sets() {
            if s.name == set {
                return s.lines.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
            }
        }
    }
    panic!("no set {set}");
}

fn solution(p: &Value) -> Vec<String> {
    p["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

/// A legal move of the puzzle's solver that is not its first solution move and wins nothing at once.
fn wrong_move(p: &Value) -> String {
    let registry = arbiter_games::registry();
    let game = registry.get(p["game"].as_str().unwrap()).unwrap();
    let session = game
        .new_session(p["options"].as_str().unwrap(), Some(p["position"].as_str().unwrap()))
        .unwrap();
    let right = &solution(p)[0];
    session
        .legal_moves()
        .into_iter()
        .find(|mv| {
            let mut child = session.clone_box();
            child.play(mv).unwrap();
            mv != right && child.ending().is_none()
        })
        .expect("a wrong move")
}

#[tokio::test]
async fn a_puzzle_is_solved_move_by_move_and_rated_once() {
    let t = TestServer::new().await;
    let (status, sets) = t.get("/api/puzzles").await;
    assert_eq!(status, 200, "{sets}");
    let sets = sets["sets"].as_array().unwrap().clone();
    let registry = arbiter_games::registry();
    // Every shipped set that holds puzzles (an empty one is not offered).
    let shipped_sets: usize = registry
        .names()
        .iter()
        .flat_map(|n| registry.get(n).unwrap().puzzle_sets())
        .filter(|s| !s.lines.trim().is_empty())
        .count();
    assert_eq!(sets.len(), shipped_sets);
    for set in &sets {
        let name = set["name"].as_str().unwrap();
        assert_eq!(set["count"].as_u64().unwrap() as usize, shipped(name).len(), "{set}");
    }
    // The longest puzzle of all: its replies come from its solution, step by step.
    let all: Vec<Value> = sets.iter().flat_map(|s| shipped(s["name"].as_str().unwrap())).collect();
    let p = all
        .iter()
        .max_by_key(|p| p["solution"].as_array().unwrap().len())
        .unwrap();
    let id = p["id"].as_str().unwrap();
    let line = solution(p);
    let (status, view) = t.get(&format!("/api/puzzle/{id}")).await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["position"], p["position"]);
    assert_eq!(view["rated"], true);
    assert!(
        view.get("solution").is_none(),
        "the solution is not shown before the end: {view}"
    );
    assert_eq!(view["player"]["rating"], 1500.0);
    let mut mine = Vec::new();
    for step in 0..line.len().div_ceil(2) {
        mine.push(line[2 * step].clone());
        let (status, answer) = t
            .post(&format!("/api/puzzle/{id}/attempt"), json!({"moves": mine}))
            .await;
        assert_eq!(status, 200, "{answer}");
        if 2 * step + 1 < line.len() {
            assert_eq!(answer["status"], "continue", "{answer}");
            assert_eq!(answer["legal"].is_array(), view["stepwise"] == false, "{answer}");
            assert_eq!(answer["reply"].as_str(), Some(line[2 * step + 1].as_str()));
            assert_eq!(answer["rated"], false);
        } else {
            assert_eq!(answer["status"], "solved", "{answer}");
            assert_eq!(answer["rated"], true);
            assert_eq!(answer["solution"].as_array().unwrap().len(), line.len());
            let change = answer["player"]["change"].as_f64().unwrap();
            assert!(change > 0.0, "{answer}");
            assert!(answer["puzzle_rating"].as_i64().unwrap() < 1500, "{answer}");
        }
    }
    // The same puzzle again: shown as unrated, and solving it changes nothing.
    let (_, again) = t.get(&format!("/api/puzzle/{id}")).await;
    assert_eq!(again["rated"], false);
    let rating = again["player"]["rating"].as_f64().unwrap();
    assert!(rating > 1500.0);
    let (_, answer) = t
        .post(&format!("/api/puzzle/{id}/attempt"), json!({"moves": [wrong_move(p)]}))
        .await;
    assert_eq!(
        (answer["status"].as_str(), answer["rated"].as_bool()),
        (Some("failed"), Some(false))
    );
    assert_eq!(answer["player"]["rating"].as_f64(), Some(rating));
}

#[tokio::test]
async fn wrong_moves_giving_up_streaks_themes_and_bad_requests() {
    let t = TestServer::new().await;
    let set = "void";
    let puzzles = shipped(set);
    // A wrong first move fails the puzzle, rated, and shows the line.
    let (_, next) = t.get(&format!("/api/puzzles/{set}/next")).await;
    let id = next["id"].as_str().unwrap().to_string();
    let p = puzzles.iter().find(|p| p["id"] == id.as_str()).unwrap();
    let (status, answer) = t
        .post(&format!("/api/puzzle/{id}/attempt"), json!({"moves": [wrong_move(p)]}))
        .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["status"], "failed");
    assert_eq!(answer["rated"], true);
    assert!(answer["player"]["change"].as_f64().unwrap() < 0.0, "{answer}");
    assert_eq!(answer["solution"].as_array().unwrap().len(), solution(p).len());
    // The next rated puzzle is another one.
    if puzzles.len() > 1 {
        let (_, other) = t.get(&format!("/api/puzzles/{set}/next")).await;
        assert_ne!(other["id"], id.as_str(), "a tried puzzle came again");
        // Giving up fails it and shows the line.
        let other_id = other["id"].as_str().unwrap();
        let (_, gave_up) = t
            .post(&format!("/api/puzzle/{other_id}/attempt"), json!({"give_up": true}))
            .await;
        assert_eq!(gave_up["status"], "failed");
        assert!(gave_up["solution"].is_array());
    }
    // Streaks: easiest first, never rated.
    let (_, s0) = t.get(&format!("/api/puzzles/{set}/next?mode=streak&step=0")).await;
    assert_eq!(s0["rated"], false, "{s0}");
    if puzzles.len() > 1 {
        let (_, s1) = t.get(&format!("/api/puzzles/{set}/next?mode=streak&step=1")).await;
        assert!(s0["rating"].as_i64() <= s1["rating"].as_i64(), "{s0} {s1}");
    }
    let first = &solution(puzzles.iter().find(|p| p["id"] == s0["id"]).unwrap())[0];
    let (_, streak) = t
        .post(
            &format!("/api/puzzle/{}/attempt", s0["id"].as_str().unwrap()),
            json!({"moves": [first], "mode": "streak"}),
        )
        .await;
    assert_eq!(streak["rated"], false, "{streak}");
    // A theme keeps only its puzzles.
    let theme = puzzles[0]["themes"][0].as_str().unwrap();
    let (_, themed) = t
        .get(&format!("/api/puzzles/{set}/next?mode=streak&theme={theme}"))
        .await;
    assert!(
        themed["themes"].as_array().unwrap().iter().any(|x| x == theme),
        "{themed}"
    );
    // Bad requests, all JSON.
    for (path, status, expected) in [
        ("/api/puzzles/nope/next", 404, "not_found"),
        ("/api/puzzle/nope", 404, "not_found"),
        ("/api/puzzles/void/next?mode=blitz", 400, "bad_mode"),
        ("/api/puzzles/void/next?mode=streak&step=-1", 400, "bad_query"),
        ("/api/puzzles/void/next?mode=streak&step=100000", 400, "bad_query"),
        (
            "/api/puzzles/void/next?mode=streak&theme=no-such-theme",
            404,
            "no_puzzle",
        ),
    ] {
        let (got, body) = t.get(path).await;
        assert_eq!((got, code(&body)), (status, expected), "{path}: {body}");
    }
    let attempt = format!("/api/puzzle/{id}/attempt");
    for (body, expected) in [
        (json!({"moves": []}), "no_moves"),
        (json!({"moves": ["zz9-zz9"]}), "illegal_move"),
        (json!({"moves": vec!["x"; 17]}), "too_many_moves"),
        (json!({"moves": ["a"], "colour": "red"}), "bad_json"),
    ] {
        let (got, answer) = t.post(&attempt, body.clone()).await;
        assert_eq!(got, 400, "{body}: {answer}");
        assert!(answer["error"]["message"].as_str().is_some(), "{answer}");
        if expected != "bad_json" {
            assert_eq!(code(&answer), expected, "{body}: {answer}");
        }
    }
    // Without a token: 401, JSON.
    let (got, body) = t.send_as(None, "GET", "/api/puzzles/void/next", None).await;
    assert_eq!((got, code(&body)), (401, "unauthorized"));
    // Nobody's games analysed yet: no mistakes to learn from.
    let (got, mistakes) = t.get("/api/puzzles/mine").await;
    assert_eq!(got, 200);
    assert_eq!(mistakes["mistakes"], json!([]));
    // The pages: a set's and a puzzle's are the app; an unknown one is its "not found" (404).
    for (path, status) in [
        ("/puzzles".to_string(), 200),
        ("/puzzles/void".to_string(), 200),
        (format!("/puzzles/void/{id}"), 200),
        ("/puzzles/chess".to_string(), 404),
        ("/puzzles/void/nope".to_string(), 404),
    ] {
        let page = reqwest::get(t.url(&path)).await.unwrap();
        assert_eq!(page.status().as_u16(), status, "{path}");
        assert!(page.text().await.unwrap().contains("<html"), "{path}");
    }
}

/// Polls the analysis of `id` until it is done.
async fn analysed(t: &TestServer, id: &str) -> Value {
    for _ in 0..1200 {
        let (_, view) = t.get(&format!("/api/games/{id}/analysis")).await;
        if view["status"] == "done" {
            return view["analysis"].clone();
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the analysis of {id} never ended");
}

#[tokio::test(flavor = "multi_thread")]
async fn your_mistakes_come_from_the_analyses_of_your_finished_games() {
    let t = TestServer::new().await;
    // A game the caller plays on both sides, badly (a move picked by a fixed stride through the
    // legal ones), then resigns.
    let mut view = t
        .create(json!({"game": "villawar", "options": "size=6", "players": [{"kind": "human"}, {"kind": "human"}]}))
        .await;
    let id = view["id"].as_str().unwrap().to_string();
    for ply in 0..40 {
        if view["ending"].is_object() {
            break;
        }
        let legal = view["legal"].as_array().unwrap();
        let pick = legal[(ply * 7919 + 3) % legal.len()]["notation"]
            .as_str()
            .unwrap()
            .to_string();
        view = t.play(&id, &common::side_to_move(&view), &pick).await;
    }
    if !view["ending"].is_object() {
        t.post(
            &format!("/api/games/{id}/resign"),
            json!({"side": common::side_to_move(&view)}),
        )
        .await;
    }
    let (status, started) = t.post(&format!("/api/games/{id}/analysis"), json!({})).await;
    assert_eq!(status, 200, "{started}");
    let analysis = analysed(&t, &id).await;
    let expected: Vec<&Value> = analysis["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| matches!(m["mark"].as_str(), Some("mistake" | "blunder")))
        .collect();
    assert!(
        !expected.is_empty(),
        "no mistake in a game of arbitrary moves: {analysis}"
    );
    let (status, mine) = t.get("/api/puzzles/mine").await;
    assert_eq!(status, 200, "{mine}");
    let mistakes = mine["mistakes"].as_array().unwrap();
    assert_eq!(mistakes.len(), expected.len(), "{mine}");
    for (got, want) in mistakes.iter().zip(expected) {
        let ply = want["ply"].as_u64().unwrap() as usize;
        assert_eq!(got["game_id"], id.as_str());
        assert_eq!(got["ply"].as_u64(), Some(ply as u64));
        assert_eq!((&got["played"], &got["best"]), (&want["played"], &want["best"]));
        assert_eq!(got["position"], analysis["positions"][ply - 1]["position"]);
    }
    // Someone else has no mistakes there.
    let other = t.new_player().await;
    let (_, theirs) = t.send_as(Some(&other), "GET", "/api/puzzles/mine", None).await;
    assert_eq!(theirs["mistakes"], json!([]));
}
