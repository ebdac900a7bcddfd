//! `process` as the interpreter calls it: a refused click answered at once, anything else handed
//! to the full path.
//!
//! Most clicks of a user are refused (they only change the prompt). Going through PyO3's calling
//! machinery (argument parsing, the GIL bookkeeping) costs more than deciding such a click, so
//! `process` is a plain C function in the vectorcall convention (`METH_FASTCALL`, in the stable
//! ABI since Python 3.10): for three positional arguments naming a `State` (and small ints, read
//! without a call, [`super::small_ints`]) whose clicked cell shows the string the machine drew
//! there, it decides the click from that alone ([`arbiter_voidgame::refusal`]); a board never
//! handed out is not even read (it shows what was drawn, see `Attributes::exposed`). Every other
//! call, unchanged, goes to the full `process` ([`super::full`]), which re-checks everything and
//! raises Python's errors.
//!
//! The fast path makes no Python object, runs no Python code and drops no PyO3 reference (it
//! counts references by hand), since it runs outside PyO3's GIL bookkeeping.

use super::full::{click, STATE_TYPE};
use super::last::remember;
use super::small_ints::small_int;
use super::state::State;
use super::texts::texts;
use crate::panic_error;
use arbiter_voidgame::{refusal, Board, Flags, ORBITS, SECTORS};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyDict, PyTuple};
use pyo3::Borrowed;
use std::os::raw::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::Ordering;

/// The full `process` (the PyO3 function), for every call the fast path does not answer.
pub(crate) static FULL: GILOnceCell<Py<PyAny>> = GILOnceCell::new();

/// `orbit` or `sector` as an index into the drawn board, if it is an exact int below `limit`.
///
/// # Safety
/// The GIL must be held and `object` be live.
#[inline(always)]
unsafe fn small_index(object: *mut ffi::PyObject, limit: usize) -> Option<usize> {
    // SAFETY: the caller holds the GIL and `object` is live (this function's contract).
    unsafe {
        if let Some(value) = small_int(object, limit) {
            return Some(value);
        }
        if ffi::PyLong_CheckExact(object) == 0 {
            return None;
        }
        // (an exact int needs no __index__: PyLong_AsSsize_t reads a small one at once)
        let value = ffi::PyLong_AsSsize_t(object);
        if value == -1 && !ffi::PyErr_Occurred().is_null() {
            ffi::PyErr_Clear(); // too big: the full path raises as Python would
            return None;
        }
        usize::try_from(value).ok().filter(|&v| v < limit)
    }
}

/// `list[index]`, borrowed, if `list` is exactly a list long enough.
///
/// # Safety
/// The GIL must be held and `list` be live; the item is valid while the list is unchanged.
#[inline(always)]
unsafe fn list_item(list: *mut ffi::PyObject, index: usize) -> Option<*mut ffi::PyObject> {
    // SAFETY: the caller holds the GIL and the list is live (this function's contract); the item is used only while the list is unchanged.
    unsafe {
        if ffi::PyList_CheckExact(list) == 0 {
            return None;
        }
        let item = ffi::PyList_GetItem(list, index as ffi::Py_ssize_t);
        if item.is_null() {
            ffi::PyErr_Clear(); // too short: the full path raises as Python would
            return None;
        }
        Some(item)
    }
}

/// Answers a refused click (or one in a finished game) on `args` = (state, orbit, sector); `false`
/// if the full path must decide.
///
/// # Safety
/// The GIL must be held and `args` point to three live objects.
#[inline(always)]
unsafe fn answer(py: Python<'_>, args: *const *mut ffi::PyObject) -> bool {
    // SAFETY: the caller holds the GIL and `args` points to three live objects (this function's contract).
    unsafe {
        let object = *args;
        if ffi::Py_TYPE(object) != STATE_TYPE.load(Ordering::Relaxed) {
            return false; // not a State, or a subclass: the full path decides
        }
        let object_ref = Borrowed::from_ptr(py, object);
        let state = object_ref.downcast_unchecked::<State>();
        let texts = texts(py);
        let replaced = state.get().inner.try_with(py, |inside| {
            let a = &mut inside.attributes;
            let phase = a.phase_value?;
            if !phase.is_playing() {
                return Some(None); // voidgame ignores the click without looking at it
            }
            let orbit = small_index(*args.add(1), ORBITS)?;
            let sector = small_index(*args.add(2), SECTORS)?;
            let expected = inside.machine.drawn()[Board::cell_at(orbit, sector)];
            // A board never handed out shows what was drawn (see Attributes::exposed); any other is
            // read, and a cell the machine did not draw is left to the full path.
            if a.exposed.get() {
                let row = list_item(a.board.as_ptr(), orbit)?;
                let cell = list_item(row, sector)?;
                if cell != texts.cell(expected).as_ptr() {
                    return None;
                }
            }
            let prompt = texts.prompt(refusal(phase, a.side, Flags::of_cell(expected))?);
            if a.prompt.is(prompt) {
                return Some(None);
            }
            Some(Some(std::mem::replace(&mut a.prompt, prompt.clone_ref(py).into_any())))
        });
        match replaced {
            None => false,
            Some(old) => {
                remember(py, object);
                if let Some(old) = old {
                    // after the access: the old prompt's destructor may run Python code
                    ffi::Py_DecRef(old.into_ptr());
                }
                true
            }
        }
    }
}

/// Calls the full `process` with the arguments as given.
///
/// # Safety
/// The GIL must be held; `args` holds `nargs` live positional arguments followed by one value per
/// name of `kwnames` (a tuple of strings, or null).
unsafe fn call_full(
    py: Python<'_>,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> PyResult<Py<PyAny>> {
    // SAFETY: the caller holds the GIL and `args` holds `nargs` positional arguments and one value per keyword name (this function's contract).
    unsafe {
        let full = FULL
            .get(py)
            .ok_or_else(|| pyo3::exceptions::PyRuntimeError::new_err("arbiter.voidgame is not initialised"))?;
        let positional = (0..nargs as usize).map(|i| Borrowed::from_ptr(py, *args.add(i)));
        let positional = PyTuple::new(py, positional)?;
        let keywords = if kwnames.is_null() {
            None
        } else {
            let names = Borrowed::from_ptr(py, kwnames);
            let names = names.downcast::<PyTuple>()?;
            let dict = PyDict::new(py);
            for (i, name) in names.iter().enumerate() {
                dict.set_item(name, Borrowed::from_ptr(py, *args.add(nargs as usize + i)))?;
            }
            Some(dict)
        };
        full.bind(py).call(positional, keywords.as_ref()).map(Bound::unbind)
    }
}

/// `process(game_state, orbit, sector)` in the vectorcall convention.
///
/// # Safety
/// Called by the interpreter only, as a `METH_FASTCALL | METH_KEYWORDS` function.
unsafe extern "C" fn process(
    _module: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: the interpreter calls this function holding the GIL.
    let py = unsafe { Python::assume_gil_acquired() };
    let result = catch_unwind(AssertUnwindSafe(|| {
        if nargs != 3 || !kwnames.is_null() {
            // keywords, or a wrong number of arguments: PyO3 parses them (and words the errors)
            // SAFETY: the GIL is held; the interpreter passes `nargs` live arguments and one
            // value per name of `kwnames`.
            return unsafe { call_full(py, args, nargs, kwnames) };
        }
        // SAFETY: the GIL is held and `nargs` is 3: `args` points to three live objects.
        if unsafe { answer(py, args) } {
            return Ok(py.None());
        }
        // The full path changes PyO3 references, which PyO3 releases at once only inside its
        // GIL bookkeeping: taking the GIL again (this thread holds it) enters it.
        Python::with_gil(|py| {
            // SAFETY: `args` points to three live objects (`nargs` is 3), borrowed for the call.
            let [state, orbit, sector] = [0, 1, 2].map(|i| unsafe { Borrowed::from_ptr(py, *args.add(i)) });
            click(py, &state, &orbit, &sector).map(|()| py.None())
        })
    }));
    match result {
        Ok(Ok(value)) => value.into_ptr(),
        Ok(Err(error)) => {
            error.restore(py);
            std::ptr::null_mut()
        }
        Err(payload) => {
            panic_error(payload.as_ref()).restore(py);
            std::ptr::null_mut()
        }
    }
}

/// The `process` function object of the module.
pub(crate) fn function<'py>(module: &Bound<'py, PyModule>) -> PyResult<Bound<'py, PyAny>> {
    let py = module.py();
    // the definition must outlive the function object: made once, for good
    let definition = Box::leak(Box::new(ffi::PyMethodDef {
        ml_name: c"process".as_ptr(),
        ml_meth: ffi::PyMethodDefPointer {
            PyCFunctionFastWithKeywords: process,
        },
        ml_flags: ffi::METH_FASTCALL | ffi::METH_KEYWORDS,
        ml_doc: c"process(game_state, orbit, sector)\n--\n\nOne click on cell (orbit, sector) of game_state, as voidgame 1.1's process: anything but an\narbiter.voidgame State is ignored, as are clicks once the game is over."
            .as_ptr() as *const c_char,
    }));
    let name = module.name()?;
    // SAFETY: a valid definition that lives for good; the module name is a new reference kept
    // alive by `name` during the call.
    unsafe {
        let function = ffi::PyCFunction_NewEx(definition, std::ptr::null_mut(), name.as_ptr());
        Bound::from_owned_ptr_or_err(py, function)
    }
}
