//! Legal turn generation: every move with each of its attack choices.

use crate::geometry::Direction;
use crate::{outcome, Kind, Move, Square, Void, SECTORS};

/// Clears `out` and fills it with every legal turn; `pass` alone when no piece can move,
/// nothing when the game is over.
pub(crate) fn legal_moves(board: &Void, out: &mut Vec<Move>) {
    out.clear();
    if outcome::outcome(board).is_some() {
        return;
    }
    let mut own = board.occupied_by(board.side());
    while own != 0 {
        let index = own.trailing_zeros() as usize;
        own &= own - 1;
        let from = Square::from_index(index);
        let kind = board.piece(from).expect("occupancy matches the board").kind;
        match kind {
            Kind::Flagship => flagship_turns(board, from, out),
            Kind::Bomber => bomber_turns(board, from, out),
            Kind::Sweeper => sweeper_turns(board, from, out),
            Kind::Fighter => fighter_turns(board, from, out),
        }
    }
    if out.is_empty() {
        out.push(Move::Pass);
    }
}

/// Whether `square` holds a piece of the side not to move.
#[inline]
fn is_enemy(board: &Void, square: Square) -> bool {
    board.occupied_by(board.side().opponent()) >> square.index() & 1 != 0
}

fn flagship_turns(board: &Void, from: Square, out: &mut Vec<Move>) {
    for ds in [1, -1] {
        let Some(to) = from.offset(0, ds) else { continue };
        if !board.is_empty(to) {
            continue;
        }
        out.push(Move::Turn { from, to, target: None });
        for d in Direction::ALL {
            for step in 1..=3 {
                let Some(square) = to.offset(d.orbit * step, d.sector * step) else {
                    break;
                };
                if square == from || board.is_empty(square) {
                    continue;
                }
                if is_enemy(board, square) {
                    out.push(Move::Turn {
                        from,
                        to,
                        target: Some(square),
                    });
                }
                break;
            }
        }
    }
}

fn bomber_turns(board: &Void, from: Square, out: &mut Vec<Move>) {
    for d in Direction::ALL {
        let Some(to) = from.offset(d.orbit, d.sector) else {
            continue;
        };
        if !board.is_empty(to) {
            continue;
        }
        out.push(Move::Turn { from, to, target: None });
        let highest_below = (1..to.orbit())
            .rev()
            .filter_map(|orbit| Square::new(orbit, to.sector()))
            .find(|&s| s != from && !board.is_empty(s));
        if let Some(target) = highest_below {
            out.push(Move::Turn {
                from,
                to,
                target: Some(target),
            });
        }
    }
}

fn sweeper_turns(board: &Void, from: Square, out: &mut Vec<Move>) {
    for d_orbit in [1, -1] {
        if let Some(to) = from.offset(d_orbit, 0) {
            if board.is_empty(to) {
                out.push(Move::Turn { from, to, target: None });
            }
        }
    }
    // Alone on its orbit, the sweeper reaches every sector both ways round: each destination
    // and the target above it are listed once (clockwise); the other targets tell the arcs apart.
    let alone = alone_on_orbit(board, from);
    // Each pass round the orbit, and whether it lists the moves without a target and those whose
    // first target stands above the destination: when the sweeper is alone both passes reach
    // every sector, and only the clockwise one lists them.
    for (ds, settled) in [(1, true), (-1, !alone)] {
        // Enemy pieces above the path so far: each may be chosen as the first target.
        let mut candidates = [from; SECTORS];
        let mut found = 0;
        for k in 1..SECTORS as i32 {
            let to = from.offset(0, ds * k).expect("orbital offsets stay on the board");
            if !board.is_empty(to) {
                break;
            }
            if settled {
                out.push(Move::Turn { from, to, target: None });
            }
            for &target in &candidates[..found] {
                out.push(Move::Turn {
                    from,
                    to,
                    target: Some(target),
                });
            }
            if let Some(above) = to.offset(1, 0).filter(|&s| is_enemy(board, s)) {
                if settled {
                    out.push(Move::Turn {
                        from,
                        to,
                        target: Some(above),
                    });
                }
                candidates[found] = above;
                found += 1;
            }
        }
    }
}

/// Whether the piece on `square` is the only piece on its orbit.
fn alone_on_orbit(board: &Void, square: Square) -> bool {
    let start = (square.orbit() as usize - 1) * SECTORS;
    let row_mask = ((1u128 << SECTORS) - 1) << start;
    board.occupied() & row_mask == 1u128 << square.index()
}

fn fighter_turns(board: &Void, from: Square, out: &mut Vec<Move>) {
    for d in Direction::DIAGONALS {
        let mut n = 1;
        while let Some(to) = from.offset(d.orbit * n, d.sector * n) {
            if !board.is_empty(to) {
                break;
            }
            out.push(Move::Turn { from, to, target: None });
            let first_piece = [1, 2]
                .into_iter()
                .filter_map(|k| to.offset(0, d.sector * k))
                .find(|&s| !board.is_empty(s));
            if let Some(target) = first_piece.filter(|&s| is_enemy(board, s)) {
                out.push(Move::Turn {
                    from,
                    to,
                    target: Some(target),
                });
            }
            n += 1;
        }
    }
}
