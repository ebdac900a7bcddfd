//! `arbiter analyze-game RECORD`: every position of a recorded game searched, every move marked
//! by the win chance it gave away (inaccuracy, mistake, blunder), as the web app's analysis shows.

use crate::spec::{agent_spec, engines, registry};
use arbiter_ai::analysis::{self, GameAnalysis, Thresholds};
use arbiter_ai::AgentKind;
use arbiter_core::GameRecord;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

/// `arbiter analyze-game RECORD [--time T | --nodes N] [--agent SPEC] [--json]`
#[derive(clap::Args)]
pub struct Args {
    /// The game record (JSON, as `arbiter play --record`, `arbiter match --records` and the web app's
    /// download write it); `-` reads it from standard input.
    record: PathBuf,
    /// Thinking time per position (like 200ms, 1s): not reproducible from run to run.
    #[arg(long, short, conflicts_with = "nodes")]
    time: Option<String>,
    /// Nodes per position: the same marks on every run (default 200000).
    #[arg(long)]
    nodes: Option<u64>,
    /// The agent: by default the game's level-6 agent at --nodes per position.
    #[arg(long)]
    agent: Option<String>,
    /// Print the analysis as JSON.
    #[arg(long)]
    json: bool,
}

/// Analyses the record and prints each move with its mark, then each player's summary.
pub fn run(args: Args) -> Result<(), String> {
    let name = args.record.display().to_string();
    let text = if name == "-" {
        std::io::read_to_string(std::io::stdin()).map_err(|e| format!("cannot read standard input: {e}"))?
    } else {
        std::fs::read_to_string(&args.record).map_err(|e| format!("cannot read {name}: {e}"))?
    };
    let record: GameRecord = serde_json::from_str(&text).map_err(|e| format!("{name} is not a game record: {e}"))?;
    let game = registry().get(&record.game).map_err(|e| e.to_string())?;
    let session = game.load_record(&record).map_err(|e| format!("{name}: {e}"))?;
    let levels = game.strength_levels();
    let mut spec = match &args.agent {
        Some(text) => agent_spec(text)?.resolve(levels),
        None => analysis::default_spec(levels),
    };
    if matches!(spec.kind, AgentKind::Random) {
        return Err("analyze-game needs a searching agent (mcts, uct, alphabeta or a level)".into());
    }
    if let Some(t) = &args.time {
        spec.limits = arbiter_ai::Limits::time(arbiter_ai::parse_duration(t).map_err(|e| format!("--time: {e}"))?);
    } else if let Some(n) = args.nodes {
        if n == 0 {
            return Err("--nodes must be at least 1".into());
        }
        spec.limits = arbiter_ai::Limits::nodes(n);
    }
    let bar = (!args.json).then(|| {
        indicatif::ProgressBar::new(0).with_style(
            indicatif::ProgressStyle::with_template("{spinner} analysing [{bar:30}] {pos}/{len} positions, {elapsed}")
                .expect("valid template")
                .progress_chars("=> "),
        )
    });
    let result = analysis::analyze(
        engines(),
        session.as_ref(),
        &spec,
        Thresholds::default(),
        &AtomicBool::new(false),
        &mut |p| {
            if let Some(bar) = &bar {
                bar.set_length(p.total as u64);
                bar.set_position(p.done as u64);
            }
        },
    )
    .map_err(|e| e.to_string())?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if args.json {
        println!("{}", serde_json::to_string(&result).map_err(|e| e.to_string())?);
    } else {
        print!("{}", text_report(&result));
    }
    Ok(())
}

/// The analysis in words: one line per move, then each player's summary.
pub fn text_report(a: &GameAnalysis) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(out, "{} {} analysed by {}", a.game, a.options, a.agent);
    for m in &a.moves {
        let mark = match m.mark {
            Some(mark) => format!("{mark:?}").to_lowercase(),
            None => String::new(),
        };
        let best = match (&m.best, m.loss > 0.0) {
            (Some(best), true) => format!("  best {best}"),
            _ => String::new(),
        };
        let _ = writeln!(
            out,
            "{:>4}. {:<6} {:<24} {:>5.1}% → {:>5.1}%  {:<11}{best}",
            m.ply,
            m.mover,
            m.played,
            m.before * 100.0,
            m.after * 100.0,
            mark,
        );
    }
    for p in &a.players {
        let _ = writeln!(
            out,
            "{}: {} moves, {} inaccuracies, {} mistakes, {} blunders, average loss {:.1}%",
            p.player,
            p.moves,
            p.inaccuracies,
            p.mistakes,
            p.blunders,
            p.average_loss * 100.0
        );
    }
    out
}
