//! The registry of games by name, so that the CLI, the server and the Python package offer every
//! game without naming one.

use crate::swap::Swappable;
use crate::{DynGameType, Error, FullGame};

/// Every game by name, so that interfaces can offer them all without knowing any.
#[derive(Default)]
pub struct Registry {
    types: Vec<Box<dyn DynGameType>>,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Self {
        Registry::default()
    }

    /// Adds a game (builder style), with and without the swap rule ([`crate::swap`]).
    pub fn with<G: FullGame>(mut self) -> Self {
        self.types.push(Box::new(Swappable::<G>::default()));
        self
    }

    /// The registered names, in registration order.
    pub fn names(&self) -> Vec<&'static str> {
        self.types.iter().map(|t| t.name()).collect()
    }

    /// The game of that name.
    pub fn get(&self, name: &str) -> Result<&dyn DynGameType, Error> {
        self.types
            .iter()
            .find(|t| t.name() == name)
            .map(|t| t.as_ref())
            .ok_or_else(|| Error::UnknownGame {
                name: name.to_string(),
                known: self.names().join(", "),
            })
    }

    /// Splits a game spec `name` or `name:options` (`villawar:size=10`) and finds the game.
    pub fn parse_spec<'a>(&self, spec: &'a str) -> Result<(&dyn DynGameType, &'a str), Error> {
        let (name, options) = spec.split_once(':').unwrap_or((spec, ""));
        let game = self.get(name.trim())?;
        game.check_options(options)?;
        Ok((game, options))
    }
}
