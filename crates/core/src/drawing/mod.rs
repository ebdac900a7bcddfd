//! Board pictures as data: a [`Drawing`] is a scene of SVG shapes that a game draws once, in its
//! own crate, and every front end renders — the web app in the browser (as JSON), the CLI and the
//! docs as a standalone SVG file ([`Drawing::to_svg`]) — so that all of them look alike.
//! Colours are CSS classes, defined once in the web app's `board.css`.

pub mod grid;
mod shape;
mod svg;

pub use grid::SquareGrid;
pub use shape::{fmt_number, Shape};

use crate::MoveInfo;
use serde::Serialize;
use std::collections::BTreeMap;

/// One cell of the board: its name, its centre and its area (for highlights and clicks).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CellArea {
    /// The cell's name in the game's notation (`d4`, `n5`).
    pub name: String,
    /// Its centre in the drawing's coordinates.
    pub center: [f64; 2],
    /// Its area, without a class: front ends give it one (a mark, a hit area).
    pub shape: Shape,
}

/// A piece standing on a cell, drawn by one of the drawing's glyphs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlacedPiece {
    /// The cell it stands on.
    pub cell: String,
    /// The key of its picture in [`Drawing::glyphs`].
    pub glyph: String,
    /// Its owner: 0 for the first player, 1 for the second.
    pub side: u8,
    /// What it is, in words (`flagship`, `piece 4`, `stone`).
    pub name: String,
    /// A short label (its notation letter or number).
    pub label: String,
}

/// One line of the piece key: a glyph and what the piece does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KeyEntry {
    /// The key of its picture in [`Drawing::glyphs`].
    pub glyph: String,
    /// The owner shown: 0 or 1.
    pub side: u8,
    /// The piece's name (`Flagship`).
    pub name: String,
    /// One line: how it moves, what it does.
    pub text: String,
}

/// What a front end shows a game's mark on by itself, from the data it already has, so that it
/// draws a game's aids without knowing the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Shows {
    /// The cells a previewed move targets ([`MoveInfo::targets`]), in place of the app's own
    /// `target` mark (Villawar: the villagers a jump turns into warriors).
    Targets,
    /// The cell of the piece under the pointer (Attraction: the stone's orbit).
    HoveredPiece,
}

/// One mark a board of this game can show, for the legend (`dest` = "can move here"), and how it
/// is drawn on a cell, so that front ends draw every game's marks without knowing them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LegendEntry {
    /// The mark's name: CSS class `mark-<mark>` on the board.
    pub mark: String,
    /// How it is drawn: `area` (the cell, under the pieces), `area-over` (over them), `dot`,
    /// `small-dot`, `square` (small, centred), `ring`, `small-ring`, or `corner-nw`, `corner-ne`,
    /// `corner-sw`, `corner-se` (a frame with a badge in that corner, so that several marks on one
    /// cell stay apart).
    pub style: &'static str,
    /// What it means.
    pub text: String,
    /// What the front end shows it on by itself; `None` for the marks that the app or the move
    /// input places.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shows: Option<Shows>,
    /// How it is drawn on the board when no style says it: shapes round the cell's centre at
    /// (0, 0), each left out where its own centre (`cx`, `cy`; without them, the cell's) lands on
    /// no cell, so that one picture also fits at the board's edge. Empty: drawn in `style`, which
    /// the legend shows either way.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub picture: Vec<Shape>,
}

impl LegendEntry {
    /// A legend line.
    pub fn new(mark: &str, style: &'static str, text: &str) -> LegendEntry {
        LegendEntry {
            mark: mark.to_string(),
            style,
            text: text.to_string(),
            shows: None,
            picture: Vec::new(),
        }
    }

    /// The same line, its mark shown by the front end on `shows`.
    pub fn showing(mut self, shows: Shows) -> LegendEntry {
        self.shows = Some(shows);
        self
    }

    /// The same line, its mark drawn on the board as `picture` (see [`LegendEntry::picture`]).
    pub fn drawn_as(mut self, picture: Vec<Shape>) -> LegendEntry {
        self.picture = picture;
        self
    }
}

/// A board picture: background, cells, piece glyphs and the pieces of one position.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Drawing {
    /// `[min_x, min_y, width, height]` of the SVG view box.
    pub view_box: [f64; 4],
    /// The size of one cell, by which front ends scale their marks.
    pub unit: f64,
    /// The board without pieces.
    pub background: Vec<Shape>,
    /// Every cell.
    pub cells: Vec<CellArea>,
    /// Every piece picture the game can show, centred on (0, 0), by key.
    pub glyphs: BTreeMap<String, Shape>,
    /// The pieces of the position drawn.
    pub pieces: Vec<PlacedPiece>,
    /// The piece key.
    pub key: Vec<KeyEntry>,
    /// Every mark the game's boards can show.
    pub legend: Vec<LegendEntry>,
}

/// A highlight on one cell of a standalone picture: the cell's area with class `mark-<kind>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mark {
    /// The cell.
    pub cell: String,
    /// The mark's name (`last`, `fall`, `target`, `selected`).
    pub kind: &'static str,
}

impl Drawing {
    /// The area of a cell by name.
    pub fn cell(&self, name: &str) -> Option<&CellArea> {
        self.cells.iter().find(|c| c.name == name)
    }

    /// The marks that show a move on a standalone picture: where it starts and ends (`last`),
    /// the pieces it attacks (`target`) and those that fall (`fall`).
    pub fn move_marks(info: &MoveInfo) -> Vec<Mark> {
        let mut marks = Vec::new();
        for cell in info.from.iter().chain(info.to.iter()).chain(info.path.iter()) {
            marks.push(Mark {
                cell: cell.clone(),
                kind: "last",
            });
        }
        for cell in &info.targets {
            marks.push(Mark {
                cell: cell.clone(),
                kind: "target",
            });
        }
        for cell in &info.falls {
            marks.push(Mark {
                cell: cell.clone(),
                kind: "fall",
            });
        }
        marks
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_legend_line_says_what_the_front_end_shows_it_on() {
        let plain = serde_json::to_value(LegendEntry::new("dest", "dot", "can move here")).expect("serialises");
        assert!(plain.get("shows").is_none() && plain.get("picture").is_none());
        let orbit = LegendEntry::new("orbit", "ring", "orbit of the stone under the mouse")
            .showing(Shows::HoveredPiece)
            .drawn_as(vec![Shape::circle(0.0, 0.0, 100.0).class("orbit-circle")]);
        let json = serde_json::to_value(&orbit).expect("serialises");
        assert_eq!(json["shows"], "hovered-piece");
        assert_eq!(json["picture"][0]["attrs"]["r"], "100");
        let convert = LegendEntry::new("convert", "ring", "will become a warrior").showing(Shows::Targets);
        assert_eq!(serde_json::to_value(&convert).expect("serialises")["shows"], "targets");
    }
}
