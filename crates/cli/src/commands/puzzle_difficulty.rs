//! `arbiter puzzle-difficulty SET.jsonl`: how hard a puzzle set is — the game's computer levels
//! solve its puzzles and Glicko-2 rates them, as the server rates people and puzzles.

use crate::spec::{engines, registry};
use arbiter_ai::puzzles::difficulty::{simulate, DifficultyReport, Solver};
use arbiter_ai::puzzles::Puzzle;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

/// `arbiter puzzle-difficulty SET.jsonl [--sample N] [--rounds R] [--move-time T] [--json]`
#[derive(clap::Args)]
pub struct Args {
    /// The puzzle set (JSON lines, as `arbiter puzzles` writes it).
    set: PathBuf,
    /// Rate this many puzzles of the set, chosen by --seed (all by default).
    #[arg(long)]
    sample: Option<usize>,
    /// Times each level tries each puzzle.
    #[arg(long, default_value_t = 1)]
    rounds: usize,
    /// The most a level thinks per move (the levels' own second would take hours).
    #[arg(long, default_value = "200ms")]
    move_time: String,
    /// Seed of the sample and the order of the attempts.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the report here as JSON too.
    #[arg(long)]
    report: Option<PathBuf>,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

/// Rates the set's puzzles by the levels' attempts and prints the spread.
pub fn run(args: Args) -> Result<(), String> {
    let name = args.set.display().to_string();
    let text = std::fs::read_to_string(&args.set).map_err(|e| format!("cannot read {name}: {e}"))?;
    let mut puzzles = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(n, l)| serde_json::from_str::<Puzzle>(l).map_err(|e| format!("{name} line {}: {e}", n + 1)))
        .collect::<Result<Vec<_>, _>>()?;
    let Some(first) = puzzles.first() else {
        return Err(format!("{name} holds no puzzle"));
    };
    let game = registry().get(&first.game).map_err(|e| e.to_string())?;
    if let Some(p) = puzzles
        .iter()
        .find(|p| p.game != first.game || p.options != first.options)
    {
        return Err(format!("{name} mixes games or options (puzzle {})", p.id));
    }
    if args.rounds == 0 {
        return Err("--rounds must be at least 1".into());
    }
    let cap = arbiter_ai::parse_duration(&args.move_time).map_err(|e| format!("--move-time: {e}"))?;
    if let Some(n) = args.sample {
        if n == 0 {
            return Err("--sample must be at least 1".into());
        }
        puzzles.shuffle(&mut rand::rngs::StdRng::seed_from_u64(args.seed));
        puzzles.truncate(n);
    }
    let solvers: Vec<Solver> = (1..=arbiter_core::LEVELS)
        .map(|n| Solver::level(game, n, cap))
        .collect();
    let report = simulate(
        engines(),
        game,
        &puzzles,
        &solvers,
        args.rounds,
        args.seed,
        &AtomicBool::new(false),
    )
    .map_err(|e| e.to_string())?;
    let json = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
    if let Some(path) = &args.report {
        std::fs::write(path, format!("{json}\n")).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    if args.json {
        println!("{json}");
    } else {
        print!("{}", text_report(&report));
    }
    Ok(())
}

/// The report in words.
pub fn text_report(r: &DifficultyReport) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} {}: {} puzzles, each tried {} time(s) by every level",
        r.game, r.options, r.puzzles, r.rounds
    );
    for s in &r.solvers {
        let _ = writeln!(
            out,
            "{:<8} {:>4.0} ± {:>3.0}  solved {}/{} ({})",
            s.name, s.rating, s.deviation, s.solved, s.attempts, s.spec
        );
    }
    let [p10, p25, p50, p75, p90] = r.percentiles;
    let _ = writeln!(
        out,
        "puzzle ratings: 10% {p10:.0}, 25% {p25:.0}, median {p50:.0}, 75% {p75:.0}, 90% {p90:.0} (from {:.0} to {:.0})",
        r.range[0], r.range[1]
    );
    out
}
