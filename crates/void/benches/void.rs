//! Hot paths of Void: move generation and random playouts.

use arbiter_core::playout::random_playout;
use arbiter_core::{Game, NoVariant};
use arbiter_void::Void;
use criterion::{criterion_group, criterion_main, Criterion};
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn benches(c: &mut Criterion) {
    let start = Void::new(&NoVariant);
    let mut moves = Vec::with_capacity(256);
    c.bench_function("void/legal_moves/start", |b| {
        b.iter(|| {
            start.legal_moves(&mut moves);
            moves.len()
        })
    });
    let mut rng = SmallRng::seed_from_u64(1);
    c.bench_function("void/random_playout", |b| {
        b.iter(|| {
            let mut g = start.clone();
            random_playout(&mut g, &mut rng, &mut moves, 300).plies
        })
    });
    c.bench_function("void/perft3", |b| b.iter(|| arbiter_core::perft::perft(&start, 3)));
}

criterion_group!(void, benches);
criterion_main!(void);
