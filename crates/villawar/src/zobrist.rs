//! Zobrist keys: one per (piece, square), one for Black to move, one per pass count and size.

use crate::geometry::MAX_SQUARES;
use arbiter_core::zobrist::keys;

/// `PIECE[piece.index()][square]`.
pub static PIECE: [[u64; MAX_SQUARES]; 4] = [
    keys(0x5649_4c4c_0001),
    keys(0x5649_4c4c_0002),
    keys(0x5649_4c4c_0003),
    keys(0x5649_4c4c_0004),
];

const MISC: [u64; 7] = keys(0x5649_4c4c_0005);

/// XORed in when Black is to move.
pub const BLACK_TO_MOVE: u64 = MISC[0];

/// `PASSES[n]` for a pass count of 0, 1 or 2 (0 has key 0 so a fresh game hashes by its board).
pub const PASSES: [u64; 3] = [0, MISC[1], MISC[2]];

/// `SIZE[size.index()]`, so that boards of different sizes never share a hash.
pub const SIZE: [u64; 3] = [MISC[3], MISC[4], MISC[5]];
