//! Directions on the 7×7 board and the tables the turn rules read: neighbours, rays (as lists and
//! as bit sets over square indices), distances and jump targets. Neighbour means orthogonal
//! neighbour; there is no diagonal in Krux.

use crate::square::{Square, SIZE, SQUARES};

/// One of the four directions along a rank or file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Direction {
    /// Towards rank 7.
    North,
    /// Towards file g.
    East,
    /// Towards rank 1.
    South,
    /// Towards file a.
    West,
}

impl Direction {
    /// All four, in table order.
    pub const ALL: [Direction; 4] = [Direction::North, Direction::East, Direction::South, Direction::West];

    /// The (file, rank) change of one step.
    const fn delta(self) -> (i32, i32) {
        match self {
            Direction::North => (0, 1),
            Direction::East => (1, 0),
            Direction::South => (0, -1),
            Direction::West => (-1, 0),
        }
    }

    /// Does a step this way raise the square index (north, east)?
    #[inline]
    const fn ascending(self) -> bool {
        matches!(self, Direction::North | Direction::East)
    }

    /// The direction back.
    #[inline]
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::East => Direction::West,
            Direction::South => Direction::North,
            Direction::West => Direction::East,
        }
    }
}

/// Up to `N` squares in a fixed array, for tables of lists of varying length.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SquareList<const N: usize> {
    len: u8,
    squares: [Square; N],
}

impl<const N: usize> SquareList<N> {
    const EMPTY: SquareList<N> = SquareList {
        len: 0,
        // Filler beyond `len`, never read.
        squares: [Square::HOLE; N],
    };

    const fn pushed(mut self, s: Square) -> SquareList<N> {
        self.squares[self.len as usize] = s;
        self.len += 1;
        self
    }

    /// The squares.
    #[inline]
    pub fn as_slice(&self) -> &[Square] {
        &self.squares[..self.len as usize]
    }
}

/// The square `k` steps from `sq` in `d`, if on the board.
const fn offset(sq: usize, d: Direction, k: i32) -> Option<Square> {
    let (df, dr) = d.delta();
    let f = (sq % SIZE) as i32 + df * k;
    let r = (sq / SIZE) as i32 + dr * k;
    if f >= 0 && f < SIZE as i32 && r >= 0 && r < SIZE as i32 {
        Some(Square::at((r * SIZE as i32 + f) as usize))
    } else {
        None
    }
}

/// `NEIGHBOUR[sq][d]`: the neighbour in direction `d`.
static NEIGHBOUR: [[Option<Square>; 4]; SQUARES] = {
    let mut t = [[None; 4]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 4 {
            t[sq][d] = offset(sq, Direction::ALL[d], 1);
            d += 1;
        }
        sq += 1;
    }
    t
};

/// `NEIGHBOURS[sq]`: the neighbours (2 to 4), in direction order.
static NEIGHBOURS: [SquareList<4>; SQUARES] = {
    let mut t = [SquareList::EMPTY; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 4 {
            if let Some(n) = offset(sq, Direction::ALL[d], 1) {
                t[sq] = t[sq].pushed(n);
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// `NEIGHBOUR_MASK[sq]`: the neighbours as a bit set.
static NEIGHBOUR_MASK: [u64; SQUARES] = {
    let mut t = [0u64; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 4 {
            if let Some(n) = offset(sq, Direction::ALL[d], 1) {
                t[sq] |= n.bit();
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// `RAY_MASK[sq][d]`: every square beyond `sq` in direction `d`, to the edge, as a bit set.
static RAY_MASK: [[u64; 4]; SQUARES] = {
    let mut t = [[0u64; 4]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 4 {
            let mut k = 1;
            while let Some(s) = offset(sq, Direction::ALL[d], k) {
                t[sq][d] |= s.bit();
                k += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// `LINE[a][b]`: the direction from `a` to `b` along a rank or file (none off its lines, or for
/// `a` itself).
static LINE: [[Option<Direction>; SQUARES]; SQUARES] = {
    let mut t = [[None; SQUARES]; SQUARES];
    let mut a = 0;
    while a < SQUARES {
        let mut d = 0;
        while d < 4 {
            let mut k = 1;
            while let Some(s) = offset(a, Direction::ALL[d], k) {
                t[a][s.index()] = Some(Direction::ALL[d]);
                k += 1;
            }
            d += 1;
        }
        a += 1;
    }
    t
};

/// `DISTANCE[a][b]`: Manhattan distance between two square indices.
pub(crate) static DISTANCE: [[u8; SQUARES]; SQUARES] = {
    let mut t = [[0u8; SQUARES]; SQUARES];
    let mut a = 0;
    while a < SQUARES {
        let mut b = 0;
        while b < SQUARES {
            t[a][b] = ((a % SIZE).abs_diff(b % SIZE) + (a / SIZE).abs_diff(b / SIZE)) as u8;
            b += 1;
        }
        a += 1;
    }
    t
};

/// `JUMPS[sq]`: the squares a jumper on `sq` may land on by geometry: distance 0..3, never the
/// hole (at most 1 + 4 + 8 + 12 = 25).
static JUMPS: [SquareList<25>; SQUARES] = {
    let mut t = [SquareList::EMPTY; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut to = 0;
        while to < SQUARES {
            if DISTANCE[sq][to] <= 3 && to != Square::HOLE.index() {
                t[sq] = t[sq].pushed(Square::at(to));
            }
            to += 1;
        }
        sq += 1;
    }
    t
};

/// `NEAR_HOLE[d]`: the squares within distance `d` of the hole (the hole excluded), and
/// `NEAR_HOLE_ON_LINES[d]` those of them on the hole's file or rank.
static NEAR_HOLE: [[u64; SIZE]; 2] = {
    let mut t = [[0u64; SIZE]; 2];
    let hole = Square::HOLE.index();
    let mut sq = 0;
    while sq < SQUARES {
        let on_lines = sq % SIZE == hole % SIZE || sq / SIZE == hole / SIZE;
        let mut d = DISTANCE[sq][hole] as usize;
        while sq != hole && d < SIZE {
            t[0][d] |= 1 << sq;
            if on_lines {
                t[1][d] |= 1 << sq;
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// The squares within `d` of the hole (every square from 6 on).
#[inline]
pub(crate) fn near_hole(d: usize) -> u64 {
    NEAR_HOLE[0][d.min(SIZE - 1)]
}

/// The squares of the hole's file and rank within `d` of it.
#[inline]
pub(crate) fn near_hole_on_lines(d: usize) -> u64 {
    NEAR_HOLE[1][d.min(SIZE - 1)]
}

impl Square {
    /// The neighbour in direction `d`, if on the board.
    #[inline]
    pub(crate) fn neighbour(self, d: Direction) -> Option<Square> {
        NEIGHBOUR[self.index()][d as usize]
    }

    /// The neighbours (2 to 4).
    #[inline]
    pub(crate) fn neighbours(self) -> &'static [Square] {
        NEIGHBOURS[self.index()].as_slice()
    }

    /// The neighbours as a bit set.
    #[inline]
    pub(crate) fn neighbour_mask(self) -> u64 {
        NEIGHBOUR_MASK[self.index()]
    }

    /// The squares a jumper here may land on, by geometry (distance 0..3, not the hole).
    #[inline]
    pub(crate) fn jump_targets(self) -> &'static [Square] {
        JUMPS[self.index()].as_slice()
    }

    /// The direction from `self` along a rank or file to `other`; `None` off its lines, or for
    /// `self` itself.
    #[inline]
    pub(crate) fn direction_to(self, other: Square) -> Option<Direction> {
        LINE[self.index()][other.index()]
    }

    /// The squares strictly between `self` and `other`, which lies in direction `d`, as a bit set.
    #[inline]
    pub(crate) fn between(self, other: Square, d: Direction) -> u64 {
        RAY_MASK[self.index()][d as usize] & !RAY_MASK[other.index()][d as usize] & !other.bit()
    }

    /// The square of `set` nearest to `self` in direction `d`, if `set` has one on that ray.
    #[inline]
    pub(crate) fn nearest(self, d: Direction, set: u64) -> Option<Square> {
        let hits = set & RAY_MASK[self.index()][d as usize];
        if hits == 0 {
            None
        } else if d.ascending() {
            Some(Square::at(hits.trailing_zeros() as usize))
        } else {
            Some(Square::at(63 - hits.leading_zeros() as usize))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    #[test]
    fn tables() {
        let a1 = sq("a1");
        assert_eq!(a1.neighbour_mask().count_ones(), 2);
        assert_eq!(a1.neighbours(), [sq("a2"), sq("b1")]);
        assert_eq!(a1.jump_targets().len(), 10);
        assert_eq!(Square::HOLE.jump_targets().len(), 24); // 25 minus the hole itself
        assert_eq!(a1.neighbour(Direction::North), Some(sq("a2")));
        assert_eq!(a1.neighbour(Direction::West), None);
        assert_eq!(a1.distance(sq("g7")), 12);
        assert_eq!(a1.direction_to(sq("a7")), Some(Direction::North));
        assert_eq!(sq("g1").direction_to(sq("a1")), Some(Direction::West));
        assert_eq!(a1.direction_to(sq("b2")), None);
        assert_eq!(a1.direction_to(a1), None);
        assert_eq!(a1.between(sq("a4"), Direction::North), sq("a2").bit() | sq("a3").bit());
        let set = sq("a3").bit() | sq("a6").bit() | sq("c1").bit();
        assert_eq!(a1.nearest(Direction::North, set), Some(sq("a3")));
        assert_eq!(sq("a7").nearest(Direction::South, set), Some(sq("a6")));
        assert_eq!(sq("g1").nearest(Direction::West, set), Some(sq("c1")));
        assert_eq!(a1.nearest(Direction::East, set), Some(sq("c1")));
        assert_eq!(sq("b2").nearest(Direction::East, set), None);
        for d in Direction::ALL {
            assert_eq!(d.opposite().opposite(), d);
        }
    }
}
