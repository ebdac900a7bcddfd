//! Per-size board geometry: the bitboard word and the ray tables, built at compile time.
//!
//! Each size is a zero-sized marker type implementing [`Geometry`], so that the hot code is
//! compiled once per size with `N` and the word type known.

use crate::bits::Bits;
use crate::direction::Direction;
use crate::Size;
use std::fmt::Debug;

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
}
