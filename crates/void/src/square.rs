//! `Square`, one cell of the ring board: an orbit and a sector, and the board's dimensions.

use std::fmt;

/// Number of orbits (1 innermost … 5 outermost).
pub const ORBITS: usize = 5;
/// Number of sectors per orbit (a … r).
pub const SECTORS: usize = 18;
/// Number of squares (cells) on the board.
pub const SQUARES: usize = ORBITS * SECTORS;

/// A square (a cell) of the board: an orbit 1..=5 and a sector a..r (index 0..17, growing clockwise).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The cell at `orbit` (1..=5) and `sector` (0..=17); `None` off the board.
    #[inline]
    pub const fn new(orbit: i32, sector: i32) -> Option<Square> {
        if orbit >= 1 && orbit <= ORBITS as i32 {
            let sector = sector.rem_euclid(SECTORS as i32);
            Some(Square(((orbit - 1) * SECTORS as i32 + sector) as u8))
        } else {
            None
        }
    }

    /// The cell with this index (0..90, orbit-major from orbit 1).
    #[inline]
    pub const fn from_index(index: usize) -> Square {
        debug_assert!(index < SQUARES);
        Square(index as u8)
    }

    /// The index 0..90.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The orbit, 1 (innermost) to 5 (outermost).
    #[inline]
    pub const fn orbit(self) -> i32 {
        self.0 as i32 / SECTORS as i32 + 1
    }

    /// The sector, 0 (a) to 17 (r).
    #[inline]
    pub const fn sector(self) -> i32 {
        self.0 as i32 % SECTORS as i32
    }

    /// The cell `d_orbit` outward and `d_sector` clockwise; sectors wrap, orbits do not.
    #[inline]
    pub const fn offset(self, d_orbit: i32, d_sector: i32) -> Option<Square> {
        Square::new(self.orbit() + d_orbit, self.sector() + d_sector)
    }

    /// Parses `n5`: a sector letter a..r and an orbit digit 1..5.
    pub fn parse(text: &str) -> Result<Square, String> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return Err(format!(
                "'{text}' is not a cell (a sector letter a..r and an orbit 1..5, like n5)"
            ));
        }
        let sector = bytes[0].to_ascii_lowercase();
        if !(b'a'..=b'r').contains(&sector) {
            return Err(format!("'{}' is not a sector (a..r)", bytes[0] as char));
        }
        if !(b'1'..=b'5').contains(&bytes[1]) {
            return Err(format!("'{}' is not an orbit (1..5)", bytes[1] as char));
        }
        Ok(Square::new((bytes[1] - b'0') as i32, (sector - b'a') as i32).expect("checked ranges"))
    }

    /// Every cell, orbit 1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.sector() as u8) as char, self.orbit())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates() {
        let c = Square::parse("n5").unwrap();
        assert_eq!((c.orbit(), c.sector()), (5, 13));
        assert_eq!(c.to_string(), "n5");
        assert_eq!(Square::parse("r1").unwrap().offset(0, 1), Square::parse("a1").ok());
        assert_eq!(Square::parse("a5").unwrap().offset(1, 0), None);
        assert_eq!(Square::parse("a1").unwrap().offset(-1, 0), None);
        for bad in ["", "s1", "a6", "a0", "a", "a12", "11"] {
            assert!(Square::parse(bad).is_err(), "{bad}");
        }
    }
}
