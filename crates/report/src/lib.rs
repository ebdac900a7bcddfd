//! Game reports: is a game fair to both sides, how long does it last, how often is it drawn, does
//! skill decide it, how many choices does a player face?
//!
//! [`run`] plays the self-play a report needs (the random mover and chosen strength levels, each
//! against itself and against the next stronger one; see [`selfplay`]), caching every game record
//! in `DIR/games/` so that a stopped report resumes; replays each game into a [`trace::GameTrace`];
//! and computes the [`metrics`] with sample sizes and 95% intervals. [`write()`] saves
//! `DIR/report.json` and `DIR/index.html`, a standalone page (no scripts, no network) whose charts
//! are inline SVG drawn with `plotters` ([`plots`]).
//!
//! Nothing here names a game: game-specific facts are read from what every game describes for its
//! front ends (board pictures, the cells of moves, the steps of turns, endings in words).

#![warn(missing_docs)]

pub mod html;
pub mod metrics;
pub mod plots;
pub mod selfplay;
pub mod stats;
pub mod trace;

use arbiter_ai::Engines;
use arbiter_core::{with_ply_limit, DynGameType, Error, Player};
use metrics::MatchupMetrics;
use selfplay::{Contender, MatchupKind, PlaySettings, Progress};
use serde::{Deserialize, Serialize};
use stats::Proportion;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use trace::GameTrace;

/// What a report plays and measures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReportConfig {
    /// Games per matchup.
    pub games: u32,
    /// The strength levels to play (1..=6); the random mover always plays too.
    pub levels: Vec<u8>,
    /// Replaces the thinking time of the levels that think by time (seconds).
    pub seconds_per_move: Option<f64>,
    /// Random opening plies (safe ones) before the players take over.
    pub opening_plies: u32,
    /// A game is drawn after this many plies, unless the game options set `plies` themselves.
    pub max_plies: u32,
    /// The base seed.
    pub seed: u64,
    /// Games played (and replayed) at once.
    pub concurrency: usize,
    /// Step-by-step games: positions whose token sequences are counted.
    pub sequence_positions: usize,
    /// Partial turns visited at most per counted position.
    pub sequence_budget: u64,
}

impl Default for ReportConfig {
    fn default() -> Self {
        ReportConfig {
            games: 40,
            levels: vec![1, 3, 5],
            seconds_per_move: None,
            opening_plies: 2,
            max_plies: 400,
            seed: 1,
            concurrency: 1,
            sequence_positions: 24,
            sequence_budget: 300_000,
        }
    }
}

/// A strength level as played.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LevelInfo {
    /// The level (0 for the random mover).
    pub level: u8,
    /// For people: `random`, `level 3`.
    pub label: String,
    /// The game's description of the level (`alpha-beta, 1 s, depth 3`).
    pub description: String,
    /// The agent spec as played.
    pub spec: String,
    /// Whether its games are reproducible from the seed (no time budget).
    pub deterministic: bool,
}

/// The whole report, as `report.json` holds it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The format's version.
    pub format: u32,
    /// The game's registry name.
    pub game: String,
    /// The options played (the ply limit included).
    pub options: String,
    /// The sides' names, first player first.
    pub sides: [String; 2],
    /// The settings.
    pub config: ReportConfig,
    /// The contenders.
    pub levels: Vec<LevelInfo>,
    /// Evaluation units mapped to a deficit of tanh(1) ≈ 0.76 in drama: the median absolute
    /// non-zero evaluation of all positions.
    pub evaluation_scale: f64,
    /// The main findings in one line each.
    pub headlines: Vec<String>,
    /// Every matchup's metrics: self-play first, then the ladder.
    pub matchups: Vec<MatchupMetrics>,
}

/// The report format's version.
pub const FORMAT: u32 = 1;

/// What the report is doing, for progress bars.
#[derive(Debug, Clone)]
pub enum Stage<'a> {
    /// Playing: how far the self-play has come.
    Playing(&'a Progress),
    /// Replaying the games: done of total.
    Analysing(usize, usize),
}

/// The headline verdict on balance from a first-player score: "first player (white) advantage
/// 70% ± 14% (n = 40)", or "no significant first-player advantage: …".
pub fn balance_verdict(score: &Proportion, first: &str, second: &str) -> String {
    let figures = format!(
        "{} (95% interval {:.0}–{:.0}%, n = {})",
        score.percent(),
        score.low * 100.0,
        score.high * 100.0,
        score.n
    );
    match score.side_of(0.5) {
        1 => format!("first player ({first}) advantage: scores {figures}"),
        -1 => format!("second player ({second}) advantage: the first player scores {figures}"),
        _ => format!("no significant first-player advantage: the first player scores {figures}"),
    }
}

/// The positions whose token sequences are counted: up to `count` (matchup, game, ply), spread
/// over the matchups' first games, the start position first.
fn sequence_plan(played: &[selfplay::MatchupGames], count: usize) -> Vec<(usize, usize, u32)> {
    let mut plan = Vec::new();
    if count == 0 || played.is_empty() {
        return plan;
    }
    if played[0].games.first().is_some_and(|g| !g.record.moves.is_empty()) {
        plan.push((0, 0, 0));
    }
    let longest = played.iter().map(|m| m.games.len()).max().unwrap_or(0);
    for g in 0..longest {
        for (m, matchup) in played.iter().enumerate() {
            if plan.len() >= count {
                return plan;
            }
            let Some(game) = matchup.games.get(g) else { continue };
            // A position after the players' first move (the openings are shared by matchups).
            let plies = game.record.moves.len() as u32;
            let first = game.opening_plies.min(plies) + 1;
            if plies <= first {
                continue;
            }
            let ply = first + ((g as u32) * 7 + (m as u32) * 3) % (plies - first);
            plan.push((m, g, ply));
        }
    }
    plan
}

/// Plays (or reads back from `dir/games/`) the self-play, replays every game and computes the
/// report. `options` are the game's options as given (a ply limit is added); `stop`, set from
/// another thread, ends the self-play early (the games finished stay cached).
pub fn run(
    engines: &Engines,
    game: &dyn DynGameType,
    options: &str,
    config: &ReportConfig,
    dir: &Path,
    stop: Option<&AtomicBool>,
    progress: &mut dyn FnMut(Stage),
) -> Result<Report, Error> {
    if config.games == 0 {
        return Err(Error::Invalid("a report needs at least one game per matchup".into()));
    }
    if let Some(&bad) = config.levels.iter().find(|&&l| l == 0 || l > arbiter_core::LEVELS) {
        return Err(Error::Invalid(format!(
            "levels are 1 to {}, not {bad}",
            arbiter_core::LEVELS
        )));
    }
    let options = with_ply_limit(options, config.max_plies)?;
    let settings = PlaySettings {
        game: game.name().to_string(),
        options: options.clone(),
        opening_plies: config.opening_plies,
        seconds_per_move: config.seconds_per_move,
        seed: config.seed,
    };
    let matchups = selfplay::plan(&config.levels);
    let played = selfplay::run(
        engines,
        game,
        &settings,
        &matchups,
        config.games,
        dir,
        config.concurrency,
        stop,
        &mut |p| progress(Stage::Playing(p)),
    )?;
    let session = game.new_session(&options, None)?;
    let sides = [
        session.player_name(Player::First).to_string(),
        session.player_name(Player::Second).to_string(),
    ];
    // Replay every game, on as many threads as played them.
    let samples = if session.is_stepwise() {
        sequence_plan(&played, config.sequence_positions)
    } else {
        Vec::new()
    };
    let jobs: Vec<(usize, usize)> = played
        .iter()
        .enumerate()
        .flat_map(|(m, mg)| (0..mg.games.len()).map(move |g| (m, g)))
        .collect();
    let total = jobs.len();
    let next = AtomicUsize::new(0);
    let traces: Mutex<Vec<Option<GameTrace>>> = Mutex::new(vec![None; total]);
    let failure: Mutex<Option<Error>> = Mutex::new(None);
    let done = AtomicUsize::new(0);
    let (sender, receiver) = std::sync::mpsc::channel::<()>();
    std::thread::scope(|scope| {
        for _ in 0..config.concurrency.clamp(1, 256).min(total.max(1)) {
            let sender = sender.clone();
            let (jobs, next, traces, failure, played, samples, done) =
                (&jobs, &next, &traces, &failure, &played, &samples, &done);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(m, g)) = jobs.get(i) else { return };
                let plies: Vec<u32> = samples.iter().filter(|s| s.0 == m && s.1 == g).map(|s| s.2).collect();
                match trace::trace_game(game, &played[m].games[g], &plies, config.sequence_budget) {
                    Ok(t) => traces.lock().expect("no panics hold it")[i] = Some(t),
                    Err(e) => {
                        failure
                            .lock()
                            .expect("no panics hold it")
                            .get_or_insert(Error::Invalid(format!(
                                "replaying {}: {e}",
                                played[m].folder.join(format!("game-{:04}.json", g + 1)).display()
                            )));
                        return;
                    }
                }
                done.fetch_add(1, Ordering::Relaxed);
                let _ = sender.send(());
            });
        }
        drop(sender);
        progress(Stage::Analysing(0, total));
        for () in receiver {
            progress(Stage::Analysing(done.load(Ordering::Relaxed), total));
        }
    });
    if let Some(e) = failure.into_inner().expect("no panics hold it") {
        return Err(e);
    }
    let traces: Vec<GameTrace> = traces
        .into_inner()
        .expect("no panics hold it")
        .into_iter()
        .map(|t| t.expect("every game was traced"))
        .collect();
    let all: Vec<&GameTrace> = traces.iter().collect();
    let scale = metrics::evaluation_scale(&all);
    let names = [sides[0].as_str(), sides[1].as_str()];
    let mut offset = 0;
    let mut matchup_metrics = Vec::new();
    for mg in &played {
        let these: Vec<&GameTrace> = traces[offset..offset + mg.games.len()].iter().collect();
        offset += mg.games.len();
        matchup_metrics.push(metrics::matchup_metrics(
            mg.matchup,
            (&mg.a_spec, &mg.b_spec),
            mg.deterministic,
            &these,
            names,
            scale,
        ));
    }
    let mut levels = vec![LevelInfo {
        level: 0,
        label: Contender::Random.label(),
        description: "uniformly random legal moves".into(),
        spec: "random".into(),
        deterministic: true,
    }];
    let mut sorted = config.levels.clone();
    sorted.sort_unstable();
    sorted.dedup();
    for &n in &sorted {
        let spec = selfplay::agent_spec(game, Contender::Level(n), &settings);
        levels.push(LevelInfo {
            level: n,
            label: Contender::Level(n).label(),
            description: arbiter_ai::levels::describe(game.strength_levels()[usize::from(n) - 1]),
            deterministic: selfplay::is_deterministic(&spec),
            spec: spec.to_string(),
        });
    }
    let mut report = Report {
        format: FORMAT,
        game: game.name().to_string(),
        options,
        sides,
        config: config.clone(),
        levels,
        evaluation_scale: scale,
        headlines: Vec::new(),
        matchups: matchup_metrics,
    };
    report.headlines = headlines(&report);
    Ok(report)
}

/// One line per main finding: balance and draws at the strongest level played, duration,
/// branching, and the ladder.
pub fn headlines(report: &Report) -> Vec<String> {
    let mut lines = Vec::new();
    let self_play: Vec<&MatchupMetrics> = report.matchups.iter().filter(|m| metrics::is_self_play(m)).collect();
    if let Some(top) = self_play.last() {
        lines.push(format!(
            "Balance at {}: {}.",
            top.label,
            balance_verdict(&top.first_score, &report.sides[0], &report.sides[1])
        ));
        lines.push(format!(
            "Draws at {}: {} of {} games ({:.0}%, 95% interval {:.0}–{:.0}%).",
            top.label,
            top.first.draws,
            top.games,
            top.draws.p * 100.0,
            top.draws.low * 100.0,
            top.draws.high * 100.0
        ));
        lines.push(format!(
            "Duration at {}: median {:.0} plies (mean {:.1} ± {:.1}, 10–90% range {:.0}–{:.0}).",
            top.label,
            top.plies.median,
            top.plies.mean,
            top.plies.half_width(),
            top.plies.p10,
            top.plies.p90
        ));
        lines.push(format!(
            "Branching factor at {}: {:.1} ± {:.1} legal moves on average per game.",
            top.label,
            top.branching.mean,
            top.branching.half_width()
        ));
    }
    if let Some(random) = self_play.first() {
        if self_play.len() > 1 {
            lines.push(format!(
                "Random play: the first player scores {}; {:.0}% of games drawn; median {:.0} plies.",
                random.first_score.percent(),
                random.draws.p * 100.0,
                random.plies.median
            ));
        }
    }
    for m in report.matchups.iter().filter(|m| m.matchup.kind == MatchupKind::Ladder) {
        lines.push(format!(
            "Skill: {} scores {} against {} (n = {}).",
            m.matchup.b.label(),
            m.b_score.percent(),
            m.matchup.a.label(),
            m.games
        ));
    }
    lines
}

/// Writes `dir/report.json`, `dir/index.html` and each chart of the page as `dir/plots/<name>.svg`
/// (for documents that show a chart without the page); returns the paths of the first two.
pub fn write(report: &Report, dir: &Path) -> Result<(PathBuf, PathBuf), Error> {
    std::fs::create_dir_all(dir).map_err(|e| Error::Invalid(format!("cannot create {}: {e}", dir.display())))?;
    let json_path = dir.join("report.json");
    let json = serde_json::to_string_pretty(report).map_err(|e| Error::Invalid(e.to_string()))? + "\n";
    std::fs::write(&json_path, json)
        .map_err(|e| Error::Invalid(format!("cannot write {}: {e}", json_path.display())))?;
    let html_path = dir.join("index.html");
    let (page, figures) = html::page_and_figures(report);
    std::fs::write(&html_path, page)
        .map_err(|e| Error::Invalid(format!("cannot write {}: {e}", html_path.display())))?;
    let plots = dir.join("plots");
    std::fs::create_dir_all(&plots).map_err(|e| Error::Invalid(format!("cannot create {}: {e}", plots.display())))?;
    for figure in figures {
        let path = plots.join(format!("{}.svg", figure.name));
        std::fs::write(&path, figure.svg)
            .map_err(|e| Error::Invalid(format!("cannot write {}: {e}", path.display())))?;
    }
    Ok((json_path, html_path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn balance_verdicts() {
        let v = balance_verdict(&Proportion::wilson(28.0, 40), "white", "black");
        assert_eq!(
            v,
            "first player (white) advantage: scores 70% ± 14% (95% interval 55–82%, n = 40)"
        );
        let v = balance_verdict(&Proportion::wilson(20.0, 40), "white", "black");
        assert!(
            v.starts_with("no significant first-player advantage: the first player scores 50%"),
            "{v}"
        );
        let v = balance_verdict(&Proportion::wilson(5.0, 40), "white", "black");
        assert!(v.starts_with("second player (black) advantage"), "{v}");
    }
}
