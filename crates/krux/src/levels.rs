//! Krux's strength levels 1–6 (see `Heuristics::STRENGTH_LEVELS`), as agent specs, chosen by `arbiter match` runs whose
//! commands and results are in docs/strength.md's strength table.
//!
//! Krux is decided by the first fall into the hole, usually within a dozen plies, so strength is
//! tactical depth. A second of alpha-beta reaches depth 4–5 (hundreds to thousands of turns per
//! position, most of them never listed since the search asks whether a winning turn exists) and
//! scored 86% against depth 2, but depth 3 or 250 ms could not be separated from a full second
//! by 65% (measured when a second reached depth 3–4); so the ladder climbs through MCTS budgets
//! (each measured against the one below) to alpha-beta at depth 2, and level 6 is alpha-beta at
//! 1 s with the built-in net (`crate::nets`), which beat the hand evaluation at equal time and
//! the previous level 6 by 61% and 67.6% in two runs (docs/nnue.md, docs/ladder.md).

use arbiter_core::Levels;

/// Level 1 (a beginner's opponent that blunders often) to level 6 (the strongest configuration
/// at 1 s per move).
pub(crate) const STRENGTH_LEVELS: Levels = [
    "mcts:iterations=60",
    "mcts:iterations=1000",
    "mcts:iterations=4000",
    "mcts:iterations=16000",
    "alphabeta:depth=2",
    "alphabeta:time=1s,net=builtin",
];

/// The bench signature's searches (see `Heuristics::SIGNATURE`): options and the alpha-beta depth,
/// about a second each. Changing them changes the signature: say so in the commit.
pub(crate) const SIGNATURE: &[(&str, u32)] = &[("", 2)];
