//! Position strings: `3BFB6bfb3/3S1S6s1s3/3XXX6xxx3/18/18 b 0`.

use crate::piece::{BLACK, WHITE};
use crate::{Piece, Square, Void, ORBITS, SECTORS};
use arbiter_core::{Error, NoVariant, PositionFields};
use std::fmt::Write;

/// The start position.
pub(crate) const START: &str = "3BFB6bfb3/3S1S6s1s3/3XXX6xxx3/18/18 b 0";

impl Void {
    /// Parses a position string (the pass count may be left out): [`arbiter_core::Game::from_position`]
    /// without the trait.
    pub fn parse(text: &str) -> Result<Void, Error> {
        from_position(&NoVariant, text)
    }

    /// The position string, always with three fields: [`arbiter_core::Game::position`] without the
    /// trait.
    pub fn to_position_string(&self) -> String {
        position(self)
    }
}

/// Parses a position string (the pass count may be left out).
pub(crate) fn from_position(_: &NoVariant, text: &str) -> Result<Void, Error> {
    let bad = |msg: String| Error::bad_position(format!("{msg} in '{}'", arbiter_core::quote(text)));
    let fields = PositionFields::split(text, "b or w")?;
    let orbits: Vec<&str> = fields.board.split('/').collect();
    if orbits.len() != ORBITS {
        return Err(bad(format!(
            "expected {ORBITS} orbits separated by '/', found {}",
            orbits.len()
        )));
    }
    let mut board = Void::empty();
    for (i, row) in orbits.iter().enumerate() {
        let orbit = (ORBITS - i) as i32;
        let mut sector = 0usize;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '0' {
                return Err(bad(format!("orbit {orbit}: an empty run cannot start with 0")));
            }
            if c.is_ascii_digit() {
                let mut run = c.to_digit(10).expect("digit") as usize;
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    run = run * 10 + d as usize;
                    chars.next();
                    if run > SECTORS {
                        return Err(bad(format!("orbit {orbit}: an empty run must be 1..18")));
                    }
                }
                if run > SECTORS {
                    return Err(bad(format!("orbit {orbit}: an empty run must be 1..18, not {run}")));
                }
                sector += run;
            } else {
                let piece = Piece::from_letter(c).ok_or_else(|| {
                    bad(format!(
                        "orbit {orbit}: '{c}' is not a piece (F B S X for White, f b s x for Black)"
                    ))
                })?;
                if sector < SECTORS {
                    board.put(Square::new(orbit, sector as i32).expect("in range"), piece);
                }
                sector += 1;
            }
            if sector > SECTORS {
                return Err(bad(format!("orbit {orbit} has more than {SECTORS} sectors")));
            }
        }
        if sector != SECTORS {
            return Err(bad(format!("orbit {orbit} has {sector} sectors, not {SECTORS}")));
        }
    }
    for (player, name) in [(BLACK, "Black"), (WHITE, "White")] {
        if board.flagship_count(player) > 1 {
            return Err(bad(format!("{name} has more than one flagship")));
        }
    }
    let side = match fields.mover {
        "b" => BLACK,
        "w" => WHITE,
        other => return Err(bad(format!("the side to move must be b or w, not '{other}'"))),
    };
    board.set_to_move(side);
    board.set_passes(fields.passes);
    Ok(board)
}

/// The position string, always with three fields.
pub(crate) fn position(board: &Void) -> String {
    let mut out = String::with_capacity(64);
    for orbit in (1..=ORBITS as i32).rev() {
        let mut run = 0;
        for sector in 0..SECTORS as i32 {
            match board.piece(Square::new(orbit, sector).expect("in range")) {
                None => run += 1,
                Some(p) => {
                    if run > 0 {
                        write!(out, "{run}").expect("writing to a String");
                        run = 0;
                    }
                    out.push(p.letter());
                }
            }
        }
        if run > 0 {
            write!(out, "{run}").expect("writing to a String");
        }
        if orbit > 1 {
            out.push('/');
        }
    }
    let side = if board.side() == BLACK { 'b' } else { 'w' };
    write!(out, " {side} {}", board.passes()).expect("writing to a String");
    out
}
