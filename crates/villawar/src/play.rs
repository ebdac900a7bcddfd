//! Making a move, with the Zobrist hash kept up to date.

use crate::bits::Bits;
use crate::board::Board;
use crate::geometry::Geometry;
use crate::moves::Move;
use crate::zobrist;

/// The squares strictly between the ends of a jump.
#[inline(always)]
fn between<G: Geometry>(mv: Move) -> G::B {
    let rays = &G::tables().rays;
    let (d, to) = (mv.dir_idx(), mv.target());
    rays[mv.origin()][d] & !(rays[to][d] | G::B::bit(to))
}

/// Hands the move to the opponent as a jump that changes nothing would (the board stays, the
/// pass count becomes 0): the search's null move, never a turn of the game.
#[inline]
pub fn null_move<G: Geometry>(board: &mut Board<G>) {
    let passes = usize::from(board.passes.min(2));
    board.hash ^= zobrist::BLACK_TO_MOVE ^ zobrist::PASSES[passes] ^ zobrist::PASSES[0];
    board.side = board.side.opponent();
    board.passes = 0;
}

/// Plays a move that [`crate::movegen::legal_moves`] listed.
///
/// A villager converts the villager phalanx it crosses into warriors, or removes the warrior
/// phalanx it crosses; a warrior removes the enemy piece it lands on. The pass only counts.
#[inline]
pub fn play<G: Geometry>(board: &mut Board<G>, mv: Move) {
    let passes = usize::from(board.passes.min(2));
    board.hash ^= zobrist::BLACK_TO_MOVE ^ zobrist::PASSES[passes];
    board.side = board.side.opponent();
    if mv.is_pass() {
        let passes = (passes + 1).min(2);
        board.passes = passes as u8;
        board.hash ^= zobrist::PASSES[passes];
        return;
    }
    board.passes = 0;
    let us = board.side.opponent().index() * 2;
    let (vi, wi) = (us, us + 1);
    let (from, to) = (mv.origin(), mv.target());
    let jumper = if board.pieces[vi].has(from) { vi } else { wi };
    board.pieces[jumper] ^= G::B::bit(from) | G::B::bit(to);
    board.hash ^= zobrist::PIECE[jumper][from] ^ zobrist::PIECE[jumper][to];

    if jumper == vi {
        let crossed = between::<G>(mv) & board.occupied();
        let mut converted = crossed & board.pieces[vi];
        if !converted.none() {
            board.pieces[vi] ^= crossed;
            board.pieces[wi] |= crossed;
            while !converted.none() {
                let sq = converted.pop();
                board.hash ^= zobrist::PIECE[vi][sq] ^ zobrist::PIECE[wi][sq];
            }
        } else {
            let mut removed = crossed;
            board.pieces[wi] ^= crossed;
            while !removed.none() {
                board.hash ^= zobrist::PIECE[wi][removed.pop()];
            }
        }
    } else {
        let them = (us ^ 2, us ^ 3);
        let victim = if board.pieces[them.0].has(to) { them.0 } else { them.1 };
        board.pieces[victim] ^= G::B::bit(to);
        board.hash ^= zobrist::PIECE[victim][to];
    }
}
