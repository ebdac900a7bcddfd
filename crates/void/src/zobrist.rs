//! Zobrist keys for Void positions.

use crate::{Piece, Square, Void, SQUARES};
use arbiter_core::zobrist::keys;
use arbiter_core::Player;

static PIECES: [u64; SQUARES * 8] = keys(0x766f_6964_0001);
static SIDE: [u64; 2] = keys(0x766f_6964_0002);
static PASSES: [u64; 3] = keys(0x766f_6964_0003);

/// The key of a piece on a square.
#[inline]
pub fn piece(square: Square, piece: Piece) -> u64 {
    PIECES[square.index() * 8 + piece.code() as usize - 1]
}

/// The key of the side to move.
#[inline]
pub fn side(player: Player) -> u64 {
    SIDE[player.index()]
}

/// The key of the pass count.
#[inline]
pub fn passes(count: u8) -> u64 {
    PASSES[count.min(2) as usize]
}

/// The hash recomputed from the board.
pub(crate) fn hash_from_scratch(board: &Void) -> u64 {
    let mut h = side(board.side()) ^ passes(board.passes());
    for square in Square::all() {
        if let Some(p) = board.piece(square) {
            h ^= piece(square, p);
        }
    }
    h
}

/// The hash without the pass count: the pieces and the side to move.
pub(crate) fn repetition_key(board: &Void) -> u64 {
    board.key() ^ passes(board.passes())
}
