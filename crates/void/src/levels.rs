//! Void's strength levels 1–6 (see `Game::STRENGTH_LEVELS`), chosen by `arbiter match` runs whose
//! commands and results are in the README's strength table.
//!
//! Alpha-beta beat heuristic MCTS 90% at 100 ms per move, so it carries every level from 2 up;
//! levels 2–4 are budgeted by depth so that they play alike on any machine.

/// Level 1 (a beginner's opponent that blunders often) to level 6 (the strongest configuration
/// at 1 s per move), as agent specs.
pub(crate) const STRENGTH_LEVELS: [&str; 6] = [
    "mcts:iterations=60",
    "alphabeta:depth=2",
    "alphabeta:time=1s,depth=3",
    "alphabeta:time=1s,depth=4",
    "alphabeta:time=250ms",
    "alphabeta:time=1s",
];
