//! Strength levels 1–6: for each game, an agent and a budget, chosen by measurement with
//! `arbiter match` (the commands and results are in the README's strength table).
//!
//! | level | Void | Attraction | Krux | Villawar |
//! |---|---|---|---|---|
//! | 1 | MCTS, 60 iterations (a beginner's opponent: it blunders often) | the same | the same | the same |
//! | 2 | alpha-beta to depth 2 | MCTS, 1000 iterations | MCTS, 1000 iterations | MCTS, 1000 iterations |
//! | 3 | alpha-beta to depth 3 (at most 1 s) | the same | alpha-beta to depth 2 (at most 1 s) | MCTS, 5000 iterations |
//! | 4 | alpha-beta to depth 4 (at most 1 s) | alpha-beta to depth 5 (at most 1 s) | alpha-beta to depth 3 (at most 1 s) | alpha-beta, 100 ms |
//! | 5 | alpha-beta, 250 ms per move | the same | the same | the same |
//! | 6 | alpha-beta, 1 s per move: the strongest configuration at that budget | the same | the same | the same |
//!
//! Alpha-beta beat heuristic MCTS head to head at equal time (Void 90%, Attraction 72.5% at
//! 100 ms per move; Krux 87.5% at 250 ms), and beats plain UCT in every game, so alpha-beta
//! carries the upper levels. In Attraction, alpha-beta to depth 2 drew 17 of 100 games against
//! random play (it cannot find the long manoeuvres that fill the goal row), where MCTS with 1000
//! iterations won 50 of 50, so MCTS is level 2 there. In Villawar depth-limited alpha-beta is weak
//! (55% against MCTS with 1000 iterations) while time-limited alpha-beta searches deep (95%
//! against MCTS with 5000), so its ladder climbs through MCTS budgets first. Levels 1–4 are
//! budgeted in iterations or depth where possible, so that they play alike on any machine; games
//! without a table use heuristic MCTS with growing budgets.

use crate::AgentSpec;

/// The number of levels.
pub const LEVELS: u8 = 6;

/// The level table of a game as agent specs, level 1 first. Games without a measured table
/// (new games) use the default one.
pub fn table(game: &str) -> [&'static str; LEVELS as usize] {
    match game {
        "void" => [
            "mcts:iterations=60",
            "alphabeta:depth=2",
            "alphabeta:time=1s,depth=3",
            "alphabeta:time=1s,depth=4",
            "alphabeta:time=250ms",
            "alphabeta:time=1s",
        ],
        "attraction" => [
            "mcts:iterations=60",
            "mcts:iterations=1000",
            "alphabeta:time=1s,depth=3",
            "alphabeta:time=1s,depth=5",
            "alphabeta:time=250ms",
            "alphabeta:time=1s",
        ],
        "krux" => [
            "mcts:iterations=60",
            "mcts:iterations=1000",
            "alphabeta:time=1s,depth=2",
            "alphabeta:time=1s,depth=3",
            "alphabeta:time=250ms",
            "alphabeta:time=1s",
        ],
        "villawar" => [
            "mcts:iterations=60",
            "mcts:iterations=1000",
            "mcts:iterations=5000",
            "alphabeta:time=100ms",
            "alphabeta:time=250ms",
            "alphabeta:time=1s",
        ],
        _ => [
            "mcts:iterations=60",
            "mcts:iterations=1000",
            "mcts:time=100ms",
            "mcts:time=250ms",
            "mcts:time=500ms",
            "mcts:time=1s",
        ],
    }
}

/// The concrete spec of level `n` (1..=6, clamped) for `game`.
pub fn spec(game: &str, n: u8) -> AgentSpec {
    let index = n.clamp(1, LEVELS) as usize - 1;
    table(game)[index].parse().expect("the level tables parse")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::AgentKind;

    #[test]
    fn every_table_parses_to_concrete_agents() {
        for game in ["void", "attraction", "krux", "villawar"] {
            for n in 1..=LEVELS {
                let s = spec(game, n);
                assert!(!matches!(s.kind, AgentKind::Level(_)), "{game} {n}");
                assert!(!s.limits.is_unlimited(), "{game} {n}");
            }
        }
    }
}
