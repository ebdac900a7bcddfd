//! A fixed amount of work for `perf stat` (CPU time, unlike wall time, is not skewed by other jobs):
//! `cargo run --release -p arbiter-villawar --example playouts -- SIZE GAMES` plays GAMES random playouts.
use arbiter_core::playout::random_playout;
use arbiter_core::Game;
use arbiter_villawar::{Size, Villawar, VillawarVariant};
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(8);
    let games: u64 = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let size = Size::from_n(n).expect("size 6, 8 or 10");
    let start = Villawar::new(&VillawarVariant::new(size));
    let mut rng = SmallRng::seed_from_u64(1);
    let mut buffer = Vec::with_capacity(256);
    let mut plies = 0u64;
    for _ in 0..games {
        let mut game = start;
        plies += u64::from(random_playout(&mut game, &mut rng, &mut buffer, 10_000).plies);
    }
    println!("{plies} plies");
}
