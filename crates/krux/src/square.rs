//! Squares of the 7×7 board and the geometry tables the generator reads (neighbours, rays, distance).

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

    /// The index 0..49.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
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
        DISTANCE[self.index()][other.index()] as usize
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

/// The hole's index, for the tables.
pub(crate) const HOLE: u8 = Square::HOLE.0;

/// No square (end of a ray, missing neighbour).
pub(crate) const NONE: u8 = 0xFF;

/// The four directions: north, east, south, west, as (file, rank) deltas.
pub(crate) const DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

const fn offset(sq: usize, dir: usize, k: i32) -> u8 {
    let f = (sq % SIZE) as i32 + DIRS[dir].0 * k;
    let r = (sq / SIZE) as i32 + DIRS[dir].1 * k;
    if f >= 0 && f < SIZE as i32 && r >= 0 && r < SIZE as i32 {
        (r * SIZE as i32 + f) as u8
    } else {
        NONE
    }
}

/// `RAYS[sq][dir][k]`: the square `k + 1` away in `dir`, or `NONE` past the edge.
pub(crate) static RAYS: [[[u8; SIZE]; 4]; SQUARES] = {
    let mut t = [[[NONE; SIZE]; 4]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 4 {
            let mut k = 0;
            while k < SIZE {
                t[sq][d][k] = offset(sq, d, k as i32 + 1);
                k += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// `NEIGHBOURS[sq][dir]`: the neighbour in `dir`, or `NONE`.
pub(crate) static NEIGHBOURS: [[u8; 4]; SQUARES] = {
    let mut t = [[NONE; 4]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 4 {
            t[sq][d] = offset(sq, d, 1);
            d += 1;
        }
        sq += 1;
    }
    t
};

/// `NEIGHBOUR_MASK[sq]`: the neighbours of `sq` as a bit set over square indices.
pub(crate) static NEIGHBOUR_MASK: [u64; SQUARES] = {
    let mut t = [0u64; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 4 {
            let n = offset(sq, d, 1);
            if n != NONE {
                t[sq] |= 1u64 << n;
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// Manhattan distance between two square indices.
const fn manhattan(a: usize, b: usize) -> u8 {
    let df = (a % SIZE).abs_diff(b % SIZE);
    let dr = (a / SIZE).abs_diff(b / SIZE);
    (df + dr) as u8
}

/// `DISTANCE[a][b]`: Manhattan distance.
pub(crate) static DISTANCE: [[u8; SQUARES]; SQUARES] = {
    let mut t = [[0u8; SQUARES]; SQUARES];
    let mut a = 0;
    while a < SQUARES {
        let mut b = 0;
        while b < SQUARES {
            t[a][b] = manhattan(a, b);
            b += 1;
        }
        a += 1;
    }
    t
};

/// The squares a jumper on `sq` may land on, by geometry: distance 0..3, never the hole.
/// `JUMPS[sq]` holds a count and up to 25 squares (1 + 4 + 8 + 12).
pub(crate) static JUMPS: [(u8, [u8; 25]); SQUARES] = {
    let mut t = [(0u8, [NONE; 25]); SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut n = 0;
        let mut to = 0;
        while to < SQUARES {
            if manhattan(sq, to) <= 3 && to != HOLE as usize {
                t[sq].1[n] = to as u8;
                n += 1;
            }
            to += 1;
        }
        t[sq].0 = n as u8;
        sq += 1;
    }
    t
};

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

    #[test]
    fn tables() {
        let a1 = Square::parse("a1").unwrap().index();
        assert_eq!(NEIGHBOUR_MASK[a1].count_ones(), 2);
        assert_eq!(JUMPS[a1].0, 10);
        let d4 = Square::HOLE.index();
        assert_eq!(JUMPS[d4].0, 24); // 25 minus the hole itself
        assert_eq!(RAYS[a1][0][5], Square::parse("a7").unwrap().index() as u8);
        assert_eq!(RAYS[a1][0][6], NONE);
        assert_eq!(DISTANCE[a1][48], 12);
    }
}
