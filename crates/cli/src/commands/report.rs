//! `arbiter report GAME`: self-play at several levels, then a standalone HTML page with SVG charts
//! and a JSON file of the metrics (balance, draws, duration, branching, skill, drama, game facts).

use crate::spec::{engines, registry};
use arbiter_report::{ReportConfig, Stage};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;

/// `arbiter report <game> [--games N] [--levels 1,3,5] [--seconds-per-move S] [--out DIR]
/// [--concurrency K] [--opening-plies P] [--max-plies M] [--seed S]`
#[derive(clap::Args)]
pub struct Args {
    /// The game, optionally with options: void, krux, attraction, villawar, villawar:size=6.
    game: String,
    /// Games per matchup (self-play of random and of each level; each level against the next).
    #[arg(long, short = 'n', default_value_t = 40)]
    games: u32,
    /// Strength levels to play, comma-separated (the random mover always plays too).
    #[arg(long, value_delimiter = ',', default_value = "1,3,5")]
    levels: Vec<u8>,
    /// Thinking time for the levels that think by time, in seconds (default: each level's own).
    #[arg(long)]
    seconds_per_move: Option<f64>,
    /// Output folder: index.html, report.json and the cached games (games/), reused to resume.
    #[arg(long, short)]
    out: Option<PathBuf>,
    /// Games played at once, one thread each.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Random plies before the players take over (none that lets the opponent win at once).
    #[arg(long, default_value_t = 2)]
    opening_plies: u32,
    /// Draw a game after this many plies, unless the game options set `plies` themselves.
    #[arg(long, default_value_t = 400)]
    max_plies: u32,
    /// Base seed of the openings and of the players.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Step-by-step games (Krux): positions whose token sequences are counted.
    #[arg(long, default_value_t = 24)]
    sequence_positions: usize,
}

/// Plays what the report needs (resuming from the folder's cache) with a progress bar, writes the
/// report and prints its headlines.
pub fn run(args: Args) -> Result<(), String> {
    let (game, options) = registry().parse_spec(&args.game).map_err(|e| e.to_string())?;
    if args.concurrency == 0 || args.concurrency > 64 {
        return Err(format!("--concurrency must be 1 to 64, not {}", args.concurrency));
    }
    if args.max_plies == 0 {
        return Err("--max-plies must be at least 1".into());
    }
    if args.seconds_per_move.is_some_and(|s| !(s > 0.0 && s.is_finite())) {
        return Err("--seconds-per-move must be a positive number of seconds".into());
    }
    let dir = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("reports").join(game.name()));
    let config = ReportConfig {
        games: args.games,
        levels: args.levels.clone(),
        seconds_per_move: args.seconds_per_move,
        opening_plies: args.opening_plies,
        max_plies: args.max_plies,
        seed: args.seed,
        concurrency: args.concurrency,
        sequence_positions: args.sequence_positions,
        ..ReportConfig::default()
    };
    let bar = ProgressBar::new(0).with_style(
        ProgressStyle::with_template("{spinner} {prefix} [{bar:30}] {pos}/{len} {msg} ({elapsed}, eta {eta})")
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar.set_prefix("self-play");
    let mut analysing = false;
    let report = arbiter_report::run(
        engines(),
        game,
        options,
        &config,
        &dir,
        None,
        &mut |stage| match stage {
            Stage::Playing(p) => {
                bar.set_length(p.total as u64);
                bar.set_position(p.done as u64);
                let cached = if p.cached > 0 {
                    format!("{} from the cache; ", p.cached)
                } else {
                    String::new()
                };
                bar.set_message(format!("games, {cached}{}", p.last.clone().unwrap_or_default()));
            }
            Stage::Analysing(done, total) => {
                if !analysing {
                    analysing = true;
                    bar.reset();
                    bar.set_prefix("replaying");
                    bar.set_length(total as u64);
                    bar.set_message("games");
                }
                bar.set_position(done as u64);
            }
        },
    )
    .map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    let (json, html) = arbiter_report::write(&report, &dir).map_err(|e| e.to_string())?;
    println!("{} report: {} games per matchup", report.game, config.games);
    for line in &report.headlines {
        println!("- {line}");
    }
    println!("wrote {} and {}", html.display(), json.display());
    Ok(())
}
