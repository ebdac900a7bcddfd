//! Position strings: `rrrrrrrr/8/8/8/8/8/8/vvvvvvvv v 0` — ranks 8 to 1, the side to move, the
//! number of passes just played in a row.

use crate::{Attraction, Board, Square};
use arbiter_core::{Error, NoVariant, Player, PositionFields};

/// Parses a position string, naming exactly what is wrong if it is not one.
pub(crate) fn from_position(_: &NoVariant, text: &str) -> Result<Attraction, Error> {
    let bad = |reason: String| Error::bad_position(format!("'{}': {reason}", arbiter_core::quote(text)));
    let fields = PositionFields::split(text, "v or r")?;
    let board = parse_board(fields.board).map_err(bad)?;
    let to_move = match fields.mover {
        "v" => Player::First,
        "r" => Player::Second,
        other => {
            return Err(bad(format!(
                "the side to move must be 'v' (violet) or 'r' (red), not '{other}'"
            )))
        }
    };
    Ok(Attraction::from_parts(board, to_move, fields.passes))
}

fn parse_board(text: &str) -> Result<Board, String> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(format!(
            "the board must have 8 ranks separated by '/', found {}",
            ranks.len()
        ));
    }
    let (mut violet, mut red) = (0u64, 0u64);
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i;
        let label = rank + 1;
        if rank_text.is_empty() {
            return Err(format!("rank {label} is empty"));
        }
        let mut file = 0usize;
        let mut last_was_digit = false;
        for c in rank_text.chars() {
            match c {
                '1'..='8' => {
                    if last_was_digit {
                        return Err(format!(
                            "rank {label} '{rank_text}' has two digits in a row (write one run of empty points)"
                        ));
                    }
                    last_was_digit = true;
                    file += (c as u8 - b'0') as usize;
                }
                'v' | 'r' => {
                    last_was_digit = false;
                    let Some(sq) = Square::new(file, rank) else {
                        return Err(format!("rank {label} '{rank_text}' has more than 8 points"));
                    };
                    if c == 'v' {
                        violet |= sq.bit();
                    } else {
                        red |= sq.bit();
                    }
                    file += 1;
                }
                other => {
                    return Err(format!(
                        "rank {label} '{rank_text}' has '{other}': expected 'v' (violet), 'r' (red) or a digit 1-8"
                    ))
                }
            }
            if file > 8 {
                return Err(format!("rank {label} '{rank_text}' has more than 8 points"));
            }
        }
        if file != 8 {
            return Err(format!("rank {label} '{rank_text}' has {file} points, not 8"));
        }
    }
    Ok(Board::from_bits(violet, red))
}

/// The position string (always with the pass count).
pub(crate) fn position(board: &Attraction) -> String {
    let Attraction {
        board, to_move, passes, ..
    } = *board;
    let mut out = String::with_capacity(72);
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            let sq = Square::new(file, rank).expect("on the board");
            match board.owner(sq) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    out.push(if p == Player::First { 'v' } else { 'r' });
                }
            }
        }
        if empty > 0 {
            out.push((b'0' + empty) as char);
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(if to_move == Player::First { 'v' } else { 'r' });
    out.push(' ');
    out.push((b'0' + passes) as char);
    out
}
