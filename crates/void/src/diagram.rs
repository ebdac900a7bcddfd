//! A text diagram for terminals: one line per orbit, the void below.

use crate::piece::BLACK;
use crate::{Square, Void, ORBITS, SECTORS};

/// One line per orbit, outermost first, sectors a..r across; the void below.
pub(crate) fn diagram(board: &Void) -> String {
    let mut out = String::from("    a b c d e f g h i j k l m n o p q r\n");
    for orbit in (1..=ORBITS as i32).rev() {
        out.push_str(&format!("{orbit}  "));
        for sector in 0..SECTORS as i32 {
            let c = board
                .piece(Square::new(orbit, sector).expect("in range"))
                .map_or('.', |p| p.letter());
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    out.push_str("   ~~~~~~~~~~~~~~~ void ~~~~~~~~~~~~~~~~\n");
    let side = if board.side() == BLACK {
        "Black (lowercase)"
    } else {
        "White (uppercase)"
    };
    out.push_str(&format!("{side} to move"));
    if board.passes() > 0 {
        out.push_str(&format!(", {} pass(es) in a row", board.passes()));
    }
    out.push('\n');
    out
}
