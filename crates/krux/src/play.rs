//! Playing a turn: every piece to its new square, the ring on the mover, the turn to the next
//! piece; the hash kept incrementally.

use crate::board::Krux;
use crate::moves::Move;
use crate::piece::Piece;
use crate::zobrist;

/// Plays a turn (a result from the move generator or the notation parser).
#[inline]
pub(crate) fn play(k: &mut Krux, mv: Move) {
    let mover = k.to_move;
    for p in Piece::all() {
        let (from, to) = (k.squares[p.index()], mv.square(p));
        if to != from {
            k.hash ^= zobrist::piece_square(p, from) ^ zobrist::piece_square(p, to);
            k.squares[p.index()] = to;
        }
    }
    let ring = mv.ring();
    if ring != k.rings[mover.index()] {
        k.hash ^= zobrist::ring(mover, k.rings[mover.index()]) ^ zobrist::ring(mover, ring);
        k.rings[mover.index()] = ring;
    }
    let next = mover.next();
    k.hash ^= zobrist::to_move(mover) ^ zobrist::to_move(next);
    k.to_move = next;
}
