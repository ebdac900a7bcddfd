//! A move: one stone's chain of orbits from its start to its end, perhaps ending with a push.

use crate::Square;

/// One turn, identified by what it does: the stone on `from` ends on `to`; with a push, the stone
/// that stood on `to` goes to `push`. Chains with the same effect are the same move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// The forced pass of a side without any move.
    Pass,
    /// A chain of orbits.
    Orbit {
        /// Where the moving stone starts.
        from: Square,
        /// Where it ends.
        to: Square,
        /// Where the stone met on `to` is pushed, if the move ends with a gravity push.
        push: Option<Square>,
    },
}

impl Move {
    /// A move without a push.
    pub const fn orbit(from: Square, to: Square) -> Move {
        Move::Orbit { from, to, push: None }
    }

    /// A move ending with a gravity push of the stone on `to` to `push`.
    pub const fn push(from: Square, to: Square, push: Square) -> Move {
        Move::Orbit {
            from,
            to,
            push: Some(push),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_small() {
        assert!(std::mem::size_of::<Move>() <= 4);
    }
}
