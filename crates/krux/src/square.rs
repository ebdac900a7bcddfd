//! Squares of the 7×7 board and their coordinates.

use std::fmt;

/// Files and ranks of the board.
pub const SIZE: usize = 7;
/// Number of squares, the hole included.
pub const SQUARES: usize = SIZE * SIZE;

/// One square of the board, `a1` = 0 … `g7` = 48 (rank-major: `index = rank * 7 + file`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The hole, `d4`: no piece stands on it; a piece that enters it falls and ends the game.
    pub const HOLE: Square = Square(24);

    /// The square at `file` (0 = a) and `rank` (0 = rank 1), if on the board.
    pub const fn new(file: usize, rank: usize) -> Option<Square> {
        if file < SIZE && rank < SIZE {
            Some(Square((rank * SIZE + file) as u8))
        } else {
            None
        }
    }

    /// The square with this index (0..49).
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SQUARES {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square with an index known to be on the board (tables, packed moves and layouts,
    /// which only ever hold such indices); checked in debug builds. A wrong index in release
    /// would still only ever panic, at the first table it indexes.
    #[inline]
    pub(crate) const fn at(index: usize) -> Square {
        debug_assert!(index < SQUARES, "a square index is 0..49");
        Square(index as u8)
    }

    /// The index 0..49.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square as one bit of a set of squares (bit `index`).
    #[inline]
    pub(crate) const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// The file, 0 = `a`.
    #[inline]
    pub const fn file(self) -> usize {
        self.0 as usize % SIZE
    }

    /// The rank, 0 = rank `1`.
    #[inline]
    pub const fn rank(self) -> usize {
        self.0 as usize / SIZE
    }

    /// Is this the hole?
    #[inline]
    pub const fn is_hole(self) -> bool {
        self.0 == Self::HOLE.0
    }

    /// Manhattan distance ("k steps away").
    #[inline]
    pub fn distance(self, other: Square) -> usize {
        crate::geometry::DISTANCE[self.index()][other.index()] as usize
    }

    /// Parses `a1`..`g7` (exactly two characters).
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].wrapping_sub(b'a') as usize;
        let rank = b[1].wrapping_sub(b'1') as usize;
        Square::new(file, rank)
    }

    /// Every square, `a1` first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file() as u8) as char,
            (b'1' + self.rank() as u8) as char
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::HOLE.to_string(), "d4");
        assert_eq!(Square::parse("h1"), None);
        assert_eq!(Square::parse("a8"), None);
        assert_eq!(Square::parse("a"), None);
        assert_eq!(Square::parse("a10"), None);
    }
}
