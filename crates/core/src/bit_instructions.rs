//! Move generators compiled twice: for the x86-64 baseline that every such machine runs, and for
//! the bit-counting and bit-scanning instructions (`popcnt`, `lzcnt`, `tzcnt`) that x86-64 CPUs
//! have had since about 2013 but the baseline target may not assume. Without them a
//! `count_ones` is emulated in about a dozen instructions. The version is chosen when the
//! program runs (the `multiversion` crate), so one binary and one Python wheel still run on every
//! x86-64 machine, and other architectures get the one plain version.

/// Compiles a function for the bit instructions as well as for the baseline, and calls the best
/// one the CPU has. Meant for a generator's entry point, into which its `#[inline]` helpers are
/// inlined and so compiled for the same instructions. The calling crate depends on `multiversion`
/// (its expansion names that crate).
///
/// ```ignore
/// arbiter_core::with_bit_instructions! {
///     /// The number of legal moves.
///     pub fn count_moves(board: &Board) -> usize { generate(board) }
/// }
/// ```
#[macro_export]
macro_rules! with_bit_instructions {
    ($item:item) => {
        #[multiversion::multiversion(targets("x86_64+popcnt+lzcnt+bmi1"))]
        $item
    };
}
