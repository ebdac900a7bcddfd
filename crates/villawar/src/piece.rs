//! Pieces: double-sided discs, a villager on one face and a warrior on the other.

use arbiter_core::Player;

/// White moves first and is `Player::First`; Black is `Player::Second`.
pub const WHITE: Player = Player::First;
/// Black, the second player.
pub const BLACK: Player = Player::Second;

/// The face a piece shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Lands on empty squares; counts for the final score.
    Villager,
    /// Captures; counts only to break ties.
    Warrior,
}

impl Kind {
    /// 0 for villagers, 1 for warriors.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The word used in messages.
    pub const fn word(self) -> &'static str {
        match self {
            Kind::Villager => "villager",
            Kind::Warrior => "warrior",
        }
    }
}

/// A piece: whose, and which face up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The owner.
    pub player: Player,
    /// The face shown.
    pub kind: Kind,
}

impl Piece {
    /// The piece of `player` showing `kind`.
    pub const fn new(player: Player, kind: Kind) -> Piece {
        Piece { player, kind }
    }

    /// The index of this piece's bitboard: White villager 0, White warrior 1, Black villager 2, Black warrior 3.
    #[inline(always)]
    pub const fn index(self) -> usize {
        (self.player as usize) * 2 + self.kind as usize
    }

    /// The piece of a bitboard index (0..4).
    pub const fn from_index(index: usize) -> Piece {
        let player = if index < 2 { WHITE } else { BLACK };
        let kind = if index & 1 == 0 { Kind::Villager } else { Kind::Warrior };
        Piece { player, kind }
    }

    /// The letter in position strings: `V W` for White, `v w` for Black.
    pub const fn letter(self) -> char {
        match (self.player, self.kind) {
            (Player::First, Kind::Villager) => 'V',
            (Player::First, Kind::Warrior) => 'W',
            (Player::Second, Kind::Villager) => 'v',
            (Player::Second, Kind::Warrior) => 'w',
        }
    }

    /// The piece of a position-string letter.
    pub const fn from_letter(c: char) -> Option<Piece> {
        match c {
            'V' => Some(Piece::new(WHITE, Kind::Villager)),
            'W' => Some(Piece::new(WHITE, Kind::Warrior)),
            'v' => Some(Piece::new(BLACK, Kind::Villager)),
            'w' => Some(Piece::new(BLACK, Kind::Warrior)),
            _ => None,
        }
    }

    /// "white villager", "black warrior": for messages.
    pub fn describe(self) -> String {
        format!("{} {}", player_name(self.player), self.kind.word())
    }
}

/// The name of a side (see [`arbiter_core::Game::player_name`]).
pub(crate) const fn player_name(player: Player) -> &'static str {
    match player {
        Player::First => "white",
        Player::Second => "black",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_indices_round_trip() {
        for i in 0..4 {
            let p = Piece::from_index(i);
            assert_eq!(p.index(), i);
            assert_eq!(Piece::from_letter(p.letter()), Some(p));
        }
        assert_eq!(Piece::from_letter('x'), None);
    }
}
