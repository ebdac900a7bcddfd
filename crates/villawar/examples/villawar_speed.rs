//! Measures perft and random-playout speed for every board size (run in release mode):
//! `cargo run --release -p arbiter-villawar --example villawar_speed [seconds]`.

use arbiter_core::perft::perft;
use arbiter_core::playout::run_playouts;
use arbiter_core::Game;
use arbiter_villawar::{Size, Villawar, VillawarVariant};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::time::{Duration, Instant};

fn main() {
    let seconds: f64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(3.0);
    for size in Size::ALL {
        let game = Villawar::new(&VillawarVariant::new(size));
        let depth = if size == Size::Ten { 4 } else { 5 };
        let began = Instant::now();
        let nodes = perft(&game, depth);
        let elapsed = began.elapsed().as_secs_f64();
        println!(
            "{size}: perft({depth}) = {nodes} in {elapsed:.2} s = {:.1} M nodes/s",
            nodes as f64 / elapsed / 1e6
        );
        let mut rng = SmallRng::seed_from_u64(1);
        let stats = run_playouts(&game, &mut rng, 10_000, Duration::from_secs_f64(seconds));
        println!(
            "{size}: {} playouts, {:.1} plies each, {:.2} M plies/s, {:.0} playouts/s; white {} black {} draws {} capped {}",
            stats.games,
            stats.plies as f64 / stats.games as f64,
            stats.plies_per_second() / 1e6,
            stats.games_per_second(),
            stats.first_wins,
            stats.second_wins,
            stats.draws,
            stats.capped
        );
    }
}
