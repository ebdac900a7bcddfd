//! voidgame's click API on Rust values: scripted games, Arbiter's rulings, set-up boards.

use arbiter_core::{Game, NoVariant};
use arbiter_void::{Square, Void};
use arbiter_voidgame::{Board, PlainError, PlainState, Prompt, SetupError, FIGHTER_POINTS, MAX_SCORE};

/// A state showing `position` (board and side to move), as programs set up voidgame states.
fn set_up(position: &str) -> PlainState {
    let void = Void::parse(position).expect("a position");
    let mut state = PlainState::new();
    state.shown.board = Board::of_void(&void).rows();
    state.shown.turn = if position.split_whitespace().nth(1) == Some("w") {
        "white"
    } else {
        "black"
    }
    .to_string();
    state
}

/// voidgame's (orbit, sector) of a cell name.
fn at(name: &str) -> (i64, i64) {
    let cell = Square::parse(name).expect("a cell");
    let (o, s) = Board::coordinates(cell);
    (o as i64, s as i64)
}

fn click(state: &mut PlainState, name: &str) {
    let (o, s) = at(name);
    state.process(o, s).expect("a click");
}

fn cell<'a>(state: &'a PlainState, name: &str) -> &'a str {
    let (o, s) = at(name);
    &state.shown.board[o as usize][s as usize]
}

fn cells_with(state: &PlainState, marker: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (o, row) in state.shown.board.iter().enumerate() {
        for (s, text) in row.iter().enumerate() {
            if text.split_whitespace().any(|w| w == marker) {
                found.push(Board::cell_at(o, s).to_string());
            }
        }
    }
    found
}

fn expect(state: &PlainState, phase: &str, prompt: Prompt) {
    assert_eq!(
        (state.shown.phase.as_str(), state.shown.prompt.as_str()),
        (phase, prompt.text())
    );
}

#[test]
fn a_scripted_game() {
    let mut st = PlainState::new();
    click(&mut st, "d3"); // White's fighter: Black moves first
    expect(&st, "select", Prompt::InvalidSelect);
    click(&mut st, "m4"); // Black's sweeper
    expect(&st, "move", Prompt::Move);
    assert_eq!(cell(&st, "m4"), "black#sweeper selected");
    assert_eq!(cells_with(&st, "canMove"), ["g4", "h4", "i4", "j4", "k4", "l4", "n4"]);
    click(&mut st, "n5"); // the boxed-in flagship: the pick is dropped, the phase stays
    expect(&st, "move", Prompt::InvalidSelect);
    assert!(cells_with(&st, "canMove").is_empty() && cells_with(&st, "selected").is_empty());
    click(&mut st, "a1");
    expect(&st, "move", Prompt::InvalidMove);
    click(&mut st, "m4");
    click(&mut st, "g4"); // the glide m4-g4
    expect(&st, "attack", Prompt::Attack);
    assert_eq!((cell(&st, "m4"), cell(&st, "g4")), ("start", "black#sweeper selected"));
    click(&mut st, "a1");
    expect(&st, "attack", Prompt::InvalidAttack);
    click(&mut st, "m4"); // move back
    expect(&st, "move", Prompt::Move);
    assert_eq!(cell(&st, "m4"), "black#sweeper selected");
    click(&mut st, "g4");
    click(&mut st, "g4"); // the moved piece: the turn ends without an attack
    expect(&st, "select", Prompt::Select);
    assert_eq!(
        (st.shown.turn.as_str(), st.shown.black, st.shown.white),
        ("white", 0, 0)
    );
    click(&mut st, "d3");
    click(&mut st, "e4"); // Arbiter's fighter stops at its own sweeper on f4: no attack
    expect(&st, "attack", Prompt::Attack);
    assert!(cells_with(&st, "canHit").is_empty());
    click(&mut st, "e4");
    assert_eq!(st.shown.turn, "black");
    click(&mut st, "m5"); // m5-n4xn3: Black's bomber bombs its own fighter
    click(&mut st, "n4");
    assert_eq!(cell(&st, "n3"), "black#fighter canHit");
    assert_eq!((cell(&st, "n2"), cell(&st, "n1")), ("willFall", "willFall"));
    click(&mut st, "n3");
    expect(&st, "select", Prompt::Select);
    assert_eq!((cell(&st, "n3"), cell(&st, "n4")), ("", "black#bomber"));
    assert_eq!((st.shown.black, st.shown.white), (0, i64::from(FIGHTER_POINTS)));
}

#[test]
fn a_flagship_pushed_into_the_void_loses() {
    // worked example 2 of the rules: e1-f1xf4 pushes Black's own flagship into the void
    let mut st = set_up("F17/5X12/18/18/4f13 b");
    for name in ["e1", "f1", "f4"] {
        click(&mut st, name);
    }
    expect(&st, "win", Prompt::WhiteWins);
    assert_eq!(st.shown.turn, "black", "like voidgame's win, turn stays with the mover");
    assert_eq!(st.shown.white % 2, 1);
    let before = st.shown.clone();
    click(&mut st, "d4");
    assert_eq!(st.shown, before, "clicks after the end change nothing");
}

#[test]
fn flagship_lines_use_the_board() {
    let mut st = set_up("5x9f2/18/4F13/18/5x12 w");
    click(&mut st, "e3");
    click(&mut st, "f3");
    assert_eq!(cells_with(&st, "canHit"), ["f1", "f5"]);
    assert_eq!(cell(&st, "f2"), "willFall");
    click(&mut st, "f1"); // it falls three orbits: into the void
    expect(&st, "select", Prompt::Select);
    assert_eq!((cell(&st, "f1"), cell(&st, "f5")), ("", "black#fighter"));
    assert_eq!(
        (st.shown.black, st.shown.white),
        (i64::from(MAX_SCORE - 5), i64::from(MAX_SCORE - 11))
    );
}

#[test]
fn draws_and_passes() {
    let mut both = set_up("1b16/18/18/F17/f17 b"); // b5-a5 bombs a4..a1: both flagships fall
    for name in ["b5", "a5", "a2"] {
        click(&mut both, name);
    }
    expect(&both, "draw", Prompt::Draw);
    assert_eq!(both.shown.turn, "black");

    let mut lone = set_up("9F8/18/f17/18/1X16 b"); // White's last fighter falls into the void
    for name in ["a3", "b3", "b1"] {
        click(&mut lone, name);
    }
    expect(&lone, "draw", Prompt::Draw);

    let mut pass = set_up("bFb6f8/18/18/18/9x8 b"); // White's flagship is boxed in
    for name in ["j1", "k2", "k2"] {
        click(&mut pass, name);
    }
    expect(&pass, "select", Prompt::Pass);
    assert_eq!(pass.shown.turn, "black");
    click(&mut pass, "k2");
    assert_eq!(pass.shown.phase, "move");
}

#[test]
fn a_board_set_up_in_the_middle_of_a_turn_is_read_back() {
    let mut st = PlainState::new();
    click(&mut st, "m4");
    click(&mut st, "g4");
    // a program restores the attributes into a fresh state (attack phase)
    let saved = st.shown.clone();
    let mut restored = PlainState::new();
    restored.shown = saved;
    click(&mut restored, "m4"); // move back: the position is read from the board
    expect(&restored, "move", Prompt::Move);
    assert_eq!(cell(&restored, "m4"), "black#sweeper selected");
    assert_eq!(restored.machine().position(), "3BFB6bfb3/3S1S6s1s3/3XXX6xxx3/18/18 b 0");

    // a program changes the board in place: the next click that needs the engine reads it
    let mut st = PlainState::new();
    st.shown.board[3][12] = String::new(); // Black's sweeper on m4 leaves the board
    click(&mut st, "o4");
    expect(&st, "move", Prompt::Move);
    assert!(
        cells_with(&st, "canMove").contains(&"m4".to_string()),
        "o4 glides over the emptied m4"
    );
    assert!(st.machine().position().starts_with("3BFB6bfb3/3S1S8s3/"));
}

#[test]
fn set_up_boards_the_engine_refuses() {
    let mut two = set_up("3BFB6bfb3/3S1S6s1s3/3XXX6xxx3/18/18 b");
    two.shown.board[0][0] = "black#flag".to_string();
    assert!(matches!(
        two.process(4, 13),
        Err(PlainError::Setup(SetupError::Position(_)))
    ));

    let mut unknown = PlainState::new();
    unknown.shown.board[0][0] = "black#queen".to_string();
    let error = unknown.process(3, 12).expect_err("an unknown piece");
    assert_eq!(
        error.to_string(),
        "unknown piece 'black#queen' on the board (orbit 0, sector 0)"
    );

    let mut turn = PlainState::new();
    turn.shown.turn = "Black".to_string();
    turn.shown.board[0][0] = "white#fighter".to_string();
    // "Black" reads as White's prefix (as voidgame's), so White's fighter is picked: a bad turn
    let error = turn.process(0, 0).expect_err("a bad turn");
    assert_eq!(error.to_string(), "turn must be 'black' or 'white', not 'Black'");

    let mut shape = PlainState::new();
    shape.shown.board.pop();
    assert_eq!(shape.process(2, 12), Err(PlainError::Setup(SetupError::Shape)));
    assert_eq!(
        PlainState::new().process(5, 0),
        Err(PlainError::Index { orbit: 5, sector: 0 })
    );
    let mut wrapped = PlainState::new();
    wrapped
        .process(-2, -6)
        .expect("negative coordinates index from the end");
    expect(&wrapped, "move", Prompt::Move); // m4, Black's sweeper
}

/// Every turn the clicks can make in a position, with the state after it.
fn clicked_turns(position: &str) -> Vec<(String, PlainState)> {
    let start = set_up(position);
    let mut found = Vec::new();
    for o in 0..5 {
        for s in 0..18 {
            let mut picked = start.clone();
            picked.process(o, s).expect("a click");
            if picked.shown.phase != "move" {
                continue;
            }
            let from = Board::cell_at(o as usize, s as usize);
            for to in cells_with(&picked, "canMove") {
                let mut moved = picked.clone();
                click(&mut moved, &to);
                assert_eq!(moved.shown.phase, "attack");
                let mut finished = moved.clone();
                click(&mut finished, &to);
                found.push((format!("{from}-{to}"), finished));
                for target in cells_with(&moved, "canHit") {
                    let mut attacked = moved.clone();
                    click(&mut attacked, &target);
                    found.push((format!("{from}-{to}x{target}"), attacked));
                }
            }
        }
    }
    found
}

#[test]
fn clicks_reach_exactly_the_engine_turns() {
    let mut void = Void::new(&NoVariant);
    let mut moves = Vec::new();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..40 {
        let position = void.position();
        let clicked = clicked_turns(&position);
        let mut names: Vec<&str> = clicked.iter().map(|(name, _)| name.as_str()).collect();
        names.sort_unstable();
        void.legal_moves(&mut moves);
        let mut legal: Vec<String> = moves.iter().map(|&m| void.format_move(m)).collect();
        legal.sort_unstable();
        assert_eq!(names, legal, "{position}");
        for (name, state) in &clicked {
            let mut after = void.clone();
            after.play(void.parse_move(name).expect("legal"));
            assert_eq!(state.shown.board, Board::of_void(&after).rows(), "{position} {name}");
        }
        // on to a pseudo-random next position
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        if moves.is_empty() || moves == [arbiter_void::Move::Pass] {
            break;
        }
        void.play(moves[(seed % moves.len() as u64) as usize]);
    }
}
