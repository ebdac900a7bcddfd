//! `Move`, one Void turn: a piece's move with its optional attack, or the forced pass.

use crate::Square;

/// One Void turn: a move of one piece with an optional attack by it, or a forced pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// The only move when no piece can move.
    Pass,
    /// A piece moves from `from` to `to` and, if `target` is given, attacks it. For a sweeper the
    /// target is the first piece chosen; for a bomber, the highest piece below it.
    Turn {
        /// Where the piece starts.
        from: Square,
        /// Where it lands.
        to: Square,
        /// The piece attacked, if any.
        target: Option<Square>,
    },
}
