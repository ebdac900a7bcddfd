//! Click coordinates read without a call: the interpreter's shared objects of the small ints,
//! recognised by their address.
//!
//! CPython makes one object for each small int (`0` to `256`) and keeps them in one array, so a
//! coordinate that is one of them is found from its address by a subtraction and a shift, and
//! confirmed by comparing it with the object itself. Nothing is assumed: if the objects of 0..18
//! are not evenly spaced at a power of two (another interpreter), or an int is not one of them,
//! the coordinate is read with `PyLong_AsSsize_t`.

use arbiter_voidgame::SECTORS;
use pyo3::prelude::*;
use std::sync::OnceLock;

/// The objects of the ints `0..SECTORS`, when evenly spaced.
struct SmallInts {
    /// The address of the object of 0.
    first: usize,
    /// log2 of the spacing of the objects.
    shift: u32,
    /// The objects' addresses (kept alive by `_objects`).
    addresses: [usize; SECTORS],
    _objects: Vec<Py<PyAny>>,
}

static SMALL_INTS: OnceLock<Option<SmallInts>> = OnceLock::new();

/// Looks at the interpreter's small ints once (at import).
pub(crate) fn prepare(py: Python<'_>) -> PyResult<()> {
    let objects = (0..SECTORS)
        .map(|value| Ok(value.into_pyobject(py)?.into_any().unbind()))
        .collect::<PyResult<Vec<Py<PyAny>>>>()?;
    let mut addresses = [0usize; SECTORS];
    for (address, object) in addresses.iter_mut().zip(&objects) {
        *address = object.as_ptr() as usize;
    }
    let spacing = addresses[1].wrapping_sub(addresses[0]);
    let even = spacing.is_power_of_two()
        && addresses
            .iter()
            .enumerate()
            .all(|(k, &address)| address == addresses[0] + k * spacing);
    let _ = SMALL_INTS.set(even.then(|| SmallInts {
        first: addresses[0],
        shift: spacing.trailing_zeros(),
        addresses,
        _objects: objects,
    }));
    Ok(())
}

/// The value of `object` if it is the interpreter's object of an int below `limit` (at most 18).
#[inline(always)]
pub(crate) fn small_int(object: *mut pyo3::ffi::PyObject, limit: usize) -> Option<usize> {
    let small = SMALL_INTS.get()?.as_ref()?;
    let address = object as usize;
    let k = address.wrapping_sub(small.first) >> small.shift;
    (k < limit.min(SECTORS) && small.addresses[k] == address).then_some(k)
}
