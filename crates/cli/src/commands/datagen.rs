//! `arbiter datagen`: training data for a learned evaluation, from self-play on all cores.

use crate::spec::{agent_spec, engines, registry};
use arbiter_learn::{describe, generate, DataHeader, DatagenSettings};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

/// `arbiter datagen <game> --out FILE [--games N] [--agent SPEC] [--opening-plies K] [--threads T]
/// [--max-plies P] [--seed S] [--json]`
#[derive(clap::Args)]
pub struct Args {
    /// The game, optionally with options: void, krux, attraction, villawar:size=10, krux:setup=facing.
    game: String,
    /// The data file: created, or resumed when it holds games of the same settings (games already
    /// in it are skipped, a partly written last game is cut off).
    #[arg(long)]
    out: PathBuf,
    /// Games to reach (numbered from 0, each the same whichever run or thread plays it).
    #[arg(long, short = 'n', default_value_t = 1000)]
    games: u32,
    /// The agent that plays both sides; a small fixed budget makes data fast and reproducible.
    #[arg(long, default_value = "alphabeta:nodes=5000")]
    agent: String,
    /// Random safe plies (no ply lets the opponent win at once) before the agent takes over.
    #[arg(long, default_value_t = 8)]
    opening_plies: u32,
    /// Draw a game after this many plies, unless the game options set `plies` themselves.
    #[arg(long, default_value_t = 400)]
    max_plies: u32,
    /// Games played at once, one thread each; all cores by default.
    #[arg(long)]
    threads: Option<usize>,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print the summary as JSON.
    #[arg(long)]
    json: bool,
}

/// Plays the games with a progress bar, then prints what was written.
pub fn run(args: Args) -> Result<(), String> {
    let (game, options) = registry().parse_spec(&args.game).map_err(|e| e.to_string())?;
    agent_spec(&args.agent)?;
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    let threads = args.threads.unwrap_or_else(arbiter_core::playout::cores);
    if threads == 0 || threads > 256 {
        return Err(format!("--threads must be 1 to 256, not {threads}"));
    }
    let header = DataHeader::for_run(
        game,
        options,
        &args.agent,
        args.opening_plies,
        args.max_plies,
        args.seed,
    )
    .map_err(|e| e.to_string())?;
    let settings = DatagenSettings {
        header,
        games: args.games,
        threads,
    };
    let bar = if args.json {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(u64::from(args.games))
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {msg} ({elapsed}, about {eta} left)")
            .map_err(|e| e.to_string())?,
    );
    let stop = AtomicBool::new(false);
    let summary = generate(engines(), game, &settings, &args.out, &stop, &mut |p| {
        bar.set_position(u64::from(p.games_done));
        bar.set_message(format!("{} positions", p.samples));
    })
    .map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    if args.json {
        println!("{}", serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())?);
        return Ok(());
    }
    println!("{}: {}", args.out.display(), describe(&settings.header));
    println!(
        "played {} games ({} already in the file), wrote {} positions ({} bytes) in {:.1} s",
        summary.games_played,
        summary.games_skipped,
        summary.samples,
        summary.bytes,
        summary.millis as f64 / 1000.0
    );
    if summary.unscored > 0 {
        println!(
            "left out {} positions whose score was no evaluation (a win rate, or none)",
            summary.unscored
        );
    }
    Ok(())
}
