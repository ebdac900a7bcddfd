//! The position: [`Villawar`], one type for the three board sizes, and [`Board`], the position on
//! one size (four bitboards, the side to move, the pass count and the hash).
//!
//! `Villawar` holds the `Board` of its size and dispatches each call once to the code compiled
//! for that size (`dispatch!`), so that the hot code knows `N` and the word type.

use crate::bits::Bits;
use crate::geometry::{Geometry, G10, G6, G8};
use crate::piece::{Piece, BLACK, WHITE};
use crate::square::Square;
use crate::{position, zobrist, Kind, Size, VillawarVariant};
use arbiter_core::Player;
use std::cmp::Ordering;
use std::fmt;
use std::marker::PhantomData;

/// A Villawar position of any size: the board, the side to move and the passes just played.
///
/// Small and `Copy`; no history. See the crate documentation for the rules.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Villawar {
    pub(crate) inner: Inner,
}

/// The board of each size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Inner {
    Six(Board<G6>),
    Eight(Board<G8>),
    Ten(Board<G10>),
}

/// Runs `$body` with `$b` bound to the board of whatever size the position has.
macro_rules! dispatch {
    ($self:expr, $b:ident => $body:expr) => {
        match &$self.inner {
            $crate::board::Inner::Six($b) => $body,
            $crate::board::Inner::Eight($b) => $body,
            $crate::board::Inner::Ten($b) => $body,
        }
    };
}

/// The same with a mutable board.
macro_rules! dispatch_mut {
    ($self:expr, $b:ident => $body:expr) => {
        match &mut $self.inner {
            $crate::board::Inner::Six($b) => $body,
            $crate::board::Inner::Eight($b) => $body,
            $crate::board::Inner::Ten($b) => $body,
        }
    };
}

pub(crate) use {dispatch, dispatch_mut};

/// The start position of the variant's board size.
pub(crate) fn new(variant: &VillawarVariant) -> Villawar {
    Villawar::start(variant.size)
}

fn board_from_cells<G: Geometry>(cells: &[Option<Piece>], side: Player, passes: u8) -> Board<G> {
    let mut board = Board::<G>::empty(side, passes);
    for (sq, cell) in cells.iter().enumerate().take(G::N * G::N) {
        if let Some(piece) = *cell {
            board.put(sq, piece);
        }
    }
    board
}

impl Villawar {
    /// The start position of a board size.
    pub fn start(size: Size) -> Villawar {
        let inner = match size {
            Size::Six => Inner::Six(Board::start()),
            Size::Eight => Inner::Eight(Board::start()),
            Size::Ten => Inner::Ten(Board::start()),
        };
        Villawar { inner }
    }

    /// A position from its squares (`cells[rank * N + file]`), side to move and pass count
    /// (counts above 2 are taken as 2).
    pub fn from_cells(size: Size, cells: &[Option<Piece>], side: Player, passes: u8) -> Villawar {
        let passes = passes.min(2);
        let inner = match size {
            Size::Six => Inner::Six(board_from_cells(cells, side, passes)),
            Size::Eight => Inner::Eight(board_from_cells(cells, side, passes)),
            Size::Ten => Inner::Ten(board_from_cells(cells, side, passes)),
        };
        Villawar { inner }
    }

    /// The board size.
    pub fn size(&self) -> Size {
        match self.inner {
            Inner::Six(_) => Size::Six,
            Inner::Eight(_) => Size::Eight,
            Inner::Ten(_) => Size::Ten,
        }
    }

    /// The piece on a square, if any (`None` for a square off this board).
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let n = self.size().n();
        if sq.index() >= n * n {
            return None;
        }
        dispatch!(self, b => b.piece_at(sq.index()))
    }

    /// The number of passes just played in a row: 0, 1, or 2 (the game is over).
    pub fn passes(&self) -> u8 {
        dispatch!(self, b => b.passes())
    }

    /// White's final score against Black's by the rules' row-by-row comparison, applied to the
    /// board as it stands (`Greater`: White is ahead).
    pub fn compare_scores(&self) -> Ordering {
        dispatch!(self, b => b.compare_scores())
    }

    /// How many pieces of `piece`'s colour and type stand on its owner's row `row`
    /// (1 = the owner's first row, N = the far row); 0 for rows off the board.
    pub fn count_on_row(&self, piece: Piece, row: usize) -> u32 {
        if row == 0 || row > self.size().n() {
            return 0;
        }
        dispatch!(self, b => b.count_on_row(piece.player, piece.kind, row))
    }
}

impl fmt::Debug for Villawar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Villawar(\"{}\")", position::position(self))
    }
}

impl fmt::Display for Villawar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&position::position(self))
    }
}

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
        board.hash = zobrist::hash_from_scratch(&board);
        board
    }

    /// The start: each side's first two rows full of villagers, White to move.
    pub fn start() -> Self {
        let t = G::tables();
        let mut board = Self::empty(WHITE, 0);
        board.pieces[Piece::new(WHITE, Kind::Villager).index()] = t.ranks[0] | t.ranks[1];
        board.pieces[Piece::new(BLACK, Kind::Villager).index()] = t.ranks[G::N - 1] | t.ranks[G::N - 2];
        board.hash = zobrist::hash_from_scratch(&board);
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
    pub fn key(&self) -> u64 {
        self.hash
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
