//! The six numbered pieces, their owners, and the three ring colours.

use arbiter_core::Player;
use std::fmt;

/// One of the six pieces, numbered 1..6 in notation (`Piece::new(0)` is piece 1).
/// Odd numbers (1, 3, 5) are White's, even numbers Black's; they move in the cycle 1, 2, …, 6.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece(Index);

/// A piece's index 0..6, as an enum so that `Option<Piece>` takes one byte (the turn search
/// copies its states for every token).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
enum Index {
    I0,
    I1,
    I2,
    I3,
    I4,
    I5,
}

impl Piece {
    /// The number of pieces.
    pub const COUNT: usize = 6;

    /// The six, in move order.
    const ALL: [Piece; 6] = [
        Piece(Index::I0),
        Piece(Index::I1),
        Piece(Index::I2),
        Piece(Index::I3),
        Piece(Index::I4),
        Piece(Index::I5),
    ];

    /// Piece 1, the first to move.
    pub(crate) const FIRST: Piece = Piece::ALL[0];

    /// The piece with this index (0..6), i.e. number `index + 1`.
    pub const fn new(index: usize) -> Option<Piece> {
        if index < Self::COUNT {
            Some(Piece::ALL[index])
        } else {
            None
        }
    }

    /// The piece with this number as written (1..6).
    pub const fn from_number(number: usize) -> Option<Piece> {
        if number >= 1 {
            Piece::new(number - 1)
        } else {
            None
        }
    }

    /// The index 0..6.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The number as written, 1..6.
    #[inline]
    pub const fn number(self) -> usize {
        self.index() + 1
    }

    /// The owner: White (first) for 1, 3, 5; Black (second) for 2, 4, 6.
    #[inline]
    pub const fn owner(self) -> Player {
        if self.index() & 1 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The piece that moves after this one.
    #[inline]
    pub const fn next(self) -> Piece {
        Piece::ALL[(self.index() + 1) % Self::COUNT]
    }

    /// The piece that moved before this one.
    #[inline]
    pub const fn previous(self) -> Piece {
        Piece::ALL[(self.index() + Self::COUNT - 1) % Self::COUNT]
    }

    /// All six pieces in move order.
    pub fn all() -> impl Iterator<Item = Piece> {
        Piece::ALL.into_iter()
    }
}

impl fmt::Debug for Piece {
    /// `Piece(0)` for piece 1: the index, as before the index became an enum.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Piece({})", self.index())
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// The name of a side: `white` moves first (pieces 1, 3, 5), `black` second.
pub(crate) fn player_name(player: Player) -> &'static str {
    match player {
        Player::First => "white",
        Player::Second => "black",
    }
}

/// A ring colour, and with it a power: blue carries, green jumps, pink switches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ring {
    /// The carrier: picks up a neighbouring piece and drops it on a neighbouring square.
    Blue = 1,
    /// The jumper: jumps 0..3 squares and pushes its new neighbours away.
    Green = 2,
    /// The switcher: exchanges places with a piece 1..5 squares away.
    Pink = 3,
}

impl Ring {
    /// All three, in the byte order of their letters (`b`, `g`, `p`).
    pub const ALL: [Ring; 3] = [Ring::Blue, Ring::Green, Ring::Pink];

    /// The letter used in positions and ring tokens.
    pub const fn letter(self) -> char {
        match self {
            Ring::Blue => 'b',
            Ring::Green => 'g',
            Ring::Pink => 'p',
        }
    }

    /// The ring with this letter.
    pub const fn from_letter(c: char) -> Option<Ring> {
        match c {
            'b' => Some(Ring::Blue),
            'g' => Some(Ring::Green),
            'p' => Some(Ring::Pink),
            _ => None,
        }
    }

    /// The compact code 1..3 (0 stands for "no ring" in packed forms).
    #[inline]
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// The ring with code 1..3; 0 or anything else is no ring.
    #[inline]
    pub const fn from_code(code: u8) -> Option<Ring> {
        match code {
            1 => Some(Ring::Blue),
            2 => Some(Ring::Green),
            3 => Some(Ring::Pink),
            _ => None,
        }
    }

    /// The power's name, for messages.
    pub const fn power(self) -> &'static str {
        match self {
            Ring::Blue => "carrier",
            Ring::Green => "jumper",
            Ring::Pink => "switcher",
        }
    }
}

impl fmt::Display for Ring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Ring::Blue => "blue",
            Ring::Green => "green",
            Ring::Pink => "pink",
        };
        f.write_str(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn owners_and_cycle() {
        let owners: Vec<Player> = Piece::all().map(Piece::owner).collect();
        assert_eq!(
            owners,
            [
                Player::First,
                Player::Second,
                Player::First,
                Player::Second,
                Player::First,
                Player::Second
            ]
        );
        assert_eq!(Piece::from_number(6).unwrap().next().number(), 1);
        assert_eq!(Piece::from_number(1).unwrap().previous().number(), 6);
        assert_eq!(Piece::from_number(0), None);
        assert_eq!(Piece::from_number(7), None);
    }

    #[test]
    fn rings() {
        for r in Ring::ALL {
            assert_eq!(Ring::from_letter(r.letter()), Some(r));
            assert_eq!(Ring::from_code(r.code()), Some(r));
        }
        assert_eq!(Ring::from_code(0), None);
    }
}
