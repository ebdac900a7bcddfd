//! `arbiter perft`: move sequences counted to a depth, the check every move generator is pinned by.

use crate::spec::GameSpec;
use indicatif::{ProgressBar, ProgressStyle};
use std::time::Instant;

/// `arbiter perft <game> <depth> [--position P] [--divide] [--threads N] [--json]`
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    spec: GameSpec,
    /// Number of plies (at most 64).
    #[arg(value_parser = clap::value_parser!(u8).range(0..=64))]
    depth: u8,
    /// Print the count below each first move.
    #[arg(long)]
    divide: bool,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
    /// Threads counting at once, the first moves shared out among them; 0: one per core.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

/// Counts move sequences, split by first move so that a progress bar can follow.
pub fn run(args: Args) -> Result<(), String> {
    let (game, options) = args.spec.resolve()?;
    let position = args.spec.position.as_deref();
    let depth = usize::from(args.depth);
    let threads = arbiter_core::playout::threads_or_all(args.threads);
    let started = Instant::now();
    let bar = ProgressBar::new(0).with_style(
        ProgressStyle::with_template("{spinner} perft {msg} [{bar:30}] {pos}/{len} first moves, {elapsed}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar.set_message(depth.to_string());
    let split = if depth == 0 {
        game.perft(options, position, 0).map_err(|e| e.to_string())?;
        Vec::new()
    } else {
        game.divide(options, position, depth, threads, &mut |done, total| {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
        })
        .map_err(|e| e.to_string())?
    };
    bar.finish_and_clear();
    let elapsed = started.elapsed().as_secs_f64();
    let nodes: u64 = if depth == 0 {
        1
    } else {
        split.iter().map(|(_, n)| n).sum()
    };
    let rate = nodes as f64 / elapsed.max(1e-9);
    if args.json {
        let divide: serde_json::Map<String, serde_json::Value> =
            split.iter().map(|(m, n)| (m.clone(), (*n).into())).collect();
        let value = serde_json::json!({
            "game": game.name(), "depth": args.depth, "nodes": nodes,
            "seconds": elapsed, "nodes_per_second": rate, "threads": threads,
            "divide": if args.divide { Some(divide) } else { None },
        });
        return crate::output::emit(&format!("{value}\n"));
    }
    let mut text = String::new();
    if args.divide {
        for (mv, n) in &split {
            text += &format!("{mv}: {n}\n");
        }
        text.push('\n');
    }
    text += &format!(
        "perft({}) = {nodes}\ntime: {elapsed:.3} s, {rate:.0} nodes/s{}\n",
        depth,
        if threads > 1 {
            format!(" on {threads} threads")
        } else {
            String::new()
        }
    );
    crate::output::emit(&text)
}
