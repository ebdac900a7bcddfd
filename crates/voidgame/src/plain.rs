//! voidgame's state as plain Rust values: the machine without Python.

use crate::board::Board;
use crate::flags::Flags;
use crate::machine::Machine;
use crate::points::Scores;
use crate::setup::{quoted, SetupError};
use crate::surface::Surface;
use crate::{Phase, Prompt, Side};
use arbiter_void::{Square, ORBITS, SECTORS};
use std::fmt;

/// voidgame's six attributes as Rust values, which a program may read and assign between clicks
/// as voidgame programs do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shown {
    /// `"black"` or `"white"`.
    pub turn: String,
    /// `"select"`, `"move"`, `"attack"`, `"win"` or `"draw"`.
    pub phase: String,
    /// What the player is told to do.
    pub prompt: String,
    /// Black's points.
    pub black: i64,
    /// White's points.
    pub white: i64,
    /// 5 orbits (0 innermost) of 18 cell strings.
    pub board: Vec<Vec<String>>,
}

/// A voidgame state in Rust: what [`crate::process`] does on Python objects, on Rust values; for
/// tests and Rust programs that speak voidgame.
#[derive(Debug, Clone)]
pub struct PlainState {
    /// The six attributes.
    pub shown: Shown,
    machine: Machine,
}

/// Why a click on a [`PlainState`] failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlainError {
    /// The coordinates are off the board (as Python's `IndexError`).
    Index {
        /// The orbit clicked.
        orbit: i64,
        /// The sector clicked.
        sector: i64,
    },
    /// The attributes do not make a position.
    Setup(SetupError),
}

impl From<SetupError> for PlainError {
    fn from(error: SetupError) -> PlainError {
        PlainError::Setup(error)
    }
}

impl fmt::Display for PlainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlainError::Index { orbit, sector } => write!(f, "no cell at orbit {orbit}, sector {sector}"),
            PlainError::Setup(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for PlainError {}

impl Default for PlainState {
    fn default() -> PlainState {
        PlainState::new()
    }
}

impl PlainState {
    /// voidgame's `State()`: the start position, Black to select.
    pub fn new() -> PlainState {
        let machine = Machine::new();
        PlainState {
            shown: Shown {
                turn: Side::Black.name().to_string(),
                phase: Phase::Select.name().to_string(),
                prompt: Prompt::Select.text().to_string(),
                black: 0,
                white: 0,
                board: machine.drawn().rows(),
            },
            machine,
        }
    }

    /// voidgame's `process(state, orbit, sector)`.
    pub fn process(&mut self, orbit: i64, sector: i64) -> Result<(), PlainError> {
        crate::process(&mut self.machine, &mut self.shown, orbit, sector)
    }

    /// The machine behind the attributes.
    pub fn machine(&self) -> &Machine {
        &self.machine
    }
}

/// Python's index `i` into a sequence of `len`: negative ones count from the end.
fn python_index(i: i64, len: usize) -> Option<usize> {
    let len = len as i64;
    let i = if i < 0 { i + len } else { i };
    (0..len).contains(&i).then_some(i as usize)
}

impl Surface for Shown {
    type Error = PlainError;

    fn phase(&self) -> Option<Phase> {
        Phase::parse(&self.phase)
    }

    fn turn(&self) -> Option<Side> {
        Side::parse(&self.turn)
    }

    fn describe_turn(&self) -> String {
        quoted(&self.turn)
    }

    fn flags(&mut self, orbit: i64, sector: i64, _drawn: &Board) -> Result<Flags, PlainError> {
        let row = python_index(orbit, self.board.len()).map(|o| &self.board[o]);
        let text = row.and_then(|row| python_index(sector, row.len()).map(|s| &row[s]));
        text.map(|text| Flags::of_text(text))
            .ok_or(PlainError::Index { orbit, sector })
    }

    fn shows(&mut self, drawn: &Board) -> Result<bool, PlainError> {
        Ok(self.board.len() == ORBITS
            && self.board.iter().all(|row| row.len() == SECTORS)
            && drawn.cells().all(|(cell, text)| {
                let (o, s) = Board::coordinates(cell);
                self.board[o][s] == text.text()
            }))
    }

    fn read_cells(&mut self, visit: &mut dyn FnMut(Square, &str)) -> Result<(), PlainError> {
        if self.board.len() != ORBITS || self.board.iter().any(|row| row.len() != SECTORS) {
            return Err(SetupError::Shape.into());
        }
        for (o, row) in self.board.iter().enumerate() {
            for (s, text) in row.iter().enumerate() {
                visit(Square::from_index(o * SECTORS + s), text);
            }
        }
        Ok(())
    }

    fn set_prompt(&mut self, prompt: Prompt) {
        self.prompt = prompt.text().to_string();
    }

    fn set_phase(&mut self, phase: Phase) {
        self.phase = phase.name().to_string();
    }

    fn set_turn(&mut self, side: Side) {
        self.turn = side.name().to_string();
    }

    fn set_scores(&mut self, scores: Scores) {
        self.black = i64::from(scores.black);
        self.white = i64::from(scores.white);
    }

    fn draw(&mut self, before: &Board, after: &Board) -> Result<(), PlainError> {
        for cell in before.changes(after) {
            let (o, s) = Board::coordinates(cell);
            let text = after[cell];
            let slot = self
                .board
                .get_mut(o)
                .and_then(|row| row.get_mut(s))
                .ok_or(SetupError::NotLists)?;
            *slot = text.text();
        }
        Ok(())
    }

    fn redraw(&mut self, board: &Board) -> Result<(), PlainError> {
        self.board = board.rows();
        Ok(())
    }
}
