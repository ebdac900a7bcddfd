//! Playing a turn: the move, the attack and the falls it causes.

use crate::{Kind, Move, Square, Void, SECTORS};

/// Plays a legal turn. `fell` is told the square of every piece that falls (chain falls
/// included), before it falls: interfaces mark those pieces, the hot path ignores them.
pub(crate) fn play(board: &mut Void, mv: Move, fell: &mut impl FnMut(Square)) {
    let mover = board.side();
    match mv {
        Move::Pass => {
            board.set_passes(board.passes() + 1);
        }
        Move::Turn { from, to, target } => {
            let piece = board.take(from).expect("a legal turn starts on a piece");
            board.put(to, piece);
            if let Some(target) = target {
                match piece.kind {
                    Kind::Flagship => fall(board, target, 3, fell),
                    Kind::Fighter => fall(board, target, 1, fell),
                    Kind::Bomber => {
                        for orbit in (1..to.orbit()).rev() {
                            let square = Square::new(orbit, to.sector()).expect("on the board");
                            if !board.is_empty(square) {
                                fell(square);
                                board.take(square);
                            }
                        }
                    }
                    Kind::Sweeper => sweep(board, from, to, target, fell),
                }
            }
            if board.passes() != 0 {
                board.set_passes(0);
            }
        }
    }
    board.set_to_move(mover.opponent());
}

/// Hands the move to the opponent as a move that changes nothing would (the board stays, the
/// pass count becomes 0): the search's null move, never a turn of the game.
pub(crate) fn null_move(board: &mut Void) {
    board.set_passes(0);
    board.set_to_move(board.side().opponent());
}

/// A piece falls `distance` orbits; into the void below orbit 1. A piece in the way of its
/// landing falls one first (chain reaction).
fn fall(board: &mut Void, square: Square, distance: i32, fell: &mut impl FnMut(Square)) {
    fell(square);
    let piece = board.take(square).expect("a falling square holds a piece");
    if let Some(landing) = square.offset(-distance, 0) {
        if !board.is_empty(landing) {
            fall(board, landing, 1, fell);
        }
        board.put(landing, piece);
    }
}

/// The arc an orbital move `from`→`to` travels, as its step (1 clockwise, -1 counter-clockwise)
/// and its length in sectors: clockwise if that arc is clear between the two and, when a first
/// target is named, holds the target's sector; otherwise counter-clockwise. The same before and
/// after the move, since the two ends are not looked at.
#[inline]
pub(crate) fn orbital_arc(board: &Void, from: Square, to: Square, target: Option<Square>) -> (i32, i32) {
    let sectors = SECTORS as i32;
    let cw_distance = (to.sector() - from.sector()).rem_euclid(sectors);
    let cw_clear = arc_clear(board, from, 1, cw_distance);
    let target_cw =
        target.is_none_or(|t| (1..=cw_distance).contains(&(t.sector() - from.sector()).rem_euclid(sectors)));
    if cw_clear && target_cw {
        (1, cw_distance)
    } else {
        (-1, sectors - cw_distance)
    }
}

/// Whether the squares strictly between `from` and the end of an arc of `length` sectors
/// travelled in direction `step` are empty.
fn arc_clear(board: &Void, from: Square, step: i32, length: i32) -> bool {
    (1..length).all(|k| board.is_empty(from.offset(0, step * k).expect("orbital")))
}

/// The sweeper's attack after an orbital move `from`→`to` with first target `first`:
/// it and every enemy above the rest of the path up to the destination fall 2.
fn sweep(board: &mut Void, from: Square, to: Square, first: Square, fell: &mut impl FnMut(Square)) {
    let (step, length) = orbital_arc(board, from, to, Some(first));
    // How far along the arc the first target stands.
    let start = (step * (first.sector() - from.sector())).rem_euclid(SECTORS as i32);
    let enemy = board.side().opponent();
    for k in start..=length {
        let above = from
            .offset(1, step * k)
            .expect("a sweeper with a target is below orbit 5");
        if board.piece(above).is_some_and(|p| p.owner == enemy) {
            fall(board, above, 2, fell);
        }
    }
}

/// The squares a move passes on its way, destination included (one route where two exist).
pub(crate) fn path(board: &Void, from: Square, to: Square, target: Option<Square>) -> Vec<Square> {
    let sectors = SECTORS as i32;
    let (d_orbit, d_sector) = (to.orbit() - from.orbit(), to.sector() - from.sector());
    if d_orbit != 0 {
        let cw = d_sector.rem_euclid(sectors);
        let steps = d_orbit.abs();
        let ds = if cw == 0 {
            0
        } else if cw <= sectors / 2 {
            1
        } else {
            -1
        };
        return (1..=steps)
            .filter_map(|k| from.offset(d_orbit.signum() * k, ds * k))
            .collect();
    }
    let (step, length) = match orbital_arc(board, from, to, target) {
        // With no target to tell them apart, both arcs may be open (a piece alone on its
        // orbit): the move is shown the shorter way round.
        (1, cw) if target.is_none() && 2 * cw > sectors && arc_clear(board, from, -1, sectors - cw) => {
            (-1, sectors - cw)
        }
        arc => arc,
    };
    (1..=length).filter_map(|k| from.offset(0, step * k)).collect()
}
