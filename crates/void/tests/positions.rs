//! Position strings: every valid line round-trips, every invalid line is rejected with a reason.

use arbiter_core::{Game, NoVariant};
use arbiter_void::Void;

#[test]
fn valid_positions_round_trip() {
    for line in include_str!("../test_data/valid.txt").lines() {
        let game = Void::from_position(&NoVariant, line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(game.position(), line);
    }
}

#[test]
fn invalid_positions_are_rejected() {
    for line in include_str!("../test_data/invalid.txt").lines() {
        let err = Void::from_position(&NoVariant, line).expect_err(line);
        assert!(err.to_string().starts_with("bad position: "), "{line}: {err}");
    }
}

#[test]
fn two_field_form_means_no_passes() {
    let game = Void::from_position(&NoVariant, "3BFB6bfb3/3S1S6s1s3/3XXX6xxx3/18/18 w").unwrap();
    assert_eq!(game.position(), "3BFB6bfb3/3S1S6s1s3/3XXX6xxx3/18/18 w 0");
}

#[test]
fn errors_say_what_is_wrong() {
    let cases = [
        ("FF16/18/18/18/18 b 0", "more than one flagship"),
        ("18/18/18/18/17 b 0", "orbit 1 has 17 sectors"),
        ("18/18/18/18/9a8 b 0", "'a' is not a piece"),
        ("18/18/18/18 b 0", "expected 5 orbits"),
        ("18/18/18/18/18 q 0", "side to move must be b or w"),
        ("18/18/18/18/18 b 7", "pass count must be 0, 1 or 2"),
    ];
    for (text, expected) in cases {
        let err = Void::from_position(&NoVariant, text).unwrap_err().to_string();
        assert!(err.contains(expected), "{text}: {err}");
    }
}
