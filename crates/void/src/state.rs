use crate::zobrist;
use crate::{Cell, Kind, Piece, CELLS};
use arbiter_core::{Outcome, Player};

/// Black moves first.
pub const BLACK: Player = Player::First;
/// White moves second.
pub const WHITE: Player = Player::Second;

/// A Void position: the 90 cells, the side to move and the passes just played in a row.
///
/// Occupancy bitboards and flagship counts are kept beside the mailbox so that move
/// generation and the end-of-game check never scan the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Void {
    board: [u8; CELLS],
    occupied: [u128; 2],
    flagships: [u8; 2],
    to_move: Player,
    passes: u8,
    hash: u64,
}

impl Void {
    /// An empty board, Black to move.
    pub(crate) fn empty() -> Void {
        Void {
            board: [0; CELLS],
            occupied: [0; 2],
            flagships: [0; 2],
            to_move: BLACK,
            passes: 0,
            hash: zobrist::side(BLACK) ^ zobrist::passes(0),
        }
    }

    /// The piece on a cell.
    #[inline]
    pub fn piece(&self, cell: Cell) -> Option<Piece> {
        Piece::from_code(self.board[cell.index()])
    }

    /// Whether a cell is empty.
    #[inline]
    pub fn is_empty(&self, cell: Cell) -> bool {
        self.board[cell.index()] == 0
    }

    /// Cells occupied by a side, as a bitboard over cell indices.
    #[inline]
    pub(crate) fn occupied_by(&self, player: Player) -> u128 {
        self.occupied[player.index()]
    }

    /// Puts a piece on an empty cell.
    #[inline]
    pub(crate) fn put(&mut self, cell: Cell, piece: Piece) {
        debug_assert!(self.is_empty(cell));
        self.board[cell.index()] = piece.code();
        self.occupied[piece.owner.index()] |= 1u128 << cell.index();
        if piece.kind == Kind::Flagship {
            self.flagships[piece.owner.index()] += 1;
        }
        self.hash ^= zobrist::piece(cell, piece);
    }

    /// Takes the piece off a cell.
    #[inline]
    pub(crate) fn take(&mut self, cell: Cell) -> Option<Piece> {
        let piece = self.piece(cell)?;
        self.board[cell.index()] = 0;
        self.occupied[piece.owner.index()] &= !(1u128 << cell.index());
        if piece.kind == Kind::Flagship {
            self.flagships[piece.owner.index()] -= 1;
        }
        self.hash ^= zobrist::piece(cell, piece);
        Some(piece)
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Player {
        self.to_move
    }

    pub(crate) fn set_side_to_move(&mut self, player: Player) {
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
    pub(crate) fn flagship_count(&self, player: Player) -> u8 {
        self.flagships[player.index()]
    }

    /// The incremental hash.
    #[inline]
    pub(crate) fn stored_hash(&self) -> u64 {
        self.hash
    }

    /// The hash recomputed from the board.
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = zobrist::side(self.to_move) ^ zobrist::passes(self.passes);
        for cell in Cell::all() {
            if let Some(p) = self.piece(cell) {
                h ^= zobrist::piece(cell, p);
            }
        }
        h
    }

    /// The result the board shows: a missing flagship loses (both missing: draw), two lone
    /// flagships draw, and two passes in a row draw.
    pub(crate) fn board_outcome(&self) -> Option<Outcome> {
        let black = self.flagship_count(BLACK) > 0;
        let white = self.flagship_count(WHITE) > 0;
        match (black, white) {
            (false, false) => return Some(Outcome::Draw),
            (false, true) => return Some(Outcome::Win(WHITE)),
            (true, false) => return Some(Outcome::Win(BLACK)),
            (true, true) => {}
        }
        let pieces = (self.occupied[0] | self.occupied[1]).count_ones();
        if pieces == 2 || self.passes >= 2 {
            return Some(Outcome::Draw);
        }
        None
    }
}
