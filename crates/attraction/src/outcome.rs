//! The end of the game: a filled goal row or two passes, and the story of how it ended.

use crate::bits::squares;
use crate::piece::player_name;
use crate::{Attraction, Board, Move, Square};
use arbiter_core::story::capitalised;
use arbiter_core::{Outcome, Story};

/// The mover's goal first (the side that just moved is the opponent of the side to move),
/// then the other side's goal, then two passes.
#[inline]
pub(crate) fn outcome(board: &Attraction) -> Option<Outcome> {
    let mover = board.to_move.opponent();
    if board.board.goal_reached(mover) {
        Some(Outcome::Win(mover))
    } else if board.board.goal_reached(board.to_move) {
        Some(Outcome::Win(board.to_move))
    } else if board.passes >= 2 {
        Some(Outcome::Draw)
    } else {
        None
    }
}

/// What the board shows at the end (see [`arbiter_core::Presentation::ending_story`]).
/// `None` while the board shows no ending.
pub(crate) fn ending_story(board: &Attraction, _last: Option<(&Attraction, Move)>) -> Option<Story> {
    let Some(winner) = outcome(board)?.winner() else {
        return Some(Story::new("Both sides passed in a row: a draw.", Vec::new()));
    };
    let row = Board::goal_row(winner);
    let rank = if row & 1 != 0 { 1 } else { 8 };
    Some(Story::new(
        format!(
            "{} filled {}'s start row (rank {rank}).",
            capitalised(player_name(winner)),
            capitalised(player_name(winner.opponent()))
        ),
        squares(row).map(|s: Square| s.to_string()).collect(),
    ))
}
