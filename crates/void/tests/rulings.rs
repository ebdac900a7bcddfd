//! The rulings of `rules/void.md` beyond the worked examples: end of game, passes, the lone
//! sweeper, flagship rays, bombers, falls, repetition and what a move reports to interfaces.

use arbiter_core::{Game, HistoryRules, NoVariant, Outcome, Player, Session};
use arbiter_void::{Cell, Void};

const BLACK: Player = Player::First;

/// A position from pieces on cells (White uppercase, Black lowercase) and the side to move.
fn setup(pieces: &[(&str, char)], side: char) -> Void {
    let mut grid = [['.'; 18]; 5];
    for &(cell, letter) in pieces {
        let c = Cell::parse(cell).unwrap();
        grid[c.orbit() as usize - 1][c.sector() as usize] = letter;
    }
    let orbits: Vec<String> = grid
        .iter()
        .rev()
        .map(|row| {
            let mut out = String::new();
            let mut run = 0;
            for &c in row {
                if c == '.' {
                    run += 1;
                    continue;
                }
                if run > 0 {
                    out += &run.to_string();
                    run = 0;
                }
                out.push(c);
            }
            if run > 0 {
                out += &run.to_string();
            }
            out
        })
        .collect();
    let text = format!("{} {side} 0", orbits.join("/"));
    Void::from_position(&NoVariant, &text).unwrap_or_else(|e| panic!("{e}"))
}

fn moves(game: &Void) -> Vec<String> {
    let mut list = Vec::new();
    game.legal_moves(&mut list);
    list.into_iter().map(|m| game.format_move(m)).collect()
}

fn play(game: &Void, mv: &str) -> Void {
    let mut next = game.clone();
    next.play(game.parse_move(mv).unwrap_or_else(|e| panic!("{e}")));
    next
}

fn has(game: &Void, mv: &str) -> bool {
    moves(game).contains(&mv.to_string())
}

#[test]
fn flagship_rays_are_computed_on_the_board_not_on_markers() {
    // White flagship e3 moves to f3; black pieces on f5 and f1: both are targets (voidgame offers only f5).
    let game = setup(&[("e3", 'F'), ("f5", 'b'), ("f1", 'b'), ("a5", 'f')], 'w');
    assert!(has(&game, "e3-f3xf5"));
    assert!(has(&game, "e3-f3xf1"));
}

#[test]
fn flagship_attacks_back_through_its_vacated_cell_up_to_three_cells() {
    let near = setup(&[("e3", 'F'), ("d3", 'x'), ("a5", 'f')], 'w');
    assert!(
        has(&near, "e3-f3xd3"),
        "d3 is two cells from f3, through the vacated e3"
    );
    let three = setup(&[("e3", 'F'), ("c3", 'x'), ("a5", 'f')], 'w');
    assert!(has(&three, "e3-f3xc3"));
    let four = setup(&[("e3", 'F'), ("b3", 'x'), ("a5", 'f')], 'w');
    assert!(!moves(&four).iter().any(|m| m.starts_with("e3-f3x")));
}

#[test]
fn both_flagships_in_the_void_is_a_draw() {
    let game = setup(&[("d4", 'B'), ("e2", 'F'), ("e1", 'f')], 'w');
    let after = play(&game, "d4-e4xe2");
    assert_eq!(after.outcome(), Some(Outcome::Draw));
    assert!(moves(&after).is_empty());
}

#[test]
fn bombing_your_own_flagship_loses() {
    let game = setup(&[("d4", 'B'), ("e1", 'F'), ("a5", 'f')], 'w');
    let after = play(&game, "d4-e4xe1");
    assert_eq!(after.outcome(), Some(Outcome::Win(BLACK)));
}

#[test]
fn two_lone_flagships_draw() {
    let game = setup(&[("a5", 'F'), ("b2", 'f'), ("b1", 'X')], 'b');
    assert_eq!(game.outcome(), None);
    let after = play(&game, "b2-c2xb1");
    assert_eq!(after.outcome(), Some(Outcome::Draw));
    assert!(moves(&after).is_empty());
}

#[test]
fn a_side_without_a_flagship_has_lost() {
    assert_eq!(
        setup(&[("a5", 'F'), ("b2", 'x')], 'b').outcome(),
        Some(Outcome::Win(Player::Second))
    );
}

/// A full board: nothing can move.
fn full_board(side: char) -> Void {
    let mut pieces = Vec::new();
    let cells: Vec<String> = (1..=5)
        .flat_map(|o| (b'a'..=b'r').map(move |s| format!("{}{o}", s as char)))
        .collect();
    for cell in &cells {
        let letter = match cell.as_str() {
            "a1" => 'F',
            "j1" => 'f',
            c if c.as_bytes()[0] < b'j' => 'X',
            _ => 'x',
        };
        pieces.push((cell.as_str(), letter));
    }
    setup(&pieces, side)
}

#[test]
fn no_move_means_pass_and_two_passes_draw() {
    let game = full_board('b');
    assert_eq!(moves(&game), vec!["pass"]);
    let after = play(&game, "pass");
    assert!(after.position().ends_with(" w 1"), "{}", after.position());
    assert_eq!(after.outcome(), None);
    let ended = play(&after, "pass");
    assert!(ended.position().ends_with(" b 2"));
    assert_eq!(ended.outcome(), Some(Outcome::Draw));
    assert!(moves(&ended).is_empty());
    assert!(Void::new(&NoVariant)
        .parse_move("pass")
        .unwrap_err()
        .to_string()
        .contains("only legal when"));
}

#[test]
fn repetition_ignores_the_pass_count() {
    let passed = play(&full_board('b'), "pass");
    let same_board = full_board('w');
    assert_ne!(
        passed.hash(),
        same_board.hash(),
        "the pass count is part of the position"
    );
    assert_eq!(
        passed.repetition_key(),
        same_board.repetition_key(),
        "but not of repetition"
    );
}

#[test]
fn threefold_repetition_draws_unless_switched_off() {
    let start = setup(&[("a5", 'f'), ("j1", 'F'), ("d3", 'x'), ("m3", 'X')], 'b');
    let shuffle = ["a5-b5", "j1-k1", "b5-a5", "k1-j1", "a5-b5", "j1-k1", "b5-a5", "k1-j1"];
    let mut session = Session::from_game(start.clone(), HistoryRules::default());
    for (i, mv) in shuffle.iter().enumerate() {
        assert!(session.ending().is_none(), "ended early at ply {i}");
        session.play_text(mv).unwrap();
    }
    assert_eq!(session.ending().map(|e| e.outcome), Some(Outcome::Draw));
    let mut session = Session::from_game(
        start,
        HistoryRules {
            repetition: false,
            ply_limit: None,
        },
    );
    for mv in shuffle {
        session.play_text(mv).unwrap();
    }
    assert_eq!(session.ending(), None);
}

#[test]
fn lone_sweeper_sees_both_arcs() {
    let pieces = [("a2", 's'), ("c3", 'X'), ("p3", 'X'), ("a5", 'f'), ("j5", 'F')];
    let game = setup(&pieces, 'b');
    let list = moves(&game);
    let plain = list.iter().filter(|m| m.starts_with("a2-") && !m.contains('x')).count();
    assert_eq!(plain, 19, "17 orbital destinations once each, plus a3 and a1");
    assert!(has(&game, "a2-e2xc3"), "clockwise under c3");
    assert!(has(&game, "a2-e2xp3"), "counter-clockwise under p3");
    assert_eq!(list.iter().filter(|m| *m == "a2-c2xc3").count(), 1);
    let cw = play(&game, "a2-e2xc3");
    let expected = setup(&[("e2", 's'), ("c1", 'X'), ("p3", 'X'), ("a5", 'f'), ("j5", 'F')], 'w');
    assert_eq!(cw.position(), expected.position());
    let ccw = play(&game, "a2-e2xp3");
    let expected = setup(&[("e2", 's'), ("c3", 'X'), ("p1", 'X'), ("a5", 'f'), ("j5", 'F')], 'w');
    assert_eq!(ccw.position(), expected.position());
}

#[test]
fn sweeper_attacks_only_after_an_orbital_move() {
    let game = setup(&[("a2", 's'), ("b3", 'X'), ("r2", 'x'), ("a5", 'f'), ("j5", 'F')], 'b');
    assert!(has(&game, "a2-a3") && has(&game, "a2-a1"));
    assert!(!moves(&game)
        .iter()
        .any(|m| m.starts_with("a2-a3x") || m.starts_with("a2-a1x")));
    assert!(has(&game, "a2-b2xb3"));
}

#[test]
fn bomber_target_is_the_highest_piece_below_and_everything_below_falls() {
    let game = setup(&[("b4", 'B'), ("b2", 'x'), ("b1", 'x'), ("a5", 'f'), ("j5", 'F')], 'w');
    assert!(has(&game, "b4-c5"));
    assert!(has(&game, "b4-b3xb2"));
    let err = game.parse_move("b4-b3xb1").unwrap_err().to_string();
    assert!(err.contains("possible targets: b2"), "{err}");
    let after = play(&game, "b4-b3xb2");
    assert_eq!(
        after.position(),
        setup(&[("b3", 'B'), ("a5", 'f'), ("j5", 'F')], 'b').position()
    );
}

#[test]
fn chain_falls_push_occupants_down_one_and_are_reported() {
    let pieces = [("e4", 'x'), ("g3", 'X'), ("g2", 'X'), ("a5", 'f'), ("j5", 'F')];
    let game = setup(&pieces, 'b');
    let after = play(&game, "e4-f3xg3");
    let expected = setup(&[("f3", 'x'), ("g2", 'X'), ("g1", 'X'), ("a5", 'f'), ("j5", 'F')], 'w');
    assert_eq!(after.position(), expected.position());
    let info = game.move_info(game.parse_move("e4-f3xg3").unwrap());
    assert_eq!(info.from.as_deref(), Some("e4"));
    assert_eq!(info.to.as_deref(), Some("f3"));
    assert_eq!(info.path, vec!["f3"]);
    assert_eq!(info.targets, vec!["g3"]);
    assert_eq!(info.falls, vec!["g3", "g2"]);
}

#[test]
fn illegal_moves_explain_themselves() {
    let start = Void::new(&NoVariant);
    let cases = [
        ("a1-b2", "no piece on a1"),
        ("d3-e4", "not the mover's"),
        ("m5-m4", "bomber on m5 cannot move to m4"),
        ("m5-n4xn2", "cannot attack n2"),
        ("m5", "FROM-TO"),
        ("m5-z4", "'z' is not a sector"),
        ("m5-n9", "'9' is not an orbit"),
    ];
    for (text, expected) in cases {
        let err = start.parse_move(text).unwrap_err().to_string();
        assert!(err.contains(expected), "{text}: {err}");
    }
}
