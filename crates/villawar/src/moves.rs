//! A move: a jump from one square to another along a direction, or the compulsory pass; and a
//! jump's written name.
//!
//! A jump is fully determined by its two squares in a given position (the piece on `from`, the
//! phalanx crossed, what happens on `to`); the direction is kept only so that playing it needs
//! no division.

use crate::geometry::Direction;
use crate::piece::Kind;
use crate::square::{Square, SquareName};
use crate::Villawar;
use std::fmt;

/// One turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    from: u8,
    to: u8,
    dir: u8,
}

impl Move {
    /// The compulsory pass (only legal when no jump exists).
    pub const PASS: Move = Move {
        from: u8::MAX,
        to: u8::MAX,
        dir: u8::MAX,
    };

    /// A jump from `from` to `to` in direction `dir`.
    #[inline(always)]
    pub(crate) const fn jump(from: usize, to: usize, dir: usize) -> Move {
        Move {
            from: from as u8,
            to: to as u8,
            dir: dir as u8,
        }
    }

    /// Whether this is the pass.
    #[inline(always)]
    pub const fn is_pass(self) -> bool {
        self.from == u8::MAX
    }

    /// The square the jumping piece leaves (`None` for the pass).
    pub fn from(self) -> Option<Square> {
        (!self.is_pass()).then(|| Square::from_index(self.from as usize))
    }

    /// The square it lands on (`None` for the pass).
    pub fn to(self) -> Option<Square> {
        (!self.is_pass()).then(|| Square::from_index(self.to as usize))
    }

    /// The direction of the jump (`None` for the pass).
    pub fn direction(self) -> Option<Direction> {
        (!self.is_pass()).then(|| Direction::from_index(self.dir as usize))
    }

    #[inline(always)]
    pub(crate) const fn origin(self) -> usize {
        self.from as usize
    }

    #[inline(always)]
    pub(crate) const fn target(self) -> usize {
        self.to as usize
    }

    #[inline(always)]
    pub(crate) const fn dir_idx(self) -> usize {
        self.dir as usize
    }
}

/// A jump as written, `c1-c5` or `c3xc7`: the separator shows the jumper's type (only a warrior
/// captures), so that the text alone says what the jump does. One writer for the notation, the
/// rule's reasons and the parser's hints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct JumpName {
    /// The square left.
    pub(crate) from: SquareName,
    /// The square landed on.
    pub(crate) to: SquareName,
    /// The jumper's type, which picks the separator.
    pub(crate) kind: Kind,
}

impl JumpName {
    /// How `mv` is written in `game` (`None` for the pass); a square without a piece is written
    /// as a villager's.
    pub(crate) fn of(game: &Villawar, mv: Move) -> Option<JumpName> {
        let (from, to) = (mv.from()?, mv.to()?);
        let size = game.size();
        Some(JumpName {
            from: from.name(size),
            to: to.name(size),
            kind: game.piece_at(from).map_or(Kind::Villager, |p| p.kind),
        })
    }
}

impl fmt::Display for JumpName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = match self.kind {
            Kind::Villager => '-',
            Kind::Warrior => 'x',
        };
        write!(f, "{}{sep}{}", self.from, self.to)
    }
}
