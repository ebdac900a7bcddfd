//! Measures perft and random playouts from the start or a position:
//! `cargo run --release --example attraction_speed -p arbiter-attraction -- [depth] [seconds] [position]`.

use arbiter_attraction::Attraction;
use arbiter_core::playout::run_playouts;
use arbiter_core::{perft::perft, Game, NoVariant};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::time::{Duration, Instant};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    let seconds: f64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(3.0);
    let start = match args.next() {
        Some(p) => Attraction::from_position(&NoVariant, &p).unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(1)
        }),
        None => Attraction::new(&NoVariant),
    };
    for d in 1..=depth {
        let t = Instant::now();
        let n = perft(&start, d);
        let s = t.elapsed().as_secs_f64();
        println!("perft({d}) = {n}  ({:.2} s, {:.0} nodes/s)", s, n as f64 / s.max(1e-9));
    }
    for cap in [200, 1000] {
        let mut rng = SmallRng::seed_from_u64(1);
        let stats = run_playouts(&start, &mut rng, cap, Duration::from_secs_f64(seconds));
        println!(
            "playouts (cap {cap}): {} games, {} plies, {:.0} plies/s, {:.0} games/s; violet {} red {} draws {} capped {}",
            stats.games,
            stats.plies,
            stats.plies_per_second(),
            stats.games_per_second(),
            stats.first_wins,
            stats.second_wins,
            stats.draws,
            stats.capped
        );
    }
}
