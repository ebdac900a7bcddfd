//! Villawar for machine learning: the position as planes and every jump as one action index.
//!
//! Observation: 5 planes × N ranks (row 0 = rank 1) × N files (column 0 = file a). Planes 0–1:
//! White's villagers and warriors; 2–3: Black's; 4: all ones when White is to move. Actions:
//! `from × N² + to` (a jump is told by its two squares); the pass is the last action, N⁴.
//!
//! A player's view (for nets with a view per player): 4 planes × N × N. Planes 0–1: the
//! viewer's villagers and warriors; 2–3: the opponent's. Black sees the board turned half round
//! (square `i` at `N² − 1 − i`), so that each side sees its own pieces start on the first ranks.

use crate::bits::squares;
use crate::board::{dispatch, Board};
use crate::geometry::Geometry;
use crate::piece::{Piece, BLACK, WHITE};
use crate::{Move, Villawar, VillawarVariant};
use arbiter_core::{Game, Player};

/// The observation's shape for the variant's board size.
pub(crate) fn observation_shape(variant: &VillawarVariant) -> [usize; 3] {
    [5, variant.size.n(), variant.size.n()]
}

/// The size of the action space for the variant's board size: every (from, to) pair and the pass.
pub(crate) fn action_space(variant: &VillawarVariant) -> usize {
    variant.size.n().pow(4) + 1
}

/// Marks the ones of the planes (see the module's doc): `5 × N × N` values.
pub(crate) fn observation_inputs(game: &Villawar, mark: &mut dyn FnMut(usize)) {
    dispatch!(game, b => mark_pieces(b, None, mark));
    let area = game.size().n() * game.size().n();
    if game.to_move() == WHITE {
        (4 * area..5 * area).for_each(mark);
    }
}

/// The shape of a player's view for the variant's board size.
pub(crate) fn perspective_shape(variant: &VillawarVariant) -> [usize; 3] {
    [4, variant.size.n(), variant.size.n()]
}

/// Marks the ones of `viewer`'s view (see the module's doc): `4 × N × N` inputs.
pub(crate) fn view_inputs(game: &Villawar, viewer: Player, mark: &mut dyn FnMut(usize)) {
    dispatch!(game, b => mark_pieces(b, Some(viewer), mark));
}

/// Marks the input of every piece, from its bitboard: White's planes first, or `viewer`'s (the
/// board turned half round for Black).
fn mark_pieces<G: Geometry>(board: &Board<G>, viewer: Option<Player>, mark: &mut dyn FnMut(usize)) {
    let area = G::N * G::N;
    for (index, &set) in board.pieces.iter().enumerate() {
        let piece = Piece::from_index(index);
        let (plane, turned) = match viewer {
            None => (index, false),
            Some(viewer) => (
                if piece.player == viewer { 0 } else { 2 } + piece.kind as usize,
                viewer == BLACK,
            ),
        };
        for square in squares(set) {
            let cell = if turned { area - 1 - square } else { square };
            mark(plane * area + cell);
        }
    }
}

/// The action index of a jump.
pub(crate) fn action_of_move(game: &Villawar, mv: Move) -> Option<usize> {
    let area = game.size().n() * game.size().n();
    Some(match (mv.from(), mv.to()) {
        (Some(from), Some(to)) => from.index() * area + to.index(),
        _ => area * area,
    })
}
