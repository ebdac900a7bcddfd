//! The strings arbiter.voidgame hands to Python, made once and interned.
//!
//! Every cell string, prompt, phase and side is one interned Python string, so a click stores a
//! pointer instead of making a string, a cell the machine drew is recognised by its address
//! alone, and programs comparing with literals hit CPython's identity shortcut.

use arbiter_voidgame::{CellText, Phase, Prompt, Side};
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::PyString;

/// One interned string per cell code, prompt, phase and side.
pub(crate) struct Texts {
    cells: Vec<Py<PyString>>,
    prompts: Vec<Py<PyString>>,
    phases: Vec<Py<PyString>>,
    sides: Vec<Py<PyString>>,
}

/// The strings, made on first use.
pub(crate) fn texts(py: Python<'_>) -> &'static Texts {
    static TEXTS: GILOnceCell<Texts> = GILOnceCell::new();
    TEXTS.get_or_init(py, || {
        let intern = |text: &str| PyString::intern(py, text).unbind();
        Texts {
            cells: (0..CellText::CODES as u16)
                .map(|code| CellText::from_code(code).map_or_else(String::new, CellText::text))
                .map(|text| intern(&text))
                .collect(),
            prompts: Prompt::ALL.iter().map(|p| intern(p.text())).collect(),
            phases: Phase::ALL.iter().map(|p| intern(p.name())).collect(),
            sides: Side::BOTH.iter().map(|s| intern(s.name())).collect(),
        }
    })
}

impl Texts {
    /// The string of a cell.
    #[inline]
    pub(crate) fn cell(&self, text: CellText) -> &Py<PyString> {
        &self.cells[usize::from(text.code())]
    }

    /// The string of a prompt.
    #[inline]
    pub(crate) fn prompt(&self, prompt: Prompt) -> &Py<PyString> {
        &self.prompts[prompt.index()]
    }

    /// The string of a phase.
    #[inline]
    pub(crate) fn phase(&self, phase: Phase) -> &Py<PyString> {
        &self.phases[phase.index()]
    }

    /// The string of a side.
    #[inline]
    pub(crate) fn side(&self, side: Side) -> &Py<PyString> {
        &self.sides[side.index()]
    }

    /// The phase a value of `phase` names: found by identity first (the machine's own strings
    /// and literals interned like them), else by its text; `None` for anything else.
    pub(crate) fn phase_of(&self, value: &Bound<'_, PyAny>) -> Option<Phase> {
        if let Some(phase) = Phase::ALL.into_iter().find(|&p| value.is(self.phase(p))) {
            return Some(phase);
        }
        Phase::parse(&value.downcast::<PyString>().ok()?.to_cow().ok()?)
    }

    /// The side a value of `turn` names, found as [`Texts::phase_of`] finds phases.
    pub(crate) fn side_of(&self, value: &Bound<'_, PyAny>) -> Option<Side> {
        if let Some(side) = Side::BOTH.into_iter().find(|&s| value.is(self.side(s))) {
            return Some(side);
        }
        Side::parse(&value.downcast::<PyString>().ok()?.to_cow().ok()?)
    }
}
