//! Computer opponents for every Arbiter game, generic over the core [`Game`](arbiter_core::Game) trait.
//!
//! - [`Agent`]: the typed interface — choose a move for a [`Session`](arbiter_core::Session) under
//!   [`Limits`] (wall time, iterations/nodes, depth, any combination), a stop flag another thread may
//!   set, and [`SearchInfo`] reported while thinking. Agents are stateful (MCTS keeps its tree between
//!   moves, alpha-beta its transposition table).
//! - Agents: [`RandomAgent`], [`Mcts`] (UCT with capped playouts and a heuristic value at the cap,
//!   MCTS-Solver, tree reuse, seedable) and [`AlphaBeta`] (negamax, iterative deepening, transposition
//!   table, TT move / captures / killers / history ordering, quiescence on captures).
//! - [`AgentSpec`]: agents as text (`random`, `level=3`, `mcts:time=1s`, `alphabeta:depth=5`,
//!   `uct:time=1s`), and [`levels`]: strength levels 1–6.
//! - [`Engines`]: the object-safe layer for the CLI and the server, built like the core registry.
//! - [`game_loop`]: the one loop in which two agents play a game (matches, reports, batches).
//! - [`match_runner`], [`elo`] and [`sprt`]: engine matches and their statistics.
//!
//! Nothing here knows any game: the heuristics are each game's `evaluate()` and `move_order_hint()`.
//!
//! ```
//! use arbiter_ai::{Agent, AgentSpec};
//! use arbiter_core::{Game, HistoryRules, NoVariant, Session};
//! use arbiter_void::Void;
//! use std::sync::atomic::AtomicBool;
//!
//! let session = Session::<Void>::new(&NoVariant, HistoryRules::default());
//! let mut agent = "alphabeta:depth=3".parse::<AgentSpec>().unwrap().build::<Void>();
//! let stop = AtomicBool::new(false);
//! let choice = agent.choose(&session, &stop, &mut |info| println!("{info}")).unwrap();
//! println!("{} ({})", session.current().format_move(choice.mv), choice.info.score);
//! ```

#![warn(missing_docs)]

mod agent;
pub mod alphabeta;
pub mod analysis;
pub mod elo;
mod engines;
pub mod external;
pub mod game_loop;
mod info;
pub mod levels;
mod limits;
pub mod match_runner;
pub mod mcts;
pub mod nnue;
mod past;
pub mod protocol;
pub mod puzzles;
mod random;
pub mod rating;
pub mod spec;
pub mod sprt;
pub mod texel;
mod threads;
mod time_manager;

pub use agent::{Agent, Choice};
pub use alphabeta::{AlphaBeta, AlphaBetaConfig};
pub use engines::{DynAgent, Engines};
pub use info::{Score, SearchInfo, SearchResult};
pub use limits::{parse_duration, Clock, Limits};
pub use mcts::{Mcts, MctsConfig};
pub use random::RandomAgent;
pub use spec::{AgentKind, AgentSpec, NetSpec};
pub use threads::Threads;
pub use time_manager::{clock_move_time, move_time};
