//! Browser tests: a real headless Chromium (Debian's chromium + chromium-driver) against the real server.
//! For every game: start a game against the computer from the home page, move by clicking, see the reply,
//! undo, resign; and two browsers sharing one game. Screenshots go to `test-artifacts/` (and to `docs/`
//! with `ARBITER_UPDATE_DOCS=1`).

mod common;

#[path = "common/webdriver.rs"]
mod webdriver;

use common::TestServer;
use serde_json::{json, Value};
use std::path::PathBuf;
use tokio::sync::Mutex;
use webdriver::{Browser, Driver};

/// One browser test at a time: the machine is small.
static SERIAL: Mutex<()> = Mutex::const_new(());

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn artifact(name: &str) -> PathBuf {
    workspace().join("test-artifacts").join(name)
}

/// Browser tests need Chromium; `scripts/test.sh` installs it. Without it they fail, saying so.
fn require_chromium() {
    assert!(
        webdriver::available(),
        "chromium and chromedriver are missing: run scripts/test.sh (apt-get install chromium chromium-driver)"
    );
}

async fn ply(b: &Browser) -> u64 {
    b.eval("return window.arbiter && window.arbiter.view ? window.arbiter.view.ply : -1")
        .await
        .as_u64()
        .unwrap_or(0)
}

async fn wait_ply(b: &Browser, n: u64) {
    b.wait_for(
        &format!("window.arbiter.view.ply === {n} && !window.arbiter.view.thinking"),
        &format!("ply {n}"),
    )
    .await;
}

/// Makes one legal move for the side to move by clicking on the board (Krux: ring, a token, end turn).
async fn click_a_move(b: &Browser, game: &str) {
    b.wait_for("window.arbiter.view && !window.arbiter.view.thinking", "my turn")
        .await;
    let before = ply(b).await;
    if game == "krux" {
        let rings = b.find_all("[data-token^='@']").await;
        if let Some(ring) = rings.first() {
            b.click(ring).await;
            b.wait_for("window.arbiter.krux.tokens.length === 1", "ring chosen")
                .await;
        }
        // Click marked cells (a step, an action, a drop…) until the turn may end, at least once.
        // A token that wins ends the turn by itself.
        let played = format!("window.arbiter.view.ply > {before}");
        for round in 0..4 {
            let can_finish = b.eval("return window.arbiter.krux.turn.can_finish").await == json!(true);
            if round > 0 && can_finish {
                break;
            }
            let tokens_before = b
                .eval("return window.arbiter.krux.tokens.length")
                .await
                .as_u64()
                .unwrap();
            b.click_css(".hit.token").await;
            let progressed = format!("window.arbiter.krux.tokens.length > {tokens_before} || {played}");
            // A cell with several possible tokens offers a choice.
            let chosen = b
                .wait_for(
                    &format!("({progressed}) || document.querySelector('.krux-controls .choice-button')"),
                    "token played or offered",
                )
                .await;
            if chosen.is_object() {
                b.click_css(".krux-controls .choice-button").await;
            }
            b.wait_for(&progressed, "token played").await;
            if b.eval(&format!("return {played}")).await == json!(true) {
                return;
            }
        }
        b.wait_for("window.arbiter.krux.turn.can_finish", "turn may end").await;
        b.click_css("#end-turn").await;
    } else {
        b.click_css(".hit.selectable").await;
        b.click_css(".hit.dest").await;
        let choice = b
            .wait_for(
                &format!("window.arbiter.view.ply > {before} || document.querySelector('.hit.choice')"),
                "move played or choice offered",
            )
            .await;
        if choice.is_object() {
            b.click_css(".hit.choice").await;
        }
    }
    b.wait_for(&format!("window.arbiter.view.ply > {before}"), "my move played")
        .await;
}

async fn game_over(b: &Browser) -> bool {
    !b.eval("return window.arbiter.view.ending").await.is_null()
}

/// The computer won already (rare this early): the banner says so, and undo still works.
async fn finish_early(b: Browser, game: &str) {
    let text = b
        .wait_for("document.getElementById('banner').textContent", "banner")
        .await;
    assert!(text.as_str().unwrap().contains("wins"), "{text}");
    b.screenshot(&artifact(&format!("{game}-over.png"))).await;
    let before = ply(&b).await;
    b.click_css("#undo").await;
    b.wait_for(&format!("window.arbiter.view.ply < {before}"), "undo").await;
    b.quit().await;
}

async fn play_against_the_computer(driver: &Driver, t: &TestServer, game: &str, profile: &std::path::Path) {
    let b = driver.browser(profile).await;
    b.goto(&t.url("/")).await;
    b.click_css(&format!("#pick-{game}")).await;
    b.click_css("#player-1 option[value='computer:1']").await;
    b.screenshot(&artifact(&format!("home-{game}.png"))).await;
    b.click_css("#start-game").await;
    b.wait_for(
        "location.pathname.startsWith('/game/') && window.arbiter && window.arbiter.view",
        "game page",
    )
    .await;
    let view: Value = b.eval("return window.arbiter.view").await;
    assert_eq!(view["game"], json!(game));
    assert_eq!(view["sides"][1]["seat"], json!({"kind": "computer", "level": 1}));
    b.screenshot(&artifact(&format!("{game}-start.png"))).await;

    // An illegal click is explained: an empty cell with nothing selected.
    let empty = b
        .eval("const c = [...document.querySelectorAll('.hit:not(.has-piece)')][0]; return c ? c.getAttribute('data-cell') : null")
        .await;
    if let Some(cell) = empty.as_str() {
        if game != "krux" {
            b.click_css(&format!(".hit[data-cell='{cell}']")).await;
            let msg = b
                .wait_for("document.getElementById('message').textContent", "explanation")
                .await;
            assert!(msg.as_str().unwrap().contains("Select"), "{msg}");
        }
    }

    click_a_move(&b, game).await;
    wait_ply(&b, 2).await;
    b.screenshot(&artifact(&format!("{game}-reply.png"))).await;
    if game_over(&b).await {
        return finish_early(b, game).await;
    }
    click_a_move(&b, game).await;
    wait_ply(&b, 4).await;
    if game_over(&b).await {
        return finish_early(b, game).await;
    }

    // The docs picture: a selected piece with its legal destinations (Krux: the turn being built).
    if game == "krux" {
        if let Some(ring) = b.find_all("[data-token^='@']").await.first() {
            b.click(ring).await;
            b.wait_for("window.arbiter.krux.tokens.length === 1", "ring chosen")
                .await;
        }
    } else {
        b.click_css(".hit.selectable").await;
        b.wait_for("document.querySelector('.hit.dest')", "destinations").await;
    }
    let picture = artifact(&format!("{game}.png"));
    b.screenshot(&picture).await;
    if game == "krux" || game == "villawar" {
        docs_copy(&picture, &format!("{game}.png"));
    }

    // Undo takes back the computer's reply and my move.
    b.click_css("#undo").await;
    wait_ply(&b, 2).await;

    // Resign: the banner says why the game ended.
    b.click_css("#resign").await;
    b.accept_alert().await;
    let text = b
        .wait_for("!document.getElementById('banner').classList.contains('hidden') && document.getElementById('banner').textContent", "banner")
        .await;
    assert!(text.as_str().unwrap().contains("resignation"), "{text}");
    b.screenshot(&artifact(&format!("{game}-resigned.png"))).await;
    b.quit().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_against_the_computer_by_clicking() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let (_, catalog) = t.get("/api/catalog").await;
    let driver = Driver::start().await;
    for game in catalog["games"].as_array().unwrap() {
        let name = game["name"].as_str().unwrap();
        let profile = tempfile::tempdir().unwrap();
        play_against_the_computer(&driver, &t, name, profile.path()).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_play_one_game_live() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let view = t
        .create(json!({"game": "void", "players": [{"kind": "human"}, {"kind": "human"}]}))
        .await;
    let id = view["id"].as_str().unwrap();
    let driver = Driver::start().await;
    let (pa, pb) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let black = driver.browser(pa.path()).await;
    let white = driver.browser(pb.path()).await;
    black.goto(&t.url(&format!("/game/{id}?as=black"))).await;
    white.goto(&t.url(&format!("/game/{id}?as=white"))).await;
    for b in [&black, &white] {
        b.wait_for(
            "window.arbiter && window.arbiter.view && window.arbiter.connected",
            "live page",
        )
        .await;
    }
    // White may not move now: the click is explained.
    white.click_css(".hit.has-piece").await;
    let msg = white
        .wait_for("document.getElementById('message').textContent", "explanation")
        .await;
    assert!(msg.as_str().unwrap().contains("turn"), "{msg}");

    click_a_move(&black, "void").await;
    wait_ply(&white, 1).await;
    click_a_move(&white, "void").await;
    wait_ply(&black, 2).await;
    // Reviewing: click the first move in the list, see that position, come back.
    black.click_css(".mv[data-ply='1']").await;
    black
        .wait_for("document.getElementById('review-bar')", "review bar")
        .await;
    let shown = black
        .eval("return document.getElementById('board').getAttribute('viewBox') && window.arbiter.positions.list[1]")
        .await;
    assert!(shown.is_string());
    black.click_css("#review-bar button.primary").await;
    black
        .wait_for("!document.getElementById('review-bar')", "back to the game")
        .await;
    black.screenshot(&artifact("shared-black.png")).await;
    white.screenshot(&artifact("shared-white.png")).await;
    let moves_black = black.eval("return window.arbiter.view.moves").await;
    let moves_white = white.eval("return window.arbiter.view.moves").await;
    assert_eq!(moves_black, moves_white);
    black.quit().await;
    white.quit().await;
}

/// Opens a game created from a position (human against human) as the side to move.
async fn open_position(
    driver: &Driver,
    t: &TestServer,
    game: &str,
    position: &str,
    side: &str,
    profile: &std::path::Path,
) -> Browser {
    let view = t
        .create(json!({"game": game, "position": position, "players": [{"kind": "human"}, {"kind": "human"}]}))
        .await;
    let b = driver.browser(profile).await;
    b.goto(&t.url(&format!("/game/{}?as={side}", view["id"].as_str().unwrap())))
        .await;
    b.wait_for(
        "window.arbiter && window.arbiter.view && window.arbiter.connected",
        "game page",
    )
    .await;
    b
}

fn docs_copy(picture: &std::path::Path, name: &str) {
    if std::env::var_os("ARBITER_UPDATE_DOCS").is_some() {
        std::fs::create_dir_all(workspace().join("docs")).unwrap();
        std::fs::copy(picture, workspace().join("docs").join(name)).unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn attacks_falls_and_pushes_are_previewed() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let driver = Driver::start().await;

    // Void, worked example 4: the sweeper a2 goes to f2; c3 and e3 can be attacked; choosing c3 drops both.
    let profile = tempfile::tempdir().unwrap();
    let b = open_position(
        &driver,
        &t,
        "void",
        "4F8f4/18/2XxX13/s8x8/18 b 0",
        "black",
        profile.path(),
    )
    .await;
    b.click_css(".hit[data-cell='a2']").await;
    b.click_css(".hit.dest[data-cell='f2']").await;
    b.wait_for(
        "document.querySelectorAll('.hit.choice').length === 3",
        "attack choices",
    )
    .await;
    let target = b.find(".hit.choice[data-cell='c3']").await;
    b.hover(&target).await;
    let falls = b
        .wait_for(
            "document.querySelectorAll('.layer-hover .mark-fall').length",
            "falls marked",
        )
        .await;
    assert_eq!(falls, json!(2), "choosing c3 drops c3 and e3");
    let picture = artifact("void-attack.png");
    b.screenshot(&picture).await;
    docs_copy(&picture, "void.png");
    b.click(&target).await;
    let view = b
        .wait_for("window.arbiter.view.ply === 1 && window.arbiter.view", "attack played")
        .await;
    assert_eq!(view["moves"], json!(["a2-f2xc3"]));
    b.quit().await;

    // Attraction, the worked example: e2 to c6 can push the violet stone to b6 or d6.
    let profile = tempfile::tempdir().unwrap();
    let b = open_position(
        &driver,
        &t,
        "attraction",
        "8/8/2v5/2r5/8/2r5/1r1vr3/8 r 0",
        "red",
        profile.path(),
    )
    .await;
    b.click_css(".hit[data-cell='e2']").await;
    let dests = b
        .eval("return [...document.querySelectorAll('.hit.dest')].map(e => e.getAttribute('data-cell')).sort()")
        .await;
    assert_eq!(
        dests,
        json!(["a2", "b1", "b3", "b5", "c2", "c4", "c6", "d1", "d3", "d5"])
    );
    b.click_css(".hit.dest[data-cell='c6']").await;
    b.wait_for("document.querySelectorAll('.mark-arrow').length === 2", "push arrows")
        .await;
    let stone = b.find(".hit[data-cell='c5']").await;
    b.hover(&stone).await;
    b.wait_for("document.querySelector('.orbit-circle')", "orbit circle")
        .await;
    let picture = artifact("attraction-push.png");
    b.screenshot(&picture).await;
    docs_copy(&picture, "attraction.png");
    b.click_css(".hit.choice[data-cell='d6']").await;
    let view = b
        .wait_for("window.arbiter.view.ply === 1 && window.arbiter.view", "push played")
        .await;
    assert_eq!(view["moves"], json!(["e2-c6+d6"]));
    b.quit().await;
}
