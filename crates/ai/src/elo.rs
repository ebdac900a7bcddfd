//! Match statistics: wins, draws and losses, and the Elo difference with a 95% interval.

use serde::Serialize;

/// Results from one player's view.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Tally {
    /// Adds one game scored 1, ½ or 0.
    pub fn add(&mut self, score: f64) {
        if score > 0.75 {
            self.wins += 1;
        } else if score < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The mean score in 0..=1 (½ with no games).
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            0.5
        } else {
            (self.wins as f64 + 0.5 * self.draws as f64) / self.games() as f64
        }
    }

    /// The variance of one game's score.
    pub fn variance(&self) -> f64 {
        let n = self.games().max(1) as f64;
        let p = self.score();
        (self.wins as f64 * (1.0 - p).powi(2) + self.draws as f64 * (0.5 - p).powi(2) + self.losses as f64 * p * p) / n
    }
}

/// An Elo difference with its 95% confidence interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct EloEstimate {
    /// The estimate.
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

/// The Elo difference that gives an expected score `score` (logistic model), with the score
/// clamped to 0.001..=0.999 (about ±1200) so that a clean sweep stays finite.
pub fn elo_of_score(score: f64) -> f64 {
    let s = score.clamp(0.001, 0.999);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The expected score of an Elo difference.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference of the tally's player over its opponent, with a 95% interval from the
/// normal approximation of the mean score (trinomial variance).
pub fn estimate(tally: &Tally) -> EloEstimate {
    let n = tally.games().max(1) as f64;
    let p = tally.score();
    let margin = 1.959964 * (tally.variance() / n).sqrt();
    EloEstimate {
        elo: elo_of_score(p),
        low: elo_of_score(p - margin),
        high: elo_of_score(p + margin),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_and_lopsided() {
        let even = Tally {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        let e = estimate(&even);
        assert!(e.elo.abs() < 1e-9 && e.low < -50.0 && e.high > 50.0);
        let strong = Tally {
            wins: 75,
            draws: 0,
            losses: 25,
        };
        let e = estimate(&strong);
        assert!((e.elo - 190.8).abs() < 1.0, "{e:?}");
        assert!(e.low > 100.0 && e.high < 300.0, "{e:?}");
        assert!((score_of_elo(elo_of_score(0.3)) - 0.3).abs() < 1e-9);
        let sweep = Tally {
            wins: 5,
            draws: 0,
            losses: 0,
        };
        assert!(estimate(&sweep).elo.is_finite());
    }
}
