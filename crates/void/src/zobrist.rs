//! Zobrist keys for Void positions.

use crate::{Cell, Piece, CELLS};
use arbiter_core::zobrist::keys;
use arbiter_core::Player;

static PIECES: [u64; CELLS * 8] = keys(0x766f_6964_0001);
static SIDE: [u64; 2] = keys(0x766f_6964_0002);
static PASSES: [u64; 3] = keys(0x766f_6964_0003);

/// The key of a piece on a cell.
#[inline]
pub fn piece(cell: Cell, piece: Piece) -> u64 {
    PIECES[cell.index() * 8 + piece.code() as usize - 1]
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
