//! Directions on the ring board: steps of orbits (outward) and sectors (clockwise).

/// A step between neighbouring squares: `orbit` orbits outward and `sector` sectors clockwise
/// (each -1, 0 or 1). Sectors wrap round; orbits end at 1 and 5.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Direction {
    /// Orbits outward (negative: towards the void).
    pub orbit: i32,
    /// Sectors clockwise (negative: counter-clockwise).
    pub sector: i32,
}

impl Direction {
    const fn new(orbit: i32, sector: i32) -> Direction {
        Direction { orbit, sector }
    }

    /// The eight directions: orbital, radial, then diagonal.
    pub const ALL: [Direction; 8] = [
        Direction::new(0, 1),
        Direction::new(0, -1),
        Direction::new(1, 0),
        Direction::new(-1, 0),
        Direction::new(1, 1),
        Direction::new(1, -1),
        Direction::new(-1, 1),
        Direction::new(-1, -1),
    ];

    /// The four diagonal directions.
    pub const DIAGONALS: [Direction; 4] = [
        Direction::new(1, 1),
        Direction::new(1, -1),
        Direction::new(-1, 1),
        Direction::new(-1, -1),
    ];
}
