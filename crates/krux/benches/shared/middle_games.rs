//! Middle-game positions for the bench and the figures example (`examples/krux_perft.rs`), which
//! both include this file with `#[path]`.

use arbiter_core::Game;
use arbiter_krux::Krux;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// `count` unfinished positions, each 12 to 40 plies of uniformly random distinct turns from the
/// start, the same for the same `seed`.
pub fn middle_games(count: usize, seed: u64) -> Vec<Krux> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut moves = Vec::new();
    while out.len() < count {
        let mut k = Krux::start();
        for _ in 0..rng.random_range(12..40) {
            k.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            k.play(moves[rng.random_range(0..moves.len())]);
        }
        if k.outcome().is_none() {
            out.push(k);
        }
    }
    out
}
