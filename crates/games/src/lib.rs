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

    /// Every game's own level table names six concrete agents with a budget, so that no level
    /// can fail to parse or think forever.
    #[test]
    fn every_strength_level_is_a_limited_agent() {
        use arbiter_ai::{levels, AgentKind};
        let registry = super::registry();
        for name in registry.names() {
            let game = registry.get(name).unwrap();
            for n in 1..=levels::LEVELS {
                let text = game.strength_levels()[n as usize - 1];
                let spec: arbiter_ai::AgentSpec = text.parse().unwrap_or_else(|e| panic!("{name} {n}: {e}"));
                assert!(
                    !matches!(spec.kind, AgentKind::Level(_) | AgentKind::Random),
                    "{name} {n}"
                );
                assert!(!spec.limits.is_unlimited(), "{name} {n}: {text}");
                assert_eq!(spec, levels::spec(game.strength_levels(), n));
            }
        }
    }
}
