//! Browser tests: a real headless Chromium (Debian's chromium + chromium-driver) against the real server.
//! For every game: start a game against the computer from the home page, move by clicking, see the reply,
//! undo, resign; a finished game with its ending told and the decisive cells in sight; the tutorial's first
//! steps; the rules pages' live examples; the hint on the board; the Krux panel at 1280×800; seats that
//! belong to someone: a friend joins through the invite link and both play live while a watcher cannot
//! move, takeback requests declined and accepted, a rematch reaching both players, refusals told plainly;
//! the lobby: a challenge posted, seen live by another player, accepted (both land in the game, whose
//! clocks tick) or cancelled; a clock chosen on the form; a flag falling; a game report followed from the
//! rules page while it is made, then shown.
//! Every browser has its own profile, so its own player (cookie). Screenshots go to `test-artifacts/` (and
//! to `docs/` with `ARBITER_UPDATE_DOCS=1`).

mod common;

#[path = "common/webdriver.rs"]
mod webdriver;

#[path = "common/clicks.rs"]
mod clicks;

use arbiter_server::Limits;
use clicks::{clicks_of, diagram, MoveInput};
use common::TestServer;
use serde_json::{json, Value};
use webdriver::*;

/// The game page's turn built step by step, once it waits for a step.
const GAME_TURN: &str = "(window.arbiter.step && !window.arbiter.step.busy && window.arbiter.step.turn)";

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

/// Makes one legal move for the side to move by clicking on the board (step by step: a ring, marked
/// cells, "End turn").
async fn click_a_move(b: &Browser, game: &str) {
    b.wait_for(
        "window.arbiter.view && !window.arbiter.view.thinking && window.arbiter.diagram",
        "my turn",
    )
    .await;
    let before = ply(b).await;
    let played = format!("window.arbiter.view.ply > {before}");
    let input = MoveInput {
        turn: GAME_TURN,
        entered: &played,
    };
    if game == "krux" {
        if !b.find_all(".turn-controls .token-choice").await.is_empty() {
            b.click_css(".turn-controls .token-choice").await;
            b.wait_for("window.arbiter.step.tokens.length === 1", "ring chosen")
                .await;
        }
        // Click marked cells (a step, an action, a drop…) until the turn may end, at least once.
        // A step that wins ends the turn by itself.
        for round in 0..4 {
            let can_finish = b.eval("return window.arbiter.step.turn.can_finish").await == json!(true);
            if round > 0 && can_finish {
                break;
            }
            // A cell with several possible steps offers a choice.
            input.step(b, ".hit.token", ".turn-controls .choice-button").await;
            if b.eval(&format!("return {played}")).await == json!(true) {
                return;
            }
        }
        b.wait_for("window.arbiter.step.turn.can_finish", "turn may end").await;
        b.click_css("#end-turn").await;
    } else {
        b.click_css(".hit.selectable").await;
        // Several moves with the same from and to offer a choice.
        input.step(b, ".hit.dest", ".hit.choice").await;
    }
    b.wait_for(&played, "my move played").await;
}

/// Plays `notation` on the game page by clicking what the server says a person clicks for it; waits for
/// the end of the game it brings.
async fn click_move_by_its_clicks(b: &Browser, t: &TestServer, spec: &str, position: &str, notation: &str) {
    let clicks = clicks_of(t, spec, position, notation).await;
    // A move no cell stands for (a pass) is a button.
    if clicks.iter().all(|c| c["cell"].is_null() && c["token"].is_null()) {
        b.click_css(&format!("button[data-move='{notation}']")).await;
        return;
    }
    let input = MoveInput {
        turn: GAME_TURN,
        entered: "window.arbiter.view.ending",
    };
    if clicks.iter().any(|c| !c["token"].is_null()) {
        input.click_steps(b, &clicks).await;
    } else {
        input.click_cells(b, &clicks).await;
    }
}

/// At `width`×`height`, the page does not scroll sideways (checked after the layout settles).
async fn fits_width(b: &Browser, width: u32, height: u32, what: &str) {
    b.set_size(width, height).await;
    b.wait_for(&format!("Math.abs(window.innerWidth - {width}) < 20"), "the new width")
        .await;
    let overflow = b
        .eval("return document.documentElement.scrollWidth - window.innerWidth")
        .await;
    if overflow.as_f64().unwrap() > 1.0 {
        // Name the widest culprits: elements reaching past the right edge whose children do not.
        let culprits = b
            .eval(
                "const w = window.innerWidth; return [...document.querySelectorAll('body *')] \
                 .filter(e => e.getBoundingClientRect().right > w + 1 && ![...e.children].some(c => c.getBoundingClientRect().right > w + 1)) \
                 .slice(0, 6).map(e => `${e.tagName.toLowerCase()}#${e.id}.${e.className.baseVal ?? e.className} → ${Math.round(e.getBoundingClientRect().right)}px`)",
            )
            .await;
        panic!("{what} at {width}×{height}: the page scrolls sideways by {overflow}px: {culprits}");
    }
}

async fn game_over(b: &Browser) -> bool {
    !b.eval("return window.arbiter.view.ending").await.is_null()
}

/// The computer won already (rare this early): the banner says so, and a finished game offers no undo.
async fn finish_early(b: Browser, game: &str) {
    let text = b
        .wait_for("document.getElementById('banner').textContent", "banner")
        .await;
    assert!(text.as_str().unwrap().contains("wins"), "{text}");
    b.screenshot(&artifact(&format!("{game}-over.png"))).await;
    assert!(b.find_all("#undo").await.is_empty(), "no undo once the game is over");
    b.quit().await;
}

async fn play_against_the_computer(driver: &Driver, t: &TestServer, game: &str, profile: &std::path::Path) {
    let b = driver.browser(profile).await;
    b.goto(&t.url("/")).await;
    b.click_css(&format!("#pick-{game}")).await;
    b.click_css("#who-computer").await;
    b.click_css("#my-side option[value='0']").await;
    b.click_css("#computer-level option[value='1']").await;
    b.screenshot(&artifact(&format!("home-{game}.png"))).await;
    b.click_css("#start-game").await;
    b.wait_for(
        "location.pathname.startsWith('/game/') && window.arbiter && window.arbiter.view && window.arbiter.diagram",
        "game page",
    )
    .await;
    let view: Value = b.eval("return window.arbiter.view").await;
    assert_eq!(view["game"], json!(game));
    assert_eq!(view["sides"][1]["seat"], json!({"kind": "computer", "level": 1}));
    // The game is this browser's player's: the human side is theirs, the computer's side too.
    let me = b.eval("return window.arbiter.me.id").await;
    assert_eq!(view["sides"][0]["player"]["id"], me);
    assert_eq!(b.eval("return [...window.arbiter.mine]").await, json!([0]));
    // The legend explains every mark and the key shows the pieces, from the server.
    b.wait_for(
        "document.querySelectorAll('#legend-section .legend-item').length > 2 && document.querySelector('#legend-section .key-item svg')",
        "legend and piece key",
    )
    .await;
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
    // The computer's reply slid into place: the board shows the position of the view.
    b.wait_for(
        "!window.arbiter.animating && document.getElementById('board').dataset.position === window.arbiter.view.position",
        "the board at the current position",
    )
    .await;

    // The docs picture: a selected piece with its legal destinations (Krux: the turn being built).
    if game == "krux" {
        if !b.find_all(".turn-controls .token-choice").await.is_empty() {
            b.click_css(".turn-controls .token-choice").await;
            b.wait_for("window.arbiter.step.tokens.length === 1", "ring chosen")
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

    // At phone width the page is one column, without sideways scrolling.
    b.set_size(390, 844).await;
    b.wait_for("window.innerWidth <= 400", "phone width").await;
    let overflow = b
        .eval("return document.documentElement.scrollWidth - window.innerWidth")
        .await;
    assert!(
        overflow.as_f64().unwrap() <= 1.0,
        "{game}: the page scrolls sideways by {overflow}px"
    );
    b.screenshot(&artifact(&format!("{game}-phone.png"))).await;
    b.set_size(1400, 950).await;

    // Undo takes back the computer's reply and my move.
    b.click_css("#undo").await;
    wait_ply(&b, 2).await;

    // Resign: the banner says who resigned.
    b.click_css("#resign").await;
    b.accept_alert().await;
    let text = b
        .wait_for("!document.getElementById('banner').classList.contains('hidden') && document.getElementById('banner').textContent", "banner")
        .await;
    assert!(text.as_str().unwrap().contains("resigned"), "{text}");
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
    assert_no_csp_violations(&t).await;
}

/// The value of an input on the page.
async fn value_of(b: &Browser, css: &str) -> String {
    let css = serde_json::to_string(css).unwrap();
    b.wait_for(
        &format!("document.querySelector({css}) && document.querySelector({css}).value"),
        css.as_str(),
    )
    .await
    .as_str()
    .unwrap()
    .to_string()
}

/// A Void game between two players, `first` holding the first side and `second` (through the invite)
/// the other: its id.
async fn game_between(t: &TestServer, first: &str, second: &str) -> String {
    game_with_clock(t, first, second, None).await
}

/// The same, with a time control (`fischer:10+0`) when given.
async fn game_with_clock(t: &TestServer, first: &str, second: &str, clock: Option<&str>) -> String {
    let mut body = json!({"game": "void", "players": [{"kind": "human"}, {"kind": "human"}], "open": "second"});
    if let Some(clock) = clock {
        body["clock"] = json!(clock);
    }
    let (status, view) = t.send_as(Some(first), "POST", "/api/games", Some(body)).await;
    assert_eq!(status, 200, "{view}");
    let id = view["id"].as_str().unwrap().to_string();
    let invite = view["invite"].as_str().expect("an invite for the open side");
    let (status, view) = t
        .send_as(
            Some(second),
            "POST",
            &format!("/api/games/{id}/claim"),
            Some(json!({"invite": invite})),
        )
        .await;
    assert_eq!(status, 200, "{view}");
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_friend_joins_by_the_invite_link_and_a_watcher_cannot_move() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let driver = Driver::start().await;
    let (pa, pb, pc) = (
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
    );

    // Ann names herself on the home page and starts a public game with a friend.
    let ann = driver.browser(pa.path()).await;
    ann.goto(&t.url("/")).await;
    ann.wait_for("window.arbiterHome && window.arbiterHome.me", "the player")
        .await;
    ann.find("#display-name")
        .await
        .send_keys("Ann")
        .await
        .expect("typing the name");
    ann.click_css("#pick-void").await;
    ann.click_css("#who-friend").await;
    ann.click_css("#my-side option[value='0']").await;
    ann.click_css("#public-game").await;
    ann.screenshot(&artifact("home-friend.png")).await;
    fits_width(&ann, 390, 844, "the home page").await;
    ann.screenshot(&artifact("home-phone.png")).await;
    ann.set_size(1400, 950).await;
    ann.click_css("#start-game").await;
    ann.wait_for(
        "location.pathname.startsWith('/game/') && window.arbiter && window.arbiter.view && window.arbiter.connected",
        "the game page",
    )
    .await;
    let id = ann.eval("return window.arbiter.id").await.as_str().unwrap().to_string();
    let view = t.view(&id).await;
    assert_eq!(view["sides"][0]["player"]["name"], json!("Ann"));
    assert_eq!(view["sides"][1]["open"], json!(true));
    assert_eq!(view["public"], json!(true));
    let waiting = text_of(&ann, "#player-who-1").await;
    assert!(waiting.contains("Waiting for your friend"), "{waiting}");
    let first_invite = value_of(&ann, "#invite-link").await;
    assert!(
        first_invite.starts_with(&t.url(&format!("/game/{id}?invite="))),
        "the invite link: {first_invite}"
    );
    let watch = value_of(&ann, "#watch-link").await;
    assert_eq!(watch, t.url(&format!("/game/{id}")));
    ann.screenshot(&artifact("invite.png")).await;
    fits_width(&ann, 390, 844, "the game page with its invite").await;
    ann.screenshot(&artifact("invite-phone.png")).await;
    ann.set_size(1400, 950).await;

    // Ann opens her own link: it is hers to send, not to use; the seat stays open.
    ann.goto(&first_invite).await;
    live_page(&ann).await;
    let msg = text_of(&ann, "#message").await;
    assert!(msg.contains("your own invite link"), "{msg}");
    assert_eq!(ann.eval("return location.search").await, json!(""));
    assert_eq!(value_of(&ann, "#invite-link").await, first_invite);
    assert_eq!(t.view(&id).await["sides"][1]["open"], json!(true));

    // A new link replaces the old one, which stops working.
    ann.click_css("#new-invite").await;
    let first_json = serde_json::to_string(&first_invite).unwrap();
    let invite = ann
        .wait_for(
            &format!("document.getElementById('invite-link').value !== {first_json} && document.getElementById('invite-link').value"),
            "a new invite link",
        )
        .await
        .as_str()
        .unwrap()
        .to_string();
    let watcher = driver.browser(pc.path()).await;
    watcher.goto(&first_invite).await;
    live_page(&watcher).await;
    let msg = text_of(&watcher, "#message").await;
    assert!(msg.contains("does not work") && msg.contains("watching"), "{msg}");
    assert_eq!(watcher.eval("return window.arbiter.mine.size").await, json!(0));
    assert_eq!(t.view(&id).await["sides"][1]["open"], json!(true));

    // The friend opens the link: the seat is theirs, the code leaves the address bar.
    let bob = driver.browser(pb.path()).await;
    bob.goto(&invite).await;
    live_page(&bob).await;
    bob.wait_for("window.arbiter.mine.has(1)", "the friend holds the second side")
        .await;
    assert_eq!(bob.eval("return location.search").await, json!(""));
    let joined = text_of(&bob, "#message").await;
    assert!(joined.contains("You joined"), "{joined}");
    // Ann's page learns it live: the seat is taken, the invite gone.
    ann.wait_for(
        "!window.arbiter.view.sides[1].open && !document.getElementById('invite-box')",
        "the friend joined",
    )
    .await;
    let told = text_of(&ann, "#message").await;
    assert!(told.contains("joined the game"), "{told}");
    let bob_row = text_of(&ann, "#player-who-1").await;
    assert!(bob_row.contains("Anonymous"), "{bob_row}");
    let ann_row = text_of(&bob, "#player-who-0").await;
    assert!(ann_row.contains("Ann"), "{ann_row}");

    // Bob may not move now: the click is explained.
    bob.click_css(".hit.has-piece").await;
    let msg = text_of(&bob, "#message").await;
    assert!(msg.contains("turn"), "{msg}");
    // Both move, each on their own page, and see the other's move live.
    click_a_move(&ann, "void").await;
    wait_ply(&bob, 1).await;
    click_a_move(&bob, "void").await;
    wait_ply(&ann, 2).await;

    // A watcher through the watch link: told so, no way to move, and the server refuses a forged move.
    watcher.goto(&watch).await;
    live_page(&watcher).await;
    let words = text_of(&watcher, "#watching").await;
    assert!(words.contains("You are watching"), "{words}");
    assert_eq!(watcher.eval("return window.arbiter.mine.size").await, json!(0));
    for control in [
        ".hit.selectable",
        "#hint",
        "#undo",
        "#takeback",
        "#resign",
        "[id^='seat-select']",
        "#invite-box",
        ".move-controls",
    ] {
        assert!(watcher.find_all(control).await.is_empty(), "a watcher sees {control}");
    }
    watcher.click_css(".hit.has-piece").await;
    let msg = text_of(&watcher, "#message").await;
    assert!(msg.contains("watching"), "{msg}");
    let forged = watcher
        .eval(
            "const v = window.arbiter.view; \
             return fetch(`/api/games/${v.id}/moves`, {method: 'POST', headers: {'content-type': 'application/json'}, \
               body: JSON.stringify({move: v.legal[0].notation, side: v.sides[0].name, ply: v.ply})}).then(r => r.status)",
        )
        .await;
    assert_eq!(forged, json!(403), "a watcher's forged move");
    assert_eq!(t.view(&id).await["ply"], json!(2), "the game is untouched");
    watcher.screenshot(&artifact("watcher.png")).await;

    // The used invite says so and leaves the watcher watching.
    watcher.goto(&invite).await;
    live_page(&watcher).await;
    let msg = text_of(&watcher, "#message").await;
    assert!(msg.contains("already used") && msg.contains("watching"), "{msg}");
    assert_eq!(watcher.eval("return location.search").await, json!(""));
    assert_eq!(watcher.eval("return window.arbiter.mine.size").await, json!(0));

    // Reviewing: click the first move in the list, see that position, come back.
    ann.click_css(".mv[data-ply='1']").await;
    ann.wait_for("document.getElementById('review-bar')", "review bar")
        .await;
    ann.wait_for(
        "document.getElementById('board').dataset.position === window.arbiter.positions.list[1]",
        "the position after move 1",
    )
    .await;
    ann.click_css("#review-bar button.primary").await;
    ann.wait_for("!document.getElementById('review-bar')", "back to the game")
        .await;
    ann.screenshot(&artifact("shared-first.png")).await;
    bob.screenshot(&artifact("shared-second.png")).await;
    let moves_ann = ann.eval("return window.arbiter.view.moves").await;
    let moves_bob = bob.eval("return window.arbiter.view.moves").await;
    assert_eq!(moves_ann, moves_bob);

    // Home pages: Bob finds the game among his games, against Ann; the watcher among the public ones.
    bob.goto(&t.url("/")).await;
    bob.wait_for("window.arbiterHome && window.arbiterHome.listed", "the lists")
        .await;
    let line = text_of(&bob, &format!("#your-games a[data-id='{id}']")).await;
    assert!(line.contains("vs Ann") && line.contains("Their move"), "{line}");
    watcher.goto(&t.url("/")).await;
    watcher
        .wait_for("window.arbiterHome && window.arbiterHome.listed", "the lists")
        .await;
    let line = text_of(&watcher, &format!("#public-games a[data-id='{id}']")).await;
    assert!(line.contains("Ann"), "{line}");
    assert!(watcher
        .find_all(&format!("#your-games a[data-id='{id}']"))
        .await
        .is_empty());
    watcher.screenshot(&artifact("home-lists.png")).await;
    ann.quit().await;
    bob.quit().await;
    watcher.quit().await;
    assert_no_csp_violations(&t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn takeback_is_asked_declined_and_accepted_live() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let driver = Driver::start().await;
    let (ta, tb) = (named_player(&t, "Ann").await, named_player(&t, "Bob").await);
    let id = game_between(&t, &ta, &tb).await;
    let (pa, pb) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let path = format!("/game/{id}");
    let ann = browser_as(&driver, &t, &ta, pa.path(), &path).await;
    let bob = browser_as(&driver, &t, &tb, pb.path(), &path).await;
    live_page(&ann).await;
    live_page(&bob).await;
    click_a_move(&ann, "void").await;
    wait_ply(&bob, 1).await;
    let position = ann.eval("return window.arbiter.view.position").await;
    // Against a person, undo is a question.
    assert!(ann.find_all("#undo").await.is_empty(), "no plain undo against a person");

    // Ann asks; Bob declines: nothing changes.
    ann.click_css("#takeback").await;
    let asked = text_of(&bob, "#takeback-box").await;
    assert!(
        asked.contains("Ann (Black) asks to take back their last move"),
        "{asked}"
    );
    bob.find("#takeback-accept").await;
    let waiting = text_of(&ann, "#takeback-box").await;
    assert!(waiting.contains("Waiting for an answer"), "{waiting}");
    ann.find("#takeback-withdraw").await;
    assert_eq!(
        ann.eval("return document.getElementById('takeback').disabled").await,
        json!(true)
    );
    bob.screenshot(&artifact("takeback-asked.png")).await;
    bob.click_css("#takeback-decline").await;
    ann.wait_for(
        "!window.arbiter.view.takeback && !document.getElementById('takeback-box')",
        "the answer",
    )
    .await;
    let told = text_of(&ann, "#message").await;
    assert!(told.contains("declined"), "{told}");
    bob.wait_for("!document.getElementById('takeback-box')", "the prompt gone")
        .await;
    for b in [&ann, &bob] {
        assert_eq!(b.eval("return window.arbiter.view.ply").await, json!(1));
        assert_eq!(b.eval("return window.arbiter.view.position").await, position);
    }

    // Asked and withdrawn: Bob's prompt goes away.
    ann.click_css("#takeback").await;
    bob.find("#takeback-accept").await;
    ann.click_css("#takeback-withdraw").await;
    bob.wait_for("!document.getElementById('takeback-box')", "the request withdrawn")
        .await;
    assert_eq!(bob.eval("return window.arbiter.view.ply").await, json!(1));

    // Asked again; Bob accepts: the move is taken back on both pages.
    ann.click_css("#takeback").await;
    bob.click_css("#takeback-accept").await;
    wait_ply(&ann, 0).await;
    wait_ply(&bob, 0).await;
    let told = text_of(&ann, "#message").await;
    assert!(told.contains("accepted"), "{told}");
    ann.wait_for(
        "document.getElementById('board').dataset.position === window.arbiter.view.position && !document.getElementById('takeback-box')",
        "the board back at the start",
    )
    .await;
    ann.screenshot(&artifact("takeback-accepted.png")).await;
    ann.quit().await;
    bob.quit().await;
    assert_no_csp_violations(&t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_reaches_both_players() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let driver = Driver::start().await;
    let (ta, tb) = (named_player(&t, "Ann").await, named_player(&t, "Bob").await);
    let id = game_between(&t, &ta, &tb).await;
    let (pa, pb) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let path = format!("/game/{id}");
    let ann = browser_as(&driver, &t, &ta, pa.path(), &path).await;
    let bob = browser_as(&driver, &t, &tb, pb.path(), &path).await;
    live_page(&ann).await;
    live_page(&bob).await;
    click_a_move(&ann, "void").await;
    wait_ply(&bob, 1).await;

    // Bob resigns (his own side, though it is his turn or not); both pages tell it.
    bob.click_css("#resign").await;
    bob.accept_alert().await;
    for b in [&ann, &bob] {
        let text = b
            .wait_for(
                "!document.getElementById('banner').classList.contains('hidden') && document.getElementById('ending-text').textContent",
                "the ending",
            )
            .await;
        assert!(text.as_str().unwrap().contains("White resigned"), "{text}");
    }
    // Bob starts the rematch and goes there; Ann is told and follows.
    bob.click_css("#rematch").await;
    let new_id = bob
        .wait_for(
            &format!(
                "window.arbiter && window.arbiter.view && window.arbiter.view.id !== '{id}' && window.arbiter.view.id"
            ),
            "the rematch page",
        )
        .await;
    let new_id = new_id.as_str().unwrap().to_string();
    let notice = text_of(&ann, "#rematch-notice").await;
    assert!(notice.contains("Your opponent started a rematch"), "{notice}");
    ann.screenshot(&artifact("rematch-offered.png")).await;
    ann.click_css("#rematch-go").await;
    ann.wait_for(
        &format!("window.arbiter && window.arbiter.view && window.arbiter.view.id === '{new_id}' && window.arbiter.connected"),
        "Ann at the rematch",
    )
    .await;
    live_page(&bob).await;
    // Sides swapped: Bob moves first now.
    assert_eq!(bob.eval("return [...window.arbiter.mine]").await, json!([0]));
    assert_eq!(ann.eval("return [...window.arbiter.mine]").await, json!([1]));
    click_a_move(&bob, "void").await;
    wait_ply(&ann, 1).await;
    ann.quit().await;
    bob.quit().await;
    assert_no_csp_violations(&t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_are_told_plainly() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    // One new game a minute per address.
    let limits = Limits {
        games_per_minute: Some(1),
        ..Limits::none()
    };
    let t = TestServer::with(arbiter_server::service::DEFAULT_CACHE_GAMES, limits).await;
    let driver = Driver::start().await;
    let profile = tempfile::tempdir().unwrap();
    let b = driver.browser(profile.path()).await;
    b.goto(&t.url("/")).await;
    b.click_css("#who-local").await;
    b.click_css("#start-game").await;
    live_page(&b).await;
    b.goto(&t.url("/")).await;
    b.click_css("#who-local").await;
    b.click_css("#start-game").await;
    let text = b
        .wait_for(
            "document.getElementById('home-message').classList.contains('error') && document.getElementById('home-message').textContent",
            "the refusal",
        )
        .await;
    assert!(text.as_str().unwrap().contains("Too many requests"), "{text}");
    // A bad name is refused in words.
    b.find("#display-name")
        .await
        .send_keys("<script>")
        .await
        .expect("typing");
    b.click_css("#save-name").await;
    let text = b
        .wait_for(
            "document.getElementById('home-message').textContent.includes('name')  && document.getElementById('home-message').textContent",
            "the refusal",
        )
        .await;
    assert!(text.as_str().unwrap().contains("cannot be used"), "{text}");
    b.quit().await;
    assert_no_csp_violations(&t).await;
}

/// Opens a game created from a position (both sides on one screen: the test server's player holds
/// both, and so does the browser, which carries that player's cookie); `side` is to move.
async fn open_position(
    driver: &Driver,
    t: &TestServer,
    game: &str,
    position: &str,
    side: &str,
    profile: &std::path::Path,
) -> (Browser, String) {
    let view = t
        .create(json!({"game": game, "position": position, "players": [{"kind": "human"}, {"kind": "human"}]}))
        .await;
    assert_eq!(common::side_to_move(&view), side);
    let id = view["id"].as_str().unwrap().to_string();
    let b = browser_as(driver, t, &t.token, profile, &format!("/game/{id}")).await;
    live_page(&b).await;
    assert_eq!(b.eval("return window.arbiter.mine.size").await, json!(2));
    (b, id)
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
    let (b, _) = open_position(
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
    let (b, _) = open_position(
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

    // Villawar: a villager jumping over its own villagers converts them, and the legend says so.
    let profile = tempfile::tempdir().unwrap();
    let start = start_of(&t, "villawar").await;
    let (b, _) = open_position(&driver, &t, "villawar", &start, "white", profile.path()).await;
    b.click_css(".hit[data-cell='a1']").await;
    let dest = b.find(".hit.dest[data-cell='a3']").await;
    b.hover(&dest).await;
    b.wait_for(
        "document.querySelector('.layer-hover .mark-convert') && document.querySelector(\"#legend-section .legend-item[data-mark='convert']\")",
        "conversion marked and explained",
    )
    .await;
    b.screenshot(&artifact("villawar-convert.png")).await;
    b.quit().await;
    assert_no_csp_violations(&t).await;
}

/// One move from the end of a game, per game: the position, the winning move, and words the ending
/// must use (what happened, not "by the rules").
const FINISHES: &[(&str, &str, &str, &str)] = &[
    ("void", "7B10/18/2F13f1/8x4x4/15Sb1 w 0", "c3-b3xq3", "void"),
    (
        "krux",
        "..2p4..6/......./......./...*.../.3...../.51b..../....... 3",
        "@g,c3,d3,Ad7,Ad5",
        "hole",
    ),
    ("attraction", "vv1v1v1v/8/8/8/3v4/4v2v/1r6/rr1rrrrr r 0", "b2-c1", "row"),
    ("villawar", "6V1/w7/1W5v/8/1W6/8/8/V7 b 1", "pass", "pass"),
];

/// Do two boxes `[left, top, width, height]` overlap?
fn overlap(a: [f64; 4], b: [f64; 4]) -> bool {
    a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_games_tell_what_happened_and_keep_it_in_sight() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let driver = Driver::start().await;
    for &(game, position, mv, word) in FINISHES {
        let profile = tempfile::tempdir().unwrap();
        let view = t
            .create(json!({"game": game, "position": position, "players": [{"kind": "human"}, {"kind": "human"}]}))
            .await;
        let id = view["id"].as_str().unwrap();
        let b = browser_as(&driver, &t, &t.token, profile.path(), &format!("/game/{id}")).await;
        b.wait_for(
            "window.arbiter && window.arbiter.view && window.arbiter.diagram",
            "game page",
        )
        .await;
        click_move_by_its_clicks(&b, &t, game, position, mv).await;
        let text = b
            .wait_for(
                "!document.getElementById('banner').classList.contains('hidden') && document.getElementById('ending-text').textContent",
                "the ending",
            )
            .await;
        let text = text.as_str().unwrap().to_string();
        assert!(!text.contains("by the rules"), "{game}: {text}");
        assert!(
            text.to_lowercase().contains(word),
            "{game}: the ending says what happened: {text}"
        );
        // The board shows the final move and the decisive cells; the banner is not over the board.
        b.wait_for(
            "!window.arbiter.animating && document.getElementById('board').dataset.position === window.arbiter.view.position \
             && (!(window.arbiter.view.last && window.arbiter.view.last.from) || document.querySelector('#board .mark-last'))",
            "the final position with the last move marked",
        )
        .await;
        let cells = b.eval("return window.arbiter.view.ending.cells || []").await;
        for cell in cells.as_array().unwrap() {
            let cell = cell.as_str().unwrap();
            b.wait_for(
                &format!("document.querySelector(\"#board .mark-decisive[data-mark-cell='{cell}']\")"),
                "decisive cell marked",
            )
            .await;
        }
        let banner = b.rect("#banner").await.expect("banner");
        let board = b.rect("#board").await.expect("board");
        assert!(
            !overlap(banner, board),
            "{game}: the banner {banner:?} covers the board {board:?}"
        );
        b.screenshot(&artifact(&format!("{game}-finished.png"))).await;
        b.quit().await;
    }
    assert_no_csp_violations(&t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn krux_panel_hint_and_review() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let driver = Driver::start().await;

    // Krux at 1280×800 with the ring chosen and every legal step listed: the move list keeps its room.
    let profile = tempfile::tempdir().unwrap();
    let (b, id) = open_position(
        &driver,
        &t,
        "krux",
        &start_of(&t, "krux").await,
        "white",
        profile.path(),
    )
    .await;
    b.set_size(1280, 800).await;
    click_a_move(&b, "krux").await;
    let (_, hint) = t.get(&format!("/api/games/{id}/hint")).await;
    t.play(&id, "black", hint["best"].as_str().expect("a hint")).await;
    wait_ply(&b, 2).await;
    b.click_css(".turn-controls .token-choice").await;
    b.wait_for("window.arbiter.step.tokens.length === 1", "ring chosen")
        .await;
    b.click_css(".all-tokens summary").await;
    b.wait_for(
        "document.querySelector('.all-tokens[open] .token-button')",
        "legal steps listed",
    )
    .await;
    let viewport = b.eval("return window.innerHeight").await.as_f64().unwrap();
    let list = b.rect("#move-list").await.expect("move list");
    assert!(list[3] > 60.0, "the move list is squeezed to {}px", list[3]);
    assert!(
        list[1] + 60.0 < viewport,
        "the move list is out of sight at {}px (viewport {viewport}px)",
        list[1]
    );
    b.screenshot(&artifact("krux-panel-1280.png")).await;
    // The same on a large screen, where the move list has a column of its own.
    fits_width(&b, 1920, 1080, "the Krux game page").await;
    let viewport = b.eval("return window.innerHeight").await.as_f64().unwrap();
    let list = b.rect("#move-list").await.expect("move list");
    assert!(
        list[3] > 60.0 && list[1] + 60.0 < viewport,
        "the move list at 1920×1080: {list:?}"
    );
    b.screenshot(&artifact("krux-panel-1920.png")).await;
    b.set_size(1280, 800).await;

    // The hint: drawn on the board, then played.
    b.click_css("#reset-turn").await;
    b.click_css("#hint").await;
    b.wait_for("document.querySelector('#board .mark-hint')", "the hint on the board")
        .await;
    assert_eq!(
        b.eval("return !!document.querySelector('#board .arrow.mark-hint')")
            .await,
        json!(false),
        "a Krux turn is hinted by its squares, not by an arrow across the board"
    );
    b.screenshot(&artifact("krux-hint.png")).await;
    b.click_css("#play-hint").await;
    wait_ply(&b, 3).await;
    b.quit().await;

    // A whole-move game: the hint is an arrow from the piece to where it goes.
    let profile = tempfile::tempdir().unwrap();
    let (b, _) = open_position(
        &driver,
        &t,
        "void",
        &start_of(&t, "void").await,
        "black",
        profile.path(),
    )
    .await;
    b.click_css("#hint").await;
    b.wait_for(
        "document.querySelector('#board .mark-hint') && document.querySelector('#board .arrow.mark-hint')",
        "the hint arrow",
    )
    .await;
    b.screenshot(&artifact("void-hint.png")).await;
    b.click_css("#play-hint").await;
    wait_ply(&b, 1).await;
    b.quit().await;

    // Review of a finished game: it opens with the move list scrolled to the end.
    let view = t
        .create(json!({"game": "void", "options": "repetition=off", "players": [{"kind": "human"}, {"kind": "human"}]}))
        .await;
    let id = view["id"].as_str().unwrap().to_string();
    let mut view = view;
    for i in 0..90 {
        if !view["ending"].is_null() {
            break;
        }
        // Quiet moves only (nothing falls), so that the game goes on.
        let quiet: Vec<&Value> = view["legal"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["falls"].as_array().is_none_or(|f| f.is_empty()))
            .collect();
        if quiet.is_empty() {
            break;
        }
        let mv = quiet[(i * 7 + 3) % quiet.len()]["notation"]
            .as_str()
            .unwrap()
            .to_string();
        view = t.play(&id, &common::side_to_move(&view), &mv).await;
    }
    if view["ending"].is_null() {
        let (status, _) = t
            .post(
                &format!("/api/games/{id}/resign"),
                json!({"side": common::side_to_move(&view)}),
            )
            .await;
        assert_eq!(status, 200);
    }
    let profile = tempfile::tempdir().unwrap();
    let b = driver.browser(profile.path()).await;
    b.set_size(1280, 800).await;
    // A stranger watches it (this browser's player plays no side).
    b.goto(&t.url(&format!("/game/{id}"))).await;
    b.wait_for(
        "window.arbiter && window.arbiter.view && window.arbiter.view.ending",
        "finished game",
    )
    .await;
    b.find("#watching").await;
    assert!(
        b.find_all("#rematch").await.is_empty(),
        "a watcher is offered no rematch"
    );
    let scroll = b
        .wait_for(
            "(() => { const l = document.getElementById('move-list'); return l && l.scrollHeight > l.clientHeight + 20 && [l.scrollTop, l.clientHeight, l.scrollHeight]; })()",
            "a move list longer than its box",
        )
        .await;
    let [top, height, total] = [0, 1, 2].map(|i| scroll[i].as_f64().unwrap());
    assert!(
        top + height >= total - 2.0,
        "the move list is not scrolled to the end: {scroll}"
    );
    b.screenshot(&artifact("void-review-end.png")).await;
    b.quit().await;
    assert_no_csp_violations(&t).await;
}

/// A game's start position, from the catalog.
async fn start_of(t: &TestServer, game: &str) -> String {
    let (_, catalog) = t.get("/api/catalog").await;
    catalog["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == game)
        .and_then(|g| g["start"].as_str())
        .expect("the game's start position")
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_pages_tutorials_and_unknown_pages() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let (_, catalog) = t.get("/api/catalog").await;
    let driver = Driver::start().await;
    let profile = tempfile::tempdir().unwrap();
    let b = driver.browser(profile.path()).await;

    // An unknown path: the app's own "Page not found", with a way home.
    b.goto(&t.url("/no/such/page")).await;
    let text = b
        .wait_for(
            "document.getElementById('not-found') && document.getElementById('not-found').textContent",
            "not found page",
        )
        .await;
    assert!(text.as_str().unwrap().contains("Page not found"), "{text}");
    b.find("#not-found a[href='/']").await;

    for game in catalog["games"].as_array().unwrap() {
        let game = game["name"].as_str().unwrap();
        let (status, rules) = t.get(&format!("/api/rules/{game}")).await;
        assert_eq!(status, 200, "{rules}");

        // The rules page: live diagrams; the first example plays and the board shows the position after it.
        b.goto(&t.url(&format!("/rules/{game}"))).await;
        let example = rules["diagrams"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["example"].is_string())
            .unwrap_or_else(|| panic!("{game}: the rules have an example move"))
            .clone();
        let id = example["id"].as_str().unwrap();
        let figure = format!("figure.live-diagram[data-diagram='{id}']");
        b.wait_for(
            &format!("document.querySelector(\"{figure}\") && document.querySelector(\"{figure}\").dataset.position"),
            "the live diagram",
        )
        .await;
        b.screenshot(&artifact(&format!("rules-{game}.png"))).await;
        docs_copy(&artifact(&format!("rules-{game}.png")), &format!("rules-{game}.png"));
        // On a phone the rules read in one column, tables and position strings included.
        fits_width(&b, 390, 844, &format!("/rules/{game}")).await;
        b.screenshot(&artifact(&format!("rules-{game}-phone.png"))).await;
        fits_width(&b, 1920, 1080, &format!("/rules/{game}")).await;
        b.set_size(1280, 800).await;
        b.click_css(&format!("{figure} .play-example")).await;
        let after: String = match example["after"].as_str() {
            Some(a) => a.to_string(),
            None => {
                let d = diagram(&t, game, example["position"].as_str(), example["example"].as_str()).await;
                d["move"]["after"].as_str().unwrap().to_string()
            }
        };
        let after_json = serde_json::to_string(&after).unwrap();
        b.wait_for(
            &format!("document.querySelector(\"{figure}\").dataset.position === {after_json}"),
            "the position after the example",
        )
        .await;
        b.click_css(&format!("{figure} .reset-example")).await;
        b.wait_for(
            &format!("document.querySelector(\"{figure}\").dataset.position !== {after_json}"),
            "the example reset",
        )
        .await;

        // The tutorial: the first move entered by clicking, then the opponent's reply.
        b.goto(&t.url(&format!("/learn/{game}"))).await;
        let steps = rules["tutorial"]["steps"].as_array().unwrap().clone();
        let first_you = steps
            .iter()
            .position(|s| s["by"] == "you")
            .unwrap_or_else(|| panic!("{game}: the tutorial has a step for the reader"));
        let reply = steps
            .iter()
            .skip(first_you + 1)
            .position(|s| s["by"] == "opponent")
            .map(|k| k + first_you + 1);
        b.wait_for(
            &format!("window.arbiterLearn && window.arbiterLearn.step === {first_you} && !window.arbiterLearn.busy"),
            "the reader's first step",
        )
        .await;
        fits_width(&b, 390, 844, &format!("/learn/{game}")).await;
        b.set_size(1280, 800).await;
        // A wrong click is answered kindly, and changes nothing.
        let expected = b.eval("return window.arbiterLearn.clicks[0].cell").await;
        let wrong = b
            .eval(&format!(
                "const c = [...document.querySelectorAll('#board .hit')].map(e => e.getAttribute('data-cell')).find(c => c !== {expected}); return c"
            ))
            .await;
        if let Some(wrong) = wrong.as_str() {
            b.click_css(&format!("#board .hit[data-cell='{wrong}']")).await;
            b.wait_for(
                "document.getElementById('learn-message').textContent",
                "a friendly word",
            )
            .await;
            assert_eq!(b.eval("return window.arbiterLearn.clickIndex").await, json!(0));
        }
        let clicks = b.eval("return window.arbiterLearn.clicks").await;
        let clicks = clicks.as_array().unwrap();
        for (i, click) in clicks.iter().enumerate() {
            match click["cell"].as_str() {
                Some(cell) => b.click_css(&format!("#board .hit[data-cell='{cell}']")).await,
                None => b.click_css("#learn-buttons .token-choice").await,
            }
            if i + 1 == clicks.len() {
                continue;
            }
            b.wait_for(
                &format!(
                    "window.arbiterLearn.clickIndex === {} && !window.arbiterLearn.busy",
                    i + 1
                ),
                "the next click asked for",
            )
            .await;
            // A turn entered step by step is shown step by step: the board holds the pieces of
            // the partial turn so far, as the server builds it.
            if click["token"].is_string() {
                let tokens: Vec<&Value> = clicks[..=i].iter().map(|c| &c["token"]).collect();
                let position = b.eval("return window.arbiterLearn.position").await;
                let (status, turn) = t
                    .post(
                        "/api/turn",
                        json!({"game": game, "position": position, "tokens": tokens}),
                    )
                    .await;
                assert_eq!(status, 200, "{turn}");
                let mut expected: Vec<String> = turn["pieces"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| format!("{}:{}", p["cell"].as_str().unwrap(), p["glyph"].as_str().unwrap()))
                    .collect();
                expected.sort();
                let expected = serde_json::to_string(&expected.join(" ")).unwrap();
                b.wait_for(
                    &format!(
                        "[...document.querySelectorAll('#board [data-piece-cell]')].map(e => e.dataset.pieceCell + ':' + e.dataset.glyph).sort().join(' ') === {expected}"
                    ),
                    "the partial turn drawn",
                )
                .await;
            }
        }
        let until = reply.map_or(first_you + 1, |r| r + 1);
        b.wait_for(
            &format!("window.arbiterLearn.step >= {until} || window.arbiterLearn.done"),
            "the move and the reply played",
        )
        .await;
        b.screenshot(&artifact(&format!("learn-{game}.png"))).await;
    }
    b.quit().await;
    assert_no_csp_violations(&t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rules_page_links_to_a_game_report_made_on_demand() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    // A tiny budget: three short games.
    let budget = arbiter_report::ReportConfig {
        games: 1,
        levels: vec![1],
        max_plies: 60,
        sequence_positions: 1,
        sequence_budget: 2_000,
        ..arbiter_report::ReportConfig::default()
    };
    let mut t = TestServer::with_report_budget(budget, Limits::none()).await;
    let driver = Driver::start().await;
    let profile = tempfile::tempdir().unwrap();
    let b = driver.browser(profile.path()).await;

    b.goto(&t.url("/rules/void")).await;
    b.click_css("#report-link").await;
    b.wait_for("location.pathname === '/report/void'", "the report page")
        .await;
    // The page follows the report being made, then shows it.
    b.wait_for(
        "window.arbiterReport && ['queued', 'running', 'ready'].includes(window.arbiterReport.state)",
        "the report's progress",
    )
    .await;
    b.wait_for("window.arbiterReport.loaded", "the report shown").await;
    let title = b
        .eval("return document.getElementById('report-frame').contentDocument.querySelector('h1').textContent")
        .await;
    assert_eq!(title, json!("Void — game report"));
    let charts = b
        .eval("return document.getElementById('report-frame').contentDocument.querySelectorAll('svg').length")
        .await;
    assert!(charts.as_u64().unwrap() >= 8, "{charts}");
    // The frame is as tall as the report: the app's page scrolls, not the frame.
    let fits = b
        .eval(
            "const f = document.getElementById('report-frame'); \
             return f.getBoundingClientRect().height >= f.contentDocument.documentElement.scrollHeight",
        )
        .await;
    assert_eq!(fits, json!(true));
    b.find("#report-open").await;
    b.screenshot(&artifact("report-void.png")).await;
    let console = b.console().await;
    assert!(
        console
            .iter()
            .all(|m| !m.starts_with("SEVERE") && !m.starts_with("WARNING")),
        "console messages: {console:#?}"
    );
    // The check above reads the console indeed.
    b.eval("console.error('probe'); return null").await;
    assert!(b.console().await.iter().any(|m| m.contains("probe")));
    assert_no_csp_violations(&t).await;
    b.quit().await;
    t.server.take().unwrap().stop().await.unwrap();
}

/// The time a clock on the page shows, in seconds (`03:00`, `00:09.3`, `1:02:03`), as a script expression.
fn shown_seconds(i: usize) -> String {
    format!("document.getElementById('clock-{i}').textContent.split(':').reduce((a, x) => a * 60 + parseFloat(x), 0)")
}

/// Waits until side `running`'s clock runs on the page and the other's does not.
async fn wait_running(b: &Browser, running: usize) {
    let other = 1 - running;
    b.wait_for(
        &format!(
            "document.querySelector('#clock-{running}.running') && !document.querySelector('#clock-{other}.running')"
        ),
        &format!("clock {running} running"),
    )
    .await;
}

/// The running clock (side `running`) ticks down on the page while the other stands still: the shown
/// time decreases (however long the machine takes to show it; no duration is assumed).
async fn ticks_down(b: &Browser, running: usize) {
    let other = 1 - running;
    wait_running(b, running).await;
    let before = b.eval(&format!("return {}", shown_seconds(running))).await;
    let still = b.eval(&format!("return {}", shown_seconds(other))).await;
    let before = before.as_f64().expect("a time on the running clock");
    b.wait_for(
        &format!(
            "{} < {before} && document.querySelector('#clock-{running}.running')",
            shown_seconds(running)
        ),
        "the running clock ticking down",
    )
    .await;
    // Some more time passes: the running clock goes on down, the other shows the same time.
    let later = b
        .eval(&format!("return {}", shown_seconds(running)))
        .await
        .as_f64()
        .unwrap();
    b.wait_for(
        &format!("{} < {later}", shown_seconds(running)),
        "the running clock still ticking",
    )
    .await;
    assert_eq!(
        b.eval(&format!("return {}", shown_seconds(other))).await,
        still,
        "the clock of the side not to move stands still"
    );
}

/// Posts a challenge from the home page's form (the game picked, the clock chosen, the colour): its id.
async fn post_challenge(b: &Browser, game: &str, clock: &str, colour: &str) -> String {
    b.click_css(&format!("#pick-{game}")).await;
    b.click_css("#post-challenge-open").await;
    b.wait_for(
        "document.getElementById('who-lobby').checked && document.getElementById('start-game').textContent.includes('Post')",
        "the form set for a challenge",
    )
    .await;
    b.click_css(&format!("#challenge-colour option[value='{colour}']"))
        .await;
    b.click_css(&format!("#clock-choice option[value='{clock}']")).await;
    b.click_css("#start-game").await;
    let said = text_of(b, "#home-message").await;
    let said = if said.contains("Posting") {
        b.wait_for(
            "!document.getElementById('home-message').textContent.includes('Posting') && document.getElementById('home-message').textContent",
            "the challenge posted",
        )
        .await
        .as_str()
        .unwrap()
        .to_string()
    } else {
        said
    };
    assert!(said.contains("Challenge posted"), "{said}");
    b.wait_for(
        "window.arbiterHome.lobby.challenges.find(c => c.by.id === window.arbiterHome.me.id && c.game === window.arbiterHome.form.game)",
        "the challenge in one's own lobby",
    )
    .await;
    let id = b
        .eval(
            "return window.arbiterHome.lobby.challenges.find(c => c.by.id === window.arbiterHome.me.id && c.game === window.arbiterHome.form.game).id",
        )
        .await;
    let id = id.as_str().expect("the challenge's id").to_string();
    // One's own challenge is offered to cancel, not to accept.
    b.find(&format!("#lobby-list .challenge[data-id='{id}'] .cancel-challenge"))
        .await;
    assert!(b
        .find_all(&format!("#lobby-list .challenge[data-id='{id}'] .accept-challenge"))
        .await
        .is_empty());
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_is_accepted_from_the_lobby_and_the_clocks_tick() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let driver = Driver::start().await;
    let (ta, tb) = (named_player(&t, "Ann").await, named_player(&t, "Bob").await);
    let (pa, pb) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let ann = browser_as(&driver, &t, &ta, pa.path(), "/").await;
    let bob = browser_as(&driver, &t, &tb, pb.path(), "/").await;
    lobby_live(&ann).await;
    lobby_live(&bob).await;
    // Bob's page is never reloaded: what he sees comes live.
    bob.eval("window.notReloaded = true; return null").await;

    // Ann posts a challenge: Void, 3 min + 2 s, she plays the first side.
    let id = post_challenge(&ann, "void", "fischer:180+2", "first").await;
    let line = format!("#lobby-list .challenge[data-id='{id}']");
    bob.find(&format!("{line} .accept-challenge")).await;
    let words = text_of(&bob, &line).await;
    for word in ["Void", "Ann", "3 min + 2 s", "you play White"] {
        assert!(words.contains(word), "Bob's lobby line lacks {word:?}: {words}");
    }
    assert_eq!(bob.eval("return window.notReloaded === true").await, json!(true));
    bob.screenshot(&artifact("lobby.png")).await;
    fits_width(&bob, 390, 844, "the home page with the lobby").await;
    bob.screenshot(&artifact("lobby-phone.png")).await;
    bob.set_size(1400, 950).await;

    // Bob accepts: both land in the same game, Ann without doing anything.
    bob.click_css(&format!("{line} .accept-challenge")).await;
    let game = bob
        .wait_for(
            "location.pathname.startsWith('/game/') && window.arbiter && window.arbiter.view && window.arbiter.connected && window.arbiter.view.id",
            "Bob in the game",
        )
        .await;
    let game = game.as_str().unwrap().to_string();
    ann.wait_for(
        &format!(
            "location.pathname === '/game/{game}' && window.arbiter && window.arbiter.view && window.arbiter.connected"
        ),
        "Ann taken to the game",
    )
    .await;
    live_page(&ann).await;
    live_page(&bob).await;
    let told = text_of(&ann, "#message").await;
    assert!(told.contains("Bob accepted your challenge"), "{told}");
    let told = text_of(&bob, "#message").await;
    assert!(told.contains("You accepted") && told.contains("Ann"), "{told}");
    assert_eq!(ann.eval("return [...window.arbiter.mine]").await, json!([0]));
    assert_eq!(bob.eval("return [...window.arbiter.mine]").await, json!([1]));
    let view = t.view(&game).await;
    assert_eq!(view["clock"]["control"], json!("fischer:180+2"));
    assert_eq!(view["creator"]["name"], json!("Ann"));
    // The challenge left the lobby.
    let (_, open) = t.get("/api/challenges").await;
    assert!(open.as_array().unwrap().iter().all(|c| c["id"] != json!(id)), "{open}");

    // Both clocks show, with the time control; they wait for the first move.
    for b in [&ann, &bob] {
        let control = text_of(b, "#time-control").await;
        assert!(control.contains("Time control: 3 min + 2 s"), "{control}");
        for i in 0..2 {
            assert_eq!(text_of(b, &format!("#clock-{i}")).await, "03:00");
        }
        assert!(
            b.find_all(".clock.running").await.is_empty(),
            "no clock runs before the first move"
        );
    }

    // Ann moves: Bob's clock runs on both pages, and ticks down while Ann's stands still.
    click_a_move(&ann, "void").await;
    wait_ply(&bob, 1).await;
    ticks_down(&bob, 1).await;
    ticks_down(&ann, 1).await;
    bob.screenshot(&artifact("clocks.png")).await;
    // Bob moves: the clocks switch on both pages.
    click_a_move(&bob, "void").await;
    wait_ply(&ann, 2).await;
    ticks_down(&ann, 0).await;
    ticks_down(&bob, 0).await;
    ann.screenshot(&artifact("clocks-switched.png")).await;
    fits_width(&ann, 390, 844, "the game page with clocks").await;
    ann.screenshot(&artifact("clocks-phone.png")).await;
    ann.quit().await;
    bob.quit().await;
    assert_no_csp_violations(&t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenges_cancelled_or_taken_leave_the_lobby_live() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let driver = Driver::start().await;
    let (ta, tb) = (named_player(&t, "Ann").await, named_player(&t, "Bob").await);
    let (pa, pb) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let ann = browser_as(&driver, &t, &ta, pa.path(), "/").await;
    let bob = browser_as(&driver, &t, &tb, pb.path(), "/").await;
    lobby_live(&ann).await;
    lobby_live(&bob).await;
    bob.eval("window.notReloaded = true; return null").await;

    // Ann posts a correspondence challenge and cancels it: it leaves Bob's lobby without a reload.
    let id = post_challenge(&ann, "void", "days:3", "random").await;
    let line = format!("#lobby-list .challenge[data-id='{id}']");
    let words = text_of(&bob, &line).await;
    assert!(
        words.contains("Ann") && words.contains("3 days per move") && words.contains("random"),
        "{words}"
    );
    ann.click_css(&format!("{line} .cancel-challenge")).await;
    bob.wait_for(
        &format!("!document.querySelector(\"{line}\") && window.arbiterHome.lobby.challenges.length === 0"),
        "the cancelled challenge gone from Bob's lobby",
    )
    .await;
    ann.wait_for(
        &format!("!document.querySelector(\"{line}\")"),
        "the challenge gone from Ann's lobby",
    )
    .await;
    let said = text_of(&ann, "#lobby-message").await;
    assert!(said.contains("cancelled"), "{said}");
    assert_eq!(bob.eval("return window.notReloaded === true").await, json!(true));
    let (_, open) = t.get("/api/challenges").await;
    assert_eq!(open, json!([]));

    // A challenge someone else takes leaves the lobby too; the challenger (Bob, on his home page) goes to
    // the game at once, told who accepted.
    let (status, challenge) = t
        .send_as(
            Some(&tb),
            "POST",
            "/api/challenges",
            Some(json!({"game": "void", "colour": "second"})),
        )
        .await;
    assert_eq!(status, 200, "{challenge}");
    let id = challenge["id"].as_str().unwrap().to_string();
    let line = format!("#lobby-list .challenge[data-id='{id}']");
    let words = text_of(&ann, &line).await;
    assert!(
        words.contains("Bob") && words.contains("No clock") && words.contains("you play Black"),
        "{words}"
    );
    bob.find(&format!("{line} .cancel-challenge")).await;
    let carl = named_player(&t, "Carl").await;
    let (status, view) = t
        .send_as(Some(&carl), "POST", &format!("/api/challenges/{id}/accept"), None)
        .await;
    assert_eq!(status, 200, "{view}");
    let game = view["id"].as_str().unwrap().to_string();
    ann.wait_for(
        &format!("!document.querySelector(\"{line}\")"),
        "the taken challenge gone",
    )
    .await;
    bob.wait_for(
        &format!("location.pathname === '/game/{game}' && window.arbiter && window.arbiter.view"),
        "Bob taken to the game",
    )
    .await;
    live_page(&bob).await;
    let told = text_of(&bob, "#message").await;
    assert!(told.contains("Carl accepted your challenge"), "{told}");
    assert_eq!(bob.eval("return [...window.arbiter.mine]").await, json!([1]));
    // Without a clock, the page shows none.
    assert!(bob.find_all(".clock").await.is_empty() && bob.find_all("#time-control").await.is_empty());
    ann.quit().await;
    bob.quit().await;
    assert_no_csp_violations(&t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_chosen_on_the_form_and_a_flag_falling() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let driver = Driver::start().await;
    let profile = tempfile::tempdir().unwrap();
    let b = driver.browser(profile.path()).await;

    // A custom clock out of range is refused on the form; 2 minutes + 1 second is taken.
    b.goto(&t.url("/")).await;
    b.wait_for("window.arbiterHome && window.arbiterHome.me", "the home page")
        .await;
    b.click_css("#pick-void").await;
    b.click_css("#who-local").await;
    b.click_css("#clock-choice option[value='custom']").await;
    let minutes = b.find("#clock-minutes").await;
    minutes.clear().await.expect("clearing the minutes");
    minutes.send_keys("0").await.expect("typing the minutes");
    let note = b
        .wait_for(
            "document.getElementById('clock-words').classList.contains('error') && document.getElementById('clock-words').textContent",
            "the refusal",
        )
        .await;
    assert!(note.as_str().unwrap().contains("10 seconds to 24 hours"), "{note}");
    b.click_css("#start-game").await;
    let said = text_of(&b, "#home-message").await;
    assert!(said.contains("10 seconds to 24 hours"), "{said}");
    assert_eq!(b.eval("return location.pathname").await, json!("/"));
    minutes.clear().await.expect("clearing the minutes");
    minutes.send_keys("2").await.expect("typing the minutes");
    let increment = b.find("#clock-increment").await;
    increment.clear().await.expect("clearing the increment");
    increment.send_keys("1").await.expect("typing the increment");
    let words = text_of(&b, "#clock-words").await;
    assert!(words.contains("2 minutes each, plus 1 second a move"), "{words}");
    b.screenshot(&artifact("home-clock.png")).await;
    fits_width(&b, 390, 844, "the home page with a custom clock").await;
    b.set_size(1400, 950).await;
    b.click_css("#start-game").await;
    live_page(&b).await;
    assert_eq!(
        b.eval("return window.arbiter.view.clock.control").await,
        json!("fischer:120+1")
    );
    let control = text_of(&b, "#time-control").await;
    assert!(control.contains("Time control: 2 min + 1 s"), "{control}");
    assert!(control.contains("after the first move"), "{control}");
    assert_eq!(text_of(&b, "#clock-0").await, "02:00");

    // A correspondence game: days and hours.
    b.goto(&t.url("/")).await;
    b.wait_for("window.arbiterHome && window.arbiterHome.me", "the home page")
        .await;
    b.click_css("#pick-void").await;
    b.click_css("#who-local").await;
    b.click_css("#clock-choice option[value='days:3']").await;
    b.click_css("#start-game").await;
    live_page(&b).await;
    assert_eq!(
        b.eval("return window.arbiter.view.clock.control").await,
        json!("days:3")
    );
    let control = text_of(&b, "#time-control").await;
    assert!(control.contains("Time control: 3 days per move"), "{control}");
    assert_eq!(text_of(&b, "#clock-1").await, "3 d 00 h");
    b.quit().await;

    // A flag falls: 10 seconds each; Ann moves, Bob does not. Both pages tell the ending the server
    // decided, and Bob's clock shows no time left.
    let (ta, tb) = (named_player(&t, "Ann").await, named_player(&t, "Bob").await);
    let id = game_with_clock(&t, &ta, &tb, Some("fischer:10+0")).await;
    let (pa, pb) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let path = format!("/game/{id}");
    let ann = browser_as(&driver, &t, &ta, pa.path(), &path).await;
    let bob = browser_as(&driver, &t, &tb, pb.path(), &path).await;
    live_page(&ann).await;
    live_page(&bob).await;
    click_a_move(&ann, "void").await;
    wait_ply(&bob, 1).await;
    // Under 10 seconds a clock shows tenths, in red.
    bob.wait_for(
        "document.querySelector('#clock-1.running.low') && document.getElementById('clock-1').textContent.includes('.')",
        "low time shown",
    )
    .await;
    for b in [&ann, &bob] {
        let text = b
            .wait_for(
                "!document.getElementById('banner').classList.contains('hidden') && document.getElementById('ending-text').textContent",
                "the flag fall",
            )
            .await;
        assert!(text.as_str().unwrap().contains("ran out of time"), "{text}");
        assert_eq!(b.eval("return window.arbiter.view.ending.reason").await, json!("time"));
        b.wait_for(
            "document.getElementById('clock-1').textContent === '00:00.0' && !document.querySelector('.clock.running')",
            "the fallen flag's clock at zero, no clock running",
        )
        .await;
        let control = text_of(b, "#time-control").await;
        assert!(control.contains("Time control: 10 s + 0"), "{control}");
        // A fallen flag stays fallen: nothing to take back.
        assert_eq!(b.eval("return document.getElementById('takeback')").await, json!(null));
    }
    bob.screenshot(&artifact("flag-fall.png")).await;
    ann.quit().await;
    bob.quit().await;
    assert_no_csp_violations(&t).await;
}

/// Serves `pages` (path → HTML) on another port of this host: another origin of the same site.
async fn other_site(pages: Vec<(&'static str, String)>) -> String {
    let mut app = axum::Router::new();
    for (path, html) in pages {
        app = app.route(
            path,
            axum::routing::get(move || async move { axum::response::Html(html) }),
        );
    }
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    format!("http://{addr}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_sites_page_cannot_change_a_game_and_the_app_keeps_its_policy() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    // A game whose both sides are the player's, one move in: an undo would take it back.
    let view = t
        .create(json!({"game": "void", "players": [{"kind": "human"}, {"kind": "human"}]}))
        .await;
    let id = view["id"].as_str().unwrap().to_string();
    let first = view["legal"][0]["notation"].as_str().unwrap().to_string();
    let played = t.play(&id, &common::side_to_move(&view), &first).await;
    assert_eq!(played["ply"], 1);
    let undo = t.url(&format!("/api/games/{id}/undo"));
    let attacker = other_site(vec![
        (
            "/form",
            format!(
                "<!doctype html><form id=f method=POST action='{undo}'><input name=a value=1></form>\
                 <script>document.getElementById('f').submit()</script>"
            ),
        ),
        (
            "/fetch",
            format!(
                "<!doctype html><p id=done></p><script>\
                 fetch('{undo}', {{method: 'POST', mode: 'no-cors', credentials: 'include'}})\
                 .finally(() => {{ document.getElementById('done').textContent = 'sent'; }})</script>"
            ),
        ),
    ])
    .await;

    let driver = Driver::start().await;
    let profile = tempfile::tempdir().unwrap();
    let b = browser_as(&driver, &t, &t.token, profile.path(), &format!("/game/{id}")).await;
    live_page(&b).await;
    // A no-cors fetch from the other origin, with the player's cookie (same site).
    b.goto(&format!("{attacker}/fetch")).await;
    b.wait_for(
        "document.getElementById('done').textContent === 'sent'",
        "the fetch sent",
    )
    .await;
    // An auto-submitted form: the browser lands on the server's refusal.
    b.goto(&format!("{attacker}/form")).await;
    b.wait_for("location.pathname.endsWith('/undo')", "the form posted")
        .await;
    let refusal = b.eval("return document.body.textContent").await;
    assert!(refusal.as_str().unwrap().contains("cross_origin"), "{refusal}");
    let after = t.view(&id).await;
    assert_eq!(after["ply"], 1, "the other site's page took the move back");
    assert_eq!(
        after["version"], played["version"],
        "the other site's page changed the game"
    );

    // The app's own pages keep the Content-Security-Policy: home, a game (live, with its socket),
    // the rules with their live diagrams, a tutorial, the page for an unknown path.
    b.goto(&t.url(&format!("/game/{id}"))).await;
    live_page(&b).await;
    b.goto(&t.url("/")).await;
    b.find("#app button, #app a.button").await;
    b.goto(&t.url("/rules/krux")).await;
    b.find("figure.live-diagram svg").await;
    b.goto(&t.url("/learn/attraction")).await;
    b.find("#app svg").await;
    b.goto(&t.url("/no/such/page")).await;
    b.find("#not-found").await;
    assert_no_csp_violations(&t).await;
    // The check itself works: an image from another origin is refused and reported.
    b.eval("document.body.insertAdjacentHTML('beforeend', '<img src=\"http://127.0.0.1:1/x.png\">'); return true")
        .await;
    let mut reported = Value::Null;
    for _ in 0..100 {
        reported = t.get("/api/csp-reports").await.1;
        if reported["count"].as_u64() > Some(0) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(
        reported["count"].as_u64() > Some(0),
        "no violation reported: {reported}"
    );
    assert!(reported.to_string().contains("img-src"), "{reported}");
}
