//! Position strings: data-driven valid and invalid lists, the two-field form, and error messages.

use arbiter_attraction::Attraction;
use arbiter_core::{Error, Game, NoVariant};

fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
}

#[test]
fn valid_positions_round_trip() {
    let data = include_str!("../test_data/valid.txt");
    let mut n = 0;
    for line in lines(data) {
        let g = Attraction::from_position(&NoVariant, line).unwrap_or_else(|e| panic!("'{line}' must parse: {e}"));
        assert_eq!(g.position(), line);
        assert_eq!(g.hash(), g.hash_from_scratch());
        n += 1;
    }
    assert!(n >= 10);
}

#[test]
fn invalid_positions_are_rejected() {
    let data = include_str!("../test_data/invalid.txt");
    let mut n = 0;
    for line in lines(data) {
        match Attraction::from_position(&NoVariant, line) {
            Err(Error::Position(message)) => assert!(!message.is_empty()),
            other => panic!("'{line}' must be rejected, got {other:?}"),
        }
        n += 1;
    }
    assert!(n >= 25);
    for line in ["", "   ", "v", "\u{00e9}\u{00e9}"] {
        assert!(Attraction::from_position(&NoVariant, line).is_err(), "{line:?}");
    }
}

#[test]
fn two_field_form_means_no_pass() {
    let g = Attraction::from_position(&NoVariant, "rrrrrrrr/8/8/8/8/8/8/vvvvvvvv v").unwrap();
    assert_eq!(g, Attraction::new(&NoVariant));
    assert_eq!(g.position(), "rrrrrrrr/8/8/8/8/8/8/vvvvvvvv v 0");
}

#[test]
fn errors_name_the_problem() {
    let cases = [
        ("rrrrrrrr/8/8/8/8/8/8 v 0", "8 ranks"),
        ("rrrrrrrr/8/8/8/8/8/8/vvvvvvv v 0", "rank 1 'vvvvvvv' has 7 points"),
        ("rrrrrrrr/8/8/8/8/8/8/vvvvvvvvv v 0", "more than 8 points"),
        ("rrrrrrrr/8/8/8/8/8/8/vvvvvvvb v 0", "has 'b'"),
        ("rrrrrrrr/8/8/8/8/8/8/44 v 0", "two digits in a row"),
        ("rrrrrrrr/8/8/8/8/8/8/vvvvvvvv w 0", "side to move must be 'v'"),
        ("rrrrrrrr/8/8/8/8/8/8/vvvvvvvv v 3", "pass count must be 0, 1 or 2"),
        ("rrrrrrrr/8/8/8/8/8/8/vvvvvvvv v 0 0", "expected 3 fields"),
        ("rrrrrrrr/8/8/8/8/8/8/vvvvvvvv  v 0", "single spaces"),
        ("rrrrrrrr/8/8/8/8//8/vvvvvvvv v 0", "rank 3 is empty"),
    ];
    for (text, expected) in cases {
        let err = Attraction::from_position(&NoVariant, text).unwrap_err().to_string();
        assert!(err.contains(expected), "'{text}': '{err}' should say '{expected}'");
    }
}
