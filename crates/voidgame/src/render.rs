//! voidgame's markers: the boards shown while a turn is being clicked.

use crate::analysis::Analysis;
use crate::board::Board;
use crate::cell_text::{Base, CellText, Mark};
use arbiter_void::{Kind, Square, SECTORS, SQUARES};

/// voidgame's order of a flagship's eight lines (orbit step, sector step): it writes the markers
/// of its targets line by line in this order, which shows when two markers meet on one cell.
const FLAG_LINES: [(i32, i32); 8] = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)];

impl Analysis {
    /// The board with the piece on `from` picked: `selected` on it and `canMove` on every cell it
    /// can move to (all empty); `None` if it cannot move (or is not the mover's).
    pub fn select_board(&self, from: Square) -> Option<Board> {
        let mut board = self.base().clone();
        let mut any = false;
        for to in self.destinations(from) {
            board.set(to, CellText::of(Base::CanMove));
            any = true;
        }
        if !any {
            return None;
        }
        board.mark(from, Mark::Selected);
        Some(board)
    }

    /// The board after the picked piece moved `from` → `to`: `start` where it was, `selected` on
    /// it, `canHit` on every piece it can attack and `willFall` where voidgame expects a fall;
    /// `None` if that is no legal move.
    ///
    /// `willFall` goes where voidgame puts it: on the cell a flagship's, sweeper's or fighter's
    /// target lands on, and on every cell below a bomber's target.
    pub fn move_board(&self, from: Square, to: Square) -> Option<Board> {
        let piece = self.base()[from].piece_shown()?;
        // The targets, in the engine's order; at most one per cell.
        let mut targets = [from; SQUARES];
        let mut count = 0;
        let mut legal = false;
        for choice in self.choices(from, to) {
            legal = true;
            if let Some(target) = choice {
                targets[count] = target;
                count += 1;
            }
        }
        if !legal {
            return None;
        }
        let targets = &mut targets[..count];
        let mut board = self.base().clone();
        board.set(to, CellText::piece(piece).with(Mark::Selected));
        board.set(from, CellText::of(Base::Start));
        if piece.kind == Kind::Flagship {
            // a stable sort: line by line, nearest first within a line as the engine lists them
            targets.sort_by_key(|&target| flag_line(to, target));
        }
        let below = |cell: Square, orbits: i32| cell.offset(-orbits, 0);
        for &target in targets.iter() {
            board.mark(target, Mark::CanHit);
            match piece.kind {
                // it lands three orbits down (orbits 4 and 5 only; lower, it leaves the board)
                Kind::Flagship => {
                    if let Some(landing) = below(target, 3) {
                        board.mark(landing, Mark::WillFall);
                    }
                }
                // everything below the target is bombed
                Kind::Bomber => {
                    for orbits in 1..target.orbit() {
                        if let Some(cell) = below(target, orbits) {
                            board.mark(cell, Mark::WillFall);
                        }
                    }
                }
                // it lands two orbits down, under the sweeper's path (unless that is the void)
                Kind::Sweeper => {
                    if to.orbit() >= 2 {
                        if let Some(landing) = below(target, 2) {
                            board.mark(landing, Mark::WillFall);
                        }
                    }
                }
                Kind::Fighter => {
                    if let Some(landing) = below(target, 1) {
                        board.mark(landing, Mark::WillFall);
                    }
                }
            }
        }
        Some(board)
    }
}

/// The rank of the line from `from` to `target` in voidgame's order of a flagship's lines.
fn flag_line(from: Square, target: Square) -> usize {
    let d_orbit = (target.orbit() - from.orbit()).signum();
    let sectors = SECTORS as i32;
    let clockwise = (target.sector() - from.sector()).rem_euclid(sectors);
    let d_sector = match clockwise {
        0 => 0,
        d if d < sectors / 2 => 1,
        _ => -1,
    };
    FLAG_LINES
        .iter()
        .position(|&line| line == (d_orbit, d_sector))
        .unwrap_or(FLAG_LINES.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analyses::Analyses;
    use arbiter_void::Void;

    fn cell(name: &str) -> Square {
        Square::parse(name).expect("a cell")
    }

    fn analysis(position: &str) -> std::sync::Arc<Analysis> {
        Analyses::shared().of(Void::parse(position).expect("a position"))
    }

    #[test]
    fn picking_a_sweeper() {
        let start = Analyses::shared().start();
        let board = start.select_board(cell("m4")).expect("the sweeper can move");
        assert_eq!(board[cell("m4")].text(), "black#sweeper selected");
        let can_move: Vec<String> = board
            .cells()
            .filter(|(_, c)| c.base() == Base::CanMove)
            .map(|(c, _)| c.to_string())
            .collect();
        assert_eq!(can_move, ["g4", "h4", "i4", "j4", "k4", "l4", "n4"]);
        assert_eq!(start.select_board(cell("n5")), None, "the flagship is boxed in");
        assert_eq!(start.select_board(cell("d3")), None, "not the mover's");
    }

    #[test]
    fn a_bomber_marks_its_whole_column() {
        let start = Analyses::shared().start();
        let board = start.move_board(cell("m5"), cell("n4")).expect("m5-n4 is legal");
        assert_eq!(board[cell("m5")].text(), "start");
        assert_eq!(board[cell("n4")].text(), "black#bomber selected");
        assert_eq!(board[cell("n3")].text(), "black#fighter canHit");
        assert_eq!(board[cell("n2")].text(), "willFall");
        assert_eq!(board[cell("n1")].text(), "willFall");
        assert_eq!(start.move_board(cell("m5"), cell("m3")), None);
    }

    #[test]
    fn flagship_markers_in_voidgame_line_order() {
        // e3-f3: targets f5 (up) and f1 (down); f5 lands on f2.
        let an = analysis("5x9f2/18/4F13/18/5x12 w");
        let board = an.move_board(cell("e3"), cell("f3")).expect("legal");
        assert_eq!(board[cell("f5")].text(), "black#fighter canHit");
        assert_eq!(board[cell("f2")].text(), "willFall");
        assert_eq!(board[cell("f1")].text(), "black#fighter canHit");
        // b2-c2 with targets on c4 (up, lands on c1) and c1 (down): "willFall canHit" on c1.
        let an = analysis("9f8/2x15/18/1F16/2x15 w");
        let board = an.move_board(cell("b2"), cell("c2")).expect("legal");
        assert_eq!(board[cell("c4")].text(), "black#fighter canHit");
        assert_eq!(board[cell("c1")].text(), "black#fighter willFall canHit");
    }
}
