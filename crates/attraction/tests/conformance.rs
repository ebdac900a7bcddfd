//! The core conformance suite on Attraction: random games, and a few finished positions.

use arbiter_attraction::Attraction;
use arbiter_core::conformance::{check_position, run};
use arbiter_core::{Game, NoVariant};

#[test]
fn conformance_on_random_games() {
    let checked = run::<Attraction>(&NoVariant, 2024, 60, 200);
    assert!(checked >= 10_000, "{checked} positions");
}

#[test]
fn conformance_on_special_positions() {
    for text in [
        // The worked example, a forced pass, two passes (draw), goals reached.
        "8/8/2v5/2r5/8/2r5/1r1vr3/8 r 0",
        "8/8/8/3v4/8/8/rr6/8 v 0",
        "8/8/8/3v4/8/8/r7/8 v 2",
        "vrrrrrrr/8/8/8/8/8/8/8 r 0",
        "vrrrrrrr/8/8/8/8/8/8/vvvvvvvr v 1",
        "rrrrr1rr/4v3/8/8/8/8/8/8 v 0",
        "8/8/8/8/8/8/8/8 v 0",
    ] {
        let g = Attraction::from_position(&NoVariant, text).unwrap();
        check_position(&g, &NoVariant);
    }
}
