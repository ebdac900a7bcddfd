//! Villawar's strength levels 1–6 (see `Game::STRENGTH_LEVELS`), chosen by `arbiter match` runs
//! whose commands and results are in the README's strength table.
//!
//! Depth-limited alpha-beta is weak here (55% against MCTS with 1000 iterations) while
//! time-limited alpha-beta searches deep (95% against MCTS with 5000), so the ladder climbs
//! through MCTS budgets first.

/// Level 1 (a beginner's opponent that blunders often) to level 6 (the strongest configuration
/// at 1 s per move), as agent specs.
pub(crate) const STRENGTH_LEVELS: [&str; 6] = [
    "mcts:iterations=60",
    "mcts:iterations=1000",
    "mcts:iterations=5000",
    "alphabeta:time=100ms",
    "alphabeta:time=250ms",
    "alphabeta:time=1s",
];
