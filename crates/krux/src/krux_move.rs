//! A Krux turn, identified by its result: where every piece ends and the ring the mover wears.

use crate::piece::{Piece, Ring};
use crate::square::Square;
use std::fmt;

/// One complete turn, identified by what it does (two token sequences with the same result are
/// the same turn). Packed into 38 bits: six squares of 6 bits (piece 1 lowest; the hole's
/// square means the piece fell in, which only happens in a winning turn) and, above them, the
/// ring code the moving piece wears after the turn.
///
/// A `Move` only means something in the position it was generated for; notation for it comes
/// from [`arbiter_core::Game::format_move`] on that position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(pub(crate) u64);

/// Bits per piece square in the packed form.
pub(crate) const SQ_BITS: u32 = 6;
/// Where the mover's ring code sits.
pub(crate) const RING_SHIFT: u32 = 36;

impl Move {
    /// Packs squares (indices, the hole for a fallen piece) and the mover's ring code.
    #[inline]
    pub(crate) fn pack(squares: &[u8; 6], ring: u8) -> u64 {
        let mut key = (ring as u64) << RING_SHIFT;
        for (i, &s) in squares.iter().enumerate() {
            key |= (s as u64) << (SQ_BITS * i as u32);
        }
        key
    }

    /// The square index of the piece with index `i` after the turn.
    #[inline]
    pub(crate) fn square_index(self, i: usize) -> u8 {
        ((self.0 >> (SQ_BITS * i as u32)) & 0x3F) as u8
    }

    /// Where `piece` stands after the turn (the hole if it fell in).
    pub fn square(self, piece: Piece) -> Square {
        Square::from_index(self.square_index(piece.index()) as usize).unwrap_or(Square::HOLE)
    }

    /// The ring the moving piece wears after the turn.
    pub fn ring(self) -> Option<Ring> {
        Ring::from_code(((self.0 >> RING_SHIFT) & 3) as u8)
    }

    /// The piece that fell into the hole (this is a winning turn), if any.
    pub fn fallen(self) -> Option<Piece> {
        Piece::all().find(|&p| self.square(p).is_hole())
    }

    /// The packed value, for tables and tests.
    pub fn bits(self) -> u64 {
        self.0
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move[")?;
        for p in Piece::all() {
            write!(f, "{}:{} ", p, self.square(p))?;
        }
        match self.ring() {
            Some(r) => write!(f, "ring {}]", r.letter()),
            None => write!(f, "no ring]"),
        }
    }
}
