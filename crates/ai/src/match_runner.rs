//! Engine matches: two agents play N games of one game, colours alternating, optionally from
//! random openings (each opening played twice, once with each colour), on several threads.

use crate::elo::{estimate, EloEstimate, Tally};
use crate::sprt::{Sprt, SprtStatus};
use crate::{AgentSpec, Engines};
use arbiter_core::{DynGameType, DynSession, EndReason, Error, GameRecord, Outcome, Player};
use serde::Serialize;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Instant;

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
    /// Redraw an opening ply (up to [`OPENING_TRIES`] times) that would let the opponent win
    /// with its next move, so that games are not decided by the random opening itself.
    pub safe_openings: bool,
    /// Games played at once (threads).
    pub concurrency: usize,
    /// Base seed of the openings and the agents.
    pub seed: u64,
    /// Stop when this test decides.
    pub sprt: Option<Sprt>,
    /// Set from another thread to end the match: searches under way stop at once, no game is
    /// started after, and the match returns an error saying it was stopped.
    pub stop: Option<Arc<AtomicBool>>,
}

/// Random moves tried per opening ply before a safe opening takes an unsafe one.
pub const OPENING_TRIES: u64 = 200;

/// One finished game.
#[derive(Debug, Clone, Serialize)]
pub struct GameResult {
    /// The game's number, from 0.
    pub index: u32,
    /// The side agent A played (`black`, `violet`, …).
    pub a_side: String,
    /// A's score: 1, ½ or 0.
    pub a_score: f64,
    /// Why it ended.
    pub reason: EndReason,
    /// Plies played, opening included.
    pub plies: usize,
    /// The longest time A took for one move, in ms.
    pub a_max_move_ms: u64,
    /// The longest time B took for one move, in ms.
    pub b_max_move_ms: u64,
    /// The game record.
    pub record: GameRecord,
    /// Why a player lost by failing (an external engine that crashed, fell silent or played an
    /// illegal move): the game ends as a resignation of that side, and this is also the record's
    /// result text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<String>,
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
    pub games: Vec<GameResult>,
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

/// Plays one game; A plays the first side when `a_first`.
fn play_game(
    engines: &Engines,
    game: &dyn DynGameType,
    options: &str,
    position: Option<&str>,
    config: &MatchConfig,
    index: u32,
) -> Result<GameResult, Error> {
    let mut session = game.new_session(options, position)?;
    let a_first = index & 1 == 0;
    let opening_seed = config.seed.wrapping_mul(0x9E37_79B9).wrapping_add(u64::from(index / 2));
    for ply in 0..config.opening_plies {
        if session.ending().is_some() {
            break;
        }
        let seed = opening_seed.wrapping_mul(1000).wrapping_add(u64::from(ply));
        let mut mv = session.random_move(seed).ok_or(Error::GameOver)?;
        if config.safe_openings {
            for attempt in 1..OPENING_TRIES {
                let mut next = session.clone_box();
                next.play(&mv)?;
                if next.ending().is_none() && !can_win_at_once(next.as_ref()) {
                    break;
                }
                let retry = seed.wrapping_add(attempt.wrapping_mul(0x9E37_79B9_7F4A_7C15));
                mv = session.random_move(retry).ok_or(Error::GameOver)?;
            }
        }
        session.play(&mv)?;
    }
    let agent_seed = config.seed.wrapping_add(u64::from(index) * 7919);
    let mut a = engines.agent(game.name(), &config.a.with_default_seed(agent_seed))?;
    let mut b = engines.agent(game.name(), &config.b.with_default_seed(agent_seed + 1))?;
    let a_player = if a_first { Player::First } else { Player::Second };
    let never = Arc::new(AtomicBool::new(false));
    let stop = config.stop.as_ref().unwrap_or(&never);
    let mut max_ms = [0u64; 2];
    let mut forfeit = None;
    while session.ending().is_none() {
        if stop.load(Ordering::Relaxed) {
            return Err(stopped());
        }
        let a_to_move = session.to_move() == a_player;
        let agent = if a_to_move { &mut a } else { &mut b };
        let started = Instant::now();
        let result = agent.choose(session.as_ref(), stop, &mut |_| {});
        if stop.load(Ordering::Relaxed) {
            return Err(stopped());
        }
        let ms = started.elapsed().as_millis() as u64;
        let slot = &mut max_ms[usize::from(!a_to_move)];
        *slot = (*slot).max(ms);
        // A player that fails (an engine that crashed, fell silent, played an illegal move)
        // loses this game; the match goes on.
        let failure = match result {
            Ok(result) => session
                .play(&result.best)
                .err()
                .map(|e| format!("{} chose an illegal move: {e}", agent.name())),
            Err(e) => Some(e.to_string()),
        };
        if let Some(why) = failure {
            let loser = session.to_move();
            session.resign(loser)?;
            forfeit = Some(format!(
                "{} ({}) forfeits: {why}",
                session.player_name(loser),
                if a_to_move { "A" } else { "B" }
            ));
        }
    }
    let mut record = session.record();
    if let (Some(why), Some(result)) = (&forfeit, record.result.as_mut()) {
        result.text = Some(why.clone());
    }
    let ending = session.ending().expect("the loop ends with the game");
    Ok(GameResult {
        index,
        a_side: session.player_name(a_player).to_string(),
        a_score: (ending.outcome.score_for(a_player) as f64 + 1.0) / 2.0,
        reason: ending.reason,
        plies: session.ply(),
        a_max_move_ms: max_ms[0],
        b_max_move_ms: max_ms[1],
        record,
        forfeit,
    })
}

/// The error of a match stopped from outside.
fn stopped() -> Error {
    Error::Invalid("the match was stopped".into())
}

/// Runs a match; `on_game` sees every game as it finishes, with the running tally.
pub fn run_match(
    engines: &Engines,
    game: &dyn DynGameType,
    options: &str,
    position: Option<&str>,
    config: &MatchConfig,
    on_game: &mut dyn FnMut(&GameResult, &Tally),
) -> Result<MatchSummary, Error> {
    game.check_options(options)?;
    game.new_session(options, position)?;
    engines.agent(game.name(), &config.a)?;
    engines.agent(game.name(), &config.b)?;
    let next = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<Result<GameResult, Error>>();
    let mut tally = Tally::default();
    let mut games = Vec::new();
    let mut decision = None;
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..config.concurrency.clamp(1, 256) {
            let sender = sender.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || loop {
                if stop.load(Ordering::Relaxed) || config.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed)) {
                    return;
                }
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= config.games {
                    return;
                }
                let result = play_game(engines, game, options, position, config, index);
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

/// Whether the side to move has a move that wins the game at once: an opening that hands the
/// game away is no test of the players.
pub fn can_win_at_once(session: &dyn DynSession) -> bool {
    let me = session.to_move();
    session.legal_moves().iter().any(|mv| {
        let mut next = session.clone_box();
        next.play(mv).is_ok() && next.ending().is_some_and(|e| e.outcome == Outcome::Win(me))
    })
}
