//! Krux's strength levels 1–6 (see `Game::STRENGTH_LEVELS`), chosen by `arbiter match` runs whose
//! commands and results are in docs/strength.md's strength table.
//!
//! Krux is decided by the first fall into the hole, usually within a dozen plies, so strength is
//! tactical depth. A second of alpha-beta reaches depth 4–5 (hundreds to thousands of turns per
//! position, most of them never listed since the search asks whether a winning turn exists) and
//! scored 86% against depth 2, but depth 3 or 250 ms could not be separated from a full second
//! by 65% (measured when a second reached depth 3–4); so the ladder climbs through MCTS budgets
//! (each measured against the one below) to alpha-beta at depth 2, and level 6 is alpha-beta at
//! 1 s.

use arbiter_core::{Levels, Strength};

/// Level 1 (a beginner's opponent that blunders often) to level 6 (the strongest configuration
/// at 1 s per move).
pub(crate) const STRENGTH_LEVELS: Levels = [
    Strength::mcts_iterations(60),
    Strength::mcts_iterations(1000),
    Strength::mcts_iterations(4000),
    Strength::mcts_iterations(16000),
    Strength::alphabeta_depth(2),
    Strength::alphabeta_millis(1000),
];
