//! Every game of Arbiter in one [`Registry`]: the only place that names them all.

#![warn(missing_docs)]

mod variants;

pub use variants::variants_to_test;

use arbiter_ai::Engines;
use arbiter_core::{FullGame, Registry};

/// Something done once for each game type: collecting the registry or the engines, or a test run
/// over the typed positions of every game.
pub trait EachGame {
    /// Called once per game, with its position type.
    fn game<G: FullGame>(&mut self);
}

/// Calls [`EachGame::game`] for every game, in the registry's order: the one list of the games.
pub fn for_each_game(visitor: &mut impl EachGame) {
    visitor.game::<arbiter_void::Void>();
    visitor.game::<arbiter_krux::Krux>();
    visitor.game::<arbiter_attraction::Attraction>();
    visitor.game::<arbiter_villawar::Villawar>();
}

/// The registry of all games, by name: `void`, `krux`, `attraction`, `villawar`.
pub fn registry() -> Registry {
    struct Collect(Registry);
    impl EachGame for Collect {
        fn game<G: FullGame>(&mut self) {
            self.0 = std::mem::take(&mut self.0).with::<G>();
        }
    }
    let mut all = Collect(Registry::new());
    for_each_game(&mut all);
    all.0
}

/// The computer opponents of all games (the same games as [`registry`]), for `arbiter_ai` specs.
pub fn engines() -> Engines {
    struct Collect(Engines);
    impl EachGame for Collect {
        fn game<G: FullGame>(&mut self) {
            self.0 = std::mem::take(&mut self.0).with::<G>();
        }
    }
    let mut all = Collect(Engines::new());
    for_each_game(&mut all);
    all.0
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
    /// each is written as the agent it becomes (its text parses and prints back the same), so that
    /// no level falls back to the random mover.
    #[test]
    fn every_strength_level_is_a_limited_search() {
        use arbiter_ai::{levels, AgentKind, AgentSpec};
        let registry = super::registry();
        for name in registry.names() {
            let game = registry.get(name).unwrap();
            for (i, level) in game.strength_levels().iter().enumerate() {
                let spec: AgentSpec = level.parse().unwrap_or_else(|e| panic!("{name} level {}: {e}", i + 1));
                assert_eq!(
                    spec.to_string(),
                    *level,
                    "{name} level {} is not written canonically",
                    i + 1
                );
                assert_eq!(spec, levels::agent(level));
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
