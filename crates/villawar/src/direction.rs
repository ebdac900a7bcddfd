//! The eight jump directions.
//!
//! The order is chosen so that the first four increase the bit index (their nearest square on a
//! ray is the lowest bit) and the last four decrease it (the highest bit), and so that `d ^ 4`
//! is the opposite of `d`.

/// A direction along a rank, file or diagonal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Direction {
    /// Towards rank N.
    North = 0,
    /// Towards rank N and file a+N.
    NorthEast = 1,
    /// Towards the last file.
    East = 2,
    /// Towards rank N and file a.
    NorthWest = 3,
    /// Towards rank 1.
    South = 4,
    /// Towards rank 1 and file a.
    SouthWest = 5,
    /// Towards file a.
    West = 6,
    /// Towards rank 1 and the last file.
    SouthEast = 7,
}

impl Direction {
    /// All eight, in index order.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::NorthWest,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::SouthEast,
    ];

    /// The index 0..8.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction of an index (taken modulo 8).
    #[inline(always)]
    pub const fn from_index(i: usize) -> Direction {
        Direction::ALL[i & 7]
    }

    /// One step as (file change, rank change).
    pub const fn delta(self) -> (isize, isize) {
        match self {
            Direction::North => (0, 1),
            Direction::NorthEast => (1, 1),
            Direction::East => (1, 0),
            Direction::NorthWest => (-1, 1),
            Direction::South => (0, -1),
            Direction::SouthWest => (-1, -1),
            Direction::West => (-1, 0),
            Direction::SouthEast => (1, -1),
        }
    }

    /// Whether a step increases the bit index.
    #[inline(always)]
    pub const fn ascending(self) -> bool {
        (self as usize) < 4
    }

    /// The opposite direction.
    pub const fn opposite(self) -> Direction {
        Direction::from_index(self as usize ^ 4)
    }

    /// The direction from one (file, rank) to another, if they share a line and differ.
    pub fn between(from: (usize, usize), to: (usize, usize)) -> Option<Direction> {
        let df = to.0 as isize - from.0 as isize;
        let dr = to.1 as isize - from.1 as isize;
        if (df == 0 && dr == 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
            return None;
        }
        let step = (df.signum(), dr.signum());
        Direction::ALL.into_iter().find(|d| d.delta() == step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opposites_and_order() {
        for d in Direction::ALL {
            let (f, r) = d.delta();
            let (of, or) = d.opposite().delta();
            assert_eq!((f, r), (-of, -or));
            // ascending <=> the index grows for every board width
            assert_eq!(d.ascending(), r > 0 || (r == 0 && f > 0));
        }
        assert_eq!(Direction::between((2, 0), (0, 2)), Some(Direction::NorthWest));
        assert_eq!(Direction::between((2, 0), (3, 2)), None);
        assert_eq!(Direction::between((2, 0), (2, 0)), None);
    }
}
