//! A text diagram for terminals: rank 8 at the top, files and ranks labelled.

use crate::piece::player_name;
use crate::{outcome, Attraction, Square};
use arbiter_core::{Outcome, Player};
use std::fmt::Write;

/// The board with `v` violet, `r` red and `.` empty points, then who is to move.
pub(crate) fn diagram(board: &Attraction) -> String {
    let mut out = String::new();
    out.push_str("  +-----------------+\n");
    for rank in (0..8).rev() {
        let _ = write!(out, "{} |", rank + 1);
        for file in 0..8 {
            let sq = Square::new(file, rank).expect("on the board");
            let c = match board.board.owner(sq) {
                Some(Player::First) => 'v',
                Some(Player::Second) => 'r',
                None => '.',
            };
            out.push(' ');
            out.push(c);
        }
        out.push_str(" |\n");
    }
    out.push_str("  +-----------------+\n");
    out.push_str("    a b c d e f g h\n");
    let side = player_name(board.to_move);
    match outcome::outcome(board) {
        Some(Outcome::Win(p)) => {
            let _ = writeln!(out, "{} has won", player_name(p));
        }
        Some(Outcome::Draw) => out.push_str("drawn by two passes\n"),
        None => {
            let _ = writeln!(out, "{side} to move (passes in a row: {})", board.passes);
        }
    }
    out
}
