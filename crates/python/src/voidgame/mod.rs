//! `arbiter._arbiter._voidgame`: the core of `arbiter.voidgame`, voidgame 1.1's click API on the
//! click machine of the `arbiter-voidgame` crate.
//!
//! * `State` ([`state`]) keeps the machine and voidgame's six attributes, which programs read and
//!   assign as real Python objects ([`shown`]: the board is a list of 5 lists of 18 interned
//!   strings, changed in place).
//! * `process` is one call into Rust: a refused click (most of a user's) is answered straight from
//!   the interpreter's call ([`quick`]), reading at most one cell and making no Python object; any
//!   other goes through PyO3 ([`full`]) to the machine, which checks the board against what it
//!   drew (one C comparison per orbit, and none while the board was not handed out) and writes
//!   only the cells that change.

mod full;
mod guarded;
mod last;
mod quick;
mod shown;
mod small_ints;
mod state;
mod texts;

use arbiter_voidgame::{Analyses, Prompt};
use pyo3::prelude::*;
use state::State;
use std::sync::atomic::Ordering;

/// Forgets every analysed position (states keep theirs): for measuring with cold caches.
#[pyfunction]
fn clear_caches() {
    Analyses::shared().clear();
}

/// Adds the `_voidgame` submodule to the extension module.
pub(crate) fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = parent.py();
    let m = PyModule::new(py, "_voidgame")?;
    m.add_class::<State>()?;
    // the module keeps the type alive for good
    full::STATE_TYPE.store(py.get_type::<State>().as_type_ptr(), Ordering::Relaxed);
    // made before the first click, which the fast path needs
    let texts = texts::texts(py);
    small_ints::prepare(py)?;
    let slow = wrap_pyfunction!(full::process, &m)?;
    quick::FULL.get_or_init(py, || slow.into_any().unbind());
    m.add("process", quick::function(&m)?)?;
    m.add_function(wrap_pyfunction!(last::last_state, &m)?)?;
    m.add_function(wrap_pyfunction!(clear_caches, &m)?)?;
    for prompt in Prompt::ALL {
        m.add(prompt.constant(), texts.prompt(prompt).bind(py))?;
    }
    m.add("FLAG_POINTS", arbiter_voidgame::FLAG_POINTS)?;
    m.add("BOMBER_POINTS", arbiter_voidgame::BOMBER_POINTS)?;
    m.add("SWEEPER_POINTS", arbiter_voidgame::SWEEPER_POINTS)?;
    m.add("FIGHTER_POINTS", arbiter_voidgame::FIGHTER_POINTS)?;
    m.add("MAX_SCORE", arbiter_voidgame::MAX_SCORE)?;
    parent.add_submodule(&m)
}
