//! One chain of orbits that makes a given move, point by point, for interfaces that animate it.
//!
//! Move generation only needs end points; this walks the chains one orbit at a time (breadth
//! first, so the chain found has the fewest orbits) and keeps how each state was reached. The
//! orbits one by one also tell a puzzle's themes whether a move needs a chain.

use crate::geometry::Direction;
use crate::orbit::Sense;
use crate::{outcome, Attraction, Move, Square};
use std::collections::VecDeque;

/// A state of a chain: where the stone is and the sense of its last orbit (none at the start).
type State = (Square, Option<Sense>);

fn state_index((sq, last): State) -> usize {
    sq.index() * 3
        + match last {
            None => 0,
            Some(Sense::Clockwise) => 1,
            Some(Sense::CounterClockwise) => 2,
        }
}

/// The points the moving stone passes, from its start to its end inclusive (every quarter-turn
/// point of every orbit of one shortest chain), or `None` for a pass, a finished game or a move
/// that no chain makes here.
pub(crate) fn route(board: &Attraction, mv: Move) -> Option<Vec<Square>> {
    let Move::Orbit { from, .. } = mv else {
        return None;
    };
    let orbits = orbits(board, mv)?;
    Some(std::iter::once(from).chain(orbits.into_iter().flatten()).collect())
}

/// The orbits of one shortest chain making `mv`, each as the points it passes after its start,
/// or `None` as for [`route`].
pub(crate) fn orbits(board: &Attraction, mv: Move) -> Option<Vec<Vec<Square>>> {
    if outcome::outcome(board).is_some() {
        return None;
    }
    chain(board.board.occupied(), mv)
}

/// The orbits of one shortest chain making `mv` on a board with the stones `occupied`.
fn chain(occupied: u64, mv: Move) -> Option<Vec<Vec<Square>>> {
    let Move::Orbit { from, to, push } = mv else {
        return None;
    };
    let occupied = occupied & !from.bit();
    let is_stone = |sq: Square| occupied & sq.bit() != 0;
    // For each state: the state it came from and the points of the orbit that led to it.
    let mut came_from: Vec<Option<(State, Vec<Square>)>> = vec![None; 64 * 3];
    let mut queue = VecDeque::from([(from, None)]);
    let start_index = state_index((from, None));
    let path_to = |came_from: &[Option<(State, Vec<Square>)>], mut state: State| {
        let mut legs = Vec::new();
        while state_index(state) != start_index {
            let (prev, points) = came_from[state_index(state)].clone().expect("visited");
            legs.push(points);
            state = prev;
        }
        legs.reverse();
        legs
    };
    while let Some(state) = queue.pop_front() {
        let (here, last) = state;
        for (side, centre_dir) in Direction::ORTHOGONAL.iter().enumerate() {
            let (dx, dy) = centre_dir.delta();
            if !here.offset(dx, dy).is_some_and(is_stone) {
                continue;
            }
            // Seen from the centre, the stone is on the opposite side.
            let start_side = (side + 2) % 4;
            for sense in Sense::BOTH {
                if last == Some(sense) {
                    continue;
                }
                let mut points = Vec::new();
                let mut at = here;
                let mut s = start_side;
                for _ in 0..3 {
                    let (sx, sy) = sense.step(s).delta();
                    s = sense.next_side(s);
                    let Some(next) = at.offset(sx, sy) else {
                        break;
                    };
                    at = next;
                    points.push(at);
                    if is_stone(at) {
                        let (tx, ty) = sense.tangent(s).delta();
                        let target = at.offset(tx, ty);
                        if at == to && push.is_some() && target == push && !is_stone(push?) {
                            let mut path = path_to(&came_from, state);
                            path.push(points);
                            return Some(path);
                        }
                        break;
                    }
                    if at == to && push.is_none() {
                        let mut path = path_to(&came_from, state);
                        path.push(points);
                        return Some(path);
                    }
                    let reached = (at, Some(sense));
                    let index = state_index(reached);
                    if index != start_index && at != from && came_from[index].is_none() {
                        came_from[index] = Some((state, points.clone()));
                        queue.push_back(reached);
                    }
                }
            }
        }
    }
    None
}
