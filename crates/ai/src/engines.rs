//! The object-safe layer: agents for any registered game, driven by strings and [`DynSession`]s.

use crate::external::ExternalAgent;
use crate::{Agent, AgentKind, AgentSpec, SearchInfo, SearchResult};
use arbiter_core::{DynSession, Error, FullGame, Game, Session, WithSwap};
use std::marker::PhantomData;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// An agent of some game behind one interface. Like the typed [`Agent`], it keeps state between
/// the moves of one game (tree reuse); call [`DynAgent::new_game`] before another game.
pub trait DynAgent: Send {
    /// The game it plays.
    fn game(&self) -> &'static str;
    /// A short description (`mcts`, `alphabeta`, `random`).
    fn name(&self) -> String;
    /// Chooses a move for the side to move; fails if the session is of another game or over.
    fn choose(
        &mut self,
        session: &dyn DynSession,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Result<SearchResult, Error>;
    /// Forgets what was kept from earlier moves.
    fn new_game(&mut self);
}

struct TypedAgent<G: FullGame> {
    spec: AgentSpec,
    /// The agent for the game.
    plain: Box<dyn Agent<G>>,
    /// The agent for the game with the swap rule ([`arbiter_core::swap`]), made on its first move.
    swap: Option<Box<dyn Agent<WithSwap<G>>>>,
    /// The agent's net file, checked against each session's game and board (built-in nets are
    /// checked by the games' tests).
    net: Option<std::sync::Arc<crate::nnue::Network>>,
}

impl<G: FullGame> TypedAgent<G> {
    /// Checks the net file against a session's board.
    fn check_net<H: FullGame>(&self, variant: &H::Variant) -> Result<(), Error> {
        if let Some(net) = &self.net {
            let shape = match net.views {
                1 => H::observation_shape(variant),
                _ => H::perspective_shape(variant),
            };
            let inputs: usize = shape.iter().product();
            if net.game != H::NAME || net.inputs != inputs {
                return Err(Error::Invalid(format!(
                    "the net is for {} ({}) with {} inputs per view; this {} game has {inputs}",
                    net.game,
                    net.options,
                    net.inputs,
                    H::NAME
                )));
            }
        }
        Ok(())
    }
}

/// The typed agent's choice for one session, in notation.
fn choose_typed<H: FullGame>(
    agent: &mut dyn Agent<H>,
    session: &Session<H>,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Result<SearchResult, Error> {
    let choice = agent.choose(session, stop, on_info).ok_or(Error::GameOver)?;
    Ok(SearchResult {
        best: session.current().format_move(choice.mv),
        info: choice.info,
    })
}

impl<G: FullGame> DynAgent for TypedAgent<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn name(&self) -> String {
        self.plain.name()
    }

    fn choose(
        &mut self,
        session: &dyn DynSession,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Result<SearchResult, Error> {
        if let Some(typed) = session.as_any().downcast_ref::<Session<G>>() {
            self.check_net::<G>(&typed.current().variant())?;
            return choose_typed(self.plain.as_mut(), typed, stop, on_info);
        }
        if let Some(typed) = session.as_any().downcast_ref::<Session<WithSwap<G>>>() {
            self.check_net::<WithSwap<G>>(&typed.current().variant())?;
            let agent = self.swap.get_or_insert_with(|| self.spec.build::<WithSwap<G>>());
            return choose_typed(agent.as_mut(), typed, stop, on_info);
        }
        Err(Error::Invalid(format!(
            "this {} agent cannot play a {} session",
            G::NAME,
            session.game()
        )))
    }

    fn new_game(&mut self) {
        self.plain.new_game();
        if let Some(agent) = &mut self.swap {
            agent.new_game();
        }
    }
}

trait Factory: Send + Sync {
    fn name(&self) -> &'static str;
    fn agent(&self, spec: &AgentSpec) -> Box<dyn DynAgent>;
}

struct TypedFactory<G: FullGame>(PhantomData<fn() -> G>);

impl<G: FullGame> Factory for TypedFactory<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn agent(&self, spec: &AgentSpec) -> Box<dyn DynAgent> {
        Box::new(TypedAgent::<G> {
            spec: spec.clone(),
            plain: spec.build::<G>(),
            swap: None,
            net: spec.net.as_ref().and_then(|n| n.file().cloned()),
        })
    }
}

/// Agent factories for every registered game, built like the core `Registry`:
/// `Engines::new().with::<Void>().with::<Attraction>()`.
#[derive(Default)]
pub struct Engines {
    factories: Vec<Box<dyn Factory>>,
}

impl Engines {
    /// No games.
    pub fn new() -> Engines {
        Engines::default()
    }

    /// Adds a game (builder style).
    pub fn with<G: FullGame>(mut self) -> Engines {
        self.factories.push(Box::new(TypedFactory::<G>(PhantomData)));
        self
    }

    /// The games, in registration order.
    pub fn names(&self) -> Vec<&'static str> {
        self.factories.iter().map(|f| f.name()).collect()
    }

    /// A stateful agent for `game` (keeps its tree or table between the moves of a game); for an
    /// `engine:` spec, an [`ExternalAgent`] that starts its program on its first move.
    pub fn agent(&self, game: &str, spec: &AgentSpec) -> Result<Box<dyn DynAgent>, Error> {
        let factory = self
            .factories
            .iter()
            .find(|f| f.name() == game)
            .ok_or_else(|| Error::UnknownGame {
                name: game.to_string(),
                known: self.names().join(", "),
            })?;
        if let Some(net) = spec.net.as_ref() {
            if let Some(network) = net.file().filter(|n| n.game != factory.name()) {
                return Err(Error::Invalid(format!(
                    "the net {net} is for {}, not {}",
                    network.game,
                    factory.name()
                )));
            }
        }
        if spec.kind == AgentKind::External {
            return Ok(Box::new(ExternalAgent::new(
                factory.name(),
                spec.external.as_ref(),
                spec.limits,
            )?));
        }
        Ok(factory.agent(spec))
    }

    /// Chooses a move for the session's side to move with a fresh agent (stateless: nothing is
    /// kept between calls, so MCTS starts a new tree each time). `stop` may be set by another
    /// thread to end the search early; `on_info` receives reports while it thinks.
    pub fn choose(
        &self,
        session: &dyn DynSession,
        spec: &AgentSpec,
        stop: Arc<AtomicBool>,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Result<SearchResult, Error> {
        if session.ending().is_some() {
            return Err(Error::GameOver);
        }
        self.agent(session.game(), spec)?.choose(session, &stop, on_info)
    }
}
