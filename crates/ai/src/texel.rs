//! Texel tuning (Peter Österlund's method for the Texel chess engine): fit the weights of an
//! evaluation that is a sum of terms times weights to the results of games played, by
//! minimising the mean squared error between each position's result for the side to move
//! (1, ½ or 0) and the win probability the evaluation predicts, `1 / (1 + e^(-k·eval))`.
//!
//! First `k` is fitted with today's weights, so that the evaluation keeps its scale; then the
//! weights move by Adam, a gradient method with a step per weight, from today's values. The
//! data come from self-play records (`arbiter match --records`); the caller holds some games out
//! to check that the fit is not learning the training positions by heart.

/// One position: its evaluation terms for the side to move, and that side's result.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    /// One value per weight.
    pub terms: Vec<f64>,
    /// 1 for a win of the side to move, 0.5 for a draw, 0 for a loss.
    pub result: f64,
}

/// What a tuning run found.
#[derive(Debug, Clone, PartialEq)]
pub struct Tuning {
    /// The scale fitted with today's weights: evaluation `e` predicts `1 / (1 + e^(-k·e))`.
    pub k: f64,
    /// The tuned weights, in the order of the terms.
    pub weights: Vec<f64>,
    /// Mean squared error on the training positions with today's weights, and with the tuned.
    pub train: (f64, f64),
    /// The same on the held-out positions.
    pub validation: (f64, f64),
}

/// How far the evaluation may go, as the games clamp it.
const CLAMP: f64 = 1000.0;
/// Adam's steps over the whole training set.
const STEPS: usize = 2000;

/// The evaluation of `terms` with `weights`, clamped as the games clamp it.
fn evaluation(weights: &[f64], terms: &[f64]) -> f64 {
    weights
        .iter()
        .zip(terms)
        .map(|(w, t)| w * t)
        .sum::<f64>()
        .clamp(-CLAMP, CLAMP)
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean squared error of the predictions of `weights` at scale `k`.
pub fn error(samples: &[Sample], weights: &[f64], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| (s.result - sigmoid(k * evaluation(weights, &s.terms))).powi(2))
        .sum();
    sum / samples.len() as f64
}

/// The `k` that fits `weights` best, by golden-section search on its logarithm between 10⁻⁵
/// and 1 (an evaluation unit is worth between nothing and everything).
pub fn fit_scale(samples: &[Sample], weights: &[f64]) -> f64 {
    let loss = |log_k: f64| error(samples, weights, log_k.exp());
    let (mut lo, mut hi) = ((1e-5f64).ln(), 0.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let mut a = hi - ratio * (hi - lo);
    let mut b = lo + ratio * (hi - lo);
    let (mut fa, mut fb) = (loss(a), loss(b));
    for _ in 0..80 {
        if fa < fb {
            hi = b;
            b = a;
            fb = fa;
            a = hi - ratio * (hi - lo);
            fa = loss(a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + ratio * (hi - lo);
            fb = loss(b);
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// Tunes `start` (today's weights) on `train`, reporting the error on `validation` too.
pub fn tune(train: &[Sample], validation: &[Sample], start: &[f64]) -> Tuning {
    let k = fit_scale(train, start);
    let n = start.len();
    let mut weights = start.to_vec();
    // Each weight steps in proportion to its own size, so that a weight of 90 and one of 1 both
    // move at a useful pace.
    let rate: Vec<f64> = start.iter().map(|w| 0.002 * w.abs().max(1.0)).collect();
    let (beta1, beta2, epsilon) = (0.9, 0.999, 1e-12);
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let mut gradient = vec![0.0; n];
    for step in 1..=STEPS {
        gradient.iter_mut().for_each(|g| *g = 0.0);
        for s in train {
            let raw: f64 = weights.iter().zip(&s.terms).map(|(w, t)| w * t).sum();
            if raw.abs() >= CLAMP {
                continue; // Clamped: the weights do not move the prediction.
            }
            let p = sigmoid(k * raw);
            let d = 2.0 * (p - s.result) * p * (1.0 - p) * k;
            for (g, t) in gradient.iter_mut().zip(&s.terms) {
                *g += d * t;
            }
        }
        let count = train.len().max(1) as f64;
        for j in 0..n {
            let g = gradient[j] / count;
            m[j] = beta1 * m[j] + (1.0 - beta1) * g;
            v[j] = beta2 * v[j] + (1.0 - beta2) * g * g;
            let m_hat = m[j] / (1.0 - beta1.powi(step as i32));
            let v_hat = v[j] / (1.0 - beta2.powi(step as i32));
            weights[j] -= rate[j] * m_hat / (v_hat.sqrt() + epsilon);
        }
    }
    Tuning {
        k,
        train: (error(train, start, k), error(train, &weights, k)),
        validation: (error(validation, start, k), error(validation, &weights, k)),
        weights,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Positions whose results are drawn from the logistic model with `weights` at scale `k`.
    fn samples(weights: &[f64], k: f64, count: usize, seed: u64) -> Vec<Sample> {
        let mut rng = SmallRng::seed_from_u64(seed);
        (0..count)
            .map(|_| {
                let terms: Vec<f64> = weights.iter().map(|_| rng.random_range(-8.0..8.0)).collect();
                let p = sigmoid(k * evaluation(weights, &terms));
                let result = if rng.random_bool(p) { 1.0 } else { 0.0 };
                Sample { terms, result }
            })
            .collect()
    }

    #[test]
    fn the_scale_of_true_weights_is_found() {
        let truth = [40.0, 15.0];
        let data = samples(&truth, 0.01, 20_000, 1);
        let k = fit_scale(&data, &truth);
        assert!((k - 0.01).abs() < 0.0015, "{k}");
    }

    #[test]
    fn wrong_weights_move_towards_the_truth() {
        // Today's weights have the right sum but the wrong balance; the scale is fitted to them,
        // so the tuned weights keep that scale and recover the ratio.
        let truth = [60.0, 20.0];
        let train = samples(&truth, 0.01, 20_000, 2);
        let validation = samples(&truth, 0.01, 5_000, 3);
        let tuning = tune(&train, &validation, &[40.0, 40.0]);
        assert!(tuning.train.1 < tuning.train.0, "{tuning:?}");
        assert!(tuning.validation.1 < tuning.validation.0, "{tuning:?}");
        let ratio = tuning.weights[0] / tuning.weights[1];
        assert!((2.4..3.6).contains(&ratio), "{tuning:?}");
        // The error after tuning is close to that of the truth itself.
        let best = error(&validation, &truth, 0.01);
        let tuned = error(&validation, &tuning.weights, tuning.k);
        assert!(tuned < best + 0.002, "{tuned} vs {best}");
    }

    #[test]
    fn no_samples_is_no_error() {
        assert_eq!(error(&[], &[1.0], 0.01), 0.0);
        let tuning = tune(&[], &[], &[3.0]);
        assert_eq!(tuning.weights.len(), 1);
        assert!(tuning.weights[0].is_finite());
    }
}
