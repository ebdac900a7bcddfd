//! Zobrist keys: one per (piece, square), per (piece, ring) and per piece to move; and the hash
//! computed from scratch.

use crate::board::Krux;
use crate::piece::{Piece, Ring};
use crate::square::{Square, SQUARES};
use arbiter_core::zobrist::keys;

/// `PIECE_SQUARE[piece * 49 + square]`; a fallen piece uses the hole's key.
static PIECE_SQUARE: [u64; 6 * SQUARES] = keys(0x4B52_5558_0001);
/// `RING[piece * 4 + code]`, code 0 = no ring (key 0, so an unringed piece adds nothing).
static RING: [u64; 24] = {
    let mut k: [u64; 24] = keys(0x4B52_5558_0002);
    let mut p = 0;
    while p < 6 {
        k[p * 4] = 0;
        p += 1;
    }
    k
};
/// `TO_MOVE[piece]`.
static TO_MOVE: [u64; 6] = keys(0x4B52_5558_0003);

/// The key of `piece` on `square`.
#[inline]
pub(crate) fn piece_square(piece: Piece, square: Square) -> u64 {
    PIECE_SQUARE[piece.index() * SQUARES + square.index()]
}

/// The key of `piece` wearing `ring` (0 for no ring).
#[inline]
pub(crate) fn ring(piece: Piece, ring: Option<Ring>) -> u64 {
    RING[piece.index() * 4 + ring.map_or(0, Ring::code) as usize]
}

/// The key of `piece` being the one to move.
#[inline]
pub(crate) fn to_move(piece: Piece) -> u64 {
    TO_MOVE[piece.index()]
}

/// The hash computed from nothing.
pub(crate) fn hash_from_scratch(k: &Krux) -> u64 {
    let mut h = to_move(k.piece_to_move());
    for p in Piece::all() {
        h ^= piece_square(p, k.square(p));
        h ^= ring(p, k.ring(p));
    }
    h
}
