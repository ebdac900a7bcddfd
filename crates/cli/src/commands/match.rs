//! `arbiter match`: two agents play a series of games, with an Elo estimate and an optional SPRT
//! that stops as soon as the result is clear.

mod journal;

use crate::spec::{agent_spec, engines, GameSpec};
use arbiter_ai::match_runner::{run_match, MatchConfig, MatchSummary};
use arbiter_ai::sprt::Sprt;
use arbiter_core::{with_ply_limit, TimeControl};
use indicatif::{ProgressBar, ProgressStyle};
use journal::{Journal, Settings};
use std::path::PathBuf;

/// `arbiter match <game> --a SPEC --b SPEC [--games N] [--opening-plies K] [--concurrency C]
/// [--clock CONTROL] [--sprt elo0,elo1] [--records DIR [--resume]] [--json]`
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    spec: GameSpec,
    /// Agent A: random, level=1..6, mcts:time=1s, uct:iterations=5000, alphabeta:depth=5,time=500ms,
    /// or an external program: engine:<command line>[,time=500ms][,Option=value] …
    #[arg(long)]
    a: String,
    /// Agent B, in the same syntax.
    #[arg(long)]
    b: String,
    /// Games to play; colours alternate (A takes the first side in games 1, 3, 5, …).
    #[arg(long, short = 'n', default_value_t = 100)]
    games: u32,
    /// Random plies played before the agents take over (each opening is played with both colours).
    #[arg(long, default_value_t = 0)]
    opening_plies: u32,
    /// Redraw any random opening ply after which the opponent could win at once, so that no game
    /// is decided by its random opening (Krux, where a careless first turn loses, needs this).
    #[arg(long)]
    safe_openings: bool,
    /// Play on a clock instead of the agents' own budgets: each move thinks for a share of the
    /// time left, and a side whose time runs out loses (fischer:BASE+INCREMENT, whole seconds,
    /// as game records write it).
    #[arg(long, value_name = "CONTROL")]
    clock: Option<TimeControl>,
    /// Games played at once, one thread each.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Stop early when a sequential probability ratio test decides between elo0 and elo1 (α = β = 0.05).
    #[arg(long, value_name = "ELO0,ELO1")]
    sprt: Option<String>,
    /// Draw a game after this many plies, unless the game options set `plies` themselves.
    #[arg(long, default_value_t = 400)]
    max_plies: u32,
    /// Base seed of the openings and of the agents.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Save every game record (JSON) into this folder, as game-0001.json, game-0002.json, …, and
    /// the match as it goes in match.jsonl, from which --resume continues it.
    #[arg(long)]
    records: Option<PathBuf>,
    /// Continue the match saved in the --records folder: its finished games count, and only the
    /// others are played. Everything but --games, --sprt and --concurrency must be as before.
    #[arg(long, requires = "records")]
    resume: bool,
    /// Print the results as JSON (every game included).
    #[arg(long)]
    json: bool,
}

/// Plays the match with a progress bar showing the running score, then prints the results.
pub fn run(args: Args) -> Result<(), String> {
    let (game, options) = args.spec.resolve()?;
    let a = agent_spec(&args.a)?;
    let b = agent_spec(&args.b)?;
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if args.concurrency == 0 || args.concurrency > 64 {
        return Err(format!("--concurrency must be 1 to 64, not {}", args.concurrency));
    }
    if args.max_plies == 0 {
        return Err("--max-plies must be at least 1".into());
    }
    let sprt = args.sprt.as_deref().map(Sprt::parse).transpose()?;
    let options = with_ply_limit(options, args.max_plies).map_err(|e| e.to_string())?;
    let settings = Settings {
        game: game.name().to_string(),
        options: options.clone(),
        position: args.spec.position.clone(),
        a: args.a.clone(),
        b: args.b.clone(),
        opening_plies: args.opening_plies,
        safe_openings: args.safe_openings,
        clock: args.clock.map(|c| c.to_string()),
        seed: args.seed,
    };
    let (mut journal, played) = match &args.records {
        Some(dir) => {
            let (journal, played) = Journal::open(dir, &settings, args.resume)?;
            (Some(journal), played)
        }
        None => (None, Vec::new()),
    };
    let config = MatchConfig {
        a,
        b,
        games: args.games,
        opening_plies: args.opening_plies,
        safe_openings: args.safe_openings,
        clock: args.clock,
        concurrency: args.concurrency,
        seed: args.seed,
        sprt,
        stop: None,
        played,
    };
    let bar = ProgressBar::new(args.games as u64).with_style(
        ProgressStyle::with_template("{spinner} match [{bar:30}] {pos}/{len} games, A {msg}, {elapsed}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar.set_message("+0 =0 -0");
    bar.set_position(config.played.len() as u64);
    let mut write_error = None;
    let summary = run_match(
        engines(),
        game,
        &options,
        args.spec.position.as_deref(),
        &config,
        &mut |result, tally| {
            bar.inc(1);
            bar.set_message(format!(
                "+{} ={} -{} ({:.1}%)",
                tally.wins,
                tally.draws,
                tally.losses,
                tally.score() * 100.0
            ));
            if let Some(journal) = &mut journal {
                if let Err(e) = journal.add(result) {
                    write_error.get_or_insert(e);
                }
            }
        },
    )
    .map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    if let Some(e) = write_error {
        return Err(e);
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())?);
    } else {
        print_summary(&summary, game.strength_levels());
    }
    Ok(())
}

fn print_summary(s: &MatchSummary, levels: &arbiter_core::Levels) {
    let resolved = |spec: &str| {
        let parsed = agent_spec(spec).expect("parsed before");
        let concrete = parsed.resolve(levels).to_string();
        if concrete == spec {
            spec.to_string()
        } else {
            format!("{spec} ({concrete})")
        }
    };
    println!("{}: A = {}, B = {}", s.game, resolved(&s.a), resolved(&s.b));
    let t = &s.tally;
    println!(
        "games {}: A won {}, drew {}, lost {}; A scored {:.1}%",
        t.games(),
        t.wins,
        t.draws,
        t.losses,
        s.score * 100.0
    );
    println!(
        "Elo difference A - B: {:+.0} (95% interval {:+.0} to {:+.0})",
        s.elo.elo, s.elo.low, s.elo.high
    );
    if let Some(r) = &s.sprt {
        let (low, high) = r.test.bounds();
        println!(
            "SPRT elo0={} elo1={}: {:?} (LLR {:.2}, bounds {:.2} to {:.2})",
            r.test.elo0, r.test.elo1, r.status, r.llr, low, high
        );
    }
    let a_max = s.games.iter().map(|g| g.a_max_move_ms).max().unwrap_or(0);
    let b_max = s.games.iter().map(|g| g.b_max_move_ms).max().unwrap_or(0);
    let plies: usize = s.games.iter().map(|g| g.plies).sum();
    println!(
        "average length {:.1} plies; longest move: A {a_max} ms, B {b_max} ms",
        plies as f64 / s.games.len().max(1) as f64
    );
    for game in &s.games {
        if let Some(why) = &game.forfeit {
            println!("game {}: {why}", game.index + 1);
        }
    }
}
