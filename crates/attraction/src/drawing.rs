//! Attraction's board picture: 8×8 points joined by lines; Violet's stones start on rank 1 and
//! Red's on rank 8, each aiming at the other's start row.

use crate::square::squares;
use crate::{Attraction, Board, Move, Square};
use arbiter_core::drawing::{KeyEntry, LegendEntry, PlacedPiece, Shape, SquareGrid};
use arbiter_core::story::capitalised;
use arbiter_core::{Drawing, Game, Player, Story};
use std::collections::BTreeMap;

fn glyph_key(player: Player) -> String {
    format!("{}-stone", Attraction::player_name(player))
}

fn glyph(player: Player) -> Shape {
    Shape::group(vec![
        Shape::circle(0.0, 0.0, 34.0).class("pc-body"),
        Shape::circle(0.0, 0.0, 34.0).class("stone-shine"),
    ])
    .class(&format!("piece pc-{}", Attraction::player_name(player)))
}

impl Attraction {
    /// The board picture (see [`Game::drawing`]).
    pub(crate) fn picture(&self, flipped: bool) -> Drawing {
        let grid = SquareGrid::new(8, flipped);
        let mut background = grid.frame();
        background.extend(grid.points());
        let mut glyphs = BTreeMap::new();
        let mut pieces = Vec::new();
        for player in Player::BOTH {
            glyphs.insert(glyph_key(player), glyph(player));
            for square in squares(self.board().stones(player)) {
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
                name: format!("{} stone", capitalised(Attraction::player_name(player))),
                text: format!(
                    "Starts on rank {}; {} wins by filling rank {}.",
                    if player == Player::First { 1 } else { 8 },
                    capitalised(Attraction::player_name(player)),
                    if player == Player::First { 8 } else { 1 }
                ),
            })
            .collect();
        Drawing {
            view_box: grid.view_box(),
            unit: arbiter_core::drawing::grid::CELL,
            background,
            cells: grid.cells(true),
            glyphs,
            pieces,
            key,
            legend: vec![
                LegendEntry::new("selected", "area", "selected stone"),
                LegendEntry::new("dest", "dot", "can move here"),
                LegendEntry::new("target", "ring", "push: where the pushed stone lands"),
                LegendEntry::new("orbit", "ring", "orbit of the stone under the mouse"),
                LegendEntry::new("last", "area", "last move"),
                LegendEntry::new("hint", "area-over", "the engine's suggestion"),
            ],
        }
    }

    /// What the board shows at the end (see [`Game::ending_story`]).
    pub(crate) fn tell_ending(&self, _last: Option<(&Attraction, Move)>) -> Option<Story> {
        let Some(winner) = self.outcome().and_then(|o| o.winner()) else {
            return Some(Story::new("Both sides passed in a row: a draw.", Vec::new()));
        };
        let row = Board::goal_row(winner);
        let rank = if row & 1 != 0 { 1 } else { 8 };
        Some(Story::new(
            format!(
                "{} filled {}'s start row (rank {rank}).",
                capitalised(Attraction::player_name(winner)),
                capitalised(Attraction::player_name(winner.opponent()))
            ),
            squares(row).map(|s: Square| s.to_string()).collect(),
        ))
    }
}
