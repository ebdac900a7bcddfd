//! Strength levels 1–6. Each game chooses its own by measurement and writes them as agent specs
//! ([`arbiter_core::Heuristics::STRENGTH_LEVELS`], the text of the `arbiter match` runs that chose
//! them); this module reads such a table. Core holds the text and knows no search.

use crate::{AgentKind, AgentSpec};
use arbiter_core::Levels;

pub use arbiter_core::LEVELS;

/// The agent spec of one strength level.
///
/// A level is a constant of its game crate, and `arbiter_games`' tests parse every level of
/// every game, so a level that does not parse is a bug of the build, not bad input: it plays as
/// the random mover rather than stopping a server.
pub fn agent(level: &str) -> AgentSpec {
    level.parse().unwrap_or_else(|_| AgentSpec::of(AgentKind::Random))
}

/// The concrete spec of level `n` (1..=6, clamped) in `table`.
pub fn spec(table: &Levels, n: u8) -> AgentSpec {
    agent(table[usize::from(n.clamp(1, LEVELS)) - 1])
}

/// A level for people: "alpha-beta, 1 s, depth 3", "MCTS, 60 iterations".
pub fn describe(level: &str) -> String {
    let spec = agent(level);
    let mut words = vec![match spec.kind {
        AgentKind::AlphaBeta => "alpha-beta".to_string(),
        AgentKind::Mcts => "MCTS".to_string(),
        other => format!("{other:?}").to_lowercase(),
    }];
    if let Some(time) = spec.limits.time {
        let ms = time.as_millis();
        words.push(if ms % 1000 == 0 {
            format!("{} s", ms / 1000)
        } else {
            format!("{ms} ms")
        });
    }
    if let Some(n) = spec.limits.nodes {
        words.push(format!("{n} iterations"));
    }
    if let Some(d) = spec.limits.depth {
        words.push(format!("depth {d}"));
    }
    if let Some(c) = spec.contempt {
        words.push(format!("contempt {c}"));
    }
    if spec.null_move == Some(true) {
        words.push("null moves".into());
    }
    if spec.reductions == Some(true) {
        words.push("late-move reductions".into());
    }
    match spec.net {
        Some(crate::NetSpec::Builtin) => words.push("learned evaluation where trained".into()),
        Some(crate::NetSpec::File { .. }) => words.push("learned evaluation".into()),
        None => {}
    }
    words.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::DEFAULT_LEVELS;

    #[test]
    fn levels_become_the_agents_they_describe() {
        let spec = agent("alphabeta:time=1s,depth=3,contempt=50");
        assert_eq!(spec.kind, AgentKind::AlphaBeta);
        assert_eq!(spec.contempt, Some(50));
        assert_eq!(spec.to_string(), "alphabeta:time=1s,depth=3,contempt=50");
        for n in 1..=LEVELS {
            let level = super::spec(&DEFAULT_LEVELS, n);
            assert!(!matches!(level.kind, AgentKind::Level(_)), "{n}");
            assert!(!level.limits.is_unlimited(), "{n}");
        }
        assert_eq!(super::spec(&DEFAULT_LEVELS, 9), super::spec(&DEFAULT_LEVELS, 6));
    }

    #[test]
    fn levels_read_as_words() {
        assert_eq!(
            describe("alphabeta:time=1s,depth=3,contempt=50"),
            "alpha-beta, 1 s, depth 3, contempt 50"
        );
        assert_eq!(
            describe("alphabeta:time=250ms,lmr=on,null=on"),
            "alpha-beta, 250 ms, null moves, late-move reductions"
        );
        assert_eq!(describe("mcts:iterations=60"), "MCTS, 60 iterations");
        assert_eq!(
            describe("alphabeta:time=1s,lmr=on,net=builtin"),
            "alpha-beta, 1 s, late-move reductions, learned evaluation where trained"
        );
        assert_eq!(describe("mcts:time=250ms"), "MCTS, 250 ms");
    }
}
