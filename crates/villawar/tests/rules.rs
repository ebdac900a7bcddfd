//! The worked examples of the Villawar rules (`docs/rules/villawar.md`), and the finer points of the jump rule.

use arbiter_core::{Game, Heuristics, Outcome, Presentation};
use arbiter_villawar::{Kind, Piece, Size, Square, Villawar, VillawarVariant, BLACK, WHITE};
use std::collections::BTreeSet;

fn pos(text: &str) -> Villawar {
    Villawar::from_position(&VillawarVariant::default(), text).unwrap_or_else(|e| panic!("'{text}': {e}"))
}

fn moves(game: &Villawar) -> BTreeSet<String> {
    let mut list = Vec::new();
    game.legal_moves(&mut list);
    list.iter().map(|&m| game.format_move(m)).collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn play(game: &mut Villawar, text: &str) {
    let mv = game
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} in '{game}': {e}"));
    game.play(mv);
}

fn at(game: &Villawar, square: &str) -> Option<Piece> {
    game.piece_at(Square::parse(square, game.size()).unwrap())
}

const WV: Piece = Piece::new(WHITE, Kind::Villager);
const WW: Piece = Piece::new(WHITE, Kind::Warrior);
const BV: Piece = Piece::new(BLACK, Kind::Villager);

#[test]
fn example_1_the_8x8_start_has_68_jumps() {
    let game = Villawar::new(&VillawarVariant::default());
    assert_eq!(game.position(), "vvvvvvvv/vvvvvvvv/8/8/8/8/VVVVVVVV/VVVVVVVV w 0");
    let all = moves(&game);
    assert_eq!(all.len(), 68);
    for listed in [
        "a1-a3", "a1-a4", "a1-a5", "a1-a6", "a1-c3", "a1-d4", "a1-e5", "a1-f6", "c1-a3",
    ] {
        assert!(all.contains(listed), "{listed} missing");
    }
    // a1-a7 would land on Black; a1-g7 too.
    assert!(!all.contains("a1-a7") && !all.contains("a1-g7"));
    for mv in &all {
        // only rank-1 villagers jump, and never along the rank
        let (from, to) = mv.split_once('-').expect("only villager jumps");
        assert!(from.ends_with('1'), "{mv}");
        assert!(!to.ends_with('1') && !to.ends_with('2'), "{mv}");
    }
    // a1-a3 converts a2; a1-c3 converts b2; c1-a3 converts b2.
    for (mv, converted) in [("a1-a3", "a2"), ("a1-c3", "b2"), ("c1-a3", "b2")] {
        let mut after = game;
        play(&mut after, mv);
        assert_eq!(at(&after, converted), Some(WW), "{mv}");
        let warriors = (1..=8).map(|row| after.count_on_row(WW, row)).sum::<u32>();
        assert_eq!(warriors, 1, "{mv} converts exactly one villager");
        assert_eq!(at(&after, &mv[..2]), None);
        assert_eq!(at(&after, &mv[3..]), Some(WV));
    }
}

#[test]
fn example_2_a_villager_removes_the_warrior_it_jumps() {
    let mut game = Villawar::new(&VillawarVariant::default());
    play(&mut game, "a1-a4");
    assert_eq!(at(&game, "a2"), Some(WW));
    assert_eq!(at(&game, "a1"), None);
    assert_eq!(at(&game, "a4"), Some(WV));
    play(&mut game, "h8-h5"); // a Black reply away from the a-file
    assert!(moves(&game).contains("a4-a1"));
    let info = game.move_info(game.parse_move("a4-a1").unwrap());
    assert_eq!(info.path, vec!["a3", "a2"]);
    assert_eq!(info.falls, vec!["a2"]);
    play(&mut game, "a4-a1");
    assert_eq!(at(&game, "a1"), Some(WV));
    assert_eq!(at(&game, "a2"), None);
    assert_eq!(at(&game, "a4"), None);
    assert_eq!(game.position(), "vvvvvvv1/vvvvvvvw/8/7v/8/8/1VVVVVVV/VVVVVVVV b 0");
}

#[test]
fn example_3_a_warrior_captures_on_the_first_occupied_square() {
    // White warriors c3 c4, Black villager c6, c5 empty.
    let game = pos("8/8/2v5/8/2W5/2W5/8/8 w 0");
    assert_eq!(moves(&game), set(&["c3xc6"]));
    let mut after = game;
    play(&mut after, "c3xc6");
    assert_eq!(after.position(), "8/8/2W5/8/2W5/8/8/8 b 0");
    let info = game.move_info(game.parse_move("c3xc6").unwrap());
    assert_eq!(
        (info.targets.clone(), info.falls.clone()),
        (vec!["c6".to_string()], vec!["c6".to_string()])
    );
    assert_eq!(info.path, vec!["c4", "c5"]);

    // With a Black piece on c5 instead, the capture is c3xc5.
    let game = pos("8/8/2v5/2v5/2W5/2W5/8/8 w 0");
    assert_eq!(moves(&game), set(&["c3xc5"]));
    let err = game.parse_move("c3xc6").unwrap_err().to_string();
    assert!(err.contains("black villager on c5"), "{err}");
    let mut after = game;
    play(&mut after, "c3xc5");
    assert_eq!(after.position(), "8/8/2v5/2W5/2W5/8/8/8 b 0");
}

#[test]
fn example_4_two_passes_end_the_game_and_the_rows_decide() {
    // White villagers on its rows 5 (a5) and 3 (h3); Black villagers on its rows 5 (d4) and 4 (g5).
    let mut game = pos("8/8/8/V5v1/3v4/7V/8/8 w 0");
    assert_eq!(game.count_on_row(WV, 5), 1);
    assert_eq!(game.count_on_row(WV, 3), 1);
    assert_eq!(game.count_on_row(BV, 5), 1);
    assert_eq!(game.count_on_row(BV, 4), 1);
    assert_eq!(moves(&game), set(&["pass"]));
    assert_eq!(game.outcome(), None);
    play(&mut game, "pass");
    assert_eq!(game.position(), "8/8/8/V5v1/3v4/7V/8/8 b 1");
    assert_eq!(moves(&game), set(&["pass"]));
    assert_eq!(game.outcome(), None);
    play(&mut game, "pass");
    assert_eq!(game.position(), "8/8/8/V5v1/3v4/7V/8/8 w 2");
    assert_eq!(game.outcome(), Some(Outcome::Win(BLACK)));
    assert!(moves(&game).is_empty());
    // The same position read with its pass count 2 is finished too.
    let finished = pos("8/8/8/V5v1/3v4/7V/8/8 w 2");
    assert_eq!(finished.outcome(), Some(Outcome::Win(BLACK)));
    assert!(moves(&finished).is_empty());
    assert_eq!(finished.to_move(), WHITE);
    assert_eq!(finished.evaluate(), -1000);
}

/// The story of an ending names the deciding row; a game still going has none.
#[test]
fn endings_are_told_only_at_the_end() {
    let going = pos("8/8/8/V5v1/3v4/7V/8/8 w 1");
    assert!(going.ending_story(None).is_none());
    let story = pos("8/8/8/V5v1/3v4/7V/8/8 w 2").ending_story(None).expect("over");
    assert!(
        story.text.contains("Black has 1 villager on its row 4 to White's 0"),
        "{}",
        story.text
    );
    assert!(!story.cells.is_empty());
}

#[test]
fn scoring_compares_villagers_from_the_far_row_then_warriors() {
    // The farthest villager wins even against more villagers nearer home.
    assert_eq!(pos("V7/8/8/8/8/vvvvvvvv/8/8 w 2").outcome(), Some(Outcome::Win(WHITE)));
    // Same rows: more villagers in the farthest row wins.
    assert_eq!(pos("8/8/8/VV6/8/vvv5/8/8 w 2").outcome(), Some(Outcome::Win(BLACK)));
    // Villagers equal: warriors decide, far row first.
    assert_eq!(
        pos("W7/8/8/V7/7v/8/wwwwwww1/8 b 2").outcome(),
        Some(Outcome::Win(WHITE))
    );
    // Everything equal (mirror image): a draw.
    assert_eq!(pos("8/1w6/8/3v4/3V4/8/1W6/8 w 2").outcome(), Some(Outcome::Draw));
    // No pieces at all: a draw.
    assert_eq!(pos("6/6/6/6/6/6 b 2").outcome(), Some(Outcome::Draw));
}

#[test]
fn the_jumper_is_not_part_of_the_phalanx_it_crosses() {
    // a1 a2 a3 White villagers, a4..a8 empty: a1 crosses a2-a3, a2 crosses a3.
    let game = pos("8/8/8/8/8/V7/V7/V7 w 0");
    let all = moves(&game);
    for mv in ["a1-a4", "a1-a8", "a2-a4", "a2-a8"] {
        assert!(all.contains(mv), "{mv}");
    }
    let mut after = game;
    play(&mut after, "a1-a5");
    assert_eq!(after.position(), "8/8/8/V7/8/W7/W7/8 b 0");
    let mut after = game;
    play(&mut after, "a2-a5");
    assert_eq!(after.position(), "8/8/8/V7/8/W7/8/V7 b 0");
    // a3 jumps south over a2-a1? No: the phalanx reaches the edge.
    assert!(!all.iter().any(|m| m.starts_with("a3-a")));
    // Along the diagonals and ranks nothing is in line.
    assert_eq!(all.len(), 10);
}

#[test]
fn nothing_else_may_be_crossed() {
    // a1 V, a2 W, a3 V, a4 empty: the warrior phalanx a2 must be followed by empty squares.
    let game = pos("8/8/8/8/8/V7/W7/V7 w 0");
    assert!(!moves(&game).iter().any(|m| m.starts_with("a1")));
    let err = game.parse_move("a1-a4").unwrap_err().to_string();
    assert!(err.contains("2 phalanxes"), "{err}");
    // a1 V, a3 V, a5 V: a1 crosses a3 and lands on a4 only; a3 crosses a5 and lands on a6..a8.
    let game = pos("8/8/8/V7/8/V7/8/V7 w 0");
    assert_eq!(moves(&game), set(&["a1-a4", "a3-a6", "a3-a7", "a3-a8", "a5-a2"]));
    let err = game.parse_move("a1-a6").unwrap_err().to_string();
    assert!(err.contains("2 phalanxes"), "{err}");
    // An enemy piece in the way.
    let game = pos("8/8/8/8/V7/v7/V7/V7 w 0");
    let err = game.parse_move("a1-a5").unwrap_err().to_string();
    assert!(err.contains("black villager on a3"), "{err}");
}

#[test]
fn a_villager_crossing_warriors_removes_the_whole_run() {
    let game = pos("8/8/8/8/8/W7/W7/V7 w 0");
    let mut after = game;
    play(&mut after, "a1-a6");
    assert_eq!(after.position(), "8/8/V7/8/8/8/8/8 b 0");
    let info = game.move_info(game.parse_move("a1-a6").unwrap());
    assert_eq!(info.falls, vec!["a2", "a3"]);
    assert!(info.targets.is_empty());
}

#[test]
fn a_villager_crossing_villagers_converts_the_whole_run() {
    let game = pos("8/8/8/8/VVVV4/8/8/8 w 0");
    let mut after = game;
    play(&mut after, "a4-h4");
    assert_eq!(after.position(), "8/8/8/8/1WWW3V/8/8/8 b 0");
    let info = game.move_info(game.parse_move("a4-h4").unwrap());
    assert_eq!(info.targets, vec!["b4", "c4", "d4"]);
    assert!(info.falls.is_empty());
}

#[test]
fn warriors_need_an_enemy_on_the_first_occupied_square() {
    // W a1, W a2, W a4, v a5: the first piece past the phalanx a2 is the own warrior a4.
    let game = pos("8/8/8/v7/W7/8/W7/W7 w 0");
    assert!(!moves(&game).contains("a1xa5"));
    // a2 jumps a4? a2's first piece north is a4 (warrior), then a5 black: capture.
    assert!(moves(&game).contains("a2xa5"));
    // A warrior never lands on an empty square, and never jumps villagers.
    let game = pos("8/8/8/8/8/8/W7/W7 w 0");
    assert_eq!(moves(&game), set(&["pass"]));
    let err = game.parse_move("a1xa3").unwrap_err().to_string();
    assert!(err.contains("must land on an enemy piece"), "{err}");
    let game = pos("8/8/8/8/v7/8/V7/W7 w 0");
    assert_eq!(moves(&game), set(&["pass"]));
    let err = game.parse_move("a1xa4").unwrap_err().to_string();
    assert!(err.contains("only over its own warriors"), "{err}");
    // A villager never lands on an enemy piece.
    let game = pos("8/8/8/8/v7/8/V7/V7 w 0");
    assert_eq!(moves(&game), set(&["a1-a3"]));
}

/// Perft's last ply counts the moves without listing them (bulk counting): a forced pass is one
/// move there too, on every board size, and a finished game has none.
#[test]
fn the_move_count_has_the_forced_pass_and_nothing_once_the_game_is_over() {
    for text in [
        "8/8/8/V5v1/3v4/7V/8/8 w 0",
        "8/8/8/8/v7/8/V7/W7 w 0",
        "6/6/6/6/W5/W5 w 0",
        "10/10/10/10/10/10/10/10/W9/W9 w 0",
    ] {
        let game = pos(text); // the string decides the board's size
        assert_eq!(moves(&game), set(&["pass"]), "{text}");
        assert_eq!(game.count_moves(&mut Vec::new()), 1, "{text}");
    }
    assert_eq!(pos("8/8/8/V5v1/3v4/7V/8/8 w 2").count_moves(&mut Vec::new()), 0);
    // With a jump there is no pass: a1-a3 alone.
    assert_eq!(pos("8/8/8/8/v7/8/V7/V7 w 0").count_moves(&mut Vec::new()), 1);
    assert_eq!(pos("6/6/6/6/W5/W5 w 0").size(), Size::Six);
    assert_eq!(pos("10/10/10/10/10/10/10/10/W9/W9 w 0").size(), Size::Ten);
}

/// The search's null move hands the turn over and keeps the pieces, the pass count reset, as a
/// jump that changed nothing would: the position and its hash are those of that board.
#[test]
fn a_null_move_hands_the_turn_over_and_keeps_the_pieces() {
    for (before, after) in [
        ("8/8/8/V5v1/3v4/7V/8/8 w 1", "8/8/8/V5v1/3v4/7V/8/8 b 0"),
        ("8/8/8/V5v1/3v4/7V/8/8 b 0", "8/8/8/V5v1/3v4/7V/8/8 w 0"),
        ("6/6/6/6/W5/W5 b 1", "6/6/6/6/W5/W5 w 0"),
        ("10/10/10/10/10/10/10/10/W9/W9 w 0", "10/10/10/10/10/10/10/10/W9/W9 b 0"),
    ] {
        let game = pos(before);
        let mut null = game;
        assert!(null.null_move(), "{before}");
        let expected = pos(after);
        assert_eq!(null.position(), expected.position());
        assert_eq!(null.hash(), expected.hash(), "{before}");
        assert_eq!(null.hash(), null.hash_from_scratch(), "{before}");
        assert_ne!(null.hash(), game.hash(), "{before}");
    }
}

#[test]
fn pass_is_only_allowed_without_a_jump_and_resets_after_a_jump() {
    let game = Villawar::new(&VillawarVariant::default());
    let err = game.parse_move("pass").unwrap_err().to_string();
    assert!(err.contains("may not pass"), "{err}");
    // Pass count 1 is taken as given; a jump sets it back to 0.
    let mut game = pos("vvvvvvvv/vvvvvvvv/8/8/8/8/VVVVVVVV/VVVVVVVV w 1");
    play(&mut game, "a1-a3");
    assert_eq!(game.passes(), 0);
}

#[test]
fn repetition_key_ignores_the_pass_count() {
    let board = "8/8/8/V5v1/3v4/7V/8/8 w";
    let zero = pos(&format!("{board} 0"));
    let one = pos(&format!("{board} 1"));
    let two = pos(&format!("{board} 2"));
    assert_ne!(zero.hash(), one.hash());
    assert_ne!(one.hash(), two.hash());
    assert_eq!(zero.repetition_key(), one.repetition_key());
    assert_eq!(zero.repetition_key(), two.repetition_key());
    // The side to move still counts.
    assert_ne!(zero.repetition_key(), pos("8/8/8/V5v1/3v4/7V/8/8 b 0").repetition_key());
}

#[test]
fn all_sizes_start_with_two_full_rows_each() {
    for (size, start, count) in [
        (Size::Six, "vvvvvv/vvvvvv/6/6/VVVVVV/VVVVVV w 0", 26),
        (
            Size::Ten,
            "vvvvvvvvvv/vvvvvvvvvv/10/10/10/10/10/10/VVVVVVVVVV/VVVVVVVVVV w 0",
            126,
        ),
    ] {
        let game = Villawar::new(&VillawarVariant::new(size));
        assert_eq!(game.position(), start);
        assert_eq!(game.size(), size);
        assert_eq!(moves(&game).len(), count);
        assert_eq!(game.evaluate(), 0);
    }
}

#[test]
fn evaluation_favours_the_side_with_farther_villagers() {
    // White has a villager on its row 7, Black its villagers at home.
    let game = pos("vv6/V7/8/8/8/8/8/8 w 0");
    assert!(game.evaluate() > 100, "{}", game.evaluate());
    let black_view = pos("vv6/V7/8/8/8/8/8/8 b 0");
    assert_eq!(black_view.evaluate(), -game.evaluate());
    assert!(game.evaluate().abs() < 1000);
}

#[test]
fn the_diagram_labels_files_and_ranks() {
    let game = Villawar::new(&VillawarVariant::new(Size::Ten));
    let d = game.diagram();
    assert!(d.contains("a b c d e f g h i j"), "{d}");
    assert!(d.contains("10  v v v v v v v v v v  10"), "{d}");
    assert!(d.contains(" 1  V V V V V V V V V V  1"), "{d}");
    assert!(d.contains("white to move"), "{d}");
}

#[test]
fn move_order_hints_put_captures_first_then_advances() {
    let game = pos("8/8/2v5/8/2W5/2W5/V7/V7 w 0");
    let hint = |m: &str| game.move_order_hint(game.parse_move(m).unwrap());
    assert_eq!(hint("c3xc6"), 1100);
    assert!(hint("a1-a5") > hint("a1-a3"));
    assert_eq!(hint("a1-a3"), 20);
    let black = pos("v7/v7/8/8/8/8/8/8 b 0");
    let hint = |m: &str| black.move_order_hint(black.parse_move(m).unwrap());
    assert_eq!(hint("a8-a4"), 40);
    assert_eq!(black.move_order_hint(arbiter_villawar::Move::PASS), 0);
}

#[test]
fn the_pass_count_may_be_left_out_and_the_size_comes_from_the_string() {
    let game = Villawar::from_position(&VillawarVariant::default(), "vvvvvv/vvvvvv/6/6/VVVVVV/VVVVVV w").unwrap();
    assert_eq!(game.position(), "vvvvvv/vvvvvv/6/6/VVVVVV/VVVVVV w 0");
    assert_eq!(game.size(), Size::Six);
    assert_eq!(game.variant(), VillawarVariant::new(Size::Six));
    // The variant passed in is only a default: the string decides.
    let ten = Villawar::from_position(&VillawarVariant::new(Size::Six), "10/10/10/10/10/10/10/10/10/10 b").unwrap();
    assert_eq!(ten.size(), Size::Ten);
    assert_eq!(ten.position(), "10/10/10/10/10/10/10/10/10/10 b 0");
    // Fields are separated by single spaces with nothing around them (rules/README.md).
    assert!(Villawar::from_position(&VillawarVariant::default(), "8/8/8/8/8/8/8/8 w 0\n").is_err());
}

/// Every move and pass keeps the hash the position gives from scratch (pieces, side to move, the
/// passes counted), on every board size, along games whose moves are picked by a fixed rule.
#[test]
fn the_hash_is_kept_move_by_move() {
    for size in Size::ALL {
        let variant = VillawarVariant { size };
        for seed in 0..4usize {
            let mut game = Villawar::new(&variant);
            for ply in 0..80 {
                assert_eq!(
                    game.hash(),
                    game.hash_from_scratch(),
                    "{size:?} seed {seed} ply {ply}: {game}"
                );
                let again = Villawar::from_position(&variant, &game.position()).unwrap();
                assert_eq!(game.hash(), again.hash(), "{size:?} seed {seed} ply {ply}");
                let mut list = Vec::new();
                game.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                game.play(list[(seed * 7919 + ply * 104_729) % list.len()]);
            }
        }
    }
}

/// A phalanx of several pieces is one phalanx: a jump over it is refused for where it lands.
#[test]
fn a_long_phalanx_is_one_phalanx() {
    let game = pos("8/8/8/8/v7/V7/V7/V7 w 0");
    let err = game.parse_move("a1-a4").unwrap_err().to_string();
    assert!(
        err.contains("a villager lands only on an empty square, and a4 holds a black villager"),
        "{err}"
    );
}
