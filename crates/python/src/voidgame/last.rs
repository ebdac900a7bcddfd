//! voidgame's module global `state`: the last state given to `process`.

use pyo3::ffi;
use pyo3::prelude::*;
use std::ptr;
use std::sync::atomic::{AtomicPtr, Ordering};

/// The last state `process` was given, as voidgame keeps it in its module global `state`
/// (a strong reference, like voidgame's).
static LAST: AtomicPtr<ffi::PyObject> = AtomicPtr::new(ptr::null_mut());

/// Remembers `state` as the last one processed; nothing to do when it already is (every click of
/// a game but the first). References are counted by hand: this also runs outside PyO3's calls.
#[inline]
pub(crate) fn remember(_py: Python<'_>, state: *mut ffi::PyObject) {
    if LAST.load(Ordering::Relaxed) != state {
        // SAFETY: the GIL is held (the token); `state` is live, and the reference stored in LAST
        // is the one released when it is replaced.
        unsafe {
            ffi::Py_IncRef(state);
            let old = LAST.swap(state, Ordering::AcqRel);
            if !old.is_null() {
                ffi::Py_DecRef(old);
            }
        }
    }
}

/// The last State given to process (voidgame's module global `state`), None before any.
#[pyfunction]
pub(crate) fn last_state(py: Python<'_>) -> Option<Py<PyAny>> {
    let pointer = LAST.load(Ordering::Acquire);
    // SAFETY: a non-null pointer is a strong reference kept in LAST; the GIL is held.
    (!pointer.is_null()).then(|| unsafe { Py::from_borrowed_ptr(py, pointer) })
}
