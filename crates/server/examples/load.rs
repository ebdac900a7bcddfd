//! A load benchmark of the web app (figures for docs/scale.md, never a timed test):
//! `cargo run --release -p arbiter-server --example load -- [GAMES] [SECONDS] [CREATIONS]`.
//!
//! 1. GAMES games (Void, Villawar 8×8 and 10×10, Attraction in turn) played at once over HTTP by
//!    one client each, a WebSocket watcher on every fourth: moves per second and the latency of a
//!    move (p50, p99) over SECONDS seconds (`examples/common`; `site_load` makes the same load
//!    against running servers).
//! 2. CREATIONS games created one after another: the server's resident memory before and after,
//!    with the default cache of 1,000 games in memory.
//!
//! The server runs in this process (the client's share of memory is small and counted in).

mod common;

use arbiter_server::{start, Games, Limits, ServeConfig};
use serde_json::json;
use std::time::Instant;

fn rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<usize>().expect("a number"));
    let games = args.next().unwrap_or(200);
    let seconds = args.next().unwrap_or(10) as u64;
    let creations = args.next().unwrap_or(50_000);
    let dir = std::env::temp_dir().join(format!("arbiter-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let config = ServeConfig {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: arbiter_server::DbLocation::Sqlite(dir.join("load.db")),
        limits: Limits::none(),
        // Every simulated player comes from this one address.
        connections: arbiter_server::ConnectionLimits {
            per_address: 100_000,
            websockets_per_address: 100_000,
            ..arbiter_server::ConnectionLimits::default()
        },
        ..ServeConfig::default()
    };
    let server = start(
        config,
        Games {
            registry: arbiter_games::registry(),
            engines: arbiter_games::engines(),
        },
    )
    .await
    .expect("server");
    let base = server.url();
    let http = common::player(&base).await;
    let rss_start = rss_mb();

    // 1. Moves under load.
    let load = common::play(&http, std::slice::from_ref(&base), games, seconds).await;
    println!(
        "{games} games at once ({} watched, {} states sent to watchers), {seconds} s: {} moves, {:.0} moves/s, latency p50 {:.1} ms, p99 {:.1} ms; {} errors, {} lost",
        games.div_ceil(4),
        load.states,
        load.moves,
        load.moves as f64 / seconds as f64,
        load.percentile(0.5).as_secs_f64() * 1e3,
        load.percentile(0.99).as_secs_f64() * 1e3,
        load.errors,
        load.lost
    );

    // 2. Memory after many creations.
    let before = rss_mb();
    let t = Instant::now();
    for i in 0..creations {
        let game = ["void", "villawar", "attraction", "krux"][i % 4];
        let r = http
            .post(format!("{base}/api/games"))
            .json(&json!({"game": game}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), 200);
    }
    println!(
        "{creations} creations in {:.1} s ({:.0}/s): resident memory {:.0} MB at start, {:.0} MB before, {:.0} MB after; {} games in memory",
        t.elapsed().as_secs_f64(),
        creations as f64 / t.elapsed().as_secs_f64(),
        rss_start,
        before,
        rss_mb(),
        server.games_in_memory()
    );
    server.stop().await.unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}
