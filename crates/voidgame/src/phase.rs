//! voidgame's phases of a turn.

/// The value of voidgame's `phase`: what the next click does.
///
/// voidgame 1.1 has the first four; [`Phase::Draw`] is Arbiter's (a drawn game, see the
/// rulings in `docs/rules/void.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// A click picks a piece of the side to move.
    Select,
    /// A piece is picked: a click moves it to a `canMove` cell or picks another piece.
    Move,
    /// The piece has moved: a click attacks a `canHit` piece, ends the turn on the piece, or
    /// moves it back to its `start` cell.
    Attack,
    /// The game is won; clicks are ignored.
    Win,
    /// The game is drawn (not in voidgame); clicks are ignored.
    Draw,
}

impl Phase {
    /// Every phase, in declaration order (the order of [`Phase::index`]).
    pub const ALL: [Phase; 5] = [Phase::Select, Phase::Move, Phase::Attack, Phase::Win, Phase::Draw];

    /// The phase's string, as voidgame (and programs) write it.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Select => "select",
            Phase::Move => "move",
            Phase::Attack => "attack",
            Phase::Win => "win",
            Phase::Draw => "draw",
        }
    }

    /// The phase written `text`, `None` for anything else (which voidgame ignores clicks in).
    pub fn parse(text: &str) -> Option<Phase> {
        Phase::ALL.into_iter().find(|phase| phase.name() == text)
    }

    /// Whether clicks do anything in this phase (the game is not over).
    pub const fn is_playing(self) -> bool {
        matches!(self, Phase::Select | Phase::Move | Phase::Attack)
    }

    /// The position in [`Phase::ALL`]: for per-phase tables.
    pub const fn index(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for (i, phase) in Phase::ALL.into_iter().enumerate() {
            assert_eq!(Phase::parse(phase.name()), Some(phase));
            assert_eq!(phase.index(), i);
        }
        assert_eq!(Phase::parse("Select"), None);
        assert!(Phase::Attack.is_playing() && !Phase::Draw.is_playing());
    }
}
