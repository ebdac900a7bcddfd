//! Void's strength levels 1–6 (see `Heuristics::STRENGTH_LEVELS`), as agent specs, chosen by `arbiter match` runs whose
//! commands and results are in docs/strength.md's strength table.
//!
//! Alpha-beta beat heuristic MCTS 90% at 100 ms per move, so it carries every level from 2 up;
//! levels 2–4 are budgeted by depth so that they play alike on any machine. Null-move pruning
//! paid at 250 ms per move (73.3% against the same search without it, SPRT), so level 6 has it;
//! moving rarely hurts in Void, so the null move's zugzwang blind spot costs little. Level 6
//! evaluates with Void's built-in net (`nets.rs`): with it, the level-6 search beat the previous
//! release's level 6 16–8–6 in 30 games (66.7%, docs/nnue.md).

use arbiter_core::Levels;

/// Level 1 (a beginner's opponent that blunders often) to level 6 (the strongest configuration
/// at 1 s per move).
pub(crate) const STRENGTH_LEVELS: Levels = [
    "mcts:iterations=60",
    "alphabeta:depth=2",
    "alphabeta:time=1s,depth=3",
    "alphabeta:time=1s,depth=4",
    "alphabeta:time=250ms",
    "alphabeta:time=1s,null=on,net=builtin",
];

/// The bench signature's searches (see `Heuristics::SIGNATURE`): options and the alpha-beta depth,
/// about a second each. Changing them changes the signature: say so in the commit.
pub(crate) const SIGNATURE: &[(&str, u32)] = &[("", 5)];
