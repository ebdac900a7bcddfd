//! The hidden layer's sums for one position. The inputs are 0 or 1, so a sum is the bias plus
//! the columns of the active inputs: a move changes a few inputs, and the sums follow it by
//! adding and subtracting those columns instead of summing them all again.

use super::network::Network;
use super::simd::add_and_remove;

/// The hidden layer's sums (before the clipped ReLU), × QA.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Accumulator {
    sums: Vec<i32>,
}

impl Accumulator {
    /// The sums of a position with no active inputs (the biases), sized for `net`.
    pub fn new(net: &Network) -> Accumulator {
        Accumulator { sums: net.bias.clone() }
    }

    /// The sums of a position with these active inputs, from scratch.
    pub fn refresh(&mut self, net: &Network, active: &[u32]) {
        self.sums.copy_from_slice(&net.bias);
        add_and_remove(&mut self.sums, &net.columns, active, &[]);
    }

    /// The sums after inputs `added` turned on and `removed` turned off.
    pub fn update(&mut self, net: &Network, added: &[u32], removed: &[u32]) {
        add_and_remove(&mut self.sums, &net.columns, added, removed);
    }

    /// The sums, × QA.
    pub(crate) fn sums(&self) -> &[i32] {
        &self.sums
    }
}

/// A set of active inputs, one bit each: a position's inputs in a few words, which a move
/// changes in a few bits.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct InputBits {
    words: Vec<u64>,
}

impl InputBits {
    /// No active inputs, out of `inputs`.
    pub fn clear(&mut self, inputs: usize) {
        self.words.clear();
        self.words.resize(inputs.div_ceil(64), 0);
    }

    /// Input `input` is active (below the `inputs` of [`InputBits::clear`]).
    #[inline]
    pub fn insert(&mut self, input: usize) {
        self.words[input / 64] |= 1 << (input % 64);
    }

    /// Whether no position has been held yet.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// How many inputs are active.
    pub fn count(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The active inputs, ascending, into `out`.
    pub fn list(&self, out: &mut Vec<u32>) {
        out.clear();
        for (k, &w) in self.words.iter().enumerate() {
            push_word(w, 64 * k as u32, out);
        }
    }

    /// The inputs active in `after` and not here (into `added`), and the reverse (into
    /// `removed`): one exclusive or per word.
    pub fn diff(&self, after: &InputBits, added: &mut Vec<u32>, removed: &mut Vec<u32>) {
        added.clear();
        removed.clear();
        for (k, (&b, &a)) in self.words.iter().zip(&after.words).enumerate() {
            let base = 64 * k as u32;
            push_word(a & !b, base, added);
            push_word(b & !a, base, removed);
        }
    }
}

/// Pushes the set bits of `word` as input numbers from `base`.
#[inline]
fn push_word(mut word: u64, base: u32, out: &mut Vec<u32>) {
    while word != 0 {
        out.push(base + word.trailing_zeros());
        word &= word - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// The inputs marked one by one, in any order, are listed in order and counted, whatever
    /// the number of inputs (whole words, a partial last word); two sets differ by their
    /// exclusive or.
    #[test]
    fn marked_inputs_are_listed_counted_and_compared() {
        let mut rng = SmallRng::seed_from_u64(5);
        let (mut listed, mut added, mut removed) = (Vec::new(), Vec::new(), Vec::new());
        let mut before = InputBits::default();
        for len in [1, 7, 63, 64, 65, 144, 200, 490, 720] {
            let expected: Vec<u32> = (0..len as u32).filter(|_| rng.random_bool(0.3)).collect();
            let mut bits = InputBits::default();
            bits.clear(len);
            for &i in expected.iter().rev() {
                bits.insert(i as usize);
            }
            bits.list(&mut listed);
            assert_eq!(listed, expected, "{len} inputs");
            assert_eq!(bits.count(), expected.len());
            before.clear(len);
            before.insert(0);
            before.diff(&bits, &mut added, &mut removed);
            let first = expected.first() == Some(&0);
            assert_eq!(added.len(), expected.len() - usize::from(first), "{len} inputs");
            assert_eq!(removed, if first { vec![] } else { vec![0] }, "{len} inputs");
        }
    }
}
