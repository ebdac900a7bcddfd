//! Browser tests for what a newcomer's test pass found: a real headless Chromium (Debian's chromium +
//! chromium-driver) against the real server.
//! - The home page: after choosing any game, its options and "Start game" are in view without scrolling,
//!   on a phone (390×844) and at 1280×800.
//! - The tutorials: the step counter and the step's words change together, and the counter never
//!   passes the number of steps ("Step 8 of 7"); the end says the tutorial is done.
//! - Clicks while pieces slide: a click ends the slide at once and counts for the piece clicked, also a
//!   piece in motion, and a click made while the board is still on its way to a new position waits for it.
//! - The lobby: a challenge's clock in plain words ("15 s + 0"), and "public" said as what it is: the
//!   game listed for spectators (every challenge is listed for everyone).

mod common;

#[path = "common/webdriver.rs"]
mod webdriver;

use common::TestServer;
use serde_json::json;
use webdriver::*;

/// Resizes the window and waits for the page to take the new width.
async fn resize(b: &Browser, width: u32, height: u32) {
    b.set_size(width, height).await;
    b.wait_for(&format!("Math.abs(window.innerWidth - {width}) < 20"), "the new width")
        .await;
}

/// Where an element is in the window: `{top, bottom, left, right}` of its box, or null.
fn rect_of(css: &str) -> String {
    let css = serde_json::to_string(css).unwrap();
    format!(
        "(() => {{ const e = document.querySelector({css}); if (!e) return null; const r = e.getBoundingClientRect(); \
         return {{top: r.top, bottom: r.bottom, left: r.left, right: r.right}}; }})()"
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_choosing_a_game_its_options_and_the_start_button_are_in_view() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let (_, catalog) = t.get("/api/catalog").await;
    let games: Vec<String> = catalog["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap().to_string())
        .collect();
    let driver = Driver::start().await;
    let profile = tempfile::tempdir().unwrap();
    let b = driver.browser(profile.path()).await;
    for (width, height) in [(390, 844), (1280, 800)] {
        resize(&b, width, height).await;
        b.goto(&t.url("/")).await;
        b.wait_for("window.arbiterHome && window.arbiterHome.me", "the home page")
            .await;
        for game in &games {
            // From the top of the page, as it opens: choose the game, and look without scrolling.
            b.eval("window.scrollTo(0, 0); return null").await;
            b.click_css(&format!("#pick-{game}")).await;
            b.wait_for(
                &format!("window.arbiterHome.form.game === '{game}' && document.getElementById('pick-{game}').getAttribute('aria-pressed') === 'true'"),
                "the game chosen",
            )
            .await;
            let seen = b
                .eval(&format!(
                    "return {{scrolled: window.scrollY, height: window.innerHeight, width: window.innerWidth, \
                      sideways: document.documentElement.scrollWidth - window.innerWidth, \
                      start: {start}, who: {who}, clock: {clock}, about: {about}, \
                      about_text: document.getElementById('game-about')?.textContent ?? null}}",
                    start = rect_of("#start-game"),
                    who = rect_of("#who-computer"),
                    clock = rect_of("#clock-choice"),
                    about = rect_of("#game-about"),
                ))
                .await;
            let what = format!("{game} at {width}×{height}: {seen}");
            assert_eq!(seen["scrolled"], json!(0), "{what}: the page scrolled by itself");
            let bottom = seen["height"].as_f64().unwrap();
            for part in ["start", "who", "clock", "about"] {
                if part == "start" {
                    let r = &seen["start"];
                    assert!(
                        r["bottom"].as_f64().unwrap() <= bottom,
                        "{what}: \"Start game\" is below the fold ({} px down, the window is {bottom} px high)",
                        r["bottom"]
                    );
                }
                let r = &seen[part];
                assert!(r.is_object(), "{what}: no {part}");
                assert!(
                    r["top"].as_f64().unwrap() >= 0.0 && r["bottom"].as_f64().unwrap() <= bottom,
                    "{what}: the {part} box is out of view (the window is {bottom} px high)"
                );
            }
            assert!(
                seen["sideways"].as_f64().unwrap() <= 1.0,
                "{what}: the page scrolls sideways"
            );
            // The chosen game is told right under the cards, with its rules and tutorial.
            let title = catalog["games"]
                .as_array()
                .unwrap()
                .iter()
                .find(|g| g["name"] == json!(game))
                .and_then(|g| g["title"].as_str().map(str::to_string))
                .unwrap_or_else(|| {
                    let mut c = game.chars();
                    c.next()
                        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                        .unwrap()
                });
            let about = seen["about_text"].as_str().unwrap_or_default();
            assert!(about.starts_with(&title), "{what}");
            b.find(&format!("#game-about a[href='/rules/{game}']")).await;
            b.find(&format!("#game-about a[href='/learn/{game}']")).await;
            b.screenshot(&artifact(&format!("newcomer-home-{game}-{width}.png")))
                .await;
        }
    }
    // The button in view works: a game against the computer starts.
    b.click_css("#start-game").await;
    b.wait_for(
        "location.pathname.startsWith('/game/') && window.arbiter && window.arbiter.view",
        "the game page",
    )
    .await;
    b.quit().await;
    assert_no_csp_violations(&t).await;
}

/// Words compared without their spacing (a step's paragraphs are separate elements on the page).
fn squeeze(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tutorial_counter_moves_with_its_words_and_ends_done() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let (_, catalog) = t.get("/api/catalog").await;
    let driver = Driver::start().await;
    let profile = tempfile::tempdir().unwrap();
    let b = driver.browser(profile.path()).await;
    for game in catalog["games"].as_array().unwrap() {
        let game = game["name"].as_str().unwrap();
        let (status, rules) = t.get(&format!("/api/rules/{game}")).await;
        assert_eq!(status, 200, "{rules}");
        let steps = rules["tutorial"]["steps"].as_array().unwrap().clone();
        let total = steps.len();
        assert!(total > 0, "{game}: a tutorial");

        b.goto(&t.url(&format!("/learn/{game}"))).await;
        b.wait_for(
            "window.arbiterLearn && document.getElementById('learn-counter') && document.getElementById('learn-say')",
            "the tutorial page",
        )
        .await;
        // Every state the counter and the words are ever in, together, as the page shows them (a
        // mutation observer sees each change before the page is painted again).
        b.eval(
            "const counter = document.getElementById('learn-counter'); const say = document.getElementById('learn-say'); \
             window.__steps = []; \
             const record = () => { const c = counter.textContent, s = say.textContent; \
               const last = window.__steps[window.__steps.length - 1]; \
               if (!last || last.counter !== c || last.say !== s) window.__steps.push({counter: c, say: s}); }; \
             const watch = new MutationObserver(record); \
             for (const e of [counter, say]) watch.observe(e, {childList: true, subtree: true, characterData: true}); \
             record(); return null",
        )
        .await;

        // Play the whole tutorial: the reader's steps by clicking, the opponent's by themselves.
        loop {
            let now = b
                .wait_for(
                    "window.arbiterLearn.done ? 'done' : (!window.arbiterLearn.busy && window.arbiterLearn.clicks.length ? String(window.arbiterLearn.step) : null)",
                    "the reader's turn or the end",
                )
                .await;
            if now == json!("done") {
                break;
            }
            let step: usize = now.as_str().unwrap().parse().unwrap();
            let clicks = b.eval("return window.arbiterLearn.clicks").await;
            let clicks = clicks.as_array().unwrap();
            for (i, click) in clicks.iter().enumerate() {
                match click["cell"].as_str() {
                    Some(cell) => b.click_css(&format!("#board .hit[data-cell='{cell}']")).await,
                    None => b.click_css("#learn-buttons .token-choice").await,
                }
                if i + 1 < clicks.len() {
                    b.wait_for(
                        &format!(
                            "window.arbiterLearn.clickIndex === {} && !window.arbiterLearn.busy",
                            i + 1
                        ),
                        "the next click asked for",
                    )
                    .await;
                }
            }
            b.wait_for(
                &format!("window.arbiterLearn.done || window.arbiterLearn.step > {step}"),
                "the step played",
            )
            .await;
        }
        let done = text_of(&b, "#learn-counter").await;
        assert_eq!(done, format!("All {total} steps done"), "{game}");
        b.find("#learn-finish #play-real").await;
        // The end state is recorded too (the observer runs before the next task).
        b.wait_for(
            "window.__steps.length && window.__steps[window.__steps.length - 1].counter.startsWith('All')",
            "the end recorded",
        )
        .await;

        let seen = b.eval("return window.__steps").await;
        let seen = seen.as_array().unwrap();
        // Never more steps than there are ("Step 9 of 8").
        for state in seen {
            let counter = state["counter"].as_str().unwrap();
            if let Some((n, m)) = counter.strip_prefix("Step ").and_then(|rest| rest.split_once(" of ")) {
                let (n, m): (usize, usize) = (n.parse().unwrap(), m.parse().unwrap());
                assert!(
                    n <= m,
                    "{game}: the counter said {counter:?} (with {state})\nall: {seen:#?}"
                );
            }
        }
        let mut shown = Vec::new();
        for state in seen {
            let counter = state["counter"].as_str().unwrap();
            let words = state["say"].as_str().unwrap();
            if counter.is_empty() {
                continue; // the page before its first step
            }
            if counter == format!("All {total} steps done") {
                assert!(
                    words.contains("That is the whole tutorial"),
                    "{game}: the end shows the previous step's words: {state}\nall: {seen:#?}"
                );
                shown.push(total + 1);
                continue;
            }
            let numbers: Vec<usize> = counter
                .strip_prefix("Step ")
                .and_then(|rest| rest.split_once(" of "))
                .map(|(n, m)| vec![n.parse().unwrap(), m.parse().unwrap()])
                .unwrap_or_else(|| panic!("{game}: an unexpected counter {counter:?}"));
            let (n, m) = (numbers[0], numbers[1]);
            assert_eq!(m, total, "{game}: {counter}");
            assert!(
                (1..=total).contains(&n),
                "{game}: the counter said {counter:?}\nall: {seen:#?}"
            );
            let expected = steps[n - 1]["say"].as_str().unwrap();
            assert_eq!(
                squeeze(words),
                squeeze(expected),
                "{game}: {counter:?} was shown with other words than its step's\nall: {seen:#?}"
            );
            shown.push(n);
        }
        // Every step was shown in turn, then the end.
        shown.dedup();
        assert_eq!(shown, (1..=total + 1).collect::<Vec<_>>(), "{game}: {seen:#?}");
        b.screenshot(&artifact(&format!("newcomer-learn-{game}-done.png")))
            .await;
    }
    b.quit().await;
    assert_no_csp_violations(&t).await;
}

/// The board has caught up with the view and nothing is moving on it.
const SETTLED: &str =
    "window.arbiter && window.arbiter.view && window.arbiter.connected && !window.arbiter.view.thinking \
    && document.getElementById('board').dataset.position === window.arbiter.view.position && !window.arbiter.animating";

/// The animations running on the board now.
const RUNNING: &str =
    "document.getElementById('board').getAnimations({subtree: true}).filter(a => a.playState === 'running').length";

/// Plays a move of the player's by clicking a piece of theirs, then one of its destinations.
async fn click_some_move(b: &Browser) {
    b.click_css(".hit.selectable").await;
    b.click_css(".hit.dest").await;
}

/// What the page has made of the last click: the selected cell, the message, the marked destinations and
/// the animations still running on the board.
async fn after_click(b: &Browser) -> serde_json::Value {
    b.eval(&format!(
        "return {{selected: window.arbiter.input.selected, message: document.getElementById('message').textContent, \
          dests: document.querySelectorAll('#board .mark-dest').length, running: {RUNNING}}}"
    ))
    .await
}

/// The two cells of a move written `from-to` (Attraction's notation).
fn cells_of(notation: &serde_json::Value) -> (String, String) {
    let (from, to) = notation.as_str().unwrap().split_once('-').expect("a move from-to");
    (from.to_string(), to.to_string())
}

/// A game of Attraction against the computer (level 1), the player Violet (who moves first), open in a
/// browser with animations on, and a loaded machine made on purpose: when `window.__slow` is set the
/// board's slides run that much slower (0.02: 12.5 s instead of a quarter of a second), and when
/// `window.__slowDiagram` is set the board's pictures of positions arrive that many milliseconds late.
async fn slow_attraction(driver: &Driver, t: &TestServer, profile: &std::path::Path) -> Browser {
    let view = t
        .create(json!({"game": "attraction", "players": [{"kind": "human"}, {"kind": "computer", "level": 1}]}))
        .await;
    let id = view["id"].as_str().unwrap().to_string();
    let b = browser_as(driver, t, &t.token, profile, &format!("/game/{id}")).await;
    b.wait_for(SETTLED, "the game page").await;
    // Headless Chromium does not ask for reduced motion (were it to, nothing would slide: say so).
    assert_eq!(
        b.eval("return window.matchMedia('(prefers-reduced-motion: reduce)').matches")
            .await,
        json!(false),
        "the browser asks for reduced motion: nothing would slide"
    );
    b.eval(
        "window.__slow = 0; const animate = Element.prototype.animate; \
         Element.prototype.animate = function (...args) { const a = animate.apply(this, args); if (window.__slow) a.playbackRate = window.__slow; return a; }; \
         window.__slowDiagram = 0; const fetchNow = window.fetch; \
         window.fetch = (url, init) => String(url).startsWith('/api/diagram') && window.__slowDiagram \
           ? new Promise((ok) => setTimeout(ok, window.__slowDiagram)).then(() => fetchNow(url, init)) : fetchNow(url, init); \
         return null",
    )
    .await;
    b
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_click_while_the_computers_reply_slides_ends_the_slide_and_selects() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let driver = Driver::start().await;
    let profile = tempfile::tempdir().unwrap();
    let b = slow_attraction(&driver, &t, profile.path()).await;

    // The computer's reply is sliding; the player clicks a stone of theirs that stands still: the slide
    // ends at once and the stone is selected, its destinations marked.
    b.eval("window.__slow = 0.02; return null").await;
    click_some_move(&b).await;
    b.wait_for(
        &format!(
            "window.arbiter.view.ply === 2 && !window.arbiter.view.thinking && document.getElementById('board').dataset.position === window.arbiter.view.position && {RUNNING}"
        ),
        "the computer's reply sliding",
    )
    .await;
    let still = b
        .eval(
            "const froms = [...new Set(window.arbiter.view.legal.map((m) => m.from).filter(Boolean))]; \
             return froms.find((c) => { const p = document.querySelector(`#board [data-piece-cell='${c}']`); return p && !p.classList.contains('moving'); })",
        )
        .await;
    let still = still
        .as_str()
        .expect("a stone of the player's standing still")
        .to_string();
    b.click_css(&format!("#board .hit[data-cell='{still}']")).await;
    let after = after_click(&b).await;
    assert_eq!(after["selected"], json!(still), "{after}");
    assert!(after["dests"].as_u64().unwrap() > 0, "{after}");
    assert_eq!(after["running"], json!(0), "the slide goes on after the click: {after}");
    b.wait_for(
        "!window.arbiter.animating && !document.querySelector('#board .placed.moving')",
        "the board at rest",
    )
    .await;
    // And the move goes on from there as usual.
    b.click_css(".hit.dest").await;
    b.wait_for("window.arbiter.view.ply >= 3", "the move played").await;
    b.quit().await;
    assert_no_csp_violations(&t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_click_on_a_sliding_stone_selects_that_stone() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let driver = Driver::start().await;
    let profile = tempfile::tempdir().unwrap();
    let b = slow_attraction(&driver, &t, profile.path()).await;
    click_some_move(&b).await;
    b.wait_for(&format!("window.arbiter.view.ply === 2 && {SETTLED}"), "the reply")
        .await;

    // Undo against the computer takes back its reply and the player's move: the player's stone slides
    // back. Clicked where it is drawn, mid-slide, it is selected: the click is not read as one on the
    // empty cell the stone is crossing ("Select one of Violet's pieces first.").
    let (from, to) = cells_of(&b.eval("return window.arbiter.view.moves[0]").await);
    b.eval("window.__slow = 0.02; return null").await;
    b.click_css("#undo").await;
    b.wait_for(
        &format!(
            "window.arbiter.view.ply === 0 && document.getElementById('board').dataset.position === window.arbiter.view.position && document.querySelector(\"#board .placed.moving[data-piece-cell='{from}']\")"
        ),
        "the player's stone sliding back",
    )
    .await;
    // Where the stone is drawn: still on its way, nearer to where it was than to where it goes.
    let at = b
        .eval(&format!(
            "const n = document.querySelector(\"#board .placed.moving[data-piece-cell='{from}']\").getBoundingClientRect(); \
             const hit = (c) => document.querySelector(`#board .hit[data-cell='${{c}}']`).getBoundingClientRect(); \
             const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2]; \
             const [x, y] = centre(n); const [tx, ty] = centre(hit('{to}')); const [fx, fy] = centre(hit('{from}')); \
             return {{x, y, near_start: Math.hypot(x - tx, y - ty) < Math.hypot(x - fx, y - fy)}}"
        ))
        .await;
    assert_eq!(at["near_start"], json!(true), "the stone already arrived: {at}");
    b.click_at(at["x"].as_f64().unwrap(), at["y"].as_f64().unwrap()).await;
    let after = after_click(&b).await;
    assert_eq!(
        after["selected"],
        json!(from),
        "the click on the sliding stone was lost: {after}"
    );
    assert!(after["dests"].as_u64().unwrap() > 0, "{after}");
    assert_eq!(after["running"], json!(0), "{after}");
    b.eval("window.__slow = 0; return null").await;
    b.wait_for(SETTLED, "the board at rest").await;
    b.screenshot(&artifact("newcomer-click-while-sliding.png")).await;
    b.quit().await;
    assert_no_csp_violations(&t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_click_before_the_board_caught_up_waits_for_it() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let driver = Driver::start().await;
    let profile = tempfile::tempdir().unwrap();
    let b = slow_attraction(&driver, &t, profile.path()).await;
    for ply in [2, 4] {
        click_some_move(&b).await;
        b.wait_for(&format!("window.arbiter.view.ply === {ply} && {SETTLED}"), "the reply")
            .await;
    }
    // A slow machine: the view has changed but the board still shows the position before (its picture
    // is on its way). A click on a stone as it is drawn there waits for the board, then counts for that
    // stone where it stands now. (The positions seen so far are known to the page: the board is flipped
    // first, so that the picture after the undo has to be fetched.)
    let (from, to) = cells_of(&b.eval("return window.arbiter.view.moves[2]").await);
    b.click_css("#flip").await;
    b.wait_for(
        &format!("window.arbiter.shown.flipped && {SETTLED}"),
        "the board flipped",
    )
    .await;
    b.eval("window.__slowDiagram = 3000; return null").await;
    b.click_css("#undo").await;
    b.wait_for(
        "window.arbiter.view.ply === 2 && document.getElementById('board').dataset.position !== window.arbiter.view.position",
        "the board behind the view",
    )
    .await;
    // The stone the player moved last is drawn on `to` still: they click it.
    b.click_css(&format!("#board .hit[data-cell='{to}']")).await;
    b.wait_for(SETTLED, "the board caught up").await;
    let after = after_click(&b).await;
    assert_eq!(
        after["selected"],
        json!(from),
        "the click made before the board caught up was read against the new position: {after}"
    );
    assert!(after["dests"].as_u64().unwrap() > 0, "{after}");
    b.eval("window.__slowDiagram = 0; return null").await;
    b.quit().await;
    assert_no_csp_violations(&t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_says_a_clock_in_words_and_public_as_listed_for_spectators() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let driver = Driver::start().await;
    let (ta, tb) = (named_player(&t, "Ann").await, named_player(&t, "Bob").await);
    let (pa, pb) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let ann = browser_as(&driver, &t, &ta, pa.path(), "/").await;
    let bob = browser_as(&driver, &t, &tb, pb.path(), "/").await;
    for b in [&ann, &bob] {
        lobby_live(b).await;
    }

    // Ann posts a 15-second challenge (a custom clock: a quarter of a minute, nothing added), not
    // listed for spectators.
    ann.click_css("#pick-void").await;
    ann.click_css("#post-challenge-open").await;
    ann.wait_for(
        "document.getElementById('who-lobby').checked",
        "the form set for a challenge",
    )
    .await;
    ann.click_css("#clock-choice option[value='custom']").await;
    let minutes = ann.find("#clock-minutes").await;
    minutes.clear().await.expect("clearing the minutes");
    minutes.send_keys("0.25").await.expect("typing the minutes");
    let increment = ann.find("#clock-increment").await;
    increment.clear().await.expect("clearing the increment");
    increment.send_keys("0").await.expect("typing the increment");
    let words = text_of(&ann, "#clock-words").await;
    assert!(words.contains("15 seconds each, no time added"), "{words}");
    assert_eq!(
        ann.eval("return document.getElementById('public-game').checked").await,
        json!(false)
    );
    ann.click_css("#start-game").await;
    ann.wait_for(
        "document.getElementById('home-message').textContent.includes('Challenge posted')",
        "the challenge posted",
    )
    .await;
    let (_, open) = t.get("/api/challenges").await;
    let posted = open.as_array().unwrap().first().expect("the challenge").clone();
    // The API keeps its own spelling.
    assert_eq!(posted["clock"], json!("fischer:15+0"), "{posted}");
    assert_eq!(posted["public"], json!(false), "{posted}");
    let id = posted["id"].as_str().unwrap().to_string();

    // Bob's lobby lists it (a challenge not public is listed for everyone), its clock in plain words.
    let line = format!("#lobby-list .challenge[data-id='{id}']");
    let words = text_of(&bob, &line).await;
    assert!(words.contains("Ann") && words.contains("Clock: 15 s + 0"), "{words}");
    assert!(!words.contains('¼') && !words.contains("public"), "{words}");
    let clock = text_of(&bob, &format!("{line} .challenge-clock")).await;
    assert_eq!(clock, "Clock: 15 s + 0");
    let title = bob
        .eval(&format!(
            "return document.querySelector(\"{line} .challenge-clock\").title"
        ))
        .await;
    assert_eq!(title, json!("15 seconds each, no time added"));
    bob.screenshot(&artifact("newcomer-lobby-15s.png")).await;

    // Ann's form says what "public" is: the game listed for spectators; a challenge is listed anyway.
    let public = text_of(&ann, "label:has(#public-game)").await;
    assert!(public.contains("spectators"), "{public}");
    let note = text_of(&ann, ".who-details").await;
    assert!(note.contains("Anyone may accept it"), "{note}");

    // A public challenge says what its flag means: the game will be listed for spectators.
    let (status, other) = t
        .send_as(
            Some(&ta),
            "POST",
            "/api/challenges",
            Some(json!({"game": "krux", "clock": "fischer:300+3", "public": true})),
        )
        .await;
    assert_eq!(status, 200, "{other}");
    let line = format!("#lobby-list .challenge[data-id='{}']", other["id"].as_str().unwrap());
    let words = text_of(&bob, &line).await;
    assert!(
        words.contains("Clock: 5 min + 3 s") && words.contains("game listed for spectators"),
        "{words}"
    );
    // Correspondence in words too.
    let (status, third) = t
        .send_as(
            Some(&ta),
            "POST",
            "/api/challenges",
            Some(json!({"game": "attraction", "clock": "days:3"})),
        )
        .await;
    assert_eq!(status, 200, "{third}");
    let line = format!("#lobby-list .challenge[data-id='{}']", third["id"].as_str().unwrap());
    let words = text_of(&bob, &line).await;
    assert!(words.contains("Clock: 3 days per move"), "{words}");

    // Bob accepts the 15-second one: the game page says the time control in the same words.
    bob.click_css(&format!("#lobby-list .challenge[data-id='{id}'] .accept-challenge"))
        .await;
    bob.wait_for(
        "location.pathname.startsWith('/game/') && window.arbiter && window.arbiter.view && window.arbiter.view.clock",
        "the game",
    )
    .await;
    let control = text_of(&bob, "#time-control").await;
    assert!(control.contains("Time control: 15 s + 0"), "{control}");
    ann.quit().await;
    bob.quit().await;
    assert_no_csp_violations(&t).await;
}
