//! Reading turns: any legal token sequence, checked token by token; the first bad token is named
//! with the reason. Writing turns is [`crate::canonical`]'s job.

use crate::krux_move::Move;
use crate::state::Krux;
use crate::token::Token;
use crate::turn::{TurnState, NO_PIECE};
use arbiter_core::Error;

/// Parses a turn written as comma-separated tokens (`-` for an empty turn) and plays it on the
/// turn's start; returns its result and the tokens read.
pub(crate) fn parse_turn(k: &Krux, text: &str) -> Result<(Move, Vec<Token>), Error> {
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
        if st.ring == 0 {
            return Err(bad(format!(
                "piece {} has no ring yet: its turn must begin with a ring token (@b, @g or @p); \
                 the ring token alone is its empty turn",
                st.active + 1
            )));
        }
        return Ok((Move(st.key()), Vec::new()));
    }
    let mut tokens = Vec::new();
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
            .apply(token)
            .map_err(|e| bad(format!("token {n} '{part}' is illegal: {e}")))?;
        tokens.push(token);
    }
    if !st.can_finish() {
        let carried = st.carried;
        debug_assert_ne!(carried, NO_PIECE);
        return Err(bad(format!(
            "the turn cannot end while piece {} carries piece {}: drop it first (D and a square)",
            st.active + 1,
            carried + 1
        )));
    }
    Ok((Move(st.key()), tokens))
}
