//! Reading a position a program has set up on the board, the way voidgame reads boards.

use crate::cell_text::parse_piece_word;
use crate::surface::Surface;
use crate::Side;
use arbiter_void::{Piece, Square, Void, ORBITS, SECTORS, SQUARES};
use std::fmt;

/// Why the attributes a program set up do not make a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// `turn` is neither `"black"` nor `"white"` (it holds what is shown).
    Turn(String),
    /// `board` is not 5 orbits of 18 sectors.
    Shape,
    /// A cell's first word has a `#` but is none of voidgame's eight pieces.
    UnknownPiece {
        /// The word.
        word: String,
        /// voidgame's orbit (0 innermost).
        orbit: usize,
        /// The sector.
        sector: usize,
    },
    /// The engine refuses the position (two flagships of one side); its message.
    Position(String),
    /// `board` cannot be changed in place to show the position (it is not made of lists).
    NotLists,
}

impl SetupError {
    /// Whether the error is about the type of `board` rather than its value (Python's
    /// `TypeError` rather than `ValueError`).
    pub fn is_type_error(&self) -> bool {
        matches!(self, SetupError::NotLists)
    }
}

/// A string as Python's `repr` shows it, for messages in the binding's style.
pub(crate) fn quoted(text: &str) -> String {
    if text.contains('\'') && !text.contains('"') {
        format!("\"{text}\"")
    } else {
        format!("'{}'", text.replace('\\', "\\\\").replace('\'', "\\'"))
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Turn(shown) => write!(f, "turn must be 'black' or 'white', not {shown}"),
            SetupError::Shape => f.write_str("the board must be 5 orbits of 18 sectors"),
            SetupError::UnknownPiece { word, orbit, sector } => write!(
                f,
                "unknown piece {} on the board (orbit {orbit}, sector {sector})",
                quoted(word)
            ),
            SetupError::Position(message) => f.write_str(message),
            SetupError::NotLists => f.write_str("State.board must be a list of 5 lists of 18 strings"),
        }
    }
}

impl std::error::Error for SetupError {}

/// What a cell's first word says is on it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Word {
    Piece(Piece),
    /// A word with a `#` that names no piece: an error once the position is written.
    Unknown(String),
}

/// A board as voidgame's readers see it: the piece on each cell (markers dropped), the cell
/// marked `selected` and the `start` cell.
pub(crate) struct Setup {
    pieces: [Option<Word>; SQUARES],
    /// The last cell with a `selected` word.
    pub(crate) selected: Option<Square>,
    /// The last cell whose first word is `start`.
    pub(crate) start: Option<Square>,
}

impl Setup {
    /// Reads every cell of the program's board: `str(cell).split()`; a first word with a `#` is
    /// a piece, a `selected` word marks the selection, a first word `start` the start cell.
    pub(crate) fn read<S: Surface>(surface: &mut S) -> Result<Setup, S::Error> {
        let mut setup = Setup {
            pieces: std::array::from_fn(|_| None),
            selected: None,
            start: None,
        };
        surface.read_cells(&mut |cell, text| {
            let mut words = text.split_whitespace();
            let first = words.next();
            if let Some(first) = first.filter(|w| w.contains('#')) {
                setup.pieces[cell.index()] = Some(match parse_piece_word(first) {
                    Some(piece) => Word::Piece(piece),
                    None => Word::Unknown(first.to_string()),
                });
            }
            if first == Some("start") {
                setup.start = Some(cell);
            }
            if first.into_iter().chain(words).any(|w| w == "selected") {
                setup.selected = Some(cell);
            }
        })?;
        Ok(setup)
    }

    /// Whether a cell holds a piece word (known or not).
    pub(crate) fn has_piece(&self, cell: Square) -> bool {
        self.pieces[cell.index()].is_some()
    }

    /// Moves the piece on `to` back to `from` (a moved piece, taken back to its start).
    pub(crate) fn take_back(&mut self, from: Square, to: Square) {
        self.pieces[from.index()] = self.pieces[to.index()].take();
    }

    /// The engine position of these pieces with `side` to move and no passes; the first unknown
    /// piece in the order the position is written (orbit 5 first) is an error.
    pub(crate) fn void(&self, side: Side) -> Result<Void, SetupError> {
        let mut text = String::with_capacity(64);
        for orbit in (0..ORBITS).rev() {
            let mut empty = 0;
            for sector in 0..SECTORS {
                match &self.pieces[orbit * SECTORS + sector] {
                    None => empty += 1,
                    Some(Word::Unknown(word)) => {
                        return Err(SetupError::UnknownPiece {
                            word: word.clone(),
                            orbit,
                            sector,
                        })
                    }
                    Some(Word::Piece(piece)) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(piece.letter());
                    }
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text.push(if orbit > 0 { '/' } else { ' ' });
        }
        text.push_str(match side {
            Side::Black => "b 0",
            Side::White => "w 0",
        });
        Void::parse(&text).map_err(|error| SetupError::Position(error.to_string()))
    }
}
