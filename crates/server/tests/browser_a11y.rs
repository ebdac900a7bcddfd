//! Accessibility: axe-core (from npm) finds no WCAG 2.1 A or AA violation on any page of the app, in a
//! real headless Chromium against the real server.

mod common;

#[path = "common/webdriver.rs"]
mod webdriver;

use common::TestServer;
use serde_json::json;
use webdriver::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_has_no_wcag_violation() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let driver = Driver::start().await;
    let humans = json!([{"kind": "human"}, {"kind": "human"}]);
    let mut pages = vec![
        ("/".to_string(), "window.arbiterHome && window.arbiterHome.me"),
        ("/account".to_string(), "document.querySelector('#create-account')"),
        (
            "/leaderboards".to_string(),
            "document.querySelector('#no-leaders, .leaderboard')",
        ),
        ("/puzzles".to_string(), "document.querySelector('main h1')"),
        (
            "/tournaments".to_string(),
            "document.querySelector('#tournament-account-note')",
        ),
        ("/no-such-page".to_string(), "document.querySelector('#not-found')"),
    ];
    let sets = t.get("/api/puzzles").await.1;
    let set = sets["sets"][0]["name"].as_str().expect("a puzzle set").to_string();
    pages.push((format!("/puzzles/{set}"), "document.querySelector('main h1')"));
    let me = t.get("/api/me").await.1;
    pages.push((
        format!("/player/{}", me["id"].as_str().unwrap()),
        "document.querySelector('#profile-games')",
    ));
    // A tournament made by a player with an account, who joined it: the page has a standings row.
    let host = t.new_player().await;
    let (status, body) = t
        .send_as(
            Some(&host),
            "POST",
            "/api/account",
            Some(json!({"username": "host", "password": "long enough"})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, tournament) = t
        .send_as(
            Some(&host),
            "POST",
            "/api/tournaments",
            Some(
                json!({"game": "void", "options": "", "clock": "fischer:180+2", "minutes": 30, "starts_in": 5,
                        "rated": true, "name": "Axe Arena"}),
            ),
        )
        .await;
    assert_eq!(status, 200, "{tournament}");
    let tournament = tournament["id"].as_str().unwrap().to_string();
    let (status, body) = t
        .send_as(
            Some(&host),
            "POST",
            &format!("/api/tournaments/{tournament}/join"),
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    pages.push((
        format!("/tournament/{tournament}"),
        "window.arbiterTournament && window.arbiterTournament.loaded && document.querySelector('#standings tbody tr[data-player]')",
    ));
    for game in ["void", "krux", "attraction", "villawar"] {
        let view = t.create(json!({"game": game, "players": humans})).await;
        pages.push((
            format!("/game/{}", view["id"].as_str().unwrap()),
            "window.arbiter && window.arbiter.view && window.arbiter.diagram",
        ));
        pages.push((
            format!("/rules/{game}"),
            "document.querySelector('.rules-page, main h1')",
        ));
        pages.push((format!("/learn/{game}"), "document.querySelector('main h1')"));
    }
    let profile = tempfile::tempdir().unwrap();
    let b = browser_as(&driver, &t, &t.token, profile.path(), "/").await;
    let mut report = Vec::new();
    for (path, ready) in &pages {
        b.goto(&t.url(path)).await;
        b.wait_for(ready, path).await;
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        let violations = axe_violations(&b).await;
        if !violations.is_empty() {
            report.push(format!(
                "{path}: {}",
                serde_json::to_string_pretty(&violations).unwrap()
            ));
        }
    }
    // With an account, the tournaments page has its form.
    let (status, body) = t
        .post(
            "/api/account",
            json!({"username": "axe_reader", "password": "long enough"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    b.goto(&t.url("/tournaments")).await;
    b.wait_for("document.querySelector('#create-tournament')", "the tournament form")
        .await;
    let violations = axe_violations(&b).await;
    if !violations.is_empty() {
        report.push(format!(
            "/tournaments (with an account): {}",
            serde_json::to_string_pretty(&violations).unwrap()
        ));
    }
    assert!(
        report.is_empty(),
        "{} pages with violations:\n{}",
        report.len(),
        report.join("\n")
    );
    // The check sees what it should: an image without a text alternative is a violation.
    b.eval(
        "const i = document.createElement('img'); i.src = '/static/favicon.svg'; \
         document.querySelector('main').appendChild(i); return null",
    )
    .await;
    let caught = axe_violations(&b).await;
    assert!(caught.iter().any(|v| v["id"] == "image-alt"), "{caught:?}");
    b.quit().await;
}

/// A whole game by keyboard: every move typed in notation into the move box and played with Enter,
/// the computer's replies and the end announced in the page's live region.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_is_played_by_keyboard() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let driver = Driver::start().await;
    // A short game: the ply limit ends it after 12 plies.
    let view = t
        .create(json!({"game": "villawar", "options": "size=6,plies=12",
                       "players": [{"kind": "human"}, {"kind": "computer", "level": 1}]}))
        .await;
    let id = view["id"].as_str().unwrap().to_string();
    let profile = tempfile::tempdir().unwrap();
    let b = open_game_page(&driver, &t, profile.path(), &id).await;
    // A move the game does not know is refused in the server's words, and nothing is played.
    b.find("#typed-move").await.send_keys("zz99\u{E007}").await.unwrap();
    let refused = text_of(&b, "#message.error").await;
    assert!(refused.contains("zz99"), "{refused}");
    assert_eq!(t.view(&id).await["ply"], 0);
    let mut typed = 0;
    loop {
        let view = t.view(&id).await;
        if !view["ending"].is_null() {
            break;
        }
        if view["to_move"] != "first" || view["thinking"] == true {
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            continue;
        }
        let ply = view["ply"].as_u64().unwrap();
        b.wait_for(
            &format!("window.arbiter.view.ply === {ply} && document.getElementById('typed-move')"),
            "the move box on the player's turn",
        )
        .await;
        let mv = common::first_legal(&view);
        b.find("#typed-move")
            .await
            .send_keys(&format!("{mv}\u{E007}"))
            .await
            .unwrap();
        b.wait_for(&format!("window.arbiter.view.ply > {ply}"), "the typed move played")
            .await;
        typed += 1;
    }
    assert!(typed >= 5, "{typed} moves typed");
    let said = b.eval("return document.getElementById('announce').textContent").await;
    let said = said.as_str().unwrap();
    assert!(said.contains("played"), "{said}");
    let ending = t.view(&id).await["ending"]["text"].as_str().unwrap().to_string();
    b.wait_for(
        &format!(
            "document.getElementById('announce').textContent.includes({})",
            serde_json::to_string(&ending).unwrap()
        ),
        "the end announced",
    )
    .await;
    b.quit().await;
}
