//! Training data from self-play: one agent (a small, fixed search budget) plays both sides of
//! games that start with random safe plies, and every position it searched is kept with the
//! search's score and, once the game is over, its result.
//!
//! Games are numbered and each follows from the seed and its number alone
//! ([`arbiter_ai::game_loop::Seeding::EveryGame`]), so a run can be split over threads, machines
//! (Ray) and restarts without changing what any game is. Threads take the next number not yet
//! in the file; the file is appended one whole game at a time.

use crate::format::{DataHeader, DataWriter, GameBlock, Sample, PROVEN_SCORE};
use arbiter_ai::game_loop::{play_game_observed, GameSetup, Seeding};
use arbiter_ai::{AgentSpec, Engines, Score};
use arbiter_core::{with_ply_limit, DynGameType, Error, Outcome, Player};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// A datagen run: what its file's header records, how many games and on how many threads.
#[derive(Debug, Clone)]
pub struct DatagenSettings {
    /// The game, the agent and the openings (written as the file's header).
    pub header: DataHeader,
    /// Games 0..games are played (those already in the file are skipped).
    pub games: u32,
    /// Games played at once.
    pub threads: usize,
}

/// How far a run is, after each game written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Games in the file, from earlier runs included.
    pub games_done: u32,
    /// Games the run is to reach.
    pub games_total: u32,
    /// Samples written by this run.
    pub samples: u64,
}

/// What a run did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Summary {
    /// Games played and written by this run.
    pub games_played: u32,
    /// Games found in the file already, and skipped.
    pub games_skipped: u32,
    /// Samples (searched positions) written by this run.
    pub samples: u64,
    /// Searched positions left out because their score was not a heuristic or proven one (an
    /// agent such as MCTS reports a win rate; a search may report nothing for a forced move).
    pub unscored: u64,
    /// Bytes this run appended.
    pub bytes: u64,
    /// Wall time, in ms.
    pub millis: u64,
    /// Whether the run was stopped before all its games were played.
    pub stopped: bool,
}

impl DataHeader {
    /// The header of a datagen run as `arbiter datagen` and `arbiter.distributed.datagen` make it:
    /// the options with the ply limit, safe openings; the agent and options checked.
    pub fn for_run(
        game: &dyn DynGameType,
        options: &str,
        agent: &str,
        opening_plies: u32,
        max_plies: u32,
        seed: u64,
    ) -> Result<DataHeader, Error> {
        agent.parse::<AgentSpec>()?;
        if max_plies == 0 {
            return Err(Error::Invalid("the ply limit must be at least 1".into()));
        }
        let options = with_ply_limit(options, max_plies)?;
        game.new_session(&options, None)?;
        Ok(DataHeader {
            game: game.name().to_string(),
            options,
            agent: agent.to_string(),
            opening_plies,
            safe_openings: true,
            seed,
        })
    }
}

/// A score as the file keeps it: (score for the side to move, proven), or `None` for a score that
/// is neither heuristic nor proven.
fn stored_score(score: Score) -> Option<(i16, bool)> {
    let limit = i32::from(PROVEN_SCORE) - 1;
    match score {
        Score::Eval(v) => Some((v.clamp(-limit, limit) as i16, false)),
        Score::WinIn(_) => Some((PROVEN_SCORE, true)),
        Score::LossIn(_) => Some((-PROVEN_SCORE, true)),
        Score::Draw => Some((0, true)),
        Score::WinRate(_) | Score::Unknown => None,
    }
}

/// Plays game `index` of a run: its block, and how many searched positions had no usable score.
pub fn play_one(
    engines: &Engines,
    game: &dyn DynGameType,
    header: &DataHeader,
    agent: &AgentSpec,
    index: u32,
    stop: &AtomicBool,
) -> Result<(GameBlock, u64), Error> {
    let setup = GameSetup {
        run: "datagen",
        game,
        options: &header.options,
        position: None,
        a: agent,
        b: agent,
        opening_plies: header.opening_plies,
        safe_openings: header.safe_openings,
        seed: header.seed,
        seeding: Seeding::EveryGame,
        clock: None,
    };
    let mut samples = Vec::new();
    let mut unscored = 0;
    let finished = play_game_observed(engines, &setup, index, stop, &mut |session, result| match stored_score(
        result.info.score,
    ) {
        Some((score, proven)) => samples.push(Sample {
            position: session.position(),
            second_to_move: session.to_move() == Player::Second,
            score,
            proven,
            result: 0,
        }),
        None => unscored += 1,
    })?;
    if let Some(why) = finished.forfeit {
        return Err(Error::Invalid(format!("datagen game {index}: {why}")));
    }
    // A played first in even games: its score says who won.
    let a_player = if finished.a_first {
        Player::First
    } else {
        Player::Second
    };
    let outcome = match finished.a_score {
        s if s > 0.75 => Outcome::Win(a_player),
        s if s < 0.25 => Outcome::Win(a_player.opponent()),
        _ => Outcome::Draw,
    };
    for sample in &mut samples {
        let mover = if sample.second_to_move {
            Player::Second
        } else {
            Player::First
        };
        sample.result = outcome.score_for(mover) as i8;
    }
    Ok((GameBlock { index, samples }, unscored))
}

/// One game played by [`play_many`]: its block and its unscored positions, or why it failed.
pub type Played = Result<(GameBlock, u64), Error>;

/// Plays the games `indices` of a run on `threads` threads, handing each to `take` (on the
/// calling thread) as it ends, in the order they end; stops when `stop` is set, a game fails
/// (its error is handed over last) or `take` returns `false`. Datagen runs and Ray's batches
/// both play their games here.
pub fn play_many(
    engines: &Engines,
    game: &dyn DynGameType,
    header: &DataHeader,
    indices: &[u32],
    threads: usize,
    stop: &AtomicBool,
    take: &mut dyn FnMut(Played) -> bool,
) -> Result<(), Error> {
    let agent: AgentSpec = header.agent.parse()?;
    if threads == 0 {
        return Err(Error::Invalid("threads must be at least 1".into()));
    }
    let next = AtomicUsize::new(0);
    let quit = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::sync_channel::<Played>(threads * 2);
        for _ in 0..threads.min(indices.len()) {
            let sender = sender.clone();
            let (next, quit, agent) = (&next, &quit, &agent);
            scope.spawn(move || loop {
                if stop.load(Ordering::Relaxed) || quit.load(Ordering::Relaxed) {
                    break;
                }
                let Some(&index) = indices.get(next.fetch_add(1, Ordering::Relaxed)) else {
                    break;
                };
                let played = play_one(engines, game, header, agent, index, stop);
                let failed = played.is_err();
                if sender.send(played).is_err() || failed {
                    break;
                }
            });
        }
        drop(sender);
        for played in receiver {
            // A game stopped from outside is no failure: the run just ends.
            if played.is_err() && stop.load(Ordering::Relaxed) {
                continue;
            }
            let failed = played.is_err();
            if !take(played) || failed {
                quit.store(true, Ordering::Relaxed);
            }
        }
    });
    Ok(())
}

/// Runs datagen into `path` (new, or resumed when it holds data of the same settings) until
/// games 0..games are all in it, or `stop` is set; `progress` is called after each game written.
pub fn generate(
    engines: &Engines,
    game: &dyn DynGameType,
    settings: &DatagenSettings,
    path: &Path,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(Progress),
) -> Result<Summary, Error> {
    let started = Instant::now();
    let header = &settings.header;
    // Bad settings fail here, before any file is touched.
    header.agent.parse::<AgentSpec>()?;
    game.new_session(&header.options, None)?;
    if settings.threads == 0 {
        return Err(Error::Invalid("threads must be at least 1".into()));
    }
    let (mut writer, done) = DataWriter::open(path, header)?;
    let todo: Vec<u32> = (0..settings.games).filter(|i| !done.contains(i)).collect();
    let skipped = done.range(..settings.games).count() as u32;
    let mut summary = Summary {
        games_played: 0,
        games_skipped: skipped,
        samples: 0,
        unscored: 0,
        bytes: 0,
        millis: 0,
        stopped: false,
    };
    let mut first_error = None;
    play_many(
        engines,
        game,
        header,
        &todo,
        settings.threads,
        stop,
        &mut |played| match played
            .and_then(|(block, unscored)| Ok((writer.append(&block)?, block.samples.len(), unscored)))
        {
            Ok((bytes, samples, unscored)) => {
                summary.games_played += 1;
                summary.samples += samples as u64;
                summary.unscored += unscored;
                summary.bytes += bytes;
                progress(Progress {
                    games_done: skipped + summary.games_played,
                    games_total: settings.games,
                    samples: summary.samples,
                });
                true
            }
            Err(e) => {
                first_error.get_or_insert(e);
                false
            }
        },
    )?;
    if let Some(e) = first_error {
        return Err(e);
    }
    summary.stopped = (summary.games_played as usize) < todo.len();
    summary.millis = started.elapsed().as_millis() as u64;
    Ok(summary)
}
