//! The position of one board size: four bitboards, the side to move, the pass count and the hash.

use crate::bits::{squares, Bits};
use crate::geometry::Geometry;
use crate::piece::{Piece, BLACK, WHITE};
use crate::zobrist;
use crate::Kind;
use arbiter_core::Player;
use std::fmt;
use std::marker::PhantomData;

/// A Villawar position on the board size `G`. Small and `Copy`; it keeps no history.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Board<G: Geometry> {
    /// By [`Piece::index`]: White villagers, White warriors, Black villagers, Black warriors.
    pub(crate) pieces: [G::B; 4],
    pub(crate) side: Player,
    /// Passes just played in a row: 0, 1, or 2 (the game is over).
    pub(crate) passes: u8,
    pub(crate) hash: u64,
    geometry: PhantomData<G>,
}

impl<G: Geometry> Board<G> {
    /// An empty board with the given side to move and pass count.
    pub fn empty(side: Player, passes: u8) -> Self {
        let mut board = Board {
            pieces: [G::B::ZERO; 4],
            side,
            passes,
            hash: 0,
            geometry: PhantomData,
        };
        board.hash = board.compute_hash();
        board
    }

    /// The start: each side's first two rows full of villagers, White to move.
    pub fn start() -> Self {
        let t = G::tables();
        let mut board = Self::empty(WHITE, 0);
        board.pieces[Piece::new(WHITE, Kind::Villager).index()] = t.ranks[0] | t.ranks[1];
        board.pieces[Piece::new(BLACK, Kind::Villager).index()] = t.ranks[G::N - 1] | t.ranks[G::N - 2];
        board.hash = board.compute_hash();
        board
    }

    /// Puts `piece` on the empty square `sq`, keeping the hash.
    pub fn put(&mut self, sq: usize, piece: Piece) {
        self.pieces[piece.index()] |= G::B::bit(sq);
        self.hash ^= zobrist::PIECE[piece.index()][sq];
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: usize) -> Option<Piece> {
        (0..4).find(|&i| self.pieces[i].has(sq)).map(Piece::from_index)
    }

    /// The squares of one kind of piece.
    #[inline(always)]
    pub fn set(&self, piece: Piece) -> G::B {
        self.pieces[piece.index()]
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> G::B {
        self.pieces[0] | self.pieces[1] | self.pieces[2] | self.pieces[3]
    }

    /// The side to move.
    #[inline(always)]
    pub fn side(&self) -> Player {
        self.side
    }

    /// The pass count.
    #[inline(always)]
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// The incrementally kept hash.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from the board.
    pub fn compute_hash(&self) -> u64 {
        let mut h = zobrist::SIZE[G::SIZE.index()] ^ zobrist::PASSES[usize::from(self.passes.min(2))];
        if self.side == BLACK {
            h ^= zobrist::BLACK_TO_MOVE;
        }
        for (i, &set) in self.pieces.iter().enumerate() {
            for sq in squares(set) {
                h ^= zobrist::PIECE[i][sq];
            }
        }
        h
    }
}

impl<G: Geometry> fmt::Debug for Board<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Board")
            .field("n", &G::N)
            .field("pieces", &self.pieces)
            .field("side", &self.side)
            .field("passes", &self.passes)
            .finish()
    }
}
