//! Squares of the 7×7 board and their coordinates.

/// Files and ranks of the board.
pub const SIZE: usize = 7;
/// Number of squares, the hole included.
pub const SQUARES: usize = SIZE * SIZE;

arbiter_core::grid_square! {
    /// One square of the board, `a1` = 0 … `g7` = 48 (rank-major: `index = rank * 7 + file`).
    pub struct Square(files = SIZE, ranks = SIZE);
}

impl Square {
    /// The hole, `d4`: no piece stands on it; a piece that enters it falls and ends the game.
    pub const HOLE: Square = Square(24);

    /// Is this the hole?
    #[inline]
    pub const fn is_hole(self) -> bool {
        self.0 == Self::HOLE.0
    }

    /// Manhattan distance ("k steps away").
    #[inline]
    pub fn distance(self, other: Square) -> usize {
        crate::geometry::DISTANCE[self.index()][other.index()] as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hole_is_d4() {
        assert_eq!(Square::HOLE.to_string(), "d4");
        assert!(Square::parse("d4").is_some_and(Square::is_hole));
        assert_eq!(Square::all().filter(|s| s.is_hole()).count(), 1);
    }
}
