//! Small statistics: proportions with Wilson score intervals, means with normal intervals,
//! quantiles and histograms. Every figure of a report carries its sample size.

use serde::{Deserialize, Serialize};

/// The normal quantile of a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A proportion (or a mean score in 0..=1) with its 95% Wilson score interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Proportion {
    /// Successes; a draw counts as half a success when a score is measured.
    pub successes: f64,
    /// Trials (sample size).
    pub n: u32,
    /// The estimate, `successes / n` (0.5 with no trials).
    pub p: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

impl Proportion {
    /// `successes` out of `n`, with the Wilson score interval
    /// `(p + z²/2n ± z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n)`, z = 1.96.
    pub fn wilson(successes: f64, n: u32) -> Proportion {
        if n == 0 {
            return Proportion {
                successes: 0.0,
                n: 0,
                p: 0.5,
                low: 0.0,
                high: 1.0,
            };
        }
        let nf = f64::from(n);
        let p = (successes / nf).clamp(0.0, 1.0);
        let z2 = Z95 * Z95;
        let denominator = 1.0 + z2 / nf;
        let centre = (p + z2 / (2.0 * nf)) / denominator;
        let half = Z95 / denominator * (p * (1.0 - p) / nf + z2 / (4.0 * nf * nf)).sqrt();
        Proportion {
            successes,
            n,
            p,
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        }
    }

    /// Half the interval's width: the `±` of "52% ± 3%".
    pub fn half_width(&self) -> f64 {
        (self.high - self.low) / 2.0
    }

    /// Does the interval lie wholly above (1), below (−1) or around (0) `value`?
    pub fn side_of(&self, value: f64) -> i8 {
        if self.low > value {
            1
        } else if self.high < value {
            -1
        } else {
            0
        }
    }

    /// "52% ± 3%".
    pub fn percent(&self) -> String {
        format!("{:.0}% ± {:.0}%", self.p * 100.0, self.half_width() * 100.0)
    }
}

/// A sample's summary: mean with a 95% interval, spread and quantiles.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, Default)]
pub struct Summary {
    /// Sample size.
    pub n: usize,
    /// Mean (0 for an empty sample).
    pub mean: f64,
    /// Sample standard deviation (n − 1 in the denominator; 0 below two values).
    pub sd: f64,
    /// Lower end of the mean's 95% interval, `mean − 1.96·sd/√n` (the mean itself below two values).
    pub low: f64,
    /// Upper end of the mean's 95% interval.
    pub high: f64,
    /// Smallest value.
    pub min: f64,
    /// 10th percentile.
    pub p10: f64,
    /// Median.
    pub median: f64,
    /// 90th percentile.
    pub p90: f64,
    /// Largest value.
    pub max: f64,
}

impl Summary {
    /// Summarises a sample (in any order).
    pub fn of(values: &[f64]) -> Summary {
        let n = values.len();
        if n == 0 {
            return Summary::default();
        }
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        let mean = values.iter().sum::<f64>() / n as f64;
        let sd = if n > 1 {
            (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64).sqrt()
        } else {
            0.0
        };
        let margin = if n > 1 { Z95 * sd / (n as f64).sqrt() } else { 0.0 };
        Summary {
            n,
            mean,
            sd,
            low: mean - margin,
            high: mean + margin,
            min: sorted[0],
            p10: quantile(&sorted, 0.1),
            median: quantile(&sorted, 0.5),
            p90: quantile(&sorted, 0.9),
            max: sorted[n - 1],
        }
    }

    /// Summarises whole numbers.
    pub fn of_counts<T: Copy + Into<f64>>(values: &[T]) -> Summary {
        Summary::of(&values.iter().map(|&v| v.into()).collect::<Vec<f64>>())
    }

    /// Half the mean's interval: the `±` of "7.2 ± 0.4".
    pub fn half_width(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

/// The `q`-quantile (0..=1) of sorted values, interpolating linearly between order statistics
/// (the "type 7" definition of R and NumPy).
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    match sorted.len() {
        0 => 0.0,
        1 => sorted[0],
        n => {
            let h = (n - 1) as f64 * q.clamp(0.0, 1.0);
            let below = h.floor() as usize;
            let above = (below + 1).min(n - 1);
            sorted[below] + (h - below as f64) * (sorted[above] - sorted[below])
        }
    }
}

/// Histogram bins of equal width over whole-number values.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Bins {
    /// The lower edge of the first bin.
    pub start: u32,
    /// The width of every bin.
    pub width: u32,
    /// Counts per bin: bin `i` holds `start + i·width ..= start + (i+1)·width − 1`.
    pub counts: Vec<u32>,
}

impl Bins {
    /// A bin width that gives at most about `target` bins over `0..=max`: 1, 2 or 5 times a power of ten.
    pub fn nice_width(max: u32, target: u32) -> u32 {
        let raw = (f64::from(max.max(1)) / f64::from(target.max(1))).max(1.0);
        let mut width = 1u32;
        loop {
            for factor in [1, 2, 5] {
                if f64::from(width * factor) >= raw {
                    return width * factor;
                }
            }
            width *= 10;
        }
    }

    /// Counts `values` into bins of `width` from 0 up to `max` (bins beyond the data are left out).
    pub fn count(values: &[u32], width: u32, max: u32) -> Bins {
        let width = width.max(1);
        let mut counts = vec![0u32; (max / width + 1) as usize];
        for &v in values {
            let i = ((v.min(max)) / width) as usize;
            counts[i] += 1;
        }
        Bins {
            start: 0,
            width,
            counts,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        // 28 of 40: p = 0.7, Wilson 95% interval 0.546..0.819.
        let w = Proportion::wilson(28.0, 40);
        assert!((w.p - 0.7).abs() < 1e-12);
        assert!((w.low - 0.5457).abs() < 1e-3, "{w:?}");
        assert!((w.high - 0.8193).abs() < 1e-3, "{w:?}");
        assert_eq!(w.side_of(0.5), 1);
        // 0 of 10: the interval still has width (0..0.278).
        let zero = Proportion::wilson(0.0, 10);
        assert_eq!(zero.low, 0.0);
        assert!((zero.high - 0.2775).abs() < 1e-3, "{zero:?}");
        // Even: the interval straddles one half symmetrically.
        let even = Proportion::wilson(50.0, 100);
        assert!((even.low + even.high - 1.0).abs() < 1e-12);
        assert_eq!(even.side_of(0.5), 0);
        assert_eq!(Proportion::wilson(0.0, 0).n, 0);
        assert_eq!(Proportion::wilson(28.0, 40).percent(), "70% ± 14%");
    }

    #[test]
    fn summaries_and_quantiles() {
        let s = Summary::of(&[1.0, 2.0, 3.0, 4.0, 5.0]);
        assert_eq!(s.n, 5);
        assert_eq!(s.mean, 3.0);
        assert!((s.sd - 2.5f64.sqrt()).abs() < 1e-12);
        assert_eq!(s.median, 3.0);
        assert!((s.p10 - 1.4).abs() < 1e-12);
        assert!((s.p90 - 4.6).abs() < 1e-12);
        assert_eq!((s.min, s.max), (1.0, 5.0));
        assert!((s.half_width() - Z95 * s.sd / 5f64.sqrt()).abs() < 1e-12);
        let one = Summary::of(&[7.0]);
        assert_eq!((one.mean, one.sd, one.low, one.high), (7.0, 0.0, 7.0, 7.0));
        assert_eq!(Summary::of(&[]).n, 0);
    }

    #[test]
    fn bins() {
        assert_eq!(Bins::nice_width(7, 20), 1);
        assert_eq!(Bins::nice_width(400, 20), 20);
        assert_eq!(Bins::nice_width(900, 20), 50);
        let b = Bins::count(&[0, 1, 4, 5, 9, 12], 5, 12);
        assert_eq!(b.counts, vec![3, 2, 1]);
    }
}
