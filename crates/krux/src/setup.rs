//! Where the six pieces start: the option `setup=`, a named preset or six squares.
//!
//! The rules file fixes one setup (`corner`); the others exist so that self-play can measure
//! how much the start decides. Every preset is point-symmetric through the hole (piece 2 stands
//! where piece 1's square lands when turned half round d4, and so on for 4 and 3, 6 and 5), so
//! neither side is favoured by the board, and none has a piece on the d-file or the 4th rank, so
//! no piece starts in line with the hole. That alone does not stop a first-turn win (piece 1
//! can pull a piece onto those lines and push it in with its second action); the tests check
//! that no preset lets White win with its first turn. A setup given as six squares need not be
//! symmetric and may put pieces in line with the hole; it may not put one on the hole.

use crate::piece::Piece;
use crate::square::Square;
use std::fmt;

/// The starting square of every piece, by piece index (pieces 1 to 6). Valid by construction:
/// six different squares, none of them the hole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup([Square; 6]);

/// A square by name, at compile time (`sq(b"a1")`).
const fn sq(name: &[u8; 2]) -> Square {
    Square::at((name[1] - b'1') as usize * crate::square::SIZE + (name[0] - b'a') as usize)
}

impl Setup {
    /// The rules' setup (the default): White 1 a1, 3 b1, 5 c1; Black 2 g7, 4 f7, 6 e7. Each side
    /// in a corner, the pieces side by side on the back rank.
    pub const CORNER: Setup = Setup([sq(b"a1"), sq(b"g7"), sq(b"b1"), sq(b"f7"), sq(b"c1"), sq(b"e7")]);
    /// Along the back ranks with a square between the pieces: White 1 a1, 3 c1, 5 e1; Black
    /// 2 g7, 4 e7, 6 c7: White's 3 and 5 stand on the files of Black's 6 and 4.
    pub const SPREAD: Setup = Setup([sq(b"a1"), sq(b"g7"), sq(b"c1"), sq(b"e7"), sq(b"e1"), sq(b"c7")]);
    /// The rules' squares in the other order: White 1 c1, 3 b1, 5 a1; Black 2 e7, 4 f7, 6 g7.
    /// The first pieces to move start nearest the middle, the last in the corners. (The rules'
    /// setup mirrored in the a1–g7 diagonal would not be a new game: the rules look the same in
    /// that mirror, so it plays exactly like `corner`.)
    pub const REVERSED: Setup = Setup([sq(b"c1"), sq(b"e7"), sq(b"b1"), sq(b"f7"), sq(b"a1"), sq(b"g7")]);
    /// Near the hole, out of its lines: White 1 b2, 3 c2, 5 b3; Black 2 f6, 4 e6, 6 f5. Each
    /// side's pieces stand in an L three or four squares from the hole, cornered on b2 (f6), so
    /// the sides meet within a turn or two. Piece 1 stands in the corner: on c2 or b3 it could
    /// win with its first turn (pull a piece onto the hole's file or rank, then push it in).
    pub const CENTRE: Setup = Setup([sq(b"b2"), sq(b"f6"), sq(b"c2"), sq(b"e6"), sq(b"b3"), sq(b"f5")]);
    /// Diagonal fronts facing each other across the hole: White 1 a3, 3 b2, 5 c1; Black 2 g5,
    /// 4 f6, 6 e7.
    pub const FACING: Setup = Setup([sq(b"a3"), sq(b"g5"), sq(b"b2"), sq(b"f6"), sq(b"c1"), sq(b"e7")]);

    /// The named setups, the default first: the values of `setup=` offered to players.
    pub const PRESETS: [(&'static str, Setup); 5] = [
        ("corner", Setup::CORNER),
        ("spread", Setup::SPREAD),
        ("reversed", Setup::REVERSED),
        ("centre", Setup::CENTRE),
        ("facing", Setup::FACING),
    ];

    /// The setup with these squares (by piece index), if they are six different squares off the
    /// hole; otherwise why not, in words.
    pub fn new(squares: [Square; 6]) -> Result<Setup, String> {
        for p in Piece::all() {
            let s = squares[p.index()];
            if s.is_hole() {
                return Err(format!("piece {p} is on {s}, the hole, where no piece may start"));
            }
            if let Some(q) = Piece::all().take(p.index()).find(|q| squares[q.index()] == s) {
                return Err(format!("pieces {q} and {p} both start on {s}"));
            }
        }
        Ok(Setup(squares))
    }

    /// The starting squares, by piece index.
    #[inline]
    pub fn squares(self) -> [Square; 6] {
        self.0
    }

    /// Where `piece` starts.
    #[inline]
    pub fn square(self, piece: Piece) -> Square {
        self.0[piece.index()]
    }

    /// The preset's name, if this is one.
    pub fn name(self) -> Option<&'static str> {
        Setup::PRESETS.iter().find(|(_, s)| *s == self).map(|(name, _)| *name)
    }

    /// Is the setup the same for both sides seen through the hole: piece 2 on piece 1's square
    /// turned half round d4, 4 on 3's, 6 on 5's?
    pub fn is_point_symmetric(self) -> bool {
        let turned = |s: Square| Square::at(crate::square::SQUARES - 1 - s.index());
        (0..3).all(|i| self.0[2 * i + 1] == turned(self.0[2 * i]))
    }

    /// Parses a preset name or six squares joined by dots, pieces 1 to 6 in order
    /// (`a1.g7.b1.f7.c1.e7`); the error says what is wrong, for a message about the option.
    pub fn parse(text: &str) -> Result<Setup, String> {
        if let Some((_, setup)) = Setup::PRESETS.iter().find(|(name, _)| *name == text) {
            return Ok(*setup);
        }
        let parts: Vec<&str> = text.split('.').collect();
        if parts.len() == 1 && Square::parse(text).is_none() {
            return Err(format!(
                "must be {} or six squares for pieces 1 to 6 joined by dots (such as {}), not '{text}'",
                names(),
                Setup::CORNER.squares_text()
            ));
        }
        if parts.len() != 6 {
            return Err(format!(
                "'{text}' gives {} square(s); it needs six, for pieces 1 to 6 in order, joined by dots \
                 (such as {})",
                parts.len(),
                Setup::CORNER.squares_text()
            ));
        }
        let mut squares = [Square::HOLE; 6];
        for (i, part) in parts.iter().enumerate() {
            squares[i] = Square::parse(part)
                .ok_or_else(|| format!("'{part}' (piece {}) in '{text}' is not a square: a1 to g7", i + 1))?;
        }
        Setup::new(squares)
    }

    /// The six squares joined by dots, whether or not the setup has a name.
    pub fn squares_text(self) -> String {
        self.0.map(|s| s.to_string()).join(".")
    }
}

/// The preset names in words: `corner, spread, edge, centre or facing`.
fn names() -> String {
    let names: Vec<&str> = Setup::PRESETS.iter().map(|(name, _)| *name).collect();
    let (last, rest) = names.split_last().expect("there are presets");
    format!("{} or {last}", rest.join(", "))
}

impl Default for Setup {
    /// The rules' setup, [`Setup::CORNER`].
    fn default() -> Self {
        Setup::CORNER
    }
}

impl fmt::Display for Setup {
    /// The preset's name, or the six squares joined by dots: the value of `setup=`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(name) => f.write_str(name),
            None => f.write_str(&self.squares_text()),
        }
    }
}
