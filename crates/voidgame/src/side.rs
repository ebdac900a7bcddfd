//! Black and White, as voidgame names them.

use arbiter_core::Player;

/// A side as voidgame names it in `turn` and in its piece strings (`"black#flag"`).
///
/// Black moves first: it is the engine's [`Player::First`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The side that moves first.
    Black,
    /// The side that moves second.
    White,
}

impl Side {
    /// Both sides, Black first (the order of [`Side::index`]).
    pub const BOTH: [Side; 2] = [Side::Black, Side::White];

    /// voidgame's name of the side (`"black"`, `"white"`): the value of `turn`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Black => "black",
            Side::White => "white",
        }
    }

    /// The side named `text` exactly as voidgame writes it, `None` for anything else.
    pub fn parse(text: &str) -> Option<Side> {
        match text {
            "black" => Some(Side::Black),
            "white" => Some(Side::White),
            _ => None,
        }
    }

    /// The engine's player of this side.
    pub const fn player(self) -> Player {
        match self {
            Side::Black => Player::First,
            Side::White => Player::Second,
        }
    }

    /// The side of an engine player.
    pub const fn of_player(player: Player) -> Side {
        match player {
            Player::First => Side::Black,
            Player::Second => Side::White,
        }
    }

    /// 0 for Black, 1 for White: for per-side arrays.
    pub const fn index(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_players_round_trip() {
        for side in Side::BOTH {
            assert_eq!(Side::parse(side.name()), Some(side));
            assert_eq!(Side::of_player(side.player()), side);
            assert_eq!(Side::BOTH[side.index()], side);
        }
        assert_eq!(Side::parse("Black"), None);
    }
}
