//! The core conformance suite, run for every registered game and variant.

use arbiter_core::{conformance, NoVariant};

#[test]
fn void_conforms() {
    let checked = conformance::run::<arbiter_void::Void>(&NoVariant, 1, 60, 300);
    assert!(checked > 5_000, "only {checked} positions checked");
}
