//! Villawar for machine learning: the position as planes and every jump as one action index.
//!
//! Observation: 5 planes × N ranks (row 0 = rank 1) × N files (column 0 = file a). Planes 0–1:
//! White's villagers and warriors; 2–3: Black's; 4: all ones when White is to move. Actions:
//! `from × N² + to` (a jump is told by its two squares); the pass is the last action, N⁴.
//!
//! A player's view (for nets with a view per player): 4 planes × N × N. Planes 0–1: the
//! viewer's villagers and warriors; 2–3: the opponent's. Black sees the board turned half round
//! (square `i` at `N² − 1 − i`), so that each side sees its own pieces start on the first ranks.

use crate::piece::{Kind, Piece, BLACK, WHITE};
use crate::{Move, Square, Villawar, VillawarVariant};
use arbiter_core::{Game, Player};

/// The observation's shape for the variant's board size.
pub(crate) fn observation_shape(variant: &VillawarVariant) -> [usize; 3] {
    [5, variant.size.n(), variant.size.n()]
}

/// The size of the action space for the variant's board size: every (from, to) pair and the pass.
pub(crate) fn action_space(variant: &VillawarVariant) -> usize {
    variant.size.n().pow(4) + 1
}

/// Writes the planes (see the module's doc); `out` holds `5 × N × N` values.
pub(crate) fn observe(game: &Villawar, out: &mut [f32]) {
    out.fill(0.0);
    let size = game.size();
    let area = size.n() * size.n();
    let planes = [
        Piece::new(WHITE, Kind::Villager),
        Piece::new(WHITE, Kind::Warrior),
        Piece::new(BLACK, Kind::Villager),
        Piece::new(BLACK, Kind::Warrior),
    ];
    for index in 0..area {
        if let Some(piece) = game.piece_at(Square::from_index(index)) {
            let plane = planes.iter().position(|&p| p == piece).expect("a piece");
            out[plane * area + index] = 1.0;
        }
    }
    if game.to_move() == WHITE {
        out[4 * area..5 * area].fill(1.0);
    }
}

/// The shape of a player's view for the variant's board size.
pub(crate) fn perspective_shape(variant: &VillawarVariant) -> [usize; 3] {
    [4, variant.size.n(), variant.size.n()]
}

/// Writes `viewer`'s view (see the module's doc); `out` holds `4 × N × N` values.
pub(crate) fn observe_as(game: &Villawar, viewer: Player, out: &mut [f32]) {
    out.fill(0.0);
    let size = game.size();
    let area = size.n() * size.n();
    for index in 0..area {
        if let Some(piece) = game.piece_at(Square::from_index(index)) {
            let plane = if piece.player == viewer { 0 } else { 2 } + piece.kind as usize;
            let cell = if viewer == WHITE { index } else { area - 1 - index };
            out[plane * area + cell] = 1.0;
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
