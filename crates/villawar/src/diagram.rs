//! A text diagram for terminals: ranks and files labelled, White at the bottom.

use crate::piece::player_name;
use crate::square::Square;
use crate::Villawar;
use arbiter_core::Game;
use std::fmt::Write;

/// The board with labelled ranks and files, then whose turn it is and the pass count.
pub fn diagram(game: &Villawar) -> String {
    let n = game.size().n();
    let files: String = (0..n).map(|f| format!(" {}", (b'a' + f as u8) as char)).collect();
    let mut out = String::new();
    let _ = writeln!(out, "   {files}");
    for rank in (0..n).rev() {
        let _ = write!(out, "{:>2} ", rank + 1);
        for file in 0..n {
            let c = game
                .piece_at(Square::from_index(rank * n + file))
                .map_or('.', |p| p.letter());
            let _ = write!(out, " {c}");
        }
        let _ = writeln!(out, "  {}", rank + 1);
    }
    let _ = writeln!(out, "   {files}");
    match game.outcome() {
        Some(outcome) => {
            let result = match outcome.winner() {
                Some(p) => format!("{} wins", player_name(p)),
                None => "draw".to_string(),
            };
            let _ = writeln!(out, "game over after two passes: {result}");
        }
        None => {
            let _ = writeln!(out, "{} to move, passes {}", player_name(game.to_move()), game.passes());
        }
    }
    out.push_str("V W: white villager, warrior; v w: black villager, warrior\n");
    out
}
