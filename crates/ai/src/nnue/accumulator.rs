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
    /// The active inputs of an observation (its values other than 0).
    pub fn set_from(&mut self, observation: &[f32]) {
        self.words.clear();
        self.words.extend(observation.chunks(64).map(pack));
    }

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

/// The bits of up to 64 values (bit `i`: value `i` is not 0), eight at a time with fixed shifts,
/// which the compiler turns into comparisons and masks instead of a variable shift per value
/// (this was a quarter of a search's time with a small net).
#[inline]
fn pack(chunk: &[f32]) -> u64 {
    let mut word = 0u64;
    let mut eights = chunk.chunks_exact(8);
    for (k, eight) in eights.by_ref().enumerate() {
        let eight: &[f32; 8] = eight.try_into().expect("eight values");
        let mut byte = 0u64;
        for (bit, &v) in eight.iter().enumerate() {
            byte |= u64::from(v != 0.0) << bit;
        }
        word |= byte << (8 * k);
    }
    let done = chunk.len() - eights.remainder().len();
    for (bit, &v) in eights.remainder().iter().enumerate() {
        word |= u64::from(v != 0.0) << (done + bit);
    }
    word
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

    /// The packed bits are the values that are not 0, whatever the length (whole words, a
    /// partial last word, a partial last eight).
    #[test]
    fn the_active_inputs_are_the_values_that_are_not_zero() {
        let mut rng = SmallRng::seed_from_u64(5);
        let mut bits = InputBits::default();
        let mut listed = Vec::new();
        for len in [0, 1, 7, 8, 9, 63, 64, 65, 144, 200, 490, 720] {
            let values: Vec<f32> = (0..len).map(|_| if rng.random_bool(0.3) { 1.0 } else { 0.0 }).collect();
            bits.set_from(&values);
            bits.list(&mut listed);
            let expected: Vec<u32> = (0..len as u32).filter(|&i| values[i as usize] != 0.0).collect();
            assert_eq!(listed, expected, "{len} values");
            assert_eq!(bits.count(), expected.len());
            // The same inputs marked one by one, in any order.
            let mut marked = InputBits::default();
            marked.clear(len);
            for &i in expected.iter().rev() {
                marked.insert(i as usize);
            }
            assert_eq!(marked, bits, "{len} values");
        }
    }
}
