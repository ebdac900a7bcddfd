//! A value changed only while the GIL is held: a `State`'s insides without an atomic borrow flag.
//!
//! PyO3's own borrow checking of a mutable `#[pyclass]` costs an atomic compare-and-swap per
//! access, a sixth of a refused click. A `State` is therefore a frozen class whose insides sit in
//! a [`Guarded`] cell: a plain flag refuses nested access (a program's `__eq__` calling `process`
//! on the state being processed), and the GIL orders every access.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::cell::{Cell, UnsafeCell};

/// A value reached only through [`Guarded::with`] (which takes the GIL token), one access at a
/// time.
pub(crate) struct Guarded<T> {
    value: UnsafeCell<T>,
    busy: Cell<bool>,
}

// SAFETY: every access to `value` and `busy` goes through `with`/`peek`, which take a `Python`
// token: the GIL is held, so no two threads run them at once, and releasing and taking the GIL
// orders memory between threads. This module is built for the stable ABI (abi3), which CPython
// builds without a GIL cannot load, so a GIL always exists.
unsafe impl<T: Send> Sync for Guarded<T> {}

/// Clears the busy flag when an access ends, panics included.
struct Release<'a>(&'a Cell<bool>);

impl Drop for Release<'_> {
    fn drop(&mut self) {
        self.0.set(false);
    }
}

impl<T> Guarded<T> {
    /// A cell holding `value`.
    pub(crate) fn new(value: T) -> Guarded<T> {
        Guarded {
            value: UnsafeCell::new(value),
            busy: Cell::new(false),
        }
    }

    /// Runs `f` on the value; a `RuntimeError` if an access is already under way (Python code
    /// run by that access has reached the same state again).
    #[inline]
    pub(crate) fn with<R>(&self, _py: Python<'_>, f: impl FnOnce(&mut T) -> PyResult<R>) -> PyResult<R> {
        if self.busy.replace(true) {
            return Err(PyRuntimeError::new_err(
                "this voidgame State is being changed by process() (called again from inside it)",
            ));
        }
        let _release = Release(&self.busy);
        // SAFETY: `busy` was clear, so no other reference to the value exists (the GIL is held,
        // see the Sync impl), and it stays set until this reference is gone.
        f(unsafe { &mut *self.value.get() })
    }

    /// Runs `f` on the value unless an access is under way (then `None`): for the fast path,
    /// which leaves anything unusual to the full one.
    #[inline(always)]
    pub(crate) fn try_with<R>(&self, _py: Python<'_>, f: impl FnOnce(&mut T) -> Option<R>) -> Option<R> {
        if self.busy.replace(true) {
            return None;
        }
        let _release = Release(&self.busy);
        // SAFETY: as in `with`.
        f(unsafe { &mut *self.value.get() })
    }

    /// The value for a look that must not fail and runs no Python code (the garbage collector's
    /// traversal); `None` while an access is under way, as PyO3 skips a borrowed object.
    pub(crate) fn peek(&self) -> Option<&T> {
        if self.busy.get() {
            return None;
        }
        // SAFETY: no access is under way, and none can start while the collector (which holds
        // the GIL and runs no Python code) uses this reference.
        Some(unsafe { &*self.value.get() })
    }
}
