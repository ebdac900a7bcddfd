//! A position analysed once by the engine: everything the click machine needs from the rules.
//!
//! The engine answers which turns are legal (with every attack choice), how the game ended and
//! what stands where; nothing here knows a rule of Void. Turns are generated into a reused buffer
//! and kept at their exact size; the board of the pieces is numbered (each analysis its own
//! number) so that boards drawn from it are compared where they were written ([`Board::changes`]).

use crate::board::Board;
use crate::cell_text::CellText;
use crate::points::{code_value, Scores};
use crate::{Phase, Prompt, Side};
use arbiter_core::{Game, Outcome};
use arbiter_void::{Move, Square, Void, ORBITS, SECTORS, SQUARES};
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};

/// How a finished game ended, as voidgame's `phase` and `prompt` show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// A side won: phase `"win"`.
    Win(Side),
    /// Nobody won: phase `"draw"` (Arbiter's rulings; voidgame has no draws).
    Draw,
}

impl Ending {
    /// The phase of a game ended this way.
    pub const fn phase(self) -> Phase {
        match self {
            Ending::Win(_) => Phase::Win,
            Ending::Draw => Phase::Draw,
        }
    }

    /// The prompt of a game ended this way.
    pub const fn prompt(self) -> Prompt {
        match self {
            Ending::Win(Side::Black) => Prompt::BlackWins,
            Ending::Win(Side::White) => Prompt::WhiteWins,
            Ending::Draw => Prompt::Draw,
        }
    }
}

/// An engine position with what the engine says of it: the legal turns, whether the game is
/// over, the pieces drawn as voidgame's board and voidgame's points.
///
/// Analyses never change once made, so machines share them ([`crate::Analyses`]); the boards
/// with markers are drawn from them on demand (see `render.rs`), which costs less than keeping
/// them.
#[derive(Debug)]
pub struct Analysis {
    void: Void,
    base: Board,
    scores: Scores,
    ending: Option<Ending>,
    only_pass: bool,
    turns: Box<[Move]>,
    /// Whether `turns` lists the pieces in the order of their cells (as the engine does), so a
    /// piece's turns are found by a binary search.
    ordered: bool,
}

impl Analysis {
    /// Asks the engine about a position.
    pub fn new(void: Void) -> Analysis {
        let ending = void.outcome().map(|outcome| match outcome {
            Outcome::Win(player) => Ending::Win(Side::of_player(player)),
            Outcome::Draw => Ending::Draw,
        });
        // generated into a reused buffer, kept at their exact size
        let turns: Box<[Move]> = SCRATCH.with_borrow_mut(|scratch| {
            void.legal_moves(scratch);
            if scratch.as_slice() == [Move::Pass] {
                scratch.clear();
            }
            scratch.as_slice().into()
        });
        let only_pass = turns.is_empty() && ending.is_none();
        let ordered = turns.windows(2).all(|pair| from_index(pair[0]) <= from_index(pair[1]));
        let (base, scores) = pieces(&void);
        Analysis {
            scores,
            base,
            void,
            ending,
            only_pass,
            turns,
            ordered,
        }
    }

    /// The engine position.
    pub fn void(&self) -> &Void {
        &self.void
    }

    /// The side to move (after a finished game, the side that would have moved next).
    pub fn side(&self) -> Side {
        Side::of_player(self.void.to_move())
    }

    /// The board with the pieces and no markers.
    pub fn base(&self) -> &Board {
        &self.base
    }

    /// voidgame's points in this position.
    pub fn scores(&self) -> Scores {
        self.scores
    }

    /// How the game ended, if it has.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Whether the side to move has no legal turn and must pass.
    pub fn only_pass(&self) -> bool {
        self.only_pass
    }

    /// Every legal turn in the engine's order; none when the game is over or the side to move
    /// must pass.
    pub fn turns(&self) -> &[Move] {
        &self.turns
    }

    /// The legal turns of the piece on `from` (all of them, with others', if they are not in the
    /// order of their cells).
    fn turns_of(&self, from: Square) -> &[Move] {
        if !self.ordered {
            return &self.turns;
        }
        let index = from.index();
        let start = self.turns.partition_point(|&turn| from_index(turn) < index);
        let end = start + self.turns[start..].partition_point(|&turn| from_index(turn) <= index);
        &self.turns[start..end]
    }

    /// The targets of the legal turns moving `from` to `to`, `None` for "no attack", in the
    /// engine's order; empty if that is no legal move.
    pub(crate) fn choices(&self, from: Square, to: Square) -> impl Iterator<Item = Option<Square>> + '_ {
        self.turns_of(from).iter().filter_map(move |&turn| match turn {
            Move::Turn { from: f, to: t, target } if f == from && t == to => Some(target),
            _ => None,
        })
    }

    /// The cells the piece on `from` can move to (a cell once per attack choice).
    pub(crate) fn destinations(&self, from: Square) -> impl Iterator<Item = Square> + '_ {
        self.turns_of(from).iter().filter_map(move |&turn| match turn {
            Move::Turn { from: f, to, .. } if f == from => Some(to),
            _ => None,
        })
    }

    /// Whether a turn is legal here.
    pub fn is_legal(&self, turn: Move) -> bool {
        match turn {
            Move::Turn { from, .. } => self.turns_of(from).contains(&turn),
            Move::Pass => false,
        }
    }
}

/// The board of a position's pieces (numbered as a new position) and voidgame's points, in one
/// pass over the cells.
fn pieces(void: &Void) -> (Board, Scores) {
    /// Numbers of the positions analysed so far.
    static ORIGINS: AtomicU64 = AtomicU64::new(1);
    let mut cells = [CellText::EMPTY; SQUARES];
    let mut left = [0i32; 2];
    for orbit in 0..ORBITS {
        for sector in 0..SECTORS {
            let cell = Board::cell_at(orbit, sector);
            let code = void.piece(cell).map_or(0, |piece| piece.code());
            cells[cell.index()] = CellText::of_piece_code(code);
            let (side, points) = code_value(code, orbit);
            left[side] += i32::from(points);
        }
    }
    let origin = ORIGINS.fetch_add(1, Ordering::Relaxed);
    (Board::of_position(cells, origin), Scores::of_left(left))
}

/// The index of the cell a turn starts from (a pass: past every cell).
fn from_index(turn: Move) -> usize {
    match turn {
        Move::Turn { from, .. } => from.index(),
        Move::Pass => usize::MAX,
    }
}

thread_local! {
    /// The buffer legal turns are generated into (one per thread, reused).
    static SCRATCH: RefCell<Vec<Move>> = const { RefCell::new(Vec::new()) };
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::NoVariant;

    #[test]
    fn start_position() {
        let start = Analysis::new(Void::new(&NoVariant));
        assert_eq!(start.side(), Side::Black);
        assert_eq!(start.ending(), None);
        assert!(!start.only_pass());
        assert!(!start.turns().is_empty());
        assert_eq!(start.scores(), Scores { black: 0, white: 0 });
    }

    #[test]
    fn every_turn_is_found() {
        let start = Analysis::new(Void::new(&NoVariant));
        for &turn in start.turns() {
            assert!(start.is_legal(turn));
            let Move::Turn { from, to, target } = turn else {
                unreachable!("no pass at the start")
            };
            assert!(start.choices(from, to).any(|t| t == target));
            assert!(start.destinations(from).any(|d| d == to));
        }
        assert!(!start.is_legal(Move::Pass));
        assert!(start.ordered, "the engine lists the pieces in the order of their cells");
        let all: usize = Square::all().map(|cell| start.turns_of(cell).len()).sum();
        assert_eq!(all, start.turns().len());
    }

    #[test]
    fn endings_and_passes() {
        let won = Analysis::new(Void::parse("F17/18/18/18/5x12 b 0").expect("a position"));
        assert_eq!(won.ending(), Some(Ending::Win(Side::White)));
        assert!(won.turns().is_empty());
        let boxed = Analysis::new(Void::parse("bFb6f8/18/18/18/18 w 0").expect("a position"));
        assert!(boxed.only_pass() && boxed.turns().is_empty() && boxed.ending().is_none());
    }
}
