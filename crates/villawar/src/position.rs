//! Position strings: `vvvvvvvv/vvvvvvvv/8/8/8/8/VVVVVVVV/VVVVVVVV w 0`.
//!
//! Ranks N down to 1 separated by `/`, `V W v w` for pieces, a decimal number for a run of empty
//! squares; then the side to move (`w`/`b`) and the passes just played in a row (`0`, `1`, `2`;
//! optional on input, always written). The number of ranks gives the size.

use crate::geometry::MAX_SQUARES;
use crate::piece::{player_name, Piece, BLACK, WHITE};
use crate::square::Square;
use crate::{Size, Villawar, VillawarVariant};
use arbiter_core::{Error, Game, Player, PositionFields};
use std::fmt::Write;

fn bad(reason: impl Into<String>) -> Error {
    Error::bad_position(reason)
}

/// Parses a position string (2 or 3 fields). The size comes from the string (its number of
/// ranks); `variant` is not used.
pub fn from_position(_variant: &VillawarVariant, text: &str) -> Result<Villawar, Error> {
    let fields = PositionFields::split(text, "w or b")?;
    let (size, cells) = parse_board(fields.board)?;
    let side = match fields.mover {
        "w" => WHITE,
        "b" => BLACK,
        other => return Err(bad(format!("the side to move must be 'w' or 'b', not '{other}'"))),
    };
    Ok(Villawar::from_cells(size, &cells, side, fields.passes))
}

fn parse_board(board: &str) -> Result<(Size, [Option<Piece>; MAX_SQUARES]), Error> {
    let ranks: Vec<&str> = board.split('/').collect();
    let n = ranks.len();
    let size = Size::from_n(n).ok_or_else(|| {
        bad(format!(
            "the board has {n} rank{}; Villawar is played on 6×6, 8×8 or 10×10 boards",
            if n == 1 { "" } else { "s" }
        ))
    })?;
    let mut cells = [None; MAX_SQUARES];
    let mut counts = [0usize; 2];
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = n - 1 - i;
        let label = rank + 1;
        if rank_text.is_empty() {
            return Err(bad(format!("rank {label} is empty")));
        }
        let mut file = 0usize;
        let mut chars = rank_text.char_indices().peekable();
        while let Some((at, c)) = chars.next() {
            if c.is_ascii_digit() {
                let mut end = at + 1;
                while let Some(&(i, d)) = chars.peek() {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    end = i + 1;
                    chars.next();
                }
                let digits = &rank_text[at..end];
                let run: usize = digits.parse().unwrap_or(usize::MAX);
                if run == 0 || digits.starts_with('0') {
                    return Err(bad(format!(
                        "rank {label}: '{digits}' is not a run of empty squares (write 1 to {n})"
                    )));
                }
                if run > n - file {
                    return Err(bad(format!("rank {label} has more than {n} squares")));
                }
                file += run;
            } else if let Some(piece) = Piece::from_letter(c) {
                if file >= n {
                    return Err(bad(format!("rank {label} has more than {n} squares")));
                }
                cells[rank * n + file] = Some(piece);
                counts[piece.player.index()] += 1;
                file += 1;
            } else {
                return Err(bad(format!(
                    "rank {label}: unexpected '{c}' (pieces are V W for White, v w for Black; digits count empty squares)"
                )));
            }
        }
        if file != n {
            return Err(bad(format!(
                "rank {label} has {file} squares, but the board has {n} ranks and must be square"
            )));
        }
    }
    for player in Player::BOTH {
        let count = counts[player.index()];
        if count > 2 * n {
            return Err(bad(format!(
                "{} has {count} pieces; each side has only {} on the {size} board",
                player_name(player),
                2 * n
            )));
        }
    }
    Ok((size, cells))
}

/// The position string, always with the pass count.
pub fn position(game: &Villawar) -> String {
    let n = game.size().n();
    let mut out = String::with_capacity(n * n + 8);
    for rank in (0..n).rev() {
        let mut empty = 0;
        for file in 0..n {
            match game.piece_at(Square::from_index(rank * n + file)) {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        let _ = write!(out, "{empty}");
                        empty = 0;
                    }
                    out.push(piece.letter());
                }
            }
        }
        if empty > 0 {
            let _ = write!(out, "{empty}");
        }
        if rank > 0 {
            out.push('/');
        }
    }
    let side = if game.to_move() == WHITE { 'w' } else { 'b' };
    let _ = write!(out, " {side} {}", game.passes());
    out
}
