//! Villawar's strength levels 1–6 (see `Game::STRENGTH_LEVELS`), chosen by `arbiter match` runs
//! whose commands and results are in the README's strength table.
//!
//! Depth-limited alpha-beta is weak here (55% against MCTS with 1000 iterations) while
//! time-limited alpha-beta searches deep (95% against MCTS with 5000), so the ladder climbs
//! through MCTS budgets first. Late-move reductions paid at 250 ms per move (59.1% in 132 games
//! against the same search without them); null-move pruning did not (50.8% in 65 games: every
//! jump converts or removes, so moving can hurt), so level 6 has reductions only.

use arbiter_core::{Levels, Strength};

/// Level 1 (a beginner's opponent that blunders often) to level 6 (the strongest configuration
/// at 1 s per move).
pub(crate) const STRENGTH_LEVELS: Levels = [
    Strength::mcts_iterations(60),
    Strength::mcts_iterations(1000),
    Strength::mcts_iterations(5000),
    Strength::alphabeta_millis(100),
    Strength::alphabeta_millis(250),
    Strength::alphabeta_millis(1000).reductions(),
];
