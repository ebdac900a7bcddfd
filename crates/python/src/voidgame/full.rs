//! The full `process`: every click the fast path ([`super::quick`]) leaves, through PyO3.

use super::last::remember;
use super::shown::{Live, Raised};
use super::state::{Inside, State};
use super::texts::texts;
use crate::guard;
use arbiter_voidgame::Phase;
use pyo3::exceptions::{PyIndexError, PyOverflowError, PyTypeError};
use pyo3::ffi;
use pyo3::prelude::*;
use std::ptr;
use std::sync::atomic::{AtomicPtr, Ordering};

/// The type object of `State`, kept at registration for a check by address.
pub(crate) static STATE_TYPE: AtomicPtr<ffi::PyTypeObject> = AtomicPtr::new(ptr::null_mut());

/// `object` as a `State`, if it is one: the exact type is recognised by its address, subclasses
/// the general way.
#[inline]
fn as_state<'a, 'py>(object: &'a Bound<'py, PyAny>) -> Option<&'a Bound<'py, State>> {
    // SAFETY: an object's type pointer is always valid.
    if unsafe { ffi::Py_TYPE(object.as_ptr()) } == STATE_TYPE.load(Ordering::Relaxed) {
        // SAFETY: the object's type is exactly State's.
        return Some(unsafe { object.downcast_unchecked::<State>() });
    }
    object.downcast::<State>().ok()
}

/// A click coordinate as voidgame's list indexing takes it (anything with `__index__`), with the
/// errors list indexing raises.
fn coordinate(value: &Bound<'_, PyAny>) -> PyResult<i64> {
    value.extract::<i64>().map_err(|error| {
        let py = value.py();
        if error.is_instance_of::<PyOverflowError>(py) {
            PyIndexError::new_err("cannot fit 'int' into an index-sized integer")
        } else if error.is_instance_of::<PyTypeError>(py) {
            let name = value
                .get_type()
                .name()
                .map_or_else(|_| "?".to_string(), |n| n.to_string());
            PyTypeError::new_err(format!("list indices must be integers or slices, not {name}"))
        } else {
            error
        }
    })
}

/// One click on cell (orbit, sector) of game_state, the full way: anything but an
/// arbiter.voidgame State is ignored, as are clicks once the game is over.
pub(crate) fn click(
    py: Python<'_>,
    game_state: &Bound<'_, PyAny>,
    orbit: &Bound<'_, PyAny>,
    sector: &Bound<'_, PyAny>,
) -> PyResult<()> {
    guard(|| {
        let Some(state) = as_state(game_state) else {
            return Ok(());
        };
        remember(py, game_state.as_ptr());
        state.get().inner.with(py, |inside| {
            if !inside.attributes.phase_value.is_some_and(Phase::is_playing) {
                return Ok(()); // voidgame does not even look at the coordinates then
            }
            let (orbit, sector) = (coordinate(orbit)?, coordinate(sector)?);
            let Inside { machine, attributes } = inside;
            let mut live = Live {
                py,
                texts: texts(py),
                attributes,
            };
            arbiter_voidgame::process(machine, &mut live, orbit, sector).map_err(Raised::into_err)
        })
    })
}

/// One click on cell (orbit, sector) of game_state, as voidgame 1.1's process: [`click`] for
/// calls with keywords (PyO3 parses them); the module's `process` ([`super::quick`]) serves the
/// rest.
#[pyfunction]
pub(crate) fn process(
    py: Python<'_>,
    game_state: &Bound<'_, PyAny>,
    orbit: &Bound<'_, PyAny>,
    sector: &Bound<'_, PyAny>,
) -> PyResult<()> {
    click(py, game_state, orbit, sector)
}
