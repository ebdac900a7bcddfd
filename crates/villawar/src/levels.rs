//! Villawar's strength levels 1–6 (see `Heuristics::STRENGTH_LEVELS`), as agent specs, chosen by `arbiter match` runs
//! whose commands and results are in docs/strength.md's strength table.
//!
//! More MCTS iterations gain little here (5000 scored 55% against 1000), while each ply of
//! alpha-beta pays: depth 4 scored 70% against MCTS with 1000 iterations on 8×8, depth 5 73%
//! against depth 4, and 250 ms 90% against depth 5. So the ladder leaves MCTS after level 2, and
//! levels 3 and 4 are budgeted by depth so that they play alike on any machine. Level 2 has 300
//! iterations, not 1000: on 6×6, 1000 iterations are nearly as strong as depth 4 (56.7% in 60
//! games, `scripts/ladder.py`), while against 300 depth 4 scored 70–92% on the three sizes and
//! 300 iterations 73–85% against level 1 (SPRT accepted each). Late-move reductions
//! paid at 250 ms per move (59.1% in 132 games against the same search without them); null-move
//! pruning did not (50.8% in 65 games: every jump converts or removes, so moving can hurt), so
//! level 6 has reductions only. Level 6 evaluates with the built-in net of the board size
//! (`net=builtin`, see `crate::nets`): with it, level 6 beat the previous level 6 on every size
//! (docs/nnue.md). Level 5 keeps the hand evaluation: with the net too, level 6 scored only 62.5%
//! against it on 6×6 (25–0–15, docs/ladder.md), short of the ladder's 65%.

use arbiter_core::Levels;

/// Level 1 (a beginner's opponent that blunders often) to level 6 (the strongest configuration
/// at 1 s per move).
pub(crate) const STRENGTH_LEVELS: Levels = [
    "mcts:iterations=60",
    "mcts:iterations=300",
    "alphabeta:time=1s,depth=4",
    "alphabeta:time=1s,depth=5",
    "alphabeta:time=250ms",
    "alphabeta:time=1s,lmr=on,net=builtin",
];

/// The bench signature's searches (see `Heuristics::SIGNATURE`): options and the alpha-beta depth,
/// about a second each. Changing them changes the signature: say so in the commit.
pub(crate) const SIGNATURE: &[(&str, u32)] = &[("size=6", 6), ("", 6), ("size=10", 4)];
