//! Every game of Arbiter in one [`Registry`]: the only place that names them all.

#![warn(missing_docs)]

use arbiter_ai::Engines;
use arbiter_core::Registry;

/// The registry of all games, by name: `void`, `krux`, `attraction`, `villawar`.
pub fn registry() -> Registry {
    Registry::new()
        .with::<arbiter_void::Void>()
        .with::<arbiter_krux::Krux>()
        .with::<arbiter_attraction::Attraction>()
        .with::<arbiter_villawar::Villawar>()
}

/// The computer opponents of all games (the same games as [`registry`]), for `arbiter_ai` specs.
pub fn engines() -> Engines {
    Engines::new()
        .with::<arbiter_void::Void>()
        .with::<arbiter_krux::Krux>()
        .with::<arbiter_attraction::Attraction>()
        .with::<arbiter_villawar::Villawar>()
}

#[cfg(test)]
mod tests {
    #[test]
    fn names() {
        assert_eq!(
            super::registry().names(),
            vec!["void", "krux", "attraction", "villawar"]
        );
        assert_eq!(super::engines().names(), super::registry().names());
    }

    /// Every game's own levels are limited searches, so that no level can think forever, and
    /// each becomes the agent it describes (its spec reads back to the same agent).
    #[test]
    fn every_strength_level_is_a_limited_search() {
        use arbiter_ai::{levels, AgentKind, AgentSpec};
        let registry = super::registry();
        for name in registry.names() {
            let game = registry.get(name).unwrap();
            for (i, level) in game.strength_levels().iter().enumerate() {
                assert!(level.is_limited(), "{name} level {}: {level}", i + 1);
                let spec = levels::agent(level);
                assert!(
                    matches!(spec.kind, AgentKind::Mcts | AgentKind::AlphaBeta),
                    "{name} {level}"
                );
                assert!(!spec.limits.is_unlimited(), "{name} {level}");
                let reparsed: AgentSpec = spec.to_string().parse().unwrap();
                assert_eq!(reparsed, spec, "{name} {level}");
                assert_eq!(spec, levels::spec(game.strength_levels(), i as u8 + 1));
            }
        }
    }
}
