//! Zobrist keys: one per (side, point), one for Red to move, one per pass count.

use crate::bits::squares;
use crate::{Attraction, Board};
use arbiter_core::zobrist::keys;
use arbiter_core::Player;

/// Keys of Violet stones (`[0]`) and Red stones (`[1]`) per point.
pub(crate) static STONE: [[u64; 64]; 2] = [keys(0xA77A_0001), keys(0xA77A_0002)];
/// Toggled when Red is to move.
pub(crate) const RED_TO_MOVE: u64 = keys::<1>(0xA77A_0003)[0];
/// Per pass count 0, 1, 2 (0 has key 0 so that the repetition key needs no correction).
pub(crate) const PASSES: [u64; 3] = {
    let k = keys::<3>(0xA77A_0004);
    [0, k[1], k[2]]
};

/// The key of the board and side to move, from scratch (the pass count is added separately).
pub(crate) fn board_key(board: &Board, to_move: Player) -> u64 {
    let mut key = if to_move == Player::Second { RED_TO_MOVE } else { 0 };
    for player in Player::BOTH {
        for sq in squares(board.stones(player)) {
            key ^= STONE[player.index()][sq.index()];
        }
    }
    key
}

/// The hash: the incremental key with the pass count's.
#[inline]
pub(crate) fn hash(board: &Attraction) -> u64 {
    board.key ^ PASSES[board.passes as usize]
}

/// The hash from scratch, to check the incremental one.
pub(crate) fn hash_from_scratch(board: &Attraction) -> u64 {
    board_key(&board.board, board.to_move) ^ PASSES[board.passes as usize]
}

/// Board and side to move only: the pass count is not part of a repetition.
#[inline]
pub(crate) fn repetition_key(board: &Attraction) -> u64 {
    board.key
}
