//! Pinned perft figures of the fast generator (the reference generator checks depths 0-5 in
//! `reference.rs`).

use arbiter_attraction::Attraction;
use arbiter_core::perft::{divide, perft};
use arbiter_core::{Game, NoVariant};

#[test]
fn perft_from_the_start() {
    let start = Attraction::new(&NoVariant);
    let pinned = [1u64, 14, 196, 2_884, 42_436, 721_000, 12_250_096];
    for (depth, &expected) in pinned.iter().enumerate() {
        assert_eq!(perft(&start, depth), expected, "perft({depth})");
    }
}

#[test]
fn perft_of_the_worked_example() {
    let g = Attraction::from_position(&NoVariant, "8/8/2v5/2r5/8/2r5/1r1vr3/8 r 0").unwrap();
    let pinned = [1u64, 14, 122, 1_777, 15_986, 233_399];
    for (depth, &expected) in pinned.iter().enumerate() {
        assert_eq!(perft(&g, depth), expected, "perft({depth})");
    }
}

#[test]
fn divide_sums_to_perft() {
    let start = Attraction::new(&NoVariant);
    let split = divide(&start, 3, |_, _| {});
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
