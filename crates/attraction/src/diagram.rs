//! A text diagram for terminals: rank 8 at the top, files and ranks labelled.

use crate::{Attraction, Square};
use arbiter_core::{Game, Outcome, Player};
use std::fmt::Write;

/// The board with `v` violet, `r` red and `.` empty points, then who is to move.
pub(crate) fn diagram(game: &Attraction) -> String {
    let mut out = String::new();
    out.push_str("  +-----------------+\n");
    for rank in (0..8).rev() {
        let _ = write!(out, "{} |", rank + 1);
        for file in 0..8 {
            let sq = Square::new(file, rank).expect("on the board");
            let c = match game.board().owner(sq) {
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
    let side = Attraction::player_name(game.to_move());
    match game.outcome() {
        Some(Outcome::Win(p)) => {
            let _ = writeln!(out, "{} has won", Attraction::player_name(p));
        }
        Some(Outcome::Draw) => out.push_str("drawn by two passes\n"),
        None => {
            let _ = writeln!(out, "{side} to move (passes in a row: {})", game.passes());
        }
    }
    out
}
