//! Villawar's board picture: N×N squares; villagers are round with a roof, warriors are shields
//! with a sword.

use crate::piece::{player_name, Kind, Piece, BLACK, WHITE};
use crate::{Square, Villawar};
use arbiter_core::drawing::{KeyEntry, LegendEntry, PlacedPiece, Shape, Shows, SquareGrid};
use arbiter_core::Drawing;
use std::collections::BTreeMap;

fn glyph_key(piece: Piece) -> String {
    format!("{}-{}", player_name(piece.player), piece.kind.word())
}

fn glyph(piece: Piece) -> Shape {
    let parts = match piece.kind {
        Kind::Villager => vec![
            Shape::circle(0.0, 0.0, 33.0).class("pc-body"),
            Shape::path("M-14,6 L0,-10 L14,6 M-9,1 L-9,14 L9,14 L9,1").class("pc-ink villawar-ink"),
        ],
        Kind::Warrior => vec![
            Shape::path("M0,-38 L32,-24 L28,14 L0,38 L-28,14 L-32,-24 Z").class("pc-body villawar-shield"),
            Shape::path("M0,-22 L0,18 M-10,8 L10,8").class("pc-ink villawar-ink villawar-sword"),
        ],
    };
    Shape::group(parts).class(&format!("piece pc-{}", player_name(piece.player)))
}

/// The board picture (see [`arbiter_core::Presentation::drawing`]).
pub(crate) fn drawing(game: &Villawar, flipped: bool) -> Drawing {
    let n = game.size().n();
    let grid = SquareGrid::new(n, flipped);
    let mut background = grid.frame();
    background.extend(grid.squares("villawar-dark", "villawar-light"));
    let mut glyphs = BTreeMap::new();
    for player in [WHITE, BLACK] {
        for kind in [Kind::Villager, Kind::Warrior] {
            let piece = Piece::new(player, kind);
            glyphs.insert(glyph_key(piece), glyph(piece));
        }
    }
    let mut pieces = Vec::new();
    for rank in 0..n {
        for file in 0..n {
            let Some(square) = Square::from_coords(file, rank, game.size()) else {
                continue;
            };
            if let Some(piece) = game.piece_at(square) {
                pieces.push(PlacedPiece {
                    cell: square.name(game.size()).to_string(),
                    glyph: glyph_key(piece),
                    side: piece.player.index() as u8,
                    name: piece.kind.word().to_string(),
                    label: piece.letter().to_string(),
                });
            }
        }
    }
    let key = vec![
        KeyEntry {
            glyph: glyph_key(Piece::new(WHITE, Kind::Villager)),
            side: 0,
            name: "Villager".into(),
            text: "Jumps one line of its own pieces and lands on any empty square beyond: the villagers it \
                   crosses become warriors, the warriors it crosses are removed. Villagers far up the board win."
                .into(),
        },
        KeyEntry {
            glyph: glyph_key(Piece::new(WHITE, Kind::Warrior)),
            side: 0,
            name: "Warrior".into(),
            text: "Jumps one line of its own warriors onto the first piece beyond, which must be an enemy: it \
                   is captured."
                .into(),
        },
    ];
    Drawing {
        view_box: grid.view_box(),
        unit: arbiter_core::drawing::grid::CELL,
        background,
        cells: grid.cells(false),
        glyphs,
        pieces,
        key,
        legend: vec![
            LegendEntry::new("selected", "area", "selected piece"),
            LegendEntry::new("dest", "dot", "can jump here"),
            // A villager jumping over villagers converts them: the jump's targets are marked so.
            LegendEntry::new("convert", "ring", "will become a warrior").showing(Shows::Targets),
            LegendEntry::new("fall", "ring", "removed or captured"),
            LegendEntry::new("last", "area", "last move"),
            LegendEntry::new("hint", "area-over", "the engine's suggestion"),
        ],
    }
}
