//! Zobrist keys: one per (piece, square), per (piece, ring) and per piece to move.

use crate::square::SQUARES;
use arbiter_core::zobrist::keys;

/// `PIECE_SQUARE[piece * 49 + square]`; a fallen piece uses the hole's key.
pub(crate) static PIECE_SQUARE: [u64; 6 * SQUARES] = keys(0x4B52_5558_0001);
/// `RING[piece * 4 + code]`, code 0 = no ring (key 0, so an unringed piece adds nothing).
pub(crate) static RING: [u64; 24] = {
    let mut k: [u64; 24] = keys(0x4B52_5558_0002);
    let mut p = 0;
    while p < 6 {
        k[p * 4] = 0;
        p += 1;
    }
    k
};
/// `TO_MOVE[piece]`.
pub(crate) static TO_MOVE: [u64; 6] = keys(0x4B52_5558_0003);

/// The key of `piece` on square index `sq`.
#[inline]
pub(crate) fn piece_square(piece: usize, sq: u8) -> u64 {
    PIECE_SQUARE[piece * SQUARES + sq as usize]
}

/// The key of `piece` wearing ring `code` (0 = none).
#[inline]
pub(crate) fn ring(piece: usize, code: u8) -> u64 {
    RING[piece * 4 + code as usize]
}
