//! Endings told in words, by each game, through the one registry the CLI and server use: the
//! worked examples' endings, and the decisive cells each names.

use arbiter_core::DynSession;

fn session(spec: &str, position: &str) -> Box<dyn DynSession> {
    let registry = arbiter_games::registry();
    let (game, options) = registry.parse_spec(spec).expect("registered");
    game.new_session(options, Some(position)).expect("the position parses")
}

fn told(session: &dyn DynSession) -> (String, Vec<String>) {
    let story = session.story().expect("the game is over");
    (story.text, story.cells)
}

#[test]
fn void_the_flagship_that_fell() {
    // Worked example 2: the fighter falls on the black flagship and pushes it into the void.
    let mut s = session("void", "F17/5X12/18/18/4f13 b 0");
    s.play("e1-f1xf4").unwrap();
    let (text, cells) = told(s.as_ref());
    assert_eq!(text, "Black's flagship fell into the void. White wins.");
    assert!(
        cells.contains(&"e1".to_string()) && cells.contains(&"f1".to_string()),
        "{cells:?}"
    );
}

#[test]
fn krux_who_put_which_piece_into_the_hole_and_how() {
    // Worked example 1: White 1 attracts Black 2 into the hole.
    let mut s = session("krux", ".....46/...1g.../......./...*.../......./...2.../35..... 1");
    s.play("Ad2").unwrap();
    let (text, cells) = told(s.as_ref());
    assert_eq!(
        text,
        "White's piece 1 pulled Black's piece 2 into the hole. White wins."
    );
    assert_eq!(cells[0], "d4", "the hole is the decisive square");
    assert!(
        cells.contains(&"d2".to_string()),
        "where the fallen piece stood: {cells:?}"
    );
    // Worked example 2: a repel stops on the hole when d5 is taken.
    let mut s = session("krux", ".....46/......./...5.../...*.../...2.../......./3..1g... 1");
    s.play("Rd3").unwrap();
    let (text, _) = told(s.as_ref());
    assert_eq!(
        text,
        "White's piece 1 pushed Black's piece 2 into the hole. White wins."
    );
}

#[test]
fn attraction_the_row_that_was_filled() {
    let s = session("attraction", "vvvvvvvv/8/8/8/8/8/8/rrrrrrr1 r 0");
    let (text, cells) = told(s.as_ref());
    assert_eq!(text, "Violet filled Red's start row (rank 8). Violet wins.");
    assert_eq!(cells.len(), 8);
    assert!(cells.iter().all(|c| c.ends_with('8')), "{cells:?}");
}

#[test]
fn villawar_the_row_that_decided() {
    // Worked example 4: both pass; row 5 ties 1-1, Black's row 4 holds a villager and White's none.
    let s = session("villawar", "8/8/8/V5v1/3v4/7V/8/8 w 2");
    let (text, cells) = told(s.as_ref());
    assert_eq!(
        text,
        "Both sides passed. Counting villagers from the far row down, Black has 1 villager on its row 4 \
         to White's 0 (rows 8 to 5 were level). Black wins."
    );
    assert_eq!(cells, vec!["g5".to_string()], "Black's villager on its row 4");
}

#[test]
fn history_endings_are_told_the_same_way_in_every_game() {
    let registry = arbiter_games::registry();
    for name in registry.names() {
        let game = registry.get(name).unwrap();
        let mut s = game.new_session("", None).unwrap();
        let loser = s.to_move();
        s.resign(loser).unwrap();
        let text = s.story().unwrap().text;
        assert!(text.ends_with("wins.") && text.contains("resigned"), "{name}: {text}");
    }
}

#[test]
fn a_flag_fall_loses_in_every_game_and_replays_from_its_record() {
    let registry = arbiter_games::registry();
    for name in registry.names() {
        let game = registry.get(name).unwrap();
        let mut s = game.new_session("", None).unwrap();
        let first = s.legal_moves()[0].clone();
        s.play(&first).unwrap();
        let loser = s.to_move();
        s.time_out().unwrap();
        let ending = s.ending().unwrap();
        assert_eq!(ending.reason, arbiter_core::EndReason::Time, "{name}");
        // Every game here says a side with pieces can still win: a loss, not a draw.
        assert_eq!(ending.outcome.winner(), Some(loser.opponent()), "{name}");
        let text = s.story().unwrap().text;
        assert!(
            text.contains("ran out of time") && text.ends_with("wins."),
            "{name}: {text}"
        );
        assert!(s.time_out().is_err(), "{name}: no second flag fall");
        let replayed = game.load_record(&s.record()).unwrap();
        assert_eq!(replayed.ending(), s.ending(), "{name}: the record keeps the flag fall");
        s.undo().unwrap();
        assert!(s.ending().is_none(), "{name}: undo lifts the flag fall first");
    }
}

#[test]
fn krux_drops_and_jumps_into_the_hole_are_told_as_such() {
    // White's carrier 1 on d3 picks up Black's 2 from c3 and drops it into the hole.
    let mut s = session("krux", ".....46/......./......./...*.../..21b.../......./35..... 1");
    s.play("Pc3,Dd4").unwrap();
    assert_eq!(
        told(s.as_ref()).0,
        "White's piece 1 dropped Black's piece 2 into the hole. White wins."
    );
    // White's jumper 1 lands on d6, next to Black's 2 on d5, which is pushed into the hole.
    let mut s = session("krux", ".....46/1g....../...2.../...*.../......./......./35..... 1");
    s.play("Jd6").unwrap();
    assert_eq!(
        told(s.as_ref()).0,
        "White's piece 1 jumped beside and pushed Black's piece 2 into the hole. White wins."
    );
}

#[test]
fn draws_shown_by_the_board_say_why() {
    let draw = |spec: &str, position: &str| told(session(spec, position).as_ref()).0;
    assert_eq!(
        draw("void", "F17/18/18/18/4f13 b 0"),
        "Only the two flagships are left: a draw."
    );
    assert_eq!(
        draw("void", "F17/5X12/18/18/4f13 b 2"),
        "Neither side could move: both passed, a draw."
    );
    assert_eq!(
        draw("attraction", "rrrrrrrr/8/8/8/8/8/8/vvvvvvvv v 2"),
        "Both sides passed in a row: a draw."
    );
    assert_eq!(
        draw("villawar", "8/1w6/8/3v4/3V4/8/1W6/8 w 2"),
        "Both sides passed with the same villagers and warriors on every row: a draw."
    );
    // Villagers level everywhere: the warriors decide, and the text says so.
    let s = session("villawar", "W7/8/8/V7/7v/8/wwwwwww1/8 b 2");
    assert_eq!(
        told(s.as_ref()).0,
        "Both sides passed. Counting warriors from the far row down, White has 1 warrior on its row 8 to \
         Black's 0 (every row of villagers was level). White wins."
    );
}

#[test]
fn attraction_names_the_winner_the_rules_give() {
    // Both goals filled, Violet to move: Red has just moved, so Red's goal counts first.
    let s = session("attraction", "vvvvvvvv/8/8/8/8/8/8/rrrrrrrr v 0");
    let (text, _) = told(s.as_ref());
    assert_eq!(text, "Red filled Violet's start row (rank 1). Red wins.");
}
