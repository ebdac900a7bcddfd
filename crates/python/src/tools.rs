//! `arbiter.perft` and `arbiter.random_playouts`: bulk calls without the GIL.

use crate::state::State;
use crate::{panic_error, to_py};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Counts the move sequences of `depth` plies from the state's position.
#[pyfunction]
pub fn perft(state: &Bound<'_, State>, depth: usize) -> PyResult<u64> {
    let py = state.py();
    let (kind, options, position) = state.try_borrow()?.tool_args();
    py.allow_threads(move || {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            kind.perft(&options, Some(&position), depth)
        }))
        .map_err(|p| panic_error(p.as_ref()))
    })?
    .map_err(to_py)
}

/// Exactly `n` random games from the state's position.
#[pyfunction]
#[pyo3(signature = (state, n, seed = 0, max_plies = 1000))]
pub fn random_playouts<'py>(
    state: &Bound<'py, State>,
    n: u64,
    seed: u64,
    max_plies: u32,
) -> PyResult<Bound<'py, PyDict>> {
    let py = state.py();
    let (kind, options, position) = state.try_borrow()?.tool_args();
    let stats = py
        .allow_threads(move || {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                kind.playouts_count(&options, Some(&position), seed, max_plies, n)
            }))
            .map_err(|p| panic_error(p.as_ref()))
        })?
        .map_err(to_py)?;
    let d = PyDict::new(py);
    d.set_item("games", stats.games)?;
    d.set_item("plies", stats.plies)?;
    d.set_item("wins", (stats.first_wins, stats.second_wins))?;
    d.set_item("draws", stats.draws)?;
    d.set_item("capped", stats.capped)?;
    d.set_item("seconds", stats.elapsed.as_secs_f64())?;
    d.set_item("plies_per_second", stats.plies_per_second())?;
    d.set_item("games_per_second", stats.games_per_second())?;
    Ok(d)
}
