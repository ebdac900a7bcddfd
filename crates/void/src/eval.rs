//! A first heuristic: material, weighted by how hard each ship is to replace, and flagship safety,
//! as a sum of terms times weights that `arbiter tune` can fit to game results; and the
//! move-ordering hint.

use crate::{Kind, Move, Square, Void};
use arbiter_core::TACTICAL_HINT;

/// The evaluation's terms with their weights: each ship kind's material by how hard it is to
/// replace, and flagship height (a flagship near the void is one attack from losing). Tuned by
/// `arbiter tune` against game results; [`evaluate`] uses exactly these.
pub(crate) const WEIGHTS: [(&str, f64); TERMS] = [
    ("bomber", 62.0),
    ("sweeper", 82.0),
    ("fighter", 58.0),
    ("flagship orbit", 32.0),
];
const TERMS: usize = 4;

/// The terms for the side to move: its ships of each kind less the opponent's, and its
/// flagship's orbit less the opponent's.
pub(crate) fn terms(board: &Void) -> [i32; TERMS] {
    let me = board.side();
    let mut terms = [0; TERMS];
    for square in Square::all() {
        if let Some(p) = board.piece(square) {
            let sign = if p.owner == me { 1 } else { -1 };
            let term = match p.kind {
                Kind::Bomber => 0,
                Kind::Sweeper => 1,
                Kind::Fighter => 2,
                Kind::Flagship => {
                    terms[3] += sign * square.orbit();
                    continue;
                }
            };
            terms[term] += sign;
        }
    }
    terms
}

/// Evaluation units per unit of the win chance's logistic (`Heuristics::win_chance_scale`): the
/// scale that best predicts the results of 1,500 self-play games from the search's scores (least squares over
/// the unproven positions of `arbiter datagen void --games 1500 --agent alphabeta:nodes=2000`, 384,577 positions).
pub(crate) const WIN_CHANCE_SCALE: f64 = 180.0;

/// Material and flagship height, from the side to move's view: the terms times their weights.
pub(crate) fn evaluate(board: &Void) -> i32 {
    let score: i32 = terms(board).iter().zip(WEIGHTS).map(|(&t, (_, w))| t * w as i32).sum();
    score.clamp(-1000, 1000)
}

/// Search attacks first, and follow them in the quiescence search.
pub(crate) fn move_order_hint(_: &Void, mv: Move) -> i32 {
    match mv {
        Move::Turn { target: Some(_), .. } => TACTICAL_HINT,
        _ => 0,
    }
}
