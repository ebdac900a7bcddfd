//! Making a move, with the Zobrist hash kept up to date.

use crate::bits::Bits;
use crate::board::Board;
use crate::geometry::Geometry;
use crate::moves::Move;
use crate::zobrist;

impl<G: Geometry> Board<G> {
    /// The squares strictly between the ends of a jump.
    #[inline(always)]
    pub(crate) fn between(mv: Move) -> G::B {
        let rays = &G::tables().rays;
        let (d, to) = (mv.dir_idx(), mv.target());
        rays[mv.origin()][d] & !(rays[to][d] | G::B::bit(to))
    }

    /// Plays a move that [`Board::generate`] listed.
    ///
    /// A villager converts the villager phalanx it crosses into warriors, or removes the warrior
    /// phalanx it crosses; a warrior removes the enemy piece it lands on. The pass only counts.
    #[inline]
    pub fn play(&mut self, mv: Move) {
        let passes = usize::from(self.passes.min(2));
        self.hash ^= zobrist::BLACK_TO_MOVE ^ zobrist::PASSES[passes];
        self.side = self.side.opponent();
        if mv.is_pass() {
            let passes = (passes + 1).min(2);
            self.passes = passes as u8;
            self.hash ^= zobrist::PASSES[passes];
            return;
        }
        self.passes = 0;
        let us = self.side.opponent().index() * 2;
        let (vi, wi) = (us, us + 1);
        let (from, to) = (mv.origin(), mv.target());
        let jumper = if self.pieces[vi].has(from) { vi } else { wi };
        self.pieces[jumper] ^= G::B::bit(from) | G::B::bit(to);
        self.hash ^= zobrist::PIECE[jumper][from] ^ zobrist::PIECE[jumper][to];

        if jumper == vi {
            let crossed = Self::between(mv) & self.occupied();
            let mut converted = crossed & self.pieces[vi];
            if !converted.none() {
                self.pieces[vi] ^= crossed;
                self.pieces[wi] |= crossed;
                while !converted.none() {
                    let sq = converted.pop();
                    self.hash ^= zobrist::PIECE[vi][sq] ^ zobrist::PIECE[wi][sq];
                }
            } else {
                let mut removed = crossed;
                self.pieces[wi] ^= crossed;
                while !removed.none() {
                    self.hash ^= zobrist::PIECE[wi][removed.pop()];
                }
            }
        } else {
            let them = (us ^ 2, us ^ 3);
            let victim = if self.pieces[them.0].has(to) { them.0 } else { them.1 };
            self.pieces[victim] ^= G::B::bit(to);
            self.hash ^= zobrist::PIECE[victim][to];
        }
    }
}
