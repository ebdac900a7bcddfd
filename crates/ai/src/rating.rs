//! Glicko-2 ratings, through the maintained `skillratings` crate, with lichess's deviation floor and
//! provisional marker: the one rating of players (per game) and of puzzles. A puzzle attempt is a
//! game between the player and the puzzle (solved: the player won), as lichess rates puzzles, so
//! that players and puzzles find their levels together.

use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2, glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// The lowest deviation a rating keeps: lichess's floor, so that a rating never stops moving.
pub const DEVIATION_FLOOR: f64 = 45.0;
/// Above this deviation a rating is provisional (shown with a `?`), as on lichess.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// A Glicko-2 rating.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating, 1500 at the start.
    pub rating: f64,
    /// Its deviation, 350 at the start.
    pub deviation: f64,
    /// Its volatility, 0.06 at the start.
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Self {
        Rating::from(Glicko2Rating::new())
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Self {
        Rating {
            rating: r.rating,
            deviation: r.deviation.max(DEVIATION_FLOOR),
            volatility: r.volatility,
        }
    }
}

impl From<Rating> for Glicko2Rating {
    fn from(r: Rating) -> Self {
        Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl Rating {
    /// Is the rating still provisional?
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// The rating after a rating period of `games` (the opponent's rating before, and the score:
    /// 1 a win, ½ a draw, 0 a loss), as Glickman's paper computes it with τ = 0.5.
    pub fn after_period(self, games: &[(Rating, f64)]) -> Rating {
        let results: Vec<(Glicko2Rating, Outcomes)> = games
            .iter()
            .map(|&(opponent, score)| {
                let outcome = if score > 0.5 {
                    Outcomes::WIN
                } else if score < 0.5 {
                    Outcomes::LOSS
                } else {
                    Outcomes::DRAW
                };
                (opponent.into(), outcome)
            })
            .collect();
        glicko2_rating_period(&self.into(), &results, &Glicko2Config::new()).into()
    }

    /// Both players' ratings after one game between them (`score`: the first player's, 1, ½ or 0):
    /// each game is a rating period of its own, as on lichess.
    pub fn after_game(first: Rating, second: Rating, score: f64) -> (Rating, Rating) {
        (
            first.after_period(&[(second, score)]),
            second.after_period(&[(first, 1.0 - score)]),
        )
    }

    /// The player's and the puzzle's ratings after the player `solved` it or not.
    pub fn after_attempt(player: Rating, puzzle: Rating, solved: bool) -> (Rating, Rating) {
        let outcome = if solved { Outcomes::WIN } else { Outcomes::LOSS };
        let (p, z) = glicko2(&player.into(), &puzzle.into(), &outcome, &Glicko2Config::new());
        (p.into(), z.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solving_raises_the_player_and_lowers_the_puzzle() {
        let start = Rating::default();
        let (player, puzzle) = Rating::after_attempt(start, start, true);
        assert!(
            player.rating > 1500.0 && puzzle.rating < 1500.0,
            "{player:?} {puzzle:?}"
        );
        assert!(player.deviation < 350.0);
        // skillratings' own example: two new players, one win: 1662 and 1338, deviations 290.
        assert_eq!((player.rating.round(), puzzle.rating.round()), (1662.0, 1338.0));
        assert_eq!(player.deviation.round(), 290.0);
        let (player, puzzle) = Rating::after_attempt(start, start, false);
        assert!(player.rating < 1500.0 && puzzle.rating > 1500.0);
    }

    /// Glickman's worked example ("Example of the Glicko-2 system", 2013): a 1500 player with
    /// deviation 200 and volatility 0.06 beats a 1400/30 and loses to a 1550/100 and a 1700/300.
    #[test]
    fn glickmans_worked_example() {
        let r = |rating, deviation| Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let after =
            r(1500.0, 200.0).after_period(&[(r(1400.0, 30.0), 1.0), (r(1550.0, 100.0), 0.0), (r(1700.0, 300.0), 0.0)]);
        // The paper gives 1464.06, 151.52 and 0.05999, working with rounded intermediate values
        // (its μ' = −0.2069); exact arithmetic gives 1464.0507, 151.5165 and 0.0599960.
        assert!((after.rating - 1464.06).abs() < 0.02, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.005, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_game_moves_both_ratings_and_a_draw_between_equals_moves_neither() {
        let start = Rating::default();
        let (winner, loser) = Rating::after_game(start, start, 1.0);
        assert!(winner.rating > 1500.0 && loser.rating < 1500.0);
        assert!(
            (winner.rating - 1500.0 - (1500.0 - loser.rating)).abs() < 1e-9,
            "symmetric"
        );
        let (a, b) = Rating::after_game(start, start, 0.5);
        assert!((a.rating - 1500.0).abs() < 1e-9 && (b.rating - 1500.0).abs() < 1e-9);
        assert!(a.deviation < 350.0, "a draw is still information");
    }

    #[test]
    fn the_deviation_keeps_its_floor_and_provisional_ends() {
        let mut player = Rating::default();
        assert!(player.provisional());
        let puzzle = Rating::default();
        for i in 0..200 {
            player = Rating::after_attempt(player, puzzle, i % 2 == 0).0;
        }
        assert!(!player.provisional(), "{player:?}");
        assert!(player.deviation >= DEVIATION_FLOOR);
    }
}
