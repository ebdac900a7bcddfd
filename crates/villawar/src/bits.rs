//! The bitboard word, a trait so that the 6×6 and 8×8 boards work on `u64` and only the 10×10
//! board pays for `u128`.
//!
//! Bit `rank * N + file` is the square (`a1` = bit 0); move generation is generic over the word.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// A set of squares as a machine word.
pub trait Bits:
    Copy
    + Eq
    + Default
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The empty set.
    const ZERO: Self;
    /// The set holding only square `sq`.
    fn bit(sq: usize) -> Self;
    /// Whether `sq` is in the set.
    fn has(self, sq: usize) -> bool;
    /// Whether the set is empty.
    fn none(self) -> bool;
    /// The lowest square (the set must not be empty).
    fn lowest(self) -> usize;
    /// The highest square (the set must not be empty).
    fn highest(self) -> usize;
    /// The number of squares.
    fn count(self) -> u32;
    /// Removes and returns the lowest square (the set must not be empty).
    fn pop(&mut self) -> usize;
    /// Every square below the lowest one of the set (every square if it is empty).
    fn below_lowest(self) -> Self;
    /// Every square above the highest one of the set (every square if it is empty).
    fn above_highest(self) -> Self;
}

macro_rules! impl_bits {
    ($t:ty) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            #[inline(always)]
            fn bit(sq: usize) -> Self {
                1 << sq
            }
            #[inline(always)]
            fn has(self, sq: usize) -> bool {
                (self >> sq) & 1 != 0
            }
            #[inline(always)]
            fn none(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn highest(self) -> usize {
                (<$t>::BITS - 1 - self.leading_zeros()) as usize
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn pop(&mut self) -> usize {
                let sq = self.trailing_zeros() as usize;
                *self &= *self - 1;
                sq
            }
            #[inline(always)]
            fn below_lowest(self) -> Self {
                (self & self.wrapping_neg()).wrapping_sub(1)
            }
            #[inline(always)]
            fn above_highest(self) -> Self {
                <$t>::MAX
                    .checked_shl(<$t>::BITS - self.leading_zeros())
                    .unwrap_or(0)
            }
        }
    };
}

impl_bits!(u64);
impl_bits!(u128);

/// The squares of a set, lowest first.
pub fn squares<B: Bits>(mut set: B) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || (!set.none()).then(|| set.pop()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scans_both_ends() {
        let x: u128 = (1 << 3) | (1 << 99);
        assert_eq!(x.lowest(), 3);
        assert_eq!(x.highest(), 99);
        assert_eq!(x.count(), 2);
        assert_eq!(squares(x).collect::<Vec<_>>(), vec![3, 99]);
        let y: u64 = 1 << 63;
        assert_eq!(y.highest(), 63);
        assert!(y.has(63) && !y.has(0));
        assert_eq!(0b1000u64.below_lowest(), 0b111);
        assert_eq!(0u64.below_lowest(), u64::MAX);
        assert_eq!(0b1000u64.above_highest(), !0b1111);
        assert_eq!(0u128.above_highest(), u128::MAX);
        assert_eq!(y.above_highest(), 0);
        assert_eq!((1u128 << 127).above_highest(), 0);
    }
}
