//! Zobrist keys: one per (piece, square), one for Black to move, one per pass count and size.

use crate::bits::squares;
use crate::board::Board;
use crate::geometry::{Geometry, MAX_SQUARES};
use crate::piece::BLACK;
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

/// The hash computed from the board, to set and check the incremental one.
pub fn hash_from_scratch<G: Geometry>(board: &Board<G>) -> u64 {
    let mut h = SIZE[G::SIZE.index()] ^ PASSES[usize::from(board.passes.min(2))];
    if board.side == BLACK {
        h ^= BLACK_TO_MOVE;
    }
    for (i, &set) in board.pieces.iter().enumerate() {
        for sq in squares(set) {
            h ^= PIECE[i][sq];
        }
    }
    h
}

/// The hash without the pass count: the board and the side to move only.
#[inline]
pub fn repetition_key<G: Geometry>(board: &Board<G>) -> u64 {
    board.hash ^ PASSES[usize::from(board.passes.min(2))]
}
