//! Criterion benchmarks: move generation, perft and random playouts on every board size.

use arbiter_core::perft::perft;
use arbiter_core::playout::random_playout;
use arbiter_core::Game;
use arbiter_villawar::{Size, Villawar, VillawarVariant};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A position some random plies into a game, for a mid-game move-generation figure.
fn midgame(size: Size, plies: usize) -> Villawar {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut game = Villawar::new(&VillawarVariant::new(size));
    let mut moves = Vec::new();
    for _ in 0..plies {
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        game.play(moves[rng.random_range(0..moves.len())]);
    }
    game
}

fn movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_moves");
    let mut moves = Vec::with_capacity(256);
    for size in Size::ALL {
        for (label, game) in [
            ("start", Villawar::new(&VillawarVariant::new(size))),
            ("ply20", midgame(size, 20)),
        ] {
            group.bench_function(format!("{}x{} {label}", size.n(), size.n()), |b| {
                b.iter(|| {
                    black_box(&game).legal_moves(&mut moves);
                    moves.len()
                })
            });
        }
    }
    group.finish();
}

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (size, depth, nodes) in [
        (Size::Six, 4, 287_642u64),
        (Size::Eight, 3, 267_456),
        (Size::Ten, 3, 1_767_586),
    ] {
        let game = Villawar::new(&VillawarVariant::new(size));
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{}x{} depth {depth}", size.n(), size.n()), |b| {
            b.iter(|| assert_eq!(perft(black_box(&game), depth), nodes))
        });
    }
    group.finish();
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    for size in Size::ALL {
        let start = Villawar::new(&VillawarVariant::new(size));
        let mut rng = SmallRng::seed_from_u64(1);
        let mut buffer = Vec::with_capacity(256);
        group.bench_function(format!("{}x{} from start", size.n(), size.n()), |b| {
            b.iter(|| {
                let mut game = start;
                random_playout(&mut game, &mut rng, &mut buffer, 10_000).plies
            })
        });
    }
    group.finish();
}

criterion_group!(benches, movegen, perft_bench, playouts);
criterion_main!(benches);
