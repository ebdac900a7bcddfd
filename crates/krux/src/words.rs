//! A turn in words for players, since its notation is hard to read ([`arbiter_core::Presentation::describe_move`]):
//! `@p,Xb1,b2,Xa1` is "Piece 5 (White) takes the pink ring, switches places with piece 3 on b1,
//! steps to b2, then switches places with piece 1 on a1." The words follow the turn's canonical
//! tokens, the sequence its notation shows, so they say what the listed turn says.

use crate::board::Krux;
use crate::moves::Move;
use crate::outcome::side;
use crate::piece::Piece;
use crate::square::Square;
use crate::token::Token;
use crate::turn::TurnState;

/// `mv` in words, `None` if it is not a turn here.
pub(crate) fn describe_move(k: &Krux, mv: Move) -> Option<String> {
    let tokens = k.canonical_tokens(mv)?;
    Some(describe_tokens(k, &tokens))
}

/// The turn of `tokens` (legal in `k`, in order) in words.
pub(crate) fn describe_tokens(k: &Krux, tokens: &[Token]) -> String {
    let me = k.piece_to_move();
    let subject = format!("Piece {me} ({})", side(me));
    if tokens.is_empty() {
        return format!("{subject} stays where it is (an empty turn).");
    }
    let mut phrases: Vec<String> = Vec::new();
    // Steps in a row are told as one phrase: "steps to d6 and c6".
    let mut steps: Vec<Square> = Vec::new();
    let mut st = TurnState::start(k);
    for &token in tokens {
        let Ok(next) = st.play_token(token) else {
            break; // not a turn here: say what was legal
        };
        if let Token::Step(s) = token {
            steps.push(s);
        } else {
            if !steps.is_empty() {
                phrases.push(stepping(&std::mem::take(&mut steps)));
            }
            phrases.push(phrase(&st, &next, token));
        }
        st = next;
    }
    if !steps.is_empty() {
        phrases.push(stepping(&steps));
    }
    let mut text = subject;
    for (i, p) in phrases.iter().enumerate() {
        text.push_str(match i {
            0 => " ",
            _ if i + 1 == phrases.len() => ", then ",
            _ => ", ",
        });
        text.push_str(p);
    }
    text.push('.');
    text
}

/// "steps to b2", "steps to b2 and b3", "steps to b2, b3 and b4".
fn stepping(squares: &[Square]) -> String {
    let names: Vec<String> = squares.iter().map(Square::to_string).collect();
    format!("steps to {}", and_list(&names))
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The piece on `s` in `st`.
fn piece_on(st: &TurnState, s: Square) -> Option<Piece> {
    Piece::all().find(|&p| st.square(p) == Some(s))
}

/// "to e3", or "into the hole".
fn destination(to: Square) -> String {
    if to.is_hole() {
        "into the hole".to_string()
    } else {
        format!("to {to}")
    }
}

/// What one token (not a step) does, from the state before it to the state after.
fn phrase(before: &TurnState, after: &TurnState, token: Token) -> String {
    let other = |s: Square| piece_on(before, s).map_or_else(|| format!("the piece on {s}"), |p| format!("piece {p}"));
    // Where the piece that was on `s` went.
    let moved = |s: Square| {
        piece_on(before, s)
            .and_then(|p| after.square(p))
            .map_or_else(String::new, |to| format!(" {}", destination(to)))
    };
    match token {
        Token::Ring(r) => format!("takes the {r} ring"),
        Token::Step(s) => format!("steps to {s}"),
        Token::Repel(s) => format!("pushes {} from {s}{}", other(s), moved(s)),
        Token::Attract(s) => format!("pulls {} from {s}{}", other(s), moved(s)),
        Token::PickUp(s) => format!("picks up {} from {s}", other(s)),
        Token::Drop(s) => format!(
            "drops it {}",
            if s.is_hole() {
                "into the hole".to_string()
            } else {
                format!("on {s}")
            }
        ),
        Token::Switch(s) => format!("switches places with {} on {s}", other(s)),
        Token::Jump(s) => {
            // A jump pushes its new neighbours away.
            let active = before.active();
            let pushed: Vec<String> = Piece::all()
                .filter(|&p| p != active)
                .filter_map(|p| match (before.square(p), after.square(p)) {
                    (Some(from), Some(to)) if from != to => Some(format!("piece {p} {}", destination(to))),
                    _ => None,
                })
                .collect();
            let jump = if before.square(active) == Some(s) {
                format!("jumps in place on {s}")
            } else {
                format!("jumps to {s}")
            };
            if pushed.is_empty() {
                jump
            } else {
                format!("{jump}, pushing {}", and_list(&pushed))
            }
        }
    }
}
