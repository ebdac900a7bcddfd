//! The eight jump directions, and per-size board geometry: the bitboard word and the ray tables,
//! built at compile time.
//!
//! The directions are ordered so that the first four increase the bit index (their nearest square
//! on a ray is the lowest bit) and the last four decrease it (the highest bit), and so that `d ^ 4`
//! is the opposite of `d`.
//!
//! Each size is a zero-sized marker type implementing [`Geometry`], so that the hot code is
//! compiled once per size with `N` and the word type known.

use crate::bits::Bits;
use crate::Size;
use std::fmt::Debug;

/// A direction along a rank, file or diagonal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Direction {
    /// Towards rank N.
    North = 0,
    /// Towards rank N and file a+N.
    NorthEast = 1,
    /// Towards the last file.
    East = 2,
    /// Towards rank N and file a.
    NorthWest = 3,
    /// Towards rank 1.
    South = 4,
    /// Towards rank 1 and file a.
    SouthWest = 5,
    /// Towards file a.
    West = 6,
    /// Towards rank 1 and the last file.
    SouthEast = 7,
}

impl Direction {
    /// All eight, in index order.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::NorthWest,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::SouthEast,
    ];

    /// The index 0..8.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction of an index (taken modulo 8).
    #[inline(always)]
    pub const fn from_index(i: usize) -> Direction {
        Direction::ALL[i & 7]
    }

    /// One step as (file change, rank change).
    pub const fn delta(self) -> (isize, isize) {
        match self {
            Direction::North => (0, 1),
            Direction::NorthEast => (1, 1),
            Direction::East => (1, 0),
            Direction::NorthWest => (-1, 1),
            Direction::South => (0, -1),
            Direction::SouthWest => (-1, -1),
            Direction::West => (-1, 0),
            Direction::SouthEast => (1, -1),
        }
    }

    /// Whether a step increases the bit index.
    #[inline(always)]
    pub const fn ascending(self) -> bool {
        (self as usize) < 4
    }

    /// The opposite direction.
    pub const fn opposite(self) -> Direction {
        Direction::from_index(self as usize ^ 4)
    }

    /// The direction from one (file, rank) to another, if they share a line and differ.
    pub fn between(from: (usize, usize), to: (usize, usize)) -> Option<Direction> {
        let df = to.0 as isize - from.0 as isize;
        let dr = to.1 as isize - from.1 as isize;
        if (df == 0 && dr == 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
            return None;
        }
        let step = (df.signum(), dr.signum());
        Direction::ALL.into_iter().find(|d| d.delta() == step)
    }
}

/// The largest board side.
pub const MAX_N: usize = 10;
/// The most squares a board has.
pub const MAX_SQUARES: usize = MAX_N * MAX_N;

/// Precomputed masks for one board size.
#[derive(Debug)]
pub struct Tables<B> {
    /// `rays[sq][d]`: the squares strictly beyond `sq` in direction `d`, to the edge.
    pub rays: [[B; 8]; MAX_SQUARES],
    /// `ranks[r]`: the squares of rank `r` (from 0).
    pub ranks: [B; MAX_N],
    /// Every square of the board.
    pub full: B,
    /// Every square except those of file `a`: where a step east may land.
    pub not_first_file: B,
    /// Every square except those of the last file: where a step west may land.
    pub not_last_file: B,
}

const fn build(n: usize) -> Tables<u128> {
    let mut rays = [[0u128; 8]; MAX_SQUARES];
    let mut ranks = [0u128; MAX_N];
    let mut full = 0u128;
    let mut first_file = 0u128;
    let mut last_file = 0u128;
    let mut sq = 0;
    while sq < n * n {
        let (file, rank) = ((sq % n) as isize, (sq / n) as isize);
        full |= 1 << sq;
        if file == 0 {
            first_file |= 1 << sq;
        }
        if file == n as isize - 1 {
            last_file |= 1 << sq;
        }
        ranks[rank as usize] |= 1 << sq;
        let mut d = 0;
        while d < 8 {
            let (df, dr) = Direction::ALL[d].delta();
            let (mut f, mut r) = (file + df, rank + dr);
            let mut ray = 0u128;
            while f >= 0 && r >= 0 && f < n as isize && r < n as isize {
                ray |= 1 << (r as usize * n + f as usize);
                f += df;
                r += dr;
            }
            rays[sq][d] = ray;
            d += 1;
        }
        sq += 1;
    }
    Tables {
        rays,
        ranks,
        full,
        not_first_file: full & !first_file,
        not_last_file: full & !last_file,
    }
}

const fn narrow(wide: Tables<u128>) -> Tables<u64> {
    let mut rays = [[0u64; 8]; MAX_SQUARES];
    let mut ranks = [0u64; MAX_N];
    let mut sq = 0;
    while sq < MAX_SQUARES {
        let mut d = 0;
        while d < 8 {
            rays[sq][d] = wide.rays[sq][d] as u64;
            d += 1;
        }
        sq += 1;
    }
    let mut r = 0;
    while r < MAX_N {
        ranks[r] = wide.ranks[r] as u64;
        r += 1;
    }
    Tables {
        rays,
        ranks,
        full: wide.full as u64,
        not_first_file: wide.not_first_file as u64,
        not_last_file: wide.not_last_file as u64,
    }
}

static TABLES6: Tables<u64> = narrow(build(6));
static TABLES8: Tables<u64> = narrow(build(8));
static TABLES10: Tables<u128> = build(10);

/// A board size known at compile time.
pub trait Geometry: Copy + Debug + Default + Eq + Send + Sync + 'static {
    /// The bitboard word.
    type B: Bits;
    /// Files and ranks.
    const N: usize;
    /// The size as a value.
    const SIZE: Size;
    /// The ray and rank masks.
    fn tables() -> &'static Tables<Self::B>;
}

/// The 6×6 board.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct G6;
/// The 8×8 board.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct G8;
/// The 10×10 board.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct G10;

impl Geometry for G6 {
    type B = u64;
    const N: usize = 6;
    const SIZE: Size = Size::Six;
    #[inline(always)]
    fn tables() -> &'static Tables<u64> {
        &TABLES6
    }
}

impl Geometry for G8 {
    type B = u64;
    const N: usize = 8;
    const SIZE: Size = Size::Eight;
    #[inline(always)]
    fn tables() -> &'static Tables<u64> {
        &TABLES8
    }
}

impl Geometry for G10 {
    type B = u128;
    const N: usize = 10;
    const SIZE: Size = Size::Ten;
    #[inline(always)]
    fn tables() -> &'static Tables<u128> {
        &TABLES10
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_have_the_right_lengths() {
        let t = G8::tables();
        // a1 north: a2..a8; a1 north-east: b2..h8; a1 west: nothing.
        assert_eq!(t.rays[0][Direction::North.index()].count_ones(), 7);
        assert_eq!(t.rays[0][Direction::NorthEast.index()].count_ones(), 7);
        assert_eq!(t.rays[0][Direction::West.index()], 0);
        assert_eq!(t.full, u64::MAX);
        let t = G10::tables();
        assert_eq!(t.full.count_ones(), 100);
        assert_eq!(t.rays[99][Direction::SouthWest.index()].count_ones(), 9);
        assert_eq!(t.ranks[9].count_ones(), 10);
        assert_eq!(G6::tables().full.count_ones(), 36);
    }

    #[test]
    fn opposites_and_order() {
        for d in Direction::ALL {
            let (f, r) = d.delta();
            let (of, or) = d.opposite().delta();
            assert_eq!((f, r), (-of, -or));
            // ascending <=> the index grows for every board width
            assert_eq!(d.ascending(), r > 0 || (r == 0 && f > 0));
        }
        assert_eq!(Direction::between((2, 0), (0, 2)), Some(Direction::NorthWest));
        assert_eq!(Direction::between((2, 0), (3, 2)), None);
        assert_eq!(Direction::between((2, 0), (2, 0)), None);
    }
}
