//! Criterion benchmarks: move generation, perft and random playouts.

use arbiter_attraction::Attraction;
use arbiter_core::perft::perft;
use arbiter_core::playout::random_playout;
use arbiter_core::{Game, NoVariant};
use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Positions from seeded random play, to measure generation on typical middle-game boards.
fn sample_positions() -> Vec<Attraction> {
    let mut rng = SmallRng::seed_from_u64(11);
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..8 {
        let mut g = Attraction::new(&NoVariant);
        for ply in 0..80 {
            g.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            if ply % 10 == 9 {
                out.push(g);
            }
            g.play(moves[rng.random_range(0..moves.len())]);
        }
    }
    out
}

fn movegen(c: &mut Criterion) {
    let positions = sample_positions();
    let mut moves = Vec::with_capacity(256);
    c.bench_function("legal_moves (random middle games)", |b| {
        b.iter(|| {
            let mut n = 0;
            for g in &positions {
                g.legal_moves(&mut moves);
                n += moves.len();
            }
            black_box(n)
        })
    });
    let example = Attraction::from_position(&NoVariant, "8/8/2v5/2r5/8/2r5/1r1vr3/8 r 0").unwrap();
    c.bench_function("legal_moves (worked example)", |b| {
        b.iter(|| {
            black_box(&example).legal_moves(&mut moves);
            moves.len()
        })
    });
}

fn perft_bench(c: &mut Criterion) {
    let start = Attraction::new(&NoVariant);
    c.bench_function("perft(4) from the start", |b| b.iter(|| perft(black_box(&start), 4)));
}

fn playouts(c: &mut Criterion) {
    let start = Attraction::new(&NoVariant);
    let mut rng = SmallRng::seed_from_u64(1);
    let mut buffer = Vec::with_capacity(256);
    c.bench_function("random playout, 200 plies", |b| {
        b.iter_batched(
            || start,
            |mut g| random_playout(&mut g, &mut rng, &mut buffer, 200),
            BatchSize::SmallInput,
        )
    });
}

criterion_group!(benches, movegen, perft_bench, playouts);
criterion_main!(benches);
