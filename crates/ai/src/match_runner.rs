//! Engine matches: two agents play N games of one game, colours alternating, optionally from
//! random openings (each opening played twice, once with each colour), on several threads.

use crate::elo::{estimate, EloEstimate, Tally};
use crate::game_loop::{play_game, FinishedGame, GameSetup, Seeding};
use crate::sprt::{Sprt, SprtStatus};
use crate::{AgentSpec, Engines};
use arbiter_core::{DynGameType, Error, TimeControl};
use serde::Serialize;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc;
use std::sync::Arc;

/// What to play.
#[derive(Debug, Clone)]
pub struct MatchConfig {
    /// Agent A (its results are the tally's).
    pub a: AgentSpec,
    /// Agent B.
    pub b: AgentSpec,
    /// Games to play (at most; an SPRT may stop earlier).
    pub games: u32,
    /// Random plies played before the agents take over; games 2k and 2k+1 share an opening.
    pub opening_plies: u32,
    /// Redraw an opening ply that would let the opponent win with its next move, so that games
    /// are not decided by the random opening itself.
    pub safe_openings: bool,
    /// A clock for both sides instead of the agents' own budgets.
    pub clock: Option<TimeControl>,
    /// Games played at once (threads).
    pub concurrency: usize,
    /// Base seed of the openings and the agents.
    pub seed: u64,
    /// Stop when this test decides.
    pub sprt: Option<Sprt>,
    /// Set from another thread to end the match: searches under way stop at once, no game is
    /// started after, and the match returns an error saying it was stopped.
    pub stop: Option<Arc<AtomicBool>>,
    /// Games of this match finished in an earlier run (a resumed match): counted first, in
    /// order, and not played again. Each must have an index below `games`, at most once.
    pub played: Vec<FinishedGame>,
}

/// The whole match.
#[derive(Debug, Clone, Serialize)]
pub struct MatchSummary {
    /// The game and its options.
    pub game: String,
    /// Agent A as given.
    pub a: String,
    /// Agent B as given.
    pub b: String,
    /// A's wins, draws and losses.
    pub tally: Tally,
    /// A's score in 0..=1.
    pub score: f64,
    /// A's Elo advantage with a 95% interval.
    pub elo: EloEstimate,
    /// The SPRT's decision and LLR, if one ran.
    pub sprt: Option<SprtReport>,
    /// Every game, in order of index.
    pub games: Vec<FinishedGame>,
}

/// The SPRT's outcome.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct SprtReport {
    /// The test.
    pub test: Sprt,
    /// Its decision.
    pub status: SprtStatus,
    /// The final log-likelihood ratio.
    pub llr: f64,
}

/// Runs a match; `on_game` sees every game as it finishes, with the running tally.
pub fn run_match(
    engines: &Engines,
    game: &dyn DynGameType,
    options: &str,
    position: Option<&str>,
    config: &MatchConfig,
    on_game: &mut dyn FnMut(&FinishedGame, &Tally),
) -> Result<MatchSummary, Error> {
    game.check_options(options)?;
    game.new_session(options, position)?;
    engines.agent(game.name(), &config.a)?;
    engines.agent(game.name(), &config.b)?;
    let mut done = vec![false; config.games as usize];
    for g in &config.played {
        match done.get_mut(g.index as usize) {
            Some(seen) if !*seen => *seen = true,
            Some(_) => return Err(Error::Invalid(format!("game {} was played twice", g.index + 1))),
            None => {
                return Err(Error::Invalid(format!(
                    "game {} was played but the match has only {} games",
                    g.index + 1,
                    config.games
                )))
            }
        }
    }
    let next = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<Result<FinishedGame, Error>>();
    let setup = GameSetup {
        run: "match",
        game,
        options,
        position,
        a: &config.a,
        b: &config.b,
        opening_plies: config.opening_plies,
        safe_openings: config.safe_openings,
        seed: config.seed,
        seeding: Seeding::Match,
        clock: config.clock,
    };
    let never = AtomicBool::new(false);
    let outside = config.stop.as_deref().unwrap_or(&never);
    let mut tally = Tally::default();
    let mut games = config.played.clone();
    games.sort_by_key(|g| g.index);
    let mut decision = None;
    for g in &games {
        tally.add(g.a_score);
        if let (Some(sprt), None) = (config.sprt, decision) {
            decision = Some(sprt.status(&tally)).filter(|&s| s != SprtStatus::Continue);
        }
    }
    if decision.is_some() {
        stop.store(true, Ordering::Relaxed);
    }
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..config.concurrency.clamp(1, 256) {
            let sender = sender.clone();
            let (next, stop, setup, done) = (&next, &stop, &setup, &done);
            scope.spawn(move || loop {
                if stop.load(Ordering::Relaxed) || outside.load(Ordering::Relaxed) {
                    return;
                }
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= config.games {
                    return;
                }
                if done[index as usize] {
                    continue;
                }
                let result = play_game(engines, setup, index, outside);
                let failed = result.is_err();
                if sender.send(result).is_err() || failed {
                    return;
                }
            });
        }
        drop(sender);
        for result in receiver {
            match result {
                Ok(r) => {
                    tally.add(r.a_score);
                    on_game(&r, &tally);
                    games.push(r);
                    if let (Some(sprt), None) = (config.sprt, decision) {
                        let status = sprt.status(&tally);
                        if status != SprtStatus::Continue {
                            decision = Some(status);
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                }
                Err(e) => {
                    failure.get_or_insert(e);
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    games.sort_by_key(|g| g.index);
    let options_text = if options.is_empty() {
        game.name().to_string()
    } else {
        format!("{}:{options}", game.name())
    };
    Ok(MatchSummary {
        game: options_text,
        a: config.a.to_string(),
        b: config.b.to_string(),
        tally,
        score: tally.score(),
        elo: estimate(&tally),
        sprt: config.sprt.map(|test| SprtReport {
            test,
            status: decision.unwrap_or_else(|| test.status(&tally)),
            llr: test.llr(&tally),
        }),
        games,
    })
}
