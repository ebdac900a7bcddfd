//! The analysis of games through the API: who may ask and when, the result stored and seen by
//! everyone (after a restart too), one job per player, the queue's bound, cancelling.

mod common;

use common::{code, first_legal, side_to_move, TestServer};
use serde_json::{json, Value};
use std::time::Duration;

/// Polls the analysis of `id` until it is no longer running.
async fn wait_for_analysis(t: &TestServer, id: &str) -> Value {
    for _ in 0..1200 {
        let (status, view) = t.get(&format!("/api/games/{id}/analysis")).await;
        assert_eq!(status, 200, "{view}");
        if view["status"] != "running" {
            return view;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the analysis of {id} never ended");
}

async fn game_against_the_computer(t: &TestServer, game: &str, moves: usize) -> (String, Vec<String>) {
    let view = t
        .create(json!({"game": game, "players": [{"kind": "human"}, {"kind": "computer", "level": 1}]}))
        .await;
    let id = view["id"].as_str().unwrap().to_string();
    let mut view = view;
    for i in 0..moves {
        if view["ending"].is_object() {
            break;
        }
        t.play(&id, &side_to_move(&view), &first_legal(&view)).await;
        view = t.wait_for_ply(&id, 2 * (i as u64 + 1)).await;
    }
    let (_, record) = t.get(&format!("/api/games/{id}/record")).await;
    let moves = record["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    (id, moves)
}

/// A game between two computers (level 1) that has reached `plies` moves: it goes on meanwhile.
async fn computers_game(t: &TestServer, game: &str, plies: u64) -> String {
    let view = t
        .create(json!({"game": game, "players": [{"kind": "computer", "level": 1}, {"kind": "computer", "level": 1}]}))
        .await;
    let id = view["id"].as_str().unwrap().to_string();
    for _ in 0..600 {
        let view = t.view(&id).await;
        if view["ply"].as_u64().unwrap() >= plies || view["ending"].is_object() {
            return id;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("game {id} ({game}) never reached ply {plies}: {}", t.view(&id).await);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_game_against_the_computer_is_analysed_stored_and_seen_by_everyone() {
    let mut t = TestServer::new().await;
    for game in ["void", "krux", "attraction", "villawar"] {
        let id = computers_game(&t, game, 2).await;
        let (status, before) = t.get(&format!("/api/games/{id}/analysis")).await;
        assert_eq!((status, before["status"].as_str()), (200, Some("none")), "{before}");
        let (status, started) = t.post(&format!("/api/games/{id}/analysis"), json!({})).await;
        assert_eq!(status, 200, "{started}");
        assert!(
            ["running", "done"].contains(&started["status"].as_str().unwrap()),
            "{started}"
        );
        let done = wait_for_analysis(&t, &id).await;
        assert_eq!(done["status"], "done", "{game}: {done}");
        let plies = done["plies"].as_u64().unwrap() as usize;
        assert!(plies >= 2, "{done}");
        // The game went on meanwhile: the analysis covers the moves up to when it was asked for.
        let (_, record) = t.get(&format!("/api/games/{id}/record")).await;
        let moves: Vec<&str> = record["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        let analysis = &done["analysis"];
        assert_eq!(analysis["game"], game);
        let played: Vec<&str> = analysis["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["played"].as_str().unwrap())
            .collect();
        assert_eq!(played, moves[..plies], "{game}");
        assert_eq!(analysis["positions"].as_array().unwrap().len(), plies + 1);
        // Another player, and anyone without a token, sees the same result.
        let other = t.new_player().await;
        let (status, seen) = t
            .send_as(Some(&other), "GET", &format!("/api/games/{id}/analysis"), None)
            .await;
        assert_eq!((status, &seen["analysis"]), (200, analysis));
        let (status, seen) = t.send_as(None, "GET", &format!("/api/games/{id}/analysis"), None).await;
        assert_eq!((status, &seen["analysis"]), (200, analysis));
    }
    // A human's game against the computer, in play; stored: a restarted server still has it.
    let (id, moves) = game_against_the_computer(&t, "void", 1).await;
    t.post(&format!("/api/games/{id}/analysis"), json!({})).await;
    let done = wait_for_analysis(&t, &id).await;
    assert_eq!(done["plies"], json!(moves.len()));
    t.restart().await;
    let (status, again) = t.get(&format!("/api/games/{id}/analysis")).await;
    assert_eq!((status, &again["analysis"]), (200, &done["analysis"]));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_game_between_two_people_is_analysed_only_once_it_is_over() {
    let t = TestServer::new().await;
    let view = t
        .create(json!({"game": "void", "players": [{"kind": "human"}, {"kind": "human"}]}))
        .await;
    let id = view["id"].as_str().unwrap().to_string();
    t.play(&id, &side_to_move(&view), &first_legal(&view)).await;
    let (status, refused) = t.post(&format!("/api/games/{id}/analysis"), json!({})).await;
    assert_eq!((status, code(&refused)), (409, "analysis_unavailable"), "{refused}");
    assert!(refused["error"]["message"]
        .as_str()
        .unwrap()
        .contains("once it is over"));
    let (status, refused) = t.get(&format!("/api/games/{id}/analysis")).await;
    assert_eq!((status, code(&refused)), (409, "analysis_unavailable"));
    let view = t.view(&id).await;
    let (status, _) = t
        .post(&format!("/api/games/{id}/resign"), json!({"side": side_to_move(&view)}))
        .await;
    assert_eq!(status, 200);
    let (status, started) = t.post(&format!("/api/games/{id}/analysis"), json!({})).await;
    assert_eq!(status, 200, "{started}");
    let done = wait_for_analysis(&t, &id).await;
    assert_eq!(done["status"], "done");
    // The resigned game's last position is still searched: the resignation is not the board's.
    let positions = done["analysis"]["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 2);
    assert!(positions[1]["best"].is_string());
}

#[tokio::test(flavor = "multi_thread")]
async fn one_job_per_player_a_bounded_queue_and_only_its_player_cancels() {
    let mut t = TestServer::new().await;
    t.analysis.nodes = 50_000_000; // slow enough to be running while the test asks
    t.analysis.jobs = 2;
    t.restart().await;
    let (a, _) = game_against_the_computer(&t, "void", 2).await;
    let (b, _) = game_against_the_computer(&t, "void", 1).await;
    let (c, _) = game_against_the_computer(&t, "void", 1).await;
    let (status, missing) = t
        .send_as(None, "POST", &format!("/api/games/{a}/analysis"), Some(json!({})))
        .await;
    assert_eq!((status, code(&missing)), (401, "unauthorized"));
    let (status, missing) = t.post("/api/games/nosuchgame/analysis", json!({})).await;
    assert_eq!(status, 404, "{missing}");

    let (status, started) = t.post(&format!("/api/games/{a}/analysis"), json!({})).await;
    assert_eq!(
        (status, started["status"].as_str()),
        (200, Some("running")),
        "{started}"
    );
    // The same player's second job waits for the first.
    let (status, refused) = t.post(&format!("/api/games/{b}/analysis"), json!({})).await;
    assert_eq!((status, code(&refused)), (429, "rate_limited"), "{refused}");
    // Asking again for the same game is no new job.
    let (status, again) = t.post(&format!("/api/games/{a}/analysis"), json!({})).await;
    assert_eq!((status, again["status"].as_str()), (200, Some("running")));
    // Another player fills the queue (two jobs); a third player finds it full.
    let other = t.new_player().await;
    let (status, _) = t
        .send_as(
            Some(&other),
            "POST",
            &format!("/api/games/{b}/analysis"),
            Some(json!({})),
        )
        .await;
    assert_eq!(status, 200);
    let third = t.new_player().await;
    let (status, busy) = t
        .send_as(
            Some(&third),
            "POST",
            &format!("/api/games/{c}/analysis"),
            Some(json!({})),
        )
        .await;
    assert_eq!((status, code(&busy)), (429, "rate_limited"), "{busy}");
    assert!(busy["error"]["message"].as_str().unwrap().contains("busy"));
    // Only the player who asked may cancel.
    let (status, refused) = t
        .send_as(Some(&other), "DELETE", &format!("/api/games/{a}/analysis"), None)
        .await;
    assert_eq!((status, code(&refused)), (403, "forbidden"), "{refused}");
    let (status, _) = t
        .send_as(Some(&other), "DELETE", &format!("/api/games/{b}/analysis"), None)
        .await;
    assert_eq!(status, 200);
    let (status, _) = t
        .send_as(Some(&t.token), "DELETE", &format!("/api/games/{a}/analysis"), None)
        .await;
    assert_eq!(status, 200);
    for id in [&a, &b] {
        let ended = wait_for_analysis(&t, id).await;
        assert_eq!(ended["status"], "none", "a cancelled job stores nothing: {ended}");
    }
    let (status, none) = t
        .send_as(Some(&t.token), "DELETE", &format!("/api/games/{a}/analysis"), None)
        .await;
    assert_eq!((status, code(&none)), (409, "no_analysis"));
    // The queue has room again.
    let (status, _) = t
        .send_as(
            Some(&third),
            "POST",
            &format!("/api/games/{c}/analysis"),
            Some(json!({})),
        )
        .await;
    assert_eq!(status, 200);
    let (status, _) = t
        .send_as(Some(&third), "DELETE", &format!("/api/games/{c}/analysis"), None)
        .await;
    assert_eq!(status, 200);
}
