//! Browser test (a real headless Chromium against the real server) of arena tournaments: a player with an
//! account creates one from the tournaments page, a second player signs up in another browser, both join
//! from the tournament page and are taken to their game; one resigns, and a third browser watching the
//! tournament page sees the standings change live (2 for the win, 0 for the loss) and the two paired again,
//! while both game pages go on to the new game by themselves.
//! The server's clock is moved past the end: the game in progress still counts, and when it ends the
//! tournament is finished. A player whose opponent left waits on the finished game's page for a next game,
//! and may stay there instead.

mod common;

#[path = "common/webdriver.rs"]
mod webdriver;

use arbiter_server::{Limits, ManualTime, SystemTimeSource, TimeSource};
use common::TestServer;
use serde_json::{json, Value};
use std::sync::Arc;
use webdriver::*;

/// Signs up on the account page (the browser is there already) and waits until signed in.
async fn sign_up(b: &Browser, username: &str) {
    b.wait_for("document.querySelector('#create-account')", "the account form")
        .await;
    b.fill_and_submit(
        "create-account",
        &[("username", username), ("password", "long enough password")],
    )
    .await;
    b.wait_for("document.querySelector('#sign-out')", "signed in").await;
}

/// Replaces a field's text.
async fn retype(b: &Browser, css: &str, text: &str) {
    let field = b.find(css).await;
    field.clear().await.expect("clearing");
    field.send_keys(text).await.expect("typing");
}

/// Waits until the tournament page is loaded and live.
async fn tournament_live(b: &Browser) {
    b.wait_for(
        "window.arbiterTournament && window.arbiterTournament.loaded && window.arbiterTournament.connected",
        "the live tournament page",
    )
    .await;
}

/// The game page this browser is on, once live: its id.
async fn on_game_page(b: &Browser) -> String {
    b.wait_for("location.pathname.startsWith('/game/')", "a game page")
        .await;
    live_page(b).await;
    b.eval("return window.arbiter.id").await.as_str().unwrap().to_string()
}

/// Is the element with this id on show (not hidden)? A script's expression.
fn shown(id: &str) -> String {
    format!("(getComputedStyle(document.getElementById('{id}')).display !== 'none')")
}

/// The score cell of player `id` in the standings on this page.
fn score_of(id: &str) -> String {
    format!("document.querySelector(\"#standings tr[data-player='{id}'] .score\").textContent")
}

/// After a game of the tournament ended, the game page goes to the player's next game by itself: its id,
/// once live there.
async fn on_by_itself(b: &Browser, previous: &str) -> String {
    b.wait_for(
        &format!("location.pathname.startsWith('/game/') && location.pathname !== '/game/{previous}'"),
        "the next game, gone to by the finished game's page",
    )
    .await;
    let id = on_game_page(b).await;
    assert_ne!(id, previous, "a new game");
    id
}

/// From the game page back to tournament `tid`'s page by its link, then to the player's game by the page's
/// link (the game started before the page opened).
async fn back_and_to_the_game(b: &Browser, tid: &str) -> String {
    b.click_css("#tournament-back").await;
    b.wait_for(
        &format!(
            "location.pathname === '/tournament/{tid}' && window.arbiterTournament && \
             window.arbiterTournament.loaded && document.querySelector('#your-game:not([hidden]) a')"
        ),
        "the way to the game on the tournament page",
    )
    .await;
    b.click_css("#your-game a").await;
    on_game_page(b).await
}

/// The group of the tournaments page that lists tournament `tid` (`running`, `upcoming`, `finished`).
async fn group_of(b: &Browser, tid: &str) -> Value {
    b.eval(&format!(
        "return document.querySelector(\"tr[data-id='{tid}']\").closest('section').dataset.group"
    ))
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_accounts_play_an_arena_from_its_page_and_the_standings_follow_live() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    // The server's clock moves only when told to (from now): the tournament ends without waiting.
    let time = Arc::new(ManualTime::new(SystemTimeSource.now_ms()));
    let t = TestServer::with_time(
        arbiter_server::service::DEFAULT_CACHE_GAMES,
        Limits::none(),
        time.clone(),
    )
    .await;
    let driver = Driver::start().await;

    // Ann signs up, finds the tournaments from her account page, and creates one starting now.
    let ann_profile = tempfile::tempdir().unwrap();
    let ann = browser_as(&driver, &t, &t.token, ann_profile.path(), "/account").await;
    sign_up(&ann, "ann").await;
    ann.click_css("a[href='/tournaments']").await;
    ann.wait_for("document.querySelector('#create-tournament')", "the form")
        .await;
    text_of(&ann, "#no-tournaments").await;
    ann.find("#tournament-game")
        .await
        .select_by_value("void")
        .await
        .expect("choosing the game");
    retype(&ann, "#tournament-name", "Friday Arena").await;
    retype(&ann, "#tournament-clock", "5+0").await;
    let words = text_of(&ann, "#tournament-clock-words").await;
    assert_eq!(words, "5 minutes each, no time added.");
    retype(&ann, "#tournament-minutes", "30").await;
    retype(&ann, "#tournament-starts-in", "0").await;
    ann.screenshot(&artifact("tournament-form.png")).await;
    ann.click_css("#create-tournament-submit").await;
    let tid = ann
        .wait_for(
            "location.pathname.startsWith('/tournament/') && location.pathname.slice('/tournament/'.length)",
            "the new tournament's page",
        )
        .await
        .as_str()
        .unwrap()
        .to_string();
    tournament_live(&ann).await;
    let (status, view) = t.get(&format!("/api/tournaments/{tid}")).await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(
        (&view["game"], &view["clock"], &view["minutes"], &view["status"]),
        (&json!("void"), &json!("fischer:300+0"), &json!(30), &json!("running")),
        "{view}"
    );
    assert_eq!(text_of(&ann, "#tournament h1").await, "Friday Arena");
    let facts = text_of(&ann, "#tournament-facts").await;
    assert!(facts.contains("Void") && facts.contains("5 min + 0"), "{facts}");
    let status = text_of(&ann, "#tournament-status").await;
    assert!(
        status.starts_with("Running · ends in 29:") || status.starts_with("Running · ends in 30:00"),
        "{status}"
    );
    let ann_id = t.get("/api/me").await.1["id"].as_str().unwrap().to_string();

    // Someone watching the tournament page, with no account.
    let watcher_profile = tempfile::tempdir().unwrap();
    let watcher = driver.browser(watcher_profile.path()).await;
    watcher.goto(&t.url(&format!("/tournament/{tid}"))).await;
    tournament_live(&watcher).await;
    text_of(&watcher, "#standings td[colspan]").await; // nobody yet

    // Ann joins; her row appears live on the watcher's page.
    ann.click_css("#tournament-join").await;
    watcher
        .wait_for(
            &format!("document.querySelector(\"#standings tr[data-player='{ann_id}']\")"),
            "Ann in the standings",
        )
        .await;
    let leave_shown = ann
        .wait_for(
            &format!("{} && !{}", shown("tournament-leave"), shown("tournament-join")),
            "Leave instead of Join",
        )
        .await;
    assert_eq!(leave_shown, json!(true));

    // Bob signs up in a browser of his own and joins: the two are paired and both pages go to the game.
    let bob_profile = tempfile::tempdir().unwrap();
    let bob = driver.browser(bob_profile.path()).await;
    bob.goto(&t.url("/account")).await;
    sign_up(&bob, "bob").await;
    bob.goto(&t.url(&format!("/tournament/{tid}"))).await;
    tournament_live(&bob).await;
    let bob_id = bob
        .eval("return window.arbiterTournament.me.id")
        .await
        .as_str()
        .unwrap()
        .to_string();
    bob.click_css("#tournament-join").await;
    let first_game = on_game_page(&ann).await;
    assert_eq!(on_game_page(&bob).await, first_game, "the same game");
    let game = t.view(&first_game).await;
    assert_eq!(game["tournament"]["id"], json!(tid), "{game}");
    assert_eq!(
        game["clock"]["control"],
        json!("fischer:300+0"),
        "the tournament's clock: {game}"
    );
    assert_eq!(text_of(&bob, "#tournament-back").await, "Back to Friday Arena");
    bob.screenshot(&artifact("tournament-game.png")).await;
    let note = text_of(&bob, "#message").await;
    assert!(note.contains("Friday Arena") && note.contains("ann"), "{note}");
    watcher
        .wait_for(
            &format!("document.querySelector(\"#tournament-games .recent-game[data-id='{first_game}']\")"),
            "the game in the watcher's list",
        )
        .await;

    // Bob resigns: the watcher's standings give Ann 2 and Bob 0, and say so.
    bob.click_css("#resign").await;
    bob.accept_alert().await;
    watcher
        .wait_for(
            &format!("{} === '2' && {} === '0'", score_of(&ann_id), score_of(&bob_id)),
            "the scores after the game",
        )
        .await;
    let first_row = watcher
        .eval("return document.querySelector('#standings tbody tr').dataset.player")
        .await;
    assert_eq!(first_row, json!(ann_id), "Ann leads");
    let wdl = text_of(
        &watcher,
        &format!("#standings tr[data-player='{bob_id}'] td:last-child"),
    )
    .await;
    assert_eq!(wdl, "0 · 0 · 1");
    let news = text_of(&watcher, "#standings-news").await;
    assert!(news.contains("ann beat bob"), "{news}");
    let live = watcher
        .eval("return document.getElementById('standings-news').getAttribute('aria-live')")
        .await;
    assert_eq!(live, json!("polite"));

    // Paired again: a new game appears on the watcher's page, and both players get there from the
    // game they just finished.
    let second_game = watcher
        .wait_for(
            &format!(
                "(window.arbiterTournament.view.games.find(g => g.id !== '{first_game}' && !g.outcome) || {{}}).id"
            ),
            "a second game",
        )
        .await
        .as_str()
        .unwrap()
        .to_string();
    watcher
        .wait_for(
            &format!("document.querySelector(\"#tournament-games .recent-game[data-id='{second_game}']\")"),
            "the second game listed",
        )
        .await;
    watcher.screenshot(&artifact("tournament-standings.png")).await;
    // Their pages went there by themselves from the game just finished: the loser's and the winner's.
    assert_eq!(on_by_itself(&bob, &first_game).await, second_game);
    let note = text_of(&bob, "#message").await;
    assert!(note.contains("Friday Arena: your game against ann"), "{note}");
    assert_eq!(on_by_itself(&ann, &first_game).await, second_game);
    // The way back to the tournament and on to the game is there too.
    assert_eq!(back_and_to_the_game(&bob, &tid).await, second_game);

    // The list shows it running, with its leader; without an account the form is a note.
    watcher.goto(&t.url("/tournaments")).await;
    let row = text_of(&watcher, &format!("tr[data-id='{tid}']")).await;
    assert!(row.contains("Friday Arena") && row.contains("ann (2)"), "{row}");
    assert_eq!(group_of(&watcher, &tid).await, json!("running"));

    // Time is up (the server's clock moved past the end): no new games, but the one in progress counts.
    // Bob resigns it too: Ann has 4, on fire after two wins in a row, and the tournament is finished.
    watcher.goto(&t.url(&format!("/tournament/{tid}"))).await;
    tournament_live(&watcher).await;
    time.advance(30 * 60 * 1000 + 1000);
    bob.click_css("#resign").await;
    bob.accept_alert().await;
    let status = watcher
        .wait_for(
            "document.getElementById('tournament-status-word').textContent === 'Finished' && \
             document.getElementById('tournament-status').textContent",
            "the tournament finished",
        )
        .await;
    assert_eq!(status, json!("Finished · won by ann with 4 points"));
    let line = watcher
        .eval(&format!(
            "return [...document.querySelector(\"#standings tr[data-player='{ann_id}']\").children].map(c => c.textContent)"
        ))
        .await;
    assert_eq!(line, json!(["1", "ann on fire", "4", "2 2", "2 · 0 · 0"]), "Ann's line");
    let buttons = watcher
        .eval(&format!(
            "return [{}, {}]",
            shown("tournament-join"),
            shown("tournament-leave")
        ))
        .await;
    assert_eq!(buttons, json!([false, false]), "nobody joins a finished tournament");
    let news = text_of(&watcher, "#standings-news").await;
    assert!(
        news.contains("The tournament is over: ann wins with 4 points."),
        "{news}"
    );
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let games = t.get(&format!("/api/tournaments/{tid}")).await.1["games"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(games, 2, "no game after the end");
    // The finished game's pages stay: no next game to wait for.
    for b in [&ann, &bob] {
        let page = b
            .eval("return [location.pathname, document.getElementById('next-game').textContent]")
            .await;
        assert_eq!(page, json!([format!("/game/{second_game}"), ""]), "{page}");
    }
    watcher.screenshot(&artifact("tournament-finished.png")).await;
    watcher.goto(&t.url("/tournaments")).await;
    let row = text_of(&watcher, &format!("tr[data-id='{tid}']")).await;
    assert!(row.contains("ann (4)"), "{row}");
    assert_eq!(group_of(&watcher, &tid).await, json!("finished"));
    text_of(&watcher, "#tournament-account-note a[href='/account']").await;
    assert_no_csp_violations(&t).await;
    ann.quit().await;
    bob.quit().await;
    watcher.quit().await;
}

/// Polls tournament `tid` until player `who` plays a game other than `not`: its id.
async fn playing(t: &TestServer, tid: &str, who: &str, not: Option<&str>) -> String {
    for _ in 0..200 {
        let (status, view) = t.get(&format!("/api/tournaments/{tid}")).await;
        assert_eq!(status, 200, "{view}");
        let line = view["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["player"]["id"] == json!(who))
            .cloned();
        if let Some(game) = line.as_ref().and_then(|l| l["playing"].as_str()) {
            if Some(game) != not {
                return game.to_string();
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("{who} got no game in {tid}");
}

/// Someone whose opponent left the tournament wins the game: the page waits for the next game, saying so in
/// a live region with a "Stay here" button; pressed (by keyboard), the page stays, even when the next game
/// comes. A page opened on a finished game later does not go anywhere either.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_waiting_for_the_next_game_may_stay() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let driver = Driver::start().await;
    let (status, body) = t
        .post("/api/account", json!({"username": "host", "password": "long enough"}))
        .await;
    assert_eq!(status, 200, "{body}");
    let host = t.get("/api/me").await.1["id"].as_str().unwrap().to_string();
    let (status, tournament) = t
        .post(
            "/api/tournaments",
            json!({"game": "void", "options": "", "clock": "fischer:300+0", "minutes": 30, "starts_in": 0,
                   "rated": false, "name": "Evening Arena"}),
        )
        .await;
    assert_eq!(status, 200, "{tournament}");
    let tid = tournament["id"].as_str().unwrap().to_string();
    let bea = named_player(&t, "bea").await;
    let join = format!("/api/tournaments/{tid}/join");
    assert_eq!(t.post(&join, json!({})).await.0, 200);
    assert_eq!(t.send_as(Some(&bea), "POST", &join, None).await.0, 200);
    let first = playing(&t, &tid, &host, None).await;
    let profile = tempfile::tempdir().unwrap();
    let b = browser_as(&driver, &t, &t.token, profile.path(), &format!("/game/{first}")).await;
    live_page(&b).await;

    // Bea leaves the tournament and resigns: nobody to pair the host with, who waits.
    let (status, body) = t
        .send_as(Some(&bea), "POST", &format!("/api/tournaments/{tid}/leave"), None)
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = t
        .send_as(
            Some(&bea),
            "POST",
            &format!("/api/games/{first}/resign"),
            Some(json!({})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let line = text_of(&b, "#next-game .next-game").await;
    assert_eq!(line, "Waiting for your next game in Evening Arena… Stay here");
    assert_eq!(
        b.eval("return document.getElementById('next-game').getAttribute('role')")
            .await,
        json!("status")
    );
    b.screenshot(&artifact("tournament-waiting.png")).await;
    b.find("#next-game-stay")
        .await
        .send_keys("\u{E007}")
        .await
        .expect("Enter on Stay here");
    let stayed = text_of(&b, "#next-game .next-game").await;
    assert!(stayed.starts_with("You stay on this game."), "{stayed}");

    // Bea comes back: a new game for the two, and the page stays where it is.
    assert_eq!(t.send_as(Some(&bea), "POST", &join, None).await.0, 200);
    let second = playing(&t, &tid, &host, Some(&first)).await;
    assert_ne!(second, first);
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert_eq!(
        b.eval("return location.pathname").await,
        json!(format!("/game/{first}"))
    );

    // Opened again later, the finished game's page does not take the player away either.
    b.goto(&t.url(&format!("/game/{first}"))).await;
    live_page(&b).await;
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let page = b
        .eval("return [location.pathname, document.getElementById('next-game').textContent]")
        .await;
    assert_eq!(page, json!([format!("/game/{first}"), ""]), "{page}");
    b.quit().await;
}
