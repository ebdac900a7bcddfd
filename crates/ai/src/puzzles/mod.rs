//! Puzzles made from real games, as lichess-puzzler makes them, for any game: a position where the
//! opponent's last move threw the game away (the solver's win chance jumped by more than
//! [`PuzzleSettings::jump`], or to a proven win) and the solver has exactly one good answer at every step.
//!
//! A candidate comes from an [`analysis`](crate::analysis) of a game. Its line is then verified by
//! a deeper search: at each of the solver's steps every legal move is ranked by a cheap search of
//! the position it leads to, the best few are searched again with the verifying agent, and the
//! best must beat the second by [`PuzzleSettings::only_margin`] of win chance (lichess's 0.42) —
//! unless it wins the game at once, where any winning move is right. The opponent answers with the
//! verifying search's best reply. The line ends with the solver's move: when the game is won, when
//! the solver has made [`PuzzleSettings::max_moves`], or before the first step whose best move is
//! no longer the only one. Themes come from the game ([`arbiter_core::Presentation::puzzle_themes`])
//! and from the search (`win-in-1`, `advantage`, `short`, `long`).

pub mod difficulty;
mod generate;
mod verify;

pub use generate::{generate, Earlier, GenerationReport, GenerationSettings, Source};
pub use verify::{candidates, puzzles_of_game, rank_moves, search_themes, verify, Candidate, RankedMove, Verified};

use crate::{analysis, AgentSpec, Limits};
use arbiter_core::{DynSession, Error};
use serde::{Deserialize, Serialize};

/// How puzzles are found and verified.
#[derive(Debug, Clone)]
pub struct PuzzleSettings {
    /// A position is a candidate when the opponent's move raised the solver's win chance by
    /// more than this, or turned it into a proven win. Lichess-puzzler's 0.5 is on its −1…1 scale
    /// of winning chances, which is 0.25 on 0…1 as here.
    pub jump: f64,
    /// The solver's chance after the mistake, by the verifying search, must be at least this
    /// (lichess-puzzler asks for 2 pawns, about 0.69 on 0…1), and stay so along the line.
    pub winning: f64,
    /// The only move's chance must beat the second best's by this: lichess-puzzler's 0.42 on
    /// −1…1, 0.21 here.
    pub only_margin: f64,
    /// The most moves the solver makes in one puzzle.
    pub max_moves: usize,
    /// Moves re-searched by the verifying agent at each step: the best by the cheap search (and
    /// every move it proved a win).
    pub finalists: usize,
    /// The analysis that finds candidates in a game.
    pub scan: AgentSpec,
    /// The cheap search that ranks every legal move.
    pub screen: AgentSpec,
    /// The deeper search that verifies.
    pub verify: AgentSpec,
}

/// Nodes of the analysis that finds candidates, per position.
pub const SCAN_NODES: u64 = 10_000;
/// Nodes of the search that ranks every legal move, per move.
pub const SCREEN_NODES: u64 = 2_000;
/// Nodes of the verifying search, per finalist.
pub const VERIFY_NODES: u64 = 100_000;

impl PuzzleSettings {
    /// The defaults: the game's level-6 agent at [`SCAN_NODES`], [`SCREEN_NODES`] and
    /// [`VERIFY_NODES`], lichess-puzzler's jump and margin on this scale, at most four solver moves.
    pub fn new(levels: &arbiter_core::Levels) -> PuzzleSettings {
        let at = |nodes| {
            let mut spec = analysis::default_spec(levels);
            spec.limits = Limits::nodes(nodes);
            spec
        };
        PuzzleSettings {
            jump: 0.25,
            winning: 0.7,
            only_margin: 0.21,
            max_moves: 4,
            finalists: 6,
            scan: at(SCAN_NODES),
            screen: at(SCREEN_NODES),
            verify: at(VERIFY_NODES),
        }
    }
}

/// What the solver must reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    /// The line ends with the game won.
    Win,
    /// The line ends with a decisive advantage (the verifying search's chance ≥ `winning`).
    Advantage,
}

/// A verified puzzle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Puzzle {
    /// A short stable name: a hash of the game, options, position and solution.
    pub id: String,
    /// The game's name.
    pub game: String,
    /// Its options.
    pub options: String,
    /// The position before the opponent's mistake.
    pub before: String,
    /// The mistake, in notation.
    pub mistake: String,
    /// The puzzle's position (after the mistake, the solver to move).
    pub position: String,
    /// The solver, as the game names the side.
    pub solver: String,
    /// The solution: the solver's move, the reply, … ending with the solver's move.
    pub solution: Vec<String>,
    /// What the line reaches.
    pub goal: Goal,
    /// The solver's win chance before the mistake (by the analysis).
    pub chance_before: f64,
    /// The solver's win chance at the puzzle's position (by the verifying search).
    pub chance: f64,
    /// Themes: the game's own, then the search's.
    pub themes: Vec<String>,
    /// Where the game came from (a record's name, `selfplay seed N game I`).
    pub source: String,
    /// The ply of the puzzle's position in that game.
    pub ply: usize,
}

/// Why a candidate was not kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Rejection {
    /// The deeper search does not find the solver winning.
    NotWinning,
    /// The first move is not the only good one.
    NoOnlyMove,
    /// The same position was already a puzzle.
    Duplicate,
    /// The solver has only one legal move at the start.
    Forced,
    /// The line wins no game and the solver was already winning before the mistake.
    AlreadyWinning,
}

impl Rejection {
    /// Every reason, in the report's order.
    pub const ALL: [Rejection; 5] = [
        Rejection::NotWinning,
        Rejection::NoOnlyMove,
        Rejection::Duplicate,
        Rejection::Forced,
        Rejection::AlreadyWinning,
    ];

    /// The reason in words.
    pub fn describe(self) -> &'static str {
        match self {
            Rejection::NotWinning => "not winning at the verification depth",
            Rejection::NoOnlyMove => "more than one good first move",
            Rejection::Duplicate => "position already a puzzle",
            Rejection::Forced => "only one legal move at the start",
            Rejection::AlreadyWinning => "no win in the line, and already winning before the mistake",
        }
    }
}

/// A short stable name for a puzzle.
pub fn puzzle_id(game: &str, options: &str, position: &str, solution: &[String]) -> String {
    // FNV-1a over the parts: stable across builds and platforms, unlike std's hasher.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in [game, options, position]
        .into_iter()
        .chain(solution.iter().map(String::as_str))
    {
        for b in part.bytes().chain([0u8]) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{:012x}", h >> 16)
}

/// Is `mv` right at this step of `puzzle` (the solver's `step`-th move, from 0)? The solution's
/// move is; so is any move that wins the game at once. `session` holds the position before it.
pub fn is_right(session: &dyn DynSession, puzzle: &Puzzle, step: usize, mv: &str) -> Result<bool, Error> {
    let canonical = {
        let mut child = session.clone_box();
        let played = child.play(mv)?;
        if let Some(ending) = child.ending() {
            if ending.outcome.winner() == Some(session.to_move()) {
                return Ok(true);
            }
        }
        played
    };
    Ok(puzzle.solution.get(step * 2) == Some(&canonical))
}
