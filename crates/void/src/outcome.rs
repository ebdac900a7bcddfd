//! The end of the game: the result the board shows, and the story of how it ended.

use crate::piece::{player_name, BLACK, WHITE};
use crate::{Kind, Move, Piece, Square, Void};
use arbiter_core::{Outcome, Player, Story};

/// The result the board shows: a missing flagship loses (both missing: draw), two lone
/// flagships draw, and two passes in a row draw.
pub(crate) fn outcome(board: &Void) -> Option<Outcome> {
    let black = board.flagship_count(BLACK) > 0;
    let white = board.flagship_count(WHITE) > 0;
    match (black, white) {
        (false, false) => return Some(Outcome::Draw),
        (false, true) => return Some(Outcome::Win(WHITE)),
        (true, false) => return Some(Outcome::Win(BLACK)),
        (true, true) => {}
    }
    // Both flagships stand, so only they are left when clearing the two lowest pieces leaves
    // none: no population count, which without a target CPU costs some thirty instructions on
    // a u128, at every node of a search or a perft.
    let occupied = board.occupied();
    let but_lowest = occupied & occupied.wrapping_sub(1);
    let only_two = but_lowest & but_lowest.wrapping_sub(1) == 0;
    if only_two || board.passes() >= 2 {
        return Some(Outcome::Draw);
    }
    None
}

/// What the board shows at the end (see [`arbiter_core::Presentation::ending_story`]).
/// `None` while the board shows no ending.
pub(crate) fn ending_story(board: &Void, last: Option<(&Void, Move)>) -> Option<Story> {
    outcome(board)?;
    let flagship = |position: &Void, owner: Player| {
        Square::all().find(|&s| {
            position.piece(s)
                == Some(Piece {
                    kind: Kind::Flagship,
                    owner,
                })
        })
    };
    let lost: Vec<Player> = [BLACK, WHITE]
        .into_iter()
        .filter(|&p| flagship(board, p).is_none())
        .collect();
    let mut cells: Vec<String> = Vec::new();
    if let Some((before, mv)) = last {
        for &p in &lost {
            cells.extend(flagship(before, p).map(|s| s.to_string()));
        }
        if let Move::Turn { from, to, .. } = mv {
            cells.push(from.to_string());
            cells.push(to.to_string());
        }
    }
    let name = |p: Player| arbiter_core::story::capitalised(player_name(p));
    let text = match lost.as_slice() {
        [p] => format!("{}'s flagship fell into the void.", name(*p)),
        [_, _] => "Both flagships fell into the void: a draw.".to_string(),
        _ if board.passes() >= 2 => "Neither side could move: both passed, a draw.".to_string(),
        _ => "Only the two flagships are left: a draw.".to_string(),
    };
    Some(Story::new(text, cells))
}
