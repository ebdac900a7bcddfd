//! Criterion benches: distinct-turn generation (start and middle games), canonical notation,
//! and random playouts by token walk.

use arbiter_core::perft::perft;
use arbiter_core::playout::random_playout;
use arbiter_core::Game;
use arbiter_krux::Krux;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use rand::rngs::SmallRng;
use rand::SeedableRng;

#[path = "shared/middle_games.rs"]
mod middle_games;
use middle_games::middle_games;

fn generation(c: &mut Criterion) {
    let mut moves = Vec::with_capacity(8192);
    let start = Krux::start();
    let mut group = c.benchmark_group("legal_moves");
    group.throughput(Throughput::Elements(647));
    group.bench_function("start", |b| {
        b.iter(|| {
            black_box(&start).legal_moves(&mut moves);
            moves.len()
        })
    });
    let positions = middle_games(50, 1);
    let turns: usize = positions
        .iter()
        .map(|k| {
            k.legal_moves(&mut moves);
            moves.len()
        })
        .sum();
    group.throughput(Throughput::Elements(turns as u64));
    group.bench_function("50 middle games", |b| {
        b.iter(|| {
            let mut n = 0;
            for k in &positions {
                k.legal_moves(&mut moves);
                n += moves.len();
            }
            n
        })
    });
    group.finish();

    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.throughput(Throughput::Elements(526_985));
    group.bench_function("start depth 2", |b| b.iter(|| perft(black_box(&start), 2)));
    group.finish();

    let mut group = c.benchmark_group("notation");
    group.sample_size(20);
    // The two middle games with the most turns, in turn, so every round searches each afresh
    // (one search per position, then the per-thread cache answers the other turns).
    let mut by_size: Vec<(usize, Krux)> = positions
        .iter()
        .map(|k| {
            k.legal_moves(&mut moves);
            (moves.len(), *k)
        })
        .collect();
    by_size.sort_by_key(|(n, _)| std::cmp::Reverse(*n));
    let pair = [by_size[0].1, by_size[1].1];
    let lists: Vec<Vec<_>> = pair
        .iter()
        .map(|k| {
            let mut m = Vec::new();
            k.legal_moves(&mut m);
            m
        })
        .collect();
    group.throughput(Throughput::Elements((lists[0].len() + lists[1].len()) as u64));
    group.bench_function("format every turn of two middle games", |b| {
        b.iter(|| {
            let mut bytes = 0;
            for (k, list) in pair.iter().zip(&lists) {
                bytes += list.iter().map(|&m| k.format_move(m).len()).sum::<usize>();
            }
            bytes
        })
    });
    group.finish();
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_playout");
    let start = Krux::start();
    let mut rng = SmallRng::seed_from_u64(9);
    let mut buffer = Vec::new();
    group.bench_function("from the start (token walk, cap 1000)", |b| {
        b.iter(|| {
            let mut k = start;
            random_playout(&mut k, &mut rng, &mut buffer, 1000).plies
        })
    });
    group.finish();
}

criterion_group!(benches, generation, playouts);
criterion_main!(benches);
