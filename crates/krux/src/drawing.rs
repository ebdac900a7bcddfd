//! Krux's board picture: 7×7 squares with the hole on d4; each piece a disc with its number,
//! wearing its ring's colour (blue carries, green jumps, pink switches) once it has one. A piece
//! that fell is drawn in the hole, so the last picture of a game shows what happened.

use crate::board::Krux;
use crate::piece::{player_name, Piece, Ring};
use crate::square::{Square, SIZE};
use arbiter_core::drawing::{KeyEntry, LegendEntry, PlacedPiece, Shape, SquareGrid};
use arbiter_core::Drawing;
use std::collections::BTreeMap;

/// The picture's key of a piece wearing `ring` (or none yet).
pub(crate) fn glyph_key(piece: Piece, ring: Option<Ring>) -> String {
    format!("piece-{}-{}", piece.number(), ring.map_or('0', Ring::letter))
}

/// A piece on a square, as the picture places it.
pub(crate) fn placed(piece: Piece, ring: Option<Ring>, square: Square) -> PlacedPiece {
    PlacedPiece {
        cell: square.to_string(),
        glyph: glyph_key(piece, ring),
        side: piece.owner().index() as u8,
        name: format!("piece {piece}"),
        label: piece.to_string(),
    }
}

fn glyph(piece: Piece, ring: Option<Ring>) -> Shape {
    let side = player_name(piece.owner());
    let ring_shape = match ring {
        Some(r) => Shape::circle(0.0, 0.0, 40.0).class(&format!("krux-ring krux-ring-{}", r.letter())),
        None => Shape::circle(0.0, 0.0, 40.0).class("krux-no-ring"),
    };
    Shape::group(vec![
        ring_shape,
        Shape::circle(0.0, 0.0, 31.0).class("pc-body"),
        Shape::text(0.0, 2.0, piece.to_string()).class("krux-number pc-ink-text"),
    ])
    .class(&format!("piece pc-{side}"))
}

fn key() -> Vec<KeyEntry> {
    let entry = |number: usize, ring: Option<Ring>, name: &str, text: &str| {
        let piece = Piece::from_number(number).expect("1..6");
        KeyEntry {
            glyph: glyph_key(piece, ring),
            side: piece.owner().index() as u8,
            name: name.to_string(),
            text: text.to_string(),
        }
    };
    vec![
        entry(
            1,
            None,
            "No ring yet",
            "White plays 1, 3, 5 and Black 2, 4, 6, in turn 1 to 6; a piece chooses its ring on its first turn.",
        ),
        entry(
            3,
            Some(Ring::Blue),
            "Blue ring: carrier",
            "Picks up a neighbouring piece, carries it and drops it next to itself (or into the hole).",
        ),
        entry(
            4,
            Some(Ring::Green),
            "Green ring: jumper",
            "Jumps to any empty square up to 3 away; the pieces next to where it lands are pushed one square away.",
        ),
        entry(
            5,
            Some(Ring::Pink),
            "Pink ring: switcher",
            "Changes places with any piece up to 5 squares away.",
        ),
    ]
}

/// Every mark a Krux board shows, for the legend.
fn legend() -> Vec<LegendEntry> {
    vec![
        LegendEntry::new("active", "area", "the piece whose turn it is"),
        LegendEntry::new("step", "dot", "step here"),
        LegendEntry::new("jump", "small-ring", "jump here"),
        LegendEntry::new("repel", "corner-nw", "repel (push away)"),
        LegendEntry::new("attract", "corner-ne", "attract (pull closer)"),
        LegendEntry::new("pickup", "corner-sw", "pick up"),
        LegendEntry::new("drop", "square", "drop the carried piece"),
        LegendEntry::new("switch", "corner-se", "switch places"),
        LegendEntry::new("selected", "area", "several steps here: choose one in the panel"),
        LegendEntry::new("last", "area", "last turn"),
        LegendEntry::new("hint", "area-over", "the engine's suggestion"),
    ]
}

/// The board picture (see [`arbiter_core::Presentation::drawing`]).
pub(crate) fn drawing(k: &Krux, flipped: bool) -> Drawing {
    let grid = SquareGrid::new(SIZE, flipped);
    let mut background = grid.frame();
    background.extend(grid.squares("krux-dark", "krux-light"));
    let hole = Square::HOLE;
    let (x, y) = grid.center(hole.file(), hole.rank());
    background.push(Shape::rect(x - 50.0, y - 50.0, 100.0, 100.0).class("krux-hole-square"));
    background.push(Shape::circle(x, y, 38.0).class("krux-hole"));
    background.push(Shape::circle(x, y, 26.0).class("krux-hole-inner"));
    let mut glyphs = BTreeMap::new();
    for piece in Piece::all() {
        glyphs.insert(glyph_key(piece, None), glyph(piece, None));
        for ring in Ring::ALL {
            glyphs.insert(glyph_key(piece, Some(ring)), glyph(piece, Some(ring)));
        }
    }
    let pieces = Piece::all().map(|p| placed(p, k.ring(p), k.square(p))).collect();
    Drawing {
        view_box: grid.view_box(),
        unit: arbiter_core::drawing::grid::CELL,
        background,
        cells: grid.cells(false),
        glyphs,
        pieces,
        key: key(),
        legend: legend(),
    }
}
