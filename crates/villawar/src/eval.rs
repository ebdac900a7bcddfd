//! A first heuristic: the final scoring made smooth.
//!
//! The rules reward the farthest villagers, so each villager is worth the square of its row
//! (counted from its owner's first row); warriors, which only break ties (and capture), are worth
//! their row. The two are terms with weights, which `arbiter tune` can fit to game results. The difference is scaled to about ±1000 for a lopsided position; a finished game is
//! exactly ±1000 (or 0 for a draw).

use crate::bits::Bits;
use crate::board::Board;
use crate::geometry::Geometry;
use crate::moves::Move;
use crate::outcome::outcome;
use crate::piece::{Kind, Piece, BLACK, WHITE};
use arbiter_core::{Outcome, TACTICAL_HINT};

/// The value of a won game.
pub const WIN: i32 = 1000;

/// The evaluation's terms with their weights: villagers by the square of their row, warriors by
/// their row (each summed over one side's pieces less the other's, scaled by 64/N² so that the
/// sizes compare). Tuned by `arbiter tune` against game results; [`evaluate`] uses exactly these.
pub(crate) const WEIGHTS: [(&str, f64); TERMS] = [("villager row²", 4.42), ("warrior row", 19.22)];
const TERMS: usize = 2;

/// The heuristic value for the side to move, within ±1000.
/// Evaluation units per unit of the win chance's logistic (`Heuristics::win_chance_scale`) on a
/// board of `size`: the scale that best predicts the results of self-play games from the search's
/// scores (least squares over the unproven positions of `arbiter datagen villawar:size=N
/// --agent alphabeta:nodes=2000`: 4,000 games on 6×6 and 8×8, 3,000 on 10×10).
pub(crate) fn win_chance_scale(size: crate::Size) -> f64 {
    match size {
        crate::Size::Six => 166.0,
        crate::Size::Eight => 220.0,
        crate::Size::Ten => 290.0,
    }
}

pub fn evaluate<G: Geometry>(board: &Board<G>) -> i32 {
    let white = match outcome(board) {
        Some(Outcome::Win(p)) if p == WHITE => WIN,
        Some(Outcome::Win(_)) => -WIN,
        Some(Outcome::Draw) => 0,
        None => white_material(board),
    };
    if board.side == WHITE {
        white
    } else {
        -white
    }
}

/// The unscaled terms from White's view: villagers' rows squared and warriors' rows, White's
/// less Black's.
fn white_terms<G: Geometry>(board: &Board<G>) -> [i64; TERMS] {
    let mut terms = [0; TERMS];
    for row in 1..=G::N {
        let r = row as i64;
        let villagers = i64::from(board.count_on_row(WHITE, Kind::Villager, row))
            - i64::from(board.count_on_row(BLACK, Kind::Villager, row));
        let warriors = i64::from(board.count_on_row(WHITE, Kind::Warrior, row))
            - i64::from(board.count_on_row(BLACK, Kind::Warrior, row));
        terms[0] += villagers * r * r;
        terms[1] += warriors * r;
    }
    terms
}

/// The terms for the side to move, scaled as [`evaluate`] scales them.
pub fn terms<G: Geometry>(board: &Board<G>) -> [f64; TERMS] {
    let sign = if board.side == WHITE { 1.0 } else { -1.0 };
    let scale = 64.0 / (G::N * G::N) as f64;
    white_terms(board).map(|t| sign * t as f64 * scale)
}

/// White's advantage by the smoothed score, clamped within ±999.
fn white_material<G: Geometry>(board: &Board<G>) -> i32 {
    // Exact in floating point for whole weights (the sums stay far below 2^53), so that tuned
    // fractional weights need no other code.
    let raw: f64 = white_terms(board)
        .iter()
        .zip(WEIGHTS)
        .map(|(&t, (_, w))| t as f64 * w)
        .sum();
    // A villager two rows ahead of its rival near the far row is worth roughly 150-200.
    let scaled = (raw * 64.0 / (G::N * G::N) as f64).trunc();
    scaled.clamp(-f64::from(WIN - 1), f64::from(WIN - 1)) as i32
}

/// A move-ordering hint: captures first (tactical, so the quiescence search follows them; a
/// villager, worth more, 100 above a warrior), then villager jumps by 10 per row gained towards
/// the far side (backward jumps last), which only order: following every jump forward beyond the
/// horizon made the quiescence search explode on 10×10.
pub fn move_order_hint<G: Geometry>(board: &Board<G>, mv: Move) -> i32 {
    if mv.is_pass() {
        return 0;
    }
    let (from, to) = (mv.origin(), mv.target());
    let them = board.side.opponent();
    if board.set(Piece::new(board.side, Kind::Warrior)).has(from) {
        let villager = board.set(Piece::new(them, Kind::Villager)).has(to);
        return if villager { TACTICAL_HINT + 100 } else { TACTICAL_HINT };
    }
    let gained = (to / G::N) as i32 - (from / G::N) as i32;
    if board.side == WHITE {
        10 * gained
    } else {
        -10 * gained
    }
}
