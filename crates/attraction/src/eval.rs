//! A first heuristic: progress towards the goal row, the goal row itself, and mobility, as a sum
//! of terms times weights that `arbiter tune` can fit to game results.

use crate::{movegen, outcome, Attraction, Board};
use arbiter_core::Player;

/// How far `player`'s stones have come from their start row, summed (0..=7 per stone).
fn advancement(board: &Board, player: Player) -> i32 {
    let stones = board.stones(player);
    (0..8)
        .map(|rank| {
            let on_rank = (stones >> (rank * 8) & 0xFF).count_ones() as i32;
            let progress = match player {
                Player::First => rank,
                Player::Second => 7 - rank,
            };
            on_rank * progress
        })
        .sum()
}

/// The evaluation's terms with their weights: the stones' progress, own stones in the goal row,
/// how full the goal row is, and how many moves a side has (capped at 80, so that mobility does
/// not dominate), each one side's less the other's. Tuned by `arbiter tune` against game
/// results; [`evaluate`] uses exactly these.
pub(crate) const WEIGHTS: [(&str, f64); TERMS] = [
    ("advancement", 3.23),
    ("stones in goal", -8.5),
    ("goal row filled", 37.59),
    ("mobility", 3.03),
];
const TERMS: usize = 4;

/// One side's terms.
fn side_terms(game: &Attraction, player: Player) -> [i32; TERMS] {
    let board = &game.board;
    let goal = Board::goal_row(player);
    let own_in_goal = (board.stones(player) & goal).count_ones() as i32;
    let filled = (board.occupied() & goal).count_ones() as i32;
    let mobility = movegen::mobility(game, player).min(80) as i32;
    [advancement(board, player), own_in_goal, filled, mobility]
}

/// The terms for the side to move: its own less its opponent's.
pub(crate) fn terms(game: &Attraction) -> [i32; TERMS] {
    let me = side_terms(game, game.to_move);
    let them = side_terms(game, game.to_move.opponent());
    std::array::from_fn(|i| me[i] - them[i])
}

/// The value for the side to move: ±1000 for a finished game, else the terms times their
/// weights within ±999.
/// Evaluation units per unit of the win chance's logistic (`Heuristics::win_chance_scale`): the
/// scale that best predicts the results of 1,500 self-play games (80% of them drawn, so the fit is loose) from the search's scores (least squares over
/// the unproven positions of `arbiter datagen attraction --games 1500 --agent alphabeta:nodes=2000`, 484,114 positions).
pub(crate) const WIN_CHANCE_SCALE: f64 = 535.0;

pub(crate) fn evaluate(board: &Attraction) -> i32 {
    let me = board.to_move;
    if let Some(outcome) = outcome::outcome(board) {
        return 1000 * outcome.score_for(me);
    }
    // Exact in floating point for whole weights, so that tuned fractional weights need no
    // other code.
    let score: f64 = terms(board)
        .iter()
        .zip(WEIGHTS)
        .map(|(&t, (_, w))| f64::from(t) * w)
        .sum();
    score.trunc().clamp(-999.0, 999.0) as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::{Game, Heuristics, NoVariant};

    fn game(text: &str) -> Attraction {
        Attraction::from_position(&NoVariant, text).unwrap()
    }

    #[test]
    fn start_is_even_and_finished_games_are_extreme() {
        assert_eq!(Attraction::new(&NoVariant).evaluate(), 0);
        // Violet has filled rank 8 (red to move, violet just moved): red has lost.
        assert_eq!(game("vrrrrrrr/8/8/8/8/8/8/8 r 0").evaluate(), -1000);
        assert_eq!(game("vrrrrrrr/8/8/8/8/8/8/8 v 0").evaluate(), 1000);
        assert_eq!(game("8/8/8/3v4/8/8/r7/8 v 2").evaluate(), 0);
    }

    #[test]
    fn progress_counts() {
        // The same stones, violet's advanced two ranks: good for violet, bad for red.
        let ahead = game("rrrrrrrr/8/8/8/8/vvvvvvvv/8/8 v 0");
        assert!(ahead.evaluate() > 50, "{}", ahead.evaluate());
        let ahead_red_to_move = game("rrrrrrrr/8/8/8/8/vvvvvvvv/8/8 r 0");
        assert_eq!(ahead_red_to_move.evaluate(), -ahead.evaluate());
        let values: Vec<i32> = (0..3).map(|_| ahead.evaluate()).collect();
        assert!(values.iter().all(|&v| v.abs() < 1000));
    }
}
