//! Squares: an index `rank * N + file` (`a1` = 0) that needs the board size to be named.

use crate::geometry::Direction;
use crate::Size;
use arbiter_core::Error;
use std::fmt;

/// A square of an N×N board, as the bit index `rank * N + file` (both from 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square with this bit index (`index < N * N`, not checked).
    #[inline(always)]
    pub const fn from_index(index: usize) -> Square {
        Square(index as u8)
    }

    /// The square on `file` and `rank` (from 0), if it is on the board.
    pub fn from_coords(file: usize, rank: usize, size: Size) -> Option<Square> {
        let n = size.n();
        (file < n && rank < n).then(|| Square((rank * n + file) as u8))
    }

    /// The bit index.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, from 0 (`a`).
    pub fn file(self, size: Size) -> usize {
        self.index() % size.n()
    }

    /// The rank, from 0 (rank `1`).
    pub fn rank(self, size: Size) -> usize {
        self.index() / size.n()
    }

    /// The squares beyond this one along `dir`, nearest first, to the board's edge: the line a
    /// jump walks, for the code that reads it square by square (the rule, move infos).
    pub(crate) fn ray(self, size: Size, dir: Direction) -> impl Iterator<Item = Square> {
        let (df, dr) = dir.delta();
        let (mut file, mut rank) = (self.file(size), self.rank(size));
        std::iter::from_fn(move || {
            file = file.checked_add_signed(df)?;
            rank = rank.checked_add_signed(dr)?;
            Square::from_coords(file, rank, size)
        })
        .fuse()
    }

    /// The square's name on a board of this size (`c5`, `j10`).
    pub fn name(self, size: Size) -> SquareName {
        SquareName {
            file: self.file(size) as u8,
            rank: self.rank(size) as u8,
        }
    }

    /// Parses a square name (`c5`, `j10`; the file letter in either case) for a board of this size.
    pub fn parse(text: &str, size: Size) -> Result<Square, Error> {
        let bad = |why: String| Error::bad_move(text, why);
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(|| bad("a square is missing".into()))?;
        if !letter.is_ascii_alphabetic() {
            return Err(bad(format!("a square starts with a file letter, not '{letter}'")));
        }
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 2 {
            return Err(bad(format!(
                "'{text}' is not a square (a file letter and a rank number, like c5)"
            )));
        }
        let file = (letter.to_ascii_lowercase() as u8 - b'a') as usize;
        let rank: usize = digits.parse().unwrap_or(0);
        if digits.starts_with('0') || rank == 0 {
            return Err(bad(format!("'{text}' has no rank {digits}: ranks count from 1")));
        }
        Square::from_coords(file, rank - 1, size).ok_or_else(|| {
            bad(format!(
                "{} is not on the {size} board (files a-{}, ranks 1-{})",
                text.to_ascii_lowercase(),
                (b'a' + size.n() as u8 - 1) as char,
                size.n()
            ))
        })
    }
}

/// A square's written name, for `Display`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SquareName {
    file: u8,
    rank: u8,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for size in Size::ALL {
            let n = size.n();
            for i in 0..n * n {
                let sq = Square::from_index(i);
                let name = sq.name(size).to_string();
                assert_eq!(Square::parse(&name, size).unwrap(), sq, "{name}");
            }
        }
        assert_eq!(Square::from_index(99).name(Size::Ten).to_string(), "j10");
        assert_eq!(Square::parse("C5", Size::Eight).unwrap().index(), 4 * 8 + 2);
    }

    #[test]
    fn bad_names_are_rejected() {
        for bad in ["", "c", "5", "c0", "c05", "i1", "a9", "c-1", "cc", "c123", "é1"] {
            assert!(Square::parse(bad, Size::Eight).is_err(), "{bad}");
        }
        assert!(Square::parse("j10", Size::Eight).is_err());
        assert!(Square::parse("j10", Size::Ten).is_ok());
    }
}
