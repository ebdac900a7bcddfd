//! Every worked example of `rules/attraction.md` (the source's two diagrams), with the rulings
//! on the end of the game.

use arbiter_attraction::{Attraction, Move, Square};
use arbiter_core::perft::{divide, perft};
use arbiter_core::{Game, Heuristics, NoVariant, Outcome, Player, Presentation};

/// The position of the source's diagrams: red to move; violet c6, d2; red c5, c3, b2, e2.
const EXAMPLE: &str = "8/8/2v5/2r5/8/2r5/1r1vr3/8 r 0";

fn game(position: &str) -> Attraction {
    Attraction::from_position(&NoVariant, position).expect("a valid position")
}

fn sq(text: &str) -> Square {
    Square::parse(text).expect("a point")
}

/// The moves of the stone on `from`, in notation, sorted.
fn moves_of(g: &Attraction, from: &str) -> Vec<String> {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut out: Vec<String> = moves
        .into_iter()
        .filter(|m| matches!(m, Move::Orbit { from: f, .. } if *f == sq(from)))
        .map(|m| g.format_move(m))
        .collect();
    out.sort();
    out
}

/// The route of a move as notation points.
fn route(g: &Attraction, text: &str) -> Vec<String> {
    let mv = g.parse_move(text).expect("legal");
    g.route(mv)
        .expect("a chain exists")
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// Endings are told: who filled whose start row (and its rank), or the draw by two passes;
/// nothing before the end.
#[test]
fn endings_are_told() {
    let story = |text: &str| game(text).ending_story(None).map(|s| (s.text, s.cells.len()));
    assert_eq!(story("8/8/8/3r4/8/2v5/8/8 v 0"), None, "not over");
    assert_eq!(
        story("vvvvvvvv/8/8/3r4/8/8/8/8 r 0"),
        Some(("Violet filled Red's start row (rank 8).".to_string(), 8))
    );
    assert_eq!(
        story("8/8/8/3v4/8/8/8/rrrrrrrr v 0"),
        Some(("Red filled Violet's start row (rank 1).".to_string(), 8))
    );
    assert_eq!(
        story("8/8/8/3v4/8/2r5/8/8 v 2"),
        Some(("Both sides passed in a row: a draw.".to_string(), 0))
    );
}

/// The pass keeps the hash what the position gives from scratch; every legal move has its own
/// notation key; a move's info carries its notation.
#[test]
fn passes_keys_and_move_info() {
    let g = game("8/8/8/3v4/8/2r5/8/8 v 1");
    let mut passed = g;
    passed.play(Move::Pass);
    assert_eq!(passed.hash(), game(&passed.position()).hash());
    let start = Attraction::new(&NoVariant);
    let mut list = Vec::new();
    start.legal_moves(&mut list);
    let mut keys: Vec<usize> = list.iter().map(|&m| start.notation_key(m).expect("a key")).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), list.len());
    assert_eq!(start.move_info(list[0]).notation, start.format_move(list[0]));
    assert_eq!(g.move_info(Move::Pass).notation, "pass");
}

/// The search's null move hands the turn over and keeps the stones, the pass count reset, as a
/// move that changes nothing would: the position and its hash are those of that board.
#[test]
fn a_null_move_hands_the_turn_over_and_keeps_the_stones() {
    let g = game("8/8/8/3v4/8/2r5/8/8 v 1");
    let mut null = g;
    assert!(null.null_move());
    let expected = game("8/8/8/3v4/8/2r5/8/8 r 0");
    assert_eq!(null.position(), expected.position());
    assert_eq!(null.hash(), expected.hash());
    assert_ne!(null.hash(), g.hash());
}

/// A side's mobility (the evaluation's term) is the number of its orbit moves.
#[test]
fn mobility_counts_the_moves() {
    let mut g = Attraction::new(&NoVariant);
    for ply in 0..40 {
        let mut list = Vec::new();
        g.legal_moves(&mut list);
        if g.outcome().is_some() || list == [Move::Pass] {
            break;
        }
        assert_eq!(g.mobility(g.to_move()) as usize, list.len(), "ply {ply}");
        g.play(list[(ply * 7) % list.len()]);
    }
}

#[test]
fn example_position_reads_as_described() {
    let g = game(EXAMPLE);
    assert_eq!(g.to_move(), Player::Second);
    let b = g.board();
    for v in ["c6", "d2"] {
        assert_eq!(b.owner(sq(v)), Some(Player::First), "{v}");
    }
    for r in ["c5", "c3", "b2", "e2"] {
        assert_eq!(b.owner(sq(r)), Some(Player::Second), "{r}");
    }
    assert_eq!(b.occupied().count_ones(), 6);
}

#[test]
fn all_moves_of_the_marked_stone() {
    let g = game(EXAMPLE);
    assert_eq!(
        moves_of(&g, "e2"),
        ["e2-a2", "e2-b1", "e2-b3", "e2-b5", "e2-c2", "e2-c4", "e2-c6+b6", "e2-c6+d6", "e2-d1", "e2-d3", "e2-d5"]
    );
}

#[test]
fn e2_c2_is_half_a_turn_round_d2() {
    let g = game(EXAMPLE);
    assert_eq!(route(&g, "e2-c2"), ["e2", "d1", "c2"]);
}

#[test]
fn e2_a2_goes_on_round_b2() {
    let g = game(EXAMPLE);
    // e2→c2 clockwise round d2, then 180° counter-clockwise round b2, passing b3.
    assert_eq!(route(&g, "e2-a2"), ["e2", "d1", "c2", "b3", "a2"]);
}

#[test]
fn e2_c4_goes_on_round_c3() {
    let g = game(EXAMPLE);
    // e2→c2 as above, then counter-clockwise round c3, passing d3.
    assert_eq!(route(&g, "e2-c4"), ["e2", "d1", "c2", "d3", "c4"]);
}

#[test]
fn stated_moves_parse_and_e2_b5_goes_on_round_c5() {
    let g = game(EXAMPLE);
    for m in ["e2-c2", "e2-a2", "e2-c4", "e2-b5"] {
        let mv = g.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        assert_eq!(g.format_move(mv), m);
    }
    // e2→c2→c4 as above, then 90° clockwise round c5 (the route is a shortest chain).
    assert_eq!(route(&g, "e2-b5"), ["e2", "d1", "c2", "d3", "c4", "b5"]);
}

#[test]
fn gravity_push_to_d6() {
    let g = game(EXAMPLE);
    let mv = g.parse_move("e2-c6+d6").expect("legal");
    assert_eq!(mv, Move::push(sq("e2"), sq("c6"), sq("d6")));
    let mut after = g;
    after.play(mv);
    assert_eq!(after.board().owner(sq("c6")), Some(Player::Second));
    assert_eq!(after.board().owner(sq("d6")), Some(Player::First));
    assert_eq!(after.board().owner(sq("e2")), None);
    assert_eq!(after.position(), "8/8/2rv4/2r5/8/2r5/1r1v4/8 v 0");
    let info = g.move_info(mv);
    assert_eq!(info.from.as_deref(), Some("e2"));
    assert_eq!(info.to.as_deref(), Some("c6"));
    assert_eq!(info.targets, ["c6"]);
    assert_eq!(info.path.last().map(String::as_str), Some("c6"));
    assert_eq!(info.path[info.path.len() - 2], "b5");
}

#[test]
fn push_blocked_when_d6_is_occupied() {
    // The same position with a red stone added on d6.
    let g = game("8/8/2vr4/2r5/8/2r5/1r1vr3/8 r 0");
    let err = g.parse_move("e2-c6+d6").unwrap_err().to_string();
    assert!(err.contains("push blocked: d6 is occupied"), "{err}");
    let moves = moves_of(&g, "e2");
    assert!(!moves.contains(&"e2-c6+d6".to_string()), "{moves:?}");
    // The other push, counter-clockwise to b6, is untouched.
    assert!(moves.contains(&"e2-c6+b6".to_string()), "{moves:?}");
}

#[test]
fn e2_d5_is_legal_through_another_chain() {
    let g = game(EXAMPLE);
    assert!(g.parse_move("e2-d5").is_ok());
    // e2→d3 counter-clockwise round d2, →c4 clockwise round c3, →d5 counter-clockwise round c5.
    assert_eq!(route(&g, "e2-d5"), ["e2", "d3", "c2", "b3", "c4", "d5"]);
}

#[test]
fn the_chain_through_c2_cannot_turn_to_d5() {
    // Close the other routes: a red stone on b3 blocks the clockwise orbit d3→c2→b3→c4, and one on
    // b5 blocks the clockwise orbit c4→b5. Then c4 is reached only by e2→c2→c4, whose last orbit is
    // counter-clockwise; going on counter-clockwise round c5 to d5 would repeat the sense, so d5
    // is out of reach. Clockwise round c5 meets b5 first and may push it north, to b6.
    let g = game("8/8/2v5/1rr5/8/1rr5/1r1vr3/8 r 0");
    assert_eq!(route(&g, "e2-c4"), ["e2", "d1", "c2", "d3", "c4"]);
    let err = g.parse_move("e2-d5").unwrap_err().to_string();
    assert!(err.contains("cannot reach d5"), "{err}");
    assert!(g.parse_move("e2-b5+b6").is_ok());
    let err = g.parse_move("e2-c6+d6").unwrap_err().to_string();
    assert!(err.contains("meets the stone on c6 travelling towards d6"), "{err}");
}

#[test]
fn the_start_has_14_moves() {
    let g = Attraction::new(&NoVariant);
    assert_eq!(g.position(), "rrrrrrrr/8/8/8/8/8/8/vvvvvvvv v 0");
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut text: Vec<String> = moves.iter().map(|&m| g.format_move(m)).collect();
    text.sort();
    assert_eq!(
        text,
        [
            "a1-b2", "b1-a2", "b1-c2", "c1-b2", "c1-d2", "d1-c2", "d1-e2", "e1-d2", "e1-f2", "f1-e2", "f1-g2", "g1-f2",
            "g1-h2", "h1-g2"
        ]
    );
}

#[test]
fn the_mover_reaching_its_goal_wins() {
    // Rank 8 is full but for f8. Violet e7 is south of e8; counter-clockwise from the south point
    // the next point is the east one, f8: violet fills rank 8 and wins.
    let g = game("rrrrr1rr/4v3/8/8/8/8/8/8 v 0");
    let mv = g.parse_move("e7-f8").expect("legal");
    let mut after = g;
    after.play(mv);
    assert_eq!(after.outcome(), Some(Outcome::Win(Player::First)));
    let mut moves = Vec::new();
    after.legal_moves(&mut moves);
    assert!(moves.is_empty());
    assert!(after.parse_move("pass").is_err());
}

#[test]
fn filling_the_row_with_only_opponent_stones_is_no_goal() {
    // Red fills the last hole of rank 8 (its own start row): violet owns no stone there.
    let g = game("rrrrr1rr/4r3/8/8/8/8/8/v7 r 0");
    let mut after = g;
    after.play(g.parse_move("e7-f8").expect("legal"));
    assert_eq!(after.outcome(), None);
}

#[test]
fn a_push_can_make_the_opponent_win() {
    // Rank 8 is full but for f8; violet f7, red g7 and g6. Red g6 is south of g7: clockwise from
    // the south point the next is the west one, f7, where it meets the violet stone and pushes it
    // along the clockwise tangent at the west point, north: f7 → f8. Rank 8 is now full with a
    // violet stone on it, so violet wins although red moved.
    let g = game("rrrrr1rr/5vr1/6r1/8/8/8/8/8 r 0");
    let mv = g.parse_move("g6-f7+f8").expect("legal");
    let mut after = g;
    after.play(mv);
    assert!(!after.board().goal_reached(Player::Second));
    assert_eq!(after.outcome(), Some(Outcome::Win(Player::First)));
}

#[test]
fn the_movers_goal_is_checked_first() {
    // One move cannot complete both rows (they are seven ranks apart), but a position string can
    // show both goals reached; the side that just moved (not the side to move) is the winner.
    let both = "vrrrrrrr/8/8/8/8/8/8/vvvvvvvr";
    let red_to_move = game(&format!("{both} r 0"));
    assert!(red_to_move.board().goal_reached(Player::First));
    assert!(red_to_move.board().goal_reached(Player::Second));
    assert_eq!(red_to_move.outcome(), Some(Outcome::Win(Player::First)));
    let violet_to_move = game(&format!("{both} v 0"));
    assert_eq!(violet_to_move.outcome(), Some(Outcome::Win(Player::Second)));
}

#[test]
fn forced_pass_and_two_passes_draw() {
    // Violet's only stone is isolated: its only move is pass. Red has moves.
    let g = game("8/8/8/3v4/8/8/rr6/8 v 0");
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    assert_eq!(moves, [Move::Pass]);
    assert_eq!(g.format_move(Move::Pass), "pass");
    assert_eq!(g.parse_move("pass"), Ok(Move::Pass));
    let mut after = g;
    after.play(Move::Pass);
    assert_eq!(after.passes(), 1);
    assert_eq!(after.position(), "8/8/8/3v4/8/8/rr6/8 r 1");
    assert!(after.parse_move("pass").is_err(), "red has moves");
    // Both sides isolated: pass, pass, draw.
    let mut g = game("8/8/8/3v4/8/8/r7/8 v 0");
    g.play(g.parse_move("pass").unwrap());
    assert_eq!(g.outcome(), None);
    g.play(g.parse_move("pass").unwrap());
    assert_eq!(g.passes(), 2);
    assert_eq!(g.outcome(), Some(Outcome::Draw));
    g.legal_moves(&mut moves);
    assert!(moves.is_empty());
    // A move resets the count.
    let mut g = game("8/8/8/8/8/8/rr6/3v4 r 1");
    g.play(g.parse_move("a2-b3").unwrap());
    assert_eq!(g.passes(), 0);
}

#[test]
fn a_board_result_beats_two_passes() {
    let g = game("vrrrrrrr/8/8/8/8/8/8/8 v 2");
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
}

#[test]
fn repetition_key_ignores_passes() {
    let a = game("8/8/8/3v4/8/8/r7/8 v 0");
    let b = game("8/8/8/3v4/8/8/r7/8 v 1");
    assert_eq!(a.repetition_key(), b.repetition_key());
    assert_ne!(a.hash(), b.hash());
    let c = game("8/8/8/3v4/8/8/r7/8 r 0");
    assert_ne!(a.repetition_key(), c.repetition_key());
}

#[test]
fn divide_sums_to_perft() {
    let start = Attraction::new(&NoVariant);
    let split = divide(&start, 3, 2, |_, _| {});
    assert_eq!(split.len(), 14);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 2_884);
}

#[test]
fn passes_count_in_perft() {
    // Violet is stuck and must pass; red has moves; after red's move violet may still be stuck.
    let g = Attraction::from_position(&NoVariant, "8/8/8/3v4/8/8/rr6/8 v 0").unwrap();
    assert_eq!(perft(&g, 1), 1);
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut after = g;
    after.play(moves[0]);
    assert_eq!(perft(&g, 2), perft(&after, 1));
    // Two isolated stones: pass, pass, and the game is over.
    let g = Attraction::from_position(&NoVariant, "8/8/8/3v4/8/8/r7/8 v 0").unwrap();
    assert_eq!(perft(&g, 1), 1);
    assert_eq!(perft(&g, 2), 1);
    assert_eq!(perft(&g, 3), 0);
}
