use crate::spec::registry;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use std::time::{Duration, Instant};

/// `arbiter bench [<game>] [--seconds S] [--json]`
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
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

/// One game's figures.
#[derive(Serialize)]
struct Figures {
    game: String,
    playouts_per_second: f64,
    plies_per_second: f64,
    average_plies: f64,
    perft_depth: usize,
    perft_nodes: u64,
    perft_nodes_per_second: f64,
}

/// Measures every requested game on one thread.
pub fn run(args: Args) -> Result<(), String> {
    if !(args.seconds > 0.0 && args.seconds <= 3600.0) {
        return Err(format!("--seconds must be between 0 and 3600, not {}", args.seconds));
    }
    let specs: Vec<String> = match &args.game {
        Some(g) => vec![g.clone()],
        None => registry().names().iter().map(|s| s.to_string()).collect(),
    };
    let budget = Duration::from_secs_f64(args.seconds);
    let bar = ProgressBar::new(specs.len() as u64 * 2).with_style(
        ProgressStyle::with_template("{spinner} bench {msg} [{bar:20}] {pos}/{len}").expect("valid template"),
    );
    let mut all = Vec::new();
    for spec in &specs {
        let (game, options) = registry().parse_spec(spec).map_err(|e| e.to_string())?;
        bar.set_message(format!("{spec}: playouts"));
        let stats = game
            .playouts(options, None, args.seed, args.ply_cap, budget)
            .map_err(|e| e.to_string())?;
        bar.inc(1);
        bar.set_message(format!("{spec}: perft"));
        // Deepen perft until one depth takes a good share of the budget.
        let (mut depth, mut nodes, mut elapsed) = (0, 1, Duration::ZERO);
        while elapsed < budget / 4 && depth < 12 {
            let started = Instant::now();
            nodes = game.perft(options, None, depth + 1).map_err(|e| e.to_string())?;
            elapsed = started.elapsed();
            depth += 1;
        }
        bar.inc(1);
        all.push(Figures {
            game: spec.clone(),
            playouts_per_second: stats.games_per_second(),
            plies_per_second: stats.plies_per_second(),
            average_plies: stats.plies as f64 / stats.games.max(1) as f64,
            perft_depth: depth,
            perft_nodes: nodes,
            perft_nodes_per_second: nodes as f64 / elapsed.as_secs_f64().max(1e-9),
        });
    }
    bar.finish_and_clear();
    if args.json {
        println!("{}", serde_json::to_string_pretty(&all).map_err(|e| e.to_string())?);
        return Ok(());
    }
    println!(
        "{:<18} {:>14} {:>14} {:>10} {:>8} {:>16}",
        "game", "playouts/s", "plies/s", "plies/game", "perft", "perft nodes/s"
    );
    for f in &all {
        println!(
            "{:<18} {:>14.0} {:>14.0} {:>10.1} {:>8} {:>16.0}",
            f.game, f.playouts_per_second, f.plies_per_second, f.average_plies, f.perft_depth, f.perft_nodes_per_second
        );
    }
    Ok(())
}
