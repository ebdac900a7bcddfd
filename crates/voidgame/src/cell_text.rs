//! The string of one board cell, as voidgame writes it: a piece or marker, then markers.

use crate::Side;
use arbiter_void::{Kind, Piece};
use std::fmt;

/// What voidgame writes into a cell by assignment, before appending any marker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Base {
    /// `""`.
    Empty,
    /// `"<colour>#<type>"`, like `"black#flag"`.
    Piece(Piece),
    /// `"canMove"`: the picked piece can move here.
    CanMove,
    /// `"start"`: the cell the moved piece came from.
    Start,
}

/// A marker voidgame appends to a cell after a space (or writes alone into an empty cell).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    /// `selected`: the picked (or moved) piece.
    Selected,
    /// `canHit`: a piece the moved piece can attack.
    CanHit,
    /// `willFall`: where an attacked piece lands, or what falls with it.
    WillFall,
}

impl Mark {
    const ALL: [Mark; 3] = [Mark::Selected, Mark::CanHit, Mark::WillFall];

    /// The marker's word.
    pub const fn word(self) -> &'static str {
        match self {
            Mark::Selected => "selected",
            Mark::CanHit => "canHit",
            Mark::WillFall => "willFall",
        }
    }
}

/// The most markers one cell holds here. voidgame never puts more than two on a cell (a piece
/// `selected willFall`, `canHit willFall` or `willFall canHit`); one more is room to spare.
pub const MAX_MARKS: usize = 3;

/// Number of base values: empty, 8 pieces, `canMove`, `start`.
const BASES: u16 = 11;
/// Number of marker sequences of length 0..=3 over 3 markers: 1 + 3 + 9 + 27.
const MARK_SEQUENCES: u16 = 40;
/// Base numbers of the bases that are not pieces (pieces are 1..=8, their engine codes).
const EMPTY: u16 = 0;
const CAN_MOVE: u16 = 9;
const START: u16 = 10;

/// Where the sequences of `n` markers start among the marker sequences: (3^n - 1) / 2.
const fn sequences_before(n: u32) -> u16 {
    (3u16.pow(n) - 1) / 2
}

/// One cell's string: a [`Base`] followed by up to [`MAX_MARKS`] markers, in the order they were
/// appended (the order shows in the string, and so matters to programs comparing boards).
///
/// Kept as one small number (its [`CellText::code`]): a whole board compares and copies as 90
/// numbers, and bindings index their interned strings by it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CellText(u16);

impl CellText {
    /// The empty cell `""`.
    pub const EMPTY: CellText = CellText(0);

    /// Number of distinct codes ([`CellText::code`] is below it): bindings keep one interned
    /// string per code.
    pub const CODES: usize = (BASES * MARK_SEQUENCES) as usize;

    /// A cell holding `base` and no marker.
    pub const fn of(base: Base) -> CellText {
        let number = match base {
            Base::Empty => EMPTY,
            Base::Piece(piece) => piece_code(piece),
            Base::CanMove => CAN_MOVE,
            Base::Start => START,
        };
        CellText(number * MARK_SEQUENCES)
    }

    /// A cell holding a piece.
    pub const fn piece(piece: Piece) -> CellText {
        CellText::of(Base::Piece(piece))
    }

    /// The bare cell of an engine piece code ([`Piece::code`], 1..=8), or the empty cell for 0.
    #[inline]
    pub(crate) fn of_piece_code(code: u8) -> CellText {
        debug_assert!(code <= 8);
        CellText(u16::from(code) * MARK_SEQUENCES)
    }

    /// What was assigned before the markers.
    pub fn base(self) -> Base {
        match self.0 / MARK_SEQUENCES {
            EMPTY => Base::Empty,
            CAN_MOVE => Base::CanMove,
            START => Base::Start,
            code => Piece::from_code(code as u8).map_or(Base::Empty, Base::Piece),
        }
    }

    /// The piece the cell shows, if any.
    pub fn piece_shown(self) -> Option<Piece> {
        match self.base() {
            Base::Piece(piece) => Some(piece),
            _ => None,
        }
    }

    /// The number of markers and the markers in base 3, first marker most significant.
    const fn sequence(self) -> (u32, u16) {
        let sequence = self.0 % MARK_SEQUENCES;
        let mut count = MAX_MARKS as u32;
        while sequence < sequences_before(count) {
            count -= 1;
        }
        (count, sequence - sequences_before(count))
    }

    /// The markers, in the order they were appended.
    pub fn marks(self) -> impl Iterator<Item = Mark> {
        let (count, value) = self.sequence();
        (0..count)
            .rev()
            .map(move |i| Mark::ALL[usize::from(value / 3u16.pow(i) % 3)])
    }

    /// Whether the cell carries `mark`.
    pub const fn has(self, mark: Mark) -> bool {
        let (mut count, mut value) = self.sequence();
        while count > 0 {
            if value % 3 == mark as u16 {
                return true;
            }
            value /= 3;
            count -= 1;
        }
        false
    }

    /// Which base the cell has, as a number: 0 empty, 1..=8 the engine's piece codes (Black's
    /// 1..=4), 9 `canMove`, 10 `start`; for tables made at compile time.
    pub(crate) const fn base_number(self) -> u16 {
        self.0 / MARK_SEQUENCES
    }

    /// Whether the cell has no marker.
    pub(crate) const fn is_bare(self) -> bool {
        self.0.is_multiple_of(MARK_SEQUENCES)
    }

    /// The cell with `mark` appended, as voidgame's `_mark` does. A marker beyond
    /// [`MAX_MARKS`] (which voidgame never writes) is dropped rather than failing.
    #[must_use]
    pub const fn with(self, mark: Mark) -> CellText {
        let (count, value) = self.sequence();
        if count as usize >= MAX_MARKS {
            return self;
        }
        let base = self.0 / MARK_SEQUENCES;
        CellText(base * MARK_SEQUENCES + sequences_before(count + 1) + value * 3 + mark as u16)
    }

    /// A small number naming the cell string, below [`CellText::CODES`]: a table index for the
    /// strings a binding hands out.
    pub const fn code(self) -> u16 {
        self.0
    }

    /// The cell string of a code, `None` if the code is out of range.
    pub const fn from_code(code: u16) -> Option<CellText> {
        if (code as usize) < CellText::CODES {
            Some(CellText(code))
        } else {
            None
        }
    }

    /// The string voidgame shows for this cell.
    pub fn text(self) -> String {
        self.to_string()
    }
}

/// The engine's code of a piece (1..=8), in a `const fn`.
const fn piece_code(piece: Piece) -> u16 {
    let kind = match piece.kind {
        Kind::Flagship => 0,
        Kind::Bomber => 1,
        Kind::Sweeper => 2,
        Kind::Fighter => 3,
    };
    let owner = match piece.owner {
        arbiter_core::Player::First => 0,
        arbiter_core::Player::Second => 4,
    };
    1 + kind + owner
}

impl fmt::Display for CellText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut wrote = match self.base() {
            Base::Empty => false,
            Base::Piece(piece) => {
                f.write_str(piece_word(piece))?;
                true
            }
            Base::CanMove => {
                f.write_str("canMove")?;
                true
            }
            Base::Start => {
                f.write_str("start")?;
                true
            }
        };
        for mark in self.marks() {
            if wrote {
                f.write_str(" ")?;
            }
            f.write_str(mark.word())?;
            wrote = true;
        }
        Ok(())
    }
}

/// voidgame's word for a piece: `"<colour>#<type>"`.
pub const fn piece_word(piece: Piece) -> &'static str {
    let black = matches!(piece.owner, arbiter_core::Player::First);
    match (black, piece.kind) {
        (true, Kind::Flagship) => "black#flag",
        (true, Kind::Bomber) => "black#bomber",
        (true, Kind::Sweeper) => "black#sweeper",
        (true, Kind::Fighter) => "black#fighter",
        (false, Kind::Flagship) => "white#flag",
        (false, Kind::Bomber) => "white#bomber",
        (false, Kind::Sweeper) => "white#sweeper",
        (false, Kind::Fighter) => "white#fighter",
    }
}

/// The piece of a voidgame piece word, read as voidgame's readers do: colour and type split at
/// the first `#`; `None` for anything that is not one of the eight.
pub fn parse_piece_word(word: &str) -> Option<Piece> {
    let (colour, kind) = word.split_once('#')?;
    let side = Side::parse(colour)?;
    let kind = match kind {
        "flag" => Kind::Flagship,
        "bomber" => Kind::Bomber,
        "sweeper" => Kind::Sweeper,
        "fighter" => Kind::Fighter,
        _ => return None,
    };
    Some(Piece {
        kind,
        owner: side.player(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn codes_round_trip_and_texts_are_distinct() {
        let mut texts = HashSet::new();
        for code in 0..CellText::CODES as u16 {
            let cell = CellText::from_code(code).expect("every code below CODES names a cell");
            assert_eq!(cell.code(), code);
            assert!(texts.insert(cell.text()), "two codes share {:?}", cell.text());
        }
        assert_eq!(CellText::from_code(CellText::CODES as u16), None);
        assert_eq!(CellText::EMPTY.code(), 0);
    }

    #[test]
    fn texts_as_voidgame_writes_them() {
        let flag = parse_piece_word("black#flag").expect("a piece");
        assert_eq!(CellText::EMPTY.text(), "");
        assert_eq!(CellText::piece(flag).text(), "black#flag");
        assert_eq!(
            CellText::piece(flag).with(Mark::Selected).with(Mark::WillFall).text(),
            "black#flag selected willFall"
        );
        assert_eq!(CellText::EMPTY.with(Mark::WillFall).text(), "willFall");
        assert_eq!(CellText::of(Base::Start).with(Mark::WillFall).text(), "start willFall");
        assert_eq!(CellText::of(Base::CanMove).text(), "canMove");
        let full = CellText::EMPTY
            .with(Mark::CanHit)
            .with(Mark::CanHit)
            .with(Mark::CanHit)
            .with(Mark::WillFall);
        assert_eq!(
            full.marks().count(),
            MAX_MARKS,
            "a fourth marker is dropped, not a panic"
        );
    }

    #[test]
    fn piece_words_round_trip() {
        for code in 1..=8 {
            let piece = Piece::from_code(code).expect("codes 1..=8 are pieces");
            assert_eq!(parse_piece_word(piece_word(piece)), Some(piece));
            assert_eq!(CellText::piece(piece).base_number(), u16::from(code));
            assert_eq!(CellText::piece(piece).base(), Base::Piece(piece));
        }
        for bad in ["black#queen", "red#flag", "black#flag#x", "blackflag", ""] {
            assert_eq!(parse_piece_word(bad), None, "{bad}");
        }
    }
}
