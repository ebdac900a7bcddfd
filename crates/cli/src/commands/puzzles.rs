//! `arbiter puzzles GAME`: puzzles made from self-play or recorded games — candidates where a move
//! threw the game away, each verified by a deeper search to have one good answer at every step.

use crate::spec::{agent_spec, engines, registry};
use arbiter_ai::puzzles::{generate, Earlier, GenerationReport, GenerationSettings, Puzzle, PuzzleSettings, Source};
use arbiter_ai::Limits;
use arbiter_core::GameRecord;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

/// `arbiter puzzles GAME [--from RECORDS…] [--games N] [--count C] [--out FILE] [--report FILE] [--resume]`
#[derive(clap::Args)]
pub struct Args {
    /// The game, optionally with options: void, krux, attraction, villawar:size=10.
    game: String,
    /// Recorded games to take puzzles from (JSON records, or folders of them) instead of self-play.
    #[arg(long, num_args = 1..)]
    from: Vec<PathBuf>,
    /// Self-play games to play at most (without --from).
    #[arg(long, short = 'n', default_value_t = 2000)]
    games: u32,
    /// Stop once this many puzzles are found.
    #[arg(long, short = 'c', default_value_t = 500)]
    count: usize,
    /// Self-play: the side whose mistakes make most puzzles.
    #[arg(long, default_value = "alphabeta:nodes=300")]
    a: String,
    /// Self-play: the other side.
    #[arg(long, default_value = "alphabeta:nodes=3000")]
    b: String,
    /// Self-play: random safe plies before the agents take over.
    #[arg(long, default_value_t = 4)]
    opening_plies: u32,
    /// Self-play: draw a game after this many plies, unless the options set a limit.
    #[arg(long, default_value_t = 300)]
    max_plies: u32,
    /// Self-play: the seed (the same seed and settings give the same puzzles).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Nodes of the analysis that finds candidates, per position.
    #[arg(long, default_value_t = arbiter_ai::puzzles::SCAN_NODES)]
    scan_nodes: u64,
    /// Nodes of the cheap search that ranks every legal move.
    #[arg(long, default_value_t = arbiter_ai::puzzles::SCREEN_NODES)]
    screen_nodes: u64,
    /// Nodes of the verifying search, per finalist move.
    #[arg(long, default_value_t = arbiter_ai::puzzles::VERIFY_NODES)]
    verify_nodes: u64,
    /// The most moves the solver makes in one puzzle.
    #[arg(long, default_value_t = 4)]
    max_moves: usize,
    /// Games worked on at once; all cores by default.
    #[arg(long)]
    threads: Option<usize>,
    /// Write the puzzles here, one JSON object per line (standard output by default).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Write the generation report here as JSON.
    #[arg(long)]
    report: Option<PathBuf>,
    /// Go on from the set and report a stopped run left at --out and --report (same settings),
    /// from its next game: the set is the one an unstopped run makes. Without them, a new set.
    #[arg(long)]
    resume: bool,
    /// Print the report as JSON instead of words.
    #[arg(long)]
    json: bool,
}

/// Makes the puzzles, writes them, and reports what was found and rejected.
pub fn run(args: Args) -> Result<(), String> {
    let (game, options) = registry().parse_spec(&args.game).map_err(|e| e.to_string())?;
    for (name, n) in [
        ("--scan-nodes", args.scan_nodes),
        ("--screen-nodes", args.screen_nodes),
        ("--verify-nodes", args.verify_nodes),
    ] {
        if n == 0 {
            return Err(format!("{name} must be at least 1"));
        }
    }
    if args.count == 0 || args.max_moves == 0 {
        return Err("--count and --max-moves must be at least 1".into());
    }
    let threads = args.threads.unwrap_or_else(arbiter_core::playout::cores);
    if threads == 0 || threads > 256 {
        return Err(format!("--threads must be 1 to 256, not {threads}"));
    }
    let source = if args.from.is_empty() {
        if args.games == 0 {
            return Err("--games must be at least 1".into());
        }
        Source::SelfPlay {
            a: Box::new(agent_spec(&args.a)?.resolve(game.strength_levels())),
            b: Box::new(agent_spec(&args.b)?.resolve(game.strength_levels())),
            opening_plies: args.opening_plies,
            max_plies: args.max_plies,
            seed: args.seed,
            games: args.games,
        }
    } else {
        let records = read_records(&args.from)?;
        if let Some((name, r)) = records.iter().find(|(_, r)| r.game != game.name()) {
            return Err(format!("{name} is a game of {}, not {}", r.game, game.name()));
        }
        Source::Records(records)
    };
    let mut puzzles = PuzzleSettings::new(game.strength_levels());
    puzzles.max_moves = args.max_moves;
    puzzles.scan.limits = Limits::nodes(args.scan_nodes);
    puzzles.screen.limits = Limits::nodes(args.screen_nodes);
    puzzles.verify.limits = Limits::nodes(args.verify_nodes);
    let settings = GenerationSettings {
        puzzles,
        count: args.count,
        threads,
    };
    let earlier = if args.resume { read_earlier(&args)? } else { None };
    let bar = if args.json {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(args.count as u64)
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {msg} ({elapsed})").map_err(|e| e.to_string())?,
    );
    // The set and report are rewritten after every game, so that a run cut short keeps its puzzles.
    let mut write_error = None;
    let (found, report) = generate(
        engines(),
        game,
        options,
        &source,
        &settings,
        earlier.as_ref(),
        &AtomicBool::new(false),
        &mut |puzzles, report| {
            bar.set_position(puzzles.len() as u64);
            bar.set_message(format!("{} games", report.games));
            if let Some(path) = &args.out {
                if let Err(e) = write_set(path, puzzles).and_then(|()| write_report(args.report.as_deref(), report)) {
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
    match &args.out {
        Some(path) => write_set(path, &found)?,
        None => {
            let mut lines = String::new();
            for p in &found {
                lines.push_str(&serde_json::to_string(p).map_err(|e| e.to_string())?);
                lines.push('\n');
            }
            std::io::stdout()
                .write_all(lines.as_bytes())
                .map_err(|e| format!("cannot write the puzzles: {e}"))?
        }
    }
    write_report(args.report.as_deref(), &report)?;
    let json = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
    if args.json {
        eprintln!("{json}");
    } else {
        eprint!("{}", text_report(&report));
    }
    Ok(())
}

/// Writes a file whole: to a temporary file beside it, then renamed over it, so that a reader
/// (or a run stopped mid-write) never sees half of it.
fn write_file(path: &Path, text: &str) -> Result<(), String> {
    let partial = path.with_extension("partial");
    std::fs::write(&partial, text)
        .and_then(|()| std::fs::rename(&partial, path))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn write_set(path: &Path, puzzles: &[arbiter_ai::puzzles::Puzzle]) -> Result<(), String> {
    let mut lines = String::new();
    for p in puzzles {
        lines.push_str(&serde_json::to_string(p).map_err(|e| e.to_string())?);
        lines.push('\n');
    }
    write_file(path, &lines)
}

fn write_report(path: Option<&Path>, report: &GenerationReport) -> Result<(), String> {
    match path {
        Some(path) => {
            let json = serde_json::to_string_pretty(report).map_err(|e| e.to_string())?;
            write_file(path, &format!("{json}\n"))
        }
        None => Ok(()),
    }
}

/// The set and report a stopped run left, if both are there (`--resume`).
fn read_earlier(args: &Args) -> Result<Option<Earlier>, String> {
    let (Some(out), Some(report)) = (&args.out, &args.report) else {
        return Err("--resume needs --out and --report (the set and the report to go on from)".into());
    };
    match (out.exists(), report.exists()) {
        (false, false) => return Ok(None),
        (true, true) => {}
        _ => {
            return Err(format!(
                "--resume needs both {} and {}, or neither (a new set)",
                out.display(),
                report.display()
            ))
        }
    }
    let read = |path: &Path| std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()));
    let report_text = read(report)?;
    let report: GenerationReport = serde_json::from_str(&report_text)
        .map_err(|e| format!("{} is not a puzzle generation report: {e}", report.display()))?;
    let puzzles = read(out)?
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            serde_json::from_str::<Puzzle>(line)
                .map_err(|e| format!("{} line {} is not a puzzle: {e}", out.display(), i + 1))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Some(Earlier { puzzles, report }))
}

/// Every record in these files and folders (a folder: its `.json` files, in name order).
fn read_records(paths: &[PathBuf]) -> Result<Vec<(String, GameRecord)>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut inside: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect();
            inside.sort();
            files.extend(inside);
        } else {
            files.push(path.clone());
        }
    }
    if files.is_empty() {
        return Err("--from names no record (a folder holds none ending in .json)".into());
    }
    files
        .into_iter()
        .map(|file| {
            let name = file.display().to_string();
            let text = std::fs::read_to_string(&file).map_err(|e| format!("cannot read {name}: {e}"))?;
            let record: GameRecord =
                serde_json::from_str(&text).map_err(|e| format!("{name} is not a game record: {e}"))?;
            Ok((name, record))
        })
        .collect()
}

/// The report in words.
pub fn text_report(r: &GenerationReport) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} {}: {} puzzles from {} candidates ({:.0}% kept) in {} games ({} positions), {:.0} s on {} threads",
        r.game,
        r.options,
        r.accepted,
        r.candidates,
        r.acceptance() * 100.0,
        r.games,
        r.positions,
        r.seconds,
        r.threads
    );
    let _ = writeln!(out, "candidates per thread-hour: {:.0}", r.candidates_per_hour());
    for (reason, n) in &r.rejected {
        let _ = writeln!(out, "rejected, {reason}: {n}");
    }
    let themes: Vec<String> = r.themes.iter().map(|(t, n)| format!("{t} {n}")).collect();
    let _ = writeln!(out, "themes: {}", themes.join(", "));
    out
}
