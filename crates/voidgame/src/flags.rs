//! voidgame's tests on a clicked cell's string, which alone decide what a click does.

use crate::cell_text::{CellText, Mark};
use crate::Side;

/// The answers for every cell string of the machine's, by code.
static TABLE: [Flags; CellText::CODES] = {
    let mut table = [Flags(0); CellText::CODES];
    let mut code = 0;
    while code < CellText::CODES {
        if let Some(cell) = CellText::from_code(code as u16) {
            table[code] = Flags::of_parts(cell);
        }
        code += 1;
    }
    table
};

/// The answers to the substring tests voidgame's `process` makes on the clicked cell
/// (`"black#" in cell`, `"canMove" in cell`, `cell == "start"`, …), worked out once.
///
/// A click is decided by the phase, `turn` and these answers only, so a cell the machine drew
/// itself is classified without reading its string ([`Flags::of_cell`]); any other string is
/// read the way voidgame reads it ([`Flags::of_text`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Flags(u8);

impl Flags {
    const BLACK_PIECE: u8 = 1;
    const WHITE_PIECE: u8 = 2;
    const CAN_MOVE: u8 = 4;
    const START: u8 = 8;
    const CAN_HIT: u8 = 16;
    const SELECTED: u8 = 32;

    /// The answers for any string, by voidgame's own tests.
    pub fn of_text(text: &str) -> Flags {
        let mut bits = 0;
        for (found, bit) in [
            (text.contains("black#"), Flags::BLACK_PIECE),
            (text.contains("white#"), Flags::WHITE_PIECE),
            (text.contains("canMove"), Flags::CAN_MOVE),
            (text == "start", Flags::START),
            (text.contains("canHit"), Flags::CAN_HIT),
            (text.contains("selected"), Flags::SELECTED),
        ] {
            if found {
                bits |= bit;
            }
        }
        Flags(bits)
    }

    /// The answers for a cell string of the machine's, from its parts (no text is read): the
    /// same as [`Flags::of_text`] of its text, since no marker word contains another test's word.
    #[inline]
    pub fn of_cell(cell: CellText) -> Flags {
        TABLE[usize::from(cell.code())]
    }

    /// [`Flags::of_cell`] worked out from the parts, for the table.
    const fn of_parts(cell: CellText) -> Flags {
        let mut bits = match cell.base_number() {
            1..=4 => Flags::BLACK_PIECE,
            5..=8 => Flags::WHITE_PIECE,
            9 => Flags::CAN_MOVE,
            10 if cell.is_bare() => Flags::START,
            _ => 0,
        };
        if cell.has(Mark::CanHit) {
            bits |= Flags::CAN_HIT;
        }
        if cell.has(Mark::Selected) {
            bits |= Flags::SELECTED;
        }
        Flags(bits)
    }

    /// `"<side>#" in cell`: the cell shows a piece of `side`.
    pub const fn shows_piece_of(self, side: Side) -> bool {
        let bit = match side {
            Side::Black => Flags::BLACK_PIECE,
            Side::White => Flags::WHITE_PIECE,
        };
        self.0 & bit != 0
    }

    /// `"canMove" in cell`.
    pub const fn can_move(self) -> bool {
        self.0 & Flags::CAN_MOVE != 0
    }

    /// `cell == "start"`.
    pub const fn is_start(self) -> bool {
        self.0 & Flags::START != 0
    }

    /// `"canHit" in cell`.
    pub const fn can_hit(self) -> bool {
        self.0 & Flags::CAN_HIT != 0
    }

    /// `"selected" in cell`.
    pub const fn is_selected(self) -> bool {
        self.0 & Flags::SELECTED != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_answer_as_the_text_does() {
        for code in 0..CellText::CODES as u16 {
            let cell = CellText::from_code(code).expect("a code");
            assert_eq!(Flags::of_cell(cell), Flags::of_text(&cell.text()), "{:?}", cell.text());
        }
    }

    #[test]
    fn foreign_strings() {
        let f = Flags::of_text("my black#flag, canHit");
        assert!(f.shows_piece_of(Side::Black) && !f.shows_piece_of(Side::White) && f.can_hit());
        assert!(!Flags::of_text("start ").is_start());
        assert_eq!(Flags::of_text(""), Flags::default());
    }
}
