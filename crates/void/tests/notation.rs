//! Move notation (`docs/rules/void.md`, "A turn"): the written form of a turn — `FROM-TO`,
//! `FROM-TOxTARGET`, `pass` — a leading piece letter read and dropped, errors that say what is
//! wrong, and one notation key per legal move.

use arbiter_core::{Game, NoVariant, Presentation};
use arbiter_void::{Move, Square, Void};

fn position(text: &str) -> Void {
    Void::from_position(&NoVariant, text).unwrap_or_else(|e| panic!("{e}"))
}

fn sq(text: &str) -> Square {
    Square::parse(text).unwrap()
}

/// Nothing can move on a full board: the only turn is a pass.
const FULL: &str = "XXXXXXXXXxxxxxxxxx/XXXXXXXXXxxxxxxxxx/XXXXXXXXXxxxxxxxxx/XXXXXXXXXxxxxxxxxx/FXXXXXXXXfxxxxxxxx b 0";

/// A move with and without its attack are two turns, written apart; a pass is `pass`.
#[test]
fn a_turn_is_written_with_its_target_only_when_it_attacks() {
    let start = Void::new(&NoVariant);
    let quiet = start.parse_move("m5-n4").unwrap();
    let bomb = start.parse_move("m5-n4xn3").unwrap();
    assert_eq!(
        quiet,
        Move::Turn {
            from: sq("m5"),
            to: sq("n4"),
            target: None
        }
    );
    assert_eq!(
        bomb,
        Move::Turn {
            from: sq("m5"),
            to: sq("n4"),
            target: Some(sq("n3"))
        }
    );
    assert_eq!(start.format_move(quiet), "m5-n4");
    assert_eq!(start.format_move(bomb), "m5-n4xn3");
    assert_eq!(start.move_info(bomb).notation, "m5-n4xn3");
    assert_eq!(
        start.parse_move("  m5-n4xn3 "),
        start.parse_move("m5-n4xn3"),
        "spaces around are ignored"
    );

    let stuck = position(FULL);
    let pass = stuck.parse_move("pass").unwrap();
    assert_eq!(pass, Move::Pass);
    assert_eq!(stuck.format_move(pass), "pass");
    assert_eq!(stuck.move_info(pass).notation, "pass");
    assert_eq!(stuck.move_info(pass).from, None);
}

/// A leading piece letter (either case) is accepted and dropped from the written form, and the
/// sector letters `b` and `f`, which are also piece letters, still start a cell.
#[test]
fn a_leading_piece_letter_is_read_and_dropped() {
    let start = Void::new(&NoVariant);
    for (typed, written) in [
        ("Sm4-g4", "m4-g4"),
        ("sm4-g4", "m4-g4"),
        ("Bm5-n4xn3", "m5-n4xn3"),
        ("Xm3-k1", "m3-k1"),
        // Ignored means not checked either: a flagship's letter on a sweeper's move.
        ("Fm4-g4", "m4-g4"),
    ] {
        let mv = start.parse_move(typed).unwrap_or_else(|e| panic!("{typed}: {e}"));
        assert_eq!(start.format_move(mv), written, "{typed}");
        assert_eq!(start.parse_move(written).unwrap(), mv, "{typed}");
    }
    // White to move after m4-g4: its bomber stands on f5 and its sweeper on f4.
    let white = position("3BFB6bfb3/3S1Ss7s3/3XXX6xxx3/18/18 w 0");
    let bomber = white.parse_move("f5-g5").unwrap();
    assert_eq!(white.parse_move("Bf5-g5").unwrap(), bomber);
    assert_eq!(white.parse_move("bf5-g5").unwrap(), bomber);
    assert_eq!(white.format_move(bomber), "f5-g5");
    let sweeper = white.parse_move("f4-f3").unwrap_err().to_string();
    assert!(sweeper.contains("the sweeper on f4 cannot move to f3"), "{sweeper}");
}

/// Errors about the attack name the targets there are, and a finished game takes no turn.
#[test]
fn attack_and_game_over_errors_explain_themselves() {
    let start = Void::new(&NoVariant);
    let err = start.parse_move("m3-k1xj1").unwrap_err().to_string();
    assert!(
        err.contains("the fighter moving m3-k1 cannot attack j1 (possible targets: none)"),
        "{err}"
    );
    let sweep = position("F8f8/18/2XxX13/s8x8/18 b 0");
    let err = sweep.parse_move("a2-f2xd3").unwrap_err().to_string();
    assert!(err.contains("possible targets: c3, e3"), "{err}");
    let over = position("F17/18/18/18/5X12 w 0");
    let err = over.parse_move("a5-b5").unwrap_err().to_string();
    assert!(err.contains("the game is over"), "{err}");
    // Where the only turn is a pass, a move is refused by what stops the piece.
    let err = position(FULL).parse_move("j1-k1").unwrap_err().to_string();
    assert!(err.contains("the flagship on j1 cannot move to k1"), "{err}");
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

/// Every legal move has its own notation key (the fast Python path relies on it).
#[test]
fn notation_keys_are_distinct() {
    let game = Void::new(&NoVariant);
    let mut list = Vec::new();
    game.legal_moves(&mut list);
    let keys: std::collections::HashSet<usize> = list.iter().map(|&m| game.notation_key(m).expect("a key")).collect();
    assert_eq!(keys.len(), list.len());
}

/// How a person clicks a turn in (core's `move_clicks`, which Void keeps): the piece, where it
/// goes, and the target only when another turn has the same two cells.
#[test]
fn clicks_name_the_target_only_when_the_cells_are_shared() {
    let start = Void::new(&NoVariant);
    let labels = |mv: Move| -> Vec<String> { start.move_clicks(mv).into_iter().map(|c| c.label).collect() };
    let bomb = start.parse_move("m5-n4xn3").unwrap();
    assert_eq!(
        labels(bomb),
        ["Select the piece on m5", "Move it to n4", "Choose n3"],
        "m5-n4 shares the two cells"
    );
    assert_eq!(
        labels(start.parse_move("m5-n4").unwrap()),
        ["Select the piece on m5", "Move it to n4"]
    );
}
