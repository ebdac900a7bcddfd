//! The eight directions between neighbouring points, as steps and as bitboard shifts.

use crate::bits::{NOT_FILE_A, NOT_FILE_H};

/// One of the eight directions between neighbouring points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards rank 8.
    North,
    /// Towards file h.
    East,
    /// Towards rank 1.
    South,
    /// Towards file a.
    West,
    /// North and east.
    NorthEast,
    /// South and east.
    SouthEast,
    /// South and west.
    SouthWest,
    /// North and west.
    NorthWest,
}

impl Direction {
    /// The four orthogonal directions, in clockwise order from north.
    pub const ORTHOGONAL: [Direction; 4] = [Direction::North, Direction::East, Direction::South, Direction::West];

    /// The step as (files, ranks).
    #[inline]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::East => (1, 0),
            Direction::South => (0, -1),
            Direction::West => (-1, 0),
            Direction::NorthEast => (1, 1),
            Direction::SouthEast => (1, -1),
            Direction::SouthWest => (-1, -1),
            Direction::NorthWest => (-1, 1),
        }
    }

    /// The opposite direction.
    #[inline]
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::East => Direction::West,
            Direction::South => Direction::North,
            Direction::West => Direction::East,
            Direction::NorthEast => Direction::SouthWest,
            Direction::SouthEast => Direction::NorthWest,
            Direction::SouthWest => Direction::NorthEast,
            Direction::NorthWest => Direction::SouthEast,
        }
    }

    /// Moves every point of `bits` one step this way; points that would leave the board vanish.
    #[inline(always)]
    pub const fn shift(self, bits: u64) -> u64 {
        match self {
            Direction::North => bits << 8,
            Direction::South => bits >> 8,
            Direction::East => (bits << 1) & NOT_FILE_A,
            Direction::West => (bits >> 1) & NOT_FILE_H,
            Direction::NorthEast => (bits << 9) & NOT_FILE_A,
            Direction::NorthWest => (bits << 7) & NOT_FILE_H,
            Direction::SouthEast => (bits >> 7) & NOT_FILE_A,
            Direction::SouthWest => (bits >> 9) & NOT_FILE_H,
        }
    }
}

/// The points orthogonally next to some point of `bits`.
#[inline]
pub(crate) fn orthogonal_neighbours(bits: u64) -> u64 {
    Direction::North.shift(bits)
        | Direction::South.shift(bits)
        | Direction::East.shift(bits)
        | Direction::West.shift(bits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    #[test]
    fn shifts_match_offsets() {
        let all = [
            Direction::North,
            Direction::East,
            Direction::South,
            Direction::West,
            Direction::NorthEast,
            Direction::SouthEast,
            Direction::SouthWest,
            Direction::NorthWest,
        ];
        for sq in Square::all() {
            for d in all {
                let (dx, dy) = d.delta();
                let expected = sq.offset(dx, dy).map_or(0, Square::bit);
                assert_eq!(d.shift(sq.bit()), expected, "{sq} {d:?}");
                assert_eq!(d.opposite().delta(), (-dx, -dy));
            }
        }
    }
}
