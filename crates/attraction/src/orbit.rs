//! Orbits, Attraction's only way of moving: a stone on one side of a centre stone travels round it
//! through the centre's four orthogonal neighbours, one quarter-turn (a diagonal step) at a time.

use crate::geometry::Direction;

/// The sense of an orbit, as seen on a diagram with rank 8 at the top.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sense {
    /// North → east → south → west.
    Clockwise,
    /// North → west → south → east.
    CounterClockwise,
}

impl Sense {
    /// Both senses.
    pub const BOTH: [Sense; 2] = [Sense::Clockwise, Sense::CounterClockwise];

    /// The other sense: chained orbits alternate.
    #[inline]
    pub const fn opposite(self) -> Sense {
        match self {
            Sense::Clockwise => Sense::CounterClockwise,
            Sense::CounterClockwise => Sense::Clockwise,
        }
    }

    /// The side (index into [`Direction::ORTHOGONAL`], the stone's direction from the centre) reached
    /// after one quarter-turn from `side`.
    #[inline(always)]
    pub const fn next_side(self, side: usize) -> usize {
        match self {
            Sense::Clockwise => (side + 1) & 3,
            Sense::CounterClockwise => (side + 3) & 3,
        }
    }

    /// The diagonal step of one quarter-turn starting on `side`.
    #[inline(always)]
    pub const fn step(self, side: usize) -> Direction {
        match self {
            Sense::Clockwise => [
                Direction::SouthEast,
                Direction::SouthWest,
                Direction::NorthWest,
                Direction::NorthEast,
            ][side],
            Sense::CounterClockwise => [
                Direction::SouthWest,
                Direction::NorthWest,
                Direction::NorthEast,
                Direction::SouthEast,
            ][side],
        }
    }

    /// The direction of travel (the orbit's tangent) on `side`: where a stone met there is pushed.
    #[inline(always)]
    pub const fn tangent(self, side: usize) -> Direction {
        match self {
            Sense::Clockwise => [Direction::East, Direction::South, Direction::West, Direction::North][side],
            Sense::CounterClockwise => [Direction::West, Direction::North, Direction::East, Direction::South][side],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_the_circle() {
        for sense in Sense::BOTH {
            for side in 0..4 {
                let here = Direction::ORTHOGONAL[side].delta();
                let next_side = sense.next_side(side);
                let there = Direction::ORTHOGONAL[next_side].delta();
                // One quarter-turn is the difference of the two neighbour points.
                assert_eq!(sense.step(side).delta(), (there.0 - here.0, there.1 - here.1));
                // The tangent points where the stone goes next, seen from where it is.
                let t = sense.tangent(side).delta();
                assert_eq!(t, there, "{sense:?} side {side}");
                // It is perpendicular to the radius, so the pushed-to cell is diagonal to the centre.
                assert_eq!(t.0 * here.0 + t.1 * here.1, 0);
            }
        }
        assert_eq!(Sense::Clockwise.next_side(3), 0);
        assert_eq!(Sense::CounterClockwise.next_side(0), 3);
    }
}
