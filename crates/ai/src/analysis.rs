//! The analysis of a game: every position searched, its score read as a win chance, and every move
//! marked by how much of the mover's chance it gave away — lichess's analysis board, for any game.
//!
//! A score becomes a win chance for the side to move: a proven win is 1, a proven loss 0, a draw
//! ½, MCTS's expected score as it is, and a heuristic score `e` goes through the game's logistic
//! `1 / (1 + e^(−e / scale))` with the scale each game fits to its self-play results
//! ([`arbiter_core::Heuristics::win_chance_scale`]). A move's loss is the mover's chance before it
//! less the mover's chance after it (0 when it was the search's best move, so that two searches'
//! noise never marks the best move); [`Thresholds`] turn losses into marks.

use crate::{AgentSpec, Engines, Limits, Score, SearchInfo};
use arbiter_core::{DynSession, Error, Outcome, Player};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};

/// The nodes each position gets by default: deterministic (the same marks on every run and
/// machine) and about a tenth to a third of a second a position on one core.
pub const DEFAULT_NODES: u64 = 200_000;

/// The default analysing agent: the game's strongest level (its evaluation, its net where it has
/// one, its search options) at [`DEFAULT_NODES`] a position instead of its clock.
pub fn default_spec(levels: &arbiter_core::Levels) -> AgentSpec {
    let mut spec = crate::levels::spec(levels, crate::levels::LEVELS);
    spec.limits = Limits::nodes(DEFAULT_NODES);
    spec
}

/// The losses of win chance (0–1, for the mover) from which a move is marked. Lichess's defaults
/// are 0.1, 0.2 and 0.3 on its −1…1 scale of winning chances, which are these on 0…1.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Thresholds {
    /// From this loss a move is an inaccuracy.
    pub inaccuracy: f64,
    /// From this loss, a mistake.
    pub mistake: f64,
    /// From this loss, a blunder.
    pub blunder: f64,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds {
            inaccuracy: 0.05,
            mistake: 0.10,
            blunder: 0.15,
        }
    }
}

impl Thresholds {
    /// The mark of a move that lost `loss` of the mover's win chance, if any.
    pub fn mark(&self, loss: f64) -> Option<Mark> {
        if loss >= self.blunder {
            Some(Mark::Blunder)
        } else if loss >= self.mistake {
            Some(Mark::Mistake)
        } else if loss >= self.inaccuracy {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }
}

/// How bad a move was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    /// A small loss of win chance.
    Inaccuracy,
    /// A clear loss.
    Mistake,
    /// A loss that changes the game.
    Blunder,
}

/// The win chance (0–1) of the side to move that `score` means, with the game's `scale` for
/// heuristic scores.
pub fn win_chance(score: Score, scale: f64) -> f64 {
    match score {
        Score::Eval(e) => 1.0 / (1.0 + (-(e as f64) / scale.max(f64::MIN_POSITIVE)).exp()),
        Score::WinRate(p) => p.clamp(0.0, 1.0),
        Score::WinIn(_) => 1.0,
        Score::LossIn(_) => 0.0,
        Score::Draw | Score::Unknown => 0.5,
    }
}

/// One position of the game and the search's verdict on it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PositionAnalysis {
    /// Moves played before it (0: the start).
    pub ply: usize,
    /// The position string.
    pub position: String,
    /// Who is to move, or `None` when the game is over here.
    pub to_move: Option<String>,
    /// The search's score for the side to move (for a finished game: the result, as a win, loss or
    /// draw in 0 plies, for the side that would be to move).
    pub score: Score,
    /// The first player's win chance (0–1): the graph's line.
    pub first_chance: f64,
    /// The best move, in notation (none at the end).
    pub best: Option<String>,
    /// The principal variation from here, best move first.
    pub pv: Vec<String>,
    /// The depth the search completed.
    pub depth: u32,
    /// The nodes it searched.
    pub nodes: u64,
}

/// One move of the game, judged.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MoveAnalysis {
    /// Its number: 1 for the first move (the position before it is `ply − 1`).
    pub ply: usize,
    /// The move, in notation.
    pub played: String,
    /// Who played it.
    pub mover: String,
    /// The search's best move in the position before it.
    pub best: Option<String>,
    /// The mover's win chance before the move.
    pub before: f64,
    /// The mover's win chance after it.
    pub after: f64,
    /// What the move gave away: `before − after`, at least 0, and 0 for the best move.
    pub loss: f64,
    /// Its mark, if the loss reaches a threshold.
    pub mark: Option<Mark>,
}

/// One player's moves, summed up.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerSummary {
    /// The player's name (`White`, `Black`, …).
    pub player: String,
    /// Moves played.
    pub moves: usize,
    /// Moves marked as inaccuracies.
    pub inaccuracies: usize,
    /// Moves marked as mistakes.
    pub mistakes: usize,
    /// Moves marked as blunders.
    pub blunders: usize,
    /// The mean loss of win chance per move (0 when no move was played).
    pub average_loss: f64,
}

/// A whole game analysed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameAnalysis {
    /// The game's name.
    pub game: String,
    /// Its options.
    pub options: String,
    /// The analysing agent, as a spec.
    pub agent: String,
    /// The thresholds of the marks.
    pub thresholds: Thresholds,
    /// Every position, the start first and the last position reached last.
    pub positions: Vec<PositionAnalysis>,
    /// Every move, the first first.
    pub moves: Vec<MoveAnalysis>,
    /// Each player's summary, the first player first.
    pub players: Vec<PlayerSummary>,
}

/// Progress of an analysis: `done` of `total` positions searched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Progress {
    /// Positions searched so far.
    pub done: usize,
    /// Positions to search (those of the game where it was not over).
    pub total: usize,
}

/// Analyses the game that `session` holds, from its start to its current position, with `spec`'s
/// agent (a fresh search for every position, so a position's verdict does not depend on where the
/// analysis started). `stop` cancels it (an error that says so); `on_progress` hears before each
/// position's search (`done` of `total` searched so far: a server waits for a worker there) and once
/// at the end (`done == total`).
pub fn analyze(
    engines: &Engines,
    session: &dyn DynSession,
    spec: &AgentSpec,
    thresholds: Thresholds,
    stop: &AtomicBool,
    on_progress: &mut dyn FnMut(Progress),
) -> Result<GameAnalysis, Error> {
    let moves = session.moves();
    let mut replay = session.clone_box();
    // Back to the start: every move taken back, and a resignation or a flag withdrawn.
    while replay.ply() > 0 || replay.ending().is_some() {
        if replay.undo().is_err() {
            break;
        }
    }
    if replay.ply() != 0 {
        return Err(Error::Invalid("the game cannot be taken back to its start".into()));
    }
    let mut end = replay.clone_box();
    for mv in &moves {
        end.play(mv)?;
    }
    // Every position is searched but one the board (or a history rule) ended.
    let total = moves.len() + usize::from(end.ending().is_none());
    let scale = session.win_chance_scale();
    let mut positions = Vec::with_capacity(moves.len() + 1);
    for ply in 0..=moves.len() {
        let position = match replay.ending() {
            Some(ending) => finished(replay.as_ref(), ply, ending.outcome),
            None => {
                on_progress(Progress { done: ply, total });
                if stop.load(Ordering::Relaxed) {
                    return Err(Error::Invalid("the analysis was cancelled".into()));
                }
                // An agent per position, dropped after it: a job waiting for a worker holds no
                // transposition table, so a server's memory grows with its workers, not its jobs.
                let mut agent = engines.agent(session.game(), spec)?;
                let searched = agent.choose(replay.as_ref(), stop, &mut |_| {})?;
                drop(agent);
                if stop.load(Ordering::Relaxed) {
                    return Err(Error::Invalid("the analysis was cancelled".into()));
                }
                searched_position(replay.as_ref(), ply, searched.best, searched.info, scale)
            }
        };
        positions.push(position);
        if let Some(mv) = moves.get(ply) {
            replay.play(mv)?;
        }
    }
    on_progress(Progress { done: total, total });
    let moves = judge(replay.as_ref(), &moves, &positions, thresholds);
    let players = Player::BOTH
        .iter()
        .map(|&p| summary(replay.player_name(p), &moves))
        .collect();
    Ok(GameAnalysis {
        game: session.game().to_string(),
        options: session.options(),
        agent: spec.to_string(),
        thresholds,
        positions,
        moves,
        players,
    })
}

fn player_name(session: &dyn DynSession, player: Player) -> String {
    session.player_name(player).to_string()
}

/// The last position of a game the board (or a history rule) ended.
fn finished(session: &dyn DynSession, ply: usize, outcome: Outcome) -> PositionAnalysis {
    let first_chance = match outcome.winner() {
        Some(Player::First) => 1.0,
        Some(Player::Second) => 0.0,
        None => 0.5,
    };
    let score = match outcome.winner() {
        Some(w) if w == session.to_move() => Score::WinIn(0),
        Some(_) => Score::LossIn(0),
        None => Score::Draw,
    };
    PositionAnalysis {
        ply,
        position: session.position(),
        to_move: None,
        score,
        first_chance,
        best: None,
        pv: Vec::new(),
        depth: 0,
        nodes: 0,
    }
}

fn searched_position(
    session: &dyn DynSession,
    ply: usize,
    best: String,
    info: SearchInfo,
    scale: f64,
) -> PositionAnalysis {
    let chance = win_chance(info.score, scale);
    let mover = session.to_move();
    PositionAnalysis {
        ply,
        position: session.position(),
        to_move: Some(player_name(session, mover)),
        score: info.score,
        first_chance: if mover == Player::First { chance } else { 1.0 - chance },
        best: Some(best),
        pv: info.pv,
        depth: info.depth,
        nodes: info.nodes,
    }
}

/// Each move's loss and mark from the positions before and after it.
fn judge(
    session: &dyn DynSession,
    moves: &[String],
    positions: &[PositionAnalysis],
    thresholds: Thresholds,
) -> Vec<MoveAnalysis> {
    moves
        .iter()
        .enumerate()
        .map(|(i, played)| {
            let (before, after) = (&positions[i], &positions[i + 1]);
            let mover = before.to_move.clone().unwrap_or_default();
            let first = mover == player_name(session, Player::First);
            let chance = |p: &PositionAnalysis| if first { p.first_chance } else { 1.0 - p.first_chance };
            let (b, a) = (chance(before), chance(after));
            let loss = if before.best.as_deref() == Some(played.as_str()) {
                0.0
            } else {
                (b - a).max(0.0)
            };
            MoveAnalysis {
                ply: i + 1,
                played: played.clone(),
                mover,
                best: before.best.clone(),
                before: b,
                after: a,
                loss,
                mark: thresholds.mark(loss),
            }
        })
        .collect()
}

fn summary(player: &str, moves: &[MoveAnalysis]) -> PlayerSummary {
    let own: Vec<&MoveAnalysis> = moves.iter().filter(|m| m.mover == player).collect();
    let count = |mark: Mark| own.iter().filter(|m| m.mark == Some(mark)).count();
    PlayerSummary {
        player: player.to_string(),
        moves: own.len(),
        inaccuracies: count(Mark::Inaccuracy),
        mistakes: count(Mark::Mistake),
        blunders: count(Mark::Blunder),
        average_loss: if own.is_empty() {
            0.0
        } else {
            own.iter().map(|m| m.loss).sum::<f64>() / own.len() as f64
        },
    }
}
