use crate::{CELLS, ORBITS, SECTORS};
use std::fmt;

/// A cell of the board: an orbit 1..=5 and a sector a..r (index 0..17, growing clockwise).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The cell at `orbit` (1..=5) and `sector` (0..=17); `None` off the board.
    #[inline]
    pub fn new(orbit: i32, sector: i32) -> Option<Cell> {
        if (1..=ORBITS as i32).contains(&orbit) {
            let sector = sector.rem_euclid(SECTORS as i32);
            Some(Cell(((orbit - 1) * SECTORS as i32 + sector) as u8))
        } else {
            None
        }
    }

    /// The cell with this index (0..90, orbit-major from orbit 1).
    #[inline]
    pub fn from_index(index: usize) -> Cell {
        debug_assert!(index < CELLS);
        Cell(index as u8)
    }

    /// The index 0..90.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The orbit, 1 (innermost) to 5 (outermost).
    #[inline]
    pub fn orbit(self) -> i32 {
        self.0 as i32 / SECTORS as i32 + 1
    }

    /// The sector, 0 (a) to 17 (r).
    #[inline]
    pub fn sector(self) -> i32 {
        self.0 as i32 % SECTORS as i32
    }

    /// The cell `d_orbit` outward and `d_sector` clockwise; sectors wrap, orbits do not.
    #[inline]
    pub fn offset(self, d_orbit: i32, d_sector: i32) -> Option<Cell> {
        Cell::new(self.orbit() + d_orbit, self.sector() + d_sector)
    }

    /// Parses `n5`: a sector letter a..r and an orbit digit 1..5.
    pub fn parse(text: &str) -> Result<Cell, String> {
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
        Ok(Cell::new((bytes[1] - b'0') as i32, (sector - b'a') as i32).expect("checked ranges"))
    }

    /// Every cell, orbit 1 first.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.sector() as u8) as char, self.orbit())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates() {
        let c = Cell::parse("n5").unwrap();
        assert_eq!((c.orbit(), c.sector()), (5, 13));
        assert_eq!(c.to_string(), "n5");
        assert_eq!(Cell::parse("r1").unwrap().offset(0, 1), Cell::parse("a1").ok());
        assert_eq!(Cell::parse("a5").unwrap().offset(1, 0), None);
        assert_eq!(Cell::parse("a1").unwrap().offset(-1, 0), None);
        for bad in ["", "s1", "a6", "a0", "a", "a12", "11"] {
            assert!(Cell::parse(bad).is_err(), "{bad}");
        }
    }
}
