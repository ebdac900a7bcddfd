//! The load of `examples/load.rs` against servers already running, for comparing stores and
//! numbers of instances (`scripts/bench_instances.sh` starts them):
//! `cargo run --release -p arbiter-server --example site_load -- GAMES SECONDS URL [URL…]`.
//!
//! Game i is played through URL i mod n by its own client and, for every fourth game, watched
//! through the next URL; afterwards every acknowledged move is looked for in the game's record,
//! read through the next URL. Prints moves/s, the latency of a move (p50, p99), errors and lost
//! moves on one line.

mod common;

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        eprintln!("usage: site_load GAMES SECONDS URL [URL...]");
        std::process::exit(2);
    }
    let games: usize = args[0].parse().expect("GAMES is a number");
    let seconds: u64 = args[1].parse().expect("SECONDS is a number");
    let bases: Vec<String> = args[2..].iter().map(|u| u.trim_end_matches('/').to_string()).collect();
    let http = common::player(&bases[0]).await;
    let load = common::play(&http, &bases, games, seconds).await;
    println!(
        "{games} games at once over {} instance(s), {seconds} s: {} moves, {:.0} moves/s, p50 {:.1} ms, p99 {:.1} ms, {} errors, {} lost moves, {} watcher states",
        bases.len(),
        load.moves,
        load.moves as f64 / seconds as f64,
        load.percentile(0.5).as_secs_f64() * 1e3,
        load.percentile(0.99).as_secs_f64() * 1e3,
        load.errors,
        load.lost,
        load.states
    );
}
