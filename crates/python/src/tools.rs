//! `arbiter.perft` and `arbiter.random_playouts`: bulk calls without the GIL.

use crate::state::State;
use crate::{panic_error, to_py};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Counts the move sequences of `depth` plies from the state's position, the first moves shared
/// out among `threads` threads.
#[pyfunction]
#[pyo3(signature = (state, depth, threads = 1))]
pub fn perft(state: &Bound<'_, State>, depth: usize, threads: usize) -> PyResult<u64> {
    let py = state.py();
    let threads = check_threads(threads)?;
    let (kind, options, position) = state.try_borrow()?.tool_args();
    py.allow_threads(move || {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            if threads == 1 || depth == 0 {
                kind.perft(&options, Some(&position), depth)
            } else {
                let split = kind.divide(&options, Some(&position), depth, threads, &mut |_, _| {})?;
                Ok(split.iter().map(|(_, n)| n).sum())
            }
        }))
        .map_err(|p| panic_error(p.as_ref()))
    })?
    .map_err(to_py)
}

/// A thread count of at most 256, 0 meaning all cores.
fn check_threads(threads: usize) -> PyResult<usize> {
    if threads <= 256 {
        Ok(arbiter_core::playout::threads_or_all(threads))
    } else {
        Err(pyo3::exceptions::PyValueError::new_err(format!(
            "threads must be 0 (all cores) to 256, not {threads}"
        )))
    }
}

/// Exactly `n` random games from the state's position, shared out among `threads` threads (each
/// its own seed from `seed`: the same `seed` and `threads` play the same games).
#[pyfunction]
#[pyo3(signature = (state, n, seed = 0, max_plies = 1000, threads = 1))]
pub fn random_playouts<'py>(
    state: &Bound<'py, State>,
    n: u64,
    seed: u64,
    max_plies: u32,
    threads: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let py = state.py();
    let threads = check_threads(threads)?;
    let (kind, options, position) = state.try_borrow()?.tool_args();
    let stats = py
        .allow_threads(move || {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                arbiter_core::playout::on_threads(threads, seed, |i, seed| {
                    let share = arbiter_core::playout::thread_share(n, threads, i);
                    kind.playouts_count(&options, Some(&position), seed, max_plies, share)
                })
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
