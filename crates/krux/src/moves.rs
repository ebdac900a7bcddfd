//! `Move`, one complete Krux turn, identified by its result: where every piece ends and the ring
//! the mover wears.

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
const SQ_BITS: u32 = 6;
/// Where the mover's ring code sits.
const RING_SHIFT: u32 = 36;

/// Where the six pieces are during a turn: a board square each (the hole for a fallen piece)
/// or carried. Packed like the low 36 bits of a [`Move`], 6 bits per piece by index, with 63
/// (no square) for the carried piece, so the turn search's key and a finished turn's `Move`
/// cost nothing to make; read and written only through the typed methods below.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Layout(u64);

/// The field of a carried piece in a [`Layout`].
const CARRIED: u64 = 63;
/// A 1 in the lowest bit of each of the six fields (bits 0, 6, …, 30).
const FIELD_LOW: u64 = 0x4104_1041;
/// A 1 in the highest bit of each field.
const FIELD_HIGH: u64 = FIELD_LOW << (SQ_BITS - 1);

impl Layout {
    /// Every piece on its square.
    #[inline]
    pub fn new(squares: [Square; 6]) -> Layout {
        let mut bits = 0;
        for (i, s) in squares.iter().enumerate() {
            bits |= (s.index() as u64) << (SQ_BITS * i as u32);
        }
        Layout(bits)
    }

    #[inline]
    fn field(self, p: Piece) -> u64 {
        (self.0 >> (SQ_BITS * p.index() as u32)) & 0x3F
    }

    /// Where `p` is: a square (the hole if it fell in), or `None` while carried.
    #[inline]
    pub fn get(self, p: Piece) -> Option<Square> {
        match self.field(p) {
            CARRIED => None,
            f => Some(Square::at(f as usize)),
        }
    }

    /// Where `p`, known not to be carried, stands.
    #[inline]
    pub fn on_board(self, p: Piece) -> Square {
        Square::at(self.field(p) as usize)
    }

    /// Puts `p` on a square, or (`None`) in the carrier's hands.
    #[inline]
    pub fn set(&mut self, p: Piece, s: Option<Square>) {
        let shift = SQ_BITS * p.index() as u32;
        let field = s.map_or(CARRIED, |s| s.index() as u64);
        self.0 = (self.0 & !(0x3F << shift)) | field << shift;
    }

    /// Moves `p` from the square `from` to `to`.
    #[inline]
    pub fn shift(&mut self, p: Piece, from: Square, to: Square) {
        debug_assert_eq!(self.get(p), Some(from));
        self.0 ^= ((from.index() ^ to.index()) as u64) << (SQ_BITS * p.index() as u32);
    }

    /// The piece on `s`, if any (the carried piece is on no square).
    #[inline]
    pub fn find(self, s: Square) -> Option<Piece> {
        // Fields equal to `s` become 0; the lowest zero field raises its high bit here (a
        // borrow can only mark fields above a zero one).
        let x = self.0 ^ (s.index() as u64 * FIELD_LOW);
        let zero = x.wrapping_sub(FIELD_LOW) & !x & FIELD_HIGH;
        if zero == 0 {
            None
        } else {
            Piece::new(zero.trailing_zeros() as usize / SQ_BITS as usize)
        }
    }

    /// The finished turn with the mover wearing `ring`; only meaningful when nothing is
    /// carried. Before that, the turn search's key for a state in the middle of a turn.
    #[inline]
    pub fn with_ring(self, ring: Option<Ring>) -> u64 {
        self.0 | (ring.map_or(0, Ring::code) as u64) << RING_SHIFT
    }
}

impl Move {
    /// Where `piece` stands after the turn (the hole if it fell in).
    #[inline]
    pub fn square(self, piece: Piece) -> Square {
        Square::at(((self.0 >> (SQ_BITS * piece.index() as u32)) & 0x3F) as usize)
    }

    /// The ring the moving piece wears after the turn.
    #[inline]
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_fields() {
        let sq = |i| Square::at(i);
        let piece = |i| Piece::new(i).unwrap();
        let mut layout = Layout::new([sq(0), sq(48), sq(1), sq(47), sq(2), sq(46)]);
        assert_eq!(layout.get(piece(1)), Some(sq(48)));
        assert_eq!(layout.find(sq(47)), Some(piece(3)));
        assert_eq!(layout.find(sq(0)), Some(piece(0)));
        assert_eq!(layout.find(sq(5)), None);
        layout.set(piece(3), None);
        assert_eq!(layout.get(piece(3)), None);
        assert_eq!(layout.find(sq(47)), None);
        layout.set(piece(3), Some(Square::HOLE));
        assert_eq!(layout.on_board(piece(3)), Square::HOLE);
        // Every square is found in every field, whatever the others hold (carried or elsewhere).
        for p in Piece::all() {
            for s in Square::all() {
                let mut l = Layout::new([sq(1), sq(2), sq(3), sq(4), sq(5), sq(6)]);
                for q in Piece::all() {
                    let elsewhere = sq((s.index() + 1 + q.index()) % 49);
                    l.set(q, if q.index() % 2 == 0 { None } else { Some(elsewhere) });
                }
                l.set(p, Some(s));
                assert_eq!(l.find(s), Some(p), "{p} on {s}");
                let m = Move(l.with_ring(Some(Ring::Pink)));
                assert_eq!(m.square(p), s);
                assert_eq!(m.ring(), Some(Ring::Pink));
            }
        }
    }
}
