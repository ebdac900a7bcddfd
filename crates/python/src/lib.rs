//! The `arbiter._arbiter` extension module: every Arbiter game, the search and the match runner
//! for Python. The Python package `arbiter` (python/arbiter) re-exports it and documents it in
//! `__init__.pyi`.
//!
//! Rules at the boundary: every error becomes a Python exception carrying the CLI's message
//! ([`to_py`]); no panic crosses it ([`guard`] turns one into `arbiter.ArbiterError`); long calls
//! release the GIL, and searches can be interrupted (Ctrl-C, `Agent.stop`).

use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};

mod analysis;
mod batch;
mod datagen;
mod fast;
mod game;
mod search;
mod state;
mod statistics;
mod tools;
mod voidgame;

pyo3::create_exception!(
    arbiter,
    ArbiterError,
    PyException,
    "Any error of the engine that is not bad input (never raised for bad input)."
);
pyo3::create_exception!(
    arbiter,
    IllegalMove,
    PyValueError,
    "A move or action that is malformed or not legal in the position (message as the CLI's)."
);
pyo3::create_exception!(arbiter, GameOver, PyValueError, "A move asked of a finished game.");

/// The Python exception of an engine error: `IllegalMove` for moves and actions, `GameOver` for a
/// move asked of a finished game, `ValueError` for everything else (positions, options, specs,
/// records, undo at the start); the message is the CLI's.
pub(crate) fn to_py(error: arbiter_core::Error) -> PyErr {
    use arbiter_core::Error;
    match &error {
        Error::Move { .. } => IllegalMove::new_err(error.to_string()),
        Error::GameOver => GameOver::new_err(error.to_string()),
        _ => PyValueError::new_err(error.to_string()),
    }
}

/// The text of a panic's payload.
pub(crate) fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string())
}

/// The `ArbiterError` of a panic.
pub(crate) fn panic_error(payload: &(dyn std::any::Any + Send)) -> PyErr {
    ArbiterError::new_err(format!(
        "internal error in arbiter (please report it): {}",
        panic_text(payload)
    ))
}

/// Runs `f`, turning a panic into `arbiter.ArbiterError` so that none crosses into Python.
pub(crate) fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|payload| Err(panic_error(payload.as_ref())))
}

/// Panics inside [`guard`]: for the test that no panic crosses into Python.
#[pyfunction]
fn _test_panic() -> PyResult<()> {
    guard(|| panic!("a deliberate panic (arbiter._arbiter._test_panic)"))
}

/// The Python module.
#[pymodule]
fn _arbiter(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("ArbiterError", py.get_type::<ArbiterError>())?;
    m.add("IllegalMove", py.get_type::<IllegalMove>())?;
    m.add("GameOver", py.get_type::<GameOver>())?;
    m.add_class::<game::Game>()?;
    m.add_class::<state::State>()?;
    m.add_class::<state::Outcome>()?;
    m.add_class::<search::SearchInfo>()?;
    m.add_class::<search::Choice>()?;
    m.add_class::<search::Agent>()?;
    m.add_function(wrap_pyfunction!(game::games, m)?)?;
    m.add_function(wrap_pyfunction!(_test_panic, m)?)?;
    m.add_function(wrap_pyfunction!(state::load_record_json, m)?)?;
    m.add_function(wrap_pyfunction!(tools::perft, m)?)?;
    m.add_function(wrap_pyfunction!(tools::random_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(search::analyze, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::analyze_game_json, m)?)?;
    m.add_function(wrap_pyfunction!(search::play_match, m)?)?;
    m.add_function(wrap_pyfunction!(batch::match_batch, m)?)?;
    m.add_function(wrap_pyfunction!(batch::report_plan, m)?)?;
    m.add_function(wrap_pyfunction!(batch::report_batch, m)?)?;
    m.add_function(wrap_pyfunction!(datagen::datagen_header, m)?)?;
    m.add_function(wrap_pyfunction!(datagen::datagen_batch, m)?)?;
    m.add_class::<datagen::DataFile>()?;
    m.add_function(wrap_pyfunction!(statistics::elo_of_score, m)?)?;
    m.add_function(wrap_pyfunction!(statistics::score_of_elo, m)?)?;
    m.add_function(wrap_pyfunction!(statistics::variance, m)?)?;
    m.add_function(wrap_pyfunction!(statistics::elo_estimate, m)?)?;
    m.add_function(wrap_pyfunction!(statistics::sprt, m)?)?;
    voidgame::register(m)?;
    Ok(())
}
