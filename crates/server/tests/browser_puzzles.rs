//! Browser tests of the puzzle pages (a real headless Chromium against the real server): in every game
//! (one set each, and one Villawar size more), a shipped puzzle solved by clicking its solution's moves on
//! the board (the rating shown changes) and another failed with a wrong move (the solution is shown); one
//! puzzle solved at phone size (375×740); a streak that ends at 1 after a right and a wrong answer; the
//! front page lists the sets and says when there are no mistakes to learn from.

mod common;

#[path = "common/webdriver.rs"]
mod webdriver;

#[path = "common/clicks.rs"]
mod clicks;

use clicks::{clicks_of, MoveInput};
use common::TestServer;
use serde_json::{json, Value};
use webdriver::*;

/// A shipped puzzle: its id, position, solution line and set.
#[derive(Clone, Debug)]
struct Puzzle {
    id: String,
    game: String,
    options: String,
    position: String,
    solution: Vec<String>,
}

/// The puzzles of set `set` of `game`, as the game crate ships them.
fn shipped(game: &str, set: &str) -> Vec<Puzzle> {
    let registry = arbiter_games::registry();
    let kind = registry.get(game).expect("the game");
    let set = kind
        .puzzle_sets()
        .iter()
        .find(|s| s.name == set)
        .unwrap_or_else(|| panic!("no set {set}"));
    set.lines
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let p: Value = serde_json::from_str(line).expect("a puzzle line");
            Puzzle {
                id: p["id"].as_str().unwrap().to_string(),
                game: game.to_string(),
                options: set.options.to_string(),
                position: p["position"].as_str().unwrap().to_string(),
                solution: p["solution"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m.as_str().unwrap().to_string())
                    .collect(),
            }
        })
        .collect()
}

/// A legal move of the puzzle's position that is not its solution's and does not end the game at once.
fn wrong_move(p: &Puzzle) -> String {
    let registry = arbiter_games::registry();
    let kind = registry.get(&p.game).expect("the game");
    let session = kind.new_session(&p.options, Some(&p.position)).expect("the position");
    session
        .legal_moves()
        .into_iter()
        .find(|m| {
            let mut after = kind.new_session(&p.options, Some(&p.position)).unwrap();
            after.play(m).expect("a legal move");
            *m != p.solution[0] && after.ending().is_none()
        })
        .expect("a wrong move")
}

/// The puzzle page's move input: its partial turn once it waits for a step; the solver's move `n` entered.
fn puzzle_input(entered: &str) -> MoveInput<'_> {
    MoveInput {
        turn: "(!window.arbiterPuzzle.input.busy && window.arbiterPuzzle.input.turn)",
        entered,
    }
}

/// Waits until the page waits for the solver's move number `n` (from 0), the input ready; returns the
/// position shown.
async fn solver_to_move(b: &Browser, n: usize) -> String {
    b.wait_for(
        &format!(
            "window.arbiterPuzzle.status === 'solving' && !window.arbiterPuzzle.busy \
             && window.arbiterPuzzle.moves.length === {n} && !window.arbiterPuzzle.input.busy \
             && (!window.arbiterPuzzle.input.spot.stepwise || window.arbiterPuzzle.input.turn) \
             && window.arbiterPuzzle.position"
        ),
        &format!("the solver's move {n}"),
    )
    .await
    .as_str()
    .unwrap()
    .to_string()
}

/// Enters `notation` on the board by clicking what the server says a person clicks for it: cells (a
/// piece, where it goes, what tells moves apart), the steps of a turn built step by step (a choice
/// among several on one cell, a step with no cell), then "End turn" unless a step won by itself.
async fn enter_move(b: &Browser, t: &TestServer, p: &Puzzle, position: &str, notation: &str, n: usize) {
    let spec = if p.options.is_empty() {
        p.game.clone()
    } else {
        format!("{}:{}", p.game, p.options)
    };
    let clicks = clicks_of(t, &spec, position, notation).await;
    let stepwise = b.eval("return window.arbiterPuzzle.input.spot.stepwise").await == json!(true);
    let entered = format!("window.arbiterPuzzle.moves.length > {n}");
    let input = puzzle_input(&entered);
    if stepwise {
        return input.click_steps(b, &clicks).await;
    }
    // Whole moves: the page marks the pieces that can move, from the legal moves the server lists.
    let from = clicks[0]["cell"].as_str().expect("a whole move starts on a cell");
    let offered = b
        .eval(&format!(
            "return !!document.querySelector(\".hit.selectable[data-cell='{from}']\")"
        ))
        .await;
    assert_eq!(
        offered,
        json!(true),
        "{}: the piece on {from} is not offered to move ({notation}); the page knows the legal moves \
         only if the server sends them (PuzzleView.legal / AttemptView.legal / DiagramView.legal)",
        p.id
    );
    input.click_cells(b, &clicks).await;
}

/// Opens puzzle `p` on its page and waits for the solver's first move.
async fn open_puzzle(b: &Browser, t: &TestServer, set: &str, p: &Puzzle) {
    b.goto(&t.url(&format!("/puzzles/{set}/{}", p.id))).await;
    b.wait_for(
        &format!("window.arbiterPuzzle && window.arbiterPuzzle.id === '{}'", p.id),
        "the puzzle",
    )
    .await;
    solver_to_move(b, 0).await;
}

/// Solves `p` by entering each of the solver's moves (the replies play themselves); waits for "solved".
async fn solve(b: &Browser, t: &TestServer, p: &Puzzle) {
    for (n, mv) in p.solution.iter().step_by(2).enumerate() {
        let position = solver_to_move(b, n).await;
        enter_move(b, t, p, &position, mv, n).await;
    }
    let status = b
        .wait_for(
            "['solved', 'failed'].includes(window.arbiterPuzzle.status) && window.arbiterPuzzle.status",
            "the verdict",
        )
        .await;
    let moves = b.eval("return window.arbiterPuzzle.moves").await;
    assert_eq!(
        status,
        json!("solved"),
        "{}: {moves} was not taken for {:?}",
        p.id,
        p.solution
    );
    let verdict = text_of(b, "#puzzle-verdict").await;
    assert!(verdict.contains("Right"), "{verdict}");
}

/// Plays a wrong first move in `p`; waits for "failed" and checks that the whole solution is shown.
async fn fail(b: &Browser, t: &TestServer, p: &Puzzle) {
    let wrong = wrong_move(p);
    let position = solver_to_move(b, 0).await;
    enter_move(b, t, p, &position, &wrong, 0).await;
    let status = b
        .wait_for(
            "['solved', 'failed'].includes(window.arbiterPuzzle.status) && window.arbiterPuzzle.status",
            "the verdict",
        )
        .await;
    assert_eq!(status, json!("failed"), "{}: {wrong} was taken as right", p.id);
    let shown = b
        .eval("return [...document.querySelectorAll('#puzzle-solution .solution-move')].map(e => e.textContent)")
        .await;
    assert_eq!(shown, json!(p.solution), "{}: the solution shown", p.id);
    let verdict = text_of(b, "#puzzle-verdict").await;
    assert!(verdict.contains("Wrong"), "{verdict}");
}

async fn player_rating(b: &Browser) -> String {
    text_of(b, "#puzzle-player-rating").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn puzzles_are_solved_and_failed_by_clicking_in_every_game() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let driver = Driver::start().await;
    let profile = tempfile::tempdir().unwrap();
    let b = browser_as(&driver, &t, &t.token, profile.path(), "/puzzles").await;

    // The front page: a card per set, and no mistakes yet.
    b.find("#puzzle-set-void").await;
    b.find("#puzzle-set-villawar-6").await;
    let empty = text_of(&b, "#puzzle-mine-empty").await;
    assert!(empty.contains("No mistakes"), "{empty}");
    b.find(".topbar nav a[href='/puzzles']").await;

    for (game, set) in [
        ("krux", "krux"),
        ("void", "void"),
        ("attraction", "attraction"),
        ("villawar", "villawar-6"),
    ] {
        let puzzles = shipped(game, set);
        assert!(puzzles.len() >= 2, "{set} ships two puzzles at least");
        open_puzzle(&b, &t, set, &puzzles[0]).await;
        let task = text_of(&b, "#puzzle-task").await;
        assert!(task.starts_with("Find the"), "{task}");
        let before = player_rating(&b).await;
        solve(&b, &t, &puzzles[0]).await;
        let after = player_rating(&b).await;
        assert_ne!(before, after, "{set}: the rating shown changed");
        b.find("#puzzle-rating-change").await;
        b.screenshot(&artifact(&format!("puzzle-{set}-solved.png"))).await;

        open_puzzle(&b, &t, set, &puzzles[1]).await;
        fail(&b, &t, &puzzles[1]).await;
        b.find("#puzzle-next").await;
        b.find("#puzzle-retry").await;
        b.screenshot(&artifact(&format!("puzzle-{set}-failed.png"))).await;
    }

    // At phone size the board fits the width and the task is under it.
    b.set_size(375, 740).await;
    b.wait_for("Math.abs(window.innerWidth - 375) < 20", "the phone width")
        .await;
    let villawar8 = shipped("villawar", "villawar-8");
    open_puzzle(&b, &t, "villawar-8", &villawar8[0]).await;
    let overflow = b
        .eval("return document.documentElement.scrollWidth - window.innerWidth")
        .await;
    assert!(
        overflow.as_f64().unwrap() <= 1.0,
        "the page scrolls sideways by {overflow}px"
    );
    let board = b.rect("#board").await.expect("the board");
    let task = b.rect("#puzzle-task").await.expect("the task");
    assert!(board[2] <= 375.0, "the board fits: {board:?}");
    assert!(
        task[1] >= board[1] + board[3] - 1.0,
        "the task is under the board: {task:?} {board:?}"
    );
    solve(&b, &t, &villawar8[0]).await;
    b.screenshot(&artifact("puzzle-phone-solved.png")).await;

    b.quit().await;
    assert_no_csp_violations(&t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_streak_ends_at_the_first_wrong_answer() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let driver = Driver::start().await;
    let profile = tempfile::tempdir().unwrap();
    let b = browser_as(&driver, &t, &t.token, profile.path(), "/puzzles/void").await;
    let puzzles = shipped("void", "void");
    let by_id = |id: &Value| {
        puzzles
            .iter()
            .find(|p| id.as_str() == Some(p.id.as_str()))
            .unwrap_or_else(|| panic!("{id} is not shipped"))
            .clone()
    };
    b.wait_for(
        "window.arbiterPuzzle && window.arbiterPuzzle.status === 'solving'",
        "a puzzle",
    )
    .await;
    b.click_css("#puzzle-mode-streak").await;
    b.wait_for("window.arbiterPuzzle.mode === 'streak'", "streak mode")
        .await;
    solver_to_move(&b, 0).await;
    let first = by_id(&b.eval("return window.arbiterPuzzle.id").await);
    solve(&b, &t, &first).await;
    assert_eq!(b.eval("return window.arbiterPuzzle.streak").await, json!(1));
    assert_eq!(text_of(&b, "#puzzle-streak-count").await, "1");

    b.click_css("#puzzle-next").await;
    b.wait_for(
        &format!(
            "window.arbiterPuzzle.id !== '{}' && window.arbiterPuzzle.status === 'solving'",
            first.id
        ),
        "the next puzzle of the streak",
    )
    .await;
    let second = by_id(&b.eval("return window.arbiterPuzzle.id").await);
    fail(&b, &t, &second).await;
    assert_eq!(b.eval("return window.arbiterPuzzle.streak").await, json!(1));
    let message = text_of(&b, "#puzzle-message").await;
    assert!(message.contains("streak ends at 1"), "{message}");
    assert_eq!(text_of(&b, "#puzzle-streak-best").await, "1");
    b.find("#puzzle-next").await; // "New streak"
    b.screenshot(&artifact("puzzle-streak-over.png")).await;
    b.quit().await;
    assert_no_csp_violations(&t).await;
}
