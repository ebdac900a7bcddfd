//! Browser tests (a real headless Chromium against the real server) of what a newcomer meets: a
//! Krux move told in words in the game panel (the words come from the game crate with the view),
//! and no Undo offered once a game against the computer is resigned.

mod common;

#[path = "common/webdriver.rs"]
mod webdriver;

use common::{first_legal, TestServer};
use serde_json::{json, Value};
use webdriver::*;

/// A Krux turn entered with steps that change nothing: the move list shows its shorter written
/// form, and "Moves in words", opened, tells each move in the game's words beside its notation.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn krux_moves_are_told_in_words() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let view = t
        .create(json!({
            "game": "krux",
            "position": "....642/......./......./...*.../......./......./1b3g5.... 5",
            "players": [{"kind": "human"}, {"kind": "human"}],
        }))
        .await;
    let id = view["id"].as_str().unwrap().to_string();
    let driver = Driver::start().await;
    let profile = tempfile::tempdir().unwrap();
    let b = open_game_page(&driver, &t, profile.path(), &id).await;
    assert!(b.find_all("#move-words").await.is_empty(), "no moves, nothing in words");

    // The turn arrives live (played through the API, as from another screen).
    t.play(&id, "white", "@p,Xb1,b2,Xa1,b1,a1").await;
    b.wait_for("window.arbiter.view.ply === 1", "the turn").await;
    let listed = b
        .wait_for(
            "document.querySelector('#move-list .mv[data-ply=\"1\"]').textContent",
            "move list",
        )
        .await;
    assert_eq!(listed, json!("@p,Xb1,b2,Xa1"));
    let words = "Piece 5 (White) takes the pink ring, switches places with piece 3 on b1, steps to b2, \
                 then switches places with piece 1 on a1.";
    // Folded at first; opened, the words show beside the notation.
    let open = b.eval("return document.getElementById('move-words').open").await;
    assert_eq!(open, json!(false));
    let shown = b
        .eval("return document.querySelector('#move-words-list li').checkVisibility()")
        .await;
    assert_eq!(shown, json!(false), "hidden while folded");
    b.click_css("#move-words summary").await;
    let item = b
        .wait_for(
            "document.querySelector('#move-words-list li').checkVisibility() \
             && document.querySelector('#move-words-list li').innerText",
            "the words shown",
        )
        .await;
    assert_eq!(item, json!(format!("@p,Xb1,b2,Xa1 — {words}")));
    b.screenshot(&artifact("krux-moves-in-words.png")).await;

    // The next move adds its words, and the section stays open across the redraw.
    t.play(&id, "black", "@g").await;
    let second = b
        .wait_for(
            "document.getElementById('move-words').open \
             && document.querySelectorAll('#move-words-list li').length === 2 \
             && document.querySelector('#move-words-list li[data-ply=\"2\"]').innerText",
            "the second move in words",
        )
        .await;
    assert_eq!(second, json!("@g — Piece 6 (Black) takes the green ring."));
    b.quit().await;
    assert_no_csp_violations(&t).await;
}

/// Against the computer, Undo is offered during the game and not once the player resigned: a
/// finished game stays finished (the server refuses too).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_undo_is_offered_after_resigning_against_the_computer() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let view: Value = t
        .create(json!({"game": "void", "players": [{"kind": "human"}, {"kind": "computer", "level": 1}]}))
        .await;
    let id = view["id"].as_str().unwrap().to_string();
    t.play(&id, "black", &first_legal(&view)).await;
    t.wait_for_ply(&id, 2).await;
    let driver = Driver::start().await;
    let profile = tempfile::tempdir().unwrap();
    let b = open_game_page(&driver, &t, profile.path(), &id).await;
    assert_eq!(
        b.eval("return document.getElementById('undo') && !document.getElementById('undo').disabled")
            .await,
        json!(true),
        "Undo is offered during the game"
    );
    b.click_css("#resign").await;
    b.accept_alert().await;
    b.wait_for("window.arbiter.view.ending", "the resignation").await;
    assert_eq!(
        b.eval("return window.arbiter.view.ending.reason").await,
        json!("resignation")
    );
    assert!(b.find_all("#undo").await.is_empty(), "no Undo after resigning");
    assert!(b.find_all("#takeback").await.is_empty(), "nor a takeback request");
    b.find("#rematch").await;
    b.screenshot(&artifact("resigned-no-undo.png")).await;
    b.quit().await;
    assert_no_csp_violations(&t).await;
}
