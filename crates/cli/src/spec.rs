//! The game argument shared by every command: `void`, `villawar:size=10`, with an optional position.

use arbiter_ai::{AgentSpec, Engines};
use arbiter_core::{DynGameType, DynSession, Registry};
use clap::Args;
use std::sync::OnceLock;

/// Which game, with which options, from which position.
#[derive(Args, Debug, Clone)]
pub struct GameSpec {
    /// The game, optionally with options: void, krux, attraction, villawar, villawar:size=10,
    /// void:repetition=off,plies=200.
    pub game: String,
    /// Start from this position string instead of the start position.
    #[arg(long, short)]
    pub position: Option<String>,
}

/// The computer opponents of all games, built once.
pub fn engines() -> &'static Engines {
    static ENGINES: OnceLock<Engines> = OnceLock::new();
    ENGINES.get_or_init(arbiter_games::engines)
}

/// Parses an agent spec (`level=3`, `mcts:time=1s`) into a one-line error on failure.
pub fn agent_spec(text: &str) -> Result<AgentSpec, String> {
    text.parse().map_err(|e: arbiter_core::Error| e.to_string())
}

/// The registry of all games, built once.
pub fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(arbiter_games::registry)
}

impl GameSpec {
    /// The game type and its options string.
    pub fn resolve(&self) -> Result<(&'static dyn DynGameType, &str), String> {
        registry().parse_spec(&self.game).map_err(|e| e.to_string())
    }

    /// A session from the start or the given position.
    pub fn session(&self) -> Result<Box<dyn DynSession>, String> {
        let (game, options) = self.resolve()?;
        game.new_session(options, self.position.as_deref())
            .map_err(|e| e.to_string())
    }
}
