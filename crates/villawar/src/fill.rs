//! Whole-board shifts and occluded fills along one direction (Kogge-Stone), so that the pieces
//! that can jump in a direction are found for all pieces at once, without a branch per piece.

use crate::geometry::Geometry;

/// Moves every square `k` steps against direction `D` (bit `p` goes to `p - k·delta(D)`),
/// without the edge masking (see [`back_mask`]).
#[inline(always)]
fn back_raw<G: Geometry, const D: usize>(x: G::B, k: u32) -> G::B {
    let n = G::N as u32;
    let delta = match D % 4 {
        0 => n,     // north / south
        1 => n + 1, // north-east / south-west
        2 => 1,     // east / west
        _ => n - 1, // north-west / south-east
    };
    if D < 4 {
        x >> (delta * k)
    } else {
        x << (delta * k)
    }
}

/// The squares a step against `D` may land on without wrapping round an edge.
#[inline(always)]
fn back_mask<G: Geometry, const D: usize>() -> G::B {
    let t = G::tables();
    match D {
        // against NE, E, SE is a step west: it must not land on the last file.
        1 | 2 | 7 => t.not_last_file,
        // against NW, SW, W is a step east: it must not land on file a.
        3 | 5 | 6 => t.not_first_file,
        _ => t.full,
    }
}

/// The squares `q` such that `q + D` is in `x`.
#[inline(always)]
pub fn step_back<G: Geometry, const D: usize>(x: G::B) -> G::B {
    back_raw::<G, D>(x, 1) & back_mask::<G, D>()
}

/// `gen` together with every square of `pro` from which stepping along `D` over `pro` squares
/// only reaches a square of `gen`.
#[inline(always)]
pub fn fill_back<G: Geometry, const D: usize>(mut gen: G::B, pro: G::B) -> G::B {
    let mut pro = pro & back_mask::<G, D>();
    gen |= pro & back_raw::<G, D>(gen, 1);
    pro &= back_raw::<G, D>(pro, 1);
    gen |= pro & back_raw::<G, D>(gen, 2);
    pro &= back_raw::<G, D>(pro, 2);
    gen |= pro & back_raw::<G, D>(gen, 4);
    if G::N > 8 {
        pro &= back_raw::<G, D>(pro, 4);
        gen |= pro & back_raw::<G, D>(gen, 8);
    }
    gen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{G10, G6, G8};

    /// The same fill one step at a time, to check the doubling version.
    fn slow<G: Geometry, const D: usize>(mut gen: G::B, pro: G::B) -> G::B {
        for _ in 0..G::N {
            gen |= pro & step_back::<G, D>(gen);
        }
        gen
    }

    fn check<G: Geometry, const D: usize>(seed: u64)
    where
        G::B: From<u64>,
    {
        let mut x = seed;
        let mut next = || {
            x = arbiter_core::zobrist::splitmix64(x);
            let hi: G::B = G::B::from(x);
            x = arbiter_core::zobrist::splitmix64(x);
            let shift = if G::N > 8 { 64 } else { 0 };
            ((hi << shift) ^ G::B::from(x)) & G::tables().full
        };
        for _ in 0..200 {
            let (gen, pro) = (next(), next() | next());
            assert_eq!(fill_back::<G, D>(gen, pro), slow::<G, D>(gen, pro));
        }
    }

    fn all<G: Geometry>()
    where
        G::B: From<u64>,
    {
        check::<G, 0>(1);
        check::<G, 1>(2);
        check::<G, 2>(3);
        check::<G, 3>(4);
        check::<G, 4>(5);
        check::<G, 5>(6);
        check::<G, 6>(7);
        check::<G, 7>(8);
    }

    #[test]
    fn doubling_fill_matches_step_by_step() {
        all::<G6>();
        all::<G8>();
        all::<G10>();
    }

    #[test]
    fn steps_do_not_wrap() {
        // h1 is not one step against east (west) of a2; a2 is not one step against west of h1.
        let h1: u64 = 1 << 7;
        let a2: u64 = 1 << 8;
        assert_eq!(step_back::<G8, 2>(a2), 0);
        assert_eq!(step_back::<G8, 6>(h1), 0);
        assert_eq!(step_back::<G8, 2>(h1), 1 << 6);
    }
}
