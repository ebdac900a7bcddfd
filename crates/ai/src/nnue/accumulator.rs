//! The hidden layer's sums for one position. The inputs are 0 or 1, so a sum is the bias plus
//! the columns of the active inputs: a move changes a few inputs, and the sums follow it by
//! adding and subtracting those columns instead of summing them all again.

use super::network::Network;

/// The hidden layer's sums (before the clipped ReLU), × QA.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Accumulator {
    sums: Vec<i32>,
}

/// Adds (`sign` 1) or subtracts (−1) input `i`'s column.
#[inline]
fn apply(sums: &mut [i32], net: &Network, i: u32, sign: i32) {
    let at = i as usize * net.hidden;
    // A plain loop over two slices of equal length: the compiler vectorises it (SSE2/AVX2).
    for (s, &w) in sums.iter_mut().zip(&net.columns[at..at + net.hidden]) {
        *s += sign * i32::from(w);
    }
}

impl Accumulator {
    /// The sums of a position with no active inputs (the biases), sized for `net`.
    pub fn new(net: &Network) -> Accumulator {
        Accumulator { sums: net.bias.clone() }
    }

    /// The sums of a position with these active inputs, from scratch.
    pub fn refresh(&mut self, net: &Network, active: &[u32]) {
        self.sums.copy_from_slice(&net.bias);
        for &i in active {
            apply(&mut self.sums, net, i, 1);
        }
    }

    /// The sums after inputs `added` turned on and `removed` turned off.
    pub fn update(&mut self, net: &Network, added: &[u32], removed: &[u32]) {
        for &i in added {
            apply(&mut self.sums, net, i, 1);
        }
        for &i in removed {
            apply(&mut self.sums, net, i, -1);
        }
    }

    /// The net's output for these sums: the logit of the side to move's expected score.
    pub fn logit(&self, net: &Network) -> f32 {
        net.logit(&self.sums)
    }
}

/// The inputs in `after` and not in `before` (into `added`) and the reverse (into `removed`);
/// both lists sorted ascending, as an observation's active inputs are.
pub fn diff(before: &[u32], after: &[u32], added: &mut Vec<u32>, removed: &mut Vec<u32>) {
    added.clear();
    removed.clear();
    let (mut i, mut j) = (0, 0);
    while i < before.len() || j < after.len() {
        match (before.get(i), after.get(j)) {
            (Some(b), Some(a)) if b == a => {
                i += 1;
                j += 1;
            }
            (Some(&b), Some(&a)) if b < a => {
                removed.push(b);
                i += 1;
            }
            (Some(_), Some(&a)) => {
                added.push(a);
                j += 1;
            }
            (Some(&b), None) => {
                removed.push(b);
                i += 1;
            }
            (None, Some(&a)) => {
                added.push(a);
                j += 1;
            }
            (None, None) => break,
        }
    }
}
