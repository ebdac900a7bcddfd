//! Position strings: data-driven valid (round-trip) and invalid (rejected) lists, and
//! properties on random play.

use arbiter_core::{Game, NoVariant};
use arbiter_krux::Krux;

fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().filter(|l| !l.starts_with('#'))
}

#[test]
fn valid_positions_round_trip() {
    let data = include_str!("../test_data/valid.txt");
    let mut n = 0;
    for line in lines(data).filter(|l| !l.is_empty()) {
        let k = Krux::from_position(&NoVariant, line).unwrap_or_else(|e| panic!("'{line}' should parse: {e}"));
        assert_eq!(k.position(), line);
        assert_eq!(k.hash(), k.hash_from_scratch());
        n += 1;
    }
    assert!(n >= 7);
}

#[test]
fn invalid_positions_are_rejected() {
    let data = include_str!("../test_data/invalid.txt");
    let mut n = 0;
    for line in lines(data) {
        let err = Krux::from_position(&NoVariant, line)
            .map(|k| k.position())
            .expect_err(line);
        assert!(err.to_string().starts_with("bad position"), "{err}");
        n += 1;
    }
    assert!(n >= 25, "{n}");
}

#[test]
fn error_messages_say_what_is_wrong() {
    let cases = [
        ("....642/......./......./...*.../......./......./135....", "expected 2"),
        ("....642/......./......./...*.../......./......./135.... 7", "1-6"),
        ("....642/....../......./...*.../......./......./135.... 1", "rank 6"),
        (
            "....642/......./......./..*..../......./......./135.... 1",
            "hole is always d4",
        ),
        (
            "....642/......./......./......./......./......./135.... 1",
            "d4 is the hole",
        ),
        (
            "....64./......./......./...*.../......./......./135.... 1",
            "piece 2 is missing",
        ),
        (
            "....642/......./......./...*.../......./......./1351... 1",
            "piece 1 appears twice",
        ),
        (
            "....642/......./......./...*.../......./......./1b3b5.... 1",
            "both wear the blue",
        ),
        (
            "....64./......./......./...2.../......./......./135.... 3",
            "piece 2 is in the hole",
        ),
    ];
    for (text, needle) in cases {
        let err = Krux::from_position(&NoVariant, text).unwrap_err().to_string();
        assert!(err.contains(needle), "'{text}': {err}");
    }
}

#[test]
fn diagram_shows_the_board() {
    let k = Krux::from_position(
        &NoVariant,
        ".2b..4p../....6g../......./..1g*3b../......./......./5p...... 4",
    )
    .unwrap();
    let d = k.diagram();
    assert!(d.contains("a   b   c   d   e   f   g"));
    assert!(d.contains("1g"));
    assert!(d.contains(" O "));
    assert!(d.contains("Piece 4 (Black) to move"));
    assert_eq!(d.lines().filter(|l| l.starts_with("7 |")).count(), 1);
    let start = Krux::start().diagram();
    assert!(start.contains("ring to choose: @b @g @p"), "{start}");
    let over = Krux::from_position(
        &NoVariant,
        "....64./......./......./...2b.../......./......./1g35.... 2",
    )
    .unwrap();
    assert!(over.diagram().contains("Piece 2 fell into the hole: White wins"));
    assert!(over.diagram().contains("O2b"));
}
