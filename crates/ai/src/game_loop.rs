//! The one loop in which two agents play a game: engine matches, a report's self-play and the
//! Python batches that Ray spreads over machines all play their games here, so that game `i` of a
//! run is the same game whichever of them plays it.
//!
//! A game is a random opening (optionally a safe one: no ply lets the opponent win at once), then
//! the agents in turn until the game ends by its rules, its ply limit (an option of the game), a
//! forfeit (an agent that fails) or, with a clock, a fall of the flag. Agent A plays first in the
//! even games; games `2k` and `2k + 1` share their opening. Everything random follows from the
//! seed and the game's number, by one of two [`Seeding`] schemes kept for the records already made.
//! With the swap rule (`swap=on`) the opening has no swap, and the game starts after it with the
//! swap offered on the next move (`swap:next`): the swap is a choice about a chosen move.

use crate::{clock_move_time, AgentSpec, DynAgent, Engines};
use arbiter_core::swap;
use arbiter_core::{
    ClockState, DynGameType, DynSession, EndReason, Error, GameRecord, Outcome, Player, RecordClock, TimeControl,
};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Random moves tried per opening ply before a safe opening takes an unsafe one.
pub const OPENING_TRIES: u64 = 200;

/// How a run turns its seed and a game's number into the game's openings and agent seeds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seeding {
    /// `arbiter match`: openings from `seed × 0x9E3779B9 + i / 2`, agents seeded `seed + 7919 i`.
    Match,
    /// `arbiter report`: splitmix-mixed seeds, the agents' also mixed with a hash of the matchup,
    /// so that the matchups of one report do not play the same agent seeds.
    Report {
        /// A stable hash of the matchup's name.
        matchup: u64,
    },
    /// Training data (`datagen`): every game its own opening, since one agent playing both
    /// sides of an opening twice would play the same game twice.
    EveryGame,
}

impl Seeding {
    fn opening(self, seed: u64, index: u32) -> u64 {
        match self {
            Seeding::Match => seed.wrapping_mul(0x9E37_79B9).wrapping_add(u64::from(index / 2)),
            Seeding::Report { .. } => mix(seed, u64::from(index / 2)),
            Seeding::EveryGame => mix(seed, u64::from(index)),
        }
    }

    fn ply(self, opening: u64, ply: u32) -> u64 {
        match self {
            Seeding::Match => opening.wrapping_mul(1000).wrapping_add(u64::from(ply)),
            Seeding::Report { .. } | Seeding::EveryGame => mix(opening, u64::from(ply)),
        }
    }

    fn retry(self, ply_seed: u64, attempt: u64) -> u64 {
        match self {
            Seeding::Match => ply_seed.wrapping_add(attempt.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
            Seeding::Report { .. } | Seeding::EveryGame => mix(ply_seed, attempt),
        }
    }

    fn agents(self, seed: u64, index: u32) -> u64 {
        match self {
            Seeding::Match => seed.wrapping_add(u64::from(index).wrapping_mul(7919)),
            Seeding::Report { matchup } => mix(mix(seed, matchup), u64::from(index)),
            Seeding::EveryGame => mix(mix(seed, u64::MAX), u64::from(index)),
        }
    }
}

/// Mixes two numbers into a seed (splitmix64's finaliser).
pub fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What every game of a run shares.
#[derive(Clone, Copy)]
pub struct GameSetup<'a> {
    /// What runs the games (`match`, `report`, `batch`): named in the error of a stopped game.
    pub run: &'a str,
    /// The game.
    pub game: &'a dyn DynGameType,
    /// Its options, the ply limit included.
    pub options: &'a str,
    /// The start position, if not the game's own.
    pub position: Option<&'a str>,
    /// Agent A (the scores are A's).
    pub a: &'a AgentSpec,
    /// Agent B.
    pub b: &'a AgentSpec,
    /// Random plies played before the agents take over.
    pub opening_plies: u32,
    /// Redraw an opening ply (up to [`OPENING_TRIES`] times) that ends the game or lets the
    /// opponent win with its next move, so that games are not decided by the opening itself.
    pub safe_openings: bool,
    /// The run's seed.
    pub seed: u64,
    /// How the seed becomes each game's.
    pub seeding: Seeding,
    /// A clock for both sides: each move's thinking time then comes from the time left
    /// ([`move_time`]) instead of the agent's own budget, and a side whose time runs out loses.
    pub clock: Option<TimeControl>,
}

/// A finished game (read back from a match's journal to resume it).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FinishedGame {
    /// The game's number in its run, from 0.
    pub index: u32,
    /// Did A play first?
    pub a_first: bool,
    /// The side A played, as the game names it (`black`, `violet`, …).
    pub a_side: String,
    /// A's score: 1, ½ or 0.
    pub a_score: f64,
    /// Why it ended.
    pub reason: EndReason,
    /// Plies played, opening included.
    pub plies: usize,
    /// Random opening plies actually played.
    pub opening_plies: u32,
    /// The longest time A took for one move, in ms.
    pub a_max_move_ms: u64,
    /// The longest time B took for one move, in ms.
    pub b_max_move_ms: u64,
    /// Wall time of the whole game, in ms.
    pub millis: u64,
    /// The record; with a clock, each move's time left too.
    pub record: GameRecord,
    /// Why a player lost by failing (an agent that crashed, fell silent or played an illegal
    /// move): the game ends as that side's resignation, and this is also the record's result text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<String>,
}

/// The error of a game stopped from outside.
pub fn stopped(run: &str) -> Error {
    Error::Invalid(format!("the {run} was stopped"))
}

/// Plays game `index` of a run; `stop`, set from another thread, ends it with [`stopped`].
pub fn play_game(
    engines: &Engines,
    setup: &GameSetup<'_>,
    index: u32,
    stop: &AtomicBool,
) -> Result<FinishedGame, Error> {
    play_game_observed(engines, setup, index, stop, &mut |_, _| {})
}

/// [`play_game`], showing `observe` every position an agent searched (before its move is made)
/// with the search's result: how training data learns each position's score.
pub fn play_game_observed(
    engines: &Engines,
    setup: &GameSetup<'_>,
    index: u32,
    stop: &AtomicBool,
    observe: &mut dyn FnMut(&dyn DynSession, &crate::SearchResult),
) -> Result<FinishedGame, Error> {
    let started = Instant::now();
    let mut session = setup.game.new_session(setup.options, setup.position)?;
    let opening_plies = play_opening(session.as_mut(), setup, index)?;
    // With the swap rule, the swap follows the random opening: the first move a player chooses
    // may be swapped, not a random one. The game then starts after the opening.
    let swap = swap::swap_requested(setup.options)?;
    if swap && opening_plies > 0 && session.ending().is_none() {
        session = setup
            .game
            .new_session(setup.options, Some(&swap::swap_next(&session.position())))?;
    }
    let agent_seed = setup.seeding.agents(setup.seed, index);
    let specs = [
        setup.a.with_default_seed(agent_seed),
        setup.b.with_default_seed(agent_seed.wrapping_add(1)),
    ];
    let name = setup.game.name();
    let mut agents = [engines.agent(name, &specs[0])?, engines.agent(name, &specs[1])?];
    let a_first = index.is_multiple_of(2);
    let a_player = if a_first { Player::First } else { Player::Second };
    let mut clock = setup.clock.map(ClockState::new);
    // The opening's moves were made before the clock started.
    let mut left_ms = vec![None; session.ply()];
    let mut max_ms = [0u64; 2];
    let mut forfeit = None;
    while session.ending().is_none() {
        if stop.load(Ordering::Relaxed) {
            return Err(stopped(setup.run));
        }
        let mover = session.to_move();
        let side = usize::from(mover != a_player);
        // The clock runs from 0 at each move: the loop charges the time each move took, so no
        // wall clock is needed.
        if let Some(clock) = &mut clock {
            clock.running_since_ms = Some(0);
            if let Some(budget) = clock_move_time(clock, mover, 0) {
                agents[side] = engines.agent(name, &with_time(&specs[side], budget))?;
            }
        }
        let thought = Instant::now();
        let result = agents[side].choose(session.as_ref(), stop, &mut |_| {});
        if stop.load(Ordering::Relaxed) {
            return Err(stopped(setup.run));
        }
        let ms = thought.elapsed().as_millis() as u64;
        max_ms[side] = max_ms[side].max(ms);
        if let Ok(result) = &result {
            observe(session.as_ref(), result);
        }
        // A move made after the flag fell does not count.
        if clock.is_some_and(|c| ms >= c.remaining_ms[mover.index()]) {
            session.time_out()?;
            break;
        }
        if let Some(why) = failure(agents[side].as_ref(), session.as_mut(), result) {
            session.resign(mover)?;
            let label = if side == 0 { "A" } else { "B" };
            forfeit = Some(format!("{} ({label}) forfeits: {why}", session.player_name(mover)));
        } else if let Some(clock) = &mut clock {
            left_ms.push(Some(clock.on_move(mover, ms)));
        }
    }
    let mut record = session.record();
    if let (Some(why), Some(result)) = (&forfeit, record.result.as_mut()) {
        result.text = Some(why.clone());
    }
    if let Some(control) = setup.clock {
        record.clock = Some(RecordClock { control, left_ms });
    }
    let ending = session.ending().ok_or(Error::GameOver)?;
    Ok(FinishedGame {
        index,
        a_first,
        a_side: session.player_name(a_player).to_string(),
        a_score: (ending.outcome.score_for(a_player) as f64 + 1.0) / 2.0,
        reason: ending.reason,
        plies: session.ply() + if swap { opening_plies as usize } else { 0 },
        opening_plies,
        a_max_move_ms: max_ms[0],
        b_max_move_ms: max_ms[1],
        millis: started.elapsed().as_millis() as u64,
        record,
        forfeit,
    })
}

/// Plays the random opening of game `index`; returns the plies played (fewer when it ends the game).
fn play_opening(session: &mut dyn DynSession, setup: &GameSetup<'_>, index: u32) -> Result<u32, Error> {
    let opening = setup.seeding.opening(setup.seed, index);
    let mut played = 0;
    for ply in 0..setup.opening_plies {
        if session.ending().is_some() {
            break;
        }
        let seed = setup.seeding.ply(opening, ply);
        let mut mv = session.random_move(seed).ok_or(Error::GameOver)?;
        // Redrawn: a swap (never part of a random opening), or, for a safe opening, a move
        // that ends the game or lets the opponent win at once.
        for attempt in 1..OPENING_TRIES {
            let unsafe_move = setup.safe_openings && {
                let mut next = session.clone_box();
                next.play(&mv)?;
                next.ending().is_some() || can_win_at_once(next.as_ref())
            };
            if mv != swap::SWAP && !unsafe_move {
                break;
            }
            mv = session
                .random_move(setup.seeding.retry(seed, attempt))
                .ok_or(Error::GameOver)?;
        }
        session.play(&mv)?;
        played += 1;
    }
    Ok(played)
}

/// `spec` thinking for `time` instead of its own budget (depth and node limits kept).
fn with_time(spec: &AgentSpec, time: Duration) -> AgentSpec {
    let mut spec = spec.clone();
    spec.limits.time = Some(time);
    spec
}

/// Plays the agent's choice; why the agent failed, if it did (an error, or an illegal move).
fn failure(
    agent: &dyn DynAgent,
    session: &mut dyn DynSession,
    result: Result<crate::SearchResult, Error>,
) -> Option<String> {
    match result {
        Ok(result) => session
            .play(&result.best)
            .err()
            .map(|e| format!("{} chose an illegal move: {e}", agent.name())),
        Err(e) => Some(e.to_string()),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_are_stable() {
        // Recorded games and cached report games depend on these numbers.
        assert_eq!(Seeding::Match.opening(5, 3), 5u64.wrapping_mul(0x9E37_79B9) + 1);
        assert_eq!(Seeding::Match.agents(5, 3), 5 + 3 * 7919);
        assert_ne!(mix(1, 0), mix(1, 1));
        assert_eq!(mix(7, 9), mix(7, 9));
        let report = Seeding::Report { matchup: 11 };
        assert_eq!(report.opening(5, 3), mix(5, 1));
        assert_eq!(report.agents(5, 3), mix(mix(5, 11), 3));
    }
}
