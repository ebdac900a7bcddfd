//! The sequential probability ratio test: stop a match as soon as it shows, with error rates
//! α and β, whether the Elo difference is elo0 (H0) or elo1 (H1).

use crate::elo::{score_of_elo, Tally};
use serde::Serialize;

/// An SPRT of H0: Elo = `elo0` against H1: Elo = `elo1`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1.
    pub elo1: f64,
    /// False-positive rate (accepting H1 when H0 holds).
    pub alpha: f64,
    /// False-negative rate.
    pub beta: f64,
}

/// Where the test stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SprtStatus {
    /// Not decided yet.
    Continue,
    /// H0 accepted: the difference is about elo0 (or less).
    AcceptH0,
    /// H1 accepted: the difference is about elo1 (or more).
    AcceptH1,
}

impl Sprt {
    /// Parses `elo0,elo1` (α = β = 0.05).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let (a, b) = text
            .split_once(',')
            .ok_or_else(|| format!("--sprt needs two Elo values, elo0,elo1 (like 0,50), not '{text}'"))?;
        let parse = |v: &str| {
            v.trim()
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && x.abs() <= 1000.0)
                .ok_or_else(|| format!("--sprt: '{v}' is not an Elo value (a number within ±1000)"))
        };
        let (elo0, elo1) = (parse(a)?, parse(b)?);
        if elo0 >= elo1 {
            return Err(format!("--sprt: elo0 ({elo0}) must be below elo1 ({elo1})"));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        })
    }

    /// The log-likelihood ratio of the tally (normal approximation of the trinomial model).
    ///
    /// The variance of the results is estimated with a neutral prior of one win and one loss
    /// added: a one-sided start (a first win alone, or a few) has a sample variance of about 0,
    /// which would make the ratio huge and decide the test after a game or two. With the prior
    /// a clean sweep decides after about eight games at 0,50.
    pub fn llr(&self, tally: &Tally) -> f64 {
        let n = tally.games() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        let with_prior = Tally {
            wins: tally.wins + 1,
            draws: tally.draws,
            losses: tally.losses + 1,
        };
        let variance = with_prior.variance().max(1e-6);
        n * (s1 - s0) * (2.0 * tally.score() - s0 - s1) / (2.0 * variance)
    }

    /// The decision bounds (lower, upper) of the LLR.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The status of the tally.
    pub fn status(&self, tally: &Tally) -> SprtStatus {
        let llr = self.llr(tally);
        let (low, high) = self.bounds();
        if llr >= high {
            SprtStatus::AcceptH1
        } else if llr <= low {
            SprtStatus::AcceptH0
        } else {
            SprtStatus::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decides_clear_cases() {
        let sprt = Sprt::parse("0,50").unwrap();
        let strong = Tally {
            wins: 80,
            draws: 10,
            losses: 10,
        };
        assert_eq!(sprt.status(&strong), SprtStatus::AcceptH1);
        let weak = Tally {
            wins: 30,
            draws: 10,
            losses: 60,
        };
        assert_eq!(sprt.status(&weak), SprtStatus::AcceptH0);
        let few = Tally {
            wins: 2,
            draws: 0,
            losses: 1,
        };
        assert_eq!(sprt.status(&few), SprtStatus::Continue);
        // One-sided starts: one win, or a few, decide nothing; a long sweep does.
        let sweep = |wins| Tally {
            wins,
            draws: 0,
            losses: 0,
        };
        assert_eq!(sprt.status(&sweep(1)), SprtStatus::Continue);
        assert_eq!(sprt.status(&sweep(5)), SprtStatus::Continue);
        assert_eq!(sprt.status(&sweep(10)), SprtStatus::AcceptH1);
        let lost = Tally {
            wins: 0,
            draws: 0,
            losses: 10,
        };
        assert_eq!(sprt.status(&lost), SprtStatus::AcceptH0);
        let first = (1..=20).find(|&w| sprt.status(&sweep(w)) == SprtStatus::AcceptH1);
        assert_eq!(first, Some(8), "a clean sweep decides after eight games");
        assert!(Sprt::parse("50,0").is_err());
        assert!(Sprt::parse("x").is_err());
        assert!(Sprt::parse("0,abc").is_err());
    }
}
