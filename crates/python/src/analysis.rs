//! `arbiter.analyze_game`: a whole game analysed (`arbiter_ai::analysis`), as `arbiter
//! analyze-game` and the web app's analysis do, returned to Python as the same JSON.

use crate::game::engines;
use crate::search::{await_worker, Time, WorkerResult};
use crate::state::State;
use crate::{panic_text, to_py};
use arbiter_ai::analysis::{self, Thresholds};
use arbiter_ai::{AgentKind, AgentSpec, Limits};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::atomic::AtomicBool;
use std::sync::{mpsc, Arc};

/// The analysis of the game `state` holds (its start to its current position) as JSON text:
/// `nodes` per position (default 200,000, reproducible), or `time` per position, with `agent`
/// (default: the game's level 6). Ctrl-C cancels it.
#[pyfunction]
#[pyo3(name = "_analyze_game_json", signature = (state, nodes = None, time = None, agent = None))]
pub fn analyze_game_json(
    state: &Bound<'_, State>,
    nodes: Option<u64>,
    time: Option<Time>,
    agent: Option<&str>,
) -> PyResult<String> {
    let py = state.py();
    let (session, kind) = {
        let s = state.try_borrow()?;
        (s.session.clone_box(), s.game_kind())
    };
    let levels = kind.strength_levels();
    let mut spec = match agent {
        Some(text) => text.parse::<AgentSpec>().map_err(to_py)?.resolve(levels),
        None => analysis::default_spec(levels),
    };
    if matches!(spec.kind, AgentKind::Random) {
        return Err(PyValueError::new_err(
            "analyze_game needs a searching agent (mcts, uct, alphabeta or a level)",
        ));
    }
    match (nodes, time) {
        (Some(_), Some(_)) => return Err(PyValueError::new_err("give nodes or time, not both")),
        (Some(0), None) => return Err(PyValueError::new_err("nodes must be at least 1")),
        (Some(n), None) => spec.limits = Limits::nodes(n),
        (None, Some(t)) => spec.limits = Limits::time(t.duration()?),
        (None, None) => {}
    }
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<WorkerResult<String>>();
    let worker = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let analysed = analysis::analyze(
                    engines(),
                    session.as_ref(),
                    &spec,
                    Thresholds::default(),
                    &stop,
                    &mut |_| {},
                )?;
                serde_json::to_string(&analysed).map_err(|e| arbiter_core::Error::Invalid(e.to_string()))
            }));
            let _ = tx.send(result.map_err(|p| panic_text(p.as_ref())));
        })
    };
    await_worker(py, rx, worker, &stop, "the analysis thread")
}
