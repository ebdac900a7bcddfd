//! What a PostgreSQL store call costs under concurrency, and what it does to the rest of the async
//! runtime, for three ways of calling it from async code (a benchmark, never a test):
//!
//! `cargo run --release -p arbiter-server --example store_calls -- URL [SECONDS] [WARMUP] [LEVELS]`
//! (defaults: 5 s measured after 1 s of warm-up, at 1,16,64,200 concurrent tasks;
//! `scripts/bench_store_calls.sh` starts a throwaway PostgreSQL and runs it).
//!
//! The HTTP handlers call a synchronous service whose [`PgStore`] runs tokio-postgres on a small
//! runtime of its own and blocks the calling thread on a channel until the answer comes. The
//! question is how to stop that from blocking the server's async workers. Each design below runs
//! the same calls on a fresh multi-thread runtime with 2 worker threads (the server's runtime on a
//! 2-core machine):
//!
//! - `today`: the synchronous [`PgStore`] called straight from the async task, blocking the worker
//!   for the whole call (what a handler without a blocking boundary does);
//! - `A spawn_blocking`: the same [`PgStore`] call inside [`tokio::task::spawn_blocking`] (one
//!   boundary around the service; the store still hops to its own runtime and back);
//! - `B async`: the same SQL text, with the same driver calls, awaited on a deadpool-postgres pool
//!   of the same size (16, `POOL_SIZE` in `store/postgres.rs`) created on the measured runtime
//!   itself (no second runtime, no channel, no blocking thread).
//!
//! Two calls: `read`, [`Store::player_by_token_hash`] (every request with a player cookie does it),
//! over 1,000 stored players; `move`, [`Store::add_move`] on a game of the task's own (so no
//! writer is ever stale): one transaction of a versioned `UPDATE games` + `pg_notify` + `INSERT
//! INTO moves`, writing the game's running clock as JSON, exactly as `PgStore::add_move` does.
//!
//! Each of N tasks makes calls one after another (a closed loop) until the time is up. A call's
//! latency runs from the moment the task asks for it to the answer, and every call starts with a
//! [`tokio::task::yield_now`]: like a request arriving, it has to get an async worker first (so a
//! design that keeps the workers busy shows it in its latency, and one task cannot keep a worker
//! to itself). Only calls that end inside the measured window count, after a warm-up of the same
//! load (connections opened, caches and plans warm).
//!
//! The last columns are what the design does to everything else on the same runtime (WebSockets,
//! time-outs, other requests), measured during the window by three neighbours, each every 10 ms:
//! - `spawned task waits`: a thread outside the runtime spawns a trivial task onto it; its wait
//!   until it first runs (Tokio checks its queue of such tasks more often the longer polls take, so
//!   this one suffers least from a blocked worker);
//! - `sleep(10ms) late`: a task on the runtime sleeps 10 ms in a loop; how late it wakes (timers and
//!   sockets are only looked at when a worker is free to poll the driver);
//! - `TCP echo`: a loopback connection served by a task on the runtime, as a WebSocket is; a thread
//!   outside sends a byte and times the echo (the round trip a WebSocket message would wait).
//!
//! Caveats: the [`PgStore`] stays open through every phase (so its LISTEN connection receives the
//! moves' notifications in all three designs); `B` opens its pool afresh for each phase (its
//! connections live on that phase's runtime), inside the warm-up. The PostgreSQL server runs on the
//! same machine, competing for the same cores; compare the designs with each other, not with a
//! production database. Every phase is bounded by its time (and a watchdog ends the process if a
//! phase hangs).
//!
//! [`PgStore`]: arbiter_server::store::PgStore

use arbiter_core::{ClockState, TimeControl};
use arbiter_server::player::{secret_hash, PlayerId, PlayerRef};
use arbiter_server::store::{GameState, NewMove, Ownership, Store, StoredGame, StoredPlayer};
use arbiter_server::{DbLocation, Seat};
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use std::io::Write;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio_postgres::NoTls;

/// The connection pool's size, as `POOL_SIZE` in `store/postgres.rs`.
const POOL_SIZE: usize = 16;

/// The measured runtime's async worker threads (the server's default on 2 cores).
const WORKERS: usize = 2;

/// The players the reads look up, in turn.
const PLAYERS: usize = 1000;

/// How often the neighbour probes run.
const PROBE_EVERY: Duration = Duration::from_millis(10);

/// The NOTIFY channel of `store/postgres.rs`.
const CHANNEL: &str = "arbiter_changes";

/// `Store::player_by_token_hash`'s SQL in `store/postgres.rs`.
const PLAYER_BY_TOKEN_HASH: &str = "SELECT id, name FROM players WHERE token_hash = $1";

/// The `set` of `Store::add_move`'s versioned update in `store/postgres.rs`.
const MOVE_SET: &str = "result = $3, updated_at = $4, takeback = NULL, clock = $5";

/// `Store::add_move`'s insert in `store/postgres.rs`.
const INSERT_MOVE: &str = "INSERT INTO moves (game_id, ply, notation, played_at, left_ms) VALUES ($1, $2, $3, $4, $5)";

/// How a store call is made from async code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Design {
    /// The synchronous store, straight from the async task.
    Today,
    /// The synchronous store in `spawn_blocking`.
    SpawnBlocking,
    /// tokio-postgres on a deadpool pool, awaited on the runtime.
    Async,
}

impl Design {
    fn name(self) -> &'static str {
        match self {
            Design::Today => "today (blocks worker)",
            Design::SpawnBlocking => "A spawn_blocking",
            Design::Async => "B async pool",
        }
    }
}

/// Which store call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Call {
    /// `player_by_token_hash`.
    Read,
    /// `add_move`.
    Move,
}

impl Call {
    fn name(self) -> &'static str {
        match self {
            Call::Read => "read player_by_token_hash",
            Call::Move => "write add_move",
        }
    }
}

/// What the run is told on its command line.
struct Settings {
    url: String,
    measure: Duration,
    warmup: Duration,
    levels: Vec<usize>,
}

/// What every phase uses.
struct Bench {
    settings: Settings,
    store: Arc<dyn Store>,
    hashes: Arc<Vec<String>>,
    clock: ClockState,
    /// Makes this run's ids unique in the database.
    run: String,
}

/// Everything one phase's tasks share.
struct Shared {
    store: Arc<dyn Store>,
    /// Only for [`Design::Async`].
    pool: Option<Pool>,
    hashes: Arc<Vec<String>>,
    clock: ClockState,
    measure_from: Instant,
    end: Instant,
}

/// One task's game, for the moves.
struct OwnGame {
    id: String,
    version: i64,
    ply: usize,
}

/// What one task measured.
#[derive(Default)]
struct TaskStats {
    latencies: Vec<Duration>,
    errors: u64,
    first_error: Option<String>,
}

/// One line of the table.
struct Line {
    call: Call,
    design: Design,
    tasks: usize,
    stats: TaskStats,
    seconds: f64,
    waits: Vec<Duration>,
    lateness: Vec<Duration>,
    echoes: Vec<Duration>,
    load: String,
}

fn main() {
    let settings = settings();
    eprintln!("store_calls: opening {}", redacted(&settings.url));
    let location = DbLocation::parse(&settings.url).expect("a postgres:// URL");
    let store: Arc<dyn Store> = Arc::from(location.open().expect("the store opens"));
    assert_eq!(store.backend(), "postgres", "this benchmark is about PostgreSQL");
    let run = format!("{}{}", std::process::id(), unix_ms() % 100_000);
    let hashes: Arc<Vec<String>> = Arc::new((0..PLAYERS).map(|i| secret_hash(&format!("bench-{run}-{i}"))).collect());
    for (i, hash) in hashes.iter().enumerate() {
        store
            .create_player(&StoredPlayer {
                player: PlayerRef {
                    id: PlayerId(format!("pb{run}x{i}")),
                    name: Some(format!("Bench {i}")),
                },
                token_hash: hash.clone(),
                created_at: unix_ms() as i64 / 1000,
            })
            .expect("a player is stored");
    }
    let mut clock = ClockState::new("fischer:300+5".parse::<TimeControl>().expect("a time control"));
    clock.start(unix_ms());

    println!(
        "| call | design | tasks | calls/s | p50 ms | p99 ms | errors | spawned task waits p99 ms | \
         sleep(10ms) late p99 ms | TCP echo p50 ms | TCP echo p99 ms | load avg |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    // The designs side by side at each level, so that other load on the machine hits all of them alike.
    let bench = Bench {
        settings,
        store,
        hashes,
        clock,
        run,
    };
    for call in [Call::Read, Call::Move] {
        for &tasks in &bench.settings.levels {
            for design in [Design::Today, Design::SpawnBlocking, Design::Async] {
                eprintln!("store_calls: {} / {} / {tasks} tasks", call.name(), design.name());
                print_line(&bench.phase(call, design, tasks));
            }
        }
    }
}

/// Reads `URL [SECONDS] [WARMUP] [LEVELS]`.
fn settings() -> Settings {
    let mut args = std::env::args().skip(1);
    let usage = "usage: store_calls URL [SECONDS] [WARMUP_SECONDS] [LEVELS, e.g. 1,16,64,200]";
    let url = args.next().expect(usage);
    let seconds = |arg: Option<String>, default: f64| {
        let s = arg.map_or(default, |a| a.parse::<f64>().expect(usage));
        assert!(s > 0.0 && s <= 600.0, "{usage}");
        Duration::from_secs_f64(s)
    };
    let measure = seconds(args.next(), 5.0);
    let warmup = seconds(args.next(), 1.0);
    let levels = args
        .next()
        .unwrap_or_else(|| "1,16,64,200".into())
        .split(',')
        .map(|n| n.trim().parse::<usize>().expect(usage))
        .collect::<Vec<_>>();
    assert!(levels.iter().all(|&n| (1..=1000).contains(&n)), "{usage}");
    Settings {
        url,
        measure,
        warmup,
        levels,
    }
}

impl Bench {
    /// One design at one level: a fresh runtime, `tasks` tasks calling for warm-up + measure, the probes.
    fn phase(&self, call: Call, design: Design, tasks: usize) -> Line {
        let Bench {
            settings,
            store,
            hashes,
            clock,
            run,
        } = self;
        let clock = *clock;
        // Each task moves in a game of its own, created before the phase (not measured).
        let games: Vec<OwnGame> = match call {
            Call::Read => Vec::new(),
            Call::Move => (0..tasks)
                .map(|i| {
                    let id = format!("b{run}-{design:?}-{tasks}-{i}");
                    store.create(&new_game(&id, clock)).expect("a game is stored");
                    OwnGame { id, version: 0, ply: 0 }
                })
                .collect(),
        };
        let watchdog = watchdog(settings.warmup + settings.measure + Duration::from_secs(60));
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(WORKERS)
            .enable_all()
            .build()
            .expect("a runtime");
        let url = settings.url.clone();
        let (warmup, measure) = (settings.warmup, settings.measure);
        let (stats, waits, lateness, echoes) = runtime.block_on(async move {
            let pool = (design == Design::Async).then(|| pool(&url));
            let start = Instant::now();
            let measure_from = start + warmup;
            let end = measure_from + measure;
            let shared = Arc::new(Shared {
                store: store.clone(),
                pool,
                hashes: hashes.clone(),
                clock,
                measure_from,
                end,
            });
            let mut games = games.into_iter();
            let workers: Vec<_> = (0..tasks)
                .map(|i| tokio::spawn(load(shared.clone(), design, i, games.next())))
                .collect();

            // Neighbour 1: a trivial task spawned from outside every 10 ms; its wait until it runs.
            let handle = tokio::runtime::Handle::current();
            let prober = std::thread::spawn(move || {
                std::thread::sleep(measure_from.saturating_duration_since(Instant::now()));
                let mut probes = Vec::new();
                while Instant::now() < end {
                    let sent = Instant::now();
                    probes.push(handle.spawn(async move { sent.elapsed() }));
                    std::thread::sleep(PROBE_EVERY);
                }
                probes
            });
            // Neighbour 2: a task on the runtime sleeping 10 ms in a loop; how late it wakes.
            let sleeper = tokio::spawn(async move {
                tokio::time::sleep_until(measure_from.into()).await;
                let mut late = Vec::new();
                loop {
                    let target = Instant::now() + PROBE_EVERY;
                    if target > end {
                        return late;
                    }
                    tokio::time::sleep_until(target.into()).await;
                    late.push(Instant::now().saturating_duration_since(target));
                }
            });

            // Neighbour 3: a loopback TCP connection served on the runtime (as a WebSocket is): a thread
            // outside sends a byte every 10 ms and times its echo.
            let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a loopback port");
            let address = listener.local_addr().expect("its address");
            listener.set_nonblocking(true).expect("a non-blocking listener");
            let listener = tokio::net::TcpListener::from_std(listener).expect("a tokio listener");
            let echo = tokio::spawn(echo(listener));
            let pinger = std::thread::spawn(move || ping(address, measure_from, end));

            let mut stats = TaskStats::default();
            for worker in workers {
                let task = worker.await.expect("a load task ends");
                stats.latencies.extend(task.latencies);
                stats.errors += task.errors;
                stats.first_error = stats.first_error.or(task.first_error);
            }
            let probes = tokio::task::spawn_blocking(move || prober.join().expect("the prober ends"))
                .await
                .expect("the prober is joined");
            let mut waits = Vec::with_capacity(probes.len());
            for probe in probes {
                waits.push(probe.await.expect("a probe runs"));
            }
            let lateness = sleeper.await.expect("the sleeper ends");
            let echoes = tokio::task::spawn_blocking(move || pinger.join().expect("the pinger ends"))
                .await
                .expect("the pinger is joined");
            echo.abort(); // it ends by itself when the pinger's connection closes; in case it did not
            (stats, waits, lateness, echoes)
        });
        drop(runtime);
        let _ = watchdog.send(());
        Line {
            call,
            design,
            tasks,
            stats,
            seconds: measure.as_secs_f64(),
            waits,
            lateness,
            echoes,
            load: load_average(),
        }
    }
}

/// One task: calls one after another until the end, timing those that end in the measured window.
async fn load(shared: Arc<Shared>, design: Design, index: usize, mut game: Option<OwnGame>) -> TaskStats {
    let mut stats = TaskStats::default();
    let mut n = index.wrapping_mul(7919);
    loop {
        let asked = Instant::now();
        if asked >= shared.end {
            return stats;
        }
        // A request arrives: its handler has to get an async worker first.
        tokio::task::yield_now().await;
        let outcome = match game.as_mut() {
            None => {
                n = n.wrapping_add(1);
                read(&shared, design, &shared.hashes[n % shared.hashes.len()]).await
            }
            Some(game) => {
                let outcome = add_move(&shared, design, game).await;
                if outcome.is_ok() {
                    game.version += 1;
                    game.ply += 1;
                }
                outcome
            }
        };
        let done = Instant::now();
        if done >= shared.measure_from && done < shared.end {
            stats.latencies.push(done - asked);
        }
        if let Err(e) = outcome {
            stats.errors += 1;
            stats.first_error.get_or_insert(e);
            if game.is_some() {
                return stats; // the game's version is unknown now: this task stops writing
            }
        }
    }
}

/// `player_by_token_hash`, by `design`; an error also when the player is not found.
async fn read(shared: &Shared, design: Design, hash: &str) -> Result<(), String> {
    let found = match design {
        Design::Today => shared.store.player_by_token_hash(hash).map_err(|e| e.to_string())?,
        Design::SpawnBlocking => {
            let (store, hash) = (shared.store.clone(), hash.to_string());
            tokio::task::spawn_blocking(move || store.player_by_token_hash(&hash))
                .await
                .map_err(|e| e.to_string())?
                .map_err(|e| e.to_string())?
        }
        Design::Async => {
            let pool = shared.pool.as_ref().expect("design B has a pool");
            // As PgStore::rows + first: a pooled client, the query, the first row read.
            let client = pool.get().await.map_err(|e| e.to_string())?;
            let hash = hash.to_string();
            let rows = client
                .query(PLAYER_BY_TOKEN_HASH, &[&hash])
                .await
                .map_err(|e| e.to_string())?;
            rows.iter()
                .map(|row| -> Result<PlayerRef, tokio_postgres::Error> {
                    Ok(PlayerRef {
                        id: PlayerId(row.try_get(0)?),
                        name: row.try_get(1)?,
                    })
                })
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| e.to_string())?
                .into_iter()
                .next()
        }
    };
    found.map(|_| ()).ok_or_else(|| "a player was not found".into())
}

/// `add_move` of the next ply on the task's game, by `design`.
async fn add_move(shared: &Shared, design: Design, game: &OwnGame) -> Result<(), String> {
    const NOTATION: &str = "a1-b2";
    const LEFT_MS: u64 = 299_000;
    match design {
        Design::Today => {
            let mv = NewMove {
                ply: game.ply,
                notation: NOTATION,
                left_ms: Some(LEFT_MS),
            };
            let state = GameState {
                result: None,
                outcome: None,
                clock: Some(&shared.clock),
            };
            shared
                .store
                .add_move(&game.id, game.version, mv, state)
                .map_err(|e| e.to_string())
        }
        Design::SpawnBlocking => {
            let (store, id, version, ply, clock) = (
                shared.store.clone(),
                game.id.clone(),
                game.version,
                game.ply,
                shared.clock,
            );
            tokio::task::spawn_blocking(move || {
                let mv = NewMove {
                    ply,
                    notation: NOTATION,
                    left_ms: Some(LEFT_MS),
                };
                let state = GameState {
                    result: None,
                    outcome: None,
                    clock: Some(&clock),
                };
                store.add_move(&id, version, mv, state)
            })
            .await
            .map_err(|e| e.to_string())?
            .map_err(|e| e.to_string())
        }
        Design::Async => {
            let pool = shared.pool.as_ref().expect("design B has a pool");
            async_add_move(pool, game, NOTATION, Some(LEFT_MS), &shared.clock)
                .await
                .map_err(|e| e.to_string())
        }
    }
}

/// `PgStore::add_move` with its `update_game`, statement for statement, awaited here.
async fn async_add_move(
    pool: &Pool,
    game: &OwnGame,
    notation: &str,
    left_ms: Option<u64>,
    clock: &ClockState,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    // What PgStore::add_move prepares before its transaction.
    let (id, notation, ply, left_ms) = (
        game.id.clone(),
        notation.to_string(),
        game.ply as i64,
        left_ms.map(|ms| ms as i64),
    );
    let (result, clock) = (None::<String>, serde_json::to_string(clock).ok());
    let version = game.version;
    // PgStore::write: a pooled client, a transaction, committed when the work succeeds.
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    let t = unix_ms() as i64 / 1000;
    let sql = format!("UPDATE games SET {MOVE_SET}, version = version + 1 WHERE id = $1 AND version = $2");
    if tx.execute(sql.as_str(), &[&id, &version, &result, &t, &clock]).await? == 1 {
        let payload = format!("g {} {id}", version + 1);
        tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload]).await?;
    } else {
        let exists = tx
            .query_opt("SELECT 1 FROM games WHERE id = $1", &[&id])
            .await?
            .is_some();
        return Err(if exists { "stale" } else { "missing" }.into());
    }
    tx.execute(INSERT_MOVE, &[&id, &ply, &notation, &t, &left_ms]).await?;
    tx.commit().await?;
    Ok(())
}

/// Serves one connection on the runtime: answers every byte it gets, until the peer closes.
async fn echo(listener: tokio::net::TcpListener) {
    let Ok((socket, _)) = listener.accept().await else {
        return;
    };
    let _ = socket.set_nodelay(true);
    let mut buffer = [0u8; 64];
    loop {
        if socket.readable().await.is_err() {
            return;
        }
        let n = match socket.try_read(&mut buffer) {
            Ok(0) => return,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => continue,
            Err(_) => return,
        };
        let mut sent = 0;
        while sent < n {
            if socket.writable().await.is_err() {
                return;
            }
            match socket.try_write(&buffer[sent..n]) {
                Ok(k) => sent += k,
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(_) => return,
            }
        }
    }
}

/// From a thread of its own: a byte to [`echo`] every 10 ms of the measured window, each round trip.
fn ping(address: std::net::SocketAddr, from: Instant, end: Instant) -> Vec<Duration> {
    use std::io::Read;
    let mut rtts = Vec::new();
    let Ok(mut stream) = std::net::TcpStream::connect(address) else {
        return rtts;
    };
    let _ = stream.set_nodelay(true);
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    std::thread::sleep(from.saturating_duration_since(Instant::now()));
    let mut byte = [0u8; 1];
    while Instant::now() < end {
        let sent = Instant::now();
        if stream.write_all(&byte).is_err() || stream.read_exact(&mut byte).is_err() {
            break;
        }
        rtts.push(sent.elapsed());
        std::thread::sleep(PROBE_EVERY);
    }
    rtts
}

/// A pool made as `PgStore::connect` makes its own.
fn pool(url: &str) -> Pool {
    let config: tokio_postgres::Config = url.parse().expect("a PostgreSQL URL");
    let manager = Manager::from_config(
        config,
        NoTls,
        ManagerConfig {
            recycling_method: RecyclingMethod::Fast,
        },
    );
    Pool::builder(manager)
        .max_size(POOL_SIZE)
        .runtime(deadpool_postgres::Runtime::Tokio1)
        .wait_timeout(Some(Duration::from_secs(10)))
        .create_timeout(Some(Duration::from_secs(10)))
        .build()
        .expect("a pool")
}

/// A fresh game with a running clock and no moves, held by nobody.
fn new_game(id: &str, clock: ClockState) -> StoredGame {
    let now = unix_ms() as i64 / 1000;
    StoredGame {
        id: id.into(),
        game: "void".into(),
        options: String::new(),
        start: "start".into(),
        seats: [Seat::Human, Seat::Human],
        resigned: None,
        result: None,
        moves: Vec::new(),
        left_ms: Vec::new(),
        played_at: Vec::new(),
        owners: Ownership::default(),
        takeback: None,
        rematch: None,
        clock: Some(clock),
        timed_out: false,
        hints: false,
        rated: false,
        rating_changes: None,
        outcome: None,
        tournament: None,
        created_at: now,
        updated_at: now,
        version: 0,
    }
}

/// Ends the process if the phase is not over (told on the channel) within `limit`.
fn watchdog(limit: Duration) -> mpsc::Sender<()> {
    let (done, over) = mpsc::channel::<()>();
    std::thread::spawn(move || {
        if let Err(RecvTimeoutError::Timeout) = over.recv_timeout(limit) {
            eprintln!("store_calls: a phase took more than {limit:?}; giving up");
            std::process::exit(3);
        }
    });
    done
}

fn print_line(line: &Line) {
    let mut latencies = line.stats.latencies.clone();
    let (mut waits, mut lateness, mut echoes) = (line.waits.clone(), line.lateness.clone(), line.echoes.clone());
    latencies.sort_unstable();
    waits.sort_unstable();
    lateness.sort_unstable();
    echoes.sort_unstable();
    let errors = match &line.stats.first_error {
        Some(e) => format!("{} ({e})", line.stats.errors),
        None => line.stats.errors.to_string(),
    };
    println!(
        "| {} | {} | {} | {:.0} | {} | {} | {} | {} | {} | {} | {} | {} |",
        line.call.name(),
        line.design.name(),
        line.tasks,
        latencies.len() as f64 / line.seconds,
        ms(percentile(&latencies, 0.50)),
        ms(percentile(&latencies, 0.99)),
        errors,
        ms(percentile(&waits, 0.99)),
        ms(percentile(&lateness, 0.99)),
        ms(percentile(&echoes, 0.50)),
        ms(percentile(&echoes, 0.99)),
        line.load,
    );
    let _ = std::io::stdout().flush();
}

/// The nearest-rank percentile of sorted values.
fn percentile(sorted: &[Duration], p: f64) -> Option<Duration> {
    if sorted.is_empty() {
        return None;
    }
    let rank = (p * sorted.len() as f64).ceil() as usize;
    Some(sorted[rank.clamp(1, sorted.len()) - 1])
}

fn ms(value: Option<Duration>) -> String {
    match value {
        Some(d) if d < Duration::from_millis(10) => format!("{:.2}", d.as_secs_f64() * 1000.0),
        Some(d) => format!("{:.1}", d.as_secs_f64() * 1000.0),
        None => "–".into(),
    }
}

/// The 1-minute load average (the machine may be busy with other work).
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "?".into())
}

fn unix_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// The URL without its password.
fn redacted(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let user = &url[scheme + 3..at];
            let user = user.split(':').next().unwrap_or("");
            format!("{}{user}@{}", &url[..scheme + 3], &url[at + 1..])
        }
        _ => url.to_string(),
    }
}
