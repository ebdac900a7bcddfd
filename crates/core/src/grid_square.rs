//! The square type of a rectangular board whose squares are named like a chess square (`a1`),
//! written once for every game that needs one instead of once per game.

/// Declares a square of a `files` × `ranks` board (at most 26 × 9, so that a name is one
/// letter and one digit): a `u8` index `rank * files + file`, so `a1` = 0.
///
/// The type gets what every such game needs — construction from coordinates or an index,
/// coordinates, a one-bit set, offsets, every square in order, parsing and `Display` — and
/// the game adds its own methods in an `impl` block of its own. A macro rather than a generic
/// type, so that each game owns its `Square` and can give it inherent constants and methods.
///
/// ```
/// arbiter_core::grid_square! {
///     /// A square of a 3×2 board.
///     pub struct Square(files = 3, ranks = 2);
/// }
/// assert_eq!(Square::parse("c2").map(Square::index), Some(5));
/// assert_eq!(Square::new(0, 1).map(|s| s.to_string()).as_deref(), Some("a2"));
/// assert_eq!(Square::all().count(), Square::COUNT);
/// ```
#[macro_export]
macro_rules! grid_square {
    ($(#[$meta:meta])* $vis:vis struct $name:ident(files = $files:expr, ranks = $ranks:expr);) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis struct $name(u8);

        const _: () = assert!($files >= 1 && $files <= 26 && $ranks >= 1 && $ranks <= 9);

        #[allow(dead_code)]
        impl $name {
            /// Files (columns) of the board.
            pub const FILES: usize = $files;
            /// Ranks (rows) of the board.
            pub const RANKS: usize = $ranks;
            /// Squares on the board.
            pub const COUNT: usize = $files * $ranks;

            /// The square at `file` (0 = `a`) and `rank` (0 = rank `1`), if on the board.
            #[inline]
            pub const fn new(file: usize, rank: usize) -> Option<Self> {
                if file < Self::FILES && rank < Self::RANKS {
                    Some(Self((rank * Self::FILES + file) as u8))
                } else {
                    None
                }
            }

            /// The square with this index, if on the board.
            #[inline]
            pub const fn from_index(index: usize) -> Option<Self> {
                if index < Self::COUNT {
                    Some(Self(index as u8))
                } else {
                    None
                }
            }

            /// The square with an index known to be on the board (tables, packed moves, set
            /// bits), checked in debug builds: a wrong index in release still only panics, at
            /// the first table it indexes.
            #[inline]
            pub(crate) const fn at(index: usize) -> Self {
                debug_assert!(index < Self::COUNT, "a square index is on the board");
                Self(index as u8)
            }

            /// The index, `0..COUNT`.
            #[inline]
            pub const fn index(self) -> usize {
                self.0 as usize
            }

            /// The square as one bit of a set of squares (bit `index`).
            #[inline]
            pub const fn bit(self) -> u64 {
                1u64 << self.0
            }

            /// The file, 0 = `a`.
            #[inline]
            pub const fn file(self) -> usize {
                self.0 as usize % Self::FILES
            }

            /// The rank, 0 = rank `1`.
            #[inline]
            pub const fn rank(self) -> usize {
                self.0 as usize / Self::FILES
            }

            /// The square `files` files and `ranks` ranks away, if on the board.
            #[inline]
            pub fn offset(self, files: i8, ranks: i8) -> Option<Self> {
                let file = self.file().checked_add_signed(files as isize)?;
                let rank = self.rank().checked_add_signed(ranks as isize)?;
                Self::new(file, rank)
            }

            /// Every square, `a1` first, rank by rank.
            pub fn all() -> impl Iterator<Item = Self> {
                (0..Self::COUNT as u8).map(Self)
            }

            /// Parses a name such as `a1` (a lower-case file letter and a rank digit);
            /// `None` for anything else, including squares off the board.
            pub fn parse(text: &str) -> Option<Self> {
                match *text.as_bytes() {
                    [file @ b'a'..=b'z', rank @ b'1'..=b'9'] => {
                        Self::new((file - b'a') as usize, (rank - b'1') as usize)
                    }
                    _ => None,
                }
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                use ::std::fmt::Write as _;
                f.write_char((b'a' + self.file() as u8) as char)?;
                f.write_char((b'1' + self.rank() as u8) as char)
            }
        }
    };
}

#[cfg(test)]
mod tests {
    grid_square! {
        /// Krux's board.
        struct Seven(files = 7, ranks = 7);
    }
    grid_square! {
        /// A board wider than tall.
        struct Wide(files = 10, ranks = 3);
    }

    #[test]
    fn names_round_trip_and_index_rank_by_rank() {
        for sq in Seven::all() {
            assert_eq!(Seven::parse(&sq.to_string()), Some(sq));
            assert_eq!(Seven::new(sq.file(), sq.rank()), Some(sq));
            assert_eq!(Seven::from_index(sq.index()), Some(sq));
            assert_eq!(sq.bit(), 1 << sq.index());
        }
        assert_eq!(Seven::all().count(), 49);
        assert_eq!(Seven::parse("d4").map(Seven::index), Some(24));
        assert_eq!(Seven::parse("g7").map(Seven::index), Some(48));
        let names: Vec<String> = Wide::all().map(|s| s.to_string()).collect();
        assert_eq!(&names[..3], ["a1", "b1", "c1"]);
        assert_eq!(names[10], "a2");
        assert_eq!(names.last().map(String::as_str), Some("j3"));
        assert_eq!(Wide::parse("j3").map(Wide::index), Some(29));
    }

    #[test]
    fn off_the_board_is_none() {
        assert_eq!(Seven::new(7, 0), None);
        assert_eq!(Seven::new(0, 7), None);
        assert_eq!(Seven::from_index(49), None);
        assert_eq!(Wide::new(9, 2).map(Wide::index), Some(29));
        assert_eq!(Wide::new(10, 0), None);
        assert_eq!(Wide::new(0, 3), None);
        for bad in ["", "a", "a0", "h1", "a8", "A1", "a10", "1a", "d4 ", "é1"] {
            assert_eq!(Seven::parse(bad), None, "{bad:?}");
        }
        assert_eq!(Wide::parse("k1"), None);
        assert_eq!(Wide::parse("a4"), None);
    }

    #[test]
    fn offsets_stay_on_the_board() {
        let a1 = Seven::parse("a1").unwrap();
        assert_eq!(a1.offset(-1, 0), None);
        assert_eq!(a1.offset(0, -1), None);
        assert_eq!(a1.offset(1, 1), Seven::parse("b2"));
        assert_eq!(a1.offset(6, 6), Seven::parse("g7"));
        assert_eq!(a1.offset(7, 0), None);
        let g7 = Seven::parse("g7").unwrap();
        assert_eq!(g7.offset(0, 1), None);
        assert_eq!(g7.offset(-6, -6), Some(a1));
        let j1 = Wide::parse("j1").unwrap();
        assert_eq!(j1.offset(1, 0), None, "no wrapping onto the next rank");
        assert_eq!(j1.offset(-9, 2), Wide::parse("a3"));
    }
}
