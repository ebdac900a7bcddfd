//! Accessibility: axe-core (from npm) finds no WCAG 2.1 A or AA violation on any page of the app, in a
//! real headless Chromium against the real server.

mod common;

#[path = "common/webdriver.rs"]
mod webdriver;

use common::TestServer;
use serde_json::{json, Value};
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

/// WebDriver's keys (sent to the focused board as a person's keyboard would).
const ENTER: &str = "\u{E007}";
const SPACE: &str = "\u{E00D}";
const ESCAPE: &str = "\u{E00C}";
const ALT: &str = "\u{E00A}";
const LEFT: &str = "\u{E012}";
const UP: &str = "\u{E013}";
const RIGHT: &str = "\u{E014}";
const DOWN: &str = "\u{E015}";

/// Presses keys on the board (it takes the focus, as by Tab, the first time).
async fn press(b: &Browser, keys: &str) {
    b.find("#board").await.send_keys(keys).await.expect("keys on the board");
}

/// The cell under the board's keyboard cursor (null before it shows).
async fn cursor(b: &Browser) -> Value {
    b.eval("return document.getElementById('board').getAttribute('data-cursor')")
        .await
}

/// What the board's live region says of the cursor's cell.
async fn cursor_words(b: &Browser) -> String {
    b.eval("return document.getElementById('board-cursor-say').textContent")
        .await
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Moves the board's cursor to `cell` with the arrow keys only: each time the arrow towards it (read from
/// where the two cells are drawn), until the cursor is there; returns what was said there.
async fn arrow_to(b: &Browser, cell: &str) -> String {
    let toward = format!(
        "const at = (n) => {{ const r = document.querySelector(`.hit[data-cell='${{n}}']`).getBBox(); \
           return [r.x + r.width / 2, r.y + r.height / 2]; }}; \
         const from = document.getElementById('board').getAttribute('data-cursor'); \
         if (!from) return 'up'; \
         const [a, b] = [at(from), at('{cell}')]; const dx = b[0] - a[0], dy = b[1] - a[1]; \
         return Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'right' : 'left') : (dy > 0 ? 'down' : 'up');"
    );
    for _ in 0..40 {
        if cursor(b).await == json!(cell) {
            let words = b
                .wait_for(
                    &format!(
                        "document.getElementById('board-cursor-say').textContent.startsWith('{cell},') && \
                         document.getElementById('board-cursor-say').textContent"
                    ),
                    "the cursor's cell said",
                )
                .await;
            return words.as_str().unwrap().to_string();
        }
        let key = match b.eval(&toward).await.as_str().unwrap() {
            "right" => RIGHT,
            "left" => LEFT,
            "down" => DOWN,
            _ => UP,
        };
        press(b, key).await;
    }
    panic!(
        "the arrow keys did not reach {cell} (the cursor is on {})",
        cursor(b).await
    );
}

/// The text board's list of pieces.
async fn text_board(b: &Browser) -> String {
    text_of(b, "#text-board-pieces").await
}

/// The board by keyboard alone: one tab stop whose name says how; the arrow keys move a cursor from cell to
/// cell (every cell of every game's board is reached, whatever its shape), each cell said with what stands
/// on it; Enter or Space selects a piece and then where it goes, Escape clears a selection. A few moves of
/// Villawar are played so, with the legal moves read from the API but nothing typed or clicked. The text
/// board opens from its button (by keyboard too), lists each side's pieces by kind with their cells, and
/// follows the moves; Alt+C (and C on the board) says both clocks in the live region. axe stays clean.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_played_with_the_arrow_keys_and_read_as_text() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let driver = Driver::start().await;
    // Both sides this player's (a game at one table), with a clock.
    let view = t
        .create(
            json!({"game": "villawar", "options": "size=6", "clock": "fischer:300+0",
                       "players": [{"kind": "human"}, {"kind": "human"}]}),
        )
        .await;
    let id = view["id"].as_str().unwrap().to_string();
    let profile = tempfile::tempdir().unwrap();
    let b = open_game_page(&driver, &t, profile.path(), &id).await;

    // One tab stop, named and described: how to use it is said.
    let board = b
        .eval(
            "const s = document.getElementById('board'); \
             return [s.getAttribute('role'), s.getAttribute('tabindex'), s.getAttribute('aria-label'), \
                     document.getElementById(s.getAttribute('aria-describedby')).textContent]",
        )
        .await;
    assert_eq!(board[0], json!("application"), "{board}");
    assert_eq!(board[1], json!("0"), "{board}");
    assert!(board[2].as_str().unwrap().contains("arrow keys"), "{board}");
    let help = board[3].as_str().unwrap();
    assert!(
        help.contains("Enter") && help.contains("Escape") && help.contains("Alt+C"),
        "{help}"
    );

    // Every cell of every game's board is reached by the arrow keys from the first, and on a square board
    // they go one square at a time.
    let reach = b
        .eval(
            "return (async () => { const board = await import('/static/board.js'); \
               const api = await import('/static/api.js'); const out = {}; \
               for (const game of ['void', 'krux', 'attraction', 'villawar']) { \
                 const cells = (await api.getDiagram({game})).cells; \
                 const seen = new Set([cells[0].name]); const queue = [cells[0].name]; \
                 while (queue.length) { const c = queue.shift(); \
                   for (const d of [[0, -1], [0, 1], [-1, 0], [1, 0]]) { \
                     const n = board.cellInDirection(cells, c, d); \
                     if (n && !seen.has(n)) { seen.add(n); queue.push(n); } } } \
                 out[game] = [seen.size, cells.length]; } \
               const cells = (await api.getDiagram({game: 'villawar'})).cells; \
               out.steps = [[1, 0], [0, -1], [-1, 0], [0, 1]].map(d => board.cellInDirection(cells, 'c3', d)); \
               return out; })()",
        )
        .await;
    for game in ["void", "krux", "attraction", "villawar"] {
        let [seen, all] = [0, 1].map(|i| reach[game][i].as_u64().unwrap());
        assert_eq!(seen, all, "{game}: cells reached by the arrow keys: {reach}");
    }
    assert_eq!(reach["steps"], json!(["d3", "c4", "b3", "c2"]), "{reach}");

    // The text board opens from its button, by keyboard: the pieces by side and kind, whose turn it is.
    let toggle = b.find("#text-board-toggle").await;
    assert_eq!(toggle.attr("aria-expanded").await.unwrap().as_deref(), Some("false"));
    toggle.send_keys(ENTER).await.expect("Enter on the button");
    b.wait_for(
        "document.getElementById('text-board-toggle').getAttribute('aria-expanded') === 'true' && \
         !document.getElementById('text-board').hidden",
        "the text board open",
    )
    .await;
    let before = text_board(&b).await;
    assert!(
        before.contains("White: 12 villagers: a1, b1, c1, d1, e1, f1, a2, b2, c2, d2, e2, f2.")
            && before.contains("Black: 12 villagers: a5, b5"),
        "{before}"
    );
    assert_eq!(text_of(&b, "#text-board-turn").await, "White to move: your move.");
    assert_eq!(text_of(&b, "#text-board-last").await, "No move yet.");

    // To the board: the cursor shows where it starts; the arrows move it, not the move list.
    press(&b, UP).await;
    let start = b
        .wait_for(
            "document.getElementById('board').getAttribute('data-cursor')",
            "the cursor",
        )
        .await;
    assert_eq!(
        b.eval("return document.activeElement.id").await,
        json!("board"),
        "the board has the focus"
    );
    assert!(cursor_words(&b).await.starts_with(start.as_str().unwrap()));
    press(&b, &format!("{LEFT}{LEFT}")).await;
    assert_eq!(b.eval("return window.arbiter.review").await, Value::Null, "no review");
    let words = arrow_to(&b, "c3").await;
    assert_eq!(words, "c3, empty");
    let words = arrow_to(&b, "b1").await;
    assert_eq!(words, "b1, White villager, can move");

    // Enter selects, Escape clears.
    press(&b, ENTER).await;
    let selected = b
        .wait_for(
            "window.arbiter.input.selected === 'b1' && document.getElementById('board-cursor-say').textContent",
            "b1 selected",
        )
        .await;
    let selected = selected.as_str().unwrap();
    assert!(selected.contains("selected piece"), "{selected}");
    press(&b, ESCAPE).await;
    b.wait_for(
        "window.arbiter.input.selected === null && !document.getElementById('board-cursor-say').textContent.includes('selected')",
        "the selection cleared",
    )
    .await;

    // A few moves, each by the arrow keys and Enter (or Space) on its two cells.
    let mut last_text = before;
    for ply in 0..4u64 {
        let view = t.view(&id).await;
        let legal = view["legal"].as_array().unwrap();
        // A move that its two cells tell apart from every other.
        let mv = legal
            .iter()
            .find(|m| {
                legal
                    .iter()
                    .filter(|o| o["from"] == m["from"] && o["to"] == m["to"])
                    .count()
                    == 1
            })
            .expect("a move by two cells");
        let (from, to) = (mv["from"].as_str().unwrap(), mv["to"].as_str().unwrap());
        arrow_to(&b, from).await;
        press(&b, if ply % 2 == 0 { ENTER } else { SPACE }).await;
        let said = b
            .wait_for(
                &format!(
                    "window.arbiter.input.selected === '{from}' && \
                     document.getElementById('board-cursor-say').textContent.includes('can go to') && \
                     document.getElementById('board-cursor-say').textContent"
                ),
                "the piece selected",
            )
            .await;
        assert!(said.as_str().unwrap().contains(to), "{said}");
        let there = arrow_to(&b, to).await;
        assert!(there.contains(&format!("{to}, empty")), "{there}");
        press(&b, ENTER).await;
        b.wait_for(&format!("window.arbiter.view.ply === {}", ply + 1), "the move played")
            .await;
        assert_eq!(t.view(&id).await["moves"][ply as usize], mv["notation"]);
        // The text board follows (the moved piece on its new cell, the last move), the focus stays on the board.
        let text = b
            .wait_for(
                &format!(
                    "document.getElementById('text-board-pieces').textContent !== {} && \
                     document.getElementById('text-board-last').textContent.includes({}) && \
                     document.getElementById('text-board-pieces').textContent",
                    serde_json::to_string(&last_text).unwrap(),
                    serde_json::to_string(mv["notation"].as_str().unwrap()).unwrap()
                ),
                "the text board after the move",
            )
            .await
            .as_str()
            .unwrap()
            .to_string();
        assert!(text.contains(to), "{text}");
        last_text = text;
        assert_eq!(b.eval("return document.activeElement.id").await, json!("board"));
        let said = b
            .wait_for(
                &format!(
                    "document.getElementById('board-cursor-say').textContent.startsWith('{to}, ') && \
                     document.getElementById('board-cursor-say').textContent.includes('last move') && \
                     document.getElementById('board-cursor-say').textContent"
                ),
                "the moved piece said where it stands",
            )
            .await;
        assert!(said.as_str().unwrap().contains("villager") || said.as_str().unwrap().contains("warrior"));
    }
    let last = text_of(&b, "#text-board-last").await;
    assert!(last.starts_with("Last move: Black played"), "{last}");
    let said = b.eval("return document.getElementById('announce').textContent").await;
    assert!(said.as_str().unwrap().contains("played"), "{said}");

    // The clocks on demand: Alt+C, and C on the board, say both times in the live region.
    press(&b, &format!("{ALT}c")).await;
    let told = b
        .wait_for(
            "[...document.querySelectorAll('#announce p')].map(p => p.textContent).find(t => t.startsWith('Time left:'))",
            "the clocks said",
        )
        .await;
    let told = told.as_str().unwrap();
    assert!(
        told.contains("White ")
            && told.contains(", Black ")
            && told.contains("minutes")
            && told.ends_with("White's clock is running."),
        "{told}"
    );
    press(&b, "c").await;
    b.wait_for(
        "[...document.querySelectorAll('#announce p')].filter(p => p.textContent.startsWith('Time left:')).length === 2",
        "the clocks said again",
    )
    .await;
    text_of(&b, "#read-clocks").await;
    b.screenshot(&artifact("keyboard-board.png")).await;
    b.eval("document.getElementById('text-board').scrollIntoView(); return null")
        .await;
    b.screenshot(&artifact("text-board.png")).await;
    let violations = axe_violations(&b).await;
    assert!(
        violations.is_empty(),
        "{}",
        serde_json::to_string_pretty(&violations).unwrap()
    );

    // A turn built step by step (Krux) takes its steps on cells by the same keys: Enter on the step's cell.
    let krux = t
        .create(json!({"game": "krux", "players": [{"kind": "human"}, {"kind": "human"}]}))
        .await;
    b.goto(&t.url(&format!("/game/{}", krux["id"].as_str().unwrap()))).await;
    live_page(&b).await;
    // Its first step, a ring to take, is a button: Enter on it.
    b.find(".token-choice[data-token='@b']")
        .await
        .send_keys(ENTER)
        .await
        .expect("Enter on the ring's button");
    b.wait_for(
        "window.arbiter.step.turn && window.arbiter.step.turn.tokens.length === 1",
        "the ring taken",
    )
    .await;
    let step = b
        .wait_for(
            "window.arbiter.step && window.arbiter.step.turn && (() => { const next = window.arbiter.step.turn.next; \
               return (next.find(n => n.cell && next.filter(m => m.cell === n.cell).length === 1) || {}).cell; })()",
            "a step on a cell of its own",
        )
        .await;
    let cell = step.as_str().unwrap();
    press(&b, UP).await;
    let words = arrow_to(&b, cell).await;
    assert!(words.starts_with(&format!("{cell}, ")), "{words}");
    press(&b, ENTER).await;
    b.wait_for(
        "window.arbiter.step.turn && window.arbiter.step.turn.tokens.length === 2",
        "the step taken",
    )
    .await;
    b.quit().await;
}
