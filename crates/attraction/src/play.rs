//! Playing a move: the mover's stone ends its chain, a pushed stone moves one point, and the key
//! follows.

use crate::{zobrist, Attraction, Move};

/// Hands the move to the opponent as a move that changes nothing would (the stones stay, the
/// pass count becomes 0): the search's null move, never a turn of the game.
pub(crate) fn null_move(board: &mut Attraction) {
    board.key ^= zobrist::RED_TO_MOVE;
    board.to_move = board.to_move.opponent();
    board.passes = 0;
}

/// Plays a legal move (or the pass), keeping the key up to date.
#[inline]
pub(crate) fn play(board: &mut Attraction, mv: Move) {
    match mv {
        Move::Pass => {
            board.key ^= zobrist::RED_TO_MOVE;
            board.to_move = board.to_move.opponent();
            board.passes = (board.passes + 1).min(2);
        }
        Move::Orbit { from, to, push } => {
            let mover = board.to_move;
            if let Some(push) = push {
                let pushed = board.board.owner(to).expect("a push moves a stone");
                board.board.relocate(pushed, to, push);
                let keys = &zobrist::STONE[pushed.index()];
                board.key ^= keys[to.index()] ^ keys[push.index()];
            }
            board.board.relocate(mover, from, to);
            let keys = &zobrist::STONE[mover.index()];
            board.key ^= keys[from.index()] ^ keys[to.index()] ^ zobrist::RED_TO_MOVE;
            board.to_move = mover.opponent();
            board.passes = 0;
        }
    }
}
