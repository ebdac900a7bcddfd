//! The core conformance checks on hand-picked Krux positions (round-trips, notation, hashes,
//! duplicate-free move lists, random moves). The suite's seeded random games run for every game
//! in one place: `crates/games/tests/conformance.rs`.

use arbiter_core::{conformance, Game};
use arbiter_krux::{Krux, KruxVariant};

#[test]
fn conformance_on_sharp_positions() {
    // Positions next to the hole, where wins and illegal own falls abound.
    for text in [
        "1g....../......./...2b.../..3p*4g../...5b.../......./......6p 1",
        "1g....../......./...2b.../..3p*4g../...5b.../......./......6p 2",
        ".....46/...1b.../......./...*.../......./...2.../35..... 1",
        "....6.4/......./..2..../..1b*.../......./......./35..... 1",
    ] {
        let k = Krux::from_position(&KruxVariant::default(), text).unwrap();
        conformance::check_position(&k, &KruxVariant::default());
    }
}
