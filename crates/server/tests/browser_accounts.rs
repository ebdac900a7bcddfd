//! Browser test (a real headless Chromium against the real server) of accounts: a player keeps
//! their identity with a username and a password on the account page, signs in from a second
//! browser profile and finds their games there, then signs out of that browser only.

mod common;

#[path = "common/webdriver.rs"]
mod webdriver;

use common::TestServer;
use serde_json::json;
use webdriver::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_made_in_one_browser_signs_in_from_another_with_the_same_games() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let game = t
        .create(json!({"game": "attraction", "players": [{"kind": "human"}, {"kind": "computer", "level": 1}]}))
        .await;
    let id = game["id"].as_str().unwrap();
    let driver = Driver::start().await;

    // The first browser keeps its player with an account.
    let first_profile = tempfile::tempdir().unwrap();
    let first = browser_as(&driver, &t, &t.token, first_profile.path(), "/").await;
    first
        .wait_for(
            "document.querySelector('#account-line a[href=\"/account\"]')",
            "the account link",
        )
        .await;
    first.click_css("#account-line a").await;
    first
        .wait_for("document.querySelector('#create-account')", "the account page")
        .await;
    first.screenshot(&artifact("account-anonymous.png")).await;
    first
        .fill_and_submit("create-account", &[("username", "Ada_L"), ("password", "short")])
        .await;
    let refused = text_of(&first, "#account-message.error").await;
    assert!(refused.contains("8 to 256 characters"), "{refused}");
    first
        .find("#create-account input[name='password']")
        .await
        .send_keys(" but longer")
        .await
        .unwrap();
    first.click_css("#create-account button[type='submit']").await;
    first
        .wait_for(
            "document.querySelector('#sign-out')",
            "signed in after the account is made",
        )
        .await;
    let said = text_of(&first, ".account-page h1 + p").await;
    assert!(said.contains("signed in as Ada_L"), "{said}");
    first.screenshot(&artifact("account-signed-in.png")).await;

    // A second browser (its own profile: another device) signs in and finds the game.
    let second_profile = tempfile::tempdir().unwrap();
    let second = driver.browser(second_profile.path()).await;
    second.goto(&t.url("/account")).await;
    second
        .wait_for("document.querySelector('#sign-in')", "the sign-in form")
        .await;
    second
        .fill_and_submit("sign-in", &[("username", "ada_l"), ("password", "wrong password")])
        .await;
    let refused = text_of(&second, "#account-message.error").await;
    assert!(refused.contains("Wrong username or password"), "{refused}");
    second
        .find("#sign-in input[name='password']")
        .await
        .clear()
        .await
        .unwrap();
    second
        .fill_and_submit("sign-in", &[("password", "short but longer")])
        .await;
    second
        .wait_for("location.pathname === '/'", "home after signing in")
        .await;
    let line = text_of(&second, "#account-line").await;
    assert!(line.contains("Signed in as Ada_L"), "{line}");
    second
        .wait_for(
            &format!("document.querySelector('.recent-game[data-id=\"{id}\"]')"),
            "the first browser's game in the second's list",
        )
        .await;

    // Signing out of the second browser leaves the first signed in.
    second.goto(&t.url("/account")).await;
    second
        .wait_for("document.querySelector('#sign-out')", "the account page")
        .await;
    second.click_css("#sign-out").await;
    second
        .wait_for(
            "location.pathname === '/' && document.querySelector('#account-line a')",
            "home",
        )
        .await;
    let line = text_of(&second, "#account-line").await;
    assert!(line.starts_with("Sign in"), "a new anonymous player: {line}");
    let (status, me) = t.get("/api/me").await;
    assert_eq!((status, &me["username"]), (200, &json!("Ada_L")));
    assert_no_csp_violations(&t).await;
    first.quit().await;
    second.quit().await;
}

/// Two players with accounts play a rated game from the new-game form to its end, each in their own
/// browser: the game says it is rated, offers no takeback or hint, and at the end both pages show
/// both players' new ratings; the players' own ratings changed on the server.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_between_two_accounts_changes_both_ratings() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let driver = Driver::start().await;
    let bob_token = t.new_player().await;
    for (token, name) in [(&t.token, "ann"), (&bob_token, "bob")] {
        let (s, body) = t
            .send_as(
                Some(token),
                "POST",
                "/api/account",
                Some(json!({"username": name, "password": "long enough"})),
            )
            .await;
        assert_eq!(s, 200, "{body}");
    }
    let (ann_profile, bob_profile) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let ann = browser_as(&driver, &t, &t.token, ann_profile.path(), "/").await;
    ann.wait_for("window.arbiterHome && window.arbiterHome.me", "the player")
        .await;
    ann.click_css("#pick-void").await;
    ann.click_css("#who-friend").await;
    ann.click_css("#rated-game").await;
    ann.click_css("#start-game").await;
    ann.wait_for(
        "location.pathname.startsWith('/game/') && window.arbiter && window.arbiter.view && window.arbiter.connected",
        "the game page",
    )
    .await;
    assert_eq!(ann.eval("return window.arbiter.view.rated").await, json!(true));
    let invite = ann
        .wait_for(
            "document.getElementById('invite-link') && document.getElementById('invite-link').value",
            "the invite",
        )
        .await
        .as_str()
        .unwrap()
        .to_string();
    let bob = browser_as(&driver, &t, &bob_token, bob_profile.path(), &invite[t.url("").len()..]).await;
    bob.wait_for(
        "window.arbiter && window.arbiter.mine && window.arbiter.mine.has(1)",
        "Bob holds the second side",
    )
    .await;
    // Ann moves first; a rated game has no undo, and its hint button says why it is off.
    let status = text_of(&ann, "#status").await;
    assert!(status.starts_with("Rated game"), "{status}");
    assert!(ann.find_all("#undo").await.is_empty(), "no takeback in a rated game");
    let hint_title = ann.eval("return document.getElementById('hint').title").await;
    assert_eq!(hint_title, json!("No hints in a rated game"));
    let id = ann.eval("return window.arbiter.id").await.as_str().unwrap().to_string();
    let view = t.view(&id).await;
    t.play(&id, &common::side_to_move(&view), &common::first_legal(&view))
        .await;
    bob.wait_for("window.arbiter.view.ply === 1", "Ann's move on Bob's page")
        .await;
    bob.click_css("#resign").await;
    bob.accept_alert().await;
    for page in [&ann, &bob] {
        page.wait_for(
            "document.querySelectorAll('.badge.rating').length === 2",
            "both ratings shown",
        )
        .await;
    }
    let badges = ann
        .eval("return [...document.querySelectorAll('.badge.rating')].map(b => b.textContent)")
        .await;
    assert_eq!(badges, json!(["1662? (+162)", "1338? (−162)"]));
    ann.screenshot(&artifact("rated-game-over.png")).await;
    let (_, me) = t.get("/api/me").await;
    assert_eq!(me["ratings"][0]["rating"], 1662);
    let (_, bobs) = t.send_as(Some(&bob_token), "GET", "/api/me", None).await;
    assert_eq!(bobs["ratings"][0]["rating"], 1338);
    // Ann's next rated challenge shows her rating in Bob's lobby, which can filter it out by range.
    let (s, posted) = t.post("/api/challenges", json!({"game": "void", "rated": true})).await;
    assert_eq!(s, 200, "{posted}");
    bob.goto(&t.url("/")).await;
    let line = format!("#lobby-list .challenge[data-id='{}']", posted["id"].as_str().unwrap());
    let words = text_of(&bob, &line).await;
    assert!(words.contains("ann (1662?)") && words.contains("rated"), "{words}");
    bob.find("#lobby-min-rating").await.send_keys("1700").await.unwrap();
    let filtered = text_of(&bob, "#lobby-filtered").await;
    assert_eq!(filtered, "1 open, none in your rating range.");
    // Emptied as a person would: the field's input event (WebDriver's clear sends none).
    bob.eval(
        "const f = document.getElementById('lobby-min-rating'); f.value = ''; \
         f.dispatchEvent(new Event('input')); return null",
    )
    .await;
    bob.find("#lobby-max-rating").await.send_keys("1700").await.unwrap();
    text_of(&bob, &line).await;
    // Ann's name on the game page leads to her profile: her rating, its graph, the game and its records.
    bob.goto(&t.url(&format!("/game/{id}"))).await;
    bob.wait_for(
        "document.querySelector('#player-who-0 a.player-link')",
        "Ann's name as a link",
    )
    .await;
    bob.click_css("#player-who-0 a.player-link").await;
    bob.wait_for("document.querySelector('#ratings')", "the profile").await;
    let rating = text_of(&bob, "#ratings tr[data-pool='void']").await;
    assert!(rating.contains("1662?") && rating.contains("1 · 0 · 0"), "{rating}");
    let points = bob
        .eval("return document.querySelectorAll('.rating-graph .graph-dot').length")
        .await;
    assert_eq!(points, json!(2), "the start and after the game");
    let won = bob
        .eval("return [...document.querySelectorAll(\"#results tr[data-game='void'] > *\")].map(c => c.textContent)")
        .await;
    assert_eq!(won, json!(["Void", "1", "0", "0"]), "won, drawn, lost");
    let row = text_of(&bob, &format!("#profile-games tr[data-id='{id}']")).await;
    assert!(row.contains("rated") && row.contains("(+162)"), "{row}");
    let text = bob
        .eval(&format!(
            "return fetch('/api/games/{id}/record?format=text').then(r => r.text())"
        ))
        .await;
    assert!(text.as_str().unwrap().contains("[Black \"ann\"]"), "{text}");
    bob.screenshot(&artifact("profile.png")).await;
    // The leaderboards list settled ratings only: after one game, nobody yet.
    bob.goto(&t.url("/leaderboards")).await;
    let none = text_of(&bob, "#no-leaders").await;
    assert!(none.contains("Nobody has a settled rating yet"), "{none}");
    assert_no_csp_violations(&t).await;
    ann.quit().await;
    bob.quit().await;
}
