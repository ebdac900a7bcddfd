//! Position strings: every line of `test_data/valid.txt` must round-trip, every line of
//! `test_data/invalid.txt` must be rejected with a `Position` error.

use arbiter_core::{Error, Game};
use arbiter_villawar::{Size, Villawar, VillawarVariant};

fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty())
}

fn parse(text: &str) -> Result<Villawar, Error> {
    Villawar::from_position(&VillawarVariant::default(), text)
}

#[test]
fn valid_positions_round_trip() {
    let mut count = 0;
    for line in lines(include_str!("../test_data/valid.txt")) {
        let game = parse(line).unwrap_or_else(|e| panic!("'{line}' rejected: {e}"));
        assert_eq!(game.position(), line);
        assert_eq!(game.hash(), game.hash_from_scratch(), "{line}");
        count += 1;
    }
    assert!(count >= 10);
}

#[test]
fn invalid_positions_are_rejected() {
    let mut count = 0;
    for line in lines(include_str!("../test_data/invalid.txt")) {
        match parse(line) {
            Ok(game) => panic!("'{line}' was accepted as '{}'", game.position()),
            Err(Error::Position(reason)) => assert!(!reason.is_empty()),
            Err(other) => panic!("'{line}' gave a non-position error: {other}"),
        }
        count += 1;
    }
    assert!(count >= 30);
    assert!(parse("").is_err());
    assert!(parse("   ").is_err());
}

#[test]
fn errors_say_what_is_wrong() {
    let cases = [
        ("vvvvvvv/vvvvvvv/7/7/7/VVVVVVV/VVVVVVV w 0", "7 ranks"),
        (
            "vvvvvvvv/vvvvvvvv/7/8/8/8/VVVVVVVV/VVVVVVVV w 0",
            "rank 6 has 7 squares",
        ),
        (
            "vvvvvvvv/vvvvvvvv/9/8/8/8/VVVVVVVV/VVVVVVVV w 0",
            "rank 6 has more than 8",
        ),
        ("vvvvvvvx/vvvvvvvv/8/8/8/8/VVVVVVVV/VVVVVVVV w 0", "unexpected 'x'"),
        ("vvvvvvvv/vvvvvvvv/8/8/8/8/VVVVVVVV/VVVVVVVV w 3", "pass count"),
        ("vvvvvvvv/vvvvvvvv/8/8/8/8/VVVVVVVV/VVVVVVVV x 0", "side to move"),
        (
            "vvvvvvvv/vvvvvvvv/8/8/8/V7/VVVVVVVV/VVVVVVVV w 0",
            "white has 17 pieces",
        ),
        ("vvvvvvvv/vvvvvvvv/08/8/8/8/VVVVVVVV/VVVVVVVV w 0", "'08'"),
        ("vvvvvvvv/vvvvvvvv/8/8/8/8/VVVVVVVV/VVVVVVVV w 0 0", "found 4"),
    ];
    for (text, expected) in cases {
        let err = parse(text).unwrap_err().to_string();
        assert!(err.contains(expected), "'{text}': '{err}' lacks '{expected}'");
    }
}

#[test]
fn the_pass_count_may_be_left_out_and_the_size_comes_from_the_string() {
    let game = parse("vvvvvv/vvvvvv/6/6/VVVVVV/VVVVVV w").unwrap();
    assert_eq!(game.position(), "vvvvvv/vvvvvv/6/6/VVVVVV/VVVVVV w 0");
    assert_eq!(game.size(), Size::Six);
    assert_eq!(game.variant(), VillawarVariant::new(Size::Six));
    // The variant passed in is only a default: the string decides.
    let ten = Villawar::from_position(&VillawarVariant::new(Size::Six), "10/10/10/10/10/10/10/10/10/10 b").unwrap();
    assert_eq!(ten.size(), Size::Ten);
    assert_eq!(ten.position(), "10/10/10/10/10/10/10/10/10/10 b 0");
    // Fields are separated by single spaces with nothing around them (rules/README.md).
    assert!(parse("8/8/8/8/8/8/8/8 w 0\n").is_err());
}
