//! Villawar's board picture: N×N squares; villagers are round with a roof, warriors are shields
//! with a sword. The end of a game names the row that decided it.

use crate::piece::{Kind, Piece, BLACK, WHITE};
use crate::{Move, Square, Villawar};
use arbiter_core::drawing::{KeyEntry, LegendEntry, PlacedPiece, Shape, SquareGrid};
use arbiter_core::story::capitalised;
use arbiter_core::{Drawing, Game, Player, Story};
use std::collections::BTreeMap;

fn glyph_key(piece: Piece) -> String {
    format!("{}-{}", Villawar::player_name(piece.player), piece.kind.word())
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
    Shape::group(parts).class(&format!("piece pc-{}", Villawar::player_name(piece.player)))
}

/// The ranks of a player's row (1 = their own first row).
fn rank_of(player: Player, row: usize, n: usize) -> usize {
    if player == WHITE {
        row - 1
    } else {
        n - row
    }
}

impl Villawar {
    /// The board picture (see [`Game::drawing`]).
    pub(crate) fn picture(&self, flipped: bool) -> Drawing {
        let n = self.size().n();
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
                let Some(square) = Square::from_coords(file, rank, self.size()) else {
                    continue;
                };
                if let Some(piece) = self.piece_at(square) {
                    pieces.push(PlacedPiece {
                        cell: square.name(self.size()).to_string(),
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
                LegendEntry::new("convert", "ring", "will become a warrior"),
                LegendEntry::new("fall", "ring", "removed or captured"),
                LegendEntry::new("last", "area", "last move"),
                LegendEntry::new("hint", "area-over", "the engine's suggestion"),
            ],
        }
    }

    /// What decided the game (see [`Game::ending_story`]): the first row, counted from the far
    /// row down, where the two sides' villagers (then warriors) differ.
    pub(crate) fn tell_ending(&self, _last: Option<(&Villawar, Move)>) -> Option<Story> {
        let n = self.size().n();
        let name = |p: Player| capitalised(Villawar::player_name(p));
        for kind in [Kind::Villager, Kind::Warrior] {
            for row in (1..=n).rev() {
                let white = self.count_on_row(Piece::new(WHITE, kind), row);
                let black = self.count_on_row(Piece::new(BLACK, kind), row);
                if white == black {
                    continue;
                }
                let (winner, most, fewest) = if white > black {
                    (WHITE, white, black)
                } else {
                    (BLACK, black, white)
                };
                let mut cells = Vec::new();
                for player in [WHITE, BLACK] {
                    let rank = rank_of(player, row, n);
                    for file in 0..n {
                        let square = Square::from_coords(file, rank, self.size());
                        if let Some(sq) = square.filter(|&sq| self.piece_at(sq) == Some(Piece::new(player, kind))) {
                            cells.push(sq.name(self.size()).to_string());
                        }
                    }
                }
                let plural = |k: u32| {
                    if k == 1 {
                        kind.word().to_string()
                    } else {
                        format!("{}s", kind.word())
                    }
                };
                let before = match (kind, row == n) {
                    (Kind::Villager, true) => String::new(),
                    (Kind::Villager, false) => format!(" (rows {} to {} were level)", n, row + 1),
                    (Kind::Warrior, true) => " (every row of villagers was level)".to_string(),
                    (Kind::Warrior, false) => format!(
                        " (every row of villagers was level, and warriors on rows {} to {})",
                        n,
                        row + 1
                    ),
                };
                return Some(Story::new(
                    format!(
                        "Both sides passed. Counting {}s from the far row down, {} has {most} {} on its row {row} \
                         to {}'s {fewest}{before}.",
                        kind.word(),
                        name(winner),
                        plural(most),
                        name(winner.opponent()),
                    ),
                    cells,
                ));
            }
        }
        Some(Story::new(
            "Both sides passed with the same villagers and warriors on every row: a draw.",
            Vec::new(),
        ))
    }
}
