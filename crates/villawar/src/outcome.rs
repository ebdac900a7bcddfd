//! The end of the game: two passes in a row, scored row by row, and the story of what decided it.

use crate::board::Board;
use crate::geometry::Geometry;
use crate::piece::{player_name, Kind, Piece, BLACK, WHITE};
use crate::{Move, Square, Villawar};
use arbiter_core::story::capitalised;
use arbiter_core::{Outcome, Player, Story};

/// The result if the game is over (two passes in a row), by the scoring.
#[inline]
pub fn outcome<G: Geometry>(board: &Board<G>) -> Option<Outcome> {
    (board.passes >= 2).then(|| board.score_outcome())
}

/// The ranks of a player's row (1 = their own first row).
fn rank_of(player: Player, row: usize, n: usize) -> usize {
    if player == WHITE {
        row - 1
    } else {
        n - row
    }
}

/// What decided the game (see [`arbiter_core::Presentation::ending_story`]): the first row, counted from the far
/// row down, where the two sides' villagers (then warriors) differ.
/// `None` while the game goes on.
pub(crate) fn ending_story(game: &Villawar, _last: Option<(&Villawar, Move)>) -> Option<Story> {
    arbiter_core::Game::outcome(game)?;
    let n = game.size().n();
    let name = |p: Player| capitalised(player_name(p));
    for kind in [Kind::Villager, Kind::Warrior] {
        for row in (1..=n).rev() {
            let white = game.count_on_row(Piece::new(WHITE, kind), row);
            let black = game.count_on_row(Piece::new(BLACK, kind), row);
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
                    let square = Square::from_coords(file, rank, game.size());
                    if let Some(sq) = square.filter(|&sq| game.piece_at(sq) == Some(Piece::new(player, kind))) {
                        cells.push(sq.name(game.size()).to_string());
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
