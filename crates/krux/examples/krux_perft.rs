//! Figures for docs/games.md: perft from the start, turn-list sizes and generation speed on
//! middle-game positions, random playouts.
//!
//! `cargo run --release -p arbiter-krux --example krux_perft [depth]`

use arbiter_core::perft::perft;
use arbiter_core::playout::run_playouts;
use arbiter_core::Game;
use arbiter_krux::Krux;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::time::{Duration, Instant};

#[path = "../benches/shared/middle_games.rs"]
mod middle_games;
use middle_games::middle_games;

fn main() {
    let depth: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(2);
    let start = Krux::start();
    for d in 1..=depth {
        let t = Instant::now();
        let n = perft(&start, d);
        let s = t.elapsed().as_secs_f64();
        println!("perft({d}) = {n}  ({s:.3} s, {:.2} M turns/s)", n as f64 / s / 1e6);
    }

    let positions = middle_games(200, 1);
    let mut moves = Vec::new();
    let (mut turns, mut states, mut max_turns) = (0usize, 0usize, 0usize);
    let mut times = Vec::new();
    for k in &positions {
        states += k.legal_moves_counting(&mut moves);
        turns += moves.len();
        max_turns = max_turns.max(moves.len());
        let reps = 20;
        let t = Instant::now();
        for _ in 0..reps {
            k.legal_moves(&mut moves);
        }
        times.push(t.elapsed().as_secs_f64() / reps as f64);
    }
    let total: f64 = times.iter().sum();
    let mut sorted = times.clone();
    sorted.sort_by(f64::total_cmp);
    println!(
        "middle games ({} positions): {:.0} turns and {:.0} searched boards on average, up to {max_turns} turns",
        positions.len(),
        turns as f64 / positions.len() as f64,
        states as f64 / positions.len() as f64
    );
    println!(
        "full turn list: median {:.1} µs, mean {:.1} µs, max {:.1} µs; {:.2} M distinct turns/s",
        sorted[sorted.len() / 2] * 1e6,
        total / positions.len() as f64 * 1e6,
        sorted[sorted.len() - 1] * 1e6,
        turns as f64 / total / 1e6
    );

    let t = Instant::now();
    let mut formatted = 0;
    for k in positions.iter().take(20) {
        k.legal_moves(&mut moves);
        for &m in &moves {
            formatted += k.format_move(m).len();
        }
    }
    println!(
        "canonical notation of every turn of 20 positions: {:.1} ms per position ({formatted} bytes)",
        t.elapsed().as_secs_f64() * 1e3 / 20.0
    );

    let mut rng = SmallRng::seed_from_u64(3);
    let stats = run_playouts(&start, &mut rng, 1000, Duration::from_secs(3));
    println!(
        "random playouts (token walk): {:.0} playouts/s, {:.0} plies/s, {:.1} plies per game; \
         wins white {} black {}, capped {}",
        stats.games_per_second(),
        stats.plies_per_second(),
        stats.plies as f64 / stats.games as f64,
        stats.first_wins,
        stats.second_wins,
        stats.capped
    );
}
