//! The square grids that Krux, Attraction and Villawar share: files `a..` left to right, ranks
//! `1..` bottom to top, coordinates round the edge; either squares or points on lines.

use super::{CellArea, Shape};

/// The geometry of an n×n grid.
#[derive(Debug, Clone, Copy)]
pub struct SquareGrid {
    /// Cells per side.
    pub n: usize,
    /// Turned round (the second player at the bottom).
    pub flipped: bool,
}

/// The side of one cell.
pub const CELL: f64 = 100.0;
/// The frame round the cells, where the coordinates stand.
pub const MARGIN: f64 = 56.0;

impl SquareGrid {
    /// An n×n grid, turned round when `flipped`.
    pub fn new(n: usize, flipped: bool) -> SquareGrid {
        SquareGrid { n, flipped }
    }

    /// The name of a cell from 0-based file and rank (`a1`).
    pub fn name(file: usize, rank: usize) -> String {
        format!("{}{}", (b'a' + file as u8) as char, rank + 1)
    }

    /// The whole picture's side.
    pub fn total(&self) -> f64 {
        2.0 * MARGIN + self.n as f64 * CELL
    }

    /// The view box.
    pub fn view_box(&self) -> [f64; 4] {
        [0.0, 0.0, self.total(), self.total()]
    }

    /// The top-left corner of a cell.
    pub fn corner(&self, file: usize, rank: usize) -> (f64, f64) {
        let n = self.n - 1;
        let (col, row) = if self.flipped {
            (n - file, rank)
        } else {
            (file, n - rank)
        };
        (MARGIN + col as f64 * CELL, MARGIN + row as f64 * CELL)
    }

    /// The centre of a cell.
    pub fn center(&self, file: usize, rank: usize) -> (f64, f64) {
        let (x, y) = self.corner(file, rank);
        (x + CELL / 2.0, y + CELL / 2.0)
    }

    /// Every cell, rank by rank from a1, with its square (or, for point boards, disc) area.
    pub fn cells(&self, points: bool) -> Vec<CellArea> {
        let mut cells = Vec::with_capacity(self.n * self.n);
        for rank in 0..self.n {
            for file in 0..self.n {
                let (x, y) = self.corner(file, rank);
                let shape = if points {
                    Shape::circle(x + CELL / 2.0, y + CELL / 2.0, CELL * 0.46)
                } else {
                    Shape::rect(x, y, CELL, CELL)
                };
                cells.push(CellArea {
                    name: Self::name(file, rank),
                    center: [x + CELL / 2.0, y + CELL / 2.0],
                    shape,
                });
            }
        }
        cells
    }

    /// The frame and the coordinates round it.
    pub fn frame(&self) -> Vec<Shape> {
        let total = self.total();
        let mut out = vec![Shape::rect(0.0, 0.0, total, total).num("rx", 18.0).class("board-frame")];
        for i in 0..self.n {
            let file = if self.flipped { self.n - 1 - i } else { i };
            let rank = if self.flipped { i } else { self.n - 1 - i };
            let pos = MARGIN + i as f64 * CELL + CELL / 2.0;
            let letter = ((b'a' + file as u8) as char).to_string();
            let number = (rank + 1).to_string();
            out.push(Shape::text(pos, total - MARGIN / 2.0, letter.clone()).class("coord"));
            out.push(Shape::text(pos, MARGIN / 2.0, letter).class("coord coord-top"));
            out.push(Shape::text(MARGIN / 2.0, pos, number.clone()).class("coord"));
            out.push(Shape::text(total - MARGIN / 2.0, pos, number).class("coord coord-top"));
        }
        out
    }

    /// Chequered squares with the given classes for dark (a1) and light squares.
    pub fn squares(&self, dark: &str, light: &str) -> Vec<Shape> {
        let mut out = Vec::new();
        for rank in 0..self.n {
            for file in 0..self.n {
                let (x, y) = self.corner(file, rank);
                let class = if (file + rank) % 2 == 0 { dark } else { light };
                out.push(Shape::rect(x, y, CELL, CELL).class(class));
            }
        }
        out
    }

    /// A field of points joined by lines (Attraction).
    pub fn points(&self) -> Vec<Shape> {
        let n = self.n as f64;
        let mut out = vec![Shape::rect(MARGIN, MARGIN, n * CELL, n * CELL)
            .num("rx", 10.0)
            .class("points-field")];
        let lo = MARGIN + CELL / 2.0;
        let hi = MARGIN + CELL / 2.0 + (n - 1.0) * CELL;
        for i in 0..self.n {
            let a = MARGIN + CELL / 2.0 + i as f64 * CELL;
            out.push(Shape::line(lo, a, hi, a).class("grid-line"));
            out.push(Shape::line(a, lo, a, hi).class("grid-line"));
        }
        for rank in 0..self.n {
            for file in 0..self.n {
                let (x, y) = self.center(file, rank);
                out.push(Shape::circle(x, y, CELL * 0.07).class("grid-point"));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flipping_turns_the_grid_round() {
        let plain = SquareGrid::new(7, false);
        let flipped = SquareGrid::new(7, true);
        assert_eq!(plain.center(0, 0), (MARGIN + 50.0, MARGIN + 650.0));
        assert_eq!(flipped.center(0, 0), (MARGIN + 650.0, MARGIN + 50.0));
        assert_eq!(plain.cells(false).len(), 49);
        assert_eq!(plain.cells(false)[0].name, "a1");
    }
}
