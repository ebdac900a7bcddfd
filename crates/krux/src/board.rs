//! The Krux position: six pieces on their squares, their rings, the piece to move, the rules
//! variant, and an incremental hash.

use crate::piece::{Piece, Ring};
use crate::square::Square;
use crate::variant::KruxVariant;
use crate::{outcome, zobrist};
use arbiter_core::{Outcome, Player};

/// A Krux position (no history: repetition and ply limits live in the core's `Session`).
///
/// Every piece is always on a square; a piece on the hole (`d4`) has fallen in, and then the
/// game is over. Small (32 bytes) and `Copy`.
///
/// The position carries its rules variant, which the turn rules read; two positions of different
/// variants are not equal, though their position strings and hashes are the same (the hash
/// serves repetition and search tables, which never mix variants).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Krux {
    /// Square per piece, by piece index (the hole for a fallen piece).
    pub(crate) squares: [Square; 6],
    /// Ring per piece, by piece index (`None` until its first turn).
    pub(crate) rings: [Option<Ring>; 6],
    /// The piece to move.
    pub(crate) to_move: Piece,
    /// Zobrist hash, kept incrementally by [`crate::play::play`].
    pub(crate) hash: u64,
    /// The rules variant (options), fixed for the game.
    pub(crate) variant: KruxVariant,
}

impl Default for Krux {
    fn default() -> Self {
        Krux::start()
    }
}

impl Krux {
    /// The player whose piece is to move.
    #[inline]
    pub(crate) fn side(&self) -> Player {
        self.piece_to_move().owner()
    }

    /// The incrementally kept hash.
    #[inline]
    pub(crate) fn key(&self) -> u64 {
        self.hash
    }

    /// The start position of the standard game (White 1 a1, 3 b1, 5 c1; Black 2 g7, 4 f7,
    /// 6 e7), piece 1 to move, no rings yet.
    pub fn start() -> Krux {
        Krux::start_of(KruxVariant::default())
    }

    /// The start position of a variant: the pieces on its setup, piece 1 to move, no rings.
    pub fn start_of(variant: KruxVariant) -> Krux {
        Krux::from_parts(variant.setup.squares(), [None; 6], Piece::FIRST, variant)
    }

    /// A position from squares, rings, the piece to move and the variant, hashed from scratch.
    /// Callers check validity (see `position.rs`).
    pub(crate) fn from_parts(
        squares: [Square; 6],
        rings: [Option<Ring>; 6],
        to_move: Piece,
        variant: KruxVariant,
    ) -> Krux {
        let mut k = Krux {
            squares,
            rings,
            to_move,
            hash: 0,
            variant,
        };
        k.hash = zobrist::hash_from_scratch(&k);
        k
    }

    /// The piece whose turn it is (in a finished game, the one that would move next).
    #[inline]
    pub fn piece_to_move(&self) -> Piece {
        self.to_move
    }

    /// Where `piece` stands (the hole if it fell in).
    #[inline]
    pub fn square(&self, piece: Piece) -> Square {
        self.squares[piece.index()]
    }

    /// The ring `piece` wears, if it has moved already.
    #[inline]
    pub fn ring(&self, piece: Piece) -> Option<Ring> {
        self.rings[piece.index()]
    }

    /// The piece on `square` (on the hole: the fallen piece).
    pub fn piece_on(&self, square: Square) -> Option<Piece> {
        Piece::all().find(|&p| self.square(p) == square)
    }

    /// The piece in the hole, if the game is over.
    pub fn fallen(&self) -> Option<Piece> {
        self.piece_on(Square::HOLE)
    }

    /// The rings `player` has not placed yet, in letter order.
    pub fn unused_rings(&self, player: Player) -> impl Iterator<Item = Ring> + '_ {
        Ring::ALL
            .into_iter()
            .filter(move |&r| !Piece::all().any(|p| p.owner() == player && self.ring(p) == Some(r)))
    }

    /// The game's result shown by the board (the same as `Game::outcome`): the owner of the
    /// fallen piece has lost.
    pub fn result(&self) -> Option<Outcome> {
        outcome::outcome(self)
    }

    /// Is the game over (a piece in the hole)?
    #[inline]
    pub fn is_over(&self) -> bool {
        self.squares.contains(&Square::HOLE)
    }
}
