//! The load both load benchmarks make: games played at once over HTTP, one client each, with
//! WebSocket watchers, against one server or several that share a database.

use futures_util::StreamExt;
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What a load run measured.
pub struct Load {
    /// Moves acknowledged with 200.
    pub moves: usize,
    /// Requests answered with anything else (or not at all).
    pub errors: usize,
    /// Acknowledged moves missing from the games' records afterwards.
    pub lost: usize,
    /// State messages the watchers received.
    pub states: usize,
    /// Each acknowledged move's round trip, sorted.
    pub latencies: Vec<Duration>,
}

impl Load {
    /// The `p`-quantile of the move latencies (0.5: the median).
    pub fn percentile(&self, p: f64) -> Duration {
        if self.latencies.is_empty() {
            return Duration::ZERO;
        }
        self.latencies[((self.latencies.len() - 1) as f64 * p).round() as usize]
    }
}

/// A client that acts as a new player on `base`.
pub async fn player(base: &str) -> reqwest::Client {
    let me: Value = reqwest::Client::new()
        .post(format!("{base}/api/players"))
        .json(&json!({}))
        .send()
        .await
        .expect("a new player")
        .json()
        .await
        .expect("json");
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(
        "authorization",
        format!("Bearer {}", me["token"].as_str().expect("a token"))
            .parse()
            .unwrap(),
    );
    reqwest::Client::builder()
        .default_headers(headers)
        .timeout(Duration::from_secs(60))
        .build()
        .unwrap()
}

async fn create(http: &reqwest::Client, base: &str, game: &Value, options: &Value) -> Option<Value> {
    let r = http
        .post(format!("{base}/api/games"))
        .json(&json!({"game": game, "options": options}))
        .send()
        .await
        .ok()?;
    if r.status().as_u16() != 200 {
        return None;
    }
    r.json().await.ok()
}

/// Plays `games` games at once for `seconds` (Void, Villawar 8×8 and 10×10, Attraction in
/// turn; a finished game starts over as a new one): game i is played through `bases[i % n]` and
/// watched, if i is a multiple of 4, through the next base. Afterwards every game's record is
/// read through the next base and checked for every acknowledged move.
pub async fn play(http: &reqwest::Client, bases: &[String], games: usize, seconds: u64) -> Load {
    let kinds = [
        ("void", ""),
        ("villawar", ""),
        ("attraction", ""),
        ("villawar", "size=10"),
    ];
    let errors = Arc::new(Mutex::new(0usize));
    let mut views = Vec::new();
    for i in 0..games {
        let (game, options) = kinds[i % kinds.len()];
        let view = create(http, &bases[i % bases.len()], &json!(game), &json!(options))
            .await
            .expect("a game is created");
        views.push(view);
    }
    let states = Arc::new(Mutex::new(0usize));
    for (i, view) in views.iter().enumerate().step_by(4) {
        let base = &bases[(i + 1) % bases.len()];
        let url = format!(
            "{}/api/games/{}/ws",
            base.replace("http://", "ws://"),
            view["id"].as_str().unwrap()
        );
        let states = states.clone();
        tokio::spawn(async move {
            if let Ok((mut ws, _)) = tokio_tungstenite::connect_async(&url).await {
                while let Some(Ok(_)) = ws.next().await {
                    *states.lock().unwrap() += 1;
                }
            }
        });
    }
    let until = Instant::now() + Duration::from_secs(seconds);
    let acked = Arc::new(Mutex::new(Vec::<(String, Value, Value)>::new()));
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let mut tasks = Vec::new();
    for (i, mut view) in views.into_iter().enumerate() {
        let base = bases[i % bases.len()].clone();
        let (http, latencies, acked, errors) = (http.clone(), latencies.clone(), acked.clone(), errors.clone());
        tasks.push(tokio::spawn(async move {
            let mut n = i;
            while Instant::now() < until {
                if !view["ending"].is_null() {
                    match create(&http, &base, &view["game"], &view["options"]).await {
                        Some(fresh) => view = fresh,
                        None => {
                            *errors.lock().unwrap() += 1;
                            return;
                        }
                    }
                    continue;
                }
                let legal = view["legal"].as_array().unwrap();
                n = n.wrapping_mul(31).wrapping_add(7);
                let mv = legal[n % legal.len()]["notation"].clone();
                let id = view["id"].as_str().unwrap().to_string();
                let t = Instant::now();
                let sent = http
                    .post(format!("{base}/api/games/{id}/moves"))
                    .json(&json!({"move": mv, "ply": view["ply"]}))
                    .send()
                    .await;
                let answer = match sent {
                    Ok(r) if r.status().as_u16() == 200 => r.json::<Value>().await.ok(),
                    _ => None,
                };
                let Some(next) = answer else {
                    *errors.lock().unwrap() += 1;
                    return;
                };
                latencies.lock().unwrap().push(t.elapsed());
                acked.lock().unwrap().push((id, view["ply"].clone(), mv));
                view = next;
            }
        }));
    }
    for task in tasks {
        task.await.unwrap();
    }
    // Every acknowledged move is in its game's record, read through another server.
    let acked = acked.lock().unwrap().clone();
    let mut records = std::collections::HashMap::<String, Value>::new();
    let mut lost = 0;
    for (i, (id, ply, mv)) in acked.iter().enumerate() {
        if !records.contains_key(id) {
            let base = &bases[(i + 1) % bases.len()];
            let record: Value = http
                .get(format!("{base}/api/games/{id}/record"))
                .send()
                .await
                .expect("a record")
                .json()
                .await
                .expect("json");
            records.insert(id.clone(), record);
        }
        let stored = &records[id]["moves"][ply.as_u64().unwrap() as usize];
        if stored != mv {
            lost += 1;
        }
    }
    let mut latencies = latencies.lock().unwrap().clone();
    latencies.sort();
    let errors = *errors.lock().unwrap();
    let states = *states.lock().unwrap();
    Load {
        moves: latencies.len(),
        errors,
        lost,
        states,
        latencies,
    }
}
