//! Attraction for machine learning: the position as planes and every move as one action index.
//!
//! Observation: 3 planes × 8 ranks (row 0 = rank 1) × 8 files (column 0 = file a). Plane 0:
//! Violet's stones; 1: Red's; 2: all ones when Violet is to move. Actions: `(from × 64 + to) ×
//! 5 + p`, with `p` = 0 for no push, 1–4 for a push one point up (towards rank 8), right, down,
//! left of `to`; the pass is the last action, 64 × 64 × 5.
//!
//! A player's view (for nets with a view per player): 2 planes × 8 × 8. Plane 0: the viewer's
//! stones; 1: the opponent's. Red sees the board turned half round (point `i` at `63 − i`), so
//! that each side sees its own stones start on rank 1 and its goal on rank 8.

use crate::bits::squares;
use crate::{Attraction, Move};
use arbiter_core::{NoVariant, Player};

/// The pass's action, the last of the space.
const PASS: usize = 64 * 64 * 5;

/// Where a push sends the stone relative to `to`, in the order of the push codes 1–4.
const PUSHES: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// The observation's shape: planes, ranks, files.
pub(crate) fn observation_shape(_: &NoVariant) -> [usize; 3] {
    [3, 8, 8]
}

/// Marks the ones of the planes (see the module's doc): `3 × 8 × 8` values.
pub(crate) fn observation_inputs(board: &Attraction, mark: &mut dyn FnMut(usize)) {
    for (plane, player) in Player::BOTH.into_iter().enumerate() {
        for square in squares(board.board.stones(player)) {
            mark(plane * 64 + square.index());
        }
    }
    if board.to_move == Player::First {
        (128..192).for_each(mark);
    }
}

/// The shape of a player's view.
pub(crate) fn perspective_shape(_: &NoVariant) -> [usize; 3] {
    [2, 8, 8]
}

/// Marks the ones of `viewer`'s view (see the module's doc): `2 × 8 × 8` inputs.
pub(crate) fn view_inputs(board: &Attraction, viewer: Player, mark: &mut dyn FnMut(usize)) {
    for (plane, player) in [viewer, viewer.opponent()].into_iter().enumerate() {
        for square in squares(board.board.stones(player)) {
            let cell = match viewer {
                Player::First => square.index(),
                Player::Second => 63 - square.index(),
            };
            mark(plane * 64 + cell);
        }
    }
}

/// The size of the action space: every (from, to, push) triple and the pass.
pub(crate) fn action_space(_: &NoVariant) -> usize {
    PASS + 1
}

/// The action index of a move.
pub(crate) fn action_of_move(_: &Attraction, mv: Move) -> Option<usize> {
    Some(match mv {
        Move::Pass => PASS,
        Move::Orbit { from, to, push } => {
            let code = push.map_or(0, |p| {
                let d = (p.file() as i8 - to.file() as i8, p.rank() as i8 - to.rank() as i8);
                1 + PUSHES
                    .iter()
                    .position(|&x| x == d)
                    .expect("a push moves one point orthogonally")
            });
            (from.index() * 64 + to.index()) * 5 + code
        }
    })
}
