//! Void for machine learning: the position as planes and every turn as one action index.
//!
//! Observation: 9 planes × 5 orbits (row 0 = orbit 1, next to the void) × 18 sectors (column 0 =
//! sector a). Planes 0–3: Black's flagship, bombers, sweepers, fighters; 4–7: White's; plane 8:
//! all ones when Black is to move. Actions: `(from × 90 + to) × 91 + t`, with `t` = 0 for no
//! attack or 1 + the target square (squares indexed orbit-major from a1); the pass is the last
//! action, 90 × 90 × 91. Whole turns keep one action per distinct turn, at the price of a large
//! but sparse space.
//!
//! A player's view (for nets with a view per player): 8 planes × 5 orbits × 18 sectors. Planes
//! 0–3: the viewer's flagship, bombers, sweepers, fighters; 4–7: the opponent's. White sees the
//! board turned half round (sector `s` at `s + 9` mod 18), so that each side sees its own fleet
//! start in sectors m–o, where Black's does.

use crate::piece::BLACK;
use crate::{Kind, Move, Square, Void, ORBITS, SECTORS, SQUARES};
use arbiter_core::{NoVariant, Player};

/// Planes of the observation.
const PLANES: usize = 9;
/// The pass's action, the last of the space.
const PASS: usize = SQUARES * SQUARES * (SQUARES + 1);

/// The observation's shape: planes, orbits, sectors.
pub(crate) fn observation_shape(_: &NoVariant) -> [usize; 3] {
    [PLANES, ORBITS, SECTORS]
}

/// Marks the ones of the planes (see the module's doc): `9 × 5 × 18` values.
pub(crate) fn observation_inputs(board: &Void, mark: &mut dyn FnMut(usize)) {
    let plane = ORBITS * SECTORS;
    for square in Square::all() {
        if let Some(piece) = board.piece(square) {
            let kind = Kind::ALL.iter().position(|&k| k == piece.kind).expect("a kind");
            let owner = if piece.owner == BLACK { 0 } else { 4 };
            let at = (square.orbit() as usize - 1) * SECTORS + square.sector() as usize;
            mark((owner + kind) * plane + at);
        }
    }
    if board.side() == BLACK {
        (8 * plane..9 * plane).for_each(mark);
    }
}

/// The shape of a player's view: planes, orbits, sectors.
pub(crate) fn perspective_shape(_: &NoVariant) -> [usize; 3] {
    [8, ORBITS, SECTORS]
}

/// Marks the ones of `viewer`'s view (see the module's doc): `8 × 5 × 18` inputs.
pub(crate) fn view_inputs(board: &Void, viewer: Player, mark: &mut dyn FnMut(usize)) {
    let plane = ORBITS * SECTORS;
    let turn = if viewer == BLACK { 0 } else { SECTORS / 2 };
    for square in Square::all() {
        if let Some(piece) = board.piece(square) {
            let kind = Kind::ALL.iter().position(|&k| k == piece.kind).expect("a kind");
            let side = if piece.owner == viewer { 0 } else { 4 };
            let sector = (square.sector() as usize + turn) % SECTORS;
            let at = (square.orbit() as usize - 1) * SECTORS + sector;
            mark((side + kind) * plane + at);
        }
    }
}

/// The size of the action space: every (from, to, target) triple and the pass.
pub(crate) fn action_space(_: &NoVariant) -> usize {
    PASS + 1
}

/// The action index of a turn.
pub(crate) fn action_of_move(_: &Void, mv: Move) -> Option<usize> {
    Some(match mv {
        Move::Pass => PASS,
        Move::Turn { from, to, target } => {
            (from.index() * SQUARES + to.index()) * (SQUARES + 1) + target.map_or(0, |t| t.index() + 1)
        }
    })
}
