//! Attraction's board picture: 8×8 points joined by lines; Violet's stones start on rank 1 and
//! Red's on rank 8, each aiming at the other's start row.

use crate::bits::squares;
use crate::piece::player_name;
use crate::Attraction;
use arbiter_core::drawing::grid::CELL;
use arbiter_core::drawing::{KeyEntry, LegendEntry, PlacedPiece, Shape, Shows, SquareGrid};
use arbiter_core::story::capitalised;
use arbiter_core::{Drawing, Player};
use std::collections::BTreeMap;

fn glyph_key(player: Player) -> String {
    format!("{}-stone", player_name(player))
}

fn glyph(player: Player) -> Shape {
    Shape::group(vec![
        Shape::circle(0.0, 0.0, 34.0).class("pc-body"),
        Shape::circle(0.0, 0.0, 34.0).class("stone-shine"),
    ])
    .class(&format!("piece pc-{}", player_name(player)))
}

/// The orbit of a stone, drawn round the stone under the pointer: the circle through its
/// orthogonal neighbours, round which an adjacent stone travels, with a point on each neighbour.
fn orbit() -> Vec<Shape> {
    let mut picture = vec![Shape::circle(0.0, 0.0, CELL).class("mark mark-orbit orbit-circle")];
    for (dx, dy) in [(0.0, -CELL), (CELL, 0.0), (0.0, CELL), (-CELL, 0.0)] {
        picture.push(Shape::circle(dx, dy, CELL * 0.09).class("orbit-point"));
    }
    picture
}

/// The board picture (see [`arbiter_core::Presentation::drawing`]).
pub(crate) fn drawing(board: &Attraction, flipped: bool) -> Drawing {
    let grid = SquareGrid::new(8, flipped);
    let mut background = grid.frame();
    background.extend(grid.points());
    let mut glyphs = BTreeMap::new();
    let mut pieces = Vec::new();
    for player in Player::BOTH {
        glyphs.insert(glyph_key(player), glyph(player));
        for square in squares(board.board.stones(player)) {
            pieces.push(PlacedPiece {
                cell: square.to_string(),
                glyph: glyph_key(player),
                side: player.index() as u8,
                name: "stone".to_string(),
                label: String::new(),
            });
        }
    }
    pieces.sort_by(|a, b| a.cell.cmp(&b.cell));
    let key = Player::BOTH
        .into_iter()
        .map(|player| KeyEntry {
            glyph: glyph_key(player),
            side: player.index() as u8,
            name: format!("{} stone", capitalised(player_name(player))),
            text: format!(
                "Starts on rank {}; {} wins by filling rank {}.",
                if player == Player::First { 1 } else { 8 },
                capitalised(player_name(player)),
                if player == Player::First { 8 } else { 1 }
            ),
        })
        .collect();
    Drawing {
        view_box: grid.view_box(),
        unit: CELL,
        background,
        cells: grid.cells(true),
        glyphs,
        pieces,
        key,
        legend: vec![
            LegendEntry::new("selected", "area", "selected stone"),
            LegendEntry::new("dest", "dot", "can move here"),
            LegendEntry::new("target", "ring", "push: where the pushed stone lands"),
            LegendEntry::new("orbit", "ring", "orbit of the stone under the mouse")
                .showing(Shows::HoveredPiece)
                .drawn_as(orbit()),
            LegendEntry::new("last", "area", "last move"),
            LegendEntry::new("hint", "area-over", "the engine's suggestion"),
        ],
    }
}
