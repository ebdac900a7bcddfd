//! The search heuristics: a first evaluation, from the view of the side to move, in roughly
//! ±1000, and the move-order hint (winning turns first).
//!
//! Krux is won by putting an opponent piece into the hole, so the evaluation is about danger:
//! a piece is the more exposed the closer it stands to the hole, more so on the hole's file or
//! rank (where repel and attract reach the hole) and next to it (where a jumper's push, a
//! carrier's drop, or any one-square push finishes it). Danger to an opponent piece counts for
//! more when one of our pieces that move soon is near it; the active piece moves right now and
//! weighs most. The sum is cheap (no turn generation) and meant as a leaf value for search.

use crate::board::Krux;
use crate::moves::Move;
use crate::piece::{Piece, Ring};
use crate::square::Square;
use arbiter_core::TACTICAL_HINT;

/// Exposure of a piece by its distance to the hole, off and on the hole's lines.
const EXPOSURE_OFF_LINE: [i32; 13] = [0, 0, 45, 18, 7, 2, 0, 0, 0, 0, 0, 0, 0];
const EXPOSURE_ON_LINE: [i32; 13] = [0, 110, 70, 30, 10, 3, 0, 0, 0, 0, 0, 0, 0];

/// How exposed a piece on `square` is, whoever attacks it.
fn exposure(square: Square) -> i32 {
    let d = square.distance(Square::HOLE);
    let on_line = square.file() == Square::HOLE.file() || square.rank() == Square::HOLE.rank();
    if on_line {
        EXPOSURE_ON_LINE[d]
    } else {
        EXPOSURE_OFF_LINE[d]
    }
}

/// How much a piece of ours at distance `d` from an exposed piece adds to the threat on it;
/// `order` is 0 for the piece moving now, 2 and 4 for our next ones.
fn reach(d: usize, order: usize, ring: Option<Ring>) -> i32 {
    let base = match ring {
        // A switcher reaches far; a jumper 3 squares plus pushes; a carrier must stand next to it.
        Some(Ring::Pink) => 6,
        Some(Ring::Green) => 5,
        Some(Ring::Blue) | None => 4,
    };
    let closeness = (base + 3 - d as i32).max(0);
    closeness * if order == 0 { 3 } else { 1 }
}

/// Evaluation units per unit of the win chance's logistic (`Heuristics::win_chance_scale`). Not
/// fitted: over 3,233 unproven positions of `arbiter datagen krux --agent alphabeta:nodes=2000`
/// the scores did not predict the results (the least-squares scale ran off to infinity, a flat
/// 50%), since Krux is decided by proven falls that the search sees outright. 400 reads the
/// evaluation's ±1000 for a fall as 92%, a threat of one (about ±150) as 59%.
pub(crate) const WIN_CHANCE_SCALE: f64 = 400.0;

/// The evaluation of `k` for the side to move.
pub(crate) fn evaluate(k: &Krux) -> i32 {
    let mover = k.piece_to_move();
    if let Some(fallen) = k.fallen() {
        return if fallen.owner() == mover.owner() { -1000 } else { 1000 };
    }
    let mut score = 0;
    for target in Piece::all() {
        let exposed = exposure(k.square(target));
        if exposed == 0 {
            continue;
        }
        // Attackers: the other side's pieces, in the order they move from now.
        let mut threat = 0;
        for order in 0..6 {
            let attacker = Piece::new((mover.index() + order) % 6).expect("0..6");
            if attacker.owner() == target.owner() {
                continue;
            }
            let d = k.square(attacker).distance(k.square(target));
            threat += reach(d, order, k.ring(attacker));
        }
        let value = exposed * (8 + threat) / 8;
        if target.owner() == mover.owner() {
            score -= value;
        } else {
            score += value;
        }
    }
    score.clamp(-900, 900)
}

/// Winning turns (an opponent piece falls) first; the search's quiescence then looks for a
/// winning turn at its horizon, which in a game decided by one fall matters most.
pub(crate) fn move_order_hint(_: &Krux, mv: Move) -> i32 {
    if mv.fallen().is_some() {
        TACTICAL_HINT
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::KruxVariant;

    fn pos(text: &str) -> Krux {
        crate::position::from_position(&KruxVariant::default(), text).unwrap()
    }

    #[test]
    fn start_is_even_and_exposure_counts() {
        assert_eq!(evaluate(&Krux::start()), 0);
        // Black's 2 on d2 is exposed (two squares from the hole on its file), White's 1 on d7
        // less so: good for White when White moves, bad for Black when Black does.
        let board = "6b..1b.4g./......./......./...*.../......./...2p.../3g5p..... ";
        let white = pos(&format!("{board}1"));
        assert!(evaluate(&white) > 0, "{}", evaluate(&white));
        let black = pos(&format!("{board}2"));
        assert!(evaluate(&black) < 0, "{}", evaluate(&black));
    }

    #[test]
    fn finished_games() {
        // White's 1 fell; Black's 2 won with the last turn, White's 3 would move next.
        let k = pos("....642/......./......./...1.../......./......./.35.... 3");
        assert_eq!(evaluate(&k), -1000);
    }
}
