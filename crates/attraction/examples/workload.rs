//! A fixed, seeded amount of work for instruction-count profiling (timings on a shared machine
//! vary; counts do not): `valgrind --tool=callgrind target/release/examples/workload play 200`
//! runs 200 random playouts of at most 500 plies; `workload perft` runs perft(5) from the start.

use arbiter_attraction::Attraction;
use arbiter_core::playout::random_playout;
use arbiter_core::{perft::perft, Game, NoVariant};
use rand::SeedableRng;

fn main() {
    let start = Attraction::new(&NoVariant);
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_default();
    if mode == "perft" {
        println!("perft(5) = {}", perft(&start, 5));
        return;
    }
    let games: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
    let mut buffer = Vec::with_capacity(256);
    let mut plies = 0u64;
    for _ in 0..games {
        let mut g = start;
        plies += u64::from(random_playout(&mut g, &mut rng, &mut buffer, 500).plies);
    }
    println!("{games} playouts, {plies} plies");
}
