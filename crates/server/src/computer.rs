//! The computer player behind one small trait, so that the engine can be swapped without touching the server.

use arbiter_core::{DynSession, Error};
use serde::Serialize;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A move chosen by the computer, with what its search reported.
#[derive(Debug, Clone, Serialize)]
pub struct ComputerMove {
    /// The move in notation.
    pub best: String,
    /// The engine's last search report (depth, nodes, score, principal variation…), as JSON.
    pub info: serde_json::Value,
}

/// Chooses moves for the computer side. Called on a blocking thread: it may think for seconds.
pub trait Computer: Send + Sync {
    /// The move for the side to move at `level` (1..=6). `stop` asks it to answer at once;
    /// `on_info` receives progress reports (JSON objects) while it thinks.
    fn choose(
        &self,
        session: &dyn DynSession,
        level: u8,
        stop: Arc<AtomicBool>,
        on_info: &mut dyn FnMut(serde_json::Value),
    ) -> Result<ComputerMove, Error>;

    /// Analyses the game `session` holds with `spec` (see `arbiter_ai::analysis::analyze`):
    /// `on_progress` hears before each position's search and at the end; `stop` cancels it.
    fn analyze(
        &self,
        session: &dyn DynSession,
        spec: &arbiter_ai::AgentSpec,
        stop: &AtomicBool,
        on_progress: &mut dyn FnMut(arbiter_ai::analysis::Progress),
    ) -> Result<arbiter_ai::analysis::GameAnalysis, Error>;

    /// A short name for the UI and logs.
    fn name(&self) -> &'static str;
}

/// The search engines of `arbiter-ai` at strength levels 1–6 (the caller's, e.g. `arbiter_games::engines()`).
pub struct EngineComputer {
    engines: Arc<arbiter_ai::Engines>,
}

impl EngineComputer {
    /// The computer playing with these engines.
    pub fn new(engines: arbiter_ai::Engines) -> Self {
        Self::shared(Arc::new(engines))
    }

    /// The computer playing with engines that something else uses too (the game reports).
    pub fn shared(engines: Arc<arbiter_ai::Engines>) -> Self {
        EngineComputer { engines }
    }
}

impl Computer for EngineComputer {
    fn choose(
        &self,
        session: &dyn DynSession,
        level: u8,
        stop: Arc<AtomicBool>,
        on_info: &mut dyn FnMut(serde_json::Value),
    ) -> Result<ComputerMove, Error> {
        let spec = arbiter_ai::AgentSpec::level(level)?.with_default_seed(rand::random::<u64>());
        let mut report = |info: &arbiter_ai::SearchInfo| {
            if let Ok(value) = serde_json::to_value(info) {
                on_info(value);
            }
        };
        let result = self.engines.choose(session, &spec, stop, &mut report)?;
        Ok(ComputerMove {
            info: serde_json::to_value(&result.info).unwrap_or(serde_json::Value::Null),
            best: result.best,
        })
    }

    fn analyze(
        &self,
        session: &dyn DynSession,
        spec: &arbiter_ai::AgentSpec,
        stop: &AtomicBool,
        on_progress: &mut dyn FnMut(arbiter_ai::analysis::Progress),
    ) -> Result<arbiter_ai::analysis::GameAnalysis, Error> {
        let thresholds = arbiter_ai::analysis::Thresholds::default();
        arbiter_ai::analysis::analyze(&self.engines, session, spec, thresholds, stop, on_progress)
    }

    fn name(&self) -> &'static str {
        "arbiter-ai"
    }
}
