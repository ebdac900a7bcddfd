//! The core conformance checks on a few hand-picked Attraction positions. The suite's seeded
//! random games run for every game in one place: `crates/games/tests/conformance.rs`.

use arbiter_attraction::Attraction;
use arbiter_core::conformance::check_position;
use arbiter_core::{Game, NoVariant};

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
