//! Turn notation: `d3-f5` (a move), `n5-o5xo2` (a move and its attack), `pass`; and what a turn
//! shows interfaces (its path and the pieces that fall).

use crate::{encoding, movegen, play, Move, Square, Void};
use arbiter_core::{Error, MoveInfo};
use std::fmt;

/// The notation of a turn (its `Display`): `from-to`, `from-toxtarget` or `pass`.
pub(crate) fn format_move(mv: Move) -> String {
    mv.to_string()
}

/// A turn's notation is its squares alone: its action serves as the key.
pub(crate) fn notation_key(board: &Void, mv: Move) -> Option<usize> {
    encoding::action_of_move(board, mv)
}

/// What a turn shows interfaces: its squares, the path travelled, the target and the pieces
/// that fall (chain falls included).
pub(crate) fn move_info(board: &Void, mv: Move) -> MoveInfo {
    let mut info = MoveInfo {
        notation: mv.to_string(),
        ..MoveInfo::default()
    };
    if let Move::Turn { from, to, target } = mv {
        info.from = Some(from.to_string());
        info.to = Some(to.to_string());
        info.path = play::path(board, from, to, target)
            .iter()
            .map(Square::to_string)
            .collect();
        let mut after = board.clone();
        let mut falls = Vec::new();
        play::play(&mut after, mv, &mut |s| falls.push(s.to_string()));
        info.targets = target.iter().map(Square::to_string).collect();
        info.choice = target.map(|t| t.to_string());
        info.falls = falls;
    }
    info
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pass => f.write_str("pass"),
            Move::Turn { from, to, target: None } => write!(f, "{from}-{to}"),
            Move::Turn {
                from,
                to,
                target: Some(t),
            } => write!(f, "{from}-{to}x{t}"),
        }
    }
}

/// The parts of a turn as written, before checking legality.
struct Written {
    from: Square,
    to: Square,
    target: Option<Square>,
}

fn split(text: &str) -> Result<Option<Written>, String> {
    if text == "pass" {
        return Ok(None);
    }
    let mut body = text;
    let bytes = text.as_bytes();
    let piece_letter = bytes
        .first()
        .is_some_and(|b| matches!(b.to_ascii_uppercase(), b'F' | b'B' | b'S' | b'X'));
    if piece_letter && bytes.get(1).is_some_and(u8::is_ascii_alphabetic) {
        body = &text[1..];
    }
    let (from, rest) = body
        .split_once('-')
        .ok_or("a turn is written FROM-TO or FROM-TOxTARGET (like d3-f5 or n5-o5xo2), or pass")?;
    let (to, target) = match rest.split_once('x') {
        Some((to, target)) => (to, Some(target)),
        None => (rest, None),
    };
    Ok(Some(Written {
        from: Square::parse(from)?,
        to: Square::parse(to)?,
        target: target.map(Square::parse).transpose()?,
    }))
}

/// Parses a turn and checks that it is legal here, explaining why when it is not.
pub(crate) fn parse_move(board: &Void, input: &str) -> Result<Move, Error> {
    let text = input.trim();
    let bad = |reason: String| Error::bad_move(input, reason);
    let mut legal = Vec::new();
    movegen::legal_moves(board, &mut legal);
    if legal.is_empty() {
        return Err(bad("the game is over".into()));
    }
    let Some(w) = split(text).map_err(bad)? else {
        return if legal == [Move::Pass] {
            Ok(Move::Pass)
        } else {
            Err(bad("pass is only legal when no piece can move".into()))
        };
    };
    let piece = board
        .piece(w.from)
        .ok_or_else(|| bad(format!("there is no piece on {}", w.from)))?;
    if piece.owner != board.side() {
        return Err(bad(format!("the piece on {} is not the mover's", w.from)));
    }
    let name = format!("{:?}", piece.kind).to_lowercase();
    let candidates: Vec<_> = legal
        .iter()
        .filter_map(|m| match *m {
            Move::Turn { from, to, target } if from == w.from && to == w.to => Some(target),
            _ => None,
        })
        .collect();
    if candidates.is_empty() {
        return Err(bad(format!("the {name} on {} cannot move to {}", w.from, w.to)));
    }
    if candidates.contains(&w.target) {
        return Ok(Move::Turn {
            from: w.from,
            to: w.to,
            target: w.target,
        });
    }
    let targets: Vec<String> = candidates.iter().flatten().map(|c| c.to_string()).collect();
    let offered = if targets.is_empty() {
        "none".to_string()
    } else {
        targets.join(", ")
    };
    Err(bad(format!(
        "the {name} moving {}-{} cannot attack {} (possible targets: {offered})",
        w.from,
        w.to,
        w.target.expect("a missing target is always legal")
    )))
}
