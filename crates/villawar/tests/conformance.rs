//! The core conformance suite on every board size.

use arbiter_core::conformance::run;
use arbiter_villawar::{Size, Villawar, VillawarVariant};

#[test]
fn conformance_on_every_size() {
    for (size, games) in [(Size::Six, 60), (Size::Eight, 40), (Size::Ten, 25)] {
        let checked = run::<Villawar>(&VillawarVariant::new(size), 2024 + size.n() as u64, games, 500);
        assert!(checked >= 1000, "{size}: only {checked} positions checked");
    }
}
