//! A move: a jump from one square to another along a direction, or the compulsory pass.
//!
//! A jump is fully determined by its two squares in a given position (the piece on `from`, the
//! phalanx crossed, what happens on `to`); the direction is kept only so that playing it needs
//! no division.

use crate::geometry::Direction;
use crate::square::Square;

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
