//! A point of the 8×8 board, written like a chess square (`a1` … `h8`).

arbiter_core::grid_square! {
    /// One of the 64 points: index `rank * 8 + file`, so `a1` = 0, `h1` = 7, `a8` = 56 — the
    /// bit of the point in a bitboard.
    pub struct Square(files = 8, ranks = 8);
}
