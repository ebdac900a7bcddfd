//! voidgame's six attributes as Python objects, and the click machine's view of them.
//!
//! The attributes are real Python objects that programs read and assign (`board` is a list of 5
//! lists of 18 strings, changed in place as voidgame changes it, only where a cell changes). A click
//! works on them through the C API without making any object: reading a cell is two list
//! lookups, and a cell still holding the string the machine drew there is recognised by its
//! address. Checking the whole board against what was drawn is one list comparison in C per
//! orbit, against a private copy (`mirror`) brought up to the board as last drawn just before.
//! While the board has not been handed out since it was last checked, nobody but the state can
//! have changed it, and it is neither read nor compared (see [`Attributes::exposed`]).

use super::texts::{texts, Texts};
use arbiter_voidgame::{Board, Changes, Flags, Phase, Prompt, Scores, SetupError, Side, Surface, ORBITS};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyList, PySlice, PyString};
use std::cell::Cell;

/// voidgame's six attributes, with what the machine needs to know of them at a glance.
pub(crate) struct Attributes {
    pub(crate) turn: Py<PyAny>,
    /// The side `turn` names (set with it).
    pub(crate) side: Option<Side>,
    pub(crate) phase: Py<PyAny>,
    /// The phase `phase` names (set with it).
    pub(crate) phase_value: Option<Phase>,
    pub(crate) prompt: Py<PyAny>,
    pub(crate) black: Py<PyAny>,
    pub(crate) white: Py<PyAny>,
    pub(crate) board: Py<PyAny>,
    /// Whether `board` may have been reached from outside since it was last found to show what
    /// was drawn: set whenever it is handed out (`state.board`, `vars(state)`, a copy or pickle,
    /// the garbage collector's look at the state's references) or assigned, cleared only when
    /// the board showed what was drawn and nothing but the state held it or its rows
    /// ([`Attributes::untouched`]). While it is clear, nobody but the state can have changed the
    /// board: it shows what was drawn, and is neither read nor compared. (Reaching the board
    /// through `gc.get_objects()`, which lists every object, is not noticed.)
    pub(crate) exposed: Cell<bool>,
    /// A private copy of the board as drawn, for comparing it with the program's in C: 5 lists
    /// of 18 interned strings, never handed out, brought up to date only when compared.
    pub(crate) mirror: Py<PyList>,
    /// What `mirror` shows.
    pub(crate) mirrored: Board,
}

/// 5 new lists of 18 strings showing `board`.
pub(crate) fn new_rows<'py>(py: Python<'py>, board: &Board) -> PyResult<Bound<'py, PyList>> {
    let texts = texts(py);
    let rows = board
        .orbits()
        .map(|row| PyList::new(py, row.iter().map(|&cell| texts.cell(cell).bind(py))))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, rows)
}

impl Attributes {
    /// voidgame's fresh attributes showing `board` (`turn`, `phase`, `prompt`, `black`, `white`,
    /// `board`, in voidgame's order).
    pub(crate) fn new(py: Python<'_>, board: &Board) -> PyResult<Attributes> {
        let texts = texts(py);
        let zero = 0u8.into_pyobject(py)?.into_any().unbind();
        Ok(Attributes {
            turn: texts.side(Side::Black).clone_ref(py).into_any(),
            side: Some(Side::Black),
            phase: texts.phase(Phase::Select).clone_ref(py).into_any(),
            phase_value: Some(Phase::Select),
            prompt: texts.prompt(Prompt::Select).clone_ref(py).into_any(),
            black: zero.clone_ref(py),
            white: zero,
            board: new_rows(py, board)?.into_any().unbind(),
            exposed: Cell::new(false),
            mirror: new_rows(py, board)?.unbind(),
            mirrored: board.clone(),
        })
    }

    /// Sets `turn` to what a program assigned.
    pub(crate) fn set_turn_value(&mut self, value: Bound<'_, PyAny>) {
        self.side = texts(value.py()).side_of(&value);
        self.turn = value.unbind();
    }

    /// Sets `phase` to what a program assigned.
    pub(crate) fn set_phase_value(&mut self, value: Bound<'_, PyAny>) {
        self.phase_value = texts(value.py()).phase_of(&value);
        self.phase = value.unbind();
    }

    /// Sets `board` to what a program assigned.
    pub(crate) fn set_board_value(&mut self, value: Bound<'_, PyAny>) {
        self.board = value.unbind();
        self.exposed.set(true);
    }

    /// `board`, handed out: from now on the program may change it.
    pub(crate) fn hand_out_board(&self, py: Python<'_>) -> Py<PyAny> {
        self.exposed.set(true);
        self.board.clone_ref(py)
    }

    /// Whether nothing but the state can reach the board now: the board and each of its five
    /// rows are exactly lists, each held only by its owner (the state, the board). Then nobody
    /// can have changed the board since it was last handed out and checked, and it still shows
    /// what was drawn unless `exposed`.
    pub(crate) fn untouched(&self) -> bool {
        let board = self.board.as_ptr();
        // SAFETY: the GIL is held (the state's insides are only reached with it); the rows are
        // borrowed from the board and only looked at, with no Python code running meanwhile.
        unsafe {
            if ffi::PyList_CheckExact(board) == 0
                || ffi::Py_REFCNT(board) != 1
                || ffi::PyList_Size(board) != ORBITS as isize
            {
                return false;
            }
            (0..ORBITS as isize).all(|orbit| {
                let row = ffi::PyList_GetItem(board, orbit);
                ffi::PyList_CheckExact(row) != 0 && ffi::Py_REFCNT(row) == 1
            })
        }
    }

    /// Makes the mirror show `board` (after restoring or re-reading a machine).
    pub(crate) fn set_drawn(&mut self, py: Python<'_>, board: &Board) -> PyResult<()> {
        self.mirror = new_rows(py, board)?.unbind();
        self.mirrored = board.clone();
        Ok(())
    }
}

/// A Python error raised by a click, or the machine's own error turned into one (boxed: the
/// click's results stay small enough to return in registers).
pub(crate) struct Raised(Box<PyErr>);

impl Raised {
    /// The Python exception.
    pub(crate) fn into_err(self) -> PyErr {
        *self.0
    }
}

impl From<PyErr> for Raised {
    fn from(error: PyErr) -> Raised {
        Raised(Box::new(error))
    }
}

impl From<SetupError> for Raised {
    fn from(error: SetupError) -> Raised {
        Raised::from(if error.is_type_error() {
            PyTypeError::new_err(error.to_string())
        } else {
            PyValueError::new_err(error.to_string())
        })
    }
}

/// The attributes during one click: what [`arbiter_voidgame::process`] works on.
pub(crate) struct Live<'a, 'py> {
    pub(crate) py: Python<'py>,
    pub(crate) texts: &'static Texts,
    pub(crate) attributes: &'a mut Attributes,
}

/// What [`list_item`] found.
enum Item {
    /// The item, borrowed from the list.
    Found(*mut ffi::PyObject),
    /// The sequence is not exactly a list: the caller indexes it generically.
    NotList,
    /// The index is out of range: the Python error is set.
    Raised,
}

/// `sequence[index]` as Python indexes it, for a list, without making any object.
///
/// # Safety
/// `sequence` must be a live object and the GIL held; a found item is borrowed from the list and
/// only valid until the list changes (no Python code may run while it is used).
#[inline(always)]
unsafe fn list_item(sequence: *mut ffi::PyObject, index: i64) -> Item {
    // SAFETY: the caller holds the GIL and the list is live (this function's contract); the item is used only while the list is unchanged.
    unsafe {
        if ffi::PyList_CheckExact(sequence) == 0 {
            return Item::NotList;
        }
        let index = if index < 0 {
            index + ffi::PyList_Size(sequence) as i64
        } else {
            index
        };
        if index < 0 {
            ffi::PyErr_SetString(ffi::PyExc_IndexError, c"list index out of range".as_ptr());
            return Item::Raised;
        }
        // PyList_GetItem checks the upper bound and raises IndexError itself
        let item = ffi::PyList_GetItem(sequence, index as ffi::Py_ssize_t);
        if item.is_null() {
            Item::Raised
        } else {
            Item::Found(item)
        }
    }
}

impl<'py> Live<'_, 'py> {
    /// Writes the cells of `changes` as `after` shows them into `rows` (the board or the mirror,
    /// 5 lists of 18), each row's items set through the C API when it is exactly a list,
    /// generically otherwise.
    fn write_changes(&self, rows: &Bound<'py, PyAny>, changes: Changes, after: &Board) -> PyResult<()> {
        // the row being written, held by a strong reference: replacing an item may run Python
        // code (the old item's destructor), which could change `rows`
        let mut current: Option<(usize, Bound<'py, PyAny>)> = None;
        for cell in changes {
            let (o, s) = Board::coordinates(cell);
            let row = match &current {
                Some((orbit, row)) if *orbit == o => row,
                _ => &current.insert((o, self.item(rows, o as i64)?)).1,
            };
            let value = self.texts.cell(after[cell]);
            if row.is_exact_instance_of::<PyList>() {
                // SAFETY: the GIL is held and `row` is a live list; PyList_SetItem steals the new
                // reference made for it (and drops it on failure).
                unsafe {
                    ffi::Py_IncRef(value.as_ptr());
                    if ffi::PyList_SetItem(row.as_ptr(), s as ffi::Py_ssize_t, value.as_ptr()) != 0 {
                        return Err(PyErr::fetch(self.py));
                    }
                }
            } else {
                row.set_item(s, value.bind(self.py))?;
            }
        }
        Ok(())
    }

    /// Whether the board equals `drawn`: the mirror is brought up to it, then compared in C, one
    /// comparison per orbit, which skips the cells holding the strings drawn.
    fn compare_with_drawn(&mut self, drawn: &Board) -> PyResult<bool> {
        let changes = self.attributes.mirrored.changes(drawn);
        if !changes.is_empty() {
            // noted first: should writing fail half-way, the mirror differs from the board, and
            // the board is read again (a difference is never missed)
            self.attributes.mirrored = drawn.clone();
            let mirror = self.attributes.mirror.bind(self.py).clone().into_any();
            self.write_changes(&mirror, changes, drawn)?;
        }
        let board = self.attributes.board.bind(self.py);
        let mirror = self.attributes.mirror.as_ptr();
        // SAFETY: the GIL is held; each row of both lists is held by a new reference while it is
        // compared (a comparison may run Python code, which could change either list).
        unsafe {
            if ffi::PyList_CheckExact(board.as_ptr()) != 0 && ffi::PyList_Size(board.as_ptr()) == ORBITS as isize {
                for orbit in 0..ORBITS as isize {
                    // A comparison may have shrunk either list (Python code in a cell's `__eq__`):
                    // a row that is gone means "not as drawn", and the board is read again.
                    let row = ffi::PyList_GetItem(board.as_ptr(), orbit);
                    let drawn = ffi::PyList_GetItem(mirror, orbit);
                    if row.is_null() || drawn.is_null() {
                        let _ = PyErr::take(self.py);
                        return Ok(false);
                    }
                    // Both rows held by new references: the mirror can be reached (gc.get_referrers)
                    // and changed by that same code.
                    let row = Bound::from_borrowed_ptr(self.py, row);
                    let drawn = Bound::from_borrowed_ptr(self.py, drawn);
                    match ffi::PyObject_RichCompareBool(row.as_ptr(), drawn.as_ptr(), ffi::Py_EQ) {
                        -1 => return Err(PyErr::fetch(self.py)),
                        0 => return Ok(false),
                        _ => {}
                    }
                }
                return Ok(true);
            }
        }
        // anything else: compared as a whole, as voidgame's readers compare it
        board.eq(self.attributes.mirror.bind(self.py))
    }

    /// `sequence[index]` as Python indexes it (an owned reference).
    fn item(&self, sequence: &Bound<'py, PyAny>, index: i64) -> PyResult<Bound<'py, PyAny>> {
        // SAFETY: the GIL is held; a borrowed item is made an owned reference at once.
        unsafe {
            match list_item(sequence.as_ptr(), index) {
                Item::Found(item) => Ok(Bound::from_borrowed_ptr(self.py, item)),
                Item::NotList => sequence.get_item(index),
                Item::Raised => Err(PyErr::fetch(self.py)),
            }
        }
    }
}

impl Surface for Live<'_, '_> {
    type Error = Raised;

    #[inline]
    fn phase(&self) -> Option<Phase> {
        self.attributes.phase_value
    }

    #[inline]
    fn turn(&self) -> Option<Side> {
        self.attributes.side
    }

    fn describe_turn(&self) -> String {
        let turn = self.attributes.turn.bind(self.py);
        turn.repr()
            .map_or_else(|_| "<unprintable>".to_string(), |r| r.to_string())
    }

    #[inline]
    fn flags(&mut self, orbit: i64, sector: i64, drawn: &Board) -> Result<Flags, Raised> {
        let expected = drawn[Board::cell_of(orbit, sector)];
        let board = self.attributes.board.bind(self.py);
        // SAFETY: the GIL is held and no Python code runs between reading the items and comparing
        // the cell's address (the board keeps them alive); a cell that is not the expected one is
        // made an owned reference at once.
        let cell = unsafe {
            match list_item(board.as_ptr(), orbit) {
                Item::Found(row) => match list_item(row, sector) {
                    Item::Found(cell) if cell == self.texts.cell(expected).as_ptr() => {
                        return Ok(Flags::of_cell(expected));
                    }
                    Item::Found(cell) => Bound::from_borrowed_ptr(self.py, cell),
                    Item::NotList => Bound::from_borrowed_ptr(self.py, row).get_item(sector)?,
                    Item::Raised => return Err(PyErr::fetch(self.py).into()),
                },
                Item::NotList => board.get_item(orbit)?.get_item(sector)?,
                Item::Raised => return Err(PyErr::fetch(self.py).into()),
            }
        };
        match cell.downcast::<PyString>() {
            Ok(text) => Ok(Flags::of_text(&text.to_cow()?)),
            Err(_) => Err(Raised::from(PyTypeError::new_err(format!(
                "State.board[{orbit}][{sector}] must be a string, not {}",
                cell.get_type()
                    .name()
                    .map_or_else(|_| "?".to_string(), |n| n.to_string())
            )))),
        }
    }

    fn shows(&mut self, drawn: &Board) -> Result<bool, Raised> {
        if !self.attributes.exposed.get() && self.attributes.untouched() {
            return Ok(true); // nobody else can have changed it since it was last checked
        }
        // Nobody else may hold it before the comparison either: Python code run by the comparison
        // (a cell's `__eq__`) could change a row already compared through a reference it then drops.
        let untouched_before = self.attributes.untouched();
        let equal = self.compare_with_drawn(drawn)?;
        if equal && untouched_before && self.attributes.untouched() {
            self.attributes.exposed.set(false); // nobody else holds it any more
        }
        Ok(equal)
    }

    fn read_cells(&mut self, visit: &mut dyn FnMut(arbiter_voidgame::Square, &str)) -> Result<(), Raised> {
        let board = self.attributes.board.bind(self.py);
        let mut rows = Vec::with_capacity(arbiter_voidgame::ORBITS);
        for row in board.try_iter()? {
            rows.push(row?);
        }
        if rows.len() != arbiter_voidgame::ORBITS {
            return Err(SetupError::Shape.into());
        }
        for row in &rows {
            if row.len()? != arbiter_voidgame::SECTORS {
                return Err(SetupError::Shape.into());
            }
        }
        for (o, row) in rows.iter().enumerate() {
            for s in 0..arbiter_voidgame::SECTORS {
                let text = row.get_item(s)?.str()?;
                visit(Board::cell_at(o, s), &text.to_cow()?);
            }
        }
        Ok(())
    }

    #[inline]
    fn set_prompt(&mut self, prompt: Prompt) {
        let text = self.texts.prompt(prompt);
        if !self.attributes.prompt.is(text) {
            self.attributes.prompt = text.clone_ref(self.py).into_any();
        }
    }

    fn set_phase(&mut self, phase: Phase) {
        self.attributes.phase = self.texts.phase(phase).clone_ref(self.py).into_any();
        self.attributes.phase_value = Some(phase);
    }

    fn set_turn(&mut self, side: Side) {
        self.attributes.turn = self.texts.side(side).clone_ref(self.py).into_any();
        self.attributes.side = Some(side);
    }

    fn set_scores(&mut self, scores: Scores) {
        let int = |points: i32| match points.into_pyobject(self.py) {
            Ok(int) => int.into_any().unbind(),
            Err(never) => match never {},
        };
        self.attributes.black = int(scores.black);
        self.attributes.white = int(scores.white);
    }

    fn draw(&mut self, before: &Board, after: &Board) -> Result<(), Raised> {
        // (the mirror catches up when it is next compared)
        let board = self.attributes.board.bind(self.py).clone();
        self.write_changes(&board, before.changes(after), after)?;
        Ok(())
    }

    fn redraw(&mut self, board: &Board) -> Result<(), Raised> {
        self.attributes.set_drawn(self.py, board)?;
        // voidgame's way: `board[o][:] = rows[o]`, so the program's lists stay its own
        let mirror = self.attributes.mirror.bind(self.py);
        let rows = self.attributes.board.bind(self.py);
        let all = PySlice::full(self.py);
        for (orbit, drawn) in mirror.iter().enumerate() {
            let row = rows.get_item(orbit)?;
            if row.set_item(&all, drawn).is_err() {
                return Err(SetupError::NotLists.into());
            }
        }
        Ok(())
    }
}
