//! Void's strength levels 1–6 (see `Game::STRENGTH_LEVELS`), chosen by `arbiter match` runs whose
//! commands and results are in docs/strength.md's strength table.
//!
//! Alpha-beta beat heuristic MCTS 90% at 100 ms per move, so it carries every level from 2 up;
//! levels 2–4 are budgeted by depth so that they play alike on any machine. Null-move pruning
//! paid at 250 ms per move (73.3% against the same search without it, SPRT), so level 6 has it;
//! moving rarely hurts in Void, so the null move's zugzwang blind spot costs little.

use arbiter_core::{Levels, Strength};

/// Level 1 (a beginner's opponent that blunders often) to level 6 (the strongest configuration
/// at 1 s per move).
pub(crate) const STRENGTH_LEVELS: Levels = [
    Strength::mcts_iterations(60),
    Strength::alphabeta_depth(2),
    Strength::alphabeta_millis(1000).max_depth(3),
    Strength::alphabeta_millis(1000).max_depth(4),
    Strength::alphabeta_millis(250),
    Strength::alphabeta_millis(1000).null_move(),
];
