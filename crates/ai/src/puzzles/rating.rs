//! Puzzle ratings, as lichess rates puzzles: each attempt is a game between the player and the
//! puzzle (solved: the player won), rated by Glicko-2 through the maintained `skillratings` crate,
//! so that players and puzzles find their levels together.

use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
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
