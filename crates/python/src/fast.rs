//! The fast path of the Python move loop (`legal_moves` + `play`), for every game whose moves
//! have notation keys ([`arbiter_core::Presentation::notation_key`]: a small number that fixes how a move
//! is written in any position of the variant).
//!
//! Formatting a move costs about 100 ns and making a Python string of it about 40 ns more: most
//! of a random game's time in Python. So each variant keeps one Python string per notation key
//! ([`Table`]), and `legal_moves` hands out those strings. The session remembers the moves it
//! listed, and `play` of one of those very strings (found by identity) plays the listed move
//! without parsing or checking it again ([`arbiter_core::DynSession::play_listed`]). Any change
//! of the state forgets them ([`FastPath::forget`]). Games without keys (Krux, whose notation
//! depends on the whole position) take the general path. No game is named here.

use arbiter_core::{DynSession, Error};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Interned strings by notation key: one slot per key, filled on first use.
#[derive(Default)]
struct Table {
    slots: Vec<Option<Py<PyString>>>,
}

impl Table {
    /// The string of `key`, made by `format` the first time.
    fn get(&mut self, py: Python<'_>, key: usize, format: impl FnOnce() -> String) -> &Py<PyString> {
        if key >= self.slots.len() {
            self.slots.resize_with(key + 1, || None);
        }
        self.slots[key].get_or_insert_with(|| PyString::new(py, &format()).unbind())
    }
}

/// The table of the variant `game:options`, shared by every state of that variant.
fn table_of(variant: String) -> Arc<Mutex<Table>> {
    static TABLES: OnceLock<Mutex<HashMap<String, Arc<Mutex<Table>>>>> = OnceLock::new();
    let mut tables = TABLES
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    tables.entry(variant).or_default().clone()
}

/// The fast path of one state: the addresses of the strings of its last `legal_moves`.
#[derive(Default)]
pub(crate) struct FastPath {
    strings: Vec<usize>,
    keys: Vec<usize>,
    /// Its variant's table, looked up once: a state never changes variant, and naming the
    /// variant and finding its table cost as much as the rest of a call.
    table: Option<Arc<Mutex<Table>>>,
}

impl FastPath {
    /// The legal moves as interned strings; `None` if the game has no notation keys (the caller
    /// then takes the general path).
    pub(crate) fn legal_moves<'py>(
        &mut self,
        py: Python<'py>,
        session: &mut dyn DynSession,
    ) -> Option<PyResult<Bound<'py, PyList>>> {
        self.strings.clear();
        if !session.list_move_keys(&mut self.keys) {
            return None;
        }
        // The list first: allocating a list may run the garbage collector, and so any Python
        // code, which must not find the table locked. Making strings runs none.
        // SAFETY: a new list of the right length; every item is set once below, to a new reference.
        let list = unsafe {
            let list = ffi::PyList_New(self.keys.len() as ffi::Py_ssize_t);
            if list.is_null() {
                return Some(Err(PyErr::fetch(py)));
            }
            Bound::from_owned_ptr(py, list).downcast_into_unchecked::<PyList>()
        };
        let table = self
            .table
            .get_or_insert_with(|| table_of(format!("{}:{}", session.game(), session.options())));
        let Ok(mut table) = table.try_lock() else {
            // The lock is only held with the GIL and while no Python code can run, so it is free
            // here; should it ever not be (or be poisoned), the general path serves.
            return None;
        };
        for (i, &key) in self.keys.iter().enumerate() {
            let string = table
                .get(py, key, || session.listed_notation(i).unwrap_or_default())
                .as_ptr();
            self.strings.push(string as usize);
            // SAFETY: `i` is below the length; SetItem steals the new reference.
            unsafe {
                ffi::Py_IncRef(string);
                ffi::PyList_SetItem(list.as_ptr(), i as ffi::Py_ssize_t, string);
            }
        }
        drop(table);
        Some(Ok(list))
    }

    /// Plays `text` if it is one of the strings of the last `legal_moves` (by identity); `None`
    /// if it is not (the caller then parses it).
    pub(crate) fn play(
        &mut self,
        session: &mut dyn DynSession,
        text: &Bound<'_, PyString>,
    ) -> Option<Result<(), Error>> {
        let address = text.as_ptr() as usize;
        let index = self.strings.iter().position(|&s| s == address)?;
        self.forget();
        Some(session.play_listed(index))
    }

    /// Forgets the last `legal_moves` (the state changed).
    pub(crate) fn forget(&mut self) {
        self.strings.clear();
    }
}
