//! The four kinds of ship and their owners, Black and White.

use arbiter_core::Player;

/// Black moves first.
pub const BLACK: Player = Player::First;
/// White moves second.
pub const WHITE: Player = Player::Second;

/// The name of a side (see [`arbiter_core::Game::player_name`]).
pub(crate) fn player_name(player: Player) -> &'static str {
    match player {
        BLACK => "black",
        WHITE => "white",
    }
}

/// The four kinds of ship.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Moves one sector orbitally; attacks along 8 rays up to 3 cells; the target falls 3.
    Flagship,
    /// Moves one cell any way; bombs its whole column below into the void.
    Bomber,
    /// Moves one orbit vertically or any distance orbitally; sweeps the cells above its path, which fall 2.
    Sweeper,
    /// Moves any distance diagonally; attacks up to 2 cells on in its orbital sense; the target falls 1.
    Fighter,
}

impl Kind {
    /// All kinds, in code order.
    pub const ALL: [Kind; 4] = [Kind::Flagship, Kind::Bomber, Kind::Sweeper, Kind::Fighter];

    /// The uppercase letter of the kind.
    pub fn letter(self) -> char {
        match self {
            Kind::Flagship => 'F',
            Kind::Bomber => 'B',
            Kind::Sweeper => 'S',
            Kind::Fighter => 'X',
        }
    }
}

/// A ship of one side. Player::First is Black (moves first), Player::Second is White.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// What it is.
    pub kind: Kind,
    /// Whose it is.
    pub owner: Player,
}

impl Piece {
    /// A compact code 1..=8 (0 is kept for an empty square on the board).
    #[inline]
    pub fn code(self) -> u8 {
        1 + self.kind as u8 + 4 * self.owner.index() as u8
    }

    /// The piece of a code 1..=8.
    #[inline]
    pub fn from_code(code: u8) -> Option<Piece> {
        if (1..=8).contains(&code) {
            let i = code - 1;
            let owner = if i < 4 { Player::First } else { Player::Second };
            Some(Piece {
                kind: Kind::ALL[(i % 4) as usize],
                owner,
            })
        } else {
            None
        }
    }

    /// The letter of the position string: White uppercase, Black lowercase.
    pub fn letter(self) -> char {
        let l = self.kind.letter();
        if self.owner == WHITE {
            l
        } else {
            l.to_ascii_lowercase()
        }
    }

    /// The piece of a position-string letter.
    pub fn from_letter(c: char) -> Option<Piece> {
        let kind = Kind::ALL.into_iter().find(|k| k.letter() == c.to_ascii_uppercase())?;
        let owner = if c.is_ascii_uppercase() { WHITE } else { BLACK };
        Some(Piece { kind, owner })
    }
}
