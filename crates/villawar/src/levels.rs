//! Villawar's strength levels 1–6 (see `Game::STRENGTH_LEVELS`), chosen by `arbiter match` runs
//! whose commands and results are in docs/strength.md's strength table.
//!
//! More MCTS iterations gain little here (5000 scored 55% against 1000), while each ply of
//! alpha-beta pays: depth 4 scored 70% against MCTS with 1000 iterations, depth 5 73% against
//! depth 4, and 250 ms 90% against depth 5. So the ladder leaves MCTS after level 2, and levels
//! 3 and 4 are budgeted by depth so that they play alike on any machine. Late-move reductions
//! paid at 250 ms per move (59.1% in 132 games against the same search without them); null-move
//! pruning did not (50.8% in 65 games: every jump converts or removes, so moving can hurt), so
//! level 6 has reductions only.

use arbiter_core::{Levels, Strength};

/// Level 1 (a beginner's opponent that blunders often) to level 6 (the strongest configuration
/// at 1 s per move).
pub(crate) const STRENGTH_LEVELS: Levels = [
    Strength::mcts_iterations(60),
    Strength::mcts_iterations(1000),
    Strength::alphabeta_millis(1000).max_depth(4),
    Strength::alphabeta_millis(1000).max_depth(5),
    Strength::alphabeta_millis(250),
    Strength::alphabeta_millis(1000).reductions(),
];
