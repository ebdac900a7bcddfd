//! Sets of points as `u64` bitboards (bit `rank * 8 + file`) and the eight directions that shift them.

/// Every point but those on file `a`: what may remain after a shift eastwards.
const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;
/// Every point but those on file `h`: what may remain after a shift westwards.
const NOT_FILE_H: u64 = !0x8080_8080_8080_8080;

/// Rank 1 (Violet's start, Red's goal).
pub const RANK_1: u64 = 0xFF;
/// Rank 8 (Red's start, Violet's goal).
pub const RANK_8: u64 = 0xFF << 56;

/// One of the eight directions between neighbouring points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dir {
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

impl Dir {
    /// The four orthogonal directions, in clockwise order from north.
    pub const ORTHOGONAL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

    /// The step as (files, ranks).
    #[inline]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::North => (0, 1),
            Dir::East => (1, 0),
            Dir::South => (0, -1),
            Dir::West => (-1, 0),
            Dir::NorthEast => (1, 1),
            Dir::SouthEast => (1, -1),
            Dir::SouthWest => (-1, -1),
            Dir::NorthWest => (-1, 1),
        }
    }

    /// The opposite direction.
    #[inline]
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::North => Dir::South,
            Dir::East => Dir::West,
            Dir::South => Dir::North,
            Dir::West => Dir::East,
            Dir::NorthEast => Dir::SouthWest,
            Dir::SouthEast => Dir::NorthWest,
            Dir::SouthWest => Dir::NorthEast,
            Dir::NorthWest => Dir::SouthEast,
        }
    }

    /// Moves every point of `bits` one step this way; points that would leave the board vanish.
    #[inline(always)]
    pub const fn shift(self, bits: u64) -> u64 {
        match self {
            Dir::North => bits << 8,
            Dir::South => bits >> 8,
            Dir::East => (bits << 1) & NOT_FILE_A,
            Dir::West => (bits >> 1) & NOT_FILE_H,
            Dir::NorthEast => (bits << 9) & NOT_FILE_A,
            Dir::NorthWest => (bits << 7) & NOT_FILE_H,
            Dir::SouthEast => (bits >> 7) & NOT_FILE_A,
            Dir::SouthWest => (bits >> 9) & NOT_FILE_H,
        }
    }
}

/// The points orthogonally next to some point of `bits`.
#[inline]
pub fn orthogonal_neighbours(bits: u64) -> u64 {
    Dir::North.shift(bits) | Dir::South.shift(bits) | Dir::East.shift(bits) | Dir::West.shift(bits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    #[test]
    fn shifts_match_offsets() {
        let all = [
            Dir::North,
            Dir::East,
            Dir::South,
            Dir::West,
            Dir::NorthEast,
            Dir::SouthEast,
            Dir::SouthWest,
            Dir::NorthWest,
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
