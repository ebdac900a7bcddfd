//! Attraction's strength levels 1–6 (see `Heuristics::STRENGTH_LEVELS`), as agent specs, chosen by `arbiter match` runs
//! whose commands and results are in docs/strength.md's strength table.
//!
//! Alpha-beta to depth 2 drew 17 of 100 games against random play (it cannot find the long
//! manoeuvres that fill the goal row) where MCTS with 1000 iterations won 50 of 50, so MCTS is
//! level 2; above it alpha-beta (72.5% against MCTS at equal time) takes over. Between searching
//! agents Attraction is drawish (repetitions, long games), and four times the time alone scored
//! 65% (40 games at a quarter of the budget); with contempt for draws the stronger side plays on
//! and scored 72.5% on the same openings, so level 6 has it. Level 5 has it too: once it spent
//! all of its 250 ms, it scored only 60% against level 4 (18 of 30 games drawn), and 76.7% with
//! contempt on the same openings.
//!
//! With contempt on both sides, four times the time is worth about one ply here (250 ms reaches
//! depth 6, 1 s finishes depth 6 and part of 7) and did not separate levels 6 and 5 (5–1–6 after
//! 12 full-budget games). Null moves and late-move reductions reach a ply deeper in the same
//! second, and with them level 6 wins clearly over level 5. Level 6 evaluates with the built-in
//! net (`net=builtin`, see `crate::nets`): with it, level 6's search scored 79.2% (8–3–1 of 12)
//! against the previous level 6 (docs/nnue.md).

use arbiter_core::Levels;

/// Level 1 (a beginner's opponent that blunders often) to level 6 (the strongest configuration
/// at 1 s per move).
pub(crate) const STRENGTH_LEVELS: Levels = [
    "mcts:iterations=60",
    "mcts:iterations=1000",
    "alphabeta:time=1s,depth=3",
    "alphabeta:time=1s,depth=5",
    "alphabeta:time=250ms,contempt=50",
    "alphabeta:time=1s,lmr=on,null=on,contempt=50,net=builtin",
];

/// The bench signature's searches (see `Heuristics::SIGNATURE`): options and the alpha-beta depth,
/// about a second each. Changing them changes the signature: say so in the commit.
pub(crate) const SIGNATURE: &[(&str, u32)] = &[("", 6)];
