//! Making a set of puzzles: games from self-play or records, each analysed for candidates and
//! every candidate verified, on several threads, with a report of what was found and rejected.
//!
//! Games are numbered and each is the same whichever thread takes it, and the set is the first
//! `count` puzzles in game order, so a run's set depends only on its settings and seed — and a run
//! continued from a stopped one's set and report ([`Earlier`]) makes the set the whole run would.

use super::{puzzles_of_game, Puzzle, PuzzleSettings, Rejection};
use crate::analysis::{self, Thresholds};
use crate::game_loop::{play_game, GameSetup, Seeding};
use crate::{AgentSpec, Engines};
use arbiter_core::{DynGameType, DynSession, Error, GameRecord};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// Where the games come from.
#[derive(Debug, Clone)]
pub enum Source {
    /// Self-play between two agents (A first in even games), after random safe opening plies.
    SelfPlay {
        /// One side: a weaker agent makes the mistakes puzzles come from.
        a: Box<AgentSpec>,
        /// The other side.
        b: Box<AgentSpec>,
        /// Random safe plies before the agents take over.
        opening_plies: u32,
        /// Draw a game after this many plies (unless the options set a limit).
        max_plies: u32,
        /// The run's seed.
        seed: u64,
        /// The most games to play.
        games: u32,
    },
    /// Recorded games, each with a name for the puzzles' `source`.
    Records(Vec<(String, GameRecord)>),
}

impl Source {
    fn games(&self) -> u32 {
        match self {
            Source::SelfPlay { games, .. } => *games,
            Source::Records(records) => records.len() as u32,
        }
    }
}

/// How many puzzles, and how fast.
#[derive(Debug, Clone)]
pub struct GenerationSettings {
    /// How to find and verify.
    pub puzzles: PuzzleSettings,
    /// Stop once this many puzzles are found.
    pub count: usize,
    /// Games worked on at once, one thread each.
    pub threads: usize,
}

/// What a run did: the report shipped beside a puzzle set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct GenerationReport {
    /// The game's name.
    pub game: String,
    /// Its options.
    pub options: String,
    /// Where the games came from, in words.
    pub source: String,
    /// The agents that scanned, screened and verified.
    pub scan: String,
    /// The cheap search that ranks every move.
    pub screen: String,
    /// The verifying search.
    pub verify: String,
    /// Games scanned.
    pub games: u32,
    /// Positions analysed in them.
    pub positions: usize,
    /// Candidates found.
    pub candidates: usize,
    /// Puzzles kept.
    pub accepted: usize,
    /// Candidates rejected, by reason (in words).
    pub rejected: BTreeMap<String, usize>,
    /// Puzzles kept per theme.
    pub themes: BTreeMap<String, usize>,
    /// Wall time, in seconds (of a continued run: the runs' thread-seconds over this run's threads).
    pub seconds: f64,
    /// Threads used.
    pub threads: usize,
}

impl GenerationReport {
    /// Candidates found per hour of one thread's work.
    pub fn candidates_per_hour(&self) -> f64 {
        let hours = self.seconds * self.threads as f64 / 3600.0;
        if hours > 0.0 {
            self.candidates as f64 / hours
        } else {
            0.0
        }
    }

    /// The share of candidates kept.
    pub fn acceptance(&self) -> f64 {
        if self.candidates == 0 {
            0.0
        } else {
            self.accepted as f64 / self.candidates as f64
        }
    }
}

/// A run stopped before its count: its set and report, to go on from its next game.
#[derive(Debug, Clone)]
pub struct Earlier {
    /// The puzzles it kept, in game order.
    pub puzzles: Vec<Puzzle>,
    /// Its report (the games it finished, from the first without a gap).
    pub report: GenerationReport,
}

impl Earlier {
    /// Refuses a run made with other settings than `fresh` (an empty report of this run's): its
    /// games would not be the ones this run would play.
    fn check(&self, fresh: &GenerationReport) -> Result<(), Error> {
        let e = &self.report;
        let differs = [
            ("game", &e.game, &fresh.game),
            ("options", &e.options, &fresh.options),
            ("source", &e.source, &fresh.source),
            ("scan", &e.scan, &fresh.scan),
            ("screen", &e.screen, &fresh.screen),
            ("verify", &e.verify, &fresh.verify),
        ]
        .into_iter()
        .find(|(_, then, now)| then != now);
        if let Some((what, then, now)) = differs {
            return Err(Error::Invalid(format!(
                "the earlier set was made with another {what} ({then}, not {now}): start a new set"
            )));
        }
        if e.accepted != self.puzzles.len() {
            return Err(Error::Invalid(format!(
                "the earlier report counts {} puzzles but its set has {}",
                e.accepted,
                self.puzzles.len()
            )));
        }
        Ok(())
    }
}

/// One game's work.
struct GameWork {
    index: u32,
    positions: usize,
    found: Vec<Result<Puzzle, Rejection>>,
}

/// Makes puzzles from `source` until `settings.count` are found or the games run out; `stop`
/// ends it early (the puzzles found so far are kept); `on_game` hears after each game with the
/// set and report so far (the games done from the first without a gap), so that a caller can
/// keep them as it goes and a run cut short still leaves its puzzles. With `earlier` (such a
/// run's set and report, made with the same settings), the run goes on from its next game.
#[allow(clippy::too_many_arguments)]
pub fn generate(
    engines: &Engines,
    game: &dyn DynGameType,
    options: &str,
    source: &Source,
    settings: &GenerationSettings,
    earlier: Option<&Earlier>,
    stop: &AtomicBool,
    on_game: &mut dyn FnMut(&[Puzzle], &GenerationReport),
) -> Result<(Vec<Puzzle>, GenerationReport), Error> {
    game.check_options(options)?;
    let started = Instant::now();
    let threads = settings.threads.clamp(1, 256);
    let run = Run {
        game,
        options,
        source,
        settings,
        threads,
        started,
        earlier,
    };
    if let Some(earlier) = earlier {
        earlier.check(&run.fresh_report())?;
    }
    let next = AtomicU32::new(earlier.map_or(0, |e| e.report.games));
    let enough = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<Result<GameWork, Error>>();
    let mut done: BTreeMap<u32, GameWork> = BTreeMap::new();
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let sender = sender.clone();
            let (next, enough) = (&next, &enough);
            scope.spawn(move || loop {
                if enough.load(Ordering::Relaxed) || stop.load(Ordering::Relaxed) {
                    return;
                }
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= source.games() {
                    return;
                }
                let work = one_game(engines, game, options, source, &settings.puzzles, index, stop);
                let failed = work.is_err();
                if sender.send(work).is_err() || failed {
                    return;
                }
            });
        }
        drop(sender);
        for work in receiver {
            match work {
                Ok(work) => {
                    done.insert(work.index, work);
                    let (puzzles, report) = run.assemble(&done);
                    on_game(&puzzles, &report);
                    // Counted after duplicates across games are dropped, so that a set is never short.
                    if puzzles.len() >= settings.count {
                        enough.store(true, Ordering::Relaxed);
                    }
                }
                Err(e) => {
                    if !stop.load(Ordering::Relaxed) {
                        failure.get_or_insert(e);
                    }
                    enough.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    Ok(run.assemble(&done))
}

/// What [`Run::assemble`] needs of a run.
struct Run<'a> {
    game: &'a dyn DynGameType,
    options: &'a str,
    source: &'a Source,
    settings: &'a GenerationSettings,
    threads: usize,
    started: Instant,
    earlier: Option<&'a Earlier>,
}

impl Run<'_> {
    /// The report of this run before any game.
    fn fresh_report(&self) -> GenerationReport {
        GenerationReport {
            game: self.game.name().to_string(),
            options: self.options.to_string(),
            source: describe(self.source),
            scan: self.settings.puzzles.scan.to_string(),
            screen: self.settings.puzzles.screen.to_string(),
            verify: self.settings.puzzles.verify.to_string(),
            threads: self.threads,
            ..GenerationReport::default()
        }
    }

    /// The set and report of the games done from the first without a gap (after the earlier
    /// run's): the first `count` puzzles in game order (a position found in an earlier game is a
    /// duplicate), so that the set does not depend on which thread finished first.
    fn assemble(&self, done: &BTreeMap<u32, GameWork>) -> (Vec<Puzzle>, GenerationReport) {
        let count = self.settings.count;
        let mut report = self.fresh_report();
        let mut puzzles: Vec<Puzzle> = Vec::new();
        let mut seen = HashSet::new();
        let mut earlier_seconds = 0.0;
        if let Some(earlier) = self.earlier {
            let e = &earlier.report;
            (report.games, report.positions, report.candidates) = (e.games, e.positions, e.candidates);
            report.rejected = e.rejected.clone();
            for p in &earlier.puzzles {
                seen.insert(p.position.clone());
                puzzles.push(p.clone());
            }
            // Counted in thread-seconds, so that candidates per thread-hour stay right.
            earlier_seconds = e.seconds * e.threads as f64 / self.threads as f64;
        }
        for work in done.values() {
            if report.games != work.index || puzzles.len() >= count {
                break;
            }
            report.games += 1;
            report.positions += work.positions;
            for found in &work.found {
                report.candidates += 1;
                match found {
                    Ok(p) if !seen.insert(p.position.clone()) => {
                        *report
                            .rejected
                            .entry(Rejection::Duplicate.describe().into())
                            .or_default() += 1;
                    }
                    Ok(p) if puzzles.len() < count => puzzles.push(p.clone()),
                    Ok(_) => report.candidates -= 1,
                    Err(r) => *report.rejected.entry(r.describe().into()).or_default() += 1,
                }
            }
        }
        report.accepted = puzzles.len();
        for p in &puzzles {
            for t in &p.themes {
                *report.themes.entry(t.clone()).or_default() += 1;
            }
        }
        report.seconds = earlier_seconds + self.started.elapsed().as_secs_f64();
        (puzzles, report)
    }
}

fn describe(source: &Source) -> String {
    match source {
        Source::SelfPlay {
            a,
            b,
            opening_plies,
            seed,
            ..
        } => format!("self-play {a} against {b}, {opening_plies} random opening plies, seed {seed}"),
        Source::Records(records) => format!("{} recorded games", records.len()),
    }
}

/// Plays or loads game `index`, analyses it and verifies its candidates.
fn one_game(
    engines: &Engines,
    game: &dyn DynGameType,
    options: &str,
    source: &Source,
    settings: &PuzzleSettings,
    index: u32,
    stop: &AtomicBool,
) -> Result<GameWork, Error> {
    let (session, name): (Box<dyn DynSession>, String) = match source {
        Source::SelfPlay {
            a,
            b,
            opening_plies,
            max_plies,
            seed,
            ..
        } => {
            let limited = arbiter_core::with_ply_limit(options, *max_plies)?;
            let setup = GameSetup {
                run: "puzzle generation",
                game,
                options: &limited,
                position: None,
                a,
                b,
                opening_plies: *opening_plies,
                safe_openings: true,
                seed: *seed,
                seeding: Seeding::EveryGame,
                clock: None,
            };
            let finished = play_game(engines, &setup, index, stop)?;
            (
                game.load_record(&finished.record)?,
                format!("selfplay seed {seed} game {index}"),
            )
        }
        Source::Records(records) => {
            let (name, record) = &records[index as usize];
            (game.load_record(record)?, name.clone())
        }
    };
    let analysed = analysis::analyze(
        engines,
        session.as_ref(),
        &settings.scan,
        Thresholds::default(),
        stop,
        &mut |_| {},
    )?;
    let mut seen = HashSet::new();
    let found = puzzles_of_game(engines, game, options, &analysed, settings, &name, &mut seen, stop)?;
    Ok(GameWork {
        index,
        positions: analysed.positions.len(),
        found,
    })
}
