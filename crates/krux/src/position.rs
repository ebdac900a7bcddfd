//! Position strings (`....642/......./......./...*.../......./......./135.... 1`): parsing with
//! validation ([`from_position`]) and printing ([`position`]).
//!
//! Ranks 7 down to 1 separated by `/`; per square `.` empty, `*` the hole (d4), or a piece digit
//! with an optional ring letter; then a space and the number of the piece to move. A finished
//! game shows the fallen piece on d4 instead of `*`.
//!
//! Checks beyond the syntax: all six pieces exactly once; no two pieces of one side wear the
//! same ring; a fallen piece belongs to the side to move (the other side's last turn won).
//! Ring placement is otherwise free, so test positions need not be reachable from the start.

use crate::board::Krux;
use crate::piece::{Piece, Ring};
use crate::square::{Square, SIZE};
use crate::variant::KruxVariant;
use arbiter_core::Error;

/// Parses and checks a position string; the position is one of `variant` (the string does not
/// show the variant).
pub(crate) fn from_position(variant: &KruxVariant, text: &str) -> Result<Krux, Error> {
    let fields: Vec<&str> = text.split(' ').collect();
    if text.trim() != text || fields.iter().any(|f| f.is_empty()) {
        return Err(Error::bad_position(format!(
            "'{}': fields must be separated by single spaces, without leading or trailing spaces",
            arbiter_core::quote(text)
        )));
    }
    if fields.len() != 2 {
        return Err(Error::bad_position(format!(
            "'{}' has {} field(s); expected 2: the board and the piece to move (1-6)",
            arbiter_core::quote(text),
            fields.len()
        )));
    }
    let mut squares: [Option<Square>; 6] = [None; 6];
    let mut rings: [Option<Ring>; 6] = [None; 6];
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != SIZE {
        return Err(Error::bad_position(format!(
            "the board has {} rank(s) separated by '/'; expected 7",
            ranks.len()
        )));
    }
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = SIZE - 1 - row;
        let mut file = 0usize;
        let mut chars = rank_text.chars().peekable();
        while let Some(c) = chars.next() {
            let Some(square) = Square::new(file, rank) else {
                return Err(Error::bad_position(format!(
                    "rank {} ('{rank_text}') has more than 7 squares",
                    rank + 1
                )));
            };
            match c {
                '.' if square.is_hole() => {
                    return Err(Error::bad_position(
                        "d4 is the hole: write '*' (or the fallen piece) there, not '.'",
                    ))
                }
                '.' => {}
                '*' if !square.is_hole() => {
                    return Err(Error::bad_position(format!("'*' on {square}: the hole is always d4")))
                }
                '*' => {}
                '1'..='6' => {
                    let piece = Piece::from_number(c as usize - '0' as usize).expect("1..6");
                    if let Some(first) = squares[piece.index()] {
                        return Err(Error::bad_position(format!(
                            "piece {piece} appears twice ({first} and {square})"
                        )));
                    }
                    squares[piece.index()] = Some(square);
                    if let Some(ring) = chars.peek().copied().and_then(Ring::from_letter) {
                        chars.next();
                        rings[piece.index()] = Some(ring);
                    }
                }
                _ => {
                    return Err(Error::bad_position(format!(
                        "unexpected '{c}' on {square}: squares are '.', '*' (d4), \
                         or a piece 1-6 with an optional ring letter b, g or p"
                    )))
                }
            }
            file += 1;
        }
        if file != SIZE {
            return Err(Error::bad_position(format!(
                "rank {} ('{rank_text}') has {file} square(s); expected 7",
                rank + 1
            )));
        }
    }
    if let Some(missing) = Piece::all().find(|p| squares[p.index()].is_none()) {
        return Err(Error::bad_position(format!(
            "piece {missing} is missing: all six pieces must be on the board"
        )));
    }
    let squares = squares.map(|s| s.expect("every piece is placed"));
    for a in Piece::all() {
        for b in Piece::all().filter(|b| b.index() > a.index() && b.owner() == a.owner()) {
            if let Some(ring) = rings[a.index()].filter(|&r| rings[b.index()] == Some(r)) {
                return Err(Error::bad_position(format!(
                    "pieces {a} and {b} both wear the {ring} ring; each side has one of each colour"
                )));
            }
        }
    }
    let to_move = match fields[1].parse::<usize>().ok().and_then(Piece::from_number) {
        Some(p) if fields[1].len() == 1 => p,
        _ => {
            return Err(Error::bad_position(format!(
                "'{}' is not a piece to move: expected a number 1-6",
                fields[1]
            )))
        }
    };
    let k = Krux::from_parts(squares, rings, to_move, *variant);
    if let Some(fallen) = k.fallen() {
        if fallen.owner() != to_move.owner() {
            return Err(Error::bad_position(format!(
                "piece {fallen} is in the hole, but with piece {to_move} to move the last turn was piece {}'s, \
                 of the same side as {fallen}: no turn may put its own side's piece in the hole",
                to_move.previous()
            )));
        }
    }
    Ok(k)
}

/// The text of one square: `.`, `*`, or the piece digit with its ring letter.
pub(crate) fn square_text(k: &Krux, square: Square, out: &mut String) {
    match k.piece_on(square) {
        Some(p) => {
            out.push((b'0' + p.number() as u8) as char);
            if let Some(r) = k.ring(p) {
                out.push(r.letter());
            }
        }
        None if square.is_hole() => out.push('*'),
        None => out.push('.'),
    }
}

/// Writes the position string.
pub(crate) fn position(k: &Krux) -> String {
    let mut out = String::with_capacity(64);
    for rank in (0..SIZE).rev() {
        for file in 0..SIZE {
            square_text(k, Square::new(file, rank).expect("on board"), &mut out);
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push_str(&k.piece_to_move().to_string());
    out
}
