//! A load benchmark of the web app (figures for the README, never a timed test):
//! `cargo run --release -p arbiter-server --example load -- [GAMES] [SECONDS] [CREATIONS]`.
//!
//! 1. GAMES games (Void, Villawar 8×8 and 10×10, Attraction in turn) played at once over HTTP by
//!    one client each, a WebSocket watcher on every fourth: moves per second and the latency of a
//!    move (p50, p99) over SECONDS seconds.
//! 2. CREATIONS games created one after another: the server's resident memory before and after,
//!    with the default cache of 1,000 games in memory.
//!
//! The server runs in this process (the client's share of memory is small and counted in).

use arbiter_server::{start, Games, Limits, ServeConfig};
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
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
    let anon = reqwest::Client::new();
    let me: Value = anon
        .post(format!("{base}/api/players"))
        .json(&json!({}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(
        "authorization",
        format!("Bearer {}", me["token"].as_str().unwrap()).parse().unwrap(),
    );
    let http = reqwest::Client::builder().default_headers(headers).build().unwrap();
    let rss_start = rss_mb();

    // 1. Moves under load.
    let mut ids = Vec::new();
    for i in 0..games {
        let (game, options) = [
            ("void", ""),
            ("villawar", ""),
            ("attraction", ""),
            ("villawar", "size=10"),
        ][i % 4];
        let view: Value = http
            .post(format!("{base}/api/games"))
            .json(&json!({"game": game, "options": options}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        ids.push(view["id"].as_str().unwrap().to_string());
    }
    for id in ids.iter().step_by(4) {
        let url = format!("{}/api/games/{id}/ws", base.replace("http://", "ws://"));
        tokio::spawn(async move {
            if let Ok((mut ws, _)) = tokio_tungstenite::connect_async(&url).await {
                while let Some(Ok(_)) = ws.next().await {}
            }
        });
    }
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let until = Instant::now() + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for id in ids.clone() {
        let (http, base, latencies) = (http.clone(), base.clone(), latencies.clone());
        tasks.push(tokio::spawn(async move {
            let mut view: Value = http
                .get(format!("{base}/api/games/{id}"))
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            let mut n = 0usize;
            while Instant::now() < until {
                if !view["ending"].is_null() {
                    // A finished game starts over as a new one, so the load stays even.
                    view = http
                        .post(format!("{base}/api/games"))
                        .json(&json!({"game": view["game"], "options": view["options"]}))
                        .send()
                        .await
                        .unwrap()
                        .json()
                        .await
                        .unwrap();
                    continue;
                }
                let legal = view["legal"].as_array().unwrap();
                n = n.wrapping_mul(31).wrapping_add(7);
                let mv = legal[n % legal.len()]["notation"].clone();
                let gid = view["id"].as_str().unwrap().to_string();
                let t = Instant::now();
                let r = http
                    .post(format!("{base}/api/games/{gid}/moves"))
                    .json(&json!({"move": mv, "ply": view["ply"]}))
                    .send()
                    .await
                    .unwrap();
                assert_eq!(r.status().as_u16(), 200);
                view = r.json().await.unwrap();
                latencies.lock().unwrap().push(t.elapsed());
            }
        }));
    }
    for task in tasks {
        task.await.unwrap();
    }
    let mut lat = latencies.lock().unwrap().clone();
    lat.sort();
    println!(
        "{games} games at once ({} watched), {seconds} s: {} moves, {:.0} moves/s, latency p50 {:.1} ms, p99 {:.1} ms",
        games.div_ceil(4),
        lat.len(),
        lat.len() as f64 / seconds as f64,
        percentile(&lat, 0.5).as_secs_f64() * 1e3,
        percentile(&lat, 0.99).as_secs_f64() * 1e3
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
