//! `arbiter solve GAME --plies N`: proves whether the side to move can force a win within N plies.

use crate::spec::GameSpec;
use arbiter_core::proof::ProofMethod;
use indicatif::{ProgressBar, ProgressStyle};
use std::time::Instant;

/// `arbiter solve <game> [--position P] [--plies N] [--method exact|dfpn] [--threads N] [--json]`
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    spec: GameSpec,
    /// The longest win looked for, in plies (odd horizons 1, 3, 5, … up to this are searched).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=15))]
    plies: u32,
    /// How to search: `exact` (every move in order, depth first) or `dfpn` (proof-number search:
    /// the moves that look easiest to settle first). Both answer exactly; see docs/cli.md.
    #[arg(long, default_value = "exact")]
    method: ProofMethod,
    /// Threads searching at once, the first moves shared out among them; 0: one per core. The
    /// answer is the same on any number; the positions visited are not.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
}

/// Searches growing horizons and prints the shortest forced win found, or that none exists.
pub fn run(args: Args) -> Result<(), String> {
    let (game, options) = args.spec.resolve()?;
    let position = args.spec.position.as_deref();
    let threads = arbiter_core::playout::threads_or_all(args.threads);
    let started = Instant::now();
    let bar = ProgressBar::new(0).with_style(
        ProgressStyle::with_template("{spinner} {msg} [{bar:30}] {pos}/{len} first moves, {elapsed}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    let proof = game
        .forced_win(
            options,
            position,
            args.plies,
            args.method,
            threads,
            &mut |horizon, done, total| {
                bar.set_message(format!("win within {horizon} plies?"));
                bar.set_length(total as u64);
                bar.set_position(done as u64);
            },
        )
        .map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    let elapsed = started.elapsed().as_secs_f64();
    if args.json {
        let value = serde_json::json!({
            "game": game.name(), "method": args.method, "searched_plies": proof.searched_plies, "win_in": proof.win_in,
            "line": proof.line, "nodes": proof.nodes, "seconds": elapsed, "threads": threads,
        });
        return crate::output::emit(&format!("{value}\n"));
    }
    let text = match proof.win_in {
        Some(n) => format!(
            "the side to move forces a win within {n} plies (none within {})\nline ({} plies, longest defence): {}\n",
            n.saturating_sub(2),
            proof.line.len(),
            proof.line.join("  ")
        ),
        None => format!(
            "no forced win within {} plies: every first move has a defence that lasts longer\n",
            proof.searched_plies
        ),
    };
    crate::output::emit(&format!("{text}positions: {}, time: {elapsed:.1} s\n", proof.nodes))
}
