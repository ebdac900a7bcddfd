//! `arbiter bench`: move generation and search speed per game, the signature that says a change
//! kept every search the same, and the check that agents keep to their time limits.

use crate::spec::{engines, registry};
use arbiter_ai::{AgentSpec, Limits};
use arbiter_core::{DynGameType, DynSession};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Agents timed by `--time-limits`.
const TIMED_AGENTS: [&str; 3] = ["mcts", "uct", "alphabeta"];
/// How far over its time limit a move may go before `--time-limits` fails.
const TIME_MARGIN: Duration = Duration::from_millis(250);

/// `arbiter bench [<game>] [--seconds S] [--threads N] [--json] [--time-limits] [--signature]`
#[derive(clap::Args)]
pub struct Args {
    /// One game (with options, like villawar:size=10); all games when left out.
    game: Option<String>,
    /// Seconds spent on each measurement.
    #[arg(long, default_value_t = 3.0)]
    seconds: f64,
    /// Longest playout, in plies.
    #[arg(long, default_value_t = 1000)]
    ply_cap: u32,
    /// Seed of the random playouts.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads for the random playouts (each its own seed) and perft (the first moves shared out);
    /// 0: one per core. The searches' rates stay those of one thread.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
    /// Also check that every agent keeps its time limit: 100 ms moves through a whole game each
    /// (capped at 60 plies); fails if a move takes more than the limit + 250 ms.
    #[arg(long)]
    time_limits: bool,
    /// Print the search signature instead: fixed positions per game searched to a fixed depth;
    /// the node total changes only when the search or move generation changes.
    #[arg(long)]
    signature: bool,
}

/// One game's figures.
#[derive(Serialize)]
struct Figures {
    game: String,
    threads: usize,
    playouts_per_second: f64,
    plies_per_second: f64,
    average_plies: f64,
    perft_depth: usize,
    perft_nodes: u64,
    perft_nodes_per_second: f64,
    mcts_iterations_per_second: f64,
    uct_iterations_per_second: f64,
    alphabeta_nodes_per_second: f64,
    alphabeta_depth: u32,
    /// The same search with the variant's built-in net, where it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    alphabeta_net_nodes_per_second: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    alphabeta_net_depth: Option<u32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    time_limits: Vec<TimeLimitCheck>,
}

/// How long an agent's moves took against a 100 ms limit.
#[derive(Serialize)]
struct TimeLimitCheck {
    agent: String,
    moves: usize,
    limit_ms: u64,
    max_ms: f64,
    mean_ms: f64,
}

/// One search of `spec` from the start position: (nodes per second, depth).
fn search_rate(session: &dyn DynSession, spec: &str, budget: Duration) -> Result<(f64, u32), String> {
    let mut spec: AgentSpec = spec.parse().map_err(|e: arbiter_core::Error| e.to_string())?;
    spec.limits = Limits::time(budget);
    let result = engines()
        .choose(session, &spec, Arc::new(AtomicBool::new(false)), &mut |_| {})
        .map_err(|e| e.to_string())?;
    Ok((result.info.nodes_per_second, result.info.depth))
}

/// Plays one self-play game per agent at 100 ms per move and times every move.
fn check_time_limits(game: &dyn DynGameType, options: &str, seed: u64) -> Result<Vec<TimeLimitCheck>, String> {
    let limit = Duration::from_millis(100);
    let mut checks = Vec::new();
    for name in TIMED_AGENTS {
        let spec: AgentSpec = format!("{name}:time=100ms,seed={seed}").parse().expect("valid spec");
        let mut agent = engines().agent(game.name(), &spec).map_err(|e| e.to_string())?;
        let mut session = game.new_session(options, None).map_err(|e| e.to_string())?;
        let mut times = Vec::new();
        while session.ending().is_none() && session.ply() < 60 {
            let started = Instant::now();
            let result = agent
                .choose(session.as_ref(), &AtomicBool::new(false), &mut |_| {})
                .map_err(|e| e.to_string())?;
            times.push(started.elapsed());
            session
                .play(&result.best)
                .map_err(|e| format!("{name} chose an illegal move: {e}"))?;
        }
        let max = times.iter().max().copied().unwrap_or_default();
        if max > limit + TIME_MARGIN {
            return Err(format!(
                "{name} on {}: a move took {} ms against a limit of 100 ms",
                game.name(),
                max.as_millis()
            ));
        }
        checks.push(TimeLimitCheck {
            agent: name.to_string(),
            moves: times.len(),
            limit_ms: 100,
            max_ms: max.as_secs_f64() * 1000.0,
            mean_ms: times.iter().map(Duration::as_secs_f64).sum::<f64>() * 1000.0 / times.len().max(1) as f64,
        });
    }
    Ok(checks)
}

/// Measures every requested game on one thread.
pub fn run(args: Args) -> Result<(), String> {
    if args.signature {
        let signature = super::signature::run(args.game.as_deref())?;
        if args.json {
            println!(
                "{}",
                serde_json::to_string_pretty(&signature).map_err(|e| e.to_string())?
            );
        } else {
            super::signature::print(&signature);
        }
        return Ok(());
    }
    if !(args.seconds > 0.0 && args.seconds <= 3600.0) {
        return Err(format!("--seconds must be between 0 and 3600, not {}", args.seconds));
    }
    let specs: Vec<String> = match &args.game {
        Some(g) => vec![g.clone()],
        None => registry().names().iter().map(|s| s.to_string()).collect(),
    };
    let budget = Duration::from_secs_f64(args.seconds);
    let threads = arbiter_core::playout::threads_or_all(args.threads);
    let bar = ProgressBar::new(specs.len() as u64 * (5 + u64::from(args.time_limits))).with_style(
        ProgressStyle::with_template("{spinner} bench {msg} [{bar:20}] {pos}/{len}").expect("valid template"),
    );
    let mut all = Vec::new();
    for spec in &specs {
        let (game, options) = registry().parse_spec(spec).map_err(|e| e.to_string())?;
        bar.set_message(format!("{spec}: playouts"));
        let stats = arbiter_core::playout::on_threads(threads, args.seed, |_, seed| {
            game.playouts(options, None, seed, args.ply_cap, budget)
        })
        .map_err(|e| e.to_string())?;
        bar.inc(1);
        bar.set_message(format!("{spec}: perft"));
        // Deepen perft until one depth takes a good share of the budget, and never start a depth
        // that the last one's branching factor says would overrun it (Krux perft(3) takes minutes).
        let (mut depth, mut nodes) = (0, 1u64);
        let elapsed = loop {
            let started = Instant::now();
            let next: u64 = game
                .divide(options, None, depth + 1, threads, &mut |_, _| {})
                .map_err(|e| e.to_string())?
                .iter()
                .map(|(_, n)| n)
                .sum();
            let elapsed = started.elapsed();
            let branching = next as f64 / nodes.max(1) as f64;
            (depth, nodes) = (depth + 1, next);
            if elapsed >= budget / 4 || depth >= 12 || elapsed.mul_f64(branching.max(1.0)) > budget {
                break elapsed;
            }
        };
        bar.inc(1);
        let session = game.new_session(options, None).map_err(|e| e.to_string())?;
        bar.set_message(format!("{spec}: mcts"));
        let (mcts, _) = search_rate(session.as_ref(), "mcts", budget)?;
        bar.inc(1);
        bar.set_message(format!("{spec}: uct"));
        let (uct, _) = search_rate(session.as_ref(), "uct", budget)?;
        bar.inc(1);
        bar.set_message(format!("{spec}: alphabeta"));
        let (alphabeta, alphabeta_depth) = search_rate(session.as_ref(), "alphabeta", budget)?;
        let with_net = match session.builtin_net() {
            Some(_) => Some(search_rate(session.as_ref(), "alphabeta:net=builtin", budget)?),
            None => None,
        };
        bar.inc(1);
        let time_limits = if args.time_limits {
            bar.set_message(format!("{spec}: time limits"));
            let checks = check_time_limits(game, options, args.seed)?;
            bar.inc(1);
            checks
        } else {
            Vec::new()
        };
        all.push(Figures {
            game: spec.clone(),
            threads,
            playouts_per_second: stats.games_per_second(),
            plies_per_second: stats.plies_per_second(),
            average_plies: stats.plies as f64 / stats.games.max(1) as f64,
            perft_depth: depth,
            perft_nodes: nodes,
            perft_nodes_per_second: nodes as f64 / elapsed.as_secs_f64().max(1e-9),
            mcts_iterations_per_second: mcts,
            uct_iterations_per_second: uct,
            alphabeta_nodes_per_second: alphabeta,
            alphabeta_depth,
            alphabeta_net_nodes_per_second: with_net.map(|(rate, _)| rate),
            alphabeta_net_depth: with_net.map(|(_, depth)| depth),
            time_limits,
        });
    }
    bar.finish_and_clear();
    if args.json {
        println!("{}", serde_json::to_string_pretty(&all).map_err(|e| e.to_string())?);
        return Ok(());
    }
    println!(
        "{:<18} {:>12} {:>12} {:>10} {:>6} {:>14} {:>12} {:>12} {:>12} {:>8}",
        "game",
        "playouts/s",
        "plies/s",
        "plies/game",
        "perft",
        "perft nodes/s",
        "mcts it/s",
        "uct it/s",
        "ab nodes/s",
        "ab depth"
    );
    for f in &all {
        println!(
            "{:<18} {:>12.0} {:>12.0} {:>10.1} {:>6} {:>14.0} {:>12.0} {:>12.0} {:>12.0} {:>8}",
            f.game,
            f.playouts_per_second,
            f.plies_per_second,
            f.average_plies,
            f.perft_depth,
            f.perft_nodes_per_second,
            f.mcts_iterations_per_second,
            f.uct_iterations_per_second,
            f.alphabeta_nodes_per_second,
            f.alphabeta_depth
        );
    }
    if threads > 1 {
        println!("(playouts and perft on {threads} threads; the searches on one)");
    }
    for f in &all {
        if let (Some(rate), Some(depth)) = (f.alphabeta_net_nodes_per_second, f.alphabeta_net_depth) {
            println!(
                "{}: alpha-beta with its built-in net: {rate:.0} nodes/s ({:.2}× its own evaluation's), depth {depth}",
                f.game,
                rate / f.alphabeta_nodes_per_second.max(1e-9)
            );
        }
    }
    for f in &all {
        for c in &f.time_limits {
            println!(
                "{}: {} kept its {} ms limit: {} moves, longest {:.0} ms, mean {:.0} ms",
                f.game, c.agent, c.limit_ms, c.moves, c.max_ms, c.mean_ms
            );
        }
    }
    Ok(())
}
