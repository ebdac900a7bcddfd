//! The Krux position: six pieces, their rings, the piece to move, and an incremental hash.

use crate::krux_move::Move;
use crate::piece::{Piece, Ring};
use crate::square::{Square, HOLE};
use crate::zobrist;
use arbiter_core::{Outcome, Player};

/// A Krux position (no history: repetition and ply limits live in the core's `Session`).
///
/// Every piece is always on a square; a piece on the hole (`d4`) has fallen in, and then the
/// game is over. Small and `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Krux {
    /// Square index per piece (the hole for a fallen piece).
    pub(crate) squares: [u8; 6],
    /// Ring code per piece (0 = none yet).
    pub(crate) rings: [u8; 6],
    /// Index of the piece to move.
    pub(crate) to_move: u8,
    /// Zobrist hash, kept incrementally.
    pub(crate) hash: u64,
}

/// The setup: White 1 a1, 3 b1, 5 c1; Black 2 g7, 4 f7, 6 e7 (point-symmetric through the hole).
const START: [u8; 6] = [0, 48, 1, 47, 2, 46];

impl Default for Krux {
    fn default() -> Self {
        Krux::start()
    }
}

impl Krux {
    /// The start position, piece 1 to move, no rings yet.
    pub fn start() -> Krux {
        Krux::from_parts(START, [0; 6], 0)
    }

    /// A position from squares, ring codes and the piece to move, hashed from scratch.
    /// Callers check validity (see `position.rs`).
    pub(crate) fn from_parts(squares: [u8; 6], rings: [u8; 6], to_move: u8) -> Krux {
        let mut k = Krux {
            squares,
            rings,
            to_move,
            hash: 0,
        };
        k.hash = k.compute_hash();
        k
    }

    /// The hash computed from nothing.
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = zobrist::TO_MOVE[self.to_move as usize];
        for p in 0..6 {
            h ^= zobrist::piece_square(p, self.squares[p]);
            h ^= zobrist::ring(p, self.rings[p]);
        }
        h
    }

    /// The piece whose turn it is (in a finished game, the one that would move next).
    pub fn piece_to_move(&self) -> Piece {
        Piece::new(self.to_move as usize).expect("to_move is 0..6")
    }

    /// Where `piece` stands (the hole if it fell in).
    pub fn square(&self, piece: Piece) -> Square {
        Square::from_index(self.squares[piece.index()] as usize).expect("valid square")
    }

    /// The ring `piece` wears, if it has moved already.
    pub fn ring(&self, piece: Piece) -> Option<Ring> {
        Ring::from_code(self.rings[piece.index()])
    }

    /// The piece on `square` (on the hole: the fallen piece).
    pub fn piece_on(&self, square: Square) -> Option<Piece> {
        self.squares
            .iter()
            .position(|&s| s as usize == square.index())
            .and_then(Piece::new)
    }

    /// The piece in the hole, if the game is over.
    pub fn fallen(&self) -> Option<Piece> {
        self.piece_on(Square::HOLE)
    }

    /// The rings `player` has not placed yet, in letter order.
    pub fn unused_rings(&self, player: Player) -> impl Iterator<Item = Ring> + '_ {
        Ring::ALL
            .into_iter()
            .filter(move |r| !Piece::all().any(|p| p.owner() == player && self.rings[p.index()] == r.code()))
    }

    /// The game's result shown by the board: the owner of the fallen piece has lost.
    pub fn result(&self) -> Option<Outcome> {
        self.fallen().map(|p| Outcome::Win(p.owner().opponent()))
    }

    /// Plays a turn (a result from the move generator): moves every piece to its new square,
    /// puts the ring on the mover, passes the turn to the next piece. Incremental hash.
    pub(crate) fn apply(&mut self, mv: Move) {
        let mover = self.to_move as usize;
        for p in 0..6 {
            let to = mv.square_index(p);
            let from = self.squares[p];
            if to != from {
                self.hash ^= zobrist::piece_square(p, from) ^ zobrist::piece_square(p, to);
                self.squares[p] = to;
            }
        }
        let ring = mv.ring().map_or(0, Ring::code);
        if ring != self.rings[mover] {
            self.hash ^= zobrist::ring(mover, self.rings[mover]) ^ zobrist::ring(mover, ring);
            self.rings[mover] = ring;
        }
        let next = (self.to_move + 1) % 6;
        self.hash ^= zobrist::TO_MOVE[mover] ^ zobrist::TO_MOVE[next as usize];
        self.to_move = next;
    }

    /// Is the game over (a piece in the hole)?
    #[inline]
    pub fn is_over(&self) -> bool {
        self.squares.contains(&HOLE)
    }
}
