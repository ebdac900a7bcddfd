//! The position: the 90 squares, the side to move, the passes in a row and the incremental hash.

use crate::piece::BLACK;
use crate::{position, zobrist, Kind, Piece, Square};
use arbiter_core::{NoVariant, Player};

/// A Void position: the 90 squares, the side to move and the passes just played in a row.
///
/// Occupancy bitboards and flagship counts are kept beside the mailbox so that move
/// generation and the end-of-game check never scan the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Void {
    /// Piece codes by square index; 128 entries so that a masked index needs no bounds check.
    board: [u8; 128],
    occupied: [u128; 2],
    flagships: [u8; 2],
    to_move: Player,
    passes: u8,
    hash: u64,
}

/// The start position.
pub(crate) fn new(variant: &NoVariant) -> Void {
    position::from_position(variant, position::START).expect("the start position parses")
}

impl Void {
    /// An empty board, Black to move.
    pub(crate) fn empty() -> Void {
        Void {
            board: [0; 128],
            occupied: [0; 2],
            flagships: [0; 2],
            to_move: BLACK,
            passes: 0,
            hash: zobrist::side(BLACK) ^ zobrist::passes(0),
        }
    }

    /// The piece on a square.
    #[inline]
    pub fn piece(&self, square: Square) -> Option<Piece> {
        Piece::from_code(self.board[square.index() & 127])
    }

    /// Whether a square is empty.
    #[inline]
    pub fn is_empty(&self, square: Square) -> bool {
        self.board[square.index() & 127] == 0
    }

    /// The piece codes by square index (0 empty, see [`Piece::code`]), for move generation.
    #[inline]
    pub(crate) fn codes(&self) -> &[u8; 128] {
        &self.board
    }

    /// Squares occupied by a side, as a bitboard over square indices.
    #[inline]
    pub(crate) fn occupied_by(&self, player: Player) -> u128 {
        self.occupied[player.index()]
    }

    /// Squares occupied by either side.
    #[inline]
    pub(crate) fn occupied(&self) -> u128 {
        self.occupied[0] | self.occupied[1]
    }

    /// Puts a piece on an empty square.
    #[inline]
    pub(crate) fn put(&mut self, square: Square, piece: Piece) {
        debug_assert!(self.is_empty(square));
        self.board[square.index() & 127] = piece.code();
        self.occupied[piece.owner.index()] |= 1u128 << square.index();
        if piece.kind == Kind::Flagship {
            self.flagships[piece.owner.index()] += 1;
        }
        self.hash ^= zobrist::piece(square, piece);
    }

    /// Takes the piece off a square.
    #[inline]
    pub(crate) fn take(&mut self, square: Square) -> Option<Piece> {
        let piece = self.piece(square)?;
        self.board[square.index() & 127] = 0;
        self.occupied[piece.owner.index()] &= !(1u128 << square.index());
        if piece.kind == Kind::Flagship {
            self.flagships[piece.owner.index()] -= 1;
        }
        self.hash ^= zobrist::piece(square, piece);
        Some(piece)
    }

    /// The side to move.
    #[inline]
    pub(crate) fn side(&self) -> Player {
        self.to_move
    }

    pub(crate) fn set_to_move(&mut self, player: Player) {
        self.hash ^= zobrist::side(self.to_move) ^ zobrist::side(player);
        self.to_move = player;
    }

    /// Passes just played in a row (2 = the game ended by two passes).
    #[inline]
    pub fn passes(&self) -> u8 {
        self.passes
    }

    pub(crate) fn set_passes(&mut self, passes: u8) {
        self.hash ^= zobrist::passes(self.passes) ^ zobrist::passes(passes);
        self.passes = passes;
    }

    /// Number of flagships a side has on the board.
    #[inline]
    pub(crate) fn flagship_count(&self, player: Player) -> u8 {
        self.flagships[player.index()]
    }

    /// The incremental hash of the pieces, the side to move and the pass count.
    #[inline]
    pub(crate) fn key(&self) -> u64 {
        self.hash
    }
}
