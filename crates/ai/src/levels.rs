//! Strength levels 1–6. Each game describes its own as plain values
//! ([`arbiter_core::Game::STRENGTH_LEVELS`], chosen by measurement in its game crate); this module
//! turns such a table into agent specs.

use crate::{AgentKind, AgentSpec, Limits};
use arbiter_core::{Levels, Search, Strength};
use std::time::Duration;

pub use arbiter_core::LEVELS;

/// The agent spec of one strength level.
pub fn agent(level: &Strength) -> AgentSpec {
    let kind = match level.search {
        Search::Mcts => AgentKind::Mcts,
        Search::AlphaBeta => AgentKind::AlphaBeta,
    };
    let mut spec = AgentSpec::of(kind);
    spec.limits = Limits {
        time: level.millis.map(|ms| Duration::from_millis(u64::from(ms))),
        nodes: level.iterations.map(u64::from),
        depth: level.depth.map(u32::from),
    };
    spec.contempt = level.contempt;
    spec.null_move = level.null_move.then_some(true);
    spec.reductions = level.reductions.then_some(true);
    spec
}

/// The concrete spec of level `n` (1..=6, clamped) in `table`.
pub fn spec(table: &Levels, n: u8) -> AgentSpec {
    agent(&table[usize::from(n.clamp(1, LEVELS)) - 1])
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::strength::DEFAULT_LEVELS;

    #[test]
    fn levels_become_the_agents_they_describe() {
        let level = Strength::alphabeta_millis(1000).max_depth(3).contempt(50);
        assert_eq!(agent(&level).to_string(), "alphabeta:time=1s,depth=3,contempt=50");
        assert_eq!(agent(&Strength::mcts_iterations(60)).to_string(), "mcts:iterations=60");
        let level = Strength::alphabeta_millis(1000).null_move().reductions();
        assert_eq!(agent(&level).to_string(), "alphabeta:time=1s,lmr=on,null=on");
        for n in 1..=LEVELS {
            let s = spec(&DEFAULT_LEVELS, n);
            assert!(!matches!(s.kind, AgentKind::Level(_)), "{n}");
            assert!(!s.limits.is_unlimited(), "{n}");
        }
        assert_eq!(spec(&DEFAULT_LEVELS, 9), spec(&DEFAULT_LEVELS, 6));
    }
}
