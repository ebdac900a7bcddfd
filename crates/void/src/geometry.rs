//! Directions on the ring board: steps of orbits (outward) and sectors (clockwise), and the
//! tables of those steps, built at compile time so that move generation never divides.

use crate::{Square, SECTORS, SQUARES};

/// A step between neighbouring squares: `orbit` orbits outward and `sector` sectors clockwise
/// (each -1, 0 or 1). Sectors wrap round; orbits end at 1 and 5.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Direction {
    /// Orbits outward (negative: towards the void).
    pub orbit: i32,
    /// Sectors clockwise (negative: counter-clockwise).
    pub sector: i32,
    /// The place in [`Direction::ALL`], which indexes the step table.
    index: usize,
}

impl Direction {
    const fn new(orbit: i32, sector: i32, index: usize) -> Direction {
        Direction { orbit, sector, index }
    }

    /// Clockwise along the orbit.
    pub const CLOCKWISE: Direction = Direction::new(0, 1, 0);
    /// Counter-clockwise along the orbit.
    pub const COUNTER_CLOCKWISE: Direction = Direction::new(0, -1, 1);
    /// One orbit outward.
    pub const OUTWARD: Direction = Direction::new(1, 0, 2);
    /// One orbit inward, towards the void.
    pub const INWARD: Direction = Direction::new(-1, 0, 3);

    /// The eight directions: orbital, radial, then diagonal.
    pub const ALL: [Direction; 8] = [
        Direction::CLOCKWISE,
        Direction::COUNTER_CLOCKWISE,
        Direction::OUTWARD,
        Direction::INWARD,
        Direction::new(1, 1, 4),
        Direction::new(1, -1, 5),
        Direction::new(-1, 1, 6),
        Direction::new(-1, -1, 7),
    ];

    /// The four diagonal directions.
    pub const DIAGONALS: [Direction; 4] = [
        Direction::ALL[4],
        Direction::ALL[5],
        Direction::ALL[6],
        Direction::ALL[7],
    ];

    /// The orbital direction of a sector step (1 clockwise, -1 counter-clockwise).
    pub const fn along_orbit(sector: i32) -> Direction {
        if sector > 0 {
            Direction::CLOCKWISE
        } else {
            Direction::COUNTER_CLOCKWISE
        }
    }
}

/// The step table: `STEPS[direction][square]`, the neighbour or `None` off the board. Rows have
/// 256 entries so that a `Square` (a `u8`) indexes them without a bounds check.
static STEPS: [[Option<Square>; 256]; 8] = {
    let mut table = [[None; 256]; 8];
    let mut d = 0;
    while d < 8 {
        let mut i = 0;
        while i < SQUARES {
            let direction = Direction::ALL[d];
            table[d][i] = Square::from_index(i).offset(direction.orbit, direction.sector);
            i += 1;
        }
        d += 1;
    }
    table
};

/// Squares below each square in its sector (orbits 1 up to the square's, exclusive), as bits
/// over square indices: the bomber's column.
static BELOW: [u128; SQUARES] = {
    let mut table = [0u128; SQUARES];
    let mut i = SECTORS;
    while i < SQUARES {
        table[i] = table[i - SECTORS] | 1u128 << (i - SECTORS);
        i += 1;
    }
    table
};

impl Square {
    /// The neighbour one step in `direction`, from the table.
    #[inline]
    pub(crate) fn step(self, direction: Direction) -> Option<Square> {
        STEPS[direction.index & 7][self.index() & 255]
    }

    /// The squares below this one in its sector, as bits over square indices.
    #[inline]
    pub(crate) fn below(self) -> u128 {
        BELOW[self.index()]
    }

    /// The square's bit over square indices.
    #[inline]
    pub(crate) const fn bit(self) -> u128 {
        1u128 << self.index()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_agree_with_offsets() {
        for square in Square::all() {
            for d in Direction::ALL {
                assert_eq!(square.step(d), square.offset(d.orbit, d.sector), "{square} {d:?}");
            }
            let below = (1..square.orbit())
                .filter_map(|orbit| Square::new(orbit, square.sector()))
                .fold(0u128, |bits, s| bits | s.bit());
            assert_eq!(square.below(), below, "{square}");
        }
    }
}
