//! The match statistics of `arbiter_ai` (Elo with its interval, the SPRT) for `arbiter.distributed`,
//! so that a match played on Ray is judged by the very formulas of `arbiter match` (private
//! functions of `arbiter._arbiter`; the Python classes around them check their arguments).

use arbiter_ai::elo::{self, Tally};
use arbiter_ai::sprt::{Sprt, SprtStatus};
use pyo3::prelude::*;

fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
    Tally { wins, draws, losses }
}

/// The Elo difference whose expected score is `score` (clamped to 0.001..0.999).
#[pyfunction]
#[pyo3(name = "_elo_of_score")]
pub fn elo_of_score(score: f64) -> f64 {
    elo::elo_of_score(score)
}

/// The expected score of an Elo difference.
#[pyfunction]
#[pyo3(name = "_score_of_elo")]
pub fn score_of_elo(elo: f64) -> f64 {
    elo::score_of_elo(elo)
}

/// One game's score variance for these results (the trinomial distribution).
#[pyfunction]
#[pyo3(name = "_variance")]
pub fn variance(wins: u32, draws: u32, losses: u32) -> f64 {
    tally(wins, draws, losses).variance()
}

/// `(elo, low, high)`: the Elo difference of these results with its 95% interval.
#[pyfunction]
#[pyo3(name = "_elo_estimate")]
pub fn elo_estimate(wins: u32, draws: u32, losses: u32) -> (f64, f64, f64) {
    let e = elo::estimate(&tally(wins, draws, losses));
    (e.elo, e.low, e.high)
}

/// `(llr, low, high, status)`: the SPRT's log-likelihood ratio of these results, Wald's bounds and
/// the decision (`continue`, `accept_h0`, `accept_h1`).
#[pyfunction]
#[pyo3(name = "_sprt")]
#[allow(clippy::too_many_arguments)]
pub fn sprt(
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
    wins: u32,
    draws: u32,
    losses: u32,
) -> (f64, f64, f64, &'static str) {
    let test = Sprt {
        elo0,
        elo1,
        alpha,
        beta,
    };
    let results = tally(wins, draws, losses);
    let (low, high) = test.bounds();
    let status = match test.status(&results) {
        SprtStatus::Continue => "continue",
        SprtStatus::AcceptH0 => "accept_h0",
        SprtStatus::AcceptH1 => "accept_h1",
    };
    (test.llr(&results), low, high, status)
}
