//! Every worked example of the Void rules (`docs/rules/void.md`), and the pinned perft figures.

use arbiter_core::perft::perft;
use arbiter_core::{Game, NoVariant, Outcome, Player};
use arbiter_void::Void;

fn position(text: &str) -> Void {
    Void::from_position(&NoVariant, text).unwrap_or_else(|e| panic!("{e}"))
}

fn moves(game: &Void) -> Vec<String> {
    let mut list = Vec::new();
    game.legal_moves(&mut list);
    list.into_iter().map(|m| game.format_move(m)).collect()
}

fn play(game: &Void, mv: &str) -> Void {
    let mut next = game.clone();
    let parsed = game.parse_move(mv).unwrap_or_else(|e| panic!("{e}"));
    next.play(parsed);
    next
}

/// Example 1: the start position has 40 turns, perft 2 = 1564, and these turns among them.
#[test]
fn start_position_turns_and_perft() {
    let start = Void::new(&NoVariant);
    assert_eq!(start.position(), "3BFB6bfb3/3S1S6s1s3/3XXX6xxx3/18/18 b 0");
    assert_eq!(start.to_move(), Player::First, "Black moves first");
    let list = moves(&start);
    assert_eq!(list.len(), 40);
    for mv in ["m4-g4", "m4-n4", "m3-k1", "o5-p5", "m5-n4xn3"] {
        assert!(list.contains(&mv.to_string()), "{mv} missing from {list:?}");
    }
    // m4-g4 is as far counter-clockwise as the white sweeper on f4 allows.
    assert!(!list.contains(&"m4-f4".to_string()));
    assert_eq!(perft(&start, 1), 40);
    assert_eq!(perft(&start, 2), 1564);
}

/// Example 1, second half: voidgame's two extra depth-2 turns are fighter attacks past an own piece.
#[test]
fn no_fighter_attack_past_own_piece_after_sweeps() {
    let start = Void::new(&NoVariant);
    let after = play(&start, "m4-g4");
    let list = moves(&after);
    assert!(list.contains(&"d3-e4".to_string()));
    assert!(!list.contains(&"d3-e4xg4".to_string()));
    assert!(after.parse_move("d3-e4xg4").is_err());
    let after = play(&start, "o4-c4");
    assert!(moves(&after).contains(&"f3-e4".to_string()));
    assert!(!moves(&after).contains(&"f3-e4xc4".to_string()));
}

/// Deeper figures from our generator, pinned once the voidgame differential test agreed.
#[test]
fn perft_3_pinned() {
    assert_eq!(perft(&Void::new(&NoVariant), 3), 63_558);
}

/// Example 2: a chain fall sends the mover's own flagship into the void: White wins.
#[test]
fn chain_fall_loses_own_flagship() {
    // Black flagship e1, White piece (a fighter) on f4, White flagship far away on a5.
    let game = position("F17/5X12/18/18/4f13 b 0");
    let list = moves(&game);
    assert!(list.contains(&"e1-f1xf4".to_string()), "{list:?}");
    let after = play(&game, "e1-f1xf4");
    assert_eq!(after.outcome(), Some(Outcome::Win(Player::Second)), "White wins");
    assert_eq!(after.position(), "F17/18/18/18/5X12 w 0");
}

/// Example 3: a fighter's attack is blocked by its own piece at distance 1.
#[test]
fn fighter_blocked_by_own_piece() {
    // Black fighter a1, black piece on c2, white piece on d2; flagships far away.
    let game = position("F8f8/18/18/2xX14/x17 b 0");
    let list = moves(&game);
    assert!(list.contains(&"a1-b2".to_string()));
    assert!(!list.iter().any(|m| m.starts_with("a1-b2x")), "{list:?}");
    assert!(game.parse_move("a1-b2xd2").is_err());
}

/// Example 4: the sweeper's first-target choice decides what falls.
#[test]
fn sweeper_first_target() {
    // Black sweeper a2, black piece on j2 blocking; White c3, e3; black d3.
    let game = position("F8f8/18/2XxX13/s8x8/18 b 0");
    let list = moves(&game);
    for mv in ["a2-f2", "a2-f2xc3", "a2-f2xe3"] {
        assert!(list.contains(&mv.to_string()), "{mv} missing from {list:?}");
    }
    assert!(!list.contains(&"a2-f2xd3".to_string()), "own pieces are never targets");
    assert!(!list.iter().any(|m| m.starts_with("a2-j2")), "j2 is occupied");
    assert!(
        list.contains(&"a2-k2".to_string()),
        "counter-clockwise up to the blocker"
    );
    let both = play(&game, "a2-f2xc3");
    assert_eq!(both.position(), "F8f8/18/3x14/5s3x8/2X1X13 w 0");
    let one = play(&game, "a2-f2xe3");
    assert_eq!(one.position(), "F8f8/18/2Xx14/5s3x8/4X13 w 0");
}
