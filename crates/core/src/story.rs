//! Endings in words: what happened, not only who won ("Black's flagship fell into the void.
//! White wins."). The board's part is told by each game ([`Presentation::ending_story`]); the history
//! rules' part (repetition, ply limit, resignation) once here, for every game.

use crate::{EndReason, Game, Outcome, Player, Presentation, Session};
use serde::Serialize;

/// An ending told in words, with the cells that decided it (to keep them visible).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Story {
    /// One or two sentences.
    pub text: String,
    /// The decisive cells (where a piece fell, the rows that count), possibly none.
    pub cells: Vec<String>,
}

impl Story {
    /// A story with its cells.
    pub fn new(text: impl Into<String>, cells: Vec<String>) -> Story {
        Story {
            text: text.into(),
            cells,
        }
    }
}

/// The name of the side `player` moves in `position`, with a capital letter (`White`).
pub fn side_name<G: Game>(position: &G, player: Player) -> String {
    capitalised(position.side_name(player))
}

/// A word with a capital first letter.
pub fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default()
}

impl<G: Presentation> Session<G> {
    /// The ending in words, once the game is over.
    pub fn story(&self) -> Option<Story> {
        let ending = self.ending()?;
        let winner = ending.outcome.winner();
        let wins = |p: Player| format!("{} wins.", side_name(self.current(), p));
        Some(match ending.reason {
            EndReason::Resignation => {
                let winner = winner.expect("a resignation has a winner");
                Story::new(
                    format!(
                        "{} resigned. {}",
                        side_name(self.current(), winner.opponent()),
                        wins(winner)
                    ),
                    Vec::new(),
                )
            }
            EndReason::Time => {
                let loser = self.current().to_move();
                match winner {
                    Some(winner) => Story::new(
                        format!("{} ran out of time. {}", side_name(self.current(), loser), wins(winner)),
                        Vec::new(),
                    ),
                    None => Story::new(
                        format!(
                            "{} ran out of time, but {} could not win any more: a draw.",
                            side_name(self.current(), loser),
                            side_name(self.current(), loser.opponent())
                        ),
                        Vec::new(),
                    ),
                }
            }
            EndReason::Repetition => Story::new(
                "Draw by threefold repetition: the same position came up for the third time.",
                Vec::new(),
            ),
            EndReason::PlyLimit => Story::new(
                format!(
                    "Draw: the {}-ply limit was reached.",
                    self.rules().ply_limit.unwrap_or(self.ply() as u32)
                ),
                Vec::new(),
            ),
            EndReason::Board => {
                let last = self.moves().last().map(|&mv| (&self.positions()[self.ply() - 1], mv));
                let told = self.current().ending_story(last);
                match (ending.outcome, told) {
                    (Outcome::Win(p), Some(story)) => Story::new(format!("{} {}", story.text, wins(p)), story.cells),
                    (Outcome::Win(p), None) => Story::new(wins(p), Vec::new()),
                    (Outcome::Draw, Some(story)) => story,
                    (Outcome::Draw, None) => Story::new("Draw: the board allows no result.", Vec::new()),
                }
            }
        })
    }
}
