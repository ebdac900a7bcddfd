//! voidgame's points: what each side has taken, counted from the pieces left.

use crate::Side;
use arbiter_void::{Kind, Piece, Square, Void, ORBITS};

/// Points of a flagship on the outer orbit (it is worth 2 less per orbit lower).
pub const FLAG_POINTS: u8 = 9;
/// Points of a bomber.
pub const BOMBER_POINTS: u8 = 6;
/// Points of a sweeper.
pub const SWEEPER_POINTS: u8 = 4;
/// Points of a fighter.
pub const FIGHTER_POINTS: u8 = 2;
/// A side's points when nothing of the opponent's is left: a flagship, 2 bombers, 2 sweepers
/// and 3 fighters.
pub const MAX_SCORE: u8 = FLAG_POINTS + 2 * BOMBER_POINTS + 2 * SWEEPER_POINTS + 3 * FIGHTER_POINTS;

/// [`value`] of every piece by engine code (0: no piece, worth nothing) on every orbit (0
/// innermost).
const VALUES: [[u8; ORBITS]; 9] = {
    let mut table = [[0u8; ORBITS]; 9];
    let mut code = 1;
    while code <= 8 {
        let mut orbit = 0;
        while orbit < ORBITS {
            table[code][orbit] = match (code - 1) % 4 {
                0 => FLAG_POINTS - 2 * (ORBITS - 1 - orbit) as u8,
                1 => BOMBER_POINTS,
                2 => SWEEPER_POINTS,
                _ => FIGHTER_POINTS,
            };
            orbit += 1;
        }
        code += 1;
    }
    table
};

/// The side index (0 Black, 1 White) and [`value`] of the piece of engine code `code` (0 for an
/// empty cell: worth nothing) on voidgame's orbit `orbit` (0 innermost).
#[inline]
pub(crate) fn code_value(code: u8, orbit: usize) -> (usize, u8) {
    let code = usize::from(code.min(8));
    (code.saturating_sub(1) / 4, VALUES[code][orbit.min(ORBITS - 1)])
}

/// voidgame's value of a piece on a cell: a flagship is worth less the lower it stands.
pub fn value(piece: Piece, cell: Square) -> u8 {
    match piece.kind {
        // orbit 5 → 9, orbit 1 → 1
        Kind::Flagship => FLAG_POINTS - 2 * (5 - cell.orbit() as u8),
        Kind::Bomber => BOMBER_POINTS,
        Kind::Sweeper => SWEEPER_POINTS,
        Kind::Fighter => FIGHTER_POINTS,
    }
}

/// voidgame's `black` and `white` after a turn: each side's points are [`MAX_SCORE`] less the
/// value of the opponent's pieces still on the board (so a side's points are odd exactly when
/// the opponent's flagship has gone, which is how voidgame sees a win).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scores {
    /// Black's points (negative, as in voidgame, on a set-up board with more pieces than a start).
    pub black: i32,
    /// White's points.
    pub white: i32,
}

impl Scores {
    /// The scores of an engine position.
    pub fn of_void(void: &Void) -> Scores {
        let mut left = [0i32; 2];
        for cell in Square::all() {
            let code = void.piece(cell).map_or(0, |piece| piece.code());
            let (side, points) = code_value(code, cell.orbit() as usize - 1);
            left[side] += i32::from(points);
        }
        Scores::of_left(left)
    }

    /// The scores when the pieces left are worth `left` (Black's, White's).
    pub(crate) const fn of_left(left: [i32; 2]) -> Scores {
        Scores {
            black: MAX_SCORE as i32 - left[1],
            white: MAX_SCORE as i32 - left[0],
        }
    }

    /// A side's points.
    pub const fn of(self, side: Side) -> i32 {
        match side {
            Side::Black => self.black,
            Side::White => self.white,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::{Game, NoVariant};

    #[test]
    fn start_scores_are_zero_and_values_follow_voidgame() {
        let start = Void::new(&NoVariant);
        assert_eq!(Scores::of_void(&start), Scores { black: 0, white: 0 });
        assert_eq!(MAX_SCORE, 35);
        let flag = Piece {
            kind: Kind::Flagship,
            owner: arbiter_core::Player::First,
        };
        let low = Square::parse("a1").expect("a cell");
        assert_eq!(value(flag, low), 1);
        for code in 1..=8u8 {
            let piece = Piece::from_code(code).expect("a piece");
            for cell in Square::all() {
                let orbit = cell.orbit() as usize - 1;
                assert_eq!(code_value(code, orbit), (piece.owner.index(), value(piece, cell)));
            }
        }
        assert_eq!(code_value(0, 0).1, 0);
        let pieces = crate::Board::of_void(&start)
            .cells()
            .filter(|(_, c)| c.piece_shown().is_some())
            .count();
        assert_eq!(pieces, 16);
    }
}
