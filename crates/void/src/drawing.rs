//! Void's board picture: five rings of eighteen sectors round the void, drawn like voidgame's
//! picture (sector e at the top, White's side; n at the bottom, Black's). Pieces are a dark disc
//! with a light rim or a light disc with a dark rim, so that both read on dark and light cells.

use crate::piece::{player_name, BLACK, WHITE};
use crate::{Kind, Piece, Square, Void, ORBITS, SECTORS};
use arbiter_core::drawing::{CellArea, KeyEntry, LegendEntry, PlacedPiece, Shape};
use arbiter_core::Drawing;
use std::collections::BTreeMap;
use std::f64::consts::PI;

/// Radius of the void.
const R0: f64 = 118.0;
/// Width of an orbit.
const W: f64 = 56.0;
/// Radius of a piece.
const PIECE: f64 = 23.0;

/// Where the picture puts things: the board turned by `rotation` degrees.
struct Layout {
    rotation: f64,
}

impl Layout {
    fn point(&self, degrees: f64, r: f64) -> (f64, f64) {
        let a = (degrees + self.rotation) * PI / 180.0;
        (r * a.sin(), -r * a.cos())
    }

    fn angle(sector: f64) -> f64 {
        (sector - 4.0) * 20.0
    }

    fn sector_path(&self, cell: Square, inset: f64) -> String {
        let (s, o) = (cell.sector() as f64, cell.orbit() as f64);
        let r1 = R0 + (o - 1.0) * W + inset;
        let r2 = R0 + o * W - inset;
        let a1 = Self::angle(s) - 10.0 + inset / 12.0;
        let a2 = Self::angle(s) + 10.0 - inset / 12.0;
        let (x1, y1) = self.point(a1, r2);
        let (x2, y2) = self.point(a2, r2);
        let (x3, y3) = self.point(a2, r1);
        let (x4, y4) = self.point(a1, r1);
        let n = arbiter_core::drawing::fmt_number;
        format!(
            "M{},{} A{},{} 0 0 1 {},{} L{},{} A{},{} 0 0 0 {},{} Z",
            n(x1),
            n(y1),
            n(r2),
            n(r2),
            n(x2),
            n(y2),
            n(x3),
            n(y3),
            n(r1),
            n(r1),
            n(x4),
            n(y4)
        )
    }

    fn center(&self, cell: Square) -> (f64, f64) {
        self.point(Self::angle(cell.sector() as f64), R0 + (cell.orbit() as f64 - 0.5) * W)
    }
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Flagship => "flagship",
        Kind::Bomber => "bomber",
        Kind::Sweeper => "sweeper",
        Kind::Fighter => "fighter",
    }
}

fn glyph_key(piece: Piece) -> String {
    format!("{}-{}", player_name(piece.owner), kind_name(piece.kind))
}

/// The symbol of a kind, in the piece's ink colour: a flag, a bomb over a falling column, a
/// broom sweeping, a jet.
fn symbol(kind: Kind) -> Vec<Shape> {
    match kind {
        Kind::Flagship => vec![
            Shape::path("M-6,12 L-6,-12").class("pc-ink"),
            Shape::path("M-5,-12 L11,-6 L-5,0 Z").class("pc-ink-fill"),
            Shape::path("M-12,12 L4,12").class("pc-ink"),
        ],
        Kind::Bomber => vec![
            Shape::circle(0.0, -4.0, 8.0).class("pc-ink-fill"),
            Shape::path("M4,-11 L8,-15").class("pc-ink"),
            Shape::path("M-7,9 L0,15 L7,9").class("pc-ink"),
        ],
        Kind::Sweeper => vec![
            Shape::path("M-10,-12 L3,3").class("pc-ink"),
            Shape::path("M-1,1 L12,6 L6,13 Z").class("pc-ink-fill"),
            Shape::path("M-13,13 L-4,13").class("pc-ink"),
        ],
        Kind::Fighter => vec![Shape::path("M0,-13 L11,11 L0,5 L-11,11 Z").class("pc-ink-fill")],
    }
}

fn glyph(piece: Piece) -> Shape {
    let mut parts = vec![Shape::circle(0.0, 0.0, PIECE).class("pc-body")];
    parts.extend(symbol(piece.kind));
    Shape::group(parts).class(&format!("piece pc-{}", player_name(piece.owner)))
}

const KEY: [(Kind, &str); 4] = [
    (Kind::Flagship, "Moves one sector round its orbit; attacks along 8 lines up to 3 cells away: the target falls 3 orbits. Lose it and you lose."),
    (Kind::Bomber, "Moves one cell any way; bombs its whole column below it into the void."),
    (Kind::Sweeper, "Moves one orbit in or out, or any distance round; the pieces just above its path fall 2 orbits."),
    (Kind::Fighter, "Moves any distance diagonally; attacks up to 2 cells on round its orbit: the target falls 1 orbit."),
];

/// The board picture (see [`arbiter_core::Presentation::drawing`]).
pub(crate) fn drawing(board: &Void, flipped: bool) -> Drawing {
    let geo = Layout {
        rotation: if flipped { 180.0 } else { 0.0 },
    };
    let mut background = vec![Shape::circle(0.0, 0.0, 468.0).class("void-frame")];
    let mut cells = Vec::new();
    for cell in Square::all() {
        let dark = (cell.sector() + cell.orbit()) % 2 == 0;
        background.push(Shape::path(geo.sector_path(cell, 0.0)).class(if dark { "void-dark" } else { "void-light" }));
        let (x, y) = geo.center(cell);
        cells.push(CellArea {
            name: cell.to_string(),
            center: [x, y],
            shape: Shape::path(geo.sector_path(cell, 2.0)),
        });
    }
    background.push(Shape::circle(0.0, 0.0, R0 + ORBITS as f64 * W + 6.0).class("void-rim"));
    background.push(Shape::circle(0.0, 0.0, R0 - 3.0).class("void-hole"));
    background.push(Shape::circle(0.0, 0.0, R0 - 3.0).class("void-hole-glow"));
    for s in 0..SECTORS {
        let (x, y) = geo.point(Layout::angle(s as f64), R0 + ORBITS as f64 * W + 30.0);
        background.push(Shape::text(x, y, ((b'a' + s as u8) as char).to_string()).class("coord"));
    }
    for o in 1..=ORBITS {
        // On the line between sectors r and a, readable on either cell colour.
        let (x, y) = geo.point(Layout::angle(-0.5), R0 + (o as f64 - 0.5) * W);
        background.push(Shape::text(x, y, o.to_string()).class("coord coord-orbit"));
    }
    let mut glyphs = BTreeMap::new();
    for owner in [BLACK, WHITE] {
        for kind in Kind::ALL {
            let piece = Piece { kind, owner };
            glyphs.insert(glyph_key(piece), glyph(piece));
        }
    }
    let pieces = Square::all()
        .filter_map(|cell| {
            let piece = board.piece(cell)?;
            Some(PlacedPiece {
                cell: cell.to_string(),
                glyph: glyph_key(piece),
                side: piece.owner.index() as u8,
                name: kind_name(piece.kind).to_string(),
                label: piece.letter().to_string(),
            })
        })
        .collect();
    let key = KEY
        .iter()
        .map(|&(kind, text)| KeyEntry {
            glyph: glyph_key(Piece { kind, owner: WHITE }),
            side: WHITE.index() as u8,
            name: format!(
                "{} ({})",
                arbiter_core::story::capitalised(kind_name(kind)),
                kind.letter()
            ),
            text: text.to_string(),
        })
        .collect();
    Drawing {
        view_box: [-470.0, -470.0, 940.0, 940.0],
        unit: W,
        background,
        cells,
        glyphs,
        pieces,
        key,
        legend: vec![
            LegendEntry::new("selected", "area", "selected piece"),
            LegendEntry::new("dest", "dot", "can move here"),
            LegendEntry::new("target", "ring", "attack target: click it to attack"),
            LegendEntry::new("fall", "ring", "would fall into the void"),
            LegendEntry::new("last", "area", "last move"),
            LegendEntry::new("hint", "area-over", "the engine's suggestion"),
        ],
    }
}
