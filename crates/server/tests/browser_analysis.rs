//! Browser tests of the analysis (real headless Chromium against the real server): for every game, a
//! finished game is analysed from its page — progress, then the graph of the win chance, the marks in
//! the move list as the server gave them, a click on the graph going to that move, the best move on the
//! board, the engine's line stepped through and left — and the page fits a phone; a game between two
//! people in play offers no analysis.

mod common;

#[path = "common/webdriver.rs"]
mod webdriver;

use common::TestServer;
use serde_json::{json, Value};
use webdriver::*;

/// A finished game of `game`: `plies` random moves (seeded), then the side to move resigns (unless
/// the moves ended it). Loaded into the server as a record, both sides the test player's.
async fn finished_game(t: &TestServer, game: &str, plies: usize, seed: u64) -> String {
    let registry = arbiter_games::registry();
    let mut session = registry.get(game).unwrap().new_session("", None).unwrap();
    for i in 0..plies {
        let Some(mv) = session.random_move(seed + i as u64) else {
            break;
        };
        session.play(&mv).unwrap();
    }
    if session.ending().is_none() {
        session.resign(session.to_move()).unwrap();
    }
    let record = serde_json::to_value(session.record()).unwrap();
    let view = t
        .create(json!({"record": record, "players": [{"kind": "human"}, {"kind": "human"}]}))
        .await;
    view["id"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_analysed_on_its_page_in_every_game() {
    require_chromium();
    let t = TestServer::new().await;
    let driver = Driver::start().await;
    for (n, game) in ["void", "krux", "attraction", "villawar"].into_iter().enumerate() {
        let id = finished_game(&t, game, 12, 100 * n as u64).await;
        let profile = tempfile::tempdir().unwrap();
        let b = browser_as(&driver, &t, &t.token, profile.path(), &format!("/game/{id}")).await;
        live_page(&b).await;
        b.wait_for("document.getElementById('analyse')", "the Analyse button")
            .await;
        b.click_css("#analyse").await;
        b.wait_for(
            "document.getElementById('analysis-graph') && window.arbiter.analysis.status === 'done'",
            "the analysis done and drawn",
        )
        .await;
        // The marks in the move list are the server's.
        let (_, served) = t.get(&format!("/api/games/{id}/analysis")).await;
        let analysis = &served["analysis"];
        let marked: Vec<Value> = analysis["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| !m["mark"].is_null())
            .map(|m| m["mark"].clone())
            .collect();
        let glyphs = b
            .eval("return [...document.querySelectorAll('#move-list .glyph')].map(g => g.classList[1])")
            .await;
        assert_eq!(glyphs.as_array().unwrap(), &marked, "{game}: the move list's marks");
        let dots = b
            .eval("return document.querySelectorAll('#analysis-graph .graph-dot').length")
            .await;
        assert_eq!(
            dots.as_u64().unwrap() as usize,
            marked.len(),
            "{game}: one dot per mark"
        );
        // A click on the graph's left edge goes to the start, in its middle to a middle move.
        b.eval("document.getElementById('analysis-graph').scrollIntoView({block: 'center'})")
            .await;
        let graph = b.rect("#analysis-graph").await.expect("the graph");
        let plies = analysis["positions"].as_array().unwrap().len() - 1;
        b.click_at(graph[0] + 2.0, graph[1] + graph[3] / 2.0).await;
        b.wait_for("window.arbiter.review === 0", "the start, from the graph")
            .await;
        // Reviewing puts a bar above the move list: the graph has moved.
        b.eval("document.getElementById('analysis-graph').scrollIntoView({block: 'center'})")
            .await;
        let graph = b.rect("#analysis-graph").await.expect("the graph");
        b.click_at(graph[0] + graph[2] / 2.0, graph[1] + graph[3] / 2.0).await;
        let middle = b
            .wait_for("window.arbiter.review", "a move from the graph")
            .await
            .as_u64()
            .unwrap() as usize;
        assert!(
            middle.abs_diff(plies / 2) <= 1,
            "{game}: clicked the middle of {plies} plies, went to {middle}"
        );
        // The best move of the shown position is on the board, and its line can be stepped through.
        b.wait_for(
            "document.querySelector('#board .mark-hint') && document.getElementById('analysis-best')",
            "the best move marked",
        )
        .await;
        let best = text_of(&b, "#analysis-best").await;
        assert_eq!(
            best,
            analysis["positions"][middle]["best"].as_str().unwrap(),
            "{game}: the best move shown is the analysis's"
        );
        b.click_css("#step-line").await;
        b.wait_for(
            "window.arbiter.variation && document.getElementById('board').dataset.position === window.arbiter.variation.positions[1]",
            "the board one move into the engine's line",
        )
        .await;
        b.click_css("#leave-line").await;
        b.wait_for(
            "!window.arbiter.variation && document.getElementById('board').dataset.position === window.arbiter.positions.list[window.arbiter.review]",
            "back from the line",
        )
        .await;
        b.screenshot(&artifact(&format!("{game}-analysis.png"))).await;
        // On a phone, the analysis fits the width.
        b.set_size(390, 844).await;
        b.wait_for("Math.abs(window.innerWidth - 390) < 20", "a phone's width")
            .await;
        let overflow = b
            .eval("return document.documentElement.scrollWidth - window.innerWidth")
            .await;
        assert!(
            overflow.as_f64().unwrap() <= 1.0,
            "{game}: the page scrolls sideways on a phone"
        );
        let graph = b.rect("#analysis-graph").await.expect("the graph on a phone");
        assert!(graph[2] > 150.0 && graph[0] + graph[2] <= 391.0, "{game}: {graph:?}");
        b.screenshot(&artifact(&format!("{game}-analysis-phone.png"))).await;
        b.quit().await;
    }
    assert_no_csp_violations(&t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_between_two_people_in_play_offers_no_analysis() {
    require_chromium();
    let t = TestServer::new().await;
    let driver = Driver::start().await;
    let view = t
        .create(json!({"game": "void", "players": [{"kind": "human"}, {"kind": "human"}]}))
        .await;
    let id = view["id"].as_str().unwrap();
    let profile = tempfile::tempdir().unwrap();
    let b = browser_as(&driver, &t, &t.token, profile.path(), &format!("/game/{id}")).await;
    live_page(&b).await;
    b.wait_for("document.getElementById('move-list')", "the move list")
        .await;
    assert!(
        b.find_all("#analysis").await.is_empty(),
        "no analysis while two people play"
    );
    b.quit().await;
}
