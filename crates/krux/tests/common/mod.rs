//! Helpers shared by Krux's rule tests: positions, squares and pieces by name, and turns that
//! must be legal (and generated) or illegal.

#![allow(dead_code)] // each test file uses its own share

use arbiter_core::{Game, Variant};
use arbiter_krux::{Krux, KruxVariant, Move, Piece, Square};

/// A position of the standard game.
pub fn pos(text: &str) -> Krux {
    pos_in(&KruxVariant::default(), text)
}

/// A position under a variant.
pub fn pos_in(variant: &KruxVariant, text: &str) -> Krux {
    Krux::from_position(variant, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A square by name.
pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// A piece by number.
pub fn piece(n: usize) -> Piece {
    Piece::from_number(n).unwrap()
}

/// Every legal turn.
pub fn legal(k: &Krux) -> Vec<Move> {
    let mut moves = Vec::new();
    k.legal_moves(&mut moves);
    moves
}

/// Where the position stands, for messages: the position string and any options.
fn context(k: &Krux) -> String {
    match k.variant().to_options() {
        o if o.is_empty() => k.position(),
        o => format!("{} under '{o}'", k.position()),
    }
}

/// Parses a turn, checks it is in the generated list, and returns the position after it.
pub fn play(k: &Krux, text: &str) -> Krux {
    let mv = k
        .parse_move(text)
        .unwrap_or_else(|e| panic!("'{text}' should be legal in {}: {e}", context(k)));
    assert!(legal(k).contains(&mv), "'{text}' parsed but is not generated");
    let mut next = *k;
    next.play(mv);
    next
}

/// Checks a turn is refused, and returns why.
pub fn illegal(k: &Krux, text: &str) -> String {
    match k.parse_move(text) {
        Ok(mv) => panic!("'{text}' should be illegal in {}, gave {mv:?}", context(k)),
        Err(e) => e.to_string(),
    }
}
