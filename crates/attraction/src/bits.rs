//! Sets of points as `u64` bitboards (bit `rank * 8 + file`): the masks the game needs and the
//! points of a set, since move generation works on whole sets at once.

use crate::Square;

/// Every point but those on file `a`: what may remain after a shift eastwards.
pub(crate) const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;
/// Every point but those on file `h`: what may remain after a shift westwards.
pub(crate) const NOT_FILE_H: u64 = !0x8080_8080_8080_8080;

/// Rank 1 (Violet's start, Red's goal).
pub const RANK_1: u64 = 0xFF;
/// Rank 8 (Red's start, Violet's goal).
pub const RANK_8: u64 = 0xFF << 56;

/// The squares of a bitboard, lowest index first.
#[inline]
pub(crate) fn squares(mut bits: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if bits == 0 {
            None
        } else {
            let index = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(Square::at(index))
        }
    })
}
