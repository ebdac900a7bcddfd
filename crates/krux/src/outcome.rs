//! The end of the game: the result the board shows (a piece in the hole), and the story of who
//! put which piece into the hole, and how.

use crate::board::Krux;
use crate::moves::Move;
use crate::piece::{player_name, Piece};
use crate::square::Square;
use crate::token::Token;
use crate::turn::TurnState;
use arbiter_core::story::capitalised;
use arbiter_core::{Outcome, Story};

/// The result the board shows: the owner of the fallen piece has lost.
pub(crate) fn outcome(k: &Krux) -> Option<Outcome> {
    k.fallen().map(|p| Outcome::Win(p.owner().opponent()))
}

/// The side owning `piece`, capitalised for a sentence.
pub(crate) fn side(piece: Piece) -> String {
    capitalised(player_name(piece.owner()))
}

/// How the game ended: which piece fell, pushed, pulled or dropped by whom.
pub(crate) fn ending_story(end: &Krux, last: Option<(&Krux, Move)>) -> Option<Story> {
    let fallen = end.fallen()?;
    let hole = Square::HOLE.to_string();
    let Some((before, mv)) = last else {
        return Some(Story::new(
            format!("{}'s piece {fallen} is in the hole.", side(fallen)),
            vec![hole],
        ));
    };
    let mover = before.piece_to_move();
    let mut how = "sent";
    if let Some(tokens) = before.canonical_tokens(mv) {
        let mut st = TurnState::start(before);
        for token in tokens {
            let Ok(next) = st.play_token(token) else { break };
            st = next;
            if st.fallen() == Some(fallen) {
                how = match token {
                    Token::Repel(_) => "pushed",
                    Token::Attract(_) => "pulled",
                    Token::Drop(_) => "dropped",
                    Token::Jump(_) => "jumped beside and pushed",
                    _ => "sent",
                };
                break;
            }
        }
    }
    let mut cells = vec![hole, before.square(fallen).to_string()];
    cells.push(before.square(mover).to_string());
    cells.push(end.square(mover).to_string());
    cells.dedup();
    Some(Story::new(
        format!(
            "{}'s piece {mover} {how} {}'s piece {fallen} into the hole.",
            side(mover),
            side(fallen)
        ),
        cells,
    ))
}
