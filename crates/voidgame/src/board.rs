//! voidgame's board: 5 orbits (0 innermost) × 18 sectors of cell strings.

use crate::cell_text::{CellText, Mark};
use arbiter_void::{Square, Void, ORBITS, SECTORS, SQUARES};
use std::ops::Index;

/// A whole board of cell strings, indexed by the engine's [`Square`]: voidgame's `board[o][s]` is
/// the cell of orbit `o + 1` and sector `s` (the same index `o * 18 + s`).
///
/// A board drawn from an analysed position remembers which position (its `origin`) and which
/// cells were written over that position's pieces: two boards of one position can differ only
/// there, which makes [`Board::changes`] between them a look at a few cells.
#[derive(Debug, Clone)]
pub struct Board {
    cells: [CellText; SQUARES],
    /// The analysed position the board was drawn from (each analysis has its own number), 0 if
    /// not known.
    origin: u64,
    /// The cells written since the board showed that position's pieces.
    written: Changes,
}

impl PartialEq for Board {
    /// Boards are equal when they show the same strings, however they were drawn.
    fn eq(&self, other: &Board) -> bool {
        self.cells == other.cells
    }
}

impl Eq for Board {}

impl Board {
    /// A board of empty cells.
    pub const fn empty() -> Board {
        Board {
            cells: [CellText::EMPTY; SQUARES],
            origin: 0,
            written: Changes([0; 2]),
        }
    }

    /// The pieces of an engine position, without markers.
    pub fn of_void(void: &Void) -> Board {
        let mut board = Board::empty();
        for (slot, cell) in board.cells.iter_mut().zip(Square::all()) {
            // the piece's code names its cell string: no branch on what stands there
            *slot = CellText::of_piece_code(void.piece(cell).map_or(0, |piece| piece.code()));
        }
        board
    }

    /// The board of an analysed position's pieces (`cells`), numbered `origin` (not 0).
    pub(crate) fn of_position(cells: [CellText; SQUARES], origin: u64) -> Board {
        Board {
            cells,
            origin,
            written: Changes::default(),
        }
    }

    /// The engine cell of voidgame's click coordinates, reduced as voidgame's indexing leaves
    /// them (`orbit % 5`, `sector % 18`, so `-1` is the last orbit or sector).
    #[inline]
    pub fn cell_of(orbit: i64, sector: i64) -> Square {
        if (0..ORBITS as i64).contains(&orbit) && (0..SECTORS as i64).contains(&sector) {
            // a click on the board as drawn: no division
            return Square::from_index(orbit as usize * SECTORS + sector as usize);
        }
        let orbit = orbit.rem_euclid(ORBITS as i64) as usize;
        let sector = sector.rem_euclid(SECTORS as i64) as usize;
        Square::from_index(orbit * SECTORS + sector)
    }

    /// The engine cell of voidgame's `board[orbit][sector]` (`orbit` below 5, `sector` below 18).
    pub fn cell_at(orbit: usize, sector: usize) -> Square {
        debug_assert!(orbit < ORBITS && sector < SECTORS);
        Square::from_index(orbit * SECTORS + sector)
    }

    /// voidgame's (orbit, sector) of an engine cell.
    pub fn coordinates(cell: Square) -> (usize, usize) {
        (cell.index() / SECTORS, cell.index() % SECTORS)
    }

    /// Writes a cell string, as voidgame assigns one.
    pub(crate) fn set(&mut self, cell: Square, text: CellText) {
        self.cells[cell.index()] = text;
        self.written.insert(cell);
    }

    /// Appends a marker to a cell, as voidgame's `_mark` does.
    pub(crate) fn mark(&mut self, cell: Square, mark: Mark) {
        let slot = &mut self.cells[cell.index()];
        *slot = slot.with(mark);
        self.written.insert(cell);
    }

    /// Every cell with its string, orbit 0 first.
    pub fn cells(&self) -> impl Iterator<Item = (Square, CellText)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .map(|(i, &text)| (Square::from_index(i), text))
    }

    /// The cells whose strings differ on `after`: what a binding writes to show `after` over a
    /// board that shows `self`.
    pub fn changes(&self, after: &Board) -> Changes {
        let (a, b) = (&self.cells, &after.cells);
        if self.origin != 0 && self.origin == after.origin {
            // drawn from one position: only the cells written on either can differ
            let mut changed = Changes::default();
            for cell in self.written.union(after.written) {
                if a[cell.index()] != b[cell.index()] {
                    changed.insert(cell);
                }
            }
            return changed;
        }
        // cell by cell, in two fixed runs the compiler turns into vector comparisons
        let mut low = 0u64;
        for i in 0..64 {
            low |= u64::from(a[i] != b[i]) << i;
        }
        let mut high = 0u64;
        for i in 64..SQUARES {
            high |= u64::from(a[i] != b[i]) << (i - 64);
        }
        Changes([low, high])
    }

    /// The 18 cells of voidgame's orbit `orbit` (0 innermost, below 5).
    pub fn orbit(&self, orbit: usize) -> &[CellText] {
        &self.cells[orbit * SECTORS..(orbit + 1) * SECTORS]
    }

    /// The 5 orbits of 18 cells, orbit 0 first: voidgame's lists.
    pub fn orbits(&self) -> impl Iterator<Item = &[CellText]> + '_ {
        self.cells.chunks(SECTORS)
    }

    /// voidgame's `board`: 5 lists of 18 strings.
    pub fn rows(&self) -> Vec<Vec<String>> {
        self.cells
            .chunks(SECTORS)
            .map(|row| row.iter().map(|c| c.text()).collect())
            .collect()
    }
}

/// A set of cells (those a drawing changes), orbit 0 first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Changes([u64; 2]);

impl Changes {
    /// Adds a cell.
    #[inline]
    fn insert(&mut self, cell: Square) {
        self.0[cell.index() / 64] |= 1 << (cell.index() % 64);
    }

    /// The cells of either set.
    #[inline]
    fn union(self, other: Changes) -> Changes {
        Changes([self.0[0] | other.0[0], self.0[1] | other.0[1]])
    }

    /// Whether no cell changes.
    pub const fn is_empty(self) -> bool {
        self.0[0] == 0 && self.0[1] == 0
    }

    /// Number of cells.
    pub const fn len(self) -> usize {
        (self.0[0].count_ones() + self.0[1].count_ones()) as usize
    }

    /// Whether a cell of voidgame's orbit `orbit` (0 innermost) changes.
    pub const fn touches_orbit(self, orbit: usize) -> bool {
        let all = (self.0[0] as u128) | (self.0[1] as u128) << 64;
        (all >> (orbit * SECTORS)) & ((1 << SECTORS) - 1) != 0
    }
}

impl Iterator for Changes {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        let half = usize::from(self.0[0] == 0);
        let word = &mut self.0[half];
        if *word == 0 {
            return None;
        }
        let index = half * 64 + word.trailing_zeros() as usize;
        *word &= *word - 1;
        Some(Square::from_index(index))
    }
}

impl Index<Square> for Board {
    type Output = CellText;

    fn index(&self, cell: Square) -> &CellText {
        &self.cells[cell.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::{Game, NoVariant};

    #[test]
    fn voidgame_start_board() {
        let rows = Board::of_void(&Void::new(&NoVariant)).rows();
        assert_eq!(rows.len(), 5);
        assert_eq!(rows[0], vec![""; 18]);
        assert_eq!(rows[2][3], "white#fighter");
        assert_eq!(rows[4][13], "black#flag");
        assert_eq!(rows[3][12], "black#sweeper");
    }

    #[test]
    fn click_coordinates_wrap_like_python_indexes() {
        assert_eq!(Board::coordinates(Board::cell_of(-1, -1)), (4, 17));
        assert_eq!(Board::coordinates(Board::cell_of(2, 13)), (2, 13));
        assert_eq!(Board::cell_of(3, 5).to_string(), "f4");
    }

    #[test]
    fn boards_of_one_position_are_compared_where_written() {
        let cells = Board::of_void(&Void::new(&NoVariant)).cells;
        let base = Board::of_position(cells, 7);
        let mut one = base.clone();
        one.mark(Board::cell_of(3, 12), Mark::Selected);
        one.set(Board::cell_of(2, 0), CellText::of(crate::Base::CanMove));
        let mut two = base.clone();
        two.mark(Board::cell_of(3, 12), Mark::Selected);
        let changed: Vec<_> = one.changes(&two).collect();
        assert_eq!(changed, [Board::cell_of(2, 0)]);
        assert_eq!(base.changes(&one).len(), 2);
        // a board of another position is compared cell by cell
        let other = Board::of_position(cells, 8);
        assert_eq!(one.changes(&other).len(), 2);
        assert!(one == one.clone() && one != two);
    }

    #[test]
    fn changes_list_only_differing_cells() {
        let before = Board::empty();
        let mut after = Board::empty();
        after.mark(Board::cell_of(1, 1), Mark::WillFall);
        let changes = before.changes(&after);
        assert_eq!(changes.len(), 1);
        let changed: Vec<_> = changes.collect();
        assert_eq!(after[changed[0]].text(), "willFall");
        assert!(after.changes(&after).is_empty());
        assert!(changes.touches_orbit(1) && !changes.touches_orbit(0) && !changes.touches_orbit(4));
    }
}
