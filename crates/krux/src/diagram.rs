//! The text diagram for terminals: files and ranks labelled, rings after the piece numbers, the
//! hole drawn as `O`.

use crate::board::Krux;
use crate::position::square_text;
use crate::square::{Square, SIZE};

/// A text diagram with files and ranks labelled, rings shown after the piece number.
pub(crate) fn diagram(k: &Krux) -> String {
    let mut out = String::new();
    out.push_str("    a   b   c   d   e   f   g\n");
    out.push_str("  +---+---+---+---+---+---+---+\n");
    for rank in (0..SIZE).rev() {
        out.push_str(&format!("{} |", rank + 1));
        for file in 0..SIZE {
            let square = Square::new(file, rank).expect("on board");
            let mut cell = String::new();
            match k.piece_on(square) {
                Some(_) => {
                    square_text(k, square, &mut cell);
                    if square.is_hole() {
                        cell = format!("O{cell}");
                    }
                }
                None if square.is_hole() => cell.push('O'),
                None => cell.push(' '),
            }
            out.push_str(&format!("{cell:^3}|"));
        }
        out.push_str(&format!(" {}\n", rank + 1));
        out.push_str("  +---+---+---+---+---+---+---+\n");
    }
    out.push_str("    a   b   c   d   e   f   g\n");
    let mover = k.piece_to_move();
    let side = if mover.owner() == arbiter_core::Player::First {
        "White"
    } else {
        "Black"
    };
    match k.fallen() {
        Some(f) => out.push_str(&format!(
            "Piece {f} fell into the hole: {} wins.\n",
            if f.owner() == arbiter_core::Player::First {
                "Black"
            } else {
                "White"
            }
        )),
        None => {
            out.push_str(&format!("Piece {mover} ({side}) to move"));
            if k.ring(mover).is_none() {
                let free: Vec<String> = k
                    .unused_rings(mover.owner())
                    .map(|r| format!("@{}", r.letter()))
                    .collect();
                out.push_str(&format!("; first turn, ring to choose: {}", free.join(" ")));
            }
            out.push('\n');
        }
    }
    out.push_str(
        "O = the hole. Rings: b = blue carrier, g = green jumper, p = pink switcher. White 1 3 5, Black 2 4 6.\n",
    );
    out
}
