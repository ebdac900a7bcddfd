//! `arbiter.voidgame.State`: voidgame's state object, kept by the click machine in Rust.

use super::guarded::Guarded;
use super::shown::{Attributes, Raised};
use arbiter_voidgame::{Machine, Phase, Selection, Square};
use pyo3::exceptions::PyValueError;
use pyo3::gc::PyVisit;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple, PyType};
use pyo3::PyTraverseError;

/// A game of Void as voidgame 1.1 keeps it; change it only through `process`.
///
/// `turn` is "black" or "white"; `phase` is "select", "move", "attack", "win" or (not in
/// voidgame) "draw"; `prompt` tells the player what to do; `black` and `white` are the points,
/// updated after every turn; `board` is 5 orbits (0 innermost) x 18 sectors of strings: "",
/// "<colour>#<type>" and voidgame's markers (selected, canMove, start, canHit, willFall).
/// Programs may assign all six (to set up a position, or restore a saved one).
#[pyclass(module = "arbiter.voidgame", name = "State", subclass, weakref, frozen)]
pub(crate) struct State {
    pub(crate) inner: Guarded<Inside>,
}

/// What a `State` holds: the click machine and voidgame's six attributes.
pub(crate) struct Inside {
    pub(crate) machine: Machine,
    pub(crate) attributes: Attributes,
}

/// A turn in progress as saved in pickles: no cell, the picked cell, or the start and end of the
/// move, by their names (`"m4"`).
fn selection_names(selection: Selection) -> Vec<String> {
    match selection {
        Selection::Nothing => vec![],
        Selection::Picked(from) => vec![from.to_string()],
        Selection::Moved { from, to } => vec![from.to_string(), to.to_string()],
    }
}

/// The turn in progress of [`selection_names`].
fn selection_of(names: &[String]) -> PyResult<Selection> {
    let cells = names
        .iter()
        .map(|name| Square::parse(name).map_err(PyValueError::new_err))
        .collect::<PyResult<Vec<Square>>>()?;
    match cells[..] {
        [] => Ok(Selection::Nothing),
        [from] => Ok(Selection::Picked(from)),
        [from, to] => Ok(Selection::Moved { from, to }),
        _ => Err(PyValueError::new_err("a saved turn in progress has at most two cells")),
    }
}

#[pymethods]
impl State {
    /// voidgame's new game: the start position, Black to select a piece.
    #[new]
    fn new(py: Python<'_>) -> PyResult<State> {
        let machine = Machine::new();
        let attributes = Attributes::new(py, machine.drawn())?;
        Ok(State {
            inner: Guarded::new(Inside { machine, attributes }),
        })
    }

    /// "black" or "white": the side to move (after a win, the side that won).
    #[getter]
    fn turn(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.inner.with(py, |inside| Ok(inside.attributes.turn.clone_ref(py)))
    }

    #[setter]
    fn set_turn(&self, value: Bound<'_, PyAny>) -> PyResult<()> {
        self.inner.with(value.py(), |inside| {
            inside.attributes.set_turn_value(value);
            Ok(())
        })
    }

    /// "select", "move", "attack", "win" or "draw".
    #[getter]
    fn phase(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.inner.with(py, |inside| Ok(inside.attributes.phase.clone_ref(py)))
    }

    #[setter]
    fn set_phase(&self, value: Bound<'_, PyAny>) -> PyResult<()> {
        self.inner.with(value.py(), |inside| {
            inside.attributes.set_phase_value(value);
            Ok(())
        })
    }

    /// What the player is told to do (one of the module's prompt constants).
    #[getter]
    fn prompt(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.inner.with(py, |inside| Ok(inside.attributes.prompt.clone_ref(py)))
    }

    #[setter]
    fn set_prompt(&self, value: Bound<'_, PyAny>) -> PyResult<()> {
        self.inner.with(value.py(), |inside| {
            inside.attributes.prompt = value.unbind();
            Ok(())
        })
    }

    /// Black's points.
    #[getter]
    fn black(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.inner.with(py, |inside| Ok(inside.attributes.black.clone_ref(py)))
    }

    #[setter]
    fn set_black(&self, value: Bound<'_, PyAny>) -> PyResult<()> {
        self.inner.with(value.py(), |inside| {
            inside.attributes.black = value.unbind();
            Ok(())
        })
    }

    /// White's points.
    #[getter]
    fn white(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.inner.with(py, |inside| Ok(inside.attributes.white.clone_ref(py)))
    }

    #[setter]
    fn set_white(&self, value: Bound<'_, PyAny>) -> PyResult<()> {
        self.inner.with(value.py(), |inside| {
            inside.attributes.white = value.unbind();
            Ok(())
        })
    }

    /// 5 lists (orbit 0 innermost) of 18 strings, changed in place by `process`.
    #[getter]
    fn board(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.inner.with(py, |inside| Ok(inside.attributes.hand_out_board(py)))
    }

    #[setter]
    fn set_board(&self, value: Bound<'_, PyAny>) -> PyResult<()> {
        self.inner.with(value.py(), |inside| {
            inside.attributes.set_board_value(value);
            Ok(())
        })
    }

    /// voidgame's six attributes, in voidgame's order, as a new dict (`vars(state)`): a snapshot,
    /// since they live in the state itself rather than in a dict.
    #[getter(__dict__)]
    fn attribute_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        let values = self.inner.with(py, |inside| {
            let a = &inside.attributes;
            let board = a.hand_out_board(py);
            Ok([&a.turn, &a.phase, &a.prompt, &a.black, &a.white, &board].map(|value| value.clone_ref(py)))
        })?;
        for (name, value) in ["turn", "phase", "prompt", "black", "white", "board"]
            .into_iter()
            .zip(values)
        {
            dict.set_item(name, value)?;
        }
        Ok(dict)
    }

    /// For copy, deepcopy and pickle: the six attributes and the machine (its position, the turn
    /// in progress and the phase it last set).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, (), Bound<'py, PyTuple>)> {
        let py = slf.py();
        let state = slf.get().inner.with(py, |inside| {
            let a = &inside.attributes;
            let m = &inside.machine;
            Ok((
                a.turn.clone_ref(py),
                a.phase.clone_ref(py),
                a.prompt.clone_ref(py),
                a.black.clone_ref(py),
                a.white.clone_ref(py),
                a.hand_out_board(py),
                m.position(),
                selection_names(m.selection()),
                m.drawn_phase().name(),
            ))
        })?;
        Ok((slf.get_type(), (), state.into_pyobject(py)?))
    }

    /// Restores what [`State::__reduce__`] saved.
    fn __setstate__(&self, py: Python<'_>, state: &Bound<'_, PyTuple>) -> PyResult<()> {
        type Saved<'py> = (
            Bound<'py, PyAny>,
            Bound<'py, PyAny>,
            Bound<'py, PyAny>,
            Bound<'py, PyAny>,
            Bound<'py, PyAny>,
            Bound<'py, PyAny>,
            String,
            Vec<String>,
            String,
        );
        let (turn, phase, prompt, black, white, board, position, selection, drawn_phase): Saved<'_> =
            state.extract()?;
        let drawn_phase = Phase::parse(&drawn_phase)
            .ok_or_else(|| PyValueError::new_err(format!("'{drawn_phase}' is not a phase")))?;
        let machine = Machine::restore(&position, selection_of(&selection)?, drawn_phase)
            .map_err(|error| Raised::from(error).into_err())?;
        self.inner.with(py, |inside| {
            let a = &mut inside.attributes;
            a.set_turn_value(turn);
            a.set_phase_value(phase);
            a.prompt = prompt.unbind();
            a.black = black.unbind();
            a.white = white.unbind();
            a.set_board_value(board);
            a.set_drawn(py, machine.drawn())?;
            inside.machine = machine;
            Ok(())
        })
    }

    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        let Some(inside) = self.inner.peek() else {
            return Ok(());
        };
        let a = &inside.attributes;
        // what the collector is shown, a program can reach (gc.get_referents)
        a.exposed.set(true);
        for object in [&a.turn, &a.phase, &a.prompt, &a.black, &a.white, &a.board] {
            visit.call(object)?;
        }
        // (the mirror is not shown: it holds only strings, so it is in no cycle, and stays private)
        Ok(())
    }

    fn __clear__(&self) {
        Python::with_gil(|py| {
            // an access under way (the collector runs during one) keeps its references
            let _ = self.inner.with(py, |inside| {
                let a = &mut inside.attributes;
                for object in [
                    &mut a.turn,
                    &mut a.phase,
                    &mut a.prompt,
                    &mut a.black,
                    &mut a.white,
                    &mut a.board,
                ] {
                    *object = py.None();
                }
                a.side = None;
                a.phase_value = None;
                Ok(())
            });
        });
    }
}
