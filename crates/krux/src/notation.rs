//! Turn notation: reading any legal token sequence, checked token by token (the first bad token
//! is named with the reason); writing the canonical sequence (found by [`crate::canonical`]);
//! and the move's description for interfaces.

use crate::board::Krux;
use crate::moves::Move;
use crate::piece::Piece;
use crate::token::{self, Token};
use crate::turn::TurnState;
use arbiter_core::{Error, MoveInfo};

/// Parses a turn written as comma-separated tokens (`-` for an empty turn) and plays it on the
/// turn's start; returns its result.
pub(crate) fn parse_move(k: &Krux, text: &str) -> Result<Move, Error> {
    let bad = |reason: String| Error::bad_move(text, reason);
    if k.is_over() {
        return Err(bad("the game is over: a piece is in the hole".into()));
    }
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(bad("empty move: write '-' for an empty turn".into()));
    }
    let mut st = TurnState::start(k);
    if trimmed == "-" {
        if st.ring().is_none() {
            return Err(bad(format!(
                "piece {} has no ring yet: its turn must begin with a ring token (@b, @g or @p); \
                 the ring token alone is its empty turn",
                st.active()
            )));
        }
        return Ok(st.result());
    }
    for (i, part) in trimmed.split(',').enumerate() {
        let part = part.trim();
        let n = i + 1;
        if part == "-" {
            return Err(bad(format!(
                "token {n} '-': '-' is the whole empty turn and cannot be combined with tokens"
            )));
        }
        let token = Token::parse(part).map_err(|e| bad(format!("token {n} '{part}': {e}")))?;
        st = st
            .play_token(token)
            .map_err(|e| bad(format!("token {n} '{part}' is illegal: {e}")))?;
    }
    if let (false, Some(carried)) = (st.can_finish(), st.carried()) {
        return Err(bad(format!(
            "the turn cannot end while piece {} carries piece {carried}: drop it first (D and a square)",
            st.active()
        )));
    }
    Ok(st.result())
}

/// The canonical token sequence of `mv` (`-` for the empty turn; `?` if it is not a turn here).
pub(crate) fn format_move(k: &Krux, mv: Move) -> String {
    match k.canonical_tokens(mv) {
        Some(tokens) => token::join(&tokens),
        None => "?".to_string(),
    }
}

/// `from`/`to`: the active piece's squares; `path`: where it stood in between (along the
/// canonical sequence); `targets`: start squares of the other pieces the turn moves;
/// `falls`: the start square of the piece that ends in the hole.
pub(crate) fn move_info(k: &Krux, mv: Move) -> MoveInfo {
    let Some(tokens) = k.canonical_tokens(mv) else {
        return MoveInfo {
            notation: "?".into(),
            ..MoveInfo::default()
        };
    };
    let me = k.piece_to_move();
    let mut st = TurnState::start(k);
    let mut path = Vec::new();
    for &t in &tokens {
        st = st.play_token(t).expect("canonical tokens replay");
        let here = st.square(me).expect("the active piece is never carried");
        if path.last() != Some(&here) && here != k.square(me) {
            path.push(here);
        }
    }
    let end = mv.square(me);
    if path.last() == Some(&end) {
        path.pop();
    }
    let mut targets = Vec::new();
    let mut falls = Vec::new();
    for p in Piece::all().filter(|&p| p != me) {
        let (from, to) = (k.square(p), mv.square(p));
        if from != to {
            targets.push(from.to_string());
            if to.is_hole() {
                falls.push(from.to_string());
            }
        }
    }
    MoveInfo {
        notation: token::join(&tokens),
        from: Some(k.square(me).to_string()),
        to: Some(end.to_string()),
        path: path.iter().map(ToString::to_string).collect(),
        targets,
        falls,
        choice: None,
    }
}
